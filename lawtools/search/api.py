"""The search API: `search(query, ...) -> SearchResult`, hits grouped by law with every edition together.

A hit says which term matched and why (the query word itself, its stem or inflection, a compound part,
or the termbase naming the same concept in another language), and its snippet marks the matched words
with ** on each side (Markdown: the text's own asterisks, footnote marks, are escaped as \\*).
"""

from __future__ import annotations

import os
from dataclasses import asdict
from pathlib import Path

from ..errors import NotFound
from . import fusion  # fusion.SEMANTIC_DEPTH: laws taken from BM25, and from the passages, before they are fused
from .grouping import Grouper, group_score
from .highlight import snippet
from .meaning import Meaning
from .plan import Filters, Plan
from .results import Hit, LawGroup, Matched, SearchResult  # noqa: F401 - the API's result types

# a lookup in another language: the query language's laws fused in (see _counterparts); dev lookups (old dev /
# round-4 dev): 0 1.000 / 0.733, 0.5 1.000 / 0.750, 1.0 1.000 / 0.778, 2.0 the same
COUNTERPART_WEIGHT = 1.0
FETCH = 200  # documents fetched from the engine before grouping (enough for 10 laws; each costs a stored-field read)


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

        self.grouper = Grouper(self.analyzers, english_titles())
        self.vectors = Vectors(self.index.path)
        self.meaning = Meaning(self.vectors, self.index, self.grouper, semantic_setting())

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
        semantic = self.meaning.wanted(parsed, raw, filters, result.notes)
        depth = max(limit, fusion.SEMANTIC_DEPTH) if semantic else max(1, limit)
        result.groups = self.grouper.group(raw, parsed.plan, depth, {c.matched_language for c in parsed.concepts},
                                           one_law=bool(filters.law), native=parsed.languages.native)
        if semantic:
            result.groups = self.meaning.fuse(result.groups, self.meaning.text(parsed), filters, parsed, max(1, limit))
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
        ranked = sorted(by_law, key=lambda law: -group_score(sorted(by_law[law], reverse=True)))
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

