"""Benchmark: the whole site build against rendering its pages alone, in one run.

Run: PYTHONPATH=. python tests/benchmarks/bench_site.py [--repeat N] [--cold]
The baseline renders every page from the records (lawtools.site.pages.plan_site with the analyses cached
or absent); the full build adds mkdocs (Markdown, theme, search index). Prints the median time of each, the
ratio (build / baseline) and the search index size. --cold clears the analyses cache before each build.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from timing import median_time  # tests/benchmarks/timing.py, beside this script

from lawtools.records import load_corpus
from lawtools.site.build import build_site
from lawtools.site.pages import plan_site

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / "build" / "cache"



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cold", action="store_true", help="clear the analyses cache before every build")
    args = parser.parse_args()
    corpus_path = ROOT / "corpus" / "editions.yaml"
    out = Path(tempfile.mkdtemp(prefix="bench-site-"))
    result = build_site(ROOT / "mkdocs.yml", site_dir=out)  # warm the cache and the imports once

    def full():
        if args.cold:
            shutil.rmtree(CACHE, ignore_errors=True)
        build_site(ROOT / "mkdocs.yml", site_dir=out)

    baseline = median_time(lambda: plan_site(load_corpus(corpus_path), cache_dir=CACHE), args.repeat)
    build = median_time(full, args.repeat)
    print(f"render pages (baseline): {baseline:.2f} s")
    print(f"full site build{' (cold cache)' if args.cold else ''}: {build:.2f} s  ratio {build / baseline:.1f}x")
    print(f"pages: {result.pages}; search index: {result.search_index_bytes / 1024:.0f} KiB")
    shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
