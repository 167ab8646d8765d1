"""Aligning two editions' provisions from pair probabilities, in the spirit of Vecalign.

1. Within each law both editions have, a monotone dynamic program keeps the order-preserving set of
   one-to-one pairs that maximises the sum of (probability - `match`); a provision may be skipped. Read by
   content alone (without the same-id evidence), a run of siblings moved one label along is realigned
   (`_by_content`) and two pairs that read better crossed exchange partners (`_swapped`); a pair of one id whose
   one side's rule stands as a sentence of another provision gives way to that provision (`_moved_out`).
2. Every provision left over is offered its best counterpart anywhere in the shared laws, in any order
   (a swap such as 1997 70B2/70B3, a provision that moved law): if that one is also left over in the same law
   they pair above `move`; if it is already linked or in another law, the leftover joins it above
   `attach` (a split, a merge, a provision that moved law), and only when the lengths leave room for it.
   Before that, a provision with text paired with a bare heading passes its text to the heading's best
   child (1997 70D, a rule, is 2007 70D, a caption, plus 70D1), and an undivided provision paired with one
   that has items joins the items its text was cut into (1997 46B1 = 2007 46B1 (a)-(c); `_into_items`,
   again after the leftovers); a stem left over whose items all went to one provision joins it.
   Last, a leftover that one linked provision holds as a sentence, clearly more than any other does, joins it
   (a merge or a split whose parts read unlike the whole; `_held_sentence`).
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
               params: Params, headings: tuple[list[list[int]], list[list[int]]] | None = None,
               lengths: tuple[list[int], list[int]] | None = None,
               parts: tuple[np.ndarray, tuple[list[list[int]], list[list[int]]]] | None = None,
               content: np.ndarray | None = None,
               same_id: np.ndarray | None = None) -> list[tuple[int | None, int | None]]:
    """Links between rows (A) and columns (B) of `prob`: pairs, and (i, None) / (None, j) for leftovers.

    `parts` (optional) is the sentence-level similarity of every pair and, per unit of A and of B, the
    indices of its children: with it and `lengths`, a provision whose text now runs over its
    counterpart's items also links to those items (`_into_items`). `content` (optional) is `prob` without the
    same-id evidence: with it and `params.shift`, a law whose provisions read as moved one label along (a
    provision dropped or inserted before a run of siblings) is aligned by content (`_by_content`). `same_id`
    (optional) marks the pairs of one id: with it, `parts` and `params.moved_sentence`, a same-id pair gives way
    to a provision that holds one side's rule as a sentence (`_moved_out`)."""
    n, m = prob.shape
    parents = _parents(parts[1], n, m) if parts is not None else None
    links: set[tuple[int, int]] = set()
    for law in dict.fromkeys(laws_a):
        rows = [i for i in range(n) if laws_a[i] == law]
        cols = [j for j in range(m) if laws_b[j] == law]
        if not rows or not cols:
            continue
        block = prob[np.ix_(rows, cols)] - params.match
        pairs = monotone(block)
        if content is not None and params.shift:
            pairs = _by_content(pairs, content[np.ix_(rows, cols)] - params.match, params.shift)
        if content is not None and params.swap:
            pairs = _swapped(pairs, content[np.ix_(rows, cols)] - params.match, params.swap)
        links.update((rows[i], cols[j]) for i, j in pairs)
    if same_id is not None and parents is not None and params.moved_sentence:
        _moved_out(links, same_id, parts[0], same_law, parents, params.moved_sentence,
                   (prob, params.changed, params.moved_changed) if params.moved_changed else None)
    linked_a = {i for i, _ in links}
    linked_b = {j for _, j in links}
    if headings is not None:
        _heading_text(links, linked_a, linked_b, prob, params, headings)
    if parts is not None and lengths is not None and params.items:
        _into_items(links, linked_a, linked_b, same_law, parts, lengths, params.items, params.items_margin)
    # leftovers, most confident first; a leftover takes only its own best counterpart,
    # or its best fellow leftover of the same law
    offers = []
    free_b = [j for j in range(m) if j not in linked_b]
    free_a = [i for i in range(n) if i not in linked_a]
    for i in free_a:
        if m:
            j = int(np.argmax(prob[i]))
            offers.append((float(prob[i, j]), i, j))
        same = [j for j in free_b if laws_b[j] == laws_a[i]]  # and its best fellow leftover in the law
        if same:
            j = max(same, key=lambda k: prob[i, k])
            offers.append((float(prob[i, j]), i, j))
    for j in free_b:
        if n:
            i = int(np.argmax(prob[:, j]))
            offers.append((float(prob[i, j]), i, j))
    for p, i, j in sorted(offers, reverse=True):
        if (i, j) in links or (i in linked_a and j in linked_b):
            continue
        both_free = i not in linked_a and j not in linked_b
        same_law_pair = laws_a[i] == laws_b[j]
        if not both_free and lengths is not None and not _room(i, j, links, linked_a, lengths):
            continue
        if not both_free and lengths is not None and parents is not None \
                and not _siblings_fit(i, j, links, linked_a, lengths, parents):
            continue  # one item does not split into two of its namesake's siblings its length cannot hold
        if not both_free and params.attach_ratio and p < params.attach_ratio * _claimed(i, j, links, linked_a, prob):
            continue  # the linked provision's own counterpart reads far more like it: j is new, not a part of it
        if not both_free and content is not None and params.attach_content and parents is not None \
                and _shifted(i, j, links, linked_a, parents):
            # joining a namesake already linked to a provision outside its own family: the ids moved along, and
            # the same id says nothing (1997 57A2 dropped, 57A3 renamed 57A2 and linked to 2007 57A3: 2007 57A2
            # is new, not a second part of it)
            p = float(content[i, j])
        # pairing two leftovers of one law is a renumbering; joining a linked provision, or another law,
        # is a stronger claim (a split, a merge, a move between laws) and needs the higher threshold
        if p > (params.move if both_free and same_law_pair else params.attach):
            links.add((i, j))
            linked_a.add(i)
            linked_b.add(j)
    if parts is not None and lengths is not None and params.held_sentence:
        _held_sentence(links, linked_a, linked_b, parts[0], same_law, lengths, params.held_sentence, headings,
                       parents, params.held_level)
    if parts is not None and lengths is not None and params.items:
        # again for pairs the leftover pass made (1997 69B, rewritten, found its 2007 namesake only there)
        _into_items(links, linked_a, linked_b, same_law, parts, lengths, params.items, params.items_margin)
        _stem_follows_items(links, linked_a, linked_b, parts, headings)
    result: list[tuple[int | None, int | None]] = sorted(links)
    result += [(i, None) for i in range(n) if i not in linked_a]
    result += [(None, j) for j in range(m) if j not in linked_b]
    return result


