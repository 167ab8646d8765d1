"""Benchmark: `run_checks` and `diff` on the whole corpus against loading the records, in one run.

Run: python tests/benchmarks/bench_check.py [--repeat N]
Prints the median time of each and the ratios (checks / load, diff / load). The first, cold run (spaCy
pipelines and matchers built) is reported apart from the warm median. Writes nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from lawtools.check import run_checks
from lawtools.diff import diff
from lawtools.records import load_corpus

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "corpus" / "editions.yaml"


def load() -> object:
    """Load every edition's records: the least any consumer of the corpus does."""
    corpus = load_corpus(MANIFEST)
    for edition in corpus.editions():
        corpus.articles(edition)
    return corpus


def timed(function) -> float:
    started = time.perf_counter()
    function()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cold = timed(lambda: run_checks(load()))
    base = statistics.median(timed(load) for _ in range(args.repeat))
    checks = statistics.median(timed(lambda: run_checks(load())) for _ in range(args.repeat))
    diffs = statistics.median(timed(lambda: [diff(load(), law) for law in ("50", "57A", "64")])
                              for _ in range(args.repeat))
    print(f"load records     {base * 1000:8.1f} ms  (baseline)")
    print(f"run_checks       {checks * 1000:8.1f} ms  ratio {checks / base:6.1f}x   (cold first run {cold:.2f} s)")
    print(f"diff 50, 57A, 64 {diffs * 1000:8.1f} ms  ratio {diffs / base:6.1f}x")


if __name__ == "__main__":
    main()
