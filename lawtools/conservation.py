"""Proof that ingest loses no text: every word of a source appears exactly once in its records.

Words are compared as multisets of tokens (runs of letters and digits). A token with a letter must
occur in the records exactly as often as in the source, once the removed furniture (page numbers,
running headers) is accounted for. Tokens of digits only may be fewer in the records, because footnote
markers that are only page-layout digits ("sortert 1 kortstokk") are dropped from running text; they
may never be more (nothing is invented). Labels a reader inferred (`"inferred": true`) do not count,
since the source never printed them. Both sides are normalised the same way (NFC, broken words joined).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .readers.base import Document, SourceText
from .text import normalise

TOKEN = re.compile(r"[^\W_]+")


@dataclass
class ConservationReport:
    """Tokens the records lack (lost) or add (invented), compared with the source."""

    edition: str
    source_tokens: int
    lost: Counter
    invented: Counter

    @property
    def ok(self) -> bool:
        """True when no word was lost and nothing was invented."""
        return not self.lost and not self.invented

    def describe(self, limit: int = 12) -> str:
        """A short human summary of what differs."""
        parts = []
        if self.lost:
            parts.append("lost: " + ", ".join(f"{t}×{n}" for t, n in self.lost.most_common(limit)))
        if self.invented:
            parts.append("invented: " + ", ".join(f"{t}×{n}" for t, n in self.invented.most_common(limit)))
        return f"{self.edition}: " + ("; ".join(parts) if parts else "every word kept")


def tokens(text: str) -> list[str]:
    """The word tokens of a text."""
    return TOKEN.findall(text)


def source_tokens(source: SourceText, document: Document, language: str) -> Counter:
    """Tokens of the source once the furniture the reader removed is cut out."""
    lines = {line.number: line.text for line in source.lines}
    for item in sorted(document.furniture, key=lambda f: (f.line, -(f.column or 0))):
        text = lines.get(item.line, "")
        if item.column is None:
            lines[item.line] = text.replace(item.text, " ", 1) if item.text.strip() != text.strip() else ""
        else:
            lines[item.line] = text[: item.column] + " " + text[item.column + len(item.text):]
    return Counter(tokens(normalise(" ".join(lines[n] for n in sorted(lines)), language)))


def record_tokens(document: Document) -> Counter:
    """Tokens of everything the records keep from the source, counted once each."""
    counts: Counter = Counter()
    for article in document.articles:
        if article.heading or not article.partial:  # a partial article may lack a printed heading
            counts.update(tokens(article.heading or f"{article.law} {article.title}"))
        counts.update(tokens(article.intro))
        for node in article.walk():
            if not node.inferred:
                counts.update(tokens(node.label))
            counts.update(tokens(node.title))
            counts.update(tokens(node.text))
        for note in article.footnotes:
            counts.update(tokens(note.mark))
            counts.update(tokens(note.text))
    for front in document.front:
        counts.update(tokens(front.heading))
        for paragraph in front.paragraphs:
            counts.update(tokens(paragraph))
        for entry in front.entries:
            counts.update(tokens(entry.term))
            counts.update(tokens(entry.definition))
    for heading in document.headings:
        counts.update(tokens(heading.title))
    return counts


def check_conservation(edition_id: str, language: str, source: SourceText, document: Document) -> ConservationReport:
    """Compare the source's words with the records' words (see the module docstring for the rules)."""
    expected = source_tokens(source, document, language)
    kept = record_tokens(document)
    lost, invented = Counter(), Counter()
    for token in set(expected) | set(kept):
        difference = expected[token] - kept[token]
        if difference > 0 and not token.isdigit():
            lost[token] = difference
        elif difference < 0:
            invented[token] = -difference
    return ConservationReport(edition_id, sum(expected.values()), lost, invented)
