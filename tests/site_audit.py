"""Measuring the built site as its readers meet it: page height in phone screens, bytes, printed pages, axe-core.

Not a test module; used by tests/test_site_a11y.py, tests/test_site_reading.py, tests/benchmarks/bench_axe.py
and `python tests/site_audit.py SITE_DIR OUT_DIR` (screenshots and the numbers of the site issue's report).
"""

from __future__ import annotations

import base64
import json
import re
import statistics
import sys
from pathlib import Path

VENDOR = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
PHONE = (390, 844)
DESKTOP = (1280, 900)
# The impacts the site must have none of (axe-core's scale: minor, moderate, serious, critical).
BLOCKING = ("serious", "critical")


def set_color_scheme(driver, scheme: str) -> None:
    """Emulate prefers-color-scheme (light or dark) and forget a palette chosen earlier in the session."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def set_viewport(driver, width: int, height: int) -> None:
    """Make the page's viewport exactly width x height CSS pixels (a phone below 600 px: touch, no scrollbar)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def set_media(driver, media: str) -> None:
    """Emulate a media type ('print', 'screen' or '' for the default)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})


def open_page(driver, url: str, scheme: str = "light") -> None:
    """Load url in the given colour scheme (material picks its palette from the media query; these drivers
    never toggle it, so no palette choice is stored to override that)."""
    set_color_scheme(driver, scheme)
    driver.get(url)


def axe(driver, rules: dict | None = None) -> list[dict]:
    """axe-core's violations on the loaded page: [{id, impact, help, nodes: [target...]}]."""
    if not driver.execute_script("return typeof window.axe === 'object';"):
        driver.execute_script(VENDOR.read_text(encoding="utf-8"))
    options = {"resultTypes": ["violations"], **({"rules": rules} if rules else {})}
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0]).then(r => done(JSON.stringify(r.violations)))"
        ".catch(e => done(JSON.stringify({error: String(e)})));", options)
    data = json.loads(result)
    if isinstance(data, dict):
        raise RuntimeError(f"axe-core failed: {data['error']}")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [" ".join(map(str, n["target"])) for n in v["nodes"]]} for v in data]


def blocking(violations: list[dict]) -> list[dict]:
    """The serious and critical violations."""
    return [v for v in violations if v["impact"] in BLOCKING]


def screens(driver) -> float:
    """The page's height in screens of the current window."""
    return driver.execute_script("return document.documentElement.scrollHeight / window.innerHeight;")


def printed_pages(driver, url: str) -> int:
    """How many A4 pages the page prints as (Chromium's print to PDF, backgrounds off, default margins)."""
    from selenium.webdriver.common.print_page_options import PrintOptions

    driver.get(url)
    options = PrintOptions()
    options.page_width, options.page_height = 21.0, 29.7
    pdf = base64.b64decode(driver.print_page(options))
    return pdf_page_count(pdf)


def pdf_page_count(pdf: bytes) -> int:
    """Pages of a PDF (its /Type /Page objects; Chromium writes them uncompressed)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def first_visit_bytes(driver, url: str) -> int:
    """Bytes a first visit to url loads: the document and every resource it fetches (uncompressed sizes)."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get(url)
    return int(driver.execute_script(
        "const n = performance.getEntriesByType('navigation')[0];"
        "return (n ? n.decodedBodySize : 0) + performance.getEntriesByType('resource')"
        ".reduce((s, r) => s + r.decodedBodySize, 0);"))


def page_bytes(site_dir: Path) -> list[int]:
    """The size of every page's HTML (what each further page costs once the assets are cached)."""
    return sorted(p.stat().st_size for p in site_dir.rglob("index.html"))


def all_pages(site_dir: Path) -> list[str]:
    """Every page's path relative to the site root ('laws/64/'), the 404 page included."""
    pages = sorted(str(p.parent.relative_to(site_dir)) + "/" for p in site_dir.rglob("index.html"))
    return [("" if p == "./" else p) for p in pages] + ["404.html"]


def measure(site_dir: Path, out: Path, law_page: str = "laws/64/", diff: str = "diff/64/",
            check: str = "check/") -> dict:
    """Screenshots (phone and desktop, light and dark) and the report's numbers for a built site."""
    from chromium_support import chromium, serve_directory

    out.mkdir(parents=True, exist_ok=True)
    numbers: dict = {}
    with serve_directory(site_dir) as base:
        for (width, height), size in ((PHONE, "phone"), (DESKTOP, "desktop")):
            with chromium(width, height) as driver:
                set_viewport(driver, width, height)
                for scheme in ("light", "dark"):
                    for name, page in (("law64", law_page), ("diff64", diff), ("check", check)):
                        open_page(driver, base + page, scheme)
                        driver.save_screenshot(str(out / f"{name}-{size}-{scheme}.png"))
                        if scheme == "light":
                            numbers[f"{name} {size} screens"] = round(screens(driver), 1)
                            numbers[f"{name} {size} width overflow px"] = driver.execute_script(
                                "return document.documentElement.scrollWidth - window.innerWidth;")
        with chromium(*DESKTOP) as driver:
            numbers["law64 printed A4 pages"] = printed_pages(driver, base + law_page)
            numbers["first-visit bytes (home)"] = first_visit_bytes(driver, base)
            numbers["first-visit bytes (law64)"] = first_visit_bytes(driver, base + law_page)
    sizes = page_bytes(site_dir)
    numbers["pages"] = len(sizes)
    numbers["median page bytes"] = int(statistics.median(sizes))
    numbers["law64 page bytes"] = (site_dir / law_page / "index.html").stat().st_size
    return numbers


def axe_all(site_dir: Path, pages: list[str] | None = None, sizes=(DESKTOP,), schemes=("light", "dark")) -> dict:
    """axe-core over pages: {(page, scheme, width): violations}."""
    from chromium_support import chromium, serve_directory

    results = {}
    with serve_directory(site_dir) as base:
        for width, height in sizes:
            with chromium(width, height) as driver:
                set_viewport(driver, width, height)
                for scheme in schemes:
                    for page in pages if pages is not None else all_pages(site_dir):
                        open_page(driver, base + page, scheme)
                        results[(page, scheme, width)] = axe(driver)
    return results


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    site, target = Path(sys.argv[1]), Path(sys.argv[2])
    print(json.dumps(measure(site, target), indent=2))
