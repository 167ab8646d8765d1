"""The termbase (corpus/terms.yaml): bridge-law concepts and the terms each corpus language uses for them.

Schema::

    concepts:
      - id: dummy                      # stable concept id
        en: dummy                      # the English term of the Laws
        note: ...                      # optional
        terms:
          sv: [{term: träkarl, forms: [träkarlen], status: preferred, editions: [sv-2007], note: ...}]
          nb: [...]
          de: [...]
          nl: [...]

`status` is `preferred` (the default), `variant` (an accepted alternative) or `deprecated` (a term a
translation should not use). `editions`, when given, names the editions in which the term is the
accepted usage of its time, so a variant or deprecated term is not reported there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

from .errors import TermbaseError

STATUSES = ("preferred", "variant", "deprecated")
LANGUAGES = ("sv", "nb", "de", "nl")


@dataclass(frozen=True)
class Term:
    """One term of one language for a concept, with its inflected forms and standing."""

    term: str
    forms: tuple[str, ...] = ()
    status: str = "preferred"
    editions: tuple[str, ...] = ()
    note: str = ""

    def applies_to(self, edition: str) -> bool:
        """True when the term is the accepted usage in `edition` (its `editions` list names it)."""
        return edition in self.editions


@dataclass(frozen=True)
class Concept:
    """A concept of the Laws with its terms per language."""

    id: str
    en: str
    terms: dict[str, tuple[Term, ...]] = field(default_factory=dict, hash=False)
    note: str = ""

    def terms_for(self, language: str) -> tuple[Term, ...]:
        """The terms of one language (empty when the termbase has none)."""
        return self.terms.get(language, ())


@dataclass(frozen=True)
class Termbase:
    """All concepts, in file order, with the file they came from."""

    path: Path
    concepts: tuple[Concept, ...]

    def get(self, concept_id: str) -> Concept:
        """The concept with this id; TermbaseError lists a few known ids."""
        for concept in self.concepts:
            if concept.id == concept_id:
                return concept
        known = ", ".join(c.id for c in self.concepts[:12])
        raise TermbaseError(f"unknown concept {concept_id!r}; known concepts include: {known}")

    def ids(self) -> list[str]:
        """Concept ids in file order."""
        return [concept.id for concept in self.concepts]


def load_termbase(path: Path | None = None) -> Termbase:
    """Read and validate the termbase; TermbaseError names the concept and field that is wrong."""
    path = (path or default_termbase_path()).resolve()
    return _load(path, path.stat().st_mtime_ns if path.exists() else 0)


@cache
def _load(path: Path, _mtime: int) -> Termbase:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TermbaseError(f"{path}: no termbase here") from None
    except yaml.YAMLError as error:
        raise TermbaseError(f"{path}: not valid YAML: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("concepts"), list):
        raise TermbaseError(f"{path}: expected a mapping with a list under 'concepts'")
    concepts, seen = [], set()
    for number, entry in enumerate(data["concepts"], 1):
        concept = _concept(path, number, entry)
        if concept.id in seen:
            raise TermbaseError(f"{path}: concept {concept.id} is declared twice")
        seen.add(concept.id)
        concepts.append(concept)
    return Termbase(path, tuple(concepts))


def _concept(path: Path, number: int, entry: object) -> Concept:
    if not isinstance(entry, dict) or "id" not in entry or "en" not in entry:
        raise TermbaseError(f"{path}: concept #{number} needs at least 'id' and 'en'")
    where = f"{path}: concept {entry['id']}"
    terms: dict[str, tuple[Term, ...]] = {}
    for language, items in (entry.get("terms") or {}).items():
        if not isinstance(items, list):
            raise TermbaseError(f"{where}: terms for {language!r} must be a list")
        terms[language] = tuple(_term(where, language, item) for item in items)
    return Concept(id=str(entry["id"]), en=str(entry["en"]), terms=terms, note=str(entry.get("note", "") or ""))


def _term(where: str, language: str, item: object) -> Term:
    if isinstance(item, str):
        return Term(item)
    if not isinstance(item, dict) or not item.get("term"):
        raise TermbaseError(f"{where}: each {language} term needs a 'term'")
    status = item.get("status", "preferred") or "preferred"
    if status not in STATUSES:
        raise TermbaseError(f"{where}: term {item['term']!r} has status {status!r}; "
                            f"expected one of {', '.join(STATUSES)}")
    return Term(
        term=str(item["term"]),
        forms=tuple(str(f) for f in item.get("forms", []) or []),
        status=status,
        editions=tuple(str(e) for e in item.get("editions", []) or []),
        note=str(item.get("note", "") or ""),
    )


def default_termbase_path() -> Path:
    """corpus/terms.yaml beside the editions manifest of this project, else the one shipped with lawtools."""
    from .manifest import default_manifest_path

    beside = default_manifest_path().parent / "terms.yaml"
    return beside if beside.exists() else Path(__file__).resolve().parent.parent / "corpus" / "terms.yaml"


def termbase_for(corpus_dir: Path) -> Termbase:
    """The termbase beside a corpus (corpus/terms.yaml), or the project's when that corpus has none."""
    path = corpus_dir / "terms.yaml"
    return load_termbase(path if path.exists() else None)