def _by_content(pairs: list[tuple[int, int]], gain: np.ndarray, margin: float) -> list[tuple[int, int]]:
    """The law's order-preserving pairs by content alone when they beat `pairs` (aligned with the same-id
    evidence) by more than `margin` in total content gain; else `pairs`. The same-id evidence keeps a pair whose
    rule moved one label when the siblings read alike; the content says the whole run moved."""
    by_content = monotone(gain)

    def total(chosen: list[tuple[int, int]]) -> float:
        return float(sum(gain[i, j] for i, j in chosen if gain[i, j] > 0))

    return by_content if total(by_content) - total(pairs) > margin else pairs


def _swapped(pairs: list[tuple[int, int]], gain: np.ndarray, margin: float) -> list[tuple[int, int]]:
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


def _moved_out(links: set[tuple[int, int]], same_id: np.ndarray, sentence: np.ndarray, same_law: np.ndarray,
               parents: tuple[list, list], margin: float,
               weak: tuple[np.ndarray, float, float] | None = None) -> None:
    """A pair of one id whose one side reads clearly more like a sentence of another provision of the law: the
    rule moved there, and the id now holds a new rule (2007 62C3, both sides revoke, closes 2017 61B; 2017's 62C3
    is another rule). The pair gives way to a link to the provision that holds the rule (a merge into it, or a
    split of it) when that provision's best sentence is at least `margin` more alike (cosine) than the pair's
    own; the side left alone goes to the leftover pass. Provisions of the pair's own family (its items, the
    provision it is an item of) are the items pass's to join, not a move.

    `weak` (the probabilities, the `changed` threshold and a smaller margin): a pair the model already reads as a
    changed rule (probability below `changed`) gives way at the smaller margin; its id is all that holds it."""
    for i, j in sorted(links):
        if not same_id[i, j]:
            continue
        best, pair = margin, None
        if weak is not None and weak[0][i, j] < weak[1]:
            best = weak[2]
        for side, (scores, others, parent, own) in enumerate(((sentence[i], same_law[i], parents[1], j),
                                                              (sentence[:, j], same_law[:, j], parents[0], i))):
            for other in np.flatnonzero(others):  # side 0: i's rule in another provision of B; 1: j's in A
                if other == own or own in _chain(int(other), parent) or other in _chain(own, parent):
                    continue
                gain = float(scores[other] - sentence[i, j])
                if gain >= best:
                    best, pair = gain, ((i, int(other)) if side == 0 else (int(other), j))
        if pair is not None:
            links.discard((i, j))
            links.add(pair)


