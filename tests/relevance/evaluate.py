"""Relevance of lawtools search on the real corpus: MRR and recall@5 over tests/relevance/queries.yaml.

Run as a script to print the report (optionally for other index settings, see tests/benchmarks):
    PYTHONPATH=. python tests/relevance/evaluate.py
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

QUERIES = Path(__file__).with_name("queries.yaml")


@dataclass
class Outcome:
    """One query's ranked laws and its reciprocal rank and recall@5."""

    query: str
    kind: str
    expect: list[str]
    laws: list[str]
    rr: float
    recall5: float


@dataclass
class Report:
    """All outcomes with their means, overall and per kind."""

    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def mrr(self) -> float:
        return sum(o.rr for o in self.outcomes) / len(self.outcomes)

    @property
    def recall5(self) -> float:
        return sum(o.recall5 for o in self.outcomes) / len(self.outcomes)

    def by(self, key: str) -> dict[str, tuple[float, float, int]]:
        """{group: (MRR, recall@5, queries)} grouped by 'kind' or 'lang'."""
        groups: dict[str, list[Outcome]] = {}
        for outcome in self.outcomes:
            groups.setdefault(getattr(outcome, key), []).append(outcome)
        return {g: (sum(o.rr for o in os) / len(os), sum(o.recall5 for o in os) / len(os), len(os))
                for g, os in sorted(groups.items())}

    def render(self) -> str:
        """A plain-text report: totals, per kind, and the queries that missed."""
        lines = [f"relevance: {len(self.outcomes)} queries  MRR {self.mrr:.3f}  recall@5 {self.recall5:.3f}"]
        for kind, (mrr, rec, n) in self.by("kind").items():
            lines.append(f"  {kind:15} n={n:2}  MRR {mrr:.3f}  recall@5 {rec:.3f}")
        for o in self.outcomes:
            if o.rr < 1 or o.recall5 < 1:
                lines.append(f"  - {o.query!r}: rr {o.rr:.2f} r@5 {o.recall5:.2f} got {o.laws[:6]} want {o.expect}")
        return "\n".join(lines)


def load_queries(path: Path = QUERIES) -> list[dict]:
    """The relevance queries."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))["queries"]


def evaluate(searcher, queries: list[dict] | None = None) -> Report:
    """Run every query through a lawtools.search.api.Searcher and score the ranked laws."""
    report = Report()
    for q in queries or load_queries():
        result = searcher.search(q["query"], lang=q.get("lang"), edition=q.get("edition"), limit=10)
        laws = result.laws
        expect = [str(x) for x in q["expect"]]
        rank = next((i for i, law in enumerate(laws, 1) if law in expect), None)
        found = len(set(laws[:5]) & set(expect))
        report.outcomes.append(Outcome(q["query"], q.get("kind", ""), expect, laws, 1 / rank if rank else 0.0,
                                       found / min(5, len(expect))))
    return report


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from search_support import real_corpus

    from lawtools.search.api import Searcher

    print(evaluate(Searcher(real_corpus())).render())
