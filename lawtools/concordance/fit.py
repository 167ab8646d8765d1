"""What a link may join: a provision's family (`chain`, `parent_of`), whether the lengths leave room for a split or
merge (`room`, `siblings_fit`, after Gale and Church), and what the links already made claim (`claimed`,
`shifted`). Shared by the leftover pass (`align.py`) and the passes of `join.py` and `order.py`."""

from __future__ import annotations

import numpy as np


def chain(k: int, parent: list) -> list[int]:
    """A provision and every provision it is an item of, nearest first."""
    out = [k]
    while parent[out[-1]] is not None:
        out.append(parent[out[-1]])
    return out


def parent_of(children: tuple[list[list[int]], list[list[int]]], n: int, m: int) -> tuple[list, list]:
    """Per unit of A and of B: the index of the provision whose items it is one of (None for none)."""
    out = []
    for kids, size in zip(children, (n, m), strict=True):
        parent: list[int | None] = [None] * size
        for k, items in enumerate(kids):
            for c in items:
                parent[c] = k
        out.append(parent)
    return out[0], out[1]


def room(i: int, j: int, links: set[tuple[int, int]], linked_a: set[int], lengths: tuple[list[int], list[int]],
         share: float = 0.6) -> bool:
    """Whether a split or merge keeps lengths in proportion (Gale and Church): the one provision must be
    about as long as the several it is joined to, or it cannot hold all of them."""
    len_a, len_b = lengths
    if i in linked_a:  # i already has a partner: a split of i into its partners and j
        parts = [len_b[k] for a, k in links if a == i] + [len_b[j]]
        return len_a[i] >= share * sum(parts)
    parts = [len_a[k] for k, b in links if b == j] + [len_a[i]]  # a merge into j
    return len_b[j] >= share * sum(parts)


def siblings_fit(i: int, j: int, links: set[tuple[int, int]], linked_a: set[int],
                 lengths: tuple[list[int], list[int]], parents: tuple[list, list]) -> bool:
    """Whether a split of one provision into sibling items (or a merge of siblings into one) fits the lengths
    at least as well as the link it already has (Gale and Church choose the bead whose lengths agree best;
    lengths of B in A's measure). A split into a heading's items is left to the items pass and the stem rule.
    2007 57C1 (two sentences) holds 2017 57C1 and 57C2 together better than 57C1 alone; 1997 57A3 ("forbid a
    card of another suit") is as long as one of the 2017 items 57A3 ("require") and 57A4 ("forbid"), which read
    alike, and half as long as both."""
    len_a, len_b = lengths
    ratio = sum(len_a) / max(1, sum(len_b))  # A's length per character of B
    if i in linked_a:  # i splits into its partners and j
        one, scale, parent, new = len_a[i], ratio, parents[1], j
        others = [k for a, k in links if a == i]
        many, extra = sum(len_b[k] for k in others), len_b[j]
    else:  # i merges with j's partners into j
        one, scale, parent, new = len_b[j], 1 / ratio, parents[0], i
        others = [k for k, b in links if b == j]
        many, extra = sum(len_a[k] for k in others), len_a[i]
    if parent[new] is None or any(parent[k] != parent[new] for k in others):
        return True  # not siblings
    before = abs(np.log(max(1, one) / max(1.0, scale * many)))
    after = abs(np.log(max(1, one) / max(1.0, scale * (many + extra))))
    return after <= before


def claimed(i: int, j: int, links: set[tuple[int, int]], linked_a: set[int], prob: np.ndarray) -> float:
    """The best probability of the links the already linked side of (i, j) has (a split of i or a merge into j)."""
    if i in linked_a:
        return max(prob[i, k] for a, k in links if a == i)
    return max(prob[k, j] for k, b in links if b == j)


def shifted(i: int, j: int, links: set[tuple[int, int]], linked_a: set[int], parents: tuple[list, list]) -> bool:
    """Whether the linked side of (i, j) is linked only outside the other side's family: i's partners are none of
    j, its items or its ancestors (or j's partners none of i's): the link it has is a move along the siblings."""
    if i in linked_a:
        partners, one, parent = [k for a, k in links if a == i], j, parents[1]
    else:
        partners, one, parent = [k for k, b in links if b == j], i, parents[0]

    return not any(one in chain(k, parent) or k in chain(one, parent) for k in partners)
