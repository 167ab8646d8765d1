/* lawtools: Enter in the header's search box opens the site's search page (search/?q=...), which runs the
 * CLI's analysis over the static index; the theme's own suggestions still show while typing. */
(function () {
  "use strict";
  function base() {
    var config = document.getElementById("__config");
    try { return (JSON.parse(config.textContent).base || ".").replace(/\/$/, ""); } catch (e) { return "."; }
  }
  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (event.key !== "Enter" || !box || !box.matches || !box.matches("input.md-search__input")) return;
    if (!box.value.trim()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    window.location.href = base() + "/search/?q=" + encodeURIComponent(box.value.trim());
  }, true);
})();
