"""Alignment across editions: the coverage matrix and the parallel view of one provision.

By node id within one Laws year; given the stored concordance (`lawtools.concordance`), rows pair
counterparts instead (2007 57C2 beside 2017 57C3) and the views name renumberings and warn when one id
holds different rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .citation import Citation, node_sort_key
from .errors import NotFound
from .model import Article, Node
from .records import Corpus, law_ranges


@dataclass
class Cell:
    """One law in one edition: how many provisions it has and whether it is partial."""

    provisions: int
    partial: bool = False


@dataclass
class LawAlignment:
    """One law across editions: each edition's provision ids and the ids only some editions have."""

    law: str
    editions: dict[str, list[str]]
    only_in: dict[str, list[str]] = field(default_factory=dict)
    missing_from: dict[str, list[str]] = field(default_factory=dict)
    renumbered: list[str] = field(default_factory=list)  # '2007 57C2 = 2017 57C3', from the concordance


@dataclass
class Coverage:
    """Laws x editions, with structure differences per law."""

    editions: list[str]
    laws: list[str]
    cells: dict[str, dict[str, Cell]]
    alignments: list[LawAlignment]

    def to_dict(self) -> dict:
        """The JSON shape of `lawtools align --json`."""
        return {
            "editions": self.editions,
            "laws": [
                {
                    "law": a.law,
                    "editions": {
                        e: {"provisions": ids, "partial": self.cells[a.law][e].partial} for e, ids in a.editions.items()
                    },
                    "only_in": a.only_in,
                    "missing_from": a.missing_from,
                    "renumbered": a.renumbered,
                }
                for a in self.alignments
            ],
        }


def coverage(corpus: Corpus, concordance=None) -> Coverage:
    """The coverage matrix of the corpus and, for laws in several editions, where structures differ.

    With the concordance, each law also lists its renumberings ('2007 57C2 = 2017 57C3').
    """
    editions = corpus.editions()
    cells: dict[str, dict[str, Cell]] = {}
    alignments = []
    for law in corpus.laws():
        ids = corpus.node_ids(law)
        cells[law] = {e: Cell(len(v), corpus.article(e, law).partial) for e, v in ids.items()}
        alignment = align_law(law, ids)
        if concordance is not None:
            from .concordance.views import renumberings

            alignment.renumbered = renumberings(corpus, concordance, law)
        alignments.append(alignment)
    return Coverage(editions, corpus.laws(), cells, alignments)


def align_law(law: str, ids: dict[str, list[str]]) -> LawAlignment:
    """Compare the provision ids of one law across the editions that have it."""
    alignment = LawAlignment(law, ids)
    if len(ids) < 2:
        return alignment
    every = set.union(*(set(v) for v in ids.values()))
    for edition, own in ids.items():
        others = set.union(*(set(v) for e, v in ids.items() if e != edition))
        unique = sorted(set(own) - others, key=node_sort_key)
        absent = sorted(every - set(own), key=node_sort_key)
        if unique:
            alignment.only_in[edition] = unique
        if absent:
            alignment.missing_from[edition] = absent
    return alignment


@dataclass
class ParallelRow:
    """One provision id and its text in each edition (None where the edition lacks it)."""

    id: str
    cells: dict[str, Node | None]
    ids: dict[str, str] = field(default_factory=dict)        # edition -> counterpart id(s), pairing by content
    relations: dict[str, str] = field(default_factory=dict)  # edition -> relation to the reference edition


@dataclass
class ParallelView:
    """A provision and everything inside it, aligned by node id across editions."""

    citation: str
    editions: list[str]
    titles: dict[str, str]
    rows: list[ParallelRow]
    articles: dict[str, Article]
    reference: str | None = None  # the edition whose provisions lead the rows (pairing by content)
    notes: list[str] = field(default_factory=list)     # '2007 57C2 = 2017 57C3'
    warnings: list[str] = field(default_factory=list)  # one id, different rules

    def to_dict(self) -> dict:
        """The JSON shape of `lawtools show --json`."""
        return {
            "citation": self.citation,
            "editions": [
                {
                    "edition": e,
                    "language": self.articles[e].language,
                    "law": self.articles[e].law,
                    "law_title": self.titles[e],
                    "partial": self.articles[e].partial,
                }
                for e in self.editions
            ],
            "rows": [
                {
                    "id": row.id,
                    "editions": {
                        e: (None if node is None else {"label": node.label, "title": node.title, "text": node.text,
                                                       "inferred": node.inferred, "id": row.ids.get(e, row.id),
                                                       **({"relation": row.relations[e]} if e in row.relations
                                                          else {})})
                        for e, node in row.cells.items()
                    },
                }
                for row in self.rows
            ],
            "paired_by": "content" if self.reference else "id",
            "reference": self.reference,
            "counterparts": self.notes,
            "warnings": self.warnings,
        }


