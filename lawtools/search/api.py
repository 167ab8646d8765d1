"""The search API: `search(query, ...) -> SearchResult`, hits grouped by law with every edition together.

A hit says which term matched and why (the query word itself, its stem or inflection, a compound part,
or the termbase naming the same concept in another language), and its snippet marks the matched words
with ** on each side (Markdown: the text's own asterisks, footnote marks, are escaped as \\*).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..errors import NotFound
from .fusion import SEMANTIC_DEPTH  # laws taken from BM25, and from the passages, before they are fused
from .highlight import Spans, lemma_tokens, snippet, token_spans, why
from .plan import Clause, Filters, Plan

PER_EDITION = 3  # provisions shown per edition inside one law group ...
PER_EDITION_ONE_LAW = 30  # ... and when the search is narrowed to one law
# a lookup in another language: the query language's laws fused in (see _counterparts); dev lookups (old dev /
# round-4 dev): 0 1.000 / 0.733, 0.5 1.000 / 0.750, 1.0 1.000 / 0.778, 2.0 the same
COUNTERPART_WEIGHT = 1.0
FETCH = 200  # documents fetched from the engine before grouping (enough for 10 laws; each costs a stored-field read)
GROUP_DECAY, GROUP_DEPTH = 0.3, 6  # see _group_score
TITLE_WEIGHT = 0.5  # a law titled by the query (see _titled); dev: 0 -> 0.888, 0.5 -> 0.913, 1.0 -> 0.913


@dataclass
class Matched:
    """One reason a provision matched: the word in the provision, and the query word it answers."""

    term: str
    query: str
    how: str
    concept: str = ""
    language: str = ""
    why: str = ""


@dataclass
class Hit:
    """One matching provision of one edition."""

    edition: str
    language: str
    law: str
    node: str
    title: str
    score: float
    snippet: str
    law_title: str = ""
    matched: list[Matched] = field(default_factory=list)


@dataclass
class LawGroup:
    """All matching provisions of one law, every edition together (editions in order of their best hit)."""

    law: str
    score: float
    hits: list[Hit]
    more: int = 0  # matching provisions not shown (beyond PER_EDITION per edition)

    @property
    def editions(self) -> list[str]:
        """Editions with a matching provision, best first."""
        return list(dict.fromkeys(hit.edition for hit in self.hits))


@dataclass
class SearchResult:
    """Everything a search returns; `results` is the flat list (best law first) that DESIGN.md specifies."""

    query: str
    kind: str  # "words", "citation" or "empty"
    groups: list[LawGroup] = field(default_factory=list)
    corrections: list[dict] = field(default_factory=list)
    did_you_mean: list[str] = field(default_factory=list)
    concepts: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    index: dict = field(default_factory=dict)
    languages: list[str] = field(default_factory=list)  # the languages the query is written in, best first
    semantic: bool = False  # True when passage vectors took part in the ranking

    @property
    def results(self) -> list[Hit]:
        """Every hit, group by group."""
        return [hit for group in self.groups for hit in group.hits]

    @property
    def laws(self) -> list[str]:
        """The laws found, best first."""
        return [group.law for group in self.groups]

    def to_dict(self) -> dict:
        """The DESIGN.md JSON shape, plus groups, corrections, did_you_mean, concepts, notes and index."""
        results = [{"edition": h.edition, "language": h.language, "law": h.law, "node": h.node, "title": h.title,
                    "score": round(h.score, 3), "snippet": h.snippet, "law_title": h.law_title,
                    "matched": [asdict(m) for m in h.matched]} for h in self.results]
        groups = [{"law": g.law, "score": round(g.score, 3), "editions": g.editions,
                   "nodes": [f"{h.edition}:{h.node}" for h in g.hits], "more": g.more} for g in self.groups]
        return {"query": self.query, "kind": self.kind, "results": results, "groups": groups,
                "corrections": self.corrections, "did_you_mean": self.did_you_mean, "concepts": self.concepts,
                "notes": self.notes, "index": self.index, "languages": self.languages,
                "semantic": self.semantic}


class Searcher:
    """An open index with its query parser, for answering many queries in one process."""

    def __init__(self, corpus=None, index_dir: Path | None = None, termbase_path: Path | None = None,
                 rebuild: str = "auto", settings: dict | None = None):
        from .index import default_index_dir, open_index
        from .project import LazyCorpus, project_corpus
        from .query import QueryParser

        self.corpus = corpus if corpus is not None else project_corpus()
        if isinstance(self.corpus, LazyCorpus):  # the project's own: its paths without reading the manifest
            termbase_path = termbase_path or self.corpus.termbase_path
            index_dir = index_dir or default_index_dir(self.corpus.manifest_path)
        self._where = (index_dir, termbase_path, settings)
        self.index, info = open_index(self.corpus, index_dir, termbase_path, rebuild=rebuild, settings=settings)
        self.index_info = {"path": str(self.index.path), "rebuilt": info is not None,
                           "updated": bool(info and info.incremental), "reason": info.reason if info else "fresh",
                           "documents": self.index.meta.get("documents", 0)}
        self.parser = QueryParser(self.index)
        self.analyzers = self.parser.analyzers
        from .index import quick_signature

        self._quick = quick_signature(Path(self.corpus.root), Path(termbase_path or _default_termbase()))
        from .index import english_titles
        from .vectors import Vectors, semantic_setting

        self._titles_en = english_titles()
        self._titles: dict[tuple[str, str], set[str]] = {}
        self._plans: dict[int, tuple[Plan, dict]] = {}
        self.vectors = Vectors(self.index.path)
        self.semantic = semantic_setting()

    def _english_tokens(self, title: str):
        return self.analyzers["en"].tokens(title, with_parts=False)

    def search(self, query: str, lang: str | None = None, edition: str | None = None, law: str | None = None,
               limit: int = 10) -> SearchResult:
        """Search the corpus; see `lawtools.search.search`."""
        filters = self._filters(lang, edition, law)
        parsed = self.parser.parse(query)
        result = SearchResult(parsed.text, "words", notes=list(parsed.notes), index=dict(self.index_info))
        result.corrections = [{"from": c.original, "to": c.corrected, "score": c.score} for c in parsed.corrections]
        result.concepts = _concepts(parsed)
        if parsed.citation is not None:
            result.kind = "citation"
            result.groups = self._citation(str(parsed.citation), parsed.citation.law, filters, result)
            return result
        if parsed.plan is None:
            result.kind = "empty"
            return result
        if parsed.within is not None and not filters.law:
            filters = Filters(filters.languages, filters.editions, parsed.within.law)
        raw = self.index.search(parsed.plan, filters, FETCH)
        if not raw and any(len(c.text.split()) > 1 for c in parsed.plan.clauses):
            # a run of words named a concept that no provision has: try the words' own concepts
            alone = self.parser.parse(query, word_by_word=True)
            if alone.plan is not None and (hits := self.index.search(alone.plan, filters, FETCH)):
                parsed, raw = alone, hits
                result.concepts = _concepts(parsed)
        if not raw and len(parsed.plan.clauses) > 1:
            parsed.plan = Plan(parsed.plan.clauses, require_all=False)
            raw = self.index.search(parsed.plan, filters, FETCH)
            if raw:
                result.notes.append("no provision has all the words; showing provisions with some of them")
        result.languages = list(parsed.languages.languages)
        semantic = self._wants_vectors(parsed, raw, filters, result.notes)
        depth = max(limit, SEMANTIC_DEPTH) if semantic else max(1, limit)
        result.groups = self._group(raw, parsed.plan, depth, {c.matched_language for c in parsed.concepts},
                                    one_law=bool(filters.law), native=parsed.languages.native)
        if semantic:
            result.groups = self._fuse(result.groups, self._semantic_text(parsed), filters, parsed, max(1, limit))
            result.semantic = True
        native = parsed.languages.native
        if filters.languages and native and not set(native) & set(filters.languages) and COUNTERPART_WEIGHT:
            result.groups = self._counterparts(result.groups, parsed.plan, Filters(native, (), filters.law))
        if not result.groups:
            result.did_you_mean = self._did_you_mean(parsed)
            if parsed.corrections or parsed.unknown:
                result.notes.append("nothing matches" + (f"; unknown words: {', '.join(parsed.unknown)}"
                                                         if parsed.unknown else ""))
        return result

    def _counterparts(self, groups: list[LawGroup], plan: Plan, own: Filters) -> list[LawGroup]:
        """A term looked up in another language (--lang): the laws where the query's own language has it are
        where its counterparts are (a law keeps its number across languages), fused with the filtered
        ranking by RRF; a law no edition of the query's language has keeps its filtered rank in both (no
        evidence either way); only laws the filtered search found are shown."""
        from .fusion import K

        if not groups:
            return groups
        covered = self.index.laws_in(own.languages)
        by_law: dict[str, list[float]] = {}
        for hit in self.index.search(plan, own, FETCH):
            by_law.setdefault(hit.brief["law"], []).append(hit.score)
        ranked = sorted(by_law, key=lambda law: -_group_score(sorted(by_law[law], reverse=True)))
        own_rank = {law: rank for rank, law in enumerate(ranked, 1)}
        unranked = len(ranked) + 1 + len(groups)  # found only in the filtered language
        scored = []
        for rank, group in enumerate(groups, 1):
            if covered is not None and group.law not in covered:
                theirs = rank
            else:
                theirs = own_rank.get(group.law, unranked)
            group.score = 1.0 / (K + rank) + COUNTERPART_WEIGHT / (K + theirs)
            scored.append((-group.score, rank, group))
        return [group for _, _, group in sorted(scored, key=lambda item: item[:2])]

    # ------------------------------------------------------------------------------------------ semantic
    def _wants_vectors(self, parsed, raw, filters: Filters, notes: list[str]) -> bool:
        """Vectors only where words fall short: English (no English edition), several words, or a BM25
        search that found nothing with all the words. A one-word native query never loads the model, nor does
        a native term looked up in another language (--lang) that BM25 found with all its words."""
        if self.semantic == "never" or filters.law or not self.vectors.exists():
            return False
        if self.semantic == "always":
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
    def _semantic_text(parsed) -> str:
        text = parsed.text
        for correction in parsed.corrections:
            text = text.replace(correction.original, correction.corrected)
        return text

    def _fuse(self, groups: list[LawGroup], text: str, filters: Filters, parsed, limit: int) -> list[LawGroup]:
        """Reciprocal rank fusion of the BM25 law ranking with the laws of the nearest passages."""
        from .fusion import SEMANTIC_WEIGHT, TITLE_SEMANTIC_WEIGHT, rrf

        def keep(key: dict) -> bool:
            return ((not filters.languages or key["language"] in filters.languages)
                    and (not filters.editions or key["edition"] in filters.editions))

        nearest = self.vectors.nearest(text, keep, limit=None)
        dense_laws = _by_meaning(nearest, SEMANTIC_DEPTH, parsed.languages.native)
        by_law = {g.law: g for g in groups}
        rankings = [([g.law for g in groups], 1.0), (list(dense_laws), SEMANTIC_WEIGHT)]
        if "en" in parsed.languages.languages and TITLE_SEMANTIC_WEIGHT:
            # an English question against the English law titles: same-language meaning, laws that some
            # searched provision belongs to (the filters hold)
            searchable = {key["law"] for key in self.vectors.keys() if keep(key)}
            titled = [law for law, _ in self.vectors.nearest_laws(text, searchable)[:SEMANTIC_DEPTH]]
            rankings.append((titled, TITLE_SEMANTIC_WEIGHT))
            for law in titled:
                if law not in dense_laws:  # its provisions nearest the query, to show
                    dense_laws[law] = [(key, similarity) for key, similarity in nearest if key["law"] == law]
        fused = rrf(rankings)
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
        per_edition: dict[str, list[Hit]] = {}
        for key, similarity in found:
            shown = per_edition.setdefault(key["edition"], [])
            if len(shown) >= PER_EDITION:
                continue
            stored = [r for r in self.index.lookup(key["node"], law, filters) if r.fields["edition"] == key["edition"]]
            if not stored:
                continue
            hit = self._hit(stored[0], plan)
            hit.score = similarity
            hit.matched.append(Matched(hit.node, text_of(plan), "meaning", language=hit.language,
                                       why="close in meaning to the query (semantic search)"))
            shown.append(hit)
        editions = sorted((e for e in per_edition if per_edition[e]),
                          key=lambda e: (per_edition[e][0].language not in native, -per_edition[e][0].score))
        hits = [h for e in editions for h in per_edition[e]]
        return LawGroup(law, 0.0, hits) if hits else None

    # ------------------------------------------------------------------------------------------ helpers
    def _filters(self, lang: str | None, edition: str | None, law: str | None) -> Filters:
        if lang and lang not in self.index.languages:
            raise NotFound(f"unknown language {lang!r}; corpus languages: {', '.join(self.index.languages)}")
        if edition:
            self.corpus.check_edition(edition)
            edition_language = self.corpus.manifest.get(edition).language
            if lang and lang != edition_language:
                raise NotFound(f"--edition {edition} is in {edition_language!r}, not in --lang {lang!r}; "
                               "give one of them, or both agreeing")
        if law:
            law = self.corpus.check_law(law)
        return Filters((lang,) if lang else (), (edition,) if edition else (), law or "")

    def _citation(self, node: str, law: str, filters: Filters, result: SearchResult) -> list[LawGroup]:
        from ..citation import Citation

        wanted = Citation.parse(node)
        chain = [str(c) for c in [wanted, *reversed(wanted.ancestors())]]
        best: dict[str, object] = {}
        for candidate in chain:
            for r in self.index.lookup(candidate, law, filters):
                best.setdefault(r.fields["edition"], r)
            if best and candidate == node:
                break
        if not best and (filters.law or filters.editions or filters.languages):
            unfiltered = Filters((), (), "")
            elsewhere = sorted({r.fields["edition"] for c in chain for r in self.index.lookup(c, law, unfiltered)})
            if elsewhere:
                chosen = ", ".join(f"--{name} {value}" for name, value in (("law", filters.law),
                                   ("edition", ",".join(filters.editions)), ("lang", ",".join(filters.languages)))
                                   if value)
                result.notes.append(f"{node} is outside {chosen}; editions that have it: {', '.join(elsewhere)}")
                return []
        if not best:
            span = law_ranges(self.corpus.laws())  # the index is built from this corpus
            result.notes.append(f"no edition has {node}" + (f" (laws in the corpus: {span})" if span else ""))
            return []
        hits = []
        for r in sorted(best.values(), key=lambda r: r.fields["order"]):
            f = r.fields
            if f["node"] != node:
                result.notes.append(f"{f['edition']} has no {node}; showing {f['node']}, which contains it")
            hits.append(Hit(f["edition"], f["language"], f["law"], f["node"], f.get("title") or f.get("law_title", ""),
                            1.0, snippet(f.get("text") or f.get("title", ""), []), f.get("law_title", ""),
                            [Matched(f["node"], node, "citation")]))
        return [LawGroup(law, 1.0, hits)]

    def _group(self, raw, plan: Plan, limit: int, languages: set[str], one_law: bool = False,
               native: tuple[str, ...] = ()) -> list[LawGroup]:
        per_edition = PER_EDITION_ONE_LAW if one_law else PER_EDITION
        by_law: dict[str, list] = {}
        for hit in raw:  # the hits' ids (the index's document table): only the hits shown read their fields
            by_law.setdefault(hit.brief["law"], []).append(hit)
        scored = []
        for law, hits in by_law.items():
            score = _group_score(sorted((h.score for h in hits), reverse=True))
            if TITLE_WEIGHT and self._titled(law, hits, plan):
                score *= 1 + TITLE_WEIGHT
            scored.append((score, law, hits))
        scored.sort(key=lambda item: -item[0])
        groups = []
        for score, law, hits in scored[:limit]:
            by_edition: dict[str, list] = {}
            for h in hits:
                by_edition.setdefault(h.brief["edition"], []).append(h)
            built = {e: [self._hit(h, plan) for h in ranked[:per_edition]] for e, ranked in by_edition.items()}
            # editions in the query's language first; then those where the query's own words matched; then
            # those found through the termbase
            editions = sorted(by_edition, key=lambda e: (built[e][0].language not in native,
                                                         not (_direct(built[e]) or built[e][0].language in languages),
                                                         -by_edition[e][0].score))
            shown, more = [], 0
            for edition in editions:
                shown.extend(built[edition])
                more += max(0, len(by_edition[edition]) - per_edition)
            groups.append(LawGroup(law, score, shown, more))
        return groups

    def _titled(self, law: str, hits, plan: Plan) -> bool:
        """True when the law's title (in an edition that matched, or in English) answers every clause."""
        titles: dict[str, set[str]] = {}
        for hit in hits:
            language = hit.brief["language"]
            if language not in titles:
                titles[language] = self._title_terms(language, hit.brief.get("law_title", ""))
        english = self._titles_en.get(law, "")
        titles["en"] = self._title_terms("en", english) if english else set()

        def answered(clause) -> bool:
            return any(alt.field in ("text", "context") and alt.terms
                       and set(alt.terms) <= titles.get(alt.language, set()) for alt in clause.alternatives)

        return bool(plan.clauses) and all(answered(c) for c in plan.clauses)

    def _hit(self, raw, plan: Plan) -> Hit:
        f = raw.fields
        language = f["language"]
        text, title = f.get("text", ""), f.get("title", "")
        text_spans, title_spans_of = self._spans(f, plan)
        context_terms = self._title_terms(language, f.get("law_title", ""))
        spans, title_spans, matched = [], [], {}
        for clause, alternatives in self._by_language(plan, language):
            for alt in alternatives:
                if alt.language == "en":  # only the English title of the law (see _by_language)
                    title_en = self._titles_en.get(f["law"], "")
                    if title_en and set(alt.terms) <= self._title_terms("en", title_en):
                        key = (title_en, clause.text, "law title")
                        matched.setdefault(key, Matched(title_en, clause.text, "law title", language="en",
                                                        why=f"{clause.text!r} in the English title of the law"))
                    continue
                if alt.field == "context":
                    if alt.terms[0] in context_terms:
                        key = (f.get("law_title", ""), clause.text, "law title")
                        matched.setdefault(key, Matched(f.get("law_title", ""), clause.text, "law title",
                                                        why=f"{clause.text!r} in the title of the law"))
                    continue
                in_text = text_spans.find(alt.field, alt.terms)
                in_title = title_spans_of.find(alt.field, alt.terms)
                found = in_text or in_title
                if not found:
                    continue
                source = text if in_text else title
                spans.extend(in_text)
                title_spans.extend(in_title)
                surface = " ".join(source[s:e] for s, e in found[: len(alt.terms)])
                how = (text_spans if in_text else title_spans_of).how_matched(alt, found)
                reason = alt.reason
                key = (surface.lower(), clause.text, reason.concept)
                if key not in matched:
                    matched[key] = Matched(surface, clause.text, how, reason.concept, language, why(how, reason))
        return Hit(f["edition"], language, f["law"], f["node"], f.get("heading") or title or f.get("law_title", ""),
                   raw.score,
                   snippet(text, spans) if text else snippet(title, title_spans), f.get("law_title", ""),
                   list(matched.values()))

    def _by_language(self, plan: Plan, language: str) -> list[tuple[Clause, list]]:
        """The clauses (and the law-title bonus) with the alternatives a hit in the language can show: its
        own language's, and the English law title's; worked out once per plan and language."""
        cache = self._plans.get(id(plan))
        if cache is None or cache[0] is not plan:
            cache = self._plans[id(plan)] = (plan, {})
            if len(self._plans) > 8:  # plans of earlier searches
                for key in [k for k in self._plans if k != id(plan)]:
                    del self._plans[key]
        found = cache[1].get(language)
        if found is None:
            titles = [Clause(b.reason.query, [b]) for b in plan.bonus if b.field == "context"]
            found = cache[1][language] = [
                (clause, [a for a in clause.alternatives if a.language == language
                          or (a.language == "en" and a.field == "context")])
                for clause in [*plan.clauses, *titles]]
        return found

    def _spans(self, f: dict, plan: Plan) -> tuple[Spans, Spans]:
        """Where the terms are in a hit's text and title: stored with the document at index time (an index
        without them: the text analysed again, only the words that can carry the plan's terms)."""
        stored = f.get("spans")
        if stored:
            try:  # decoded at build time (index.stored_spans); JSON in an index built before
                found = stored if isinstance(stored, dict) else json.loads(stored)
                return Spans(found["x"]), Spans(found["t"])
            except (ValueError, KeyError, TypeError):
                pass
        language = f["language"]
        analyzer = self.analyzers[language]
        parts = frozenset(t for c in plan.clauses for a in c.alternatives
                          if a.field == "parts" and a.language == language for t in a.terms)
        starts = frozenset(t[:2] for c in plan.clauses for a in c.alternatives if a.language == language
                           for t in a.terms)
        text_tokens = (analyzer.tokens(f.get("text", ""), parts_for=parts, starts=starts)
                       + lemma_tokens(f.get("lemmas", "")))
        title_tokens = (analyzer.tokens(f.get("title", ""), parts_for=parts, starts=starts)
                        + lemma_tokens(f.get("title_lemmas", "")))
        return Spans(token_spans(text_tokens)), Spans(token_spans(title_tokens))

    def _title_terms(self, language: str, title: str) -> set[str]:
        """The terms of a law's title (each distinct title analysed once per Searcher)."""
        key = (language, title)
        found = self._titles.get(key)
        if found is None:
            if language == "en":
                found = {t.term for t in self._english_tokens(title) if t.field == "text"}
            else:
                found = {t.term for t in self.analyzers[language].tokens(title, with_parts=False)}
            self._titles[key] = found
        return found

    def _did_you_mean(self, parsed) -> list[str]:
        words = parsed.unknown or [c.corrected for c in parsed.corrections]
        suggestions: list[str] = []
        for word in words[:4]:
            for candidate, _ in self.parser.suggestions(word, cutoff=55.0, limit=3):
                if candidate not in suggestions:
                    suggestions.append(candidate)
        return suggestions[:5]

    def fresh(self) -> bool:
        """True while the index still matches the records and the termbase on disk (cheap: the directories'
        modification times, and the full check only when they moved)."""
        from .index import default_settings, freshness, quick_signature

        _, termbase_path, settings = self._where
        records, termbase = Path(self.corpus.root), Path(termbase_path or _default_termbase())
        quick = quick_signature(records, termbase)
        if quick == self._quick:
            return True
        fresh = freshness(self.index.path, records, termbase, {**default_settings(), **(settings or {})})[0]
        if fresh:
            self._quick = quick
        return fresh

    def close(self) -> None:
        """Release the index."""
        self.index.close()


