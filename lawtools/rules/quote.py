"""The text of the provisions a rule or finding cites, from the corpus records, in each edition's language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..citation import Citation
from ..model import Article, Node
from ..records import Corpus
from .editions import edition_ids
from .registry import absent_laws


def node_text(node: Node) -> str:
    """A provision's caption and text with those of everything under it, one space apart."""
    parts = [node.title, node.text, *(node_text(child) for child in node.children)]
    return " ".join(p for p in parts if p)


def provision_text(article: Article, provision: str) -> str | None:
    """The cited text of a provision in one article (the whole law for a bare law number), or None."""
    citation = Citation.parse(provision)
    if citation.parent is None:
        return " ".join(p for p in [article.title, article.intro, *(node_text(n) for n in article.nodes)] if p)
    node = article.find(str(citation))
    return node_text(node) if node is not None else None


@dataclass(frozen=True)
class Quote:
    """One edition's text of a cited provision (text None when the law is absent from the corpus)."""

    provision: str
    edition: str | None
    language: str | None
    text: str | None
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        data = {"provision": self.provision, "edition": self.edition, "language": self.language, "text": self.text}
        if self.note:
            data["note"] = self.note
        return data


def quotes(provisions: tuple[str, ...] | list[str], year: int, corpus: Corpus,
           prefer: str | None = None) -> list[Quote]:
    """The text of each provision in the preferred edition when it has it, else in every edition of this
    year's Laws that has it (absent laws and missing provisions say so)."""
    available = set(corpus.editions())
    editions = [e for e in edition_ids(year, corpus.manifest) if e in available]
    found: list[Quote] = []
    for provision in provisions:
        law = Citation.parse(provision).law
        if law in absent_laws():
            found.append(Quote(provision, None, None, None, f"Law {law} is in none of the corpus sources"))
            continue
        hits = []
        for edition in editions:
            article = corpus.article(edition, law)
            text = provision_text(article, provision) if article is not None else None
            if text is not None:
                hits.append(Quote(provision, edition, corpus.language(edition), text))
        if not hits:
            found.append(Quote(provision, None, None, None, f"no {year} edition in the corpus has {provision}"))
        preferred = [q for q in hits if q.edition == prefer]
        found.extend(preferred or hits)
    return found
