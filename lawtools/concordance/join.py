"""Passes that join a provision to one already linked (`align.align_pair`, steps 1-2): a rule paired with a bare
heading passes to the heading's item (`heading_text`), an undivided provision joins the items its text was cut
into (`into_items`), a stem whose items all went to one provision follows them (`stem_follows_items`), and a
leftover that a linked provision holds as a sentence joins it (`held_sentence`, `in_order`)."""

from __future__ import annotations

import numpy as np

from . import fit
from .scoring import Params


def held_sentence(links: set[tuple[int, int]], linked_a: set[int], linked_b: set[int], sentence: np.ndarray,
                  same_law: np.ndarray, lengths: tuple[list[int], list[int]], margin: float,
                  headings: tuple[list[list[int]], list[list[int]]] | None = None,
                  parents: tuple[list, list] | None = None, level_quantile: float = 0.0) -> None:
    """A provision still left over whose text one linked provision of its law holds as a sentence, clearly more
    than any other provision does, joins it: two rules merged into one provision (the second's text is a sentence
    of the whole, which reads too unlike it as a whole to pass `attach`), or one cut in two. Clearly: that
    provision's sentence similarity (the `sentence` feature) leads the law's next best by `margin`; and the
    lengths must leave room for it (`fit.room`). A provision no linked one holds stays new or removed, and so does a
    bare heading (`headings`: a caption holds no rule; a new caption is new).

    Where the order says where a part belongs, the lead need not be clear (`in_order`, with `parents` and
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
                    and in_order(x, k, side, links, linked_a, lengths, parents)):
                continue
            if k in theirs and not bare[1 - side][k] and fit.room(pair[0], pair[1], links, linked_a, lengths):
                links.add(pair)
                linked_a.add(pair[0])
                linked_b.add(pair[1])


def in_order(x: int, k: int, side: int, links: set[tuple[int, int]], linked_a: set[int],
             lengths: tuple[list[int], list[int]], parents: tuple[list, list]) -> bool:
    """Whether leftover x (of side 0, A, or 1, B) joining k keeps the order and the lengths: k is the partner of
    x's sibling just before or just after it, and the lengths fit the merge or split at least as well as the link
    k has (`fit.siblings_fit`)."""
    parent = parents[side]
    siblings = [s for s in range(len(parent)) if parent[s] == parent[x]]
    at = siblings.index(x)
    near = set(siblings[max(0, at - 1):at + 2]) - {x}
    partners = {b if side == 0 else a for a, b in links if (a if side == 0 else b) in near}
    pair = (x, k) if side == 0 else (k, x)
    return k in partners and fit.siblings_fit(pair[0], pair[1], links, linked_a, lengths, parents)


def heading_text(links: set[tuple[int, int]], linked_a: set[int], linked_b: set[int], prob: np.ndarray,
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


def into_items(links: set[tuple[int, int]], linked_a: set[int], linked_b: set[int], same_law: np.ndarray,
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


def stem_follows_items(links: set[tuple[int, int]], linked_a: set[int], linked_b: set[int],
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
