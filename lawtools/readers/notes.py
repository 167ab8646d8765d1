"""Footnotes written inline in square brackets, and asterisk markers, in one paragraph of text.

The rule (de-1997, and any layout that writes notes this way): a bracket whose content starts with a
capital letter and ends with ``.``, ``!`` or ``?`` -- a full sentence -- is a footnote; any other
bracket ("[aber siehe untenstehend C]") is a remark of the text and stays in it. A footnote bracket is
paired with the first unpaired asterisk marker (``offen*``) between the previous footnote bracket and
itself; asterisks left without a bracket refer to a footnote printed elsewhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MARKER = re.compile(r"(?<=[^\s*\[\]])\*(?!\*)")  # an asterisk attached to the end of a word


@dataclass(frozen=True)
class Bracket:
    """A [bracketed] passage of a paragraph: its span, its content and whether it is a footnote."""

    start: int
    end: int
    body: str

    @property
    def footnote(self) -> bool:
        """A footnote is a bracket holding a full sentence: capital first letter, final . ! or ?."""
        return is_footnote_text(self.body)


def is_footnote_text(body: str) -> bool:
    """True when bracketed text reads as a footnote (a capitalised full sentence), not a remark."""
    body = body.strip()
    return bool(body) and body[0].isupper() and body[-1] in ".!?"


def find_brackets(text: str) -> list[Bracket]:
    """The brackets of a paragraph; ValueError names the problem when they are nested or unbalanced."""
    found, start = [], None
    for position, char in enumerate(text):
        if char == "[":
            if start is not None:
                raise ValueError(f"nested '[' at column {position + 1}")
            start = position
        elif char == "]":
            if start is None:
                raise ValueError(f"']' at column {position + 1} closes no '['")
            found.append(Bracket(start, position + 1, text[start + 1:position]))
            start = None
    if start is not None:
        raise ValueError(f"'[' at column {start + 1} is never closed")
    return found


@dataclass(frozen=True)
class Inline:
    """A paragraph taken apart: its brackets, its asterisk markers and which marker each footnote pairs with."""

    text: str
    brackets: tuple[Bracket, ...]
    markers: tuple[int, ...]                    # positions of '*' markers outside brackets
    pairs: dict[int, int] = field(default_factory=dict)  # marker position -> index of its footnote bracket

    @property
    def unpaired(self) -> list[int]:
        """Marker positions with no footnote bracket of their own (they refer to a footnote block)."""
        return [m for m in self.markers if m not in self.pairs]


def parse_inline(text: str) -> Inline:
    """Find brackets and markers; pair each footnote bracket with the first free marker before it."""
    brackets = find_brackets(text)
    inside = [(b.start, b.end) for b in brackets]
    markers = [m.start() for m in MARKER.finditer(text) if not any(s <= m.start() < e for s, e in inside)]
    pairs: dict[int, int] = {}
    previous_end = 0
    for index, bracket in enumerate(brackets):
        if bracket.footnote:
            free = [m for m in markers if previous_end <= m < bracket.start and m not in pairs]
            if free:
                pairs[free[0]] = index
            previous_end = bracket.end
    return Inline(text, tuple(brackets), tuple(markers), pairs)
