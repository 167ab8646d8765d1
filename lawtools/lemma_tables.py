"""spaCy's lookup lemma tables (spacy-lookups-data), read once per process as plain dicts.

Shared by search (index time), term matching and the orthography check. A plain dict straight from the
data file: building spaCy's hashed `Table` of a million entries (what a lookup lemmatiser or `load_lookups`
does) took most of a check run, and nothing here needs it. spaCy is imported only when a table is read.
"""

from __future__ import annotations

from functools import cache


@cache
def lookup_table(language: str) -> dict[str, str] | None:
    """The language's lemma lookup table (word -> lemma), or None when spacy-lookups-data has none."""
    from spacy.util import load_language_data, registry

    if language not in registry.lookups:
        return None
    tables = registry.lookups.get(language)
    return load_language_data(tables["lemma_lookup"]) if "lemma_lookup" in tables else None