def _held_sentence(links: set[tuple[int, int]], linked_a: set[int], linked_b: set[int], sentence: np.ndarray,
                   same_law: np.ndarray, lengths: tuple[list[int], list[int]], margin: float,
                   headings: tuple[list[list[int]], list[list[int]]] | None = None,
                   parents: tuple[list, list] | None = None, level_quantile: float = 0.0) -> None:
    """A provision still left over whose text one linked provision of its law holds as a sentence, clearly more
    than any other provision does, joins it: two rules merged into one provision (the second's text is a sentence
    of the whole, which reads too unlike it as a whole to pass `attach`), or one cut in two. Clearly: that
    provision's sentence similarity (the `sentence` feature) leads the law's next best by `margin`; and the
    lengths must leave room for it (`_room`). A provision no linked one holds stays new or removed, and so does a
    bare heading (`headings`: a caption holds no rule; a new caption is new).

    Where the order says where a part belongs, the lead need not be clear (`_in_order`, with `parents` and
    `level_quantile`): a merge or split keeps its place, so the part's best provision is the partner of its
    sibling just before or after it (Vecalign's and Gale and Church's 2-1 beads join neighbours only)."""
    bare = headings or ([[] for _ in range(sentence.shape[0])], [[] for _ in range(sentence.shape[1])])
    level = float(np.quantile([sentence[i, j] for i, j in links], level_quantile)) \
        if level_quantile and parents is not None and links else None
    for side, (similarity, laws, mine, theirs) in enumerate(((sentence, same_law, linked_a, linked_b),
                                                             (sentence.T, same_law.T, linked_b, linked_a))):
        for x in [x for x in range(similarity.shape[0]) if x not in mine and not bare[side][x]]:
            scores = np.where(laws[x], similarity[x], -np.inf)
            first, second = np.argsort(-scores)[:2] if len(scores) > 1 else (0, 0)
            if first == second or not np.isfinite(scores[second]):
                continue
            k = int(first)
            pair = (x, k) if side == 0 else (k, x)
            if scores[first] - scores[second] < margin and not (
                    level is not None and sentence[pair] >= level
                    and _in_order(x, k, side, links, linked_a, lengths, parents)):
                continue
            if k in theirs and not bare[1 - side][k] and _room(pair[0], pair[1], links, linked_a, lengths):
                links.add(pair)
                linked_a.add(pair[0])
                linked_b.add(pair[1])


def _in_order(x: int, k: int, side: int, links: set[tuple[int, int]], linked_a: set[int],
              lengths: tuple[list[int], list[int]], parents: tuple[list, list]) -> bool:
    """Whether leftover x (of side 0, A, or 1, B) joining k keeps the order and the lengths: k is the partner of
    x's sibling just before or just after it, and the lengths fit the merge or split at least as well as the link
    k has (`_siblings_fit`)."""
    parent = parents[side]
    siblings = [s for s in range(len(parent)) if parent[s] == parent[x]]
    at = siblings.index(x)
    near = set(siblings[max(0, at - 1):at + 2]) - {x}
    partners = {b if side == 0 else a for a, b in links if (a if side == 0 else b) in near}
    pair = (x, k) if side == 0 else (k, x)
    return k in partners and _siblings_fit(pair[0], pair[1], links, linked_a, lengths, parents)


