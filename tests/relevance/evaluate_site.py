"""Relevance of the published site's search through its contract, in headless Chromium: for each query,
open search/?q=QUERY (&lang=L for a language filter), wait for #search-results[data-state=done] and read the
laws of the result elements in order.

    PYTHONPATH=.:tests:tests/relevance python tests/relevance/evaluate_site.py SITE_DIR [dev|test|old ...] [--quiet]
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from urllib.parse import urlencode

from evaluate import Report, load_set, report_of, score


@dataclass
class SiteResult:
    laws: list[str]
    results: list[dict]


def site_search(driver, base: str, query: str, lang: str | None = None, timeout: float = 20.0) -> SiteResult:
    """The laws (best first) and result elements the site's search page shows for a query."""
    from selenium.webdriver.common.by import By

    params = {"q": query, **({"lang": lang} if lang else {})}
    driver.get(f"{base}search/?{urlencode(params)}")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        container = driver.find_elements(By.ID, "search-results")
        if container and container[0].get_attribute("data-state") == "done":
            break
        time.sleep(0.05)
    else:
        raise TimeoutError(f"search/?q={query!r} never finished")
    results = driver.execute_script("""
        return Array.from(document.querySelectorAll('#search-results [data-edition][data-law]')).map(
            e => ({edition: e.dataset.edition, law: e.dataset.law, node: e.dataset.node || '',
                   href: (e.querySelector('a') || {}).href || ''}));""")
    laws = list(dict.fromkeys(r["law"] for r in results))
    return SiteResult(laws, results)


class SiteSearcher:
    """Adapts the site's search page to evaluate.evaluate's searcher protocol."""

    def __init__(self, driver, base: str):
        self.driver, self.base = driver, base

    def search(self, query, lang=None, edition=None, limit=10):
        return site_search(self.driver, self.base, query, lang)


def evaluate_site(driver, base: str, queries: list[dict]) -> Report:
    """The relevance report of the site's search for a query set."""
    report = Report()
    searcher = SiteSearcher(driver, base)
    for q in queries:
        report.outcomes.append(score(q, searcher.search(q["query"], lang=q.get("lang")).laws))
    return report


if __name__ == "__main__":
    import sys
    from pathlib import Path

    from chromium_support import chromium, serve_directory

    args = [a for a in sys.argv[1:] if a != "--quiet"]  # --quiet: totals and groups only (held-out sets)
    site_dir = Path(args[0])
    names = args[1:] or ["old", "dev", "test"]
    with serve_directory(site_dir) as base, chromium() as driver:
        for name in names:
            print(f"== {name} (site)")
            print(report_of(name, evaluate_site(driver, base, load_set(name)), quiet="--quiet" in sys.argv))
