"""Relevance of lawtools search on the real corpus: MRR, hit@5 and recall@5 over the relevance sets.

Sets: queries.yaml (the project's original 76), queries_dev.yaml (tune on this), queries_test.yaml
(held out: report, never tune), queries_fresh.yaml (written in the third round before its ranking
changes, never tuned on), queries_round4.yaml, split by position into r4dev (tune on this) and r4test
(held out), queries_round5.yaml (`r5`, written in the fifth round before its ranking changes; held out
whole, never tuned on), and queries_round6.yaml and queries_round7.yaml, split by position as round 4 into r6dev
and r6test, r7dev and r7test. A report
lists the queries it missed only for a set one may tune on (TUNABLE).
Run as a script to print the report, for lawtools or a bare baseline:
    PYTHONPATH=. python tests/relevance/evaluate.py [dev|test|old ...] [--engine lawtools|baseline]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

HERE = Path(__file__).parent
QUERIES = HERE / "queries.yaml"
SETS = {"old": QUERIES, "dev": HERE / "queries_dev.yaml", "test": HERE / "queries_test.yaml",
        "fresh": HERE / "queries_fresh.yaml", "r5": HERE / "queries_round5.yaml"}
ROUND4 = HERE / "queries_round4.yaml"  # split by position, fixed before the first evaluation: see half_of()
ROUND6 = HERE / "queries_round6.yaml"  # the same
ROUND7 = HERE / "queries_round7.yaml"  # the same
SPLITS = {"r4dev": (ROUND4, 0), "r4test": (ROUND4, 1), "r6dev": (ROUND6, 0), "r6test": (ROUND6, 1),
          "r7dev": (ROUND7, 0), "r7test": (ROUND7, 1)}
# The sets one may tune on: a report of one of these may list the queries it missed. A held-out set's report
# gives its totals and groups only, wherever it is printed (a test's output in the CI log, a script run by
# hand), so that no one reading it learns which held-out queries to tune for.
TUNABLE = frozenset({"old", "dev", "r4dev", "r6dev", "r7dev"})
DEPTH = 5  # hit@DEPTH and recall@DEPTH


@dataclass
class Outcome:
    """One query's ranked laws and its reciprocal rank, hit@5 and recall@5."""

    query: str
    kind: str
    expect: list[str]
    laws: list[str]
    rr: float
    recall5: float
    lang: str = ""

    @property
    def hit5(self) -> float:
        return 1.0 if any(law in self.expect for law in self.laws[:DEPTH]) else 0.0


@dataclass
class Report:
    """All outcomes with their means, overall and per kind or per query language."""

    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def mrr(self) -> float:
        return sum(o.rr for o in self.outcomes) / len(self.outcomes)

    @property
    def recall5(self) -> float:
        return sum(o.recall5 for o in self.outcomes) / len(self.outcomes)

    @property
    def hit5(self) -> float:
        return sum(o.hit5 for o in self.outcomes) / len(self.outcomes)

    def by(self, key: str) -> dict[str, tuple[float, float, int]]:
        """{group: (MRR, hit@5, queries)} grouped by 'kind' or 'lang'."""
        groups: dict[str, list[Outcome]] = {}
        for outcome in self.outcomes:
            groups.setdefault(getattr(outcome, key), []).append(outcome)
        return {g: (sum(o.rr for o in os) / len(os), sum(o.hit5 for o in os) / len(os), len(os))
                for g, os in sorted(groups.items())}

    def summary(self) -> str:
        return (f"{len(self.outcomes)} queries  MRR {self.mrr:.3f}  hit@5 {self.hit5:.3f}  "
                f"recall@5 {self.recall5:.3f}")

    def render(self, misses: bool = True) -> str:
        """A plain-text report: totals, per kind, per query language, and the queries that missed (see
        report_of: never for a held-out set)."""
        lines = [f"relevance: {self.summary()}"]
        for key in ("kind", "lang"):
            for group, (mrr, hit, n) in self.by(key).items():
                lines.append(f"  {key} {group:13} n={n:2}  MRR {mrr:.3f}  hit@5 {hit:.3f}")
        if misses:
            for o in self.outcomes:
                if o.rr < 1:
                    lines.append(f"  - {o.query!r}: rr {o.rr:.2f} got {o.laws[:6]} want {o.expect}")
        return "\n".join(lines)


def load_queries(path: Path = QUERIES) -> list[dict]:
    """The relevance queries of one set."""
    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))["queries"]


def half_of(path: Path, half: int) -> list[dict]:
    """Half of a set split by position: entries 1, 3, 5 ... (half 0, dev) or 2, 4, 6 ... (half 1, test)."""
    return load_queries(path)[half::2]


def load_set(name: str) -> list[dict]:
    """The queries of a named set: a key of SETS or of SPLITS."""
    if name in SPLITS:
        return half_of(*SPLITS[name])
    return load_queries(SETS[name])


def report_of(name: str, report: Report, quiet: bool = False) -> str:
    """A set's report as printed: the queries it missed only for a set one may tune on (TUNABLE)."""
    return report.render(misses=name in TUNABLE and not quiet)


def score(query: dict, laws: list[str]) -> Outcome:
    """The outcome of one query given the laws an engine returned, best first."""
    expect = [str(x) for x in query["expect"]]
    rank = next((i for i, law in enumerate(laws, 1) if law in expect), None)
    found = len(set(laws[:DEPTH]) & set(expect))
    lang = query.get("lang_of_query") or ("cite" if query.get("kind") == "citation" else "")
    return Outcome(query["query"], query.get("kind", ""), expect, laws, 1 / rank if rank else 0.0,
                   found / min(DEPTH, len(expect)), lang)


def evaluate(searcher, queries: list[dict] | None = None) -> Report:
    """Run every query through a lawtools.search.api.Searcher (or anything with .search -> .laws)."""
    report = Report()
    for q in queries or load_queries():
        result = searcher.search(q["query"], lang=q.get("lang"), edition=q.get("edition"), limit=10)
        report.outcomes.append(score(q, result.laws))
    return report


if __name__ == "__main__":
    import argparse
    import sys

    sys.path.insert(0, str(HERE.parent))
    from search_support import real_corpus

    parser = argparse.ArgumentParser()
    parser.add_argument("sets", nargs="*", default=[*SETS, *SPLITS])
    parser.add_argument("--engine", default="lawtools", choices=["lawtools", "baseline"])
    parser.add_argument("--quiet", action="store_true", help="totals and groups only")
    args = parser.parse_args()
    if args.engine == "baseline":
        from baseline import BareWhoosh

        engine = BareWhoosh(real_corpus())
    else:
        from lawtools.search.api import Searcher

        engine = Searcher(real_corpus())
    for name in args.sets:
        print(f"== {name} ({args.engine})")
        print(report_of(name, evaluate(engine, load_set(name)), quiet=args.quiet))
