"""Search the Laws in every edition: `search(query, lang=None, edition=None, law=None, limit=10)`.

Submodules, in the order a query meets them (data flows one way: records -> index -> results):
- building the index: documents (what is indexed, its content hash), analysis and stemmers (per-language words,
  stems, stop words, inflections, compound parts; tables reads their data), lemmas (spaCy lookup lemmas, index time
  only), lexicon (general-language word lists), analyzed and analysis_cache (the corpus analysed, kept between
  builds), termbase_index (the termbase compiled for queries), vectors (passage vectors), index_build and
  incremental (a rebuild or an update in place);
- the index: index (`SearchIndex`, its directory and companions) over engine_whoosh (the default, the only module
  importing Whoosh's index and query code) or engine_tantivy (optional extra); project (where the corpus is);
- a query: query (`QueryParser`: citations, words, languages (language), typo correction), query_terms (termbase
  concepts in the query), clauses (each unit a clause of weighted alternatives), parsed and plan (the data they
  pass on, engine-independent);
- results: grouping (law groups), highlight (snippets, why a provision matched), meaning and fusion (the semantic
  stage), results (what `search` returns), api (the whole of it).
Importing this package imports none of them until `search` is called.
"""

from __future__ import annotations


def search(query: str, lang: str | None = None, edition: str | None = None, law: str | None = None,
           limit: int = 10, **options):
    """Search every edition for a query (words, "phrases", a citation), best law first; a SearchResult."""
    from .api import search as _search

    return _search(query, lang=lang, edition=edition, law=law, limit=limit, **options)


__all__ = ["search"]
