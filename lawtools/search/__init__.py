"""Search the Laws in every edition: `search(query, lang=None, edition=None, law=None, limit=10)`.

Submodules: analysis (per-language analyzers), lemmas (spaCy lookup lemmas, index time only), documents
(what is indexed, content hash), index (the Whoosh index; the only module importing whoosh), termbase_index
(the termbase compiled for queries), plan (a parsed query as engine-independent data), query (parsing, typo
correction, termbase expansion), highlight (match explanations, snippets), api (results grouped by law).
Importing this package imports none of them until `search` is called.
"""

from __future__ import annotations


def search(query: str, lang: str | None = None, edition: str | None = None, law: str | None = None,
           limit: int = 10, **options):
    """Search every edition for a query (words, "phrases", a citation), best law first; a SearchResult."""
    from .api import search as _search

    return _search(query, lang=lang, edition=edition, law=law, limit=limit, **options)


__all__ = ["search"]
