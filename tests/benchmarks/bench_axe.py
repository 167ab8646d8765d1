"""Accessibility over every page of the built site: axe-core (vendored) in headless Chromium, light and dark.

Run: PYTHONPATH=.:tests python tests/benchmarks/bench_axe.py [--site build/site] [--phone] [--pages N] [--json F]
Builds the site into a temporary directory unless --site names a built one. Prints, per colour scheme (and
width), the pages checked and the violations by impact and rule, then the serious and critical ones page by
page; exits non-zero when there are any (the site's bar: none). As a baseline measured in the same run it
also reports the same counts with the site's own stylesheet and script removed (material's defaults), so the
ratio says what the site's fixes are worth. The test suite runs the same check on a sample of pages
(tests/test_site_a11y.py).
"""

from __future__ import annotations

import argparse
import collections
import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from site_audit import BLOCKING, DESKTOP, PHONE, all_pages, axe_all  # noqa: E402


def summarise(results: dict) -> dict:
    """Counts per (scheme, width): pages, violations by impact, by rule, and the blocking ones by page."""
    out: dict = {}
    for (page, scheme, width), violations in results.items():
        entry = out.setdefault(f"{scheme} {width}px", {"pages": 0, "impact": collections.Counter(),
                                                       "rules": collections.Counter(), "blocking": {}})
        entry["pages"] += 1
        for v in violations:
            entry["impact"][v["impact"]] += 1
            entry["rules"][f'{v["impact"]} {v["id"]}'] += 1
            if v["impact"] in BLOCKING:
                entry["blocking"].setdefault(page, []).append(f'{v["id"]}: {", ".join(v["nodes"][:3])}')
    return out


def without_site_styles(site: Path) -> Path:
    """A copy of the built site without lawtools.css and lawtools.js: material's defaults, the baseline."""
    copy = Path(tempfile.mkdtemp(prefix="bench-axe-base-")) / "site"
    shutil.copytree(site, copy)
    for name in ("assets/stylesheets/lawtools.css", "assets/javascripts/lawtools.js"):
        target = copy / name
        if target.exists():
            target.write_text("", encoding="utf-8")
    return copy


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--phone", action="store_true", help=f"also at {PHONE[0]}x{PHONE[1]}")
    parser.add_argument("--pages", type=int, default=0, help="only the first N pages (0: all)")
    parser.add_argument("--no-baseline", action="store_true", help="skip the run without the site's styles")
    parser.add_argument("--json", type=Path, help="write every violation here")
    args = parser.parse_args()
    site = args.site
    if site is None:
        from lawtools.site.build import build_site

        site = build_site(ROOT / "mkdocs.yml", site_dir=Path(tempfile.mkdtemp(prefix="bench-axe-")) / "site").site_dir
    pages = all_pages(site)
    pages = pages[: args.pages] if args.pages else pages
    sizes = (DESKTOP, PHONE) if args.phone else (DESKTOP,)
    results = axe_all(site, pages, sizes=sizes)
    summary = summarise(results)
    baseline = None if args.no_baseline else summarise(axe_all(without_site_styles(site), pages, sizes=sizes))
    failing = 0
    for key, entry in summary.items():
        blocking = sum(entry["impact"][i] for i in BLOCKING)
        failing += blocking
        line = f"{key}: {entry['pages']} pages, serious+critical {blocking}, moderate {entry['impact']['moderate']}, " \
               f"minor {entry['impact']['minor']}"
        if baseline and key in baseline:
            base = sum(baseline[key]["impact"][i] for i in BLOCKING)
            line += f" (material defaults: serious+critical {base}; ratio {blocking / base if base else 0:.2f})"
        print(line)
        for rule, count in entry["rules"].most_common():
            print(f"    {count:4d} {rule}")
        for page, found in entry["blocking"].items():
            print(f"  {page or '/'}: " + "; ".join(found))
    if args.json:
        args.json.write_text(json.dumps({f"{p}|{s}|{w}": v for (p, s, w), v in results.items()}, indent=1),
                             encoding="utf-8")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
