"""Benchmark: the concordance on renumberings nobody read, planted in real records with their gold carried along.

Run: python tests/benchmarks/bench_renumbering.py [--split dev|test] [--misses] [--limit N]

The gold concordance (tests/data/concordance) holds the renumberings the 1997, 2007 and 2017 Laws made, and the
aligner's weights were fitted on its dev laws: it cannot say how the aligner meets a renumbering it has not
seen. Here each case takes one gold law of one computed edition pair and edits one side's records the way a
revision of the Laws does (`renumbering.py`):

- drop:   a provision is removed and its later siblings move up one label (their links now cross ids; the
          removed provision's counterpart has none);
- swap:   two neighbouring siblings exchange places, keeping the labels where they stand (1997 70B2/70B3);
- insert: a provision of a law the other edition lacks is put before a sibling, which and the later siblings
          move down one label (2017's new 57A3 pushed 57A3 to 57A4);
- move:   a provision's rule moves to the end of another provision of the law and its id is reused for a new
          rule (text of a law the other edition lacks): 2007's 62C3 lives on in 2017's 61B while 2017's 62C3 is
          a new rule. The moved rule's counterpart now links the receiving provision; the reused id is new;
- merge:  a leaf and the leaf after it become one provision and the later siblings move up one label (1997's
          separate rules joined in one 2007 provision): the second's counterparts link the first;
- split:  a leaf of two sentences or more is cut in two between sentences, its second half a new sibling after
          it, and the later siblings move down one label (2007 57C1 is 2017 57C1 and 57C2): the leaf's
          counterparts link both halves.

The law's gold links go through the same id mapping. The edited pair is aligned as `lawtools concordance`
aligns it (the joint alignment, only the case's law in every edition, embeddings from the corpus's cache) and
scored against the mapped gold; the plain id match is scored beside it. A case's split is the split of its
gold law: `dev` cases are built on dev gold laws and may be tuned on, `test` cases only on test gold laws and
are reported. Writes nothing.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from renumbering import cases_for, run_case

from lawtools.concordance.compute import Computer
from lawtools.concordance.evaluate import Score, gold_files
from lawtools.concordance.tune import usable
from lawtools.records import load_corpus

ROOT = Path(__file__).resolve().parents[2]
GOLD = ROOT / "tests" / "data" / "concordance"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test"), default="dev")
    parser.add_argument("--misses", action="store_true", help="list each case's missed and extra links (dev only)")
    parser.add_argument("--limit", type=int, default=0, help="at most this many cases per operation")
    args = parser.parse_args()
    if args.misses and args.split != "dev":
        parser.error("--misses lists single cases: only with --split dev (test is held out)")
    corpus = load_corpus(ROOT / "corpus" / "editions.yaml")
    golds = usable(corpus, gold_files(GOLD))
    cases = [c for c in cases_for(corpus, golds) if c.split == args.split]
    if args.limit:
        seen: Counter = Counter()
        cases = [c for c in cases if (seen.update([c.op]) or seen[c.op] <= args.limit)]
    computer = Computer(corpus)
    started = time.perf_counter()
    totals = {"aligned": Score(), "id match": Score()}
    by_op: dict[str, dict[str, Score]] = {}
    for case in cases:
        scores = run_case(computer, corpus, case)
        for name, score in scores.items():
            totals[name].add(score)
            by_op.setdefault(case.op, {}).setdefault(name, Score()).add(score)
        if args.misses and scores["aligned"].errors:
            print(f"{case.describe()}")
            print("".join(f"    {e}\n" for e in scores["aligned"].errors), end="")
    took = time.perf_counter() - started
    laws = {(c.gold.from_edition, c.gold.to_edition, c.law) for c in cases}
    each = took / max(len(cases), 1)
    print(f"{len(cases)} {args.split} cases over {len(laws)} gold laws, {took:.1f} s ({each:.2f} s a case)")
    for op in sorted(by_op):
        for name, score in by_op[op].items():
            print(f"  {op:7} {name:9} {score.summary()}")
    for name, score in totals.items():
        print(f"total   {name:9} {score.summary()}")


if __name__ == "__main__":
    main()
