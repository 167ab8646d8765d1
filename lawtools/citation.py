"""One citation type for the whole product: node ids in records, index, diffs, site anchors and rules.

A node id is the citation form the Laws use themselves: law number, section letter, item number,
sub-item letter in parentheses, and (rarely) a roman sub-sub-item: ``64``, ``64B``, ``64B3``,
``43B2(b)``, ``12C1(e)(i)``. Items directly under a law that has no sections take a dot: ``71.1``.

>>> str(Citation.parse("§ 45 C 4 b)"))
'45C4(b)'
>>> Citation.parse("Law 64B").law, str(Citation.parse("lag 43B2(b)")), str(Citation.parse("71.1"))
('64', '43B2(b)', '71.1')
>>> str(Citation.parse("12C1b)")), str(Citation.parse("artikel 47E1").parent)
('12C1(b)', '47E')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from .errors import CitationError

# Words that may precede a law number in any corpus language or English. Kept in one place because
# the parser, the search query router and the reference extractor all need the same list.
KEYWORDS = (
    "laws", "law", "lagarna", "lagen", "lag", "lovene", "loven", "lov", "§§", "§",
    "artikelen", "artikel", "art.", "art", "regel", "paragraph", "paragraf",
)

_KEYWORD = "|".join(re.escape(k) for k in sorted(KEYWORDS, key=len, reverse=True))

_CITATION = re.compile(
    rf"""
    ^\s*
    (?:(?P<keyword>{_KEYWORD})\s*)?       # optional 'Law', 'lag', '§', 'artikel', ...
    (?P<law>[1-9]\d?)                      # law number 1-99
    (?:
        \s*(?P<section>[A-H])              # section letter
        (?:\s*(?P<item>[1-9]\d?))?         # item number
      |
        \.(?P<direct>[1-9]\d?)             # item directly under a law without sections: 71.1
    )?
    (?:\s*\(?(?P<sub>[a-z])\))?            # sub-item: (b), b) or b
    (?:\s*\((?P<subsub>i{{1,3}}|iv|v|vi{{1,3}}|ix|x)\))?  # roman sub-sub-item: (i), (ii)
    \s*$
    """,
    re.VERBOSE | re.IGNORECASE,
)

# A law number and a capital letter past H ('64Z', '99Z 1'): a citation's shape with a section no law has.
_OUT_OF_RANGE = re.compile(rf"^\s*(?:(?:{_KEYWORD})\s*)?[1-9]\d?\s*(?P<section>[I-Z])(?:\s*[1-9]\d?)?\s*$",
                           re.IGNORECASE)
_LONG_NUMBER = re.compile(rf"^\s*(?:(?:{_KEYWORD})\s*)?(?P<law>0|\d{{3,}})(?!\d)", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class Citation:
    """A provision of the Laws, from a whole law down to a sub-sub-item."""

    law: str
    section: str = ""
    item: str = ""
    subitem: str = ""
    subsubitem: str = ""

    @classmethod
    def parse(cls, text: str) -> Citation:
        """Parse a citation in any of the corpus styles; raise CitationError listing the accepted forms."""
        parsed = _parse(text) if len(text) <= 64 else _parse.__wrapped__(text)  # a long text is no id: not kept
        if isinstance(parsed, str):
            raise CitationError(parsed)
        return parsed

    @classmethod
    def try_parse(cls, text: str) -> Citation | None:
        """Parse like `parse`, returning None for text that is not a citation (for query routing)."""
        try:
            return cls.parse(text)
        except CitationError:
            return None

    def __str__(self) -> str:
        text = self.law
        if self.section:
            text += self.section + self.item
        elif self.item:
            text += "." + self.item
        if self.subitem:
            text += f"({self.subitem})"
        if self.subsubitem:
            text += f"({self.subsubitem})"
        return text

    @property
    def id(self) -> str:
        """The node id (the same as str())."""
        return str(self)

    @property
    def depth(self) -> int:
        """0 for a law, 1 for a section, 2 for an item, 3 for a sub-item, 4 below that."""
        parts = (self.section, self.item, self.subitem, self.subsubitem)
        if not self.section and self.item:
            return 1 + sum(1 for p in parts[2:] if p)
        return sum(1 for p in parts if p)

    @property
    def parent(self) -> Citation | None:
        """The enclosing provision, or None for a whole law."""
        if self.subsubitem:
            return Citation(self.law, self.section, self.item, self.subitem)
        if self.subitem:
            return Citation(self.law, self.section, self.item)
        if self.item and self.section:
            return Citation(self.law, self.section)
        if self.item or self.section:
            return Citation(self.law)
        return None

    def ancestors(self) -> list[Citation]:
        """Enclosing provisions from the whole law down to the direct parent."""
        chain, node = [], self.parent
        while node is not None:
            chain.append(node)
            node = node.parent
        return chain[::-1]

    def contains(self, other: Citation) -> bool:
        """True when `other` is this provision or lies inside it."""
        return other == self or self in other.ancestors()

    def child(self, label: str) -> Citation:
        """The citation of a child with the given label (A, 1, a, i) under this provision."""
        label = label.strip("().")
        if not self.section and not self.item:
            if label.isdigit():
                return Citation(self.law, "", label)
            return Citation(self.law, label.upper())
        if not self.item:
            return Citation(self.law, self.section, label)
        if not self.subitem:
            return Citation(self.law, self.section, self.item, label.lower())
        return Citation(self.law, self.section, self.item, self.subitem, label.lower())

    def sort_key(self) -> tuple:
        """Order provisions as they stand in the Laws (64 < 64A < 64A1 < 64A2 < 64B)."""
        return (int(self.law), self.section, int(self.item or 0), self.subitem, _roman(self.subsubitem))


def number_slip(a: str, b: str) -> bool:
    """Two numbers a typing slip apart: one digit changed, or two neighbouring digits swapped (45/54, 16/15)."""
    if len(a) != len(b):
        return False
    differ = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return len(differ) == 1 or (len(differ) == 2 and differ[1] == differ[0] + 1 and a[differ[0]] == b[differ[1]]
                                and a[differ[1]] == b[differ[0]])


def _roman(label: str) -> int:
    values = {"i": 1, "v": 5, "x": 10}
    total = 0
    for char, following in zip(label, label[1:] + " ", strict=False):
        value = values.get(char, 0)
        total += -value if values.get(following, 0) > value else value
    return total


@lru_cache(maxsize=1 << 16)
def _parse(text: str) -> Citation | str:
    """A citation, or why the text is none (the message of CitationError); kept per text, since the same ids are
    parsed again and again (a node id by every check, link and page that names it) and a Citation is immutable."""
    plain = text.replace("\u00a0", " ")
    match = _CITATION.match(plain)
    if not match and (letter := _OUT_OF_RANGE.match(plain)):
        return (f"not a citation: {text!r} (no law of the Laws has a section "
                f"{letter['section'].upper()}: section letters run from A to H, as in 64B)")
    if not match and (number := _LONG_NUMBER.match(plain)):
        return f"not a citation: {text!r} (no law of the Laws has the number {number['law']}: they run from 1 to 93)"
    if not match:
        return (f"not a citation: {text!r} (expected forms like 64, 64B, 64B3, 43B2(b), 71.1, "
                "'Law 64B', 'lag 64', '§ 45 C 4 b)', 'artikel 47E1', 'lov 18')")
    section = (match["section"] or "").upper()
    if match["section"] and match["section"].islower():
        return f"not a citation: {text!r} (section letters are capitals: 64B, not 64b)"
    item = match["item"] or match["direct"] or ""
    sub = (match["sub"] or "").lower()
    if sub and not item:
        return f"not a citation: {text!r} (a sub-item needs an item: 43B2(b))"
    return Citation(match["law"], section, item, sub, (match["subsub"] or "").lower())


@cache
def node_sort_key(node_id: str) -> tuple:
    """Sort key for a node id string; ids that are not citations (front matter) sort first."""
    citation = Citation.try_parse(node_id)
    return (1, *citation.sort_key()) if citation else (0, node_id)
