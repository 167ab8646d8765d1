"""The termbase (corpus/terms.yaml): concepts of the Laws with their terms in every corpus language.

Search reads it to expand a query across languages; the consistency checks read it to test that a
translation names a concept the same way throughout. The file format is documented at its top.

A federation adds its language as one more key under a concept's `terms` (any ISO 639 code, `da`, `fr`): no code
changes. English needs none: an English edition's terms are each concept's English label and aliases
(`Concept.terms_in`), unless the file lists English terms of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import TermbaseError
from .yamlio import read_checked

LANGUAGES = ("sv", "nb", "de", "nl")  # the corpus languages the termbase was written for, in its order
_LANGUAGE = re.compile(r"^[a-z]{2,3}$")  # an ISO 639-1 or 639-3 code: any other language a federation adds
STATUSES = ("preferred", "variant", "deprecated")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_EDITION = re.compile(r"^(?P<language>[a-z]{2})-\d{4}$")
_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*")
_TERM_KEYS = {"term", "forms", "status", "editions", "note", "occurs"}
_CONCEPT_KEYS = {"id", "en", "aliases", "note", "terms"}


@dataclass(frozen=True)
class Term:
    """One way a language names a concept, with its inflected forms."""

    term: str
    language: str
    forms: tuple[str, ...] = ()
    status: str = "preferred"
    editions: tuple[str, ...] = ()
    note: str = ""
    occurs: bool = True

    @property
    def variants(self) -> tuple[str, ...]:
        """The term followed by its listed forms, without repeats."""
        return tuple(dict.fromkeys((self.term, *self.forms)))


@dataclass(frozen=True)
class Concept:
    """A concept of the Laws: an id, an English label (plus English aliases) and its terms per language."""

    id: str
    en: str
    terms: dict[str, tuple[Term, ...]] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    note: str = ""

    def all_terms(self) -> list[Term]:
        """Every term the file lists, in language order (the corpus languages first, then any other by code)."""
        return [term for language in language_order(self.terms) for term in self.terms[language]]

    def terms_in(self, language: str) -> tuple[Term, ...]:
        """The concept's terms in a language; in English, when the file lists none, its English label and aliases
        (the label the term, the aliases its forms: the WBF's own words)."""
        found = self.terms.get(language, ())
        if found or language != "en":
            return found
        return (Term(self.en, "en", tuple(a for a in self.aliases if a != self.en)),)

    @property
    def english(self) -> tuple[str, ...]:
        """The English label followed by the aliases."""
        return tuple(dict.fromkeys((self.en, *self.aliases)))


@dataclass(frozen=True)
class TermHit:
    """One occurrence of a termbase term in a text (found by lawtools.terms_match; defined here, without spaCy,
    so that hits kept from an earlier run are read back without importing it)."""

    concept: str
    term: str
    status: str
    start: int  # character offsets in the text
    end: int
    text: str
    inside: str = ""  # with find_many(nested=True): the concept of the longer term this one stands within


@dataclass(frozen=True)
class Termbase:
    """All concepts of the termbase file, in file order."""

    path: Path
    concepts: tuple[Concept, ...]

    def get(self, concept_id: str) -> Concept:
        """The concept with this id; TermbaseError lists a few known ids."""
        for concept in self.concepts:
            if concept.id == concept_id:
                return concept
        known = ", ".join(c.id for c in self.concepts[:12])
        raise TermbaseError(f"{self.path}: no concept {concept_id!r} (known: {known}, ...)")


def language_order(languages) -> list[str]:
    """Languages in the termbase's order: the corpus languages it was written for, then the others by code."""
    return [*(x for x in LANGUAGES if x in languages), *sorted(x for x in languages if x not in LANGUAGES)]


def default_termbase_path() -> Path:
    """corpus/terms.yaml beside the editions manifest."""
    from .manifest import default_manifest_path

    return default_manifest_path().parent / "terms.yaml"


def load_termbase(path: Path | None = None) -> Termbase:
    """Read and validate the termbase; errors name the file and the concept."""
    from .filespecs import TERMBASE

    path = Path(path) if path else default_termbase_path()
    if not path.exists() and not path.is_symlink():
        raise TermbaseError(f"{path}: termbase not found")
    data = read_checked(path, TERMBASE, TermbaseError, "fix it by hand (its format is described at its top)")
    if not isinstance(data, dict) or not isinstance(data.get("concepts"), list):
        raise TermbaseError(f"{path}: expected a mapping with a 'concepts' list")
    concepts, seen = [], set()
    for index, raw in enumerate(data["concepts"], 1):
        concept = _concept(path, index, raw)
        if concept.id in seen:
            raise TermbaseError(f"{path}: concept {concept.id!r} is listed twice")
        seen.add(concept.id)
        concepts.append(concept)
    return Termbase(path, tuple(concepts))


def _concept(path: Path, index: int, raw: object) -> Concept:
    if not isinstance(raw, dict):
        raise TermbaseError(f"{path}: concept #{index} is not a mapping")
    cid = raw.get("id")
    where = f"{path}: concept {cid!r}" if cid else f"{path}: concept #{index}"
    if not isinstance(cid, str) or not _ID.match(cid):
        raise TermbaseError(f"{where}: 'id' must be a lowercase slug like 'penalty-card'")
    unknown = set(raw) - _CONCEPT_KEYS
    if unknown:
        raise TermbaseError(f"{where}: unknown keys {sorted(unknown)}; allowed: {sorted(_CONCEPT_KEYS)}")
    if not isinstance(raw.get("en"), str) or not raw["en"].strip():
        raise TermbaseError(f"{where}: 'en' (the English label) is missing")
    aliases = _strings(where, "aliases", raw.get("aliases", []))
    terms_raw = raw.get("terms")
    if not isinstance(terms_raw, dict) or not terms_raw:
        raise TermbaseError(f"{where}: 'terms' must map language codes ({', '.join(LANGUAGES)}, ...) to term lists")
    terms: dict[str, tuple[Term, ...]] = {}
    for language, items in terms_raw.items():
        if not isinstance(language, str) or not _LANGUAGE.match(language):
            raise TermbaseError(f"{where}: {language!r} is not a language code; use the ISO 639 code of the "
                                f"edition's language, as the manifest does ({', '.join(LANGUAGES)}, da, fr, ...)")
        if not isinstance(items, list) or not items:
            raise TermbaseError(f"{where}: terms for {language} must be a non-empty list")
        terms[language] = tuple(_term(f"{where}, {language}", language, item) for item in items)
    return Concept(cid, raw["en"].strip(), terms, tuple(aliases), str(raw.get("note", "") or ""))


def _term(where: str, language: str, raw: object) -> Term:
    if isinstance(raw, str):
        raw = {"term": raw}
    if not isinstance(raw, dict) or not isinstance(raw.get("term"), str) or not raw["term"].strip():
        raise TermbaseError(f"{where}: each term needs a 'term' string")
    where = f"{where} term {raw['term']!r}"
    unknown = set(raw) - _TERM_KEYS
    if unknown:
        raise TermbaseError(f"{where}: unknown keys {sorted(unknown)}; allowed: {sorted(_TERM_KEYS)}")
    status = raw.get("status", "preferred")
    if status not in STATUSES:
        raise TermbaseError(f"{where}: status {status!r} is not one of {', '.join(STATUSES)}")
    editions = _strings(where, "editions", raw.get("editions", []))
    for edition in editions:
        match = _EDITION.match(edition)
        if not match or match["language"] != language:
            raise TermbaseError(f"{where}: edition {edition!r} is not a {language} edition id like {language}-2017")
    occurs = raw.get("occurs", True)
    if not isinstance(occurs, bool):
        raise TermbaseError(f"{where}: 'occurs' must be true or false")
    return Term(raw["term"].strip(), language, tuple(_strings(where, "forms", raw.get("forms", []))), status,
                tuple(editions), str(raw.get("note", "") or ""), occurs)


def _strings(where: str, key: str, value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise TermbaseError(f"{where}: '{key}' must be a list of strings")
    return [v.strip() for v in value]


def occurs_in(term: Term, text: str) -> bool:
    """True when the term or one of its forms stands in the text as whole words (case-insensitive)."""
    padded = f" {_words(text)} "
    return any(needle and f" {needle} " in padded for needle in map(_words, term.variants))


def _words(text: str) -> str:
    """The lowercase words of a text (hyphenated compounds kept whole), one space apart."""
    return " ".join(_WORD.findall(text.lower()))
