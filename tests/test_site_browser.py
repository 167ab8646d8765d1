"""The built site in headless Chromium: parallel view, cross-reference anchors, search in each language.

Skips when Chromium or chromedriver is not installed (Debian packages `chromium` and `chromium-driver`).
"""

from __future__ import annotations

import pytest
from chromium_support import chromium, chromium_paths, serve_directory
from site_support import FIXTURE, HOSTILE, REAL_MANIFEST, build, hostile_corpus, real_records_exist

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium_paths() is None, reason="chromium and chromedriver are not installed"),
]

# One query per corpus language, with the law it must find (in both the fixture and the real corpus).
SEARCHES = [
    pytest.param("sv", "felande", "64", id="sv"),
    pytest.param("nb", "kortstokk", "6", id="nb"),
    pytest.param("de", "Revokestich", "64", id="de"),
    pytest.param("nl", "verzaking", "64", id="nl"),
]


def _corpora():
    yield pytest.param(FIXTURE / "editions.yaml", id="fixture")
    yield pytest.param(REAL_MANIFEST, id="real", marks=pytest.mark.skipif(
        not real_records_exist(), reason="no records under corpus/records yet"))


@pytest.fixture(scope="module", params=list(_corpora()))
def site(request, tmp_path_factory):
    """(base URL, corpus) of a built site served on 127.0.0.1, and a browser on it."""
    from lawtools.records import load_corpus

    result = build(request.param, tmp_path_factory.mktemp("browser-site"))
    with serve_directory(result.site_dir) as base, chromium() as driver:
        yield base, load_corpus(request.param), driver


def _wait(driver, condition, timeout=10):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(condition)


def _open(driver, url: str) -> None:
    """Load a page and wait until the new document is complete: when the browser is already on `url`, get()
    may return while the old document is still the one queried."""
    driver.execute_script("window.__ltOld = true;")
    driver.get(url)
    _wait(driver, lambda d: d.execute_script("return !window.__ltOld && document.readyState === 'complete';"))


def test_law_page_parallel_view_shows_every_edition_of_the_law(site):
    base, corpus, driver = site
    from selenium.webdriver.common.by import By

    _open(driver, base + "laws/64/")
    heads = [e.get_attribute("textContent")
             for e in driver.find_elements(By.CSS_SELECTOR, ".lt-parallel-head .lt-cell")]
    expected = [e for e in corpus.editions() if corpus.article(e, "64") is not None]
    assert len(heads) == len(expected) >= 2
    row = driver.find_element(By.ID, "64B3")
    cells = row.find_elements(By.CSS_SELECTOR, ".lt-cell")
    assert [c.get_attribute("lang") for c in cells] == [corpus.language(e) for e in expected]
    assert all(c.is_displayed() for c in cells)


def test_cross_reference_to_another_law_opens_the_provision(site):
    base, _, driver = site
    from selenium.webdriver.common.by import By

    _open(driver, base + "laws/64/")
    # the links as the browser resolved them, read in one script (no element can go stale between the query and
    # the read); waited for, and on failure the message says what the page held
    found = "return Array.from(document.querySelectorAll('.lt-parallel a.lt-ref'), a => [a, a.href]);"

    def elsewhere(d):
        links = d.execute_script(found) or []
        return [(a, h) for a, h in links
                if "#" in h and h.split("#")[0].rstrip("/").rsplit("/", 1)[-1] != "64"] or False

    from selenium.common.exceptions import TimeoutException

    try:
        link, target = _wait(driver, elsewhere)[0]
    except TimeoutException:
        state = driver.execute_script(
            "return [location.href, document.readyState, document.querySelectorAll('.lt-parallel').length,"
            " Array.from(document.querySelectorAll('a.lt-ref'), a => a.getAttribute('href')).slice(0, 20)];")
        pytest.fail(f"no link from law 64's parallel text into another law's provision; page (url, state, "
                    f"parallel blocks, first reference hrefs): {state}")
    anchor = target.split("#", 1)[1]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();", link)
    _wait(driver, lambda d: d.current_url == target)
    element = driver.find_element(By.ID, anchor)
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top;", element)
    assert 0 <= top < driver.execute_script("return window.innerHeight;")


