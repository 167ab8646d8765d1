"""An ordinal that breaks a phrase the edition uses elsewhere with another one: 'den andre meldingen er avgitt'
once, where the definitions say 'den første meldingen er avgitt'.

A reviser reading a provision no other edition has still knows the edition's own phrasing: the Laws repeat their
formulas ('the first call is made', 'die zweite Karte zu dem Stich'). An ordinal word is weighed with the words
around it (check.yaml `ordinal_phrases.contexts`: words before, words after, within one text): a phrase that stands
once in the edition with this ordinal and elsewhere in the edition with another is reported. Both are reported
when each stands once (the reviser cannot tell which one slipped either), unless the counterparts tell: an ordinal
that a counterpart of its provision states too (`confirmed`) is no slip and is not reported. Works without
counterparts.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable

from ..numbers import number_data
from ..yamlio import package_data
from .model import Finding, Place, finding_at
from .repetition import with_fix

_WORD = re.compile(r"[^\W\d_]+")


def check_places(places: list[Place], confirmed: Callable[[Place, int], bool] | None = None) -> list[Finding]:
    """Every ordinal of the edition's texts whose phrase the edition uses elsewhere with another ordinal, except
    those `confirmed(place, value)` says the provision's counterparts state too."""
    if not places:
        return []
    ordinals = (number_data().get(places[0].language) or {}).get("ordinals", {})
    if not ordinals:
        return []
    contexts = [tuple(c) for c in package_data("check.yaml")["ordinal_phrases"]["contexts"]]
    # (before, after, words around) -> ordinal value -> where it stands
    seen: dict[tuple, dict[int, list[tuple[Place, re.Match]]]] = defaultdict(lambda: defaultdict(list))
    for place in places:
        if place.field not in ("text", "caption", "intro", "front"):
            continue
        words = list(_WORD.finditer(place.text))
        lowered = [w.group(0).lower() for w in words]
        for i, word in enumerate(lowered):
            if word not in ordinals:
                continue
            for before, after in contexts:
                if i < before or i + after >= len(words):
                    continue
                key = (before, after, tuple(lowered[i - before:i]), tuple(lowered[i + 1:i + 1 + after]))
                seen[key][int(ordinals[word])].append((place, words[i]))
    found: dict[tuple, Finding] = {}
    for (_, _, left, right), by_value in seen.items():
        if len(by_value) < 2:
            continue
        for value, where in by_value.items():
            if len(where) != 1:
                continue
            place, word = where[0]
            if confirmed is not None and confirmed(place, value):
                continue
            other = max((v for v in by_value if v != value), key=lambda v: len(by_value[v]))
            other_place, other_word = by_value[other][0]
            phrase = " ".join((*left, other_word.group(0), *right))
            at = (place.edition, place.node, word.start())
            if at in found:
                continue
            finding = finding_at(
                place, "ordinal-phrase",
                f"{word.group(0)!r} in a phrase this edition writes with {other_word.group(0)!r} elsewhere",
                word.start(), word.end(), "info",
                compared=f"{other_place.edition} {other_place.node}: '… {phrase} …'{_more(len(by_value[other]))}")
            found[at] = with_fix(finding, f"{word.group(0)!r} → {other_word.group(0)!r}, as in {other_place.node}")
    return list(found.values())


def _more(count: int) -> str:
    return f" (×{count} in this edition)" if count > 1 else ""
