"""Snowball stemmers and stop words for any language, from data: lawtools/data/search.yaml names the
stemmer, lawtools/data/stopwords.yaml lists the stop words.

The stemmers of the four corpus languages are Whoosh's pure-Python Snowball ports (the index was measured
with them; PyStemmer's newer Dutch algorithm strips "ge-" and "te-" prefixes and loses words). A language
Whoosh has no port for gets PyStemmer's algorithm when installed, and otherwise no stemming at all (words
are only lowercased), so an edition in any language can be indexed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .tables import package_table


def _identity(word: str) -> str:
    return word


@cache
def stemmer(language: str) -> Callable[[str], str]:
    """The stemmer of a language (ISO code), cached per word; lowercase identity when none is known."""
    settings = package_table("search.yaml")
    own = settings.get(language) or {}
    name = own.get("snowball") or settings.get("snowball_names", {}).get(language) or language
    try:
        from ._quiet_imports import snowball_stemmer

        stem = snowball_stemmer(name)
    except ImportError:
        stem = None
    if stem is not None:
        return cache(stem)
    try:
        import Stemmer  # PyStemmer, optional

        algorithm = settings.get("pystemmer_names", {}).get(language, name)
        return cache(Stemmer.Stemmer(algorithm).stemWord)
    except (ImportError, KeyError, ValueError):
        return _identity


@cache
def stopwords(language: str) -> frozenset[str]:
    """The stop words of a language (Snowball's list plus the extras of stopwords.yaml), empty when none."""
    entry = package_table("stopwords.yaml")["languages"].get(language) or {}
    return frozenset(entry.get("snowball", [])) | frozenset(entry.get("extra", []))
