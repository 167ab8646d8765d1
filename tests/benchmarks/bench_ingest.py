"""Benchmark: ingest of the whole corpus against a plain read-and-split of the same files, in one run.

Run: python tests/benchmarks/bench_ingest.py [--repeat N]
Prints the median time of each and the ratio (ingest / baseline). Writes nothing.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from timing import median_time  # tests/benchmarks/timing.py, beside this script

from lawtools.ingest import build
from lawtools.manifest import load_manifest

ROOT = Path(__file__).resolve().parents[2]


def baseline(paths: list[Path]) -> int:
    """Read every source and split it into lines and words: the least any reader must do."""
    words = 0
    for path in paths:
        for line in path.read_text(encoding="utf-8").split("\n"):
            words += len(line.split())
    return words



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    manifest = load_manifest(ROOT / "corpus" / "editions.yaml")
    paths = [edition.source for edition in manifest.editions]
    build(manifest)  # warm imports and caches once
    plain = median_time(lambda: baseline(paths), args.repeat)
    full = median_time(lambda: build(manifest), args.repeat)
    size = sum(p.stat().st_size for p in paths)
    print(f"sources: {len(paths)} files, {size / 1024:.0f} KiB, {baseline(paths)} words")
    print(f"plain read-and-split : {plain * 1000:8.2f} ms (median of {args.repeat})")
    print(f"lawtools ingest      : {full * 1000:8.2f} ms (median of {args.repeat}; parse, normalise, refs, "
          "conservation check, JSON rendering; no writes)")
    print(f"ratio ingest/baseline: {full / plain:8.1f}x")


if __name__ == "__main__":
    main()
