"""What a search returns: hits (one provision of one edition, with why it matched), grouped by law, and the
result with its notes, corrections and concepts (`SearchResult.to_dict` is the DESIGN.md JSON shape)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass
class Matched:
    """One reason a provision matched: the word in the provision, and the query word it answers."""

    term: str
    query: str
    how: str
    concept: str = ""
    language: str = ""
    why: str = ""


@dataclass
class Hit:
    """One matching provision of one edition."""

    edition: str
    language: str
    law: str
    node: str
    title: str
    score: float
    snippet: str
    law_title: str = ""
    matched: list[Matched] = field(default_factory=list)


@dataclass
class LawGroup:
    """All matching provisions of one law, every edition together (editions in order of their best hit)."""

    law: str
    score: float
    hits: list[Hit]
    more: int = 0  # matching provisions not shown (beyond PER_EDITION per edition)

    @property
    def editions(self) -> list[str]:
        """Editions with a matching provision, best first."""
        return list(dict.fromkeys(hit.edition for hit in self.hits))


@dataclass
class SearchResult:
    """Everything a search returns; `results` is the flat list (best law first) that DESIGN.md specifies."""

    query: str
    kind: str  # "words", "citation" or "empty"
    groups: list[LawGroup] = field(default_factory=list)
    corrections: list[dict] = field(default_factory=list)
    did_you_mean: list[str] = field(default_factory=list)
    concepts: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    index: dict = field(default_factory=dict)
    languages: list[str] = field(default_factory=list)  # the languages the query is written in, best first
    semantic: bool = False  # True when passage vectors took part in the ranking

    @property
    def results(self) -> list[Hit]:
        """Every hit, group by group."""
        return [hit for group in self.groups for hit in group.hits]

    @property
    def laws(self) -> list[str]:
        """The laws found, best first."""
        return [group.law for group in self.groups]

    def to_dict(self) -> dict:
        """The DESIGN.md JSON shape, plus groups, corrections, did_you_mean, concepts, notes and index."""
        results = [{"edition": h.edition, "language": h.language, "law": h.law, "node": h.node, "title": h.title,
                    "score": round(h.score, 3), "snippet": h.snippet, "law_title": h.law_title,
                    "matched": [asdict(m) for m in h.matched]} for h in self.results]
        groups = [{"law": g.law, "score": round(g.score, 3), "editions": g.editions,
                   "nodes": [f"{h.edition}:{h.node}" for h in g.hits], "more": g.more} for g in self.groups]
        return {"query": self.query, "kind": self.kind, "results": results, "groups": groups,
                "corrections": self.corrections, "did_you_mean": self.did_you_mean, "concepts": self.concepts,
                "notes": self.notes, "index": self.index, "languages": self.languages,
                "semantic": self.semantic}
