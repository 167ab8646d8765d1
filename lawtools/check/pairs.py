"""Which provisions the checks compare: the one place where two editions' provisions are paired.

`counterparts(context, edition, node_id)` answers, for one provision, the provisions of the other
editions it may be compared with. With `pairing.use_concordance` set in check.yaml, the stored
concordance (`corpus/concordance/`, lawtools.concordance) says which provisions are counterparts: its
links of relation same, changed or renumbered are compared (split, merged, new and removed provisions
have no single counterpart to compare wording with). Where the concordance does not cover a pair of
editions (none computed yet, or a pair it has no file for), and while that setting is off,
provisions are paired by id:

- within the same year of the Laws (ids are the alignment key there), always;
- across years (the Laws renumber and rewrite), only where the content agrees: the two provisions
  share most of their evidence (termbase concepts, cited provisions, numbers) and their lengths fit the
  language pair's usual ratio, so a renumbered rule is not compared with a different one.

Cited provisions are compared in one numbering: `map_target` carries a provision another edition cites
into this edition's numbering through the stored concordance (2017 53B is 2007 53C), whatever the
pairing switch says; within one year, or where the concordance does not cover the cited law, the id is
kept.

Only this module changes when the pairing does.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from itertools import islice
from statistics import median

from ..citation import Citation
from ..concordance.compose import seen_from
from ..concordance.links import law_of
from ..yamlio import package_data
from .features import Features
from .model import CheckContext

COMPARABLE = ("same", "changed", "renumbered")


@dataclass(frozen=True)
class Pair:
    """A provision of another edition that a provision may be compared with, and why."""

    edition: str
    node: str
    relation: str  # same (same year, same id), same-id (other year, content agrees), or the concordance's
    score: float
    evidence: str
    same_year: bool = False  # the two editions translate the same Laws year (ids align)


def _settings() -> dict:
    return package_data("check.yaml")["pairing"]


class Pairing:
    """Counterparts of every provision of a corpus, built once per check run."""

    def __init__(self, context: CheckContext):
        self.context = context
        self.features = Features(context)
        self._mapping: list[list[tuple[str, str, str]]] = []  # the citations mapped by each counterparts() asked

    @cached_property
    def stored(self):
        """The stored concordance (read-only), or None when none has been computed."""
        from ..concordance import load_concordance
        from ..errors import NotFound

        try:
            return load_concordance(self.context.corpus.manifest.corpus_dir)
        except NotFound:  # none computed yet (a new project): pair by id, as before the concordance
            return None

    @cached_property
    def _concordance(self):
        return self.stored if _settings().get("use_concordance") else None

    @cached_property
    def _covered(self) -> set[str]:
        """The editions the stored concordance covers."""
        return set(self.stored.editions()) if self.stored is not None else set()

    def _pair_links(self, edition: str, other: str) -> dict[str, list]:
        """The concordance's links from `edition`'s provisions into `other`, by node, seen from `edition`: one
        edition pair read (or composed) when first asked, so a provision's few counterparts cost a few pairs, not
        every pair of the corpus."""
        cache = self.context._cache.setdefault("pair-links", {})
        key = (edition, other)
        if key not in cache:
            known = self.stored is not None and {edition, other} <= self._covered
            pair = self.stored.pair(edition, other, remember=False) if known else None  # indexed here instead
            cache[key] = seen_from(pair, edition) if pair is not None else {}
        return cache[key]

    def link_facts(self, edition: str, other: str, links: list) -> list[tuple]:
        """What the pairing reads of one provision's concordance links into another edition (seen from this one),
        in the order it reads them (`_from_concordance`, `map_target`): each target and relation, and across years,
        where a score is weighed (min_score, single_score), the score; within a year only their order by score.
        A caller keying what a check read (lawtools.pipeline.checks) hashes this, not the links."""
        scored = not self.same_year(edition, other)
        return [(k.to_node or "", k.relation, float(k.score) if scored else None)
                for k in sorted(links, key=lambda k: -k.score)]

    def same_year(self, edition: str, other: str) -> bool:
        """True when the two editions translate the same year of the Laws (their ids align)."""
        info = self.context.corpus.edition_info
        return info[edition].get("year") == info[other].get("year")

    def map_target(self, edition: str, target: str, into: str) -> set[str] | None:
        """The provisions of `into`'s numbering that a provision cited by `edition` is (set() when it has none
        there); None when the concordance cannot tell (the id is then the best guess)."""
        if edition == into or self.same_year(edition, into) or self.stored is None:
            return None
        cache = self.context._cache.setdefault("mapped", {})
        key = (edition, target, into)
        if self._mapping:  # who asked, for `reads`: the counterparts being found...
            self._mapping[-1].append(key)
        else:  # ...or a check of one of the two editions
            self.context._cache.setdefault("mapped-by-checks", set()).add(key)
        if key not in cache:
            cache[key] = self._map(edition, target, into)
        return cache[key]

    def _map(self, edition: str, target: str, into: str) -> set[str] | None:
        citation = Citation.try_parse(target)
        chain = [target] + ([str(a) for a in reversed(list(citation.ancestors()))] if citation else [])
        for ancestor in dict.fromkeys(chain):
            links = self._pair_links(edition, into).get(ancestor, [])
            if not links:
                continue
            linked = {k.to_node for k in links if k.to_node and k.relation in COMPARABLE + ("split", "merged")}
            if ancestor == target:
                return linked or ({target} if target.isdigit() else set())
            rest = target[len(ancestor):]
            return {node + rest for node in linked if node != ancestor} or None
        if citation is not None and citation.parent is None:
            return {target}  # a whole law: the Laws keep their law numbers from year to year
        return None

    def follows_concordance(self, edition: str, other: str) -> bool:
        """True when the pairing of these two editions follows the stored concordance (it covers both)."""
        return self._concordance is not None and {edition, other} <= self._covered

    def linked_ids(self, edition: str, node_id: str, into: str) -> set[str] | None:
        """The provisions of `into` that the stored concordance links `edition`'s provision to: set() when it says
        the provision has none there (new or removed between their years); None when it has no entry for it (the
        records changed since it was computed: `lawtools concordance --check` says so) or does not cover the two
        editions (`follows_concordance`). The links are remembered as read by `into`'s checks (`reads`)."""
        if not self.follows_concordance(edition, into):
            return None
        self.context._cache.setdefault("links-read", defaultdict(set))[into].add((edition, into, law_of(node_id)))
        links = self._pair_links(edition, into).get(node_id)
        return None if not links else {k.to_node for k in links if k.to_node}

    def read_edition(self, reader: str, edition: str) -> None:
        """Remember that a check of `reader` read every record of `edition` (its usage: check.number_usage,
        check.citation_fit)."""
        self.context._cache.setdefault("editions-read", defaultdict(set))[reader].add(edition)

    def counterparts(self, edition: str, node_id: str) -> list[Pair]:
        """The provisions of other editions this one may be compared with, in manifest order."""
        key = (edition, node_id)
        cache = self.context._cache.setdefault("pairs", {})
        if key not in cache:
            asked: list[str] = []  # the other editions whose provisions or links were read to answer
            self._mapping.append([])
            try:
                found = self._from_concordance(edition, node_id, asked) if self._concordance is not None else \
                    self._by_id(edition, node_id, asked=asked)
            finally:
                mapped = self._mapping.pop()
            self.context._cache.setdefault("asked", {})[key] = asked
            self.context._cache.setdefault("asked-maps", {})[key] = mapped
            cache[key] = self._bounded(edition, found)
        return cache[key]

    def reads(self, editions: list[str]) -> dict[str, dict[str, list]]:
        """edition -> what its checks read of the other editions through this pairing, as asked so far:
        {"records": [[edition, law], ...], "links": [[edition, other, law], ...], "ratios": [[edition, other], ...]}:
        the records of each law read (a counterpart's, a provision of that id, a link's target), the concordance
        links from one edition's provisions of a law into another edition, and the usual length ratios weighed.

        Each of its provisions' counterparts counts, with every edition asked to find them, and so do the
        counterparts' own (the checks consult them); the pair statistics of an edition with a counterpart's
        edition are read from those counterparts and that ratio. A caller keying what a check read
        (lawtools.pipeline.checks) stores this beside the findings: while every record, link and ratio named is
        unchanged, the checks ask the same and find the same."""
        cache = self.context._cache
        pairs, asked = cache.get("pairs", {}), cache.get("asked", {})
        linked = cache.get("pair-links", {})
        wanted = set(editions)
        keys: dict[str, set[tuple[str, str]]] = {edition: set() for edition in editions}
        for (edition, node_id), found in pairs.items():
            if edition in wanted:
                keys[edition].add((edition, node_id))
                keys[edition].update((p.edition, p.node) for p in found)
        maps, direct = cache.get("asked-maps", {}), defaultdict(list)
        for key in cache.get("mapped-by-checks", ()):
            direct[key[0]].append(key)
            direct[key[2]].append(key)
        result = {}
        for edition, asks in keys.items():
            records, links, ratios = set(), set(), set()
            for asker, node_id in asks:
                law = law_of(node_id)
                records.add((asker, law))
                for other in asked.get((asker, node_id), ()):
                    records.add((other, law))
                    links.add((asker, other, law))
                    ratios.add((asker, other))
                    for link in linked.get((asker, other), {}).get(node_id, ()):
                        if link.to_node:
                            records.add((other, law_of(link.to_node)))
                for pair in pairs.get((asker, node_id), ()):
                    records.add((pair.edition, law_of(pair.node)))
                for source, target, into in maps.get((asker, node_id), ()):  # citations carried into a numbering
                    links.add((source, into, law_of(target)))
            links.update(cache.get("links-read", {}).get(edition, ()))  # read by a check of this edition directly
            for other in cache.get("editions-read", {}).get(edition, ()):  # an edition's usage: all its records
                records.update((other, law) for law in self.context.articles(other))
            within = {e for e, _ in records} | {edition}
            for source, target, into in direct[edition]:  # mapped by a check: of its edition's provisions, theirs
                if {source, into} <= within:
                    links.add((source, into, law_of(target)))
            result[edition] = {"records": sorted(r for r in records if r[0] != edition),
                               "links": sorted(links), "ratios": sorted(ratios)}
        return result

    def _preference(self, edition: str, other: str) -> tuple[bool, bool]:
        """The order `_bounded` keeps counterparts in: the same year first (ids align), then the same language."""
        corpus = self.context.corpus
        return not self.same_year(edition, other), corpus.language(other) != corpus.language(edition)

    def _bounded(self, edition: str, pairs: list[Pair]) -> list[Pair]:
        """At most `max_counterparts` (check.yaml pairing) of them, so that the checks stay linear in editions:
        by `_preference`, then in manifest order (as the pairs come); kept in manifest order."""
        limit = int(_settings().get("max_counterparts", 0) or 0)
        if not limit or len(pairs) <= limit:
            return pairs
        kept = sorted(pairs, key=lambda p: self._preference(edition, p.edition))[:limit]
        return [p for p in pairs if p in kept]

    def _from_concordance(self, edition: str, node_id: str, asked: list[str]) -> list[Pair]:
        """The counterparts the concordance links (by-id ones for editions it has no link from this provision to),
        the other editions taken in `_bounded`'s order and only until it has enough, or `max_asked` were asked: each
        asked for costs one edition pair of the concordance (and is added to `asked`)."""
        limit = int(_settings().get("max_counterparts", 0) or 0)
        most = int(_settings().get("max_asked", 0) or 0)
        pairs = []
        for other in self._candidates(edition)[:most or None]:
            if limit and len(pairs) >= limit:
                break
            asked.append(other)
            links = sorted(self._pair_links(edition, other).get(node_id, []), key=lambda k: -k.score)
            # an edition the concordance has no link from this provision to is paired by id
            pairs += self._accepted(edition, node_id, links) if links else self._by_id_one(edition, node_id, other)
        return sorted(pairs, key=lambda p: self._order[p.edition])

    def _candidates(self, edition: str) -> list[str]:
        """The other editions in `_bounded`'s order, then manifest order (sorted once per edition)."""
        cache = self.context._cache.setdefault("candidates", {})
        if edition not in cache:
            cache[edition] = sorted((e for e in self.context.all_editions if e != edition),
                                    key=lambda e: (self._preference(edition, e), self._order[e]))
        return cache[edition]

    def _accepted(self, edition: str, node_id: str, links: list) -> list[Pair]:
        """The links of one provision into one other edition that may be compared with it, as Pairs."""
        info = self.context.corpus.edition_info
        year = info[edition].get("year")
        pairs = []
        for link in links:
            if link.relation not in COMPARABLE or not link.to_node or link.to_node not in self.lengths(link.to_edition):
                continue
            evidence = "; ".join(map(str, link.evidence or []))
            if info[link.to_edition].get("year") != year:
                # across years the concordance says which provision is the counterpart; whether its details
                # may be held against this one is the same content test as for same-id pairs, and only for a
                # link the concordance is sure of (a low score: the Laws rewrote the provision)
                if float(link.score or 0) < float(_settings().get("min_score", 0)):
                    continue
                score, agreed = self.agreement(edition, link.to_edition, node_id, link.to_node)
                if score < float(_settings()["min_agreement"]):
                    continue
                evidence = f"{evidence}; {agreed}"
            pairs.append(Pair(link.to_edition, link.to_node, link.relation, float(link.score or 0), evidence,
                              self.same_year(edition, link.to_edition)))
        return pairs

    @cached_property
    def _having(self) -> dict[str, dict[tuple, list[str]]]:
        """node id -> (year, language) -> the editions (in manifest order) whose provision of that id has text or
        a caption (what `Features` holds), read from the records alone: which editions may pair is known
        without matching a term."""
        info = self.context.corpus.edition_info
        index: dict[str, dict[tuple, list[str]]] = defaultdict(dict)
        for edition in self.context.all_editions:
            group = (info[edition].get("year"), self.context.corpus.language(edition))
            for node_id in self.lengths(edition):
                index[node_id].setdefault(group, []).append(edition)
        return index

    def lengths(self, edition: str) -> dict[str, int]:
        """Each provision's length in characters (`Feature.length`), by node id, without building its features."""
        cache = self.context._cache.setdefault("lengths", {})
        if edition not in cache:
            cache[edition] = {node.id: len(node.text) for article in self.context.articles(edition).values()
                              for node in article.walk() if node.text or node.title}
        return cache[edition]

    def _by_id(self, edition: str, node_id: str, skip: set[str] | frozenset = frozenset(),
               asked: list[str] | None = None) -> list[Pair]:
        """The provisions of the same id in other editions (but those in skip) that may be compared with this one;
        asked: filled with the editions whose provisions were read to tell."""
        asked = [] if asked is None else asked
        if node_id not in self.lengths(edition):
            return []  # this edition has no text of that id
        groups = self._having.get(node_id, {})
        same = self._same_year(edition, node_id, groups, skip)
        if same is not None:
            asked += [p.edition for p in same]
            return same
        others = [other for other in self.context.all_editions if other != edition and other not in skip]
        asked += others
        return [pair for other in others for pair in self._by_id_one(edition, node_id, other)]

    def _by_id_one(self, edition: str, node_id: str, other: str) -> list[Pair]:
        """The provision of the same id in one other edition, when it may be compared with this one."""
        if node_id not in self.lengths(edition) or node_id not in self.lengths(other):
            return []
        if self.same_year(edition, other):
            return [Pair(other, node_id, "same", 1.0, "same year, same id", True)]
        score, evidence = self.agreement(edition, other, node_id)
        return [Pair(other, node_id, "same-id", score, evidence)] if score >= float(_settings()["min_agreement"]) \
            else []

    def _same_year(self, edition: str, node_id: str, groups: dict[tuple, list[str]],
                   skip: set[str] | frozenset) -> list[Pair] | None:
        """The counterparts `_bounded` keeps when at least `max_counterparts` editions of the same year have the
        provision: those come before any of another year, so no content needs comparing and only the first of
        each language group are looked at (the work per provision does not grow with the editions); None when
        there are fewer (or no bound)."""
        limit = int(_settings().get("max_counterparts", 0) or 0)
        if not limit:
            return None
        year, language = self.context.corpus.edition_info[edition].get("year"), self.context.corpus.language(edition)
        order = self._order

        def first(editions: list[str]) -> list[str]:
            return list(islice((e for e in editions if e != edition and e not in skip), limit))

        own = first(groups.get((year, language), []))
        rest = sorted((e for (y, lang), es in groups.items() if y == year and lang != language for e in first(es)),
                      key=order.__getitem__)
        kept = (own + rest)[:limit]
        if len(kept) < limit:
            return None
        return [Pair(other, node_id, "same", 1.0, "same year, same id", True)
                for other in sorted(kept, key=order.__getitem__)]

    def id_partners(self, edition: str, node_id: str) -> list[Pair] | None:
        """`counterparts` when the records alone tell them (no concordance stored, and enough editions of the same
        year have the provision: see `_same_year`), without building any edition's features; None when telling
        needs the provisions' content. A caller keying what a check reads (lawtools.pipeline.checks) asks this."""
        if self.stored is not None:
            return None
        if node_id not in self.lengths(edition):
            return []
        return self._same_year(edition, node_id, self._having.get(node_id, {}), frozenset())

    def statistics(self, edition: str, other: str) -> list:
        """The pair statistics the checks of `edition` read about `other` (the usual length ratio and the spread
        at the configured quantile), as one value: what they learned from the two editions' every provision."""
        quantile = float(package_data("check.yaml")["counterparts"]["quantile"])
        spread = self.length_spread(edition, other, quantile)
        return [self.length_ratio(edition, other), list(spread) if spread else None]

    @cached_property
    def _order(self) -> dict[str, int]:
        return {e: i for i, e in enumerate(self.context.all_editions)}

    def agreement(self, edition: str, other: str, node_id: str, other_node: str | None = None) -> tuple[float, str]:
        """How well two editions' provisions of one id agree in content (0..1), and the evidence said so.

        The kinds of evidence are termbase concepts, cited provisions and numbers; the score is the share
        they have in common, taking the best of all kinds together and each pair of kinds, so that one
        kind that disagrees (the very number or citation a check is about to report) does not unpair them.
        """
        settings = _settings()
        mine, theirs = self.features.get(edition, node_id), self.features.get(other, other_node or node_id)
        kinds = {}
        for name in ("concepts", "refs", "numbers"):
            a, b = getattr(mine, name), getattr(theirs, name)
            if name == "refs":  # what the other cites, in this edition's numbering
                b = set().union(*({t} if (m := self.map_target(other, t, edition)) is None else m for t in b))
            if a or b:
                kinds[name] = (len(a & b), len(a | b))
        said = [f"{name} {shared}/{union}" for name, (shared, union) in kinds.items()]
        expected = self.length_ratio(edition, other)
        ratio = (mine.length / theirs.length) / expected if theirs.length and expected else 0.0
        fits = float(settings["length_low"]) <= ratio <= float(settings["length_high"])
        said.append(f"length ×{ratio:.2f} of the usual")
        best = 0.0
        names = list(kinds)
        subsets = [names] + [[n for n in names if n != left] for left in names] if len(names) > 1 else [names]
        for subset in subsets:
            shared = sum(kinds[n][0] for n in subset)
            union = sum(kinds[n][1] for n in subset)
            if union >= float(settings["min_evidence"]):
                best = max(best, shared / union)
        if not any(sum(kinds[n][1] for n in subset) >= float(settings["min_evidence"]) for subset in subsets):
            return (0.5 if fits else 0.0), ", ".join(said)  # too little to tell: never enough alone
        return best * (1.0 if fits else float(settings["length_penalty"])), ", ".join(said)

    def length_ratio(self, edition: str, other: str) -> float:
        """The usual ratio of this edition's provision length to the other's, learned from same-id pairs."""
        cache = self.context._cache.setdefault("ratios", {})
        key = (edition, other)
        if key not in cache:
            ratios = []
            theirs = self.lengths(other)
            for node_id, mine in self.lengths(edition).items():
                length = theirs.get(node_id)
                if length is not None and mine >= 40 and length >= 40:
                    ratios.append(mine / length)
            cache[key] = median(ratios) if len(ratios) >= 5 else 1.0
        return cache[key]

    def length_spread(self, edition: str, other: str, quantile: float) -> tuple[float, float] | None:
        """How far from the usual ratio the lengths of real counterparts of two editions stray: the `quantile`
        and 1 - `quantile` of (length ratio / usual ratio) over the pairs `counterparts` gives, or None when
        fewer than `min_pairs` (check.yaml counterparts) pairs were seen."""
        cache = self.context._cache.setdefault("spread", {})
        key = (edition, other, quantile)
        if key not in cache:
            settings = package_data("check.yaml")["counterparts"]
            least, minimum = int(settings["min_length"]), int(settings.get("min_pairs", 20))
            expected = self.length_ratio(edition, other)
            theirs = self.lengths(other)
            ratios = sorted(length / theirs[pair.node] / expected
                            for node_id, length in self.lengths(edition).items() if length >= least
                            for pair in self.counterparts(edition, node_id) if pair.edition == other
                            if theirs.get(pair.node, 0) >= least)
            if len(ratios) < minimum:
                cache[key] = None
            else:
                at = min(len(ratios) - 1, int(quantile * len(ratios)))
                cache[key] = (ratios[at], ratios[len(ratios) - 1 - at])
        return cache[key]


def pairing(context: CheckContext) -> Pairing:
    """The pairing of this check run (built once, shared by every family)."""
    if "pairing" not in context._cache:
        context._cache["pairing"] = Pairing(context)
    return context._cache["pairing"]


def counterparts(context: CheckContext, edition: str, node_id: str) -> list[Pair]:
    """The provisions of other editions that `node_id` of `edition` may be compared with."""
    return pairing(context).counterparts(edition, node_id)
