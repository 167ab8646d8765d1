"""spaCy lookup lemmas (spacy-lookups-data), used at INDEX time only: the query path never imports spaCy.

The tables differ a lot in size: Swedish and German are large, Norwegian and Dutch thin. Whether they
help is measured per language by tests/relevance (see `LEMMA_LANGUAGES` and the benchmark notes).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

# Languages whose lemma table improved the relevance set when measured (MRR/recall@5 with and without).
LEMMA_LANGUAGES = ("sv", "de", "nb", "nl")


@cache
def lookup_table(language: str) -> dict[str, str]:
    """The spaCy lookup lemma table of a language ({} when spacy-lookups-data has none)."""
    from spacy.lookups import load_lookups  # heavy: index time only

    try:
        lookups = load_lookups(language, ["lemma_lookup"], strict=True)
    except (ValueError, KeyError, OSError):
        return {}
    return dict(lookups.get_table("lemma_lookup").items())


def lemmatizer(language: str) -> Callable[[str], str | None] | None:
    """A function giving a word's lookup lemma (or None), or None when the language is not lemmatised."""
    if language not in LEMMA_LANGUAGES:
        return None
    table = lookup_table(language)
    if not table:
        return None

    def lemma(word: str) -> str | None:
        found = table.get(word) or table.get(word.lower())
        if found is None and word[:1].isupper():
            found = table.get(word[:1] + word[1:].lower())
        return found if found and found.lower() != word.lower() else None

    return lemma
