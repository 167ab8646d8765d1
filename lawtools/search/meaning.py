"""The semantic stage of a search: whether a query wants passage vectors, and the fusion of the word ranking
with the laws nearest the query in meaning (and, for English, the laws whose English titles are nearest).

Vectors only where words fall short: English (no edition is English), several words, or a word search that found
nothing with all the words. Laws are fused by reciprocal rank (fusion.py); a law found by meaning alone shows its
nearest provisions. The encoder (vectors.py) loads only when a query gets here and wants it.
"""

from __future__ import annotations

from . import fusion  # its weights read at each call (an evaluation may set them)
from .grouping import PER_EDITION
from .plan import Filters, Plan
from .results import LawGroup, Matched


class Meaning:
    """The semantic stage over one open index: its passage vectors, and its stored provisions to show."""

    def __init__(self, vectors, index, grouper, setting: str):
        self.vectors = vectors
        self.index = index
        self.grouper = grouper
        self.setting = setting  # "auto", "always" or "never" (vectors.semantic_setting)

    def wanted(self, parsed, raw, filters: Filters, notes: list[str]) -> bool:
        """Vectors only where words fall short: English (no English edition), several words, or a BM25
        search that found nothing with all the words. A one-word native query never loads the model, nor does
        a native term looked up in another language (--lang) that BM25 found with all its words."""
        if self.setting == "never" or filters.law or not self.vectors.exists():
            return False
        if self.setting == "always":
            return True
        english = "en" in parsed.languages.languages
        if '"' in parsed.text:
            return False  # a quoted phrase asks for exactly those words
        if not raw:
            return english  # no edition is English: its words may have no match; other words stay unmatched
        if any(n.startswith("no provision has all") for n in notes):
            return True
        native = parsed.languages.native
        if filters.languages and native and not set(native) & set(filters.languages) and not english:
            # the termbase carries the words over; the meaning of a Dutch phrase among Swedish passages only
            # blurs the laws its concepts name (measured: tests/relevance/RESULTS.md, ninth round)
            return False
        clauses = parsed.plan.clauses if parsed.plan else []
        if len(clauses) == 1 and any(a.reason.concept for a in clauses[0].alternatives):
            return False  # the query is one termbase concept: the termbase says exactly where it is
        content = sum(len(c.text.split()) for c in clauses)
        return english or content >= 2

    @staticmethod
    def text(parsed) -> str:
        """The query as the encoder reads it: as typed, with its corrections."""
        text = parsed.text
        for correction in parsed.corrections:
            text = text.replace(correction.original, correction.corrected)
        return text

    def fuse(self, groups: list[LawGroup], text: str, filters: Filters, parsed, limit: int) -> list[LawGroup]:
        """Reciprocal rank fusion of the BM25 law ranking with the laws of the nearest passages."""

        def keep(key: dict) -> bool:
            return ((not filters.languages or key["language"] in filters.languages)
                    and (not filters.editions or key["edition"] in filters.editions))

        nearest = self.vectors.nearest(text, keep, limit=None)
        dense_laws = by_meaning(nearest, fusion.SEMANTIC_DEPTH, parsed.languages.native)
        by_law = {g.law: g for g in groups}
        rankings = [([g.law for g in groups], 1.0), (list(dense_laws), fusion.SEMANTIC_WEIGHT)]
        if "en" in parsed.languages.languages and fusion.TITLE_SEMANTIC_WEIGHT:
            # an English question against the English law titles: same-language meaning, laws that some
            # searched provision belongs to (the filters hold)
            searchable = {key["law"] for key in self.vectors.keys() if keep(key)}
            titled = [law for law, _ in self.vectors.nearest_laws(text, searchable)[:fusion.SEMANTIC_DEPTH]]
            rankings.append((titled, fusion.TITLE_SEMANTIC_WEIGHT))
            for law in titled:
                if law not in dense_laws:  # its provisions nearest the query, to show
                    dense_laws[law] = [(key, similarity) for key, similarity in nearest if key["law"] == law]
        fused = fusion.rrf(rankings)
        result = []
        native = parsed.languages.native
        for law, score in fused[:limit]:
            group = by_law.get(law)
            if group is None:
                group = self._dense_group(law, dense_laws[law], filters, parsed.plan, native)
            if group is not None:
                group.score = score
                result.append(group)
        return result

    def _dense_group(self, law: str, found: list[tuple[dict, float]], filters: Filters, plan: Plan,
                     native: tuple[str, ...]) -> LawGroup | None:
        """A law found by meaning only: its nearest provisions, PER_EDITION per edition, query language first."""
        per_edition: dict[str, list] = {}
        for key, similarity in found:
            shown = per_edition.setdefault(key["edition"], [])
            if len(shown) >= PER_EDITION:
                continue
            stored = [r for r in self.index.lookup(key["node"], law, filters) if r.fields["edition"] == key["edition"]]
            if not stored:
                continue
            hit = self.grouper.hit(stored[0], plan)
            hit.score = similarity
            hit.matched.append(Matched(hit.node, text_of(plan), "meaning", language=hit.language,
                                       why="close in meaning to the query (semantic search)"))
            shown.append(hit)
        editions = sorted((e for e in per_edition if per_edition[e]),
                          key=lambda e: (per_edition[e][0].language not in native, -per_edition[e][0].score))
        hits = [h for e in editions for h in per_edition[e]]
        return LawGroup(law, 0.0, hits) if hits else None


def text_of(plan: Plan) -> str:
    """The query words a plan answers."""
    return " ".join(c.text for c in plan.clauses)


def by_meaning(nearest: list[tuple[dict, float]], depth: int, native: tuple[str, ...] = ()
               ) -> dict[str, list[tuple[dict, float]]]:
    """The `depth` laws nearest the query by meaning, best first, each with its passages (best first). A law's
    score is the mean over its editions of each edition's nearest passage, so that a law five editions hold is not
    ahead of one a single edition holds merely for having five chances (the best of more draws is higher); for a
    query in a corpus language (`native`), over that language's editions where the law has one, as the words
    find the query's own edition first. Dev MRR / hit@5 (old / dev / r4dev / r6dev): the law of the single
    nearest passage 0.993 / 0.947 / 0.866 / 0.858 (hit@5 1 / 1 / 1 / 0.958); the mean over all editions 0.993 /
    0.944 / 0.881 / 0.868 (r4dev and r6dev hit@5 0.972 / 0.938: German queries lost their own edition's Law 71);
    over the query language's editions 0.993 / 0.949 / 0.866 / 0.868 (hit@5 1 / 1 / 1 / 0.958); the mean of the
    two best editions 0.993 / 0.936 / 0.841 / 0.853."""
    best: dict[str, dict[str, float]] = {}
    own: dict[str, dict[str, float]] = {}
    passages: dict[str, list[tuple[dict, float]]] = {}
    for key, similarity in nearest:  # best first
        best.setdefault(key["law"], {}).setdefault(key["edition"], similarity)
        if key["language"] in native:
            own.setdefault(key["law"], {}).setdefault(key["edition"], similarity)
        passages.setdefault(key["law"], []).append((key, similarity))

    def score(law: str) -> float:
        found = own.get(law) or best[law]
        return sum(found.values()) / len(found)

    ranked = sorted(best, key=lambda law: -score(law))
    return {law: passages[law] for law in ranked[:depth]}
