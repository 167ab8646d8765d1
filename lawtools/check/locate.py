"""Where a finding stands in the source: the source file and the line of the provision (or of its excerpt)."""

from __future__ import annotations

from dataclasses import replace

from ..records import Corpus
from .model import Finding


def locate(corpus: Corpus, findings: list[Finding]) -> list[Finding]:
    """The findings with `file` and `line` filled in from the records' line numbers."""
    places: dict[str, dict[str, list[int]]] = {}
    texts: dict[str, list[str]] = {}
    located = []
    for finding in findings:
        edition = finding.edition
        if edition not in places:
            places[edition] = _lines(corpus, edition)
            texts[edition] = _source(corpus, edition)
        lines = places[edition].get(finding.node) or places[edition].get(finding.law) or []
        file = corpus.edition_info[edition].get("source", {}).get("file", "")
        line = finding.line or _line(texts[edition], lines, finding.excerpt)  # a check may know the line itself
        located.append(replace(finding, file=file, line=line))
    return located


def _lines(corpus: Corpus, edition: str) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for article in corpus.articles(edition).values():
        span = article.source.get("lines") or []
        found[article.law] = list(range(span[0], span[-1] + 1)) if span else []
        for node in article.walk():
            if node.lines:
                found[node.id] = list(range(node.lines[0], node.lines[-1] + 1))
    for front in corpus.front(edition):
        span = front.source.get("lines") or []
        found[front.id] = list(range(span[0], span[-1] + 1)) if span else []
    return found


def _source(corpus: Corpus, edition: str) -> list[str]:
    path = corpus.manifest.corpus_dir.parent / corpus.edition_info[edition].get("source", {}).get("file", "")
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


def _line(source: list[str], lines: list[int], excerpt: str) -> int | None:
    """The line of the provision that holds the middle of the excerpt, else the provision's first line."""
    if not lines:
        return None
    core = excerpt.strip("…").strip()
    if core and source:
        middle = core[max(0, len(core) // 2 - 8): len(core) // 2 + 8]
        for number in lines:
            if 0 < number <= len(source) and middle and middle in source[number - 1]:
                return number
    return lines[0]
