"""The stored concordance: `Link`s between provisions of two editions, read from `corpus/concordance/`.

Reading needs nothing but the YAML files (no numpy, no encoder): `load_concordance(corpus_dir)`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..citation import Citation, node_sort_key
from ..errors import ConcordanceError, NotFound, StaleConcordance
from ..schema import Bool, Either, Int, List, Map, Nullable, Number, SchemaViolation, Str
from ..yamlio import describe_error, format_key_path, read_yaml

RELATIONS = ("same", "changed", "renumbered", "split", "merged", "new", "removed")
_NODE = Nullable(Str(max_length=80, nonempty=True, hint="a provision id"))
PAIR_FILE = Map(open=True, required=("from", "to", "fingerprint", "links"), fields={
    "from": Str(pattern=r"[a-z]{2,3}-\d{4}", hint="an edition id"),
    "to": Str(pattern=r"[a-z]{2,3}-\d{4}", hint="an edition id"),
    "mode": Str(max_length=40), "fingerprint": Either((Str(max_length=200), Int())),
    "links": List(Map(open=True, required=("from", "to", "relation", "score"), fields={
        "from": _NODE, "to": _NODE, "relation": Str(choices=RELATIONS), "score": Number(),
        "evidence": List(Str()), "confirmed": Bool()}), nullable=False),
})
__all__ = ["RELATIONS", "Concordance", "ConcordanceError", "Link", "PairFile", "StaleConcordance",
           "dump_pair", "law_of", "load_concordance", "read_pair"]
_REVERSE = {"split": "merged", "merged": "split", "new": "removed", "removed": "new"}


@dataclass(frozen=True)
class Link:
    """Two counterpart provisions of two editions (one side None: the provision has no counterpart there)."""

    from_edition: str
    from_node: str | None
    to_edition: str
    to_node: str | None
    relation: str
    score: float
    evidence: tuple[str, ...] = ()
    confirmed: bool = False  # set by a hand override

    @property
    def from_key(self) -> str | None:
        """`sv-2007:57C2`, or None."""
        return f"{self.from_edition}:{self.from_node}" if self.from_node else None

    @property
    def to_key(self) -> str | None:
        """`nl-2017:57C3`, or None."""
        return f"{self.to_edition}:{self.to_node}" if self.to_node else None

    @property
    def laws(self) -> set[str]:
        """The law numbers of both ends."""
        return {law_of(n) for n in (self.from_node, self.to_node) if n}

    def reversed(self) -> Link:
        """The same link seen from the other edition (split reads merged, new reads removed)."""
        return replace(self, from_edition=self.to_edition, from_node=self.to_node, to_edition=self.from_edition,
                       to_node=self.from_node, relation=_REVERSE.get(self.relation, self.relation))

    def to_dict(self) -> dict:
        """The JSON shape of `lawtools concordance --json`. A new or removed provision's link names the edition it
        has no counterpart in (`from_edition` or `to_edition`, beside the null end)."""
        data = {"from": self.from_key, "to": self.to_key, "relation": self.relation, "score": self.score,
                "evidence": list(self.evidence)}
        if self.from_node is None:
            data["from_edition"] = self.from_edition
        if self.to_node is None:
            data["to_edition"] = self.to_edition
        if self.confirmed:
            data["confirmed"] = True
        return data


def law_of(node_id: str) -> str:
    """The law a node id belongs to ('71.1' -> '71', '57' -> '57')."""
    citation = Citation.try_parse(node_id)
    return citation.law if citation else node_id


@dataclass
class PairFile:
    """One edition pair's stored links and the fingerprint of what they were computed from."""

    from_edition: str
    to_edition: str
    fingerprint: str
    mode: str
    links: list[Link]


