"""The full seeded fuzz campaign of issue 9 (the test suite runs a sample: tests/test_reliability_fuzz.py).

    .venv/bin/python tests/benchmarks/fuzz_campaign.py [--cases N] [--seed S] [--only NAME ...]
        [--classes [CLASS ...]] [--scenarios N]

For every seed file (manifest, a record, edition.json, termbase, check baseline, drift hashes, a PBN and
a LIN file) it runs N seeded mutations through the reader lawtools uses for it, plus N mutated manifests
through a full ingest of the real sources into a scratch corpus, and counts the outcomes: accepted,
refused with a LawtoolsError, or failed (any other exception, or a hang past the time limit). A file
outside the scratch directory that disappears counts as a lost file.

With --classes it also runs the hostile whole-project scenarios of tests/hostile_support.py (hand-edited
concordance overrides and pair files, site.yaml, terms.yaml, nb-2007 records, check.yaml; symlinks inside
corpus/; a working directory with no corpus; hostile sources: long lines, binary, CRLF, BOM, UTF-16; a read-only
build/), --scenarios cases per class, counting tracebacks, hangs, unclear refusals, silent guesses and lost files.
`--cases 0 --classes` runs only those. Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fuzz_support import ROOT, mutate, run_case, seeds, target_ingest_manifest  # noqa: E402


def watched_files() -> dict[Path, int]:
    """Files that must never disappear: the project's own corpus and package data."""
    return {p: p.stat().st_size for folder in (ROOT / "corpus", ROOT / "lawtools" / "data")
            for p in folder.rglob("*") if p.is_file() and ".lawtools.lock" not in p.name}


def run_classes(names: list[str], cases: int, seed: str, seconds: float, totals: Counter) -> list[str]:
    """Run `cases` seeded scenarios of each hostile class; print a line per class; return the failures."""
    from hostile_support import CLASSES, run_scenario

    failures = []
    for name in names or list(CLASSES):
        rng = random.Random(f"{seed}-scenario-{name}")
        outcome: Counter = Counter()
        slowest = 0.0
        for number in range(cases):
            workdir = Path(tempfile.mkdtemp(prefix=f"fuzz-{name}-"))
            case_started = time.perf_counter()
            problems = run_scenario(CLASSES[name](rng, workdir / "case"), seconds)
            slowest = max(slowest, time.perf_counter() - case_started)
            shutil.rmtree(workdir, ignore_errors=True)
            outcome["commands ok or refused"] += 1 if not problems else 0
            for problem in problems:
                outcome[problem.split(":")[0]] += 1
                failures.append(f"{name} #{number}: {problem[:300]}")
        totals.update({k: v for k, v in outcome.items() if k != "commands ok or refused"})
        totals["ok or refused"] += outcome["commands ok or refused"]
        print(f"{name:16} {cases:6} cases  " + "  ".join(f"{k}: {v}" for k, v in sorted(outcome.items()))
              + f"  slowest {slowest:.2f} s", flush=True)
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=500, help="mutations per seed file")
    parser.add_argument("--seed", default="issue-9")
    parser.add_argument("--only", nargs="*", help="seed names to run (default: all, plus ingest)")
    parser.add_argument("--seconds", type=float, default=30, help="time limit per case")
    parser.add_argument("--classes", nargs="*", help="hostile scenario classes to run (none named: all)")
    parser.add_argument("--scenarios", type=int, default=50, help="cases per scenario class")
    args = parser.parse_args()
    targets = dict(seeds())
    targets["ingest"] = (target_ingest_manifest, (ROOT / "corpus" / "editions.yaml").read_bytes())
    if args.only:
        unknown = sorted(set(args.only) - set(targets))
        if unknown:
            parser.error(f"unknown seed name(s) {', '.join(unknown)}; known: {', '.join(targets)}")
        targets = {name: targets[name] for name in args.only}
    before = watched_files()
    totals: Counter = Counter()
    failures: list[str] = []
    started = time.perf_counter()
    for name, (target, original) in targets.items():
        rng = random.Random(f"{args.seed}-{name}")
        outcome: Counter = Counter()
        slowest = 0.0
        for number in range(args.cases):
            data = mutate(original, rng)
            workdir = Path(tempfile.mkdtemp(prefix=f"fuzz-{name}-"))
            case_started = time.perf_counter()
            problem = run_case(target, data, workdir, seconds=args.seconds)
            slowest = max(slowest, time.perf_counter() - case_started)
            shutil.rmtree(workdir, ignore_errors=True)
            if problem is None:
                outcome["ok or refused"] += 1
            else:
                kind = "hang" if problem.startswith("hang") else "traceback"
                outcome[kind] += 1
                failures.append(f"{name} #{number}: {problem}")
        totals.update(outcome)
        print(f"{name:13} {args.cases:6} cases  " + "  ".join(f"{k}: {v}" for k, v in sorted(outcome.items()))
              + f"  slowest {slowest:.2f} s", flush=True)
    if args.classes is not None:
        scenario_failures = run_classes(args.classes, args.scenarios, args.seed, args.seconds, totals)
        failures += scenario_failures
    lost = [str(p) for p in before if not p.exists()]
    print(f"\n{sum(totals.values())} cases in {time.perf_counter() - started:.0f} s: "
          f"{totals['traceback']} tracebacks, {totals['hang']} hangs, {totals['unclear']} unclear, "
          f"{totals['silent']} silent guesses, {len(lost) + totals['lost']} files lost")
    for line in failures[:50] + [f"lost: {p}" for p in lost]:
        print("  " + line)
    return 1 if failures or lost else 0


if __name__ == "__main__":
    sys.exit(main())
