"""spaCy lookup lemmas (spacy-lookups-data), used at INDEX time only: the query path never imports spaCy.

The tables differ a lot in size: Swedish and German are large, Norwegian and Dutch thin. Whether they
help is measured per language by tests/relevance (see `LEMMA_LANGUAGES` and the benchmark notes).
"""

from __future__ import annotations

from collections.abc import Callable

from ..lemma_tables import lookup_table

# Languages whose lemma table improved results when measured by tests/benchmarks/bench_analysis.py: word-probe
# recall rose with sv (+0.044), de (+0.038) and nl (+0.018) lemmas at unchanged precision; the thin nb table
# (about 1,600 entries) changed nothing, so nb is not lemmatised. The law-level MRR of the relevance set did
# not move either way (the termbase and stems already carry it).
LEMMA_LANGUAGES = ("sv", "de", "nl")


def lemmatizer(language: str) -> Callable[[str], str | None] | None:
    """A function giving a word's lookup lemma (or None), or None when the language is not lemmatised."""
    if language not in LEMMA_LANGUAGES:
        return None
    table = lookup_table(language)
    if table is None or not len(table):
        return None

    def lemma(word: str) -> str | None:
        found = table.get(word) or table.get(word.lower())
        if found is None and word[:1].isupper():
            found = table.get(word[:1] + word[1:].lower())
        return found if found and found.lower() != word.lower() else None

    return lemma
