"""Synthetic renumberings for bench_renumbering.py: one law of one edition edited, its gold links mapped along.

Operations: drop, swap, insert (ids change, `mapped_gold`), move (a leaf's rule appended to another provision
of the law and its id reused for a new rule, `moved_gold`: no id changes, the links do), merge (a leaf and the
leaf after it become one provision, the later siblings move up one label: the second's counterparts link the
first, `mapped_gold` with the second mapped onto the first) and split (a leaf of two sentences or more is cut in
two, its second half a new sibling after it, the later siblings move down: the leaf's counterparts link both
halves, `split_gold`).

A case is (gold pair, law, side, operation, place). `renumbered` returns the edited article and the mapping of
every old provision id of that side to its new id (None when dropped); `mapped_gold` carries the law's gold
links through it. Ids follow the records' rule that a child's id is its parent's id plus its own label
("57A" + "3" + "(a)"), which `renumbered` relies on and checks.
"""

from __future__ import annotations

import copy
import hashlib
import re
from contextlib import contextmanager
from dataclasses import dataclass, replace
from unittest import mock

from lawtools.concordance import compute
from lawtools.concordance.evaluate import Gold, Score, id_only_links, score_pair
from lawtools.model import Article, Node

OPS = ("drop", "swap", "insert", "move", "merge", "split")
_SENTENCE_END = re.compile(r"(?<=[.;:!?])\s+(?=\S)")
_CORE = re.compile(r"[0-9]+|[A-Za-z]")


@dataclass(frozen=True)
class Case:
    gold: Gold
    law: str
    side: str          # "from" or "to": which edition of the pair is edited
    op: str            # drop, swap, insert
    group: str         # the parent id of the siblings edited (the law id for its sections)
    position: int      # which sibling (0-based) is dropped, swapped with the next, or has one inserted before it

    @property
    def edition(self) -> str:
        return self.gold.from_edition if self.side == "from" else self.gold.to_edition

    @property
    def split(self) -> str:
        return self.gold.laws[self.law][0]

    def describe(self) -> str:
        return (f"{self.op} {self.edition} {self.law} siblings of {self.group} at {self.position} "
                f"({self.gold.from_edition} -> {self.gold.to_edition})")


def successor(node_id: str, parent_id: str) -> str:
    """The id one label on from a node's (57A3 -> 57A4, 57B -> 57C, 61B2(a) -> 61B2(b))."""
    own = node_id[len(parent_id):]
    cores = list(_CORE.finditer(own))
    if not cores:
        raise ValueError(f"no label in {node_id!r}")
    core = cores[-1]
    text = core.group()
    bumped = str(int(text) + 1) if text.isdigit() else chr(ord(text) + 1)
    return parent_id + own[:core.start()] + bumped + own[core.end():]


def _groups(article: Article) -> list[tuple[str, list[Node]]]:
    """Every list of two or more siblings: (parent id, siblings)."""
    found = []
    if len(article.nodes) > 1:
        found.append((article.law, article.nodes))
    for node in article.walk():
        if len(node.children) > 1:
            found.append((node.id, node.children))
    return found


def _siblings(article: Article, group: str) -> list[Node]:
    return article.nodes if group == article.law else next(n for n in article.walk() if n.id == group).children


def _rename(node: Node, parent_id: str, new_id: str, mapping: dict[str, str | None]) -> None:
    """Give a node a new id (and the label it ends in), its descendants the same prefix; record old -> new."""
    old = node.id
    for item in node.walk():
        if not item.id.startswith(old):
            raise ValueError(f"{item.id} does not start with its ancestor's id {old}")
        mapping[item.id] = new_id + item.id[len(old):]
    for item in node.walk():
        item.id = mapping[item.id]
    node.label = _CORE.findall(new_id[len(parent_id):])[-1]


def _relabel(siblings: list[Node], start: int, parent_id: str, new_ids: list[str],
             mapping: dict[str, str | None]) -> None:
    """The siblings from `start` on take `new_ids` in order (each the label before or after its own; after a drop
    or a merge the last of `new_ids` is left free)."""
    for node, new_id in zip(siblings[start:], new_ids, strict=False):
        _rename(node, parent_id, new_id, mapping)


