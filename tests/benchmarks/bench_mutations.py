"""Benchmark: recall of `lawtools check` on planted defects, per class, dev and test apart, and false alarms.

Run: python tests/benchmarks/bench_mutations.py [--split dev|test|fresh|round6|round7|round8|round9dev|round9test]
     [--edition E] [--class C] [--misses]
Each defect of tests/mutations/defects.yaml (dev, test), tests/mutations/fresh.yaml (fresh: written later
by hand, never tuned on), tests/mutations/round6.yaml (round6: written before session 6 changed a check,
never tuned on), tests/mutations/round7.yaml (round7: session 18's citation slips between laws, written
before they were first measured, never tuned on) and tests/mutations/round8.yaml (round8: session 20's
defects of every class, written after that session's changes to the checks and before their first
measurement, never tuned on) and tests/mutations/round9.yaml (session 22's, two of every class over the five
editions, written before their first measurement and split then: round9dev may be tuned on, round9test not) is
planted alone in a temporary copy of the corpus, its edition
re-ingested and checked (lawtools/check/mutate.py). Caught: a new finding names the defect's edition and a
law the edit changed. False alarms: new findings elsewhere (another law or edition), and the findings
the unmutated corpus has that are not in the baseline file. Also times the clean check against the
time one mutation takes. Writes nothing outside the temporary copy.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from lawtools.check.baseline import load_baseline, split
from lawtools.check.mutate import Harness, load_defects, recall_table

ROOT = Path(__file__).resolve().parents[2]
DEFECTS = ROOT / "tests" / "mutations" / "defects.yaml"
FRESH = ROOT / "tests" / "mutations" / "fresh.yaml"
ROUND6 = ROOT / "tests" / "mutations" / "round6.yaml"
ROUND7 = ROOT / "tests" / "mutations" / "round7.yaml"
ROUND8 = ROOT / "tests" / "mutations" / "round8.yaml"
ROUND9 = ROOT / "tests" / "mutations" / "round9.yaml"
SPLITS = ("dev", "test", "fresh", "round6", "round7", "round8", "round9dev", "round9test")
TUNABLE = ("dev", "round9dev")  # the splits whose single defects may be listed (--misses, --caught)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=SPLITS)
    parser.add_argument("--edition")
    parser.add_argument("--class", dest="cls")
    parser.add_argument("--defects", type=Path, action="append", help="defect files (default: all of them)")
    parser.add_argument("--misses", action="store_true", help="list the defects not caught")
    parser.add_argument("--caught", action="store_true", help="list what caught each defect")
    args = parser.parse_args()
    if (args.misses or args.caught) and args.split not in TUNABLE:
        parser.error(f"--misses and --caught list single defects: only with --split {' or '.join(TUNABLE)} "
                     "(the others are held out)")
    files = args.defects or [DEFECTS, FRESH, ROUND6, ROUND7, ROUND8, ROUND9]
    defects = [d for path in files for d in load_defects(path)
               if (not args.split or d.split == args.split) and (not args.edition or d.edition == args.edition)
               and (not args.cls or d.cls == args.cls)]
    started = time.perf_counter()
    outcomes = []
    with Harness(ROOT / "corpus") as harness:
        clean_time = time.perf_counter() - started
        for defect in defects:
            outcomes.append(harness.run(defect))
        clean = harness.clean_findings
    total_time = time.perf_counter() - started
    table = recall_table(outcomes)
    print(f"{'class':20} " + " ".join(f"{s:>9}" for s in SPLITS))
    for cls in sorted(table):
        cells = [table[cls].get(s, (0, 0)) for s in SPLITS]
        print(f"{cls:20} " + " ".join(f"{c:>4}/{n:<4}" for c, n in cells))
    for name in SPLITS:
        caught = sum(o.caught for o in outcomes if o.defect.split == name)
        planted = sum(1 for o in outcomes if o.defect.split == name)
        if planted:
            print(f"{name:5} recall {caught}/{planted} = {caught / planted:.0%}")
    by_edition = Counter((o.defect.edition, o.caught) for o in outcomes)
    for edition in sorted({o.defect.edition for o in outcomes}):
        got, miss = by_edition[(edition, True)], by_edition[(edition, False)]
        print(f"  {edition}: {got}/{got + miss}")
    noisy = [o for o in outcomes if o.elsewhere]
    print(f"defects with new findings elsewhere: {len(noisy)} of {len(outcomes)}")
    invalid = [o for o in outcomes if not o.laws and not o.error]
    if invalid:
        print(f"defects that changed no record: {', '.join(o.defect.id for o in invalid)}")
    baseline = load_baseline(ROOT / "corpus" / "check-baseline.yaml")
    new, _ = split(clean, baseline)
    print(f"unmutated corpus: {len(clean)} findings, {len(new)} not in the baseline "
          f"({', '.join(f'{c} {n}' for c, n in Counter(f.severity for f in new).most_common())})")
    if outcomes:
        print(f"time: clean copy + check {clean_time:.1f} s; {(total_time - clean_time) / len(outcomes):.2f} s "
              f"per defect ({(total_time - clean_time) / len(outcomes) / clean_time:.2f}x the clean run)")
    for outcome in outcomes:
        if args.misses and not outcome.caught:
            d = outcome.defect
            print(f"MISS {d.id} [{d.split}] laws {','.join(outcome.laws) or '-'}: {d.find!r} -> {d.to!r} ({d.op})")
        if args.caught and outcome.caught:
            codes = ", ".join(sorted({f.code for f in outcome.new})) or f"ingest: {outcome.error[:80]}"
            print(f"HIT  {outcome.defect.id}: {codes}")
        for f in outcome.elsewhere if args.misses else ():
            print(f"  ELSEWHERE {outcome.defect.id}: {f.edition} {f.node} {f.code} {f.message[:90]}")


if __name__ == "__main__":
    main()
