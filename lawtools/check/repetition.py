"""Repetition a reviser catches: a run of words written twice, a sentence twice, an item copied in twice."""

from __future__ import annotations

import re
from dataclasses import replace

from .model import Finding, Place, finding_at

_TOKEN = re.compile(r"[^\W_]+")


def repeated_segments(place: Place) -> list[Finding]:
    """A run of two to eight words written twice in a row ('om det är om det är')."""
    tokens = [(m.group(0).lower(), m.start(), m.end()) for m in _TOKEN.finditer(place.text)]
    words = [t for t, _, _ in tokens]
    found, reached = [], -1
    for i in range(len(tokens)):
        for n in range(8, 1, -1):
            if i + 2 * n > len(tokens) or tokens[i][1] < reached or words[i] != words[i + n]:
                continue
            if words[i:i + n] == words[i + n:i + 2 * n]:
                start, end = tokens[i][1], tokens[i + 2 * n - 1][2]
                phrase = place.text[tokens[i][1]:tokens[i + n - 1][2]]
                found.append(finding_at(place, "repeated-segment", f"the words {phrase!r} are repeated", start, end))
                found[-1] = with_fix(found[-1], f"delete the second {phrase!r}")
                reached = end
                break
    return found


def with_fix(finding: Finding, fix: str) -> Finding:
    """The finding with a suggested fix."""
    return replace(finding, suggestion=fix)


_SENTENCE = re.compile(r"[^.!?;:]{30,}[.!?;:]")


def repeated_sentences(places: list[Place]) -> list[Finding]:
    """The same sentence twice in one provision, or two provisions of a law with the same text (a copied item)."""
    found = []
    texts: dict[tuple[str, str], Place] = {}
    for place in places:
        if place.field not in ("text", "front"):
            continue
        seen: set[str] = set()
        for match in _SENTENCE.finditer(place.text):
            sentence = " ".join(match.group(0).split()).lower()
            if sentence in seen:
                found.append(with_fix(finding_at(place, "repeated-sentence", "this sentence stands earlier in this "
                                                "provision too", match.start(), match.end()), "delete one of the two"))
            seen.add(sentence)
        key = (place.law, " ".join(place.text.split()).lower())
        if len(key[1]) >= 30 and place.field == "text":
            if key in texts and texts[key].node != place.node:
                found.append(with_fix(finding_at(place, "duplicate-text", f"the text of {place.node} repeats "
                                                f"{texts[key].node} word for word", 0, min(len(place.text), 60)),
                                       f"delete {place.node} or restore its own text"))
            texts.setdefault(key, place)
    return found
