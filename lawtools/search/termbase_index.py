"""The termbase compiled for queries: every term variant analysed into per-word normal forms.

Compiled at index time and stored as terms.json beside the index, so a query never parses YAML or
stems the whole termbase. English labels and aliases are compiled with the English Snowball stemmer.
"""

from __future__ import annotations

from pathlib import Path

from ..termbase import load_termbase
from .analysis import Analyzer, words


def compile_termbase(path: Path, analyzers: dict[str, Analyzer]) -> dict:
    """{"concepts": [{"id", "en", "note", "entries": [{"language", "term", "variant", "status", "occurs",
    "words": [[normal forms of word 1], ...]}]}]} for every concept of the termbase file."""
    termbase = load_termbase(path)
    english = Analyzer("en")
    analyzers = dict(analyzers)  # a termbase language no edition of this corpus has: analysed without a vocabulary
    concepts = []
    for concept in termbase.concepts:
        entries = []
        for label in concept.english:
            entries.append(_entry("en", label, label, "preferred", True, english))
        for term in concept.all_terms():
            for variant in term.variants:
                entries.append(_entry(term.language, term.term, variant, term.status, term.occurs,
                                      analyzers.setdefault(term.language, Analyzer(term.language))))
        concepts.append({"id": concept.id, "en": concept.en, "note": concept.note,
                         "entries": [e for e in entries if e["words"]]})
    return {"concepts": concepts}


def _entry(language: str, term: str, variant: str, status: str, occurs: bool, analyzer: Analyzer) -> dict:
    found = words(variant)
    forms = [analyzer.query_forms(word.surface) for word in found]
    return {"language": language, "term": term, "variant": variant, "status": status, "occurs": occurs,
            "words": [f for f in forms if f], "surface": [w.surface for w, f in zip(found, forms, strict=True) if f],
            "gaps": sum(1 for f in forms if not f)}