def renumbered(article: Article, case: Case, donor: Node | None = None) -> tuple[Article, dict[str, str | None]]:
    """A copy of the article with the case's edit made, and old id -> new id (None: dropped) for every id
    that changed."""
    edited = copy.deepcopy(article)
    siblings = _siblings(edited, case.group)
    k, parent = case.position, case.group
    ids = [s.id for s in siblings]
    mapping: dict[str, str | None] = {}
    if case.op == "drop":
        mapping.update((item.id, None) for item in siblings.pop(k).walk())
        _relabel(siblings, k, parent, ids[k:], mapping)  # each later sibling takes the id of the one before it
    elif case.op == "swap":
        first, second = siblings[k], siblings[k + 1]
        _rename(first, parent, ids[k + 1], mapping)
        _rename(second, parent, ids[k], mapping)
        siblings[k], siblings[k + 1] = second, first
    elif case.op == "move":
        if donor is None:
            raise ValueError("a move needs a donor provision")
        moved, receiver = siblings[k], _receiver(edited, siblings[k], case)
        receiver.text = f"{receiver.text} {moved.text}".strip()
        moved.text = donor.text
    elif case.op == "merge":
        first = siblings[k]
        first.text = f"{first.text} {siblings[k + 1].text}".strip()
        mapping.update((item.id, ids[k]) for item in siblings.pop(k + 1).walk())
        _relabel(siblings, k + 1, parent, ids[k + 1:], mapping)  # each later sibling takes the id before it
    elif case.op == "split":
        cut = halves(siblings[k].text)
        if cut is None:
            raise ValueError(f"{case.describe()}: a split needs a provision of two sentences or more")
        after = ids[k + 1:] + [successor(ids[-1], parent)]
        _relabel(siblings, k + 1, parent, after[1:], mapping)  # each later sibling takes the id after it
        new_id = after[0]
        siblings[k].text = cut[0]
        siblings.insert(k + 1, Node(new_id, siblings[k].kind, _CORE.findall(new_id[len(parent):])[-1], text=cut[1]))
    elif case.op == "insert":
        if donor is None:
            raise ValueError("an insert needs a donor provision")
        # each sibling from k on takes the id of the one after it
        _relabel(siblings, k, parent, ids[k + 1:] + [successor(ids[-1], parent)], mapping)
        siblings.insert(k, Node(ids[k], siblings[k].kind, _CORE.findall(ids[k][len(parent):])[-1],
                                text=donor.text))
    else:
        raise ValueError(f"unknown operation {case.op!r}")
    edited.refs = [replace(r, node=mapping.get(r.node, r.node)) for r in edited.refs
                   if mapping.get(r.node, r.node) is not None]
    edited.footnotes = [replace(f, node=mapping.get(f.node, f.node)) for f in edited.footnotes
                        if mapping.get(f.node, f.node) is not None]
    seen = [n.id for n in edited.walk()]
    if len(seen) != len(set(seen)):
        raise ValueError(f"{case.describe()}: duplicate ids after the edit")
    return edited, mapping


def _receiver(article: Article, moved: Node, case: Case) -> Node:
    """Where a move puts the rule: a provision of the law outside the moved one's own line, chosen by a hash."""
    lineage = {n.id for n in moved.walk()}
    options = [n for n in article.walk() if n.id not in lineage and not n.children and n.text
               and not moved.id.startswith(n.id)]
    if not options:
        raise ValueError(f"{case.describe()}: nowhere to move the rule to")
    return options[_stable(case.describe() + ":to") % len(options)]


def moved_gold(case: Case, moved: str, receiver: str) -> Gold:
    """The case's law's gold links after a move: the moved provision's counterparts link the receiver instead,
    and the moved provision's id, now a new rule, has no counterpart."""
    split, pairs = case.gold.laws[case.law]
    edited = 0 if case.side == "from" else 1
    kept = []
    for pair in pairs:
        if pair[edited] == moved:
            if pair[1 - edited] is not None:
                kept.append((receiver, pair[1]) if edited == 0 else (pair[0], receiver))
            continue
        kept.append(pair)
    kept.append((moved, None) if edited == 0 else (None, moved))
    return Gold(case.gold.from_edition, case.gold.to_edition, {case.law: (split, sorted(set(kept), key=str))})