def _chain(k: int, parent: list) -> list[int]:
    """A provision and every provision it is an item of, nearest first."""
    out = [k]
    while parent[out[-1]] is not None:
        out.append(parent[out[-1]])
    return out


def _heading_text(links: set[tuple[int, int]], linked_a: set[int], linked_b: set[int], prob: np.ndarray,
                  params: Params, headings: tuple[list[list[int]], list[list[int]]]) -> None:
    """A provision with text paired with a bare heading: its text went to one of the heading's children.

    `headings` gives, per unit of A and of B, the indices of its children when the unit is a heading
    without text of its own (else an empty list). The text cannot have vanished into a caption, so the
    best leftover child joins the pair when it
    scores above `match` or has no better counterpart anywhere: 1997 70D -> 2007 70D + 70D1.
    """
    children_a, children_b = headings
    for i, j in sorted(links):
        for side, kids in ((1, children_b[j]), (0, children_a[i])):
            if not kids or (side == 1 and children_a[i]) or (side == 0 and children_b[j]):
                continue
            free = [k for k in kids if k not in (linked_b if side == 1 else linked_a)]
            if not free:
                continue
            scores = [prob[i, k] if side == 1 else prob[k, j] for k in free]
            best = int(np.argmax(scores))
            pair = (i, free[best]) if side == 1 else (free[best], j)
            # the child has nothing better anywhere: the text it holds is this provision's
            choice = int(np.argmax(prob[:, pair[1]])) if side == 1 else int(np.argmax(prob[pair[0], :]))
            if scores[best] > params.match or choice == (i if side == 1 else j):
                links.add(pair)
                linked_a.add(pair[0])
                linked_b.add(pair[1])


def _into_items(links: set[tuple[int, int]], linked_a: set[int], linked_b: set[int], same_law: np.ndarray,
                parts: tuple[np.ndarray, tuple[list[list[int]], list[list[int]]]], lengths: tuple[list[int], list[int]],
                share: float, margin: float = 0.0) -> None:
    """A provision without items paired with one that has items no one took: its text was cut into them.

    1997 46B1 (one paragraph: "high", "win", "low") is 2007 46B1 with items (a)-(c). Each item left over
    joins the pair when the undivided provision is, of all the provisions of the item's law, the one whose
    text (or a sentence of it) is most like the item (within `margin` of the most alike: items are short,
    and a clause such as "or held so that it has been played" reads a little like several rules), and
    while the undivided provision is long enough to hold its counterpart's stem and every item joined so
    far (`share` of their length, in the measure of A's language: lengths of B are scaled by the ratio of
    the two editions' total lengths, as Gale and Church do): an item with new text (2007 57C2 beside 1997
    57C) makes the sum too long. Works both ways (items merged into one).
    """
    similarity, (children_a, children_b) = parts
    len_a, len_b = lengths
    # one language writes longer than another (German ~1.15 x Swedish): compare lengths in A's measure
    ratio = sum(len_a) / max(1, sum(len_b))
    len_b = [x * ratio for x in len_b]
    for i, j in sorted(links):
        for side in (1, 0):
            whole, stem = (i, j) if side == 1 else (j, i)
            if (children_a[i] if side == 1 else children_b[j]):
                continue  # the undivided side has items of its own: the items pair among themselves
            kids = children_b[j] if side == 1 else children_a[i]
            taken = linked_b if side == 1 else linked_a
            free = [k for k in kids if k not in taken]
            if not free:
                continue
            sim = similarity if side == 1 else similarity.T
            mask = same_law if side == 1 else same_law.T
            whole_len = (len_a if side == 1 else len_b)[whole]
            used = (len_b if side == 1 else len_a)[stem]
            used += sum((len_b if side == 1 else len_a)[k] for k in kids if k in taken
                        and ((whole, k) in links if side == 1 else (k, whole) in links))
            for k in sorted(free, key=lambda k: -sim[whole, k]):
                column = np.where(mask[:, k], sim[:, k], -np.inf)
                if column[whole] < column.max() - margin:  # another provision reads clearly more like the item
                    continue
                size = (len_b if side == 1 else len_a)[k]
                if whole_len < share * (used + size):
                    break
                used += size
                pair = (whole, k) if side == 1 else (k, whole)
                links.add(pair)
                linked_a.add(pair[0])
                linked_b.add(pair[1])


