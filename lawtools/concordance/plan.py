"""Which edition pairs the concordance computes, and through which editions every other pair is composed.

Aligning every pair of editions that share a law is quadratic in the number of editions. The rule here
is linear (`pairs.rule: references` in lawtools/data/concordance.yaml; `all` keeps the quadratic one):

- For each Laws year and each law, the year's *reference* is the edition of that year having the law
  that covers the most provisions in all (ties: manifest order). A smaller edition stands in only for
  laws the larger one lacks.
- The references of different years are computed against each other, law by law: the hard alignment
  across a revision of the Laws is made once per pair of years, between the fullest texts.
- Every other edition is computed against its own year's reference (a translation of the same Laws:
  ids mostly hold) and, with `pairs.language`, against its own language's reference of every other year
  (the same language across years is where a word-level diff shows what changed).
- Every other pair is composed on read through the computed ones (`compose.py`, the shortest path
  law by law, references first); composed links say so in their evidence.

So each edition adds at most (laws x years x 2) computed pairs, whatever the number of editions. The plan
is stored as `corpus/concordance/plan.yaml` (editions, their laws and references, the computed pairs) so
reading the concordance composes without the records; `store.check` compares it with the rule's answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..yamlio import package_data

if TYPE_CHECKING:
    from ..records import Corpus

PLAN = "plan.yaml"


@dataclass(frozen=True)
class EditionEntry:
    """One edition as the plan sees it: language, Laws year, laws and how many provisions it covers."""

    id: str
    language: str
    year: int
    laws: tuple[str, ...]
    provisions: int


@dataclass
class Plan:
    """The editions (in Laws-year, then manifest order), each year's reference per law, the computed pairs."""

    editions: list[EditionEntry]
    references: dict[int, dict[str, str]]  # year -> law -> edition
    computed: list[tuple[str, str]]
    rule: str = "references"
    _laws: dict[str, set[str]] = field(default_factory=dict, repr=False)
    _position: dict[str, int] = field(default_factory=dict, repr=False)

    def entry(self, edition: str) -> EditionEntry | None:
        """The plan's entry of an edition, or None."""
        k = self._index().get(edition)
        return None if k is None else self.editions[k]

    def _index(self) -> dict[str, int]:
        if len(self._position) != len(self.editions):
            self._position.clear()
            self._position.update({e.id: k for k, e in enumerate(self.editions)})
        return self._position

    def laws(self, edition: str) -> set[str]:
        """The laws an edition has."""
        if edition not in self._laws:
            entry = self.entry(edition)
            self._laws[edition] = set(entry.laws) if entry else set()
        return self._laws[edition]

    def year(self, edition: str) -> int | None:
        """The Laws year an edition translates (None: not in the plan)."""
        entry = self.entry(edition)
        return entry.year if entry else None

    def order(self, edition: str) -> int:
        """Position of an edition in the plan (earlier Laws year first)."""
        return self._index().get(edition, len(self.editions))

    def oriented(self, a: str, b: str) -> tuple[str, str]:
        """The pair as it is stored and composed: earlier Laws year (then manifest order) first."""
        return (a, b) if self.order(a) <= self.order(b) else (b, a)

    def sharing(self) -> list[tuple[str, str]]:
        """Every pair of editions that share a law, oriented."""
        ids = [e.id for e in self.editions]
        return [(a, b) for k, a in enumerate(ids) for b in ids[k + 1:] if self.laws(a) & self.laws(b)]

    def is_reference(self, edition: str, law: str) -> bool:
        """Whether an edition is its year's reference for a law."""
        entry = self.entry(edition)
        return entry is not None and self.references.get(entry.year, {}).get(law) == edition

    def to_text(self) -> str:
        """plan.yaml's text: stable, one edition and one pair per line."""
        import json

        lines = ["# Which edition pairs `lawtools concordance --update` computes (the files beside this one); every",
                 "# other pair of editions that share a law is composed through them on read (plan.py). Generated.",
                 f"rule: {self.rule}", "editions:"]
        for e in self.editions:
            lines.append("  - " + json.dumps({"id": e.id, "language": e.language, "year": e.year,
                                              "provisions": e.provisions, "laws": list(e.laws)}, ensure_ascii=False))
        lines.append("references:")
        for year in sorted(self.references):
            by_edition: dict[str, list[str]] = {}
            for law, edition in self.references[year].items():
                by_edition.setdefault(edition, []).append(law)
            lines.append(f"  {json.dumps(str(year))}: " + json.dumps(by_edition, ensure_ascii=False))
        lines.append("computed:")
        lines += ["  - " + json.dumps(list(p)) for p in self.computed]
        return "\n".join(lines) + "\n"


