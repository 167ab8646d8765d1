"""A parsed query as plain data, independent of the search engine: clauses of alternatives per language.

`query.py` produces a `Plan`; `index.py` translates it for Whoosh (and could for tantivy); the benchmark
translates it for SQLite FTS5. Every alternative remembers why it is there, so results can say which
term matched and why.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Reason:
    """Why an alternative is in the query: the query words, and the termbase concept and term if any."""

    query: str  # the query words this alternative answers, as typed (after typo correction)
    concept: str = ""  # termbase concept id when the alternative comes from the termbase
    term: str = ""  # the termbase term (in its language) or the query word itself
    language: str = ""  # language of `term`
    how: str = "word"  # "word", "phrase", "termbase", "compound"

    def describe(self) -> str:
        """A short human explanation, e.g. "'penalty card' -> de Strafkarte (termbase: penalty-card)"."""
        if self.concept.startswith("en:"):  # the English glossary (data/english.yaml), not a termbase concept
            return f"{self.query!r} -> {self.language} {self.term!r} (English glossary)"
        if self.concept:
            return f"{self.query!r} -> {self.language} {self.term!r} (termbase: {self.concept})"
        if self.how == "compound":
            return f"{self.query!r} inside a compound word"
        return f"{self.query!r} ({self.how})"


@dataclass(frozen=True)
class Alternative:
    """One way to satisfy a clause in one language: a term, or a phrase of terms, in one field."""

    language: str
    field: str  # "text" or "parts"
    terms: tuple[str, ...]
    boost: float = 1.0
    slop: int = 1  # for phrases: how far apart the words may stand
    ordered: bool = True  # False: the terms anywhere in the provision, in any order (not a phrase)
    reason: Reason = field(default_factory=lambda: Reason(""))

    @property
    def phrase(self) -> bool:
        """True when the alternative is a phrase of several terms (in order, within `slop`)."""
        return len(self.terms) > 1 and self.ordered


@dataclass
class Clause:
    """A query word or phrase with every alternative that satisfies it, in any language."""

    text: str
    alternatives: list[Alternative] = field(default_factory=list)


@dataclass
class Filters:
    """Restrictions on the provisions searched."""

    languages: tuple[str, ...] = ()
    editions: tuple[str, ...] = ()
    law: str = ""


@dataclass
class Plan:
    """All clauses of a query; `require_all` asks every clause to match the same provision; `bonus`
    alternatives (the query's words standing together) raise the score of provisions that have them."""

    clauses: list[Clause]
    require_all: bool = True
    bonus: list[Alternative] = field(default_factory=list)  # optional: adds to the score, never required


@dataclass
class RawHit:
    """A matching document with its engine score and stored fields."""

    score: float
    fields: dict

    @property
    def brief(self) -> dict:
        """The ids of the document (edition, language, law, node, law_title, order): what grouping and ranking
        read; an index with a document table answers them without reading the stored fields."""
        return self.fields


class LazyHit(RawHit):
    """A hit whose stored fields an engine reads on first use (a caller that needs only scores reads no
    document): `read(address)` gives the fields."""

    def __init__(self, score: float, address, read, order: int | None = None):
        self.score = score
        self.order = order  # the document's "order" (its row in the index's document table), when known
        self._address, self._read, self._fields = address, read, None
        self._brief: dict | None = None

    @property
    def brief(self) -> dict:
        return self._brief if self._brief is not None else self.fields

    @property
    def fields(self) -> dict:  # type: ignore[override]
        if self._fields is None:
            self._fields = self._read(self._address)
        return self._fields

    def describe(self, brief: dict) -> None:
        """Give the document's ids from the index's document table (see `brief`)."""
        self._brief = brief

    def guard(self, wrap) -> None:
        """Read the fields through wrap(read) (the index turns a damaged file into its own error)."""
        self._read = wrap(self._read)
