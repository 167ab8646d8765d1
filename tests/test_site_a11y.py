"""Accessibility of a sample of pages: axe-core (vendored, tests/vendor/axe-core) in headless Chromium finds no
serious or critical violation, in light and dark mode, on a desktop and a phone. Every page is checked by
tests/benchmarks/bench_axe.py.
"""

from __future__ import annotations

import pytest
from chromium_support import chromium, chromium_paths, serve_directory
from site_audit import BLOCKING, DESKTOP, PHONE, axe, blocking, open_page, set_viewport
from site_support import FIXTURE, REAL_MANIFEST, build, real_records_exist

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium_paths() is None, reason="chromium and chromedriver are not installed"),
]

MANIFEST = REAL_MANIFEST if real_records_exist() else FIXTURE / "editions.yaml"
# One page of each kind: home, the laws index, a law in several editions, a law in one, a law in none, a diff,
# the report, the glossary, the rules, an edition, front matter, a hand-written page and the 404 page.
SAMPLE = ["", "laws/", "laws/64/", "laws/6/", "laws/25/", "diff/64/", "check/", "glossary/", "rules/",
          "editions/nb-2017/", "editions/nb-2017/definitions/", "about/", "404.html"]
PHONE_SAMPLE = ["", "laws/64/", "diff/64/", "check/"]  # the pages with a phone layout of their own


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return build(MANIFEST, tmp_path_factory.mktemp("a11y-site")).site_dir


@pytest.mark.parametrize(("size", "pages"), [(DESKTOP, SAMPLE), (PHONE, PHONE_SAMPLE)], ids=["desktop", "phone"])
def test_sample_pages_have_no_serious_or_critical_axe_violations(site, size, pages):
    found = {}
    with serve_directory(site) as base, chromium(*size) as driver:
        set_viewport(driver, *size)
        for scheme in ("light", "dark"):
            for page in pages:
                if page != "404.html" and not (site / page / "index.html").exists():
                    continue  # a section this checkout does not generate
                open_page(driver, base + page, scheme)
                bad = blocking(axe(driver))
                if bad:
                    found[f"{page or '/'} ({scheme})"] = [f'{v["impact"]} {v["id"]}: {", ".join(v["nodes"][:3])}'
                                                          for v in bad]
    assert not found, f"{'/'.join(BLOCKING)} axe violations at {size[0]}px: {found}"


def test_axe_finds_a_violation_when_there_is_one(site):
    """The check can fail: text the colour of its background is reported."""
    with serve_directory(site) as base, chromium(*DESKTOP) as driver:
        open_page(driver, base + "about/")
        driver.execute_script("const p = document.querySelector('article p'); p.style.color = '#eee';"
                              "p.style.background = '#fff';")
        assert any(v["id"] == "color-contrast" for v in blocking(axe(driver)))
