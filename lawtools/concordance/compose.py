"""Composing a pair of editions that is not computed through pairs that are (on read; no numpy, no encoder).

`plan.py` computes only pairs against references; any other pair (a, c) is read as the composition of
computed pairs along the shortest path from a to c among the editions that have the law, taking
references first (nb-2007 -> nl-2017 is nb-2007 -> sv-2007 -> nl-2017: its year's reference, then the
alignment across years). Law by law, a provision's counterparts are followed step by step; a link keeps
the product of its steps' scores and names the steps in its evidence. A provision lost on the way (no
counterpart in a step) is removed; one of c that nothing reaches is new. Relations are read off the
result as `compute.links_from_pairs` does: several counterparts split, several sources merge, another id
is renumbered, the same id is same only when every step said same.
"""

from __future__ import annotations

from collections import deque

from .links import Link, PairFile, law_of
from .plan import Plan


def seen_from(pair: PairFile, edition: str) -> dict[str, list[Link]]:
    """A stored pair's links by provision of one of its editions, each seen from that provision."""
    out: dict[str, list[Link]] = {}
    for link in pair.links:
        k = link if pair.from_edition == edition else link.reversed()
        if k.from_node is not None:
            out.setdefault(k.from_node, []).append(k)
    return out


class Router:
    """Paths through the computed pairs, and their links seen from either side, kept between compositions."""

    def __init__(self, plan: Plan, stored: dict[frozenset, PairFile]):
        self.plan, self.stored = plan, stored
        self.neighbours: dict[str, set[str]] = {}
        for key in stored:
            x, y = tuple(key) if len(key) == 2 else (next(iter(key)),) * 2
            self.neighbours.setdefault(x, set()).add(y)
            self.neighbours.setdefault(y, set()).add(x)
        self._views: dict[tuple[str, str], dict[str, list[Link]]] = {}
        self._trees: dict[tuple[str, str], dict[str, str | None]] = {}

    def view(self, x: str, y: str) -> dict[str, list[Link]]:
        """The computed pair of x and y, by provision of x."""
        if (x, y) not in self._views:
            self._views[(x, y)] = seen_from(self.stored[frozenset((x, y))], x)
        return self._views[(x, y)]

    def path(self, a: str, c: str, law: str) -> list[str] | None:
        """The editions from a to c through computed pairs, every one having the law (None: no path)."""
        plan = self.plan
        if law not in plan.laws(a) or law not in plan.laws(c):
            return None
        if (a, law) not in self._trees:  # one breadth-first search from a serves every c
            before: dict[str, str | None] = {a: None}
            queue = deque([a])
            while queue:
                here = queue.popleft()
                # the same Laws year first, then references, then plan order: the pivot of a translation is its
                # year's reference (two translations of one year are never composed through another year, where
                # the law may be partial or renumbered), and across years the references' alignment is taken
                year = plan.year(here)
                for other in sorted((e for e in self.neighbours.get(here, ()) if law in plan.laws(e)),
                                    key=lambda e: (plan.year(e) != year, not plan.is_reference(e, law),
                                                   plan.order(e))):
                    if other not in before:
                        before[other] = here
                        queue.append(other)
            self._trees[(a, law)] = before
        before = self._trees[(a, law)]
        if c not in before:
            return None
        steps = [c]
        while before[steps[-1]] is not None:
            steps.append(before[steps[-1]])
        return steps[::-1]


def compose(plan: Plan, stored: dict[frozenset, PairFile], a: str, c: str,
            router: Router | None = None) -> PairFile | None:
    """The links of a pair that is not computed, composed through computed pairs (None: no path)."""
    a, c = plan.oriented(a, c)
    router = router or Router(plan, stored)
    view = router.view

    links: list[Link] = []
    reached: set[str] = set()
    ends: dict[str, list[str]] = {}  # c's provisions per law, from the last step
    pivots: list[str] = []
    for law in sorted(plan.laws(a) & plan.laws(c), key=_law_key):
        steps = router.path(a, c, law)
        if steps is None:
            continue
        pivots += [e for e in steps[1:-1] if e not in pivots]
        last = view(steps[-1], steps[-2])
        ends[law] = [n for n in last if law_of(n) == law]
        first = view(steps[0], steps[1])
        for node in [n for n in first if law_of(n) == law]:
            found = _follow(node, steps, view)
            if not found:
                links.append(_lost(a, node, c, steps, view))
                continue
            for target, (score, chain) in found.items():
                reached.add(target)
                links.append(Link(a, node, c, target, _relation(node, target, chain), round(score, 3),
                                  ("composed through " + ", ".join(steps[1:-1]),
                                   *(f"{k.from_edition} {k.from_node} = {k.to_edition} {k.to_node} "
                                     f"({k.relation} {k.score:.2f})" for k in chain))))
    for nodes in ends.values():
        for node in nodes:
            if node not in reached:
                links.append(Link(a, None, c, node, "new", 1.0,
                                  (f"composed through {', '.join(pivots)}: nothing of {a} reaches it",)))
    return PairFile(a, c, "composed", "composed", _recount(links)) if ends else None


