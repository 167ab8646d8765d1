"""Numbers and quantities in provision text: trick counts, 'twelfth trick', card counts, percentages.

The number words and counted nouns of each language live in `lawtools/data/numbers.yaml`. A quantity
is a number written in digits or as a word, followed within a few words by a counted noun (trick,
card, hand); a bare percentage counts too. Citations ('lag 64', '§ 64') are not quantities.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .yamlio import package_data

_WORD = re.compile(r"\d+(?:[.,]\d+)?\s?%|\d+|[^\W\d_]+(?:-[^\W\d_]+)*", re.UNICODE)
_ORDINAL_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


@dataclass(frozen=True)
class Quantity:
    """A number in the text with what it counts: 12th trick, 13 cards, 40%."""

    value: float
    unit: str  # trick, card, hand, percent
    ordinal: bool
    text: str

    @property
    def label(self) -> str:
        """'12th trick', '13 cards', '40%': the same for every language, so editions can be compared."""
        number = int(self.value) if float(self.value).is_integer() else self.value
        if self.unit == "percent":
            return f"{number}%"
        if self.ordinal:
            suffix = "th" if 10 <= number % 100 <= 20 else _ORDINAL_SUFFIX.get(number % 10, "th")
            return f"{number}{suffix} {self.unit}"
        return f"{number} {self.unit}" + ("" if number == 1 else "s")


@cache
def number_data() -> dict:
    """The per-language number words from lawtools/data/numbers.yaml."""
    return package_data("numbers.yaml")


def quantities(text: str, language: str) -> list[Quantity]:
    """Every quantity in `text`, in text order."""
    data = number_data()
    words = data.get(language)
    if not words:
        return []
    gap = int(data.get("gap", 2))
    tokens = [(m.group(0), m.start(), m.end()) for m in _WORD.finditer(text)]
    found = []
    for index, (token, start, end) in enumerate(tokens):
        if token.endswith("%"):
            found.append(Quantity(float(token.rstrip("% ").replace(",", ".")), "percent", False, token))
            continue
        value, ordinal = _number(token, text, end, words)
        if value is None or _is_citation(text, start):
            continue
        reach = 1 if token.isdigit() and ordinal else 1 + gap  # '5. Ett kort' is a label, not 'fifth card'
        for later, _later_start, later_end in tokens[index + 1: index + 1 + reach]:
            unit = _unit(later, words["units"])
            if unit:
                found.append(Quantity(float(value), unit, ordinal, text[start:later_end]))
                break
    return found


def _number(token: str, text: str, end: int, words: dict) -> tuple[int | None, bool]:
    lower = token.lower()
    if token.isdigit():
        ordinal = end < len(text) and text[end] == "." and not text[end + 1: end + 2].isdigit()
        return int(token), ordinal and int(token) <= 13
    if lower in words["ordinals"]:
        return int(words["ordinals"][lower]), True
    if lower in words["cardinals"]:
        return int(words["cardinals"][lower]), False
    return None, False


def _unit(word: str, units: dict) -> str:
    lower = word.lower()
    for unit, stems in units.items():
        if any(lower.startswith(stem) for stem in stems):
            return unit
    return ""


@cache
def _citation_before() -> re.Pattern:
    words = "|".join(re.escape(word) for word in number_data()["citation_words"])
    return re.compile(rf"({words})\s*$")


def _is_citation(text: str, start: int) -> bool:
    before = text[max(0, start - 12): start].lower()
    return bool(_citation_before().search(before))


@dataclass(frozen=True)
class Number:
    """A number in running text, written in digits or as a word, with where it stands."""

    value: int
    ordinal: bool
    start: int
    end: int
    text: str


_DIGITS = re.compile(r"(?<![\w§.,])\d{1,3}(?![\w])(?!,\d)")
_CITED = re.compile(r"\d+\s?[A-H](?:\s?\d)?(?![^\W\d_]{2})")


def numbers_in(text: str, language: str, skip: list[tuple[int, int]] = (),
               maybe: list[Number] | None = None) -> list[Number]:
    """Every number in `text` (digits or number words) that is not part of a citation or a list label.

    `skip` holds spans that are citations already found (`lawtools.refs`), which are left out. A word
    listed under the language's `needs_unit` counts only before a counted noun (Dutch 'in acht nemen');
    one listed under `ambiguous` never counts (Swedish 'andra' is 'second' and 'other'), but is appended
    to `maybe` when a list is given.
    """
    data = number_data()
    words = data.get(language) or {}
    units = words.get("units", {})
    needs_unit = set(words.get("needs_unit", ()))
    found = []
    for match in _WORD.finditer(text):
        token, start, end = match.group(0), match.start(), match.end()
        if any(s <= start < e for s, e in skip):
            continue
        if token.isdigit():
            if not _DIGITS.fullmatch(text, start, end) or _CITED.match(text, start) or _is_citation(text, start) \
                    or re.search(r"(?<![^\W\d_])[A-H]\s?$", text[max(0, start - 3):start]):  # 'A 2', 'A2'
                continue
            if end < len(text) and text[end] in ").":
                continue  # '1.' '2)': a list label or footnote marker, not a number of the text
            found.append(Number(int(token), False, start, end, token))
            continue
        lower = token.lower()
        if lower in words.get("ambiguous", ()):
            value = words.get("ordinals", {}).get(lower) or words.get("cardinals", {}).get(lower)
            if maybe is not None and value:
                maybe.append(Number(int(value), lower in words.get("ordinals", {}), start, end, token))
            continue  # 'andra' is 'second' and 'other': never a number alone
        if lower in words.get("ordinals", {}):
            found.append(Number(int(words["ordinals"][lower]), True, start, end, token))
        elif lower in words.get("cardinals", {}):
            if lower in needs_unit:
                following = _WORD.search(text, end)
                if following is None or not _unit(following.group(0), units):
                    continue
            found.append(Number(int(words["cardinals"][lower]), False, start, end, token))
    return found
