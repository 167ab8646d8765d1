"""Aligning two editions' provisions from pair probabilities, in the spirit of Vecalign.

1. Within each law both editions have, a monotone dynamic program keeps the order-preserving set of
   one-to-one pairs that maximises the sum of (probability - `match`); a provision may be skipped.
2. Every provision left over is offered its best counterpart anywhere in the shared laws, in any order
   (a swap such as 1997 70B2/70B3, a provision that moved law): if that one is also left over they pair
   above `move`; if it is already linked, the leftover joins it above `attach` (a split or a merge).
3. What is still left over has no counterpart: new in the later edition, removed from the earlier one.

`align_pair` returns index pairs; `compute.py` turns them into `Link`s with relations and evidence.
"""

from __future__ import annotations

import numpy as np

from .scoring import Params


def monotone(gain: np.ndarray) -> list[tuple[int, int]]:
    """The order-preserving one-to-one pairs with the largest total positive gain (skips cost nothing)."""
    n, m = gain.shape
    best = np.zeros((n + 1, m + 1))
    move = np.zeros((n + 1, m + 1), dtype=np.int8)  # 0 diagonal, 1 skip a, 2 skip b
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            options = (best[i - 1, j - 1] + gain[i - 1, j - 1], best[i - 1, j], best[i, j - 1])
            k = int(np.argmax(options))
            best[i, j], move[i, j] = options[k], k
    pairs = []
    i, j = n, m
    while i > 0 and j > 0:
        k = move[i, j]
        if k == 0:
            if gain[i - 1, j - 1] > 0:
                pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif k == 1:
            i -= 1
        else:
            j -= 1
    return pairs[::-1]


def align_pair(prob: np.ndarray, same_law: np.ndarray, laws_a: list[str], laws_b: list[str],
               params: Params) -> list[tuple[int | None, int | None]]:
    """Links between rows (A) and columns (B) of `prob`: pairs, and (i, None) / (None, j) for leftovers."""
    n, m = prob.shape
    links: set[tuple[int, int]] = set()
    for law in dict.fromkeys(laws_a):
        rows = [i for i in range(n) if laws_a[i] == law]
        cols = [j for j in range(m) if laws_b[j] == law]
        if not rows or not cols:
            continue
        block = prob[np.ix_(rows, cols)] - params.match
        links.update((rows[i], cols[j]) for i, j in monotone(block))
    linked_a = {i for i, _ in links}
    linked_b = {j for _, j in links}
    # leftovers, most confident first; a leftover takes only its own best counterpart
    offers = []
    for i in range(n):
        if i not in linked_a and m:
            j = int(np.argmax(prob[i]))
            offers.append((float(prob[i, j]), i, j))
    for j in range(m):
        if j not in linked_b and n:
            i = int(np.argmax(prob[:, j]))
            offers.append((float(prob[i, j]), i, j))
    for p, i, j in sorted(offers, reverse=True):
        if (i, j) in links or (i in linked_a and j in linked_b):
            continue
        both_free = i not in linked_a and j not in linked_b
        if p > (params.move if both_free else params.attach):
            links.add((i, j))
            linked_a.add(i)
            linked_b.add(j)
    result: list[tuple[int | None, int | None]] = sorted(links)
    result += [(i, None) for i in range(n) if i not in linked_a]
    result += [(None, j) for j in range(m) if j not in linked_b]
    return result