@dataclass
class Concordance:
    """Every link, with look-ups by provision: the stored pairs and, when a plan says which pairs were
    computed (plan.py), every other pair of editions sharing a law composed through them on first use."""

    pairs: list[PairFile] = field(default_factory=list)  # the stored (computed) pairs
    plan: object | None = None  # plan.Plan, or None: only stored pairs
    _composed: dict = field(default_factory=dict, repr=False)
    _seen: dict = field(default_factory=dict, repr=False)
    _router: object | None = field(default=None, repr=False)

    def _stored(self) -> dict[frozenset, PairFile]:
        return {frozenset((p.from_edition, p.to_edition)): p for p in self.pairs}

    def every_pair(self) -> list[PairFile]:
        """The stored pairs, then the composed ones (in plan order)."""
        if self.plan is None:
            return list(self.pairs)
        stored = self._stored()
        composed = [self.pair(a, b) for a, b in self.plan.sharing() if frozenset((a, b)) not in stored]
        return list(self.pairs) + [p for p in composed if p is not None]

    @property
    def links(self) -> list[Link]:
        """All links of all edition pairs (stored, then composed), in stored order."""
        return [link for pair in self.every_pair() for link in pair.links]

    def editions(self) -> list[str]:
        """Edition ids the concordance covers."""
        if self.plan is not None:
            return [e.id for e in self.plan.editions]
        return list(dict.fromkeys(e for p in self.pairs for e in (p.from_edition, p.to_edition)))

    def pair(self, a: str, b: str, remember: bool = True) -> PairFile | None:
        """The pair of two editions, in either order: stored, or composed through stored ones (kept for the next
        call unless `remember` is False: a caller that keeps what it needs of a pair need not hold every pair)."""
        key = frozenset((a, b))
        if self._router is not None:
            stored = self._router.stored.get(key)
        else:
            stored = next((p for p in self.pairs if {p.from_edition, p.to_edition} == {a, b}), None)
        if stored is not None or self.plan is None or a == b:
            return stored
        if key in self._composed:
            return self._composed[key]
        from .compose import Router, compose

        if self._router is None:  # shared by every composition: paths and views are found once
            self._router = Router(self.plan, self._stored())
        composed = compose(self.plan, self._router.stored, a, b, self._router)
        if remember:
            self._composed[key] = composed
        return composed

    def _pairs_of(self, edition: str) -> list[PairFile]:
        others = [e for e in self.editions() if e != edition]
        found = [self.pair(edition, other) for other in others]
        return [p for p in found if p is not None]

    def counterparts(self, edition: str, node_id: str) -> list[Link]:
        """Links from this provision to every other edition, seen from it (`from_*` is the provision).

        A link whose `to_node` is None says the other edition has no counterpart (new or removed).
        """
        if edition not in self._seen:
            index: dict[str, list[Link]] = {}
            for pair in self._pairs_of(edition):
                for link in pair.links:
                    seen = link if link.from_edition == edition else link.reversed()
                    if seen.from_node is not None:
                        index.setdefault(seen.from_node, []).append(seen)
            self._seen[edition] = index
        return sorted(self._seen[edition].get(node_id, []), key=lambda k: (k.to_edition, -k.score))

    def counterpart(self, edition: str, node_id: str, other_edition: str) -> Link | None:
        """The best link from this provision to one other edition, or None when the concordance has none.

        Its `to_node` is None when the provision has no counterpart there; a split has more links
        (`counterparts` lists them all).
        """
        links = [k for k in self.counterparts(edition, node_id) if k.to_edition == other_edition]
        linked = [k for k in links if k.to_node]
        return (linked or links or [None])[0]

    def select(self, edition: str | None = None, law: str | None = None) -> list[Link]:
        """Links touching an edition and/or a law (either end), in stored order."""
        pairs = self.every_pair() if edition is None else self._pairs_of(edition)
        return [k for p in pairs for k in p.links if law is None or law in k.laws]


def concordance_dir(corpus_dir: Path) -> Path:
    """corpus/concordance/ beside the records."""
    return corpus_dir / "concordance"


def pair_path(corpus_dir: Path, from_edition: str, to_edition: str) -> Path:
    """The stored file of one edition pair."""
    return concordance_dir(corpus_dir) / f"{from_edition}_{to_edition}.yaml"


def load_concordance(corpus_dir: Path) -> Concordance:
    """The stored concordance under `corpus_dir/concordance` (NotFound when none has been computed)."""
    directory = concordance_dir(Path(corpus_dir))
    files = sorted(p for p in directory.glob("*_*.yaml")) if directory.is_dir() else []
    if not files:
        raise NotFound(f"no concordance under {directory}; run `lawtools concordance --update`")
    from .plan import read_plan

    return Concordance([read_pair(path) for path in files], read_plan(directory))


def read_pair(path: Path) -> PairFile:
    """One stored pair file; ConcordanceError naming the file when it is malformed."""
    try:
        data = read_yaml(path)
    except Exception as error:  # noqa: BLE001 - yaml, OS and decoding errors all become one message
        raise ConcordanceError(describe_error(path, error) + "; run `lawtools concordance --update`") from None
    try:
        data = PAIR_FILE.check(data)
    except SchemaViolation as violation:  # a hand edit: a list where a node id belongs, a score that is text
        raise ConcordanceError(f"{path}: not a concordance file ({format_key_path(violation.path)}: "
                               f"{violation.message}); run `lawtools concordance --update`") from None
    try:
        a, b = data["from"], data["to"]
        links = [Link(a, item["from"], b, item["to"], item["relation"], float(item["score"]),
                      tuple(item.get("evidence", ())), bool(item.get("confirmed", False)))
                 for item in data["links"]]
        bad = [k for k in links if k.relation not in RELATIONS]
        if bad:
            raise ValueError(f"unknown relation {bad[0].relation!r}")
        return PairFile(a, b, str(data["fingerprint"]), str(data.get("mode", "encoder")), links)
    except (KeyError, TypeError, ValueError) as error:
        raise ConcordanceError(f"{path}: not a concordance file ({type(error).__name__}: {error}); "
                               "run `lawtools concordance --update`") from None


def dump_pair(pair: PairFile) -> str:
    """A pair file's text: a header, then one link per line in a stable order (diffable)."""
    lines = [
        "# The concordance of two editions, computed by `lawtools concordance --update` from the records.",
        "# Do not edit: confirm or override a link in overrides.yaml (it survives recomputation).",
        f"from: {pair.from_edition}",
        f"to: {pair.to_edition}",
        f"mode: {pair.mode}",
        f"fingerprint: {pair.fingerprint}",
        "links:",
    ]
    for link in sorted(pair.links, key=link_order):
        item = {"from": link.from_node, "to": link.to_node, "relation": link.relation, "score": link.score,
                "evidence": list(link.evidence)}
        if link.confirmed:
            item["confirmed"] = True
        lines.append("  - " + json.dumps(item, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def link_order(link: Link) -> tuple:
    """Stored order: by the earlier edition's provision (new ones by their own), then the later one's."""
    anchor = link.from_node or link.to_node or ""
    return (node_sort_key(law_of(anchor)), node_sort_key(anchor), link.from_node is None,
            node_sort_key(link.to_node or ""))
