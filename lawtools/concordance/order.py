"""The order-preserving pairs of one law (`align.align_pair`, step 1): a monotone dynamic program (`monotone`),
and the passes over its pairs: a run of siblings moved one label along is realigned by content (`by_content`), two
pairs that read better crossed exchange partners (`swapped`), and a pair of one id whose one side's rule stands as
a sentence of another provision gives way to that provision (`moved_out`)."""

from __future__ import annotations

import numpy as np

from . import fit


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


def by_content(pairs: list[tuple[int, int]], gain: np.ndarray, margin: float) -> list[tuple[int, int]]:
    """The law's order-preserving pairs by content alone when they beat `pairs` (aligned with the same-id
    evidence) by more than `margin` in total content gain; else `pairs`. The same-id evidence keeps a pair whose
    rule moved one label when the siblings read alike; the content says the whole run moved."""
    by_content = monotone(gain)

    def total(chosen: list[tuple[int, int]]) -> float:
        return float(sum(gain[i, j] for i, j in chosen if gain[i, j] > 0))

    return by_content if total(by_content) - total(pairs) > margin else pairs


def swapped(pairs: list[tuple[int, int]], gain: np.ndarray, margin: float) -> list[tuple[int, int]]:
    """Two pairs the order kept that read better crossed: exchange their partners (1997 70B2 and 70B3 change
    places in 2007, keeping their labels). The monotone passes cannot cross, and the same-id evidence holds each
    label to its namesake; by content alone (`gain`, the probability without the same-id evidence, less
    `match`) the crossed pairs gain more than `margin` in total. Best exchange first, until none is left."""
    pairs = list(pairs)
    while True:
        best, chosen = margin, None
        for x in range(len(pairs)):
            for y in range(x + 1, len(pairs)):
                (i1, j1), (i2, j2) = pairs[x], pairs[y]
                delta = gain[i1, j2] + gain[i2, j1] - gain[i1, j1] - gain[i2, j2]
                if delta > best:
                    best, chosen = delta, (x, y)
        if chosen is None:
            return sorted(pairs)
        x, y = chosen
        (i1, j1), (i2, j2) = pairs[x], pairs[y]
        pairs[x], pairs[y] = (i1, j2), (i2, j1)


def moved_out(links: set[tuple[int, int]], same_id: np.ndarray, sentence: np.ndarray, same_law: np.ndarray,
              parents: tuple[list, list], margin: float,
              weak: tuple[np.ndarray, float, float] | None = None,
              lengths: tuple[list[int], list[int]] | None = None, cited: np.ndarray | None = None) -> None:
    """A pair of one id whose one side reads clearly more like a sentence of another provision of the law: the
    rule moved there, and the id now holds a new rule (2007 62C3, both sides revoke, closes 2017 61B; 2017's 62C3
    is another rule). The pair gives way to a link to the provision that holds the rule (a merge into it, or a
    split of it) when that provision's best sentence is at least `margin` more alike (cosine) than the pair's
    own; the side left alone goes to the leftover pass. Provisions of the pair's own family (its items, the
    provision it is an item of) are the items pass's to join, not a move.

    `weak` (the probabilities, the `changed` threshold and a smaller margin): a pair the model already reads as a
    changed rule (probability below `changed`) gives way at the smaller margin; its id is all that holds it.
    With `lengths`, the provision that holds the rule must have room for it beside what it is linked to
    (`fit.room`): 2017 62C3, new, reads like a sentence of 2007 62C2, which its own 2017 counterpart fills.

    `cited` (the `refs` feature: the Jaccard overlap of the provisions' citations, 1 for the same ones): a
    provision of another law may hold the rule too when it cites exactly what that side cites, which the pair's
    partner does not (2007 62C3 and the closing sentence of 2017 61B3 both cite 66C; 2017 62C3 cites 16C2). Read
    across laws without it, e5's crowded cosines find some sentence of some law a little more alike."""
    for i, j in sorted(links):
        if not same_id[i, j]:
            continue
        best, pair = margin, None
        rest = links - {(i, j)}
        linked_a = {a for a, _ in rest}
        if weak is not None and weak[0][i, j] < weak[1]:
            best = weak[2]
        scope_a, scope_b = same_law[i], same_law[:, j]
        if cited is not None:
            scope_a = scope_a | ((cited[i] >= 1) & (cited[i, j] < 1))
            scope_b = scope_b | ((cited[:, j] >= 1) & (cited[i, j] < 1))
        for side, (scores, others, parent, own) in enumerate(((sentence[i], scope_a, parents[1], j),
                                                              (sentence[:, j], scope_b, parents[0], i))):
            for other in np.flatnonzero(others):  # side 0: i's rule in another provision of B; 1: j's in A
                if other == own or own in fit.chain(int(other), parent) or other in fit.chain(own, parent):
                    continue
                gain = float(scores[other] - sentence[i, j])
                candidate = (i, int(other)) if side == 0 else (int(other), j)
                if gain >= best and (lengths is None or fit.room(*candidate, rest, linked_a, lengths)):
                    best, pair = gain, candidate
        if pair is not None:
            links.discard((i, j))
            links.add(pair)
