"""Ordinals bound to what they count: 'det andra utspelet' is the 2nd lead, 'åpningsutspill' the 1st (concept data).

The number comparison (counterparts.py `_numbers`, `_ordinals`) weighs the ordinals of a provision as a set against
the set of its counterparts, their sections and items included, so a 'second card' elsewhere in a counterpart's
section hides a 'second lead' put here for a 'first lead'. Here an ordinal counts only with the termbase term right
after it (nested terms included: 'första' before 'utspelet' in 'första utspelet'), or as the concept data states it
(check.yaml `ordinal_concepts`, `ordinal_of`: the opening lead is the 1st lead); a provision whose nth C every
counterpart that numbers C calls the mth, none the nth, is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..numbers import number_data
from ..yamlio import package_data
from .features import Feature, term_hits
from .model import CheckContext, Finding

_LAST_WORD = re.compile(r"([^\W\d_]+)\s$")


@dataclass(frozen=True)
class OrdinalTerm:
    """An ordinal with the concept it counts, where the text states it."""

    value: int
    concept: str
    ambiguous: bool  # the word is also not an ordinal (Swedish 'andra': 'second' and 'other')
    start: int
    end: int
    text: str


def annotate(context: CheckContext, edition: str, features: dict[str, Feature]) -> None:
    """Fill each provision's `ordinal_terms` (value, concept) from its text and caption, and `ordinal_list` with the
    ordinal words of its text (a term that implies its ordinal, 'åpningsutspill', is evidence, never reported)."""
    words = number_data().get(context.corpus.language(edition)) or {}
    ordinals, ambiguous = words.get("ordinals", {}), set(words.get("ambiguous", ()))
    data = package_data("check.yaml")
    stated, of = data.get("ordinal_concepts", {}), data.get("ordinal_of", {})
    for place, hit in term_hits(context, edition, nested=True):
        feature = features.get(place.node)
        if feature is None or place.field not in ("text", "caption"):
            continue
        found = None
        if hit.concept in stated and hit.concept in of:
            found = OrdinalTerm(int(stated[hit.concept]), str(of[hit.concept]), False, hit.start, hit.end, hit.text)
        else:
            match = _LAST_WORD.search(place.text, 0, hit.start)
            word = match.group(1).lower() if match else ""
            if word in ordinals:
                found = OrdinalTerm(int(ordinals[word]), hit.concept, word in ambiguous, match.start(1), hit.end,
                                    place.text[match.start(1):hit.end])
        if found is not None:
            feature.ordinal_terms.add((found.value, found.concept))
            if place.field == "text" and found.text != hit.text:  # a word, not a term that implies it
                feature.ordinal_list.append(found)


def mismatches(context: CheckContext, feature: Feature, theirs: list) -> list[Finding]:
    """The ordinal terms of this provision's text that its counterparts number otherwise (one finding at most)."""
    from .counterparts import _finding, _named, _ordinal, _union

    if not feature.ordinal_list:
        return []
    mine = _union(context, feature, "ordinal_terms")
    numbered = [(pair, other, _union(context, other, "ordinal_terms")) for pair, other in theirs]
    # one ordinal word may count several nested concepts ('ersten Ausspiel außer Reihenfolge': the 1st lead and
    # the 1st lead out of turn): counterparts that number one of them as this provision does confirm the word
    confirmed = {term.start for term in feature.ordinal_list
                 if any((term.value, term.concept) in pairs for _, _, pairs in numbered)}
    for term in feature.ordinal_list:
        if term.start in confirmed:
            continue
        saying = [(pair, other, sorted(v for v, c in pairs if c == term.concept and (v, c) not in mine))
                  for pair, other, pairs in numbered]
        saying = [(pair, other, values) for pair, other, values in saying if values]
        if not saying:
            continue
        if term.ambiguous and len(saying) < 2 and not any(pair.same_year for pair, _, _ in saying):
            continue  # 'andra' is as often 'other': one counterpart of another year is not enough
        value = saying[0][2][0]
        if any(values != [value] for _, _, values in saying):
            continue  # the counterparts disagree among themselves
        compared = saying[0][1]
        who = _named([(pair, other) for pair, other, _ in saying])
        name = context.termbase.get(term.concept).en or term.concept
        return [_finding(feature, "number-mismatch", f"says {term.text!r} where {who} say the {_ordinal(value)} "
                         f"{name}", theirs, start=term.start, end=term.end, compared=compared,
                         fix=f"{term.text!r} → the {_ordinal(value)} {name}",
                         severity="warning" if any(p.same_year for p, _, _ in saying) or len(saying) > 1 else "info")]
    return []
