"""Aligning two editions' provisions from pair probabilities, in the spirit of Vecalign.

1. Within each law both editions have, a monotone dynamic program keeps the order-preserving set of
   one-to-one pairs that maximises the sum of (probability - `match`); a provision may be skipped. Read by
   content alone (without the same-id evidence), a run of siblings moved one label along is realigned
   (`order.by_content`) and two pairs that read better crossed exchange partners (`order.swapped`); a pair of
   one id whose one side's rule stands as a sentence of another provision gives way to that provision
   (`order.moved_out`).
2. Every provision left over is offered its best counterpart anywhere in the shared laws, in any order
   (a swap such as 1997 70B2/70B3, a provision that moved law): if that one is also left over in the same law
   they pair above `move`; if it is already linked or in another law, the leftover joins it above
   `attach` (a split, a merge, a provision that moved law), and only when the lengths leave room for it.
   Before that, a provision with text paired with a bare heading passes its text to the heading's best
   child (1997 70D, a rule, is 2007 70D, a caption, plus 70D1), and an undivided provision paired with one
   that has items joins the items its text was cut into (1997 46B1 = 2007 46B1 (a)-(c); `join.into_items`,
   again after the leftovers); a stem left over whose items all went to one provision joins it. The pairs of
   one id the leftover pass made give way to a provision that holds their rule, as in step 1.
   Last, a leftover that one linked provision holds as a sentence, clearly more than any other does, joins it
   (a merge or a split whose parts read unlike the whole; `join.held_sentence`).
3. What is still left over has no counterpart: new in the later edition, removed from the earlier one.

`align_pair` runs the steps and the leftover pass; `order.py` holds step 1's dynamic program and the passes over
its pairs, `join.py` the passes that join a provision to a linked one, `fit.py` what a join may do (families and
lengths). It returns index pairs; `compute.py` turns them into `Link`s with relations and evidence.
"""

from __future__ import annotations

import numpy as np

from . import fit, join, order
from .order import monotone
from .scoring import Params


def align_pair(prob: np.ndarray, same_law: np.ndarray, laws_a: list[str], laws_b: list[str],
               params: Params, headings: tuple[list[list[int]], list[list[int]]] | None = None,
               lengths: tuple[list[int], list[int]] | None = None,
               parts: tuple[np.ndarray, tuple[list[list[int]], list[list[int]]]] | None = None,
               content: np.ndarray | None = None,
               same_id: np.ndarray | None = None, cited: np.ndarray | None = None
               ) -> list[tuple[int | None, int | None]]:
    """Links between rows (A) and columns (B) of `prob`: pairs, and (i, None) / (None, j) for leftovers.

    `parts` (optional) is the sentence-level similarity of every pair and, per unit of A and of B, the
    indices of its children: with it and `lengths`, a provision whose text now runs over its
    counterpart's items also links to those items (`join.into_items`). `content` (optional) is `prob` without the
    same-id evidence: with it and `params.shift`, a law whose provisions read as moved one label along (a
    provision dropped or inserted before a run of siblings) is aligned by content (`order.by_content`). `same_id`
    (optional) marks the pairs of one id: with it, `parts` and `params.moved_sentence`, a same-id pair gives way
    to a provision that holds one side's rule as a sentence (`order.moved_out`), after the order's pass and again
    after the leftover pass; with `cited` (the provisions' citation overlap) and `params.moved_cited`, also a
    provision of another law that cites what the rule cites."""
    n, m = prob.shape
    parents = fit.parent_of(parts[1], n, m) if parts is not None else None
    links: set[tuple[int, int]] = set()
    for law in dict.fromkeys(laws_a):
        rows = [i for i in range(n) if laws_a[i] == law]
        cols = [j for j in range(m) if laws_b[j] == law]
        if not rows or not cols:
            continue
        block = prob[np.ix_(rows, cols)] - params.match
        pairs = monotone(block)
        if content is not None and params.shift:
            pairs = order.by_content(pairs, content[np.ix_(rows, cols)] - params.match, params.shift)
        if content is not None and params.swap:
            pairs = order.swapped(pairs, content[np.ix_(rows, cols)] - params.match, params.swap)
        links.update((rows[i], cols[j]) for i, j in pairs)
    moved = same_id is not None and parents is not None and params.moved_sentence

    def move_out() -> None:
        order.moved_out(links, same_id, parts[0], same_law, parents, params.moved_sentence,
                        (prob, params.changed, params.moved_changed) if params.moved_changed else None, lengths,
                        cited if params.moved_cited else None)

    if moved:
        move_out()
    linked_a = {i for i, _ in links}
    linked_b = {j for _, j in links}
    if headings is not None:
        join.heading_text(links, linked_a, linked_b, prob, params, headings)
    if parts is not None and lengths is not None and params.items:
        join.into_items(links, linked_a, linked_b, same_law, parts, lengths, params.items, params.items_margin)
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
        if not both_free and lengths is not None and not fit.room(i, j, links, linked_a, lengths):
            continue
        if not both_free and lengths is not None and parents is not None \
                and not fit.siblings_fit(i, j, links, linked_a, lengths, parents):
            continue  # one item does not split into two of its namesake's siblings its length cannot hold
        if not both_free and params.attach_ratio and p < params.attach_ratio * fit.claimed(i, j, links, linked_a, prob):
            continue  # the linked provision's own counterpart reads far more like it: j is new, not a part of it
        if not both_free and content is not None and params.attach_content and parents is not None \
                and fit.shifted(i, j, links, linked_a, parents):
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
    if moved:  # again for the pairs of one id the leftover pass made, on weaker evidence than the order's
        move_out()
        linked_a, linked_b = {i for i, _ in links}, {j for _, j in links}
    if parts is not None and lengths is not None and params.held_sentence:
        join.held_sentence(links, linked_a, linked_b, parts[0], same_law, lengths, params.held_sentence, headings,
                           parents, params.held_level)
    if parts is not None and lengths is not None and params.items:
        # again for pairs the leftover pass made (1997 69B, rewritten, found its 2007 namesake only there)
        join.into_items(links, linked_a, linked_b, same_law, parts, lengths, params.items, params.items_margin)
        join.stem_follows_items(links, linked_a, linked_b, parts, headings)
    result: list[tuple[int | None, int | None]] = sorted(links)
    result += [(i, None) for i in range(n) if i not in linked_a]
    result += [(None, j) for j in range(m) if j not in linked_b]
    return result
