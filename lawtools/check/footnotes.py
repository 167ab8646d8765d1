"""Footnote checks: markers in the text without a footnote, and footnotes whose marker is nowhere."""

from __future__ import annotations

import re

from ..model import Article
from .model import CheckContext, Finding, excerpt

_STARS = re.compile(r"(?<!\*)\*+(?!\*)")
_NUMBERED = re.compile(r"(?<![\w(])(\d)\)(?!\))")


def check(context: CheckContext) -> list[Finding]:
    """Every footnote finding of the checked editions."""
    findings: list[Finding] = []
    for edition in context.editions:
        for article in context.articles(edition).values():
            findings += _markers_without_text(article)
            findings += _texts_without_marker(article)
    return findings


def _texts(article: Article):
    if article.intro:
        yield article.law, article.intro
    for node in article.walk():
        for text in (node.title, node.text):
            if text:
                yield node.id, text


def _marks(article: Article) -> set[str]:
    return {note.mark.strip() for note in article.footnotes if note.mark}


def _markers_without_text(article: Article) -> list[Finding]:
    if article.partial:
        return []  # the source lacks part of the law: a footnote printed after the cut is lost with it
    marks = _marks(article)
    # '1)' is a marker only in a law whose footnotes are numbered; elsewhere it is a list label
    patterns = (_STARS, _NUMBERED) if any(re.fullmatch(r"\d\)", mark) for mark in marks) else (_STARS,)
    found = []
    for node_id, text in _texts(article):
        for pattern in patterns:
            for match in pattern.finditer(text):
                if match.group(0) not in marks:
                    found.append(Finding(article.edition, article.law, node_id, "footnote-missing-text", "error",
                                         f"footnote marker {match.group(0)!r} has no footnote text in law "
                                         f"{article.law}", excerpt(text, match.start(), match.end())))
    return found


def _texts_without_marker(article: Article) -> list[Finding]:
    found = []
    texts = [text for _, text in _texts(article)]
    for note in article.footnotes:
        mark = note.mark.strip()
        if not mark or note.offset is not None:
            continue  # bracketed notes stand where they apply; an offset means the marker was found
        anchor = article.find(note.node) if note.node and note.node != article.law else None
        if note.node == article.law or (anchor is not None and anchor.title):
            continue  # the marker stood in the law's or section's heading, which the reader keeps apart
        if mark.startswith("*"):
            present = any(mark in _STARS.findall(text) for text in texts)
        else:
            present = any(re.search(rf"(?<!\d){re.escape(mark)}(?!\d)", text) for text in texts)
        if not present:
            found.append(Finding(article.edition, article.law, note.node or article.law, "footnote-missing-marker",
                                 "warning", f"footnote {mark!r} has no marker in the text of law {article.law}",
                                 note.text[:120]))
    return found