def _follow(node: str, steps: list[str], view) -> dict[str, tuple[float, list[Link]]]:
    """The provisions of the last edition a node reaches along the steps, with the best chain to each."""
    frontier: dict[str, tuple[float, list[Link]]] = {node: (1.0, [])}
    for x, y in zip(steps, steps[1:], strict=False):
        step = view(x, y)
        nxt: dict[str, tuple[float, list[Link]]] = {}
        for here, (score, chain) in frontier.items():
            for k in step.get(here, []):
                if k.to_node is None:
                    continue
                value = score * k.score
                if k.to_node not in nxt or nxt[k.to_node][0] < value:
                    nxt[k.to_node] = (value, [*chain, k])
        frontier = nxt
    return frontier


def _lost(a: str, node: str, c: str, steps: list[str], view) -> Link:
    """A provision with no counterpart at the end: where it was lost."""
    frontier = {node}
    for x, y in zip(steps, steps[1:], strict=False):
        step = view(x, y)
        nxt = {k.to_node for here in frontier for k in step.get(here, []) if k.to_node is not None}
        if not nxt:
            alone = [k for here in frontier for k in step.get(here, []) if k.to_node is None]
            score = alone[0].score if alone else 0.5
            return Link(a, node, c, None, "removed", score,
                        (f"composed through {', '.join(steps[1:-1])}: no counterpart in {y}",
                         *(alone[0].evidence if alone else ())))
        frontier = nxt
    return Link(a, node, c, None, "removed", 0.5, (f"composed through {', '.join(steps[1:-1])}",))


def _relation(node: str, target: str, chain: list[Link]) -> str:
    if node != target:
        return "renumbered"
    return "same" if all(k.relation == "same" for k in chain) else "changed"


def _recount(links: list[Link]) -> list[Link]:
    """Split and merged where a provision has several counterparts (as compute.links_from_pairs says)."""
    per_a: dict[str, int] = {}
    per_c: dict[str, int] = {}
    for k in links:
        if k.from_node and k.to_node:
            per_a[k.from_node] = per_a.get(k.from_node, 0) + 1
            per_c[k.to_node] = per_c.get(k.to_node, 0) + 1
    out = []
    for k in links:
        if k.from_node and k.to_node:
            if per_a[k.from_node] > 1:
                k = Link(k.from_edition, k.from_node, k.to_edition, k.to_node, "split", k.score, k.evidence)
            elif per_c[k.to_node] > 1:
                k = Link(k.from_edition, k.from_node, k.to_edition, k.to_node, "merged", k.score, k.evidence)
        out.append(k)
    return out


def contradictions(links: dict[tuple[str, str], list[Link]]) -> list[str]:
    """Where the pairs disagree under composition: for editions a, b, c whose pairs (a, b), (b, c) and
    (a, c) are all given (in stored order: earlier Laws year first), a:x's counterparts in c differ from
    those reached through b, in a law all three pairs cover."""
    table: dict[tuple[str, str], dict[str, set[str]]] = {}
    for pair, found in links.items():
        forward = table.setdefault(pair, {})
        for k in found:
            if k.from_node is not None:
                forward.setdefault(k.from_node, set())
                if k.to_node is not None:
                    forward[k.from_node].add(k.to_node)
    out = []
    for (a, b), ab in table.items():
        for (b2, c), bc in table.items():
            if b2 != b or (a, c) not in table:
                continue
            ac = table[(a, c)]
            laws_bc, laws_ac = {law_of(n) for n in bc}, {law_of(n) for n in ac}
            for x, ys in sorted(ab.items()):
                if law_of(x) not in laws_bc or law_of(x) not in laws_ac:
                    continue
                through = set().union(*(bc.get(y, set()) for y in ys))
                if through != ac.get(x, set()):
                    out.append(f"{a}:{x} -> {c}: {', '.join(sorted(ac.get(x, set()))) or '-'} directly, "
                               f"{', '.join(sorted(through)) or '-'} through {b}")
    return out


def _law_key(law: str) -> tuple:
    return (0, int(law), law) if law.isdigit() else (1, 0, law)
