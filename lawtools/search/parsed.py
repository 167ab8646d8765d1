"""What a query parser makes of a query: the parsed query, its corrections and concepts, and the units (a word, a
quoted phrase, a run of words naming a concept) the parser's steps pass along (query.py, query_terms.py,
clauses.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..citation import Citation
from .language import Guess
from .plan import Plan


@dataclass(frozen=True)
class Correction:
    """A query word replaced by the closest corpus word."""

    original: str
    corrected: str
    score: float


@dataclass(frozen=True)
class ConceptMatch:
    """Query words that name a termbase concept, and the concept's terms in every language."""

    query: str
    concept: str
    en: str
    matched_language: str
    matched_term: str
    terms: dict[str, list[str]]
    note: str = ""


@dataclass
class ParsedQuery:
    """What the user asked for: a citation, or a plan of clauses, with corrections and notes."""

    text: str
    citation: Citation | None = None
    plan: Plan | None = None
    corrections: list[Correction] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    concepts: list[ConceptMatch] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    within: Citation | None = None  # a citation among other words ("straffkort lag 50"): search inside it
    languages: Guess = field(default_factory=Guess)  # the languages the query is written in


@dataclass
class Unit:
    """A word, a quoted phrase, or a run of words that names a concept."""

    words: list[str]
    quoted: bool = False
    concepts: list[tuple[dict, dict]] = field(default_factory=list)  # (concept, entry) pairs
    stop: bool = False  # a stop word: kept only as part of a term written with it ("face down")
