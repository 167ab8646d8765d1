"""Which provisions of a law stand on one row of its page: the one place the site pairs editions' provisions.

`pair_rows` pairs by node id (64B3 beside 64B3) unless it is given concordance links (the JSON shape of
`lawtools concordance --json`: `{"from": "sv-2007:57C2", "to": "nl-2017:57C3", "relation": ...}`); then
linked provisions share a row whatever their numbers, and each row carries the strongest relation its links
state (renumbered > changed > same), so the page can mark provisions that moved or changed. A provision
that is split or merged stands on its namesake's row when that is one of its counterparts (1997 57C, split into
2017 57C, 57C1 and 57C2, beside 2007 and 2017 57C), else on its own; it names its counterparts on other rows and
what stands beside them there (so the links of the computed edition pairs are enough: a composed link joins
nothing more, and names nothing more); new and removed are marked as such. Provisions without a joining link
stand by their id, except where the links say they are not counterparts: 2017 15A, new against 2007, does not
stand beside 2007 15A, which the links put in 2017 15B2.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..citation import Citation, node_sort_key
from ..model import Article

RELATIONS = ("same", "changed", "renumbered", "split", "merged", "new", "removed")
# relations that put two provisions on one row, weakest first (a row takes the strongest of its links)
JOINING = ("same", "changed", "renumbered")


@dataclass
class Row:
    """One row of a law page: the provision each edition has there (None: the edition has nothing there)."""

    key: str  # the row's anchor and the id shown beside it
    cells: dict[str, str | None]
    relation: str = "same"
    counterparts: dict[str, list[str]] = field(default_factory=dict)  # edition -> ids linked but on other rows

    @property
    def depth(self) -> int:
        """1 for a section (64A), 2 for its items (64A1) ...; 1 for an id that is not a citation."""
        citation = Citation.try_parse(self.key)
        return citation.depth if citation else 1

    @property
    def moved(self) -> bool:
        """True when the editions on this row number its provision differently (a row of one provision, keyed
        'nb-2007-15A' beside another edition's 15A, is not moved)."""
        return len({node for node in self.cells.values() if node}) > 1


def pair_rows(law: str, articles: dict[str, Article], links: Iterable[dict] | None = None) -> list[Row]:
    """The rows of a law's page, in reading order: by node id, or by the concordance links when given."""
    editions = list(articles)
    present = {e: set(a.node_ids()) for e, a in articles.items()}
    parent: dict[tuple[str, str], tuple[str, str]] = {}
    relation: dict[tuple[str, str], str] = {}
    counterparts: dict[tuple[str, str], dict[str, list[str]]] = {}
    partners: dict[tuple[str, str], set[tuple[str, str]]] = {}  # every provision a link gives it
    stated: dict[tuple[str, str], set[str]] = {}  # the editions some link states its counterparts in
    outside: dict[tuple[str, str], dict[str, str]] = {}  # a provision of another law -> what is joined to it

    def find(item):
        parent.setdefault(item, item)
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def mark(item, value: str) -> None:
        if RELATIONS.index(value) > RELATIONS.index(relation.get(item, "same")):
            relation[item] = value

    for link in links or ():
        a, b = _end(link.get("from")), _end(link.get("to"))
        kind = link.get("relation", "same")
        known = [end for end in (a, b) if end and end[0] in present and end[1] in present[end[0]]
                 and Citation.try_parse(end[1]) and Citation.try_parse(end[1]).law == law]
        if kind in JOINING and a and b and not known:  # both ends in another law: what stands beside a
            outside.setdefault(a, {})[b[0]] = b[1]      # counterpart there
            outside.setdefault(b, {})[a[0]] = a[1]
        if not known or kind not in RELATIONS:
            continue
        for end, other, other_edition in ((a, b, link.get("to_edition")), (b, a, link.get("from_edition"))):
            if end in known and (other or other_edition):
                stated.setdefault(end, set()).add(other[0] if other else other_edition)
                if other:
                    partners.setdefault(end, set()).add(other)
        if kind in JOINING and len(known) == 2:
            root_a, root_b = find(a), find(b)
            parent[root_b] = root_a
            for end in known:
                mark(end, kind)
        else:
            for end in known:
                mark(end, kind)
                other = b if end == a else a
                if other and other != end:
                    counterparts.setdefault(end, {}).setdefault(other[0], []).append(other[1])

    groups: dict[tuple[str, str], dict[str, str]] = {}
    for edition in editions:
        for node in articles[edition].node_ids():
            item = (edition, node)
            root = find(item) if item in parent else None
            if root is None:  # a split or merge that includes its namesake stands on the namesake's row
                root = next((find(p) for p in sorted(partners.get(item, ())) if p[1] == node and p in parent
                             and edition not in groups.get(find(p), {})
                             and all(_may_share(item, (e, n), stated, partners)
                                     for e, n in groups.get(find(p), {}).items())), None)
            if root is None:  # no joining link: pair by id, unless the links say the two are not counterparts
                root = ("", node)
                if any(not _may_share(item, (other, node), stated, partners) for other in groups.get(root, {})):
                    root = item
            if edition in groups.get(root, {}):  # links that disagree put two of its provisions together:
                root = ("", node)  # never drop one; it stands by its id (or on a row of its own)
                if edition in groups.get(root, {}):
                    root = item
            groups.setdefault(root, {})[edition] = node
    rows, used = [], set()
    where = {(edition, node): root for root, group in groups.items() for edition, node in group.items()}
    for group in groups.values():
        key = next(group[e] for e in editions if e in group)
        if key in used:  # another row already stands at this number: name the row by edition and number
            first = next(e for e in editions if e in group)
            key = f"{first}-{key}"
        used.add(key)
        row = Row(key, {e: group.get(e) for e in editions})
        strongest = "same"
        for edition, node in group.items():
            value = relation.get((edition, node), "same")
            if RELATIONS.index(value) > RELATIONS.index(strongest):
                strongest = value
            for other, ids in counterparts.get((edition, node), {}).items():
                for linked in ids:  # the counterpart, and what stands on its row elsewhere (composed links)
                    beside = groups.get(where.get((other, linked)), outside.get((other, linked), {}))
                    for third, cell in [(other, linked), *beside.items()]:
                        if group.get(third) == cell or _within(group.get(third), cell):
                            continue  # it stands on this row, or holds the provision that does (61B of 61B1)
                        found = row.counterparts.setdefault(third, [])
                        if cell not in found:
                            found.append(cell)
        row.relation = strongest
        rows.append(row)
    rows.sort(key=lambda r: node_sort_key(next(n for n in r.cells.values() if n)))
    return rows


def _may_share(one: tuple[str, str], other: tuple[str, str], stated: dict, partners: dict) -> bool:
    """Whether two provisions of one id may stand on one row: unless a link states either one's counterparts in
    the other's edition, and those are others (it is new there, or linked to other provisions)."""
    return all(there[0] not in stated.get(here, ()) or there in partners.get(here, ())
               for here, there in ((one, other), (other, one)))


def _within(node: str | None, other: str) -> bool:
    """Whether `other` is a provision that `node` is an item of ('61B' for '61B1')."""
    citation = Citation.try_parse(node) if node else None
    return citation is not None and other in {str(a) for a in citation.ancestors()}


def _end(value) -> tuple[str, str] | None:
    """('sv-2007', '57C2') from 'sv-2007:57C2'."""
    if not isinstance(value, str) or ":" not in value:
        return None
    edition, node = value.split(":", 1)
    return edition, node