def parallel(corpus: Corpus, citation: str | Citation, editions: list[str] | None = None,
             concordance=None) -> ParallelView:
    """The cited provision and its sub-provisions in every (selected) edition that has it.

    With the concordance, rows pair counterparts: the first edition that has the provision leads, and
    each other edition shows the provision(s) the concordance links to it.
    """
    citation = Citation.parse(citation) if isinstance(citation, str) else citation
    selected = [corpus.check_edition(e) for e in editions] if editions else corpus.editions()
    provisions = corpus.provisions(citation, selected)
    if not provisions:
        having = [e for e in selected if corpus.article(e, citation.law)]
        elsewhere = [e for e in corpus.editions() if e not in selected and corpus.provisions(citation, [e])]
        if having:
            detail = f"law {citation.law} is in {', '.join(having)} but none has {citation}"
        elif elsewhere:
            detail = f"{', '.join(selected)} lacks law {citation.law}; {citation} is in {', '.join(elsewhere)}"
        elif any(corpus.article(e, citation.law) for e in corpus.editions()):
            detail = f"{', '.join(selected)} lacks law {citation.law}, and no other edition has {citation}"
        else:
            detail = f"no edition has law {citation.law}; laws in the corpus: {law_ranges(corpus.laws())}"
        raise NotFound(f"{citation} not found: {detail}")
    articles = {p.edition: p.article for p in provisions}
    nodes_by_edition: dict[str, dict[str, Node]] = {}
    for p in provisions:
        inside = p.node.walk() if p.node else p.article.walk()
        nodes_by_edition[p.edition] = {n.id: n for n in inside}
    ids = sorted({i for nodes in nodes_by_edition.values() for i in nodes}, key=node_sort_key)
    rows = [ParallelRow(i, {e: nodes_by_edition[e].get(i) for e in articles}) for i in ids]
    if citation.parent is None:
        intro = ParallelRow(str(citation), {e: _intro_node(a) for e, a in articles.items()})
        rows.insert(0, intro)
    view = ParallelView(str(citation), list(articles), {e: a.title for e, a in articles.items()}, rows, articles)
    if concordance is not None and len(articles) > 1:
        _pair_by_content(corpus, concordance, view, nodes_by_edition, citation)
    return view


def _pair_by_content(corpus: Corpus, conc, view: ParallelView, nodes: dict[str, dict[str, Node]],
                     citation: Citation) -> None:
    """Re-pair the rows of a parallel view by the concordance (in place)."""
    from .concordance.views import equivalence, in_time, mapped_ids, same_id_warnings

    reference = view.editions[0]
    others = view.editions[1:]
    used: dict[str, set[str]] = {e: set() for e in others}
    rows = []
    for row in view.rows:
        own = row.cells.get(reference)
        if own is None:
            continue
        new = ParallelRow(row.id, {reference: own}, {reference: row.id}, {})
        for e in others:
            ids, relation = mapped_ids(conc, reference, row.id, e)
            relation = in_time(relation, later=corpus.year(reference) > corpus.year(e))
            if relation is None:  # the concordance does not cover this pair: fall back to the id
                new.cells[e] = row.cells.get(e)
                continue
            found = [(i, _find(corpus, view.articles[e], e, i)) for i in ids]
            found = [(i, n) for i, n in found if n is not None]
            new.relations[e] = relation
            if found:
                new.ids[e] = " + ".join(i for i, _ in found)
                new.cells[e] = found[0][1] if len(found) == 1 else _joined(found)
                used[e].update(i for i, _ in found)
            else:
                new.cells[e] = None
        rows.append(new)
    for e in others:  # what the other editions have under the citation that no row shows: new provisions
        for node_id, node in nodes[e].items():
            if node_id in used[e] or node.kind == "law":
                continue
            ids, relation = mapped_ids(conc, e, node_id, reference)
            relation = in_time(relation, later=corpus.year(e) > corpus.year(reference))
            extra = ParallelRow(node_id, {x: None for x in view.editions}, {e: node_id},
                                {e: relation or "new"} if not ids else {e: relation})
            extra.cells[e] = node
            rows.append(extra)
    order = {r.id: k for k, r in enumerate(rows)}
    rows.sort(key=lambda r: (node_sort_key(r.ids.get(reference) or r.id), order[r.id]))
    view.rows = rows
    view.reference = reference
    for row in rows:
        for e in others:
            if row.ids.get(e) and reference in row.ids and row.ids[e] != row.ids[reference]:
                link = next((k for k in conc.counterparts(reference, row.ids[reference]) if k.to_edition == e), None)
                if link is not None:
                    view.notes.append(equivalence(corpus, link) if "+" not in row.ids[e] else
                                      f"{equivalence(corpus, link).rsplit(' ', 1)[0]} {row.ids[e]}")
    ids = [r.id for r in rows if r.cells.get(reference) is not None]
    view.warnings = same_id_warnings(corpus, conc, reference, ids, others)


def _find(corpus: Corpus, article: Article, edition: str, node_id: str) -> Node | None:
    from .concordance.links import law_of

    if law_of(node_id) != article.law:
        article = corpus.article(edition, law_of(node_id)) or article
    if node_id == article.law:
        return _intro_node(article)
    return article.find(node_id)


def _joined(found: list[tuple[str, Node]]) -> Node:
    first = found[0][1]
    text = "\n".join(f"[{i}] {n.text}".rstrip() for i, n in found)
    return Node(id=first.id, kind=first.kind, label=first.label, title=first.title, text=text)


def _intro_node(article: Article) -> Node | None:
    if not article.intro and not article.title:
        return None
    return Node(id=article.law, kind="law", label=article.law, title=article.title, text=article.intro)
