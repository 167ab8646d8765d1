"""The provisions the concordance aligns: one `Unit` per provision of an edition, with what it says.

A unit is a node of the records (section, item, sub-item) or, when the article has introductory text, the
law itself (id = law number). Its `full` text is what is compared: caption and text, and for a heading
that has no text of its own (``57C`` "Declarer or dummy has played") the texts of its children, since a
section says what its items say.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from ..model import Article, Node
from ..records import Corpus

_SENTENCE = re.compile(r"(?<=[.;:!?)])\s+(?=[(\[«\"„]?[A-ZÅÄÖÆØÜ0-9])")
_FULL_LIMIT = 1500  # characters of children's text a heading borrows (the encoder reads ~512 tokens)


@dataclass
class Unit:
    """One provision of one edition, ready to be compared."""

    edition: str
    language: str
    law: str
    id: str
    kind: str          # law, section, item, subitem, subsubitem
    depth: int         # 0 for the law, 1 for a section, ...
    order: int         # position in the law (document order)
    title: str
    text: str
    full: str
    parent: str | None
    children: list[str] = field(default_factory=list)
    refs: frozenset[str] = frozenset()

    @property
    def key(self) -> str:
        """`edition:id`, the form links use."""
        return f"{self.edition}:{self.id}"

    @property
    def head(self) -> str:
        """The caption, or the start of the text when there is none: what a reader scans first."""
        return self.title or self.text[:100]

    @property
    def own(self) -> str:
        """Caption and text of the provision itself."""
        return " ".join(part for part in (self.title, self.text) if part)

    def sentences(self) -> list[str]:
        """The provision's own text cut into sentences (a sentence may move to another provision)."""
        parts = [s.strip() for s in _SENTENCE.split(self.text) if s.strip()]
        return parts if len(parts) > 1 else []


def text_hash(text: str) -> str:
    """The cache key of a text (embeddings are stored by it)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def article_units(article: Article, language: str) -> list[Unit]:
    """The units of one article in document order."""
    units: list[Unit] = []
    refs: dict[str, set[str]] = {}
    for ref in article.refs:
        refs.setdefault(ref.node, set()).add(ref.target)
    if article.intro:
        units.append(Unit(article.edition, language, article.law, article.law, "law", 0, 0, article.title,
                          article.intro, _join(article.title, article.intro), None,
                          [n.id for n in article.nodes], frozenset(refs.get(article.law, ()))))

    def visit(node: Node, parent: str | None, depth: int) -> None:
        full = _join(node.title, node.text)
        if not node.text.strip() and node.children:
            borrowed = " ".join(_join(c.title, c.text) for c in node.walk() if c is not node)
            full = _join(node.title, borrowed[:_FULL_LIMIT])
        units.append(Unit(article.edition, language, article.law, node.id, node.kind, depth, len(units),
                          node.title, node.text, full, parent, [c.id for c in node.children],
                          frozenset(refs.get(node.id, ()))))
        for child in node.children:
            visit(child, node.id, depth + 1)

    for node in article.nodes:
        visit(node, None, 1)
    return units


def edition_units(corpus: Corpus, edition: str) -> dict[str, list[Unit]]:
    """Every edition's units by law, in law order."""
    language = corpus.language(edition)
    return {law: article_units(article, language) for law, article in corpus.articles(edition).items()}


def _join(*parts: str) -> str:
    return " ".join(p.strip() for p in parts if p and p.strip())