def _options() -> dict:
    return package_data("concordance.yaml").get("pairs") or {}


def _entries(corpus: Corpus) -> list[EditionEntry]:
    out = []
    for k, e in enumerate(corpus.editions()):
        articles = corpus.articles(e)
        count = sum(len(a.node_ids()) + (1 if a.intro else 0) for a in articles.values())
        out.append((corpus.year(e), k,
                    EditionEntry(e, corpus.language(e), corpus.year(e),
                                 tuple(articles), count)))
    return [entry for *_, entry in sorted(out, key=lambda t: (t[0], t[1]))]


def make_plan(corpus: Corpus, rule: str | None = None) -> Plan:
    """The plan the configured rule gives for a corpus."""
    options = _options()
    rule = rule or str(options.get("rule", "references"))
    if rule not in ("references", "all"):
        from .links import ConcordanceError

        raise ConcordanceError(f"lawtools/data/concordance.yaml: pairs.rule must be references or all, not {rule!r}")
    entries = _entries(corpus)
    return plan_for(entries, rule, bool(options.get("language", True)))


def plan_for(entries: list[EditionEntry], rule: str = "references", language: bool = True) -> Plan:
    """The plan for editions given in Laws-year then manifest order (see the module docstring)."""
    rank = {e.id: (-e.provisions, k) for k, e in enumerate(entries)}
    references: dict[int, dict[str, str]] = {}
    by_language: dict[tuple[str, int], dict[str, str]] = {}
    for e in sorted(entries, key=lambda e: rank[e.id]):
        for law in e.laws:
            references.setdefault(e.year, {}).setdefault(law, e.id)
            by_language.setdefault((e.language, e.year), {}).setdefault(law, e.id)
    plan = Plan(entries, references, [], rule)
    if rule == "all":
        plan.computed = plan.sharing()
        return plan
    wanted: set[tuple[str, str]] = set()

    def add(a: str, b: str) -> None:
        if a != b:
            wanted.add(plan.oriented(a, b))

    years = sorted(references)
    for law in sorted({law for e in entries for law in e.laws}):
        refs = [references[y][law] for y in years if law in references[y]]
        for k, a in enumerate(refs):
            for b in refs[k + 1:]:
                add(a, b)
    for e in entries:
        for law in e.laws:
            add(e.id, references[e.year][law])
            if language:
                for year in years:
                    other = by_language.get((e.language, year), {}).get(law)
                    if other is not None:
                        add(e.id, other)
    plan.computed = sorted(wanted, key=lambda p: (plan.order(p[0]), plan.order(p[1])))
    return plan


def read_plan(directory: Path) -> Plan | None:
    """The stored plan under corpus/concordance/ (None when there is none: every pair is stored)."""
    from ..filespecs import PLAN as PLAN_SPEC
    from ..yamlio import read_checked
    from .links import ConcordanceError

    path = directory / PLAN
    if not path.exists():
        return None
    data = read_checked(path, PLAN_SPEC, ConcordanceError, "run `lawtools concordance --update`")
    try:
        entries = [EditionEntry(str(e["id"]), str(e["language"]), int(e["year"]), tuple(str(x) for x in e["laws"]),
                                int(e["provisions"])) for e in data["editions"]]
        references = {int(year): {str(law): str(edition) for edition, laws in (by or {}).items() for law in laws}
                      for year, by in (data.get("references") or {}).items()}
        computed = [(str(a), str(b)) for a, b in data.get("computed") or []]
        return Plan(entries, references, computed, str(data.get("rule", "references")))
    except Exception as error:  # noqa: BLE001 - a damaged plan is one message naming the file
        raise ConcordanceError(f"{path}: not a concordance plan ({type(error).__name__}: {error}); "
                               "run `lawtools concordance --update`") from None