@pytest.mark.parametrize(("language", "query", "law"), SEARCHES)
def test_site_search_finds_the_law_in_each_language(site, language, query, law):
    base, corpus, driver = site
    from selenium.webdriver.common.by import By

    if not any(corpus.language(e) == language and corpus.article(e, law) for e in corpus.editions()):
        pytest.skip(f"no {language} edition with law {law} in this corpus yet")

    from selenium.webdriver.common.keys import Keys

    driver.get(base)
    box = _wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "input.md-search__input"))
    driver.execute_script("arguments[0].focus();", box)
    box.clear()
    box.send_keys(query)
    # the header box is lawtools' own: the theme's search (a form named "search") never starts, so no
    # dropdown of whole pages while typing; Enter opens search/
    assert driver.execute_script("return document.forms.namedItem('search') === null;")
    assert not driver.find_elements(By.CSS_SELECTOR, ".md-search-result__item")
    box.send_keys(Keys.ENTER)
    _wait(driver, lambda d: d.find_element(By.ID, "search-results").get_attribute("data-state") == "done",
          timeout=20)

    def hits(d):
        links = [a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, "#search-results a[href]")]
        return links or False

    links = _wait(driver, hits, timeout=20)
    assert any(f"/laws/{law}/" in href for href in links), links[:10]


def test_hostile_text_is_shown_and_never_runs(tmp_path_factory):
    from selenium.webdriver.common.by import By

    manifest = hostile_corpus(tmp_path_factory.mktemp("hostile-browser") / "corpus")
    result = build(manifest, tmp_path_factory.mktemp("hostile-browser-site"))
    with serve_directory(result.site_dir) as base, chromium() as driver:
        for page in ("laws/64/", "editions/nb-2017/foreword/", "editions/nb-2017/definitions/"):
            driver.get(base + page)
            assert driver.execute_script("return window.__pwned === undefined;"), page
            body = driver.find_element(By.TAG_NAME, "body").get_attribute("textContent")
            assert "<script>window.__pwned = 1</script>" in body and "{{ config.site_name }}" in body, page
        driver.get(base + "editions/nb-2017/foreword/")  # its title is hostile text: shown as text in the tab
        assert driver.title.startswith(HOSTILE)
        driver.get(base + "search/?q=bold")  # the search page renders it too (what the header box opens)
        _wait(driver, lambda d: d.find_element(By.ID, "search-results").get_attribute("data-state") == "done",
              timeout=20)
        assert driver.execute_script("return window.__pwned === undefined;")
        results = driver.find_element(By.ID, "search-results").get_attribute("textContent")
        assert "bold" in results and "<script>" in results


def test_each_edition_can_be_shown_alone(site):
    base, corpus, driver = site
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By

    from lawtools.site.pages import language_names

    expected = [e for e in corpus.editions() if corpus.article(e, "64") is not None]
    driver.get(base + "laws/64/")
    # the picker is made by the page's script: wait for it rather than read the page the moment it loads
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".lt-picker .lt-ed"), timeout=10)
    buttons = driver.find_elements(By.CSS_SELECTOR, ".lt-picker .lt-ed")
    names = language_names()
    assert [b.text for b in buttons] == [
        f"{names[corpus.language(e)]} {corpus.edition_info[e]['year']}" for e in expected]
    last = expected[-1]
    _open(driver, base + f"laws/64/?ed={last}")

    def shown_languages(d):
        return {c.get_attribute("lang") for c in d.find_elements(By.CSS_SELECTOR, "tbody .lt-cell") if c.is_displayed()}

    # the script hides the other editions once it has run: wait for that rather than read the page in between
    try:
        _wait(driver, lambda d: shown_languages(d) == {corpus.language(last)})
    except TimeoutException:
        pytest.fail(f"?ed={last} shows the languages {sorted(shown_languages(driver))}")
    assert driver.execute_script(f"return document.getElementById('{last}-64B3').closest('td').offsetParent !== null;")