def mapped_gold(case: Case, mapping: dict[str, str | None], new_id: str | None = None) -> Gold:
    """The case's law's gold links with the edited side's ids mapped: a dropped provision's links go, and a
    counterpart left with none is new or removed; an inserted provision has no counterpart."""
    split, pairs = case.gold.laws[case.law]
    edited = 0 if case.side == "from" else 1

    def moved(x: str | None) -> str | None:
        return mapping.get(x, x) if x is not None else None

    kept = []
    for pair in pairs:
        if pair[edited] is not None and moved(pair[edited]) is None:
            continue
        kept.append((moved(pair[0]), pair[1]) if edited == 0 else (pair[0], moved(pair[1])))
    orphans = {p[1 - edited] for p in pairs if p[edited] is not None and moved(p[edited]) is None} - {None}
    for other in sorted(orphans):
        if not any(p[1 - edited] == other for p in kept):
            kept.append((other, None) if edited == 1 else (None, other))
    if new_id is not None:
        kept.append((new_id, None) if edited == 0 else (None, new_id))
    return Gold(case.gold.from_edition, case.gold.to_edition, {case.law: (split, sorted(set(kept), key=str))})


def halves(text: str) -> tuple[str, str] | None:
    """A text cut in two between sentences, the first half at least as long as the second (None: one sentence)."""
    ends = [m.start() for m in _SENTENCE_END.finditer(text)]
    if not ends:
        return None
    middle = min(ends, key=lambda e: abs(e - len(text) / 2))
    return text[:middle].strip(), text[middle:].strip()


def split_gold(case: Case, mapping: dict[str, str | None], whole: str, second: str) -> Gold:
    """The case's law's gold links after a split: the ids mapped as an insert maps them, and every counterpart of
    the split provision linking its second half too."""
    mapped = mapped_gold(case, mapping)
    split, pairs = mapped.laws[case.law]
    edited = 0 if case.side == "from" else 1
    extra = [((second, p[1]) if edited == 0 else (p[0], second)) for p in pairs
             if p[edited] == whole and p[1 - edited] is not None]
    unlinked = [] if extra else [(second, None) if edited == 0 else (None, second)]
    return Gold(case.gold.from_edition, case.gold.to_edition,
                {case.law: (split, sorted(set(pairs) | set(extra) | set(unlinked), key=str))})


def _stable(text: str) -> int:
    return int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)


def cases_for(corpus, golds: list[Gold]) -> list[Case]:
    """Every case of every computed gold pair's laws: per law and side, one drop, one swap and one insert,
    each at a sibling group and place chosen by a hash of the case (so the set is fixed, not tuned)."""
    cases = []
    for gold in golds:
        for law in sorted(gold.laws, key=lambda x: (len(x), x)):
            for side in ("from", "to"):
                edition = gold.from_edition if side == "from" else gold.to_edition
                article = corpus.articles(edition).get(law)
                if article is None:
                    continue
                groups = [(g, s) for g, s in _groups(article) if all(_CORE.search(n.id[len(g):]) for n in s)]
                if not groups:
                    continue
                for op in OPS:
                    key = f"{gold.from_edition}:{gold.to_edition}:{law}:{side}:{op}"
                    group, siblings = groups[_stable(key) % len(groups)]
                    last = len(siblings) - (1 if op in ("drop", "swap") else 0)
                    if last < 1:
                        continue
                    position = _stable(key + ":at") % last
                    if op in ("move", "merge", "split"):  # leaves only (a section would take its items along)
                        leaves = [i for i, n in enumerate(siblings) if not n.children and n.text
                                  and (op != "merge" or (i + 1 < len(siblings) and not siblings[i + 1].children
                                                         and siblings[i + 1].text))
                                  and (op != "split" or halves(n.text) is not None)]
                        if not leaves:
                            continue
                        position = leaves[_stable(key + ":at") % len(leaves)]
                    cases.append(Case(gold, law, side, op, group, position))
    return cases


