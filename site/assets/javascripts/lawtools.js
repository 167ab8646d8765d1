/* lawtools site: the edition picker of law pages and the filter of the consistency report.
 *
 * Without this script every edition of a law shows and every finding is listed: it only hides things.
 * Edition choice: ?ed=sv-2007,nl-2017 in the URL, else the last choice (localStorage), else every edition.
 * On a phone one edition shows at a time and the picker switches between them.
 */
(function () {
  "use strict";
  var KEY = "lawtools.editions";
  var PHONE = window.matchMedia("(max-width: 44.9375em)");

  function parse(value) {
    return value ? value.split(/[\s,]+/).filter(Boolean) : [];
  }

  function stored() {
    try { return parse(localStorage.getItem(KEY)); } catch (e) { return []; }
  }

  function store(list) {
    try { localStorage.setItem(KEY, list.join(",")); } catch (e) { /* private mode: the URL still keeps it */ }
  }

  /* The edition a fragment points into: #nl-2017-64B3, #fn-nl-2017-1 -> nl-2017 */
  function editionOf(hash, all) {
    var id = decodeURIComponent(hash.replace(/^#/, "")).replace(/^fn-/, "");
    for (var i = 0; i < all.length; i++) {
      if (id.indexOf(all[i] + "-") === 0) return all[i];
    }
    return null;
  }

  function picker(head) {
    var all = parse(head.getAttribute("data-editions"));
    var bar = head.querySelector(".lt-picker");
    var root = head.closest("article") || document.body;
    if (!bar || all.length < 2) return;
    var fromUrl = parse(new URLSearchParams(location.search).get("ed"));
    var wanted = (fromUrl.length ? fromUrl : stored()).filter(function (e) { return all.indexOf(e) >= 0; });
    var chosen = wanted.length ? wanted : all.slice();
    var active = chosen[0];

    function follow(hash) {  /* a link into one edition's text shows that edition */
      var edition = editionOf(hash, all);
      var target = hash && document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!edition && target && PHONE.matches) {  /* a row: show an edition that has the provision */
        var cell = target.querySelector('.lt-cell[data-ed="' + active + '"] .lt-absent');
        var other = cell && target.querySelector(".lt-cell[data-ed] .lt-anchor");
        if (other) edition = other.parentNode.getAttribute("data-ed");
      }
      if (!edition) return false;
      if (chosen.indexOf(edition) < 0) chosen.push(edition);
      active = edition;
      return true;
    }

    function apply() {
      var phone = PHONE.matches;
      var shown = phone ? [active] : all.filter(function (e) { return chosen.indexOf(e) >= 0; });
      root.querySelectorAll("[data-ed]").forEach(function (el) {
        if (el.classList.contains("lt-ed")) {
          el.setAttribute("aria-pressed", String(shown.indexOf(el.getAttribute("data-ed")) >= 0));
        } else {
          el.hidden = shown.indexOf(el.getAttribute("data-ed")) < 0;
        }
      });
      head.querySelectorAll(".lt-parallel-head .lt-cell").forEach(function (el, i) {
        el.hidden = shown.indexOf(all[i]) < 0;
      });
      root.querySelectorAll(".lt-parallel-table, .lt-parallel-head").forEach(function (el) {
        el.style.setProperty("--lt-cols", String(shown.length));
      });
      /* on a phone, rows the shown edition lacks are left out (their dash says nothing) */
      root.querySelectorAll(".lt-row[data-ed-empty]").forEach(function (row) { row.removeAttribute("data-ed-empty"); });
      if (phone) {
        root.querySelectorAll(".lt-parallel .lt-row").forEach(function (row) {
          var cell = row.querySelector('.lt-cell[data-ed="' + active + '"]');
          if (cell && cell.querySelector(".lt-absent")) row.setAttribute("data-ed-empty", "");
        });
      }
      head.setAttribute("data-shown", shown.join(" "));
    }

    function remember() {
      var url = new URL(location.href);
      if (chosen.length === all.length && chosen[0] === all[0]) url.searchParams.delete("ed");
      else url.searchParams.set("ed", chosen.join(","));
      history.replaceState(history.state, "", url.pathname + url.search + url.hash);
      var others = stored().filter(function (e) { return all.indexOf(e) < 0; });
      store(chosen.concat(others));
    }

    bar.addEventListener("click", function (event) {
      var button = event.target.closest(".lt-ed");
      if (!button) return;
      var edition = button.getAttribute("data-ed");
      if (PHONE.matches) {  /* one at a time: this one first */
        chosen = [edition].concat(chosen.filter(function (e) { return e !== edition; }));
        active = edition;
      } else if (chosen.indexOf(edition) >= 0) {
        if (chosen.length === 1) return;  /* at least one edition stays */
        chosen = chosen.filter(function (e) { return e !== edition; });
        if (active === edition) active = chosen[0];
      } else {
        chosen = all.filter(function (e) { return e === edition || chosen.indexOf(e) >= 0; });
      }
      apply();
      remember();
    });

    var jump = follow(location.hash);
    bar.hidden = false;
    document.documentElement.classList.add("lt-picking");
    apply();
    if (location.hash) {
      var target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView();
    }
    if (jump || fromUrl.length) remember();  /* a link that chose editions is the choice from now on */
    window.addEventListener("hashchange", function () {
      if (follow(location.hash)) { apply(); remember(); }
      var target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView();
    });
    PHONE.addEventListener("change", apply);
  }

  /* The consistency report: filter findings by law, edition, severity and code, all in the page */
  function report(form) {
    var root = form.closest("article") || document.body;
    var items = Array.prototype.slice.call(root.querySelectorAll(".lt-finding"));
    var status = form.querySelector(".lt-filter-status");
    var params = new URLSearchParams(location.search);
    var fields = ["law", "edition", "severity", "code"];
    fields.forEach(function (name) {
      var value = params.get(name);
      if (value && form.elements[name]) form.elements[name].value = value;
    });

    function run() {
      var wanted = {};
      fields.forEach(function (name) { wanted[name] = form.elements[name] ? form.elements[name].value : ""; });
      var words = form.elements.q ? form.elements.q.value.trim().toLowerCase() : "";
      var shown = 0;
      items.forEach(function (item) {
        var ok = fields.every(function (name) {
          return !wanted[name] || item.getAttribute("data-" + name) === wanted[name];
        }) && (!words || item.textContent.toLowerCase().indexOf(words) >= 0);
        item.hidden = !ok;
        if (ok) shown++;
      });
      /* a heading stays when something under it (up to the next heading of its rank or above) is shown */
      var heads = [];
      Array.prototype.forEach.call(root.children, function (el) {
        if (el.tagName === "H2" || el.tagName === "H3") {
          var rank = Number(el.tagName[1]);
          heads = heads.filter(function (h) { return h.rank < rank; });
          heads.push({el: el, rank: rank, seen: false});
          el.hidden = true;
        } else if (el.classList.contains("lt-findings")) {
          var any = !!el.querySelector(".lt-finding:not([hidden])");
          el.hidden = !any;
          if (any) heads.forEach(function (h) { h.el.hidden = false; });
        }
      });
      status.textContent = shown + " of " + items.length + " findings shown";
      var url = new URL(location.href);
      fields.forEach(function (name) {
        if (wanted[name]) url.searchParams.set(name, wanted[name]); else url.searchParams.delete(name);
      });
      history.replaceState(history.state, "", url.pathname + url.search + url.hash);
    }

    form.hidden = false;
    form.addEventListener("input", run);
    form.addEventListener("change", run);
    form.addEventListener("reset", function () { setTimeout(run, 0); });
    form.addEventListener("submit", function (event) { event.preventDefault(); run(); });
    run();
  }

  /* Copy buttons: the baseline entry of a finding */
  function copying(root) {
    root.addEventListener("click", function (event) {
      var button = event.target.closest(".lt-copy");
      if (!button) return;
      var source = document.getElementById(button.getAttribute("data-copy"));
      if (!source) return;
      var done = function () {
        button.textContent = "Copied";
        setTimeout(function () { button.textContent = "Copy"; }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(source.textContent).then(done, function () { select(source); });
      } else {
        select(source);
        try { document.execCommand("copy"); done(); } catch (e) { /* selected: the reader copies it */ }
      }
    });
  }

  function select(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  /* material's search dialog has no accessible name */
  function nameDialogs() {
    document.querySelectorAll('[role="dialog"]:not([aria-label]):not([aria-labelledby])').forEach(function (el) {
      if (el.classList.contains("md-search")) el.setAttribute("aria-label", "Search");
    });
  }

  function init() {
    nameDialogs();
    document.querySelectorAll(".lt-reading[data-editions]").forEach(picker);
    document.querySelectorAll("form.lt-filter").forEach(report);
    copying(document.body);
    document.documentElement.classList.add("lt-js");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
