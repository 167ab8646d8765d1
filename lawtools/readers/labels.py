"""Label sequences shared by every reader: what label comes next, and how a printed label departs from it.

Sections run A, B, C ...; items 1, 2, 3 ...; sub-items a, b, c ...; sub-sub-items i, ii, iii ....
A printed label is judged against the last label of its kind in the same container:

    next    the label that follows (or the first, when there is none yet)
    gap     a later label: some labels were skipped (a deleted item, a missing heading)
    repeat  the same label again (a duplicated or mistyped label)
    back    an earlier label (labels swapped or out of order)

Readers accept `next` and `gap` as structure (the Builder records a `numbering-gap` anomaly for a
gap) and keep `repeat` and `back` as text with an `unexpected-label` anomaly, so no label is ever
absorbed into running text without a word about it.
"""

from __future__ import annotations

ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
FIRST = {"section": "A", "item": "1", "subitem": "a", "subsubitem": "i"}


def ordinal(kind: str, label: str) -> int | None:
    """The 1-based position of `label` in its kind's sequence; None when it is not such a label."""
    if kind == "item":
        return int(label) if label.isdigit() and label[0] != "0" else None
    if kind == "subsubitem":
        return ROMANS.index(label) + 1 if label in ROMANS else None
    if len(label) != 1 or not label.isalpha():
        return None
    if kind == "section":
        return ord(label) - ord("A") + 1 if "A" <= label <= "Z" else None
    return ord(label) - ord("a") + 1 if "a" <= label <= "z" else None


def label_at(kind: str, position: int) -> str:
    """The label at 1-based `position` of its kind's sequence."""
    if kind == "item":
        return str(position)
    if kind == "subsubitem":
        return ROMANS[position - 1] if position <= len(ROMANS) else "?"
    base = "A" if kind == "section" else "a"
    return chr(ord(base) + position - 1) if position <= 26 else "?"


def next_label(kind: str, previous: str | None) -> str:
    """The label that follows `previous` (the first label when None)."""
    if previous is None:
        return FIRST[kind]
    position = ordinal(kind, previous)
    return label_at(kind, position + 1) if position else "?"


def verdict(kind: str, label: str, previous: str | None) -> str:
    """'next', 'gap', 'repeat' or 'back' for `label` after `previous` (see the module docstring)."""
    position, last = ordinal(kind, label), ordinal(kind, previous) if previous else 0
    if position is None or last is None:
        return "back"
    if position == last + 1:
        return "next"
    if position > last:
        return "gap"
    return "repeat" if position == last else "back"


MAX_SKIP = 2  # a gap of more labels than this reads as a number in running text, not a skipped label


def acceptable(kind: str, label: str, previous: str | None) -> bool:
    """True when `label` is the next label or skips at most MAX_SKIP labels after `previous`."""
    position, last = ordinal(kind, label), ordinal(kind, previous) if previous else 0
    return position is not None and last is not None and last < position <= last + 1 + MAX_SKIP