def _donor(corpus, edition: str, other: str, law: str) -> Node | None:
    """A provision with text from a law of this edition the other edition lacks (so it has no counterpart)."""
    lacking = [x for x in corpus.articles(edition) if x not in corpus.articles(other) and x != law]
    for candidate in sorted(lacking, key=lambda x: _stable(f"{edition}:{law}:{x}")):
        nodes = [n for n in corpus.articles(edition)[candidate].walk() if 80 <= len(n.text) <= 600 and not n.children]
        if nodes:
            return nodes[_stable(f"{edition}:{law}") % len(nodes)]
    return None


@contextmanager
def edited(computer: compute.Computer, corpus, case: Case):
    """Within: the corpus holds only the case's law in every edition, edited in the case's edition, and the
    computer aligns on it; yields the mapped gold (None when an insert finds no donor)."""
    a, b = case.gold.from_edition, case.gold.to_edition
    other = b if case.side == "from" else a
    donor = _donor(corpus, case.edition, other, case.law) if case.op in ("insert", "move") else None
    if case.op in ("insert", "move") and donor is None:
        yield None
        return
    article, mapping = renumbered(corpus.articles(case.edition)[case.law], case, donor)
    new_id = _siblings(article, case.group)[case.position + (case.op == "split")].id \
        if case.op in ("insert", "split") else None
    if case.op == "move":
        moved = _siblings(corpus.articles(case.edition)[case.law], case.group)[case.position]
        receiver = _receiver(copy.deepcopy(corpus.articles(case.edition)[case.law]), moved, case)
    full_pairs = compute.edition_pairs(corpus)
    saved = {e: corpus.articles(e) for e in corpus.editions()}
    try:
        for e in corpus.editions():
            one = saved[e].get(case.law)
            corpus._cache[e] = {} if one is None else {case.law: article if e == case.edition else one}
        having = {e for e in corpus.editions() if corpus._cache[e]}
        pairs = [p for p in full_pairs if set(p) <= having]
        computer._evidence.clear()
        computer._features.clear()
        with mock.patch.object(compute, "edition_pairs", lambda _corpus: pairs):
            if case.op == "move":
                yield moved_gold(case, moved.id, receiver.id)
            elif case.op == "split":
                yield split_gold(case, mapping, _siblings(article, case.group)[case.position].id, new_id)
            else:
                yield mapped_gold(case, mapping, new_id)
    finally:
        corpus._cache.clear()
        corpus._cache.update(saved)
        computer._evidence.clear()
        computer._features.clear()


def run_case(computer: compute.Computer, corpus, case: Case) -> dict[str, Score]:
    """Align the case's pair with its law edited and score it and the id match against the mapped gold."""
    a, b = case.gold.from_edition, case.gold.to_edition
    with edited(computer, corpus, case) as gold:
        if gold is None:
            return {"aligned": Score(), "id match": Score()}
        links = computer.all_links([(a, b)])[(a, b)]
        ordered = [[i for art in corpus.articles(e).values() for i in [art.law, *art.node_ids()]] for e in (a, b)]
        ids = [set(o) for o in ordered]
        return {"aligned": score_pair(gold, links, ids[0], ids[1]),
                "id match": score_pair(gold, id_only_links(a, b, *ordered), ids[0], ids[1])}


def case_rows(computer: compute.Computer, corpus, case: Case):
    """The case's training rows as tune.training_rows makes them from the gold: features of every same-law
    pair of the edited law and whether the mapped gold links it."""
    import numpy as np

    with edited(computer, corpus, case) as gold:
        if gold is None:
            return np.zeros((0, len(compute.FEATURES))), np.zeros(0)
        feats = computer.features(case.gold.from_edition, case.gold.to_edition)
        positives = gold.links()
        xs, ys = [], []
        for i, ua in enumerate(feats.a):
            for j, ub in enumerate(feats.b):
                if feats.same_law[i, j] or (ua.id, ub.id) in positives:
                    xs.append(feats.values[i, j])
                    ys.append((ua.id, ub.id) in positives)
        return np.array(xs), np.array(ys, dtype=float)
