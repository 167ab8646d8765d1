"""Small damage to a real source, made from its records: a label, a heading or a law deleted, duplicated or swapped.

Each mutation finds its target through the committed records (the line a provision starts on and the
words it starts with), so it works on every layout, line-per-paragraph or one-line-per-page alike.
`outcome()` ingests the damaged source with the edition's real manifest entry and says whether the
damage was reported: an `error` (one clear SourceError), an `anomaly` (a finding the undamaged source
does not have), or `silent` (neither: the damage was absorbed).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "corpus" / "records"
EDITIONS = ("sv-2007", "nb-2017", "de-1997", "nl-2017")
MUTATIONS = ("delete-item-label", "delete-item", "duplicate-label", "swap-labels", "delete-section-label",
             "delete-law-heading", "swap-law-headings", "duplicate-law", "delete-law")


def _articles(edition: str) -> list[dict]:
    meta = json.loads((RECORDS / edition / "edition.json").read_text(encoding="utf-8"))
    return [json.loads((RECORDS / edition / f"{law}.json").read_text(encoding="utf-8")) for law in meta["laws"]]


def _walk(nodes: list[dict]):
    for node in nodes:
        yield node
        yield from _walk(node["children"])


def _label_span(lines: list[str], node: dict) -> tuple[int, int, int] | None:
    """(line index, start, end) of the label printed before a provision's first words, when found."""
    index = node["lines"][0] - 1
    line = lines[index]
    label = node["label"]
    forms = [rf"\({re.escape(label)}\)", rf"{re.escape(label)}[.)]"] if node["kind"] != "section" else \
        [rf"{re.escape(label)}\."]
    words = (node.get("title") or node.get("text") or "").split()[:3]
    for form in forms:
        for match in re.finditer(rf"(?<![\w(]){form}(?=\s|$)", line):
            following = line[match.end():].split()
            if not words or following[:len(words)] == words or (following and following[0] == words[0]):
                return index, match.start(), match.end()
    return None


def _pair(articles: list[dict], kind: str) -> tuple[dict, dict] | None:
    """Two consecutive provisions of `kind` (siblings, not inferred, not the first) somewhere in the middle."""
    candidates = []
    for article in articles:
        for node in _walk(article["nodes"]):
            siblings = [c for c in node["children"] if c["kind"] == kind and not c.get("inferred")]
            candidates.extend(zip(siblings[1:], siblings[2:], strict=False))
        top = [c for c in article["nodes"] if c["kind"] == kind and not c.get("inferred")]
        candidates.extend(zip(top[1:], top[2:], strict=False))
    return candidates[len(candidates) // 2] if candidates else None


def mutate(edition: str, mutation: str, text: str) -> str | None:
    """The source text with one piece of damage; None when this source offers no target for it."""
    lines = text.split("\n")
    articles = _articles(edition)
    if mutation in ("delete-item-label", "duplicate-label", "swap-labels", "delete-item", "delete-section-label"):
        pair = _pair(articles, "section" if mutation == "delete-section-label" else "item")
        if pair is None:
            return None
        first, second = pair
        spans = _label_span(lines, first), _label_span(lines, second)
        if None in spans:
            return None
        (i1, s1, e1), (i2, s2, e2) = spans
        if mutation in ("delete-item-label", "delete-section-label"):
            lines[i1] = (lines[i1][:s1] + lines[i1][e1:]).rstrip() if lines[i1][:s1].strip() else \
                lines[i1][:s1] + lines[i1][e1:].lstrip()
        elif mutation == "duplicate-label":
            lines[i2] = lines[i2][:s2] + lines[i1][s1:e1] + lines[i2][e2:]
        elif mutation == "swap-labels":
            a, b = lines[i1][s1:e1], lines[i2][s2:e2]
            if i1 == i2:
                lines[i1] = lines[i1][:s1] + b + lines[i1][e1:s2] + a + lines[i1][e2:]
            else:
                lines[i1] = lines[i1][:s1] + b + lines[i1][e1:]
                lines[i2] = lines[i2][:s2] + a + lines[i2][e2:]
        else:  # delete-item: the text from its label to the next item's label
            if i1 == i2:
                lines[i1] = lines[i1][:s1] + lines[i1][s2:]
            else:
                del lines[i1:i2]
        return "\n".join(lines)
    middle = [a for a in articles if a.get("heading") and not a.get("partial")]
    article = middle[len(middle) // 2]
    start, end = article["source"]["lines"]
    heading = article["heading"]
    if mutation == "swap-law-headings":
        following = middle[middle.index(article) + 1] if article is not middle[-1] else None
        if following is None:
            return None
        first, second = article["source"]["lines"][0] - 1, following["source"]["lines"][0] - 1
        if lines[first].strip() != heading or lines[second].strip() != following["heading"]:
            return None  # headings that share their line with text (one line per page)
        lines[first], lines[second] = lines[second], lines[first]
        return "\n".join(lines)
    if mutation == "delete-law-heading":
        index = start - 1
        if heading not in lines[index] and lines[index].strip() not in heading:
            return None
        position = lines[index].find(heading.split()[0] + " " + heading.split()[1]) if heading in lines[index] else 0
        if heading in lines[index]:
            lines[index] = lines[index][:position] + lines[index][position + len(heading):]
        else:
            lines[index] = ""
        return "\n".join(lines)
    if start == end or any(a["source"]["lines"][0] == start and a is not article for a in articles) or \
            any(a["source"]["lines"][1] == start for a in articles if a is not article) or \
            any(a["source"]["lines"][0] == end for a in articles if a is not article):
        return None  # the law shares its lines with its neighbours (one line per page)
    block = lines[start - 1:end]
    if mutation == "duplicate-law":
        lines[end:end] = ["", *block]
    else:
        del lines[start - 1:end]
    return "\n".join(lines)


def outcome(edition_entry, mutated: str, tmp: Path) -> tuple[str, str]:
    """('error'|'anomaly'|'silent'|'n/a', detail) for one damaged source."""
    from lawtools.errors import LawtoolsError
    from lawtools.ingest import build_edition

    original = build_edition(edition_entry)
    before = Counter(a.code for article in original.document.articles for a in article.anomalies)
    path = tmp / edition_entry.source.name
    path.write_text(mutated, encoding="utf-8")
    damaged = replace(edition_entry, source=path)
    try:
        result = build_edition(damaged)
    except LawtoolsError as error:
        return "error", str(error).splitlines()[0]
    after = Counter(a.code for article in result.document.articles for a in article.anomalies)
    new = after - before
    if new:
        return "anomaly", ", ".join(f"{code}×{n}" for code, n in sorted(new.items()))
    return "silent", "no error and no new anomaly"
