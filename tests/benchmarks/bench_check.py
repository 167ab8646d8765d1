"""Benchmark: `run_checks` and `diff` on the whole corpus against loading the records and against a plain
regex pass over every text of the records (the least a check can do), in one run.

Run: python tests/benchmarks/bench_check.py [--repeat N]
Prints the median time of each and the ratios (checks / load, checks / regex pass, diff / load), and the
time of each check family. The first, cold run (spaCy pipelines and matchers built) is reported apart from
the warm median. Writes nothing.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from pathlib import Path

from lawtools.check import FAMILIES, run_checks
from lawtools.check.model import CheckContext
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


_REPEATED = re.compile(r"(?<![\w-])([^\W\d_]+)\s+\1(?![\w-])", re.IGNORECASE)


def regex_pass() -> int:
    """Load the records and run one regex (a repeated word) over every text: the baseline a check must beat."""
    corpus = load()
    context = CheckContext(corpus, corpus.editions())
    return sum(len(_REPEATED.findall(p.text)) for e in corpus.editions() for p in context.places(e))


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
    regex = statistics.median(timed(regex_pass) for _ in range(args.repeat))
    print(f"load records     {base * 1000:8.1f} ms  (baseline)")
    print(f"regex pass       {regex * 1000:8.1f} ms  ratio {regex / base:6.1f}x   (load + one regex over every text)")
    print(f"run_checks       {checks * 1000:8.1f} ms  ratio {checks / base:6.1f}x, {checks / regex:6.1f}x the regex "
          f"pass   (cold first run {cold:.2f} s)")
    print(f"diff 50, 57A, 64 {diffs * 1000:8.1f} ms  ratio {diffs / base:6.1f}x")
    for family in FAMILIES:
        alone = statistics.median(timed(lambda f=family: run_checks(load(), families=(f,))) for _ in range(args.repeat))
        print(f"  {family:14} {alone * 1000:8.1f} ms alone (with what it shares: term matching, pairing)")


if __name__ == "__main__":
    main()
