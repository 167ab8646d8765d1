"""Which of two editions slipped when they disagree on a number and no third edition has the provision.

A translator who writes "alla fem spelarna" where the other edition says "alle vier Spieler" has written a
phrase their own edition never uses, while "alle vier" stands elsewhere in the other. So a number is *attested*
in its edition when another provision of that edition states the same number beside the same word (the word
before it or the word after it; inflections of that word count: the shorter is the start of the longer).

`counterparts._numbers` uses this only where nothing else decides: one counterpart, and no third edition to
outvote either side; or a number here that no counterpart states where exactly one counterpart states a number
nobody else does (the others silent: 'to eller flere' against 'tre eller fler' and a German text without the
number). When this provision's number is attested and the counterpart's is not, the slip is the counterpart's
and is reported there alone; otherwise both are reported, as before.

Reading the counterpart's whole edition is recorded with the run's reads (`Pairing.read_edition`), so an
incremental build rechecks this edition when that one changes.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ..numbers import Number
from .features import Feature
from .model import CheckContext
from .pairs import pairing

_WORD_BEFORE = re.compile(r"([^\W\d_]+)[^\S\n]+$")
_WORD_AFTER = re.compile(r"^[^\S\n]+([^\W\d_]+)")
_MIN_STEM = 3  # letters a neighbour must share with another to count as the same word inflected


def neighbours(text: str, number: Number) -> list[tuple[str, str]]:
    """The words beside a number in its text: ('before', word) and ('after', word), lowercased."""
    found = []
    if match := _WORD_BEFORE.search(text[max(0, number.start - 40):number.start]):
        found.append(("before", match.group(1).lower()))
    if match := _WORD_AFTER.match(text[number.end:number.end + 40]):
        found.append(("after", match.group(1).lower()))
    return found


def _same_word(a: str, b: str) -> bool:
    short, long = sorted((a, b), key=len)
    return len(short) >= _MIN_STEM and long.startswith(short)


def _usage(context: CheckContext, edition: str) -> dict[tuple[int, bool, str], dict[str, set[str]]]:
    """(value, ordinal, side) -> word -> the provisions of `edition` stating that number with that word on that side."""
    cache = context._cache.setdefault("number-usage", {})
    if edition not in cache:
        usage: dict[tuple[int, bool, str], dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        for node_id, feature in pairing(context).features.by_edition(edition).items():
            for number in feature.number_list:
                for side, word in neighbours(feature.text, number):
                    usage[(number.value, number.ordinal, side)][word].add(node_id)
        cache[edition] = usage
    return cache[edition]


def attested(context: CheckContext, feature: Feature, number: Number, reader: str) -> bool:
    """True when another provision of the feature's edition states `number`'s value beside the same word (as a
    cardinal, or as an ordinal, like `number`).

    `reader` is the edition whose check asks: reading another edition's usage is recorded for it."""
    if feature.edition != reader:
        pairing(context).read_edition(reader, feature.edition)
    usage = _usage(context, feature.edition)
    for side, word in neighbours(feature.text, number):
        for other, nodes in usage.get((number.value, number.ordinal, side), {}).items():
            if _same_word(word, other) and nodes - {feature.node}:
                return True
    return False


def counterpart_slipped(context: CheckContext, feature: Feature, mine: Number, other: Feature, value: int) -> bool:
    """True when this provision's number is its edition's usual phrase and the counterpart's `value` is not
    (see the module docstring): the counterpart is the one to fix."""
    theirs = next((n for n in other.number_list if n.value == value), None)
    if theirs is None:
        return False
    return (attested(context, feature, mine, feature.edition)
            and not attested(context, other, theirs, feature.edition))