def _stem_follows_items(links: set[tuple[int, int]], linked_a: set[int], linked_b: set[int],
                        parts: tuple[np.ndarray, tuple[list[list[int]], list[list[int]]]],
                        headings: tuple[list[list[int]], list[list[int]]] | None) -> None:
    """A stem left over whose items all went to one provision went there too: it is that provision's
    opening words (2007 15A "If players play a board ... :" with 15A1 and 15A2 is 2017 15B2, one text).
    Only a stem with words of its own (a bare caption has nothing to pass on) and items that have text."""
    _, (children_a, children_b) = parts
    for side in (0, 1):
        kids, taken = (children_a, linked_a) if side == 0 else (children_b, linked_b)
        bare = headings[side] if headings is not None else [[] for _ in kids]
        for stem, items in enumerate(kids):
            if stem in taken or not items or bare[stem]:
                continue
            partners = {(j if side == 0 else i) for i, j in links if (i if side == 0 else j) in items}
            if len(partners) != 1 or not all(k in taken for k in items):
                continue
            other = partners.pop()
            pair = (stem, other) if side == 0 else (other, stem)
            links.add(pair)
            linked_a.add(pair[0])
            linked_b.add(pair[1])


def _shifted(i: int, j: int, links: set[tuple[int, int]], linked_a: set[int], parents: tuple[list, list]) -> bool:
    """Whether the linked side of (i, j) is linked only outside the other side's family: i's partners are none of
    j, its items or its ancestors (or j's partners none of i's): the link it has is a move along the siblings."""
    if i in linked_a:
        partners, one, parent = [k for a, k in links if a == i], j, parents[1]
    else:
        partners, one, parent = [k for k, b in links if b == j], i, parents[0]

    return not any(one in _chain(k, parent) or k in _chain(one, parent) for k in partners)


def _claimed(i: int, j: int, links: set[tuple[int, int]], linked_a: set[int], prob: np.ndarray) -> float:
    """The best probability of the links the already linked side of (i, j) has (a split of i or a merge into j)."""
    if i in linked_a:
        return max(prob[i, k] for a, k in links if a == i)
    return max(prob[k, j] for k, b in links if b == j)


def _room(i: int, j: int, links: set[tuple[int, int]], linked_a: set[int], lengths: tuple[list[int], list[int]],
          share: float = 0.6) -> bool:
    """Whether a split or merge keeps lengths in proportion (Gale and Church): the one provision must be
    about as long as the several it is joined to, or it cannot hold all of them."""
    len_a, len_b = lengths
    if i in linked_a:  # i already has a partner: a split of i into its partners and j
        parts = [len_b[k] for a, k in links if a == i] + [len_b[j]]
        return len_a[i] >= share * sum(parts)
    parts = [len_a[k] for k, b in links if b == j] + [len_a[i]]  # a merge into j
    return len_b[j] >= share * sum(parts)


def _parents(children: tuple[list[list[int]], list[list[int]]], n: int, m: int) -> tuple[list, list]:
    """Per unit of A and of B: the index of the provision whose items it is one of (None for none)."""
    out = []
    for kids, size in zip(children, (n, m), strict=True):
        parent: list[int | None] = [None] * size
        for k, items in enumerate(kids):
            for c in items:
                parent[c] = k
        out.append(parent)
    return out[0], out[1]


def _siblings_fit(i: int, j: int, links: set[tuple[int, int]], linked_a: set[int],
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
