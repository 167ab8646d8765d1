"""Using the stored concordance where provisions are paired: show, history, diff rows, align, TMX.

Everything here reads `Concordance` (no numpy, no encoder). Each function takes the concordance as an
argument, so a caller without one (none computed yet) keeps pairing by id.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..citation import Citation, node_sort_key
from ..errors import NotFound
from ..records import Corpus
from .links import Concordance, ConcordanceError, Link, concordance_dir, law_of


def stored_concordance(corpus: Corpus, warn: bool = True) -> Concordance | None:
    """The corpus's stored concordance, or None when none has been computed; warns when it is stale."""
    from .links import load_concordance

    directory: Path = concordance_dir(corpus.manifest.corpus_dir)
    if not directory.is_dir() or not any(directory.glob("*_*.yaml")):
        return None
    try:
        conc = load_concordance(corpus.manifest.corpus_dir)
    except NotFound:
        return None
    if warn:
        from .store import check

        try:
            problems = check(corpus)
        except ConcordanceError as error:
            problems = [str(error)]
        if problems:
            print(f"lawtools: warning: the stored concordance is not current ({problems[0]}); "
                  "run `lawtools concordance --update`", file=sys.stderr)
    return conc


def year_label(corpus: Corpus, edition: str) -> str:
    """The Laws year of an edition ('2007')."""
    return str(corpus.edition_info[edition].get("year", edition))


def equivalence(corpus: Corpus, link: Link) -> str:
    """'2007 57C2 = 2017 57C3' (editions named when both are of one year)."""
    ya, yb = year_label(corpus, link.from_edition), year_label(corpus, link.to_edition)
    if ya == yb:
        ya, yb = link.from_edition, link.to_edition
    return f"{ya} {link.from_node} = {yb} {link.to_node}"


def mapped_ids(conc: Concordance, reference: str, node_id: str, other: str) -> tuple[list[str], str | None]:
    """The ids of a provision's counterparts in another edition, and the relation (None: not covered)."""
    links = [k for k in conc.counterparts(reference, node_id) if k.to_edition == other]
    if not links:
        return [], None
    ids = sorted({k.to_node for k in links if k.to_node}, key=node_sort_key)
    relation = links[0].relation if len(links) == 1 else ("split" if ids else links[0].relation)
    return ids, relation


def same_id_warnings(corpus: Corpus, conc: Concordance, reference: str, node_ids: list[str],
                     others: list[str]) -> list[str]:
    """Where an id names a different rule in another edition ('nl-2017 57C2 is not sv-2007 57C2')."""
    notes = []
    for node_id in node_ids:
        for other in others:
            article = corpus.article(other, law_of(node_id))
            if article is None or (article.find(node_id) is None and node_id != article.law):
                continue
            ids, relation = mapped_ids(conc, reference, node_id, other)
            if relation is None or node_id in ids:
                continue
            back, _ = mapped_ids(conc, other, node_id, reference)
            theirs = f"; {other} {node_id} is {reference} {', '.join(back)}" if back else ""
            mine = f"its counterpart is {', '.join(ids)}" if ids else "it has no counterpart there"
            notes.append(f"{other} {node_id} holds a different rule from {reference} {node_id}: {mine}{theirs}")
    return notes


def in_time(relation: str | None, later: bool) -> str | None:
    """A link's relation in the order of the Laws' years. Relations are stored from one edition to the other;
    read from the later edition to the earlier one (`later`), 'removed' (no counterpart on the other side)
    means the provision is new, and a split is a merge: nl-2017 57A3 -> sv-2007 is 'removed', which is 'new'."""
    if not later:
        return relation
    return {"removed": "new", "new": "removed", "split": "merged", "merged": "split"}.get(relation, relation)


@dataclass
class HistoryStep:
    """A provision in one edition: its counterpart ids there and how it relates to the reference."""

    edition: str
    year: str
    ids: list[str]
    relation: str | None  # None for the reference itself or an edition the concordance does not cover
    score: float | None = None
    evidence: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"edition": self.edition, "year": self.year, "provisions": self.ids, "relation": self.relation,
                "score": self.score, "evidence": self.evidence}


def history(corpus: Corpus, conc: Concordance, edition: str, node_id: str) -> list[HistoryStep]:
    """A provision through the editions, in Laws-year order: what it is called in each and how it changed."""
    order = {e: (corpus.year(e), i) for i, e in enumerate(corpus.editions())}
    steps = []
    for other in sorted(corpus.editions(), key=lambda e: order[e]):
        if other == edition:
            steps.append(HistoryStep(other, year_label(corpus, other), [node_id], None))
            continue
        links = [k for k in conc.counterparts(edition, node_id) if k.to_edition == other]
        if not links:
            continue
        ids = sorted({k.to_node for k in links if k.to_node}, key=node_sort_key)
        best = max(links, key=lambda k: k.score)
        relation = in_time(best.relation, later=order[other] < order[edition])
        steps.append(HistoryStep(other, year_label(corpus, other), ids, relation, best.score, list(best.evidence)))
    return steps


def render_history(node_id: str, edition: str, steps: list[HistoryStep]) -> str:
    """The history as a small table."""
    from ..table import render_table

    _words = {"new": "not yet in this edition (new later)", "removed": "no longer in this edition"}
    rows = []
    for s in steps:
        note = "(reference)" if s.relation is None else _words.get(s.relation, s.relation)
        if s.score is not None and s.relation not in (None,):
            note += f" {s.score:.2f}"
        rows.append([s.year, s.edition, " + ".join(s.ids) or "—", note])
    return f"{node_id} of {edition} through the editions\n" + render_table(
        ["year", "edition", "provision", "relation"], rows, width=80, wrap=[3])


def tmx_pairs(conc: Concordance, source: str, target: str) -> list[Link]:
    """The links of two editions that pair two provisions, seen from `source`, in source order."""
    pair = conc.pair(source, target)
    if pair is None:
        return []
    links = [k if k.from_edition == source else k.reversed() for k in pair.links]
    return sorted((k for k in links if k.from_node and k.to_node),
                  key=lambda k: (node_sort_key(k.from_node), node_sort_key(k.to_node)))


def renumberings(corpus: Corpus, conc: Concordance, law: str) -> list[str]:
    """A law's counterparts that changed id ('2007 57C2 = 2017 57C3'), once per pair of provisions."""
    notes = []
    for link in conc.select(law=law):
        if link.from_node and link.to_node and link.from_node != link.to_node:
            notes.append(equivalence(corpus, link))
    return list(dict.fromkeys(notes))


def reference_edition(corpus: Corpus, citation: Citation, editions: list[str]) -> str | None:
    """The first edition (in the order given) that has the cited provision."""
    for edition in editions:
        if corpus.provisions(citation, [edition]):
            return edition
    return None
