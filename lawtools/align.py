"""Alignment across editions by node id: the coverage matrix and the parallel view of one provision."""

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
                }
                for a in self.alignments
            ],
        }


def coverage(corpus: Corpus) -> Coverage:
    """The coverage matrix of the corpus and, for laws in several editions, where structures differ."""
    editions = corpus.editions()
    cells: dict[str, dict[str, Cell]] = {}
    alignments = []
    for law in corpus.laws():
        ids = corpus.node_ids(law)
        cells[law] = {e: Cell(len(v), corpus.article(e, law).partial) for e, v in ids.items()}
        alignments.append(align_law(law, ids))
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


@dataclass
class ParallelView:
    """A provision and everything inside it, aligned by node id across editions."""

    citation: str
    editions: list[str]
    titles: dict[str, str]
    rows: list[ParallelRow]
    articles: dict[str, Article]

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
                                                       "inferred": node.inferred})
                        for e, node in row.cells.items()
                    },
                }
                for row in self.rows
            ],
        }


def parallel(corpus: Corpus, citation: str | Citation, editions: list[str] | None = None) -> ParallelView:
    """The cited provision and its sub-provisions in every (selected) edition that has it."""
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
    return ParallelView(str(citation), list(articles), {e: a.title for e, a in articles.items()}, rows, articles)


def _intro_node(article: Article) -> Node | None:
    if not article.intro and not article.title:
        return None
    return Node(id=article.law, kind="law", label=article.law, title=article.title, text=article.intro)
