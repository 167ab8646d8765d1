"""The site as its readers use it, in headless Chromium: the edition picker and its URL, a deep link on a phone,
a law no edition has, a diff page's texts, the report's filter, the printed law and a 404 under a sub-path.

Skips when Chromium or chromedriver is not installed (Debian packages `chromium` and `chromium-driver`).
"""

from __future__ import annotations

import base64
import functools
import io
import re
import threading
from http.server import ThreadingHTTPServer

import pytest
from chromium_support import _Quiet, chromium, chromium_paths, serve_directory
from site_audit import PHONE, set_viewport
from site_support import FIXTURE, REAL_MANIFEST, build, real_records_exist

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium_paths() is None, reason="chromium and chromedriver are not installed"),
]

MANIFEST = REAL_MANIFEST if real_records_exist() else FIXTURE / "editions.yaml"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(site directory, corpus) of the site built from the real corpus (the fixture when there is none)."""
    from lawtools.records import load_corpus

    result = build(MANIFEST, tmp_path_factory.mktemp("reading-site"))
    return result.site_dir, load_corpus(MANIFEST)


@pytest.fixture(scope="module")
def desk(built):
    """(base URL, corpus, driver) at 1280x900."""
    site, corpus = built
    with serve_directory(site) as base, chromium(1280, 900) as driver:
        yield base, corpus, driver


@pytest.fixture(scope="module")
def phone(built):
    """(base URL, corpus, driver) with a 390x844 phone viewport."""
    site, corpus = built
    with serve_directory(site) as base, chromium(*PHONE) as driver:
        set_viewport(driver, *PHONE)
        yield base, corpus, driver


def _wait(driver, condition, timeout=10):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(condition)


def _shown_editions(driver, expected: list[str] | None = None, seconds: float = 10) -> list[str]:
    """The editions whose cells of the law's first provision row are displayed. A page shows none, or every
    edition, only until its picker script has run (a loaded machine was seen between the two), so what is read
    is read again for a while until it is some edition (and `expected`, when given)."""
    import time

    script = ("return [...document.querySelectorAll('tbody .lt-row .lt-cell')].filter(c => c.offsetParent !== null)"
              ".map(c => c.dataset.ed).filter((e, i, all) => all.indexOf(e) === i);")
    deadline = time.monotonic() + seconds
    shown = driver.execute_script(script)
    while (not shown or expected is not None and shown != expected) and time.monotonic() < deadline:
        time.sleep(0.1)
        shown = driver.execute_script(script)
    return shown


def _editions_of(corpus, law: str) -> list[str]:
    return [e for e in corpus.editions() if corpus.article(e, law) is not None]


def test_edition_picker_hides_editions_and_keeps_the_choice_in_the_url_and_across_pages(desk):
    base, corpus, driver = desk
    from selenium.webdriver.common.by import By

    editions = _editions_of(corpus, "64")
    assert len(editions) >= 2
    driver.get(base + "laws/64/")
    driver.execute_script("localStorage.clear();")
    driver.get(base + "laws/64/")
    assert _shown_editions(driver, editions) == editions  # no choice yet: every edition
    dropped = editions[1]
    driver.find_element(By.CSS_SELECTOR, f'.lt-ed[data-ed="{dropped}"]').click()
    kept = [e for e in editions if e != dropped]
    assert _shown_editions(driver, kept) == kept
    assert f"ed={','.join(kept)}" in driver.current_url.replace("%2C", ",")
    button = driver.find_element(By.CSS_SELECTOR, f'.lt-ed[data-ed="{dropped}"]')
    assert button.get_attribute("aria-pressed") == "false"
    heads = driver.execute_script(
        "return [...document.querySelectorAll('.lt-parallel-head .lt-cell')].filter(c => c.offsetParent)"
        ".map(c => c.textContent);")
    assert len(heads) == len(kept)

    # a link with ?ed= opens with those editions, whatever was chosen before
    wanted = [editions[-1]]
    driver.get(base + f"laws/64/?ed={wanted[0]}")
    assert _shown_editions(driver, wanted) == wanted
    # the choice travels to the next law with more than one edition (localStorage)
    other = next((law for law in corpus.laws() if law != "64" and wanted[0] in _editions_of(corpus, law)
                  and len(_editions_of(corpus, law)) > 1), None)
    if other is None:
        pytest.skip("no other law shares that edition")
    driver.get(base + f"laws/{other}/")
    assert _shown_editions(driver, wanted) == wanted


def test_without_javascript_every_edition_shows(built, tmp_path):
    site, corpus = built
    html = (site / "laws" / "64" / "index.html").read_text(encoding="utf-8")
    row = re.search(r'<tr class="lt-row[^"]*" id="64B3">.*?</tr>', html).group(0)
    assert " hidden" not in row and row.count('class="lt-cell"') == len(_editions_of(corpus, "64"))
    assert re.search(r'class="lt-picker"[^>]* hidden', html)  # the picker needs the script: hidden without it


def test_deep_link_to_one_edition_opens_that_edition_on_a_phone(phone):
    base, corpus, driver = phone
    editions = _editions_of(corpus, "64")
    target = editions[-1]
    driver.get(base + "laws/64/")
    driver.execute_script("localStorage.clear();")
    driver.get(base + f"laws/64/#{target}-64B3")
    assert _shown_editions(driver, [target]) == [target]  # one edition at a time, the one linked to
    cell = driver.execute_script(f"return document.getElementById('{target}-64B3').closest('td');")
    assert cell.get_attribute("lang") == corpus.language(target) and cell.is_displayed()
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top;", cell)
    assert 0 <= top < driver.execute_script("return window.innerHeight;")
    pressed = driver.execute_script("return [...document.querySelectorAll('.lt-ed[aria-pressed=\"true\"]')]"
                                    ".map(b => b.dataset.ed);")
    assert pressed == [target]


def test_phone_shows_law_text_on_the_first_screen_and_switches_editions(phone):
    base, corpus, driver = phone
    from selenium.webdriver.common.by import By

    driver.get(base + "laws/64/?ed=" + ",".join(_editions_of(corpus, "64")))
    second = _editions_of(corpus, "64")[1]
    # the picker is shown (and the other editions hidden) by the page's script: wait for it before reading or clicking
    button = _wait(driver, lambda d: next((b for b in d.find_elements(By.CSS_SELECTOR, f'.lt-ed[data-ed="{second}"]')
                                           if b.is_displayed()), False))
    first = driver.find_element(By.CSS_SELECTOR, "tbody .lt-row .lt-cell:not([hidden])")
    assert first.location["y"] < PHONE[1]  # law text within the first screen
    button.click()
    assert _shown_editions(driver, [second]) == [second]
    screens = driver.execute_script("return document.documentElement.scrollHeight / window.innerHeight;")
    print(f"Law 64 on a phone, {second}: {screens:.1f} screens")


def test_absent_law_has_a_page_with_its_title(desk):
    base, corpus, driver = desk
    from selenium.webdriver.common.by import By

    from lawtools.site.pages import english_titles

    absent = next(str(n) for n in range(1, 94) if str(n) not in corpus.laws())
    driver.get(base + f"laws/{absent}/")
    body = driver.find_element(By.TAG_NAME, "article").text
    assert f"Law {absent} is not in these editions" in body
    assert english_titles()[absent] in driver.find_element(By.TAG_NAME, "h1").text
    driver.get(base + "laws/")
    row = driver.find_element(By.XPATH, f'//table[contains(@class,"lt-matrix")]//tr[th/a[text()="{absent}"]]')
    assert "not in these editions" in row.text


def test_diff_page_shows_the_texts_side_by_side(desk):
    base, corpus, driver = desk
    from selenium.webdriver.common.by import By

    driver.get(base + "diff/64/")
    blocks = driver.find_elements(By.CSS_SELECTOR, ".lt-diff-provision")
    assert blocks
    block = blocks[0]
    provision = block.get_attribute("id")
    texts = block.find_elements(By.CSS_SELECTOR, ".lt-diff-text[lang]")
    assert len(texts) >= 2
    edition = next(e for e in _editions_of(corpus, "64") if corpus.article(e, "64").find(provision))
    words = corpus.article(edition, "64").find(provision).text.split()[:4]
    shown = " ".join(t.text for t in texts)
    assert " ".join(words) in " ".join(shown.split())
    lefts = {round(t.location["x"]) for t in texts}
    assert len(lefts) == len(texts)  # side by side, not stacked


def test_check_report_filters_by_severity_and_edition(desk):
    base, _, driver = desk
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get(base + "check/")
    # the filter form is shown by the page's script: wait for it rather than read the page before the script ran
    form = _wait(driver, lambda d: next((f for f in d.find_elements(By.CSS_SELECTOR, "form.lt-filter")
                                         if f.is_displayed()), False))
    total = len(driver.find_elements(By.CSS_SELECTOR, ".lt-finding"))
    severity = Select(form.find_element(By.NAME, "severity"))
    choice = severity.options[1].get_attribute("value")
    severity.select_by_value(choice)
    shown = [f for f in driver.find_elements(By.CSS_SELECTOR, ".lt-finding") if f.is_displayed()]
    assert shown and all(f.get_attribute("data-severity") == choice for f in shown)
    assert f"{len(shown)} of {total}" in form.find_element(By.CSS_SELECTOR, ".lt-filter-status").text
    assert f"severity={choice}" in driver.current_url
    edition = Select(form.find_element(By.NAME, "edition"))
    edition.select_by_index(1)
    narrowed = [f for f in driver.find_elements(By.CSS_SELECTOR, ".lt-finding") if f.is_displayed()]
    assert all(f.get_attribute("data-edition") == edition.first_selected_option.get_attribute("value")
               for f in narrowed)
    driver.get(base + f"check/?severity={choice}")  # a filtered report can be linked to

    def displayed(d):
        return [f for f in d.find_elements(By.CSS_SELECTOR, ".lt-finding") if f.is_displayed()]

    try:  # every finding shows until the script has applied the filter
        _wait(driver, lambda d: len(displayed(d)) == len(shown))
    except TimeoutException:
        pytest.fail(f"?severity={choice} shows {len(displayed(driver))} findings, not {len(shown)}")
    entry = driver.find_element(By.CSS_SELECTOR, ".lt-finding .lt-baseline code").get_attribute("textContent")
    assert entry.startswith("  - edition: ") and "\n    code: " in entry and "reason:" in entry


def _printed(driver, url: str):
    import pypdf
    from selenium.webdriver.common.print_page_options import PrintOptions

    driver.get(url)
    options = PrintOptions()
    options.page_width, options.page_height = 21.0, 29.7
    reader = pypdf.PdfReader(io.BytesIO(base64.b64decode(driver.print_page(options))))
    return [page.extract_text() for page in reader.pages]


def test_printed_law_has_its_editions_once_heads_on_every_page_and_no_source_notes(desk):
    base, corpus, driver = desk
    from lawtools.site.pages import language_names

    editions = _editions_of(corpus, "64")
    driver.get(base + "laws/64/")
    driver.execute_script("localStorage.clear();")
    pages = _printed(driver, base + "laws/64/")
    names = language_names()
    labels = [f"{names[corpus.language(e)]} {corpus.edition_info[e]['year']}" for e in editions]
    print(f"Law 64 printed on A4: {len(pages)} pages with {len(editions)} editions")
    head = " ".join(labels).casefold()  # (the stylesheet may print them in capitals)
    assert all(head in " ".join(p.split()).casefold() for p in pages), "the edition heads repeat on every page"
    text = " ".join(" ".join(pages).split())
    first_words = " ".join(corpus.article(editions[0], "64").find("64B3").text.split()[:5])
    assert text.count(first_words) == 1  # each edition's text once
    assert "Source notes" not in text and "Previous" not in text
    one = _printed(driver, base + f"laws/64/?ed={editions[0]}")
    print(f"Law 64 printed on A4 with {editions[0]} alone: {len(one)} pages")
    assert len(one) < len(pages) and labels[1].casefold() not in " ".join(one).casefold()


def test_404_page_works_under_a_sub_path(tmp_path_factory):
    """Published at https://example.org/fed/laws/, a missing page deep under it still gets the site's styles."""
    from selenium.webdriver.common.by import By
    from site_support import ROOT

    from lawtools.site.build import build_site

    root = tmp_path_factory.mktemp("subpath")
    site_dir = root / "fed" / "laws"
    build_site(ROOT / "mkdocs.yml", manifest=FIXTURE / "editions.yaml", site_dir=site_dir, strict=True, cache=False,
               site_url="https://example.org/fed/laws/")

    class NotFoundPage(_Quiet):
        def send_error(self, code, message=None, explain=None):
            if code != 404:
                return super().send_error(code, message, explain)
            body = (site_dir / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(NotFoundPage, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with chromium(1280, 900) as driver:
            driver.get(f"http://127.0.0.1:{server.server_address[1]}/fed/laws/no/such/page/")
            assert "404" in driver.find_element(By.TAG_NAME, "h1").text
            loaded = driver.execute_script(
                "return [...document.styleSheets].some(s => (s.href || '').endsWith('/fed/laws/assets/"
                "stylesheets/lawtools.css') && s.cssRules.length > 0);")
            assert loaded
            home = driver.find_element(By.CSS_SELECTOR, "a.md-header__button.md-logo").get_attribute("href")
            assert home.rstrip("/").endswith("/fed/laws")
    finally:
        server.shutdown()
        server.server_close()
    sitemap = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://example.org/fed/laws/laws/64/</loc>" in sitemap
    page = (site_dir / "laws" / "64" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="https://example.org/fed/laws/laws/64/">' in page
    assert re.search(r'<time datetime="\d{4}-\d\d-\d\d">', page)  # the build date in the footer