def _default_termbase() -> Path:
    from ..termbase import default_termbase_path

    return default_termbase_path()


def _concepts(parsed) -> list[dict]:
    """The concepts the query named, each once however often the query repeats its words."""
    first: dict[tuple[str, str], object] = {}
    for concept in parsed.concepts:
        first.setdefault((concept.query.casefold(), concept.concept), concept)
    return [asdict(c) for c in first.values()]


def law_ranges(laws: list[str]) -> str:
    """records.law_ranges (imported when a note needs it: the query path does not load the records module)."""
    from ..records import law_ranges as ranges

    return ranges(laws)


def text_of(plan: Plan) -> str:
    """The query words a plan answers."""
    return " ".join(c.text for c in plan.clauses)


def _by_meaning(nearest: list[tuple[dict, float]], depth: int, native: tuple[str, ...] = ()
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


def _group_score(scores: list[float]) -> float:
    """A law's score: its best provision, plus a decaying share of the next ones (a law that treats the
    subject in several provisions outranks one that mentions it once)."""
    return sum(score * GROUP_DECAY ** i for i, score in enumerate(scores[:GROUP_DEPTH]))


def _direct(hits: list[Hit]) -> bool:
    """True when some hit matched the query's own words (not only the termbase or the law's title)."""
    return any(m.how not in ("termbase", "law title") for hit in hits for m in hit.matched)


_SEARCHERS: dict[tuple, Searcher] = {}


def search(query: str, lang: str | None = None, edition: str | None = None, law: str | None = None,
           limit: int = 10, *, corpus=None, index_dir: Path | None = None,
           termbase_path: Path | None = None) -> SearchResult:
    """Search every edition for a query (words, "phrases", a citation), best law first."""
    if corpus is None:  # the project this runs in (found from the working directory, read only when needed)
        from .project import project_corpus

        corpus = project_corpus()
        key = (str(getattr(corpus, "manifest_path", None) or corpus.root), str(index_dir), str(termbase_path),
               os.environ.get("LAWTOOLS_INDEX_DIR", ""))
    else:
        key = (id(corpus), str(index_dir), str(termbase_path))
    searcher = _SEARCHERS.get(key)
    if searcher is not None and not searcher.fresh():
        searcher.close()
        searcher = None
    if searcher is None:
        searcher = Searcher(corpus, index_dir, termbase_path)
        _SEARCHERS.clear()
        _SEARCHERS[key] = searcher
    return searcher.search(query, lang, edition, law, limit)

