"""The editions manifest (corpus/editions.yaml): which editions exist and how to read each one."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import ManifestError, NotFound
from .schema import Either, Int, List, Map, SchemaViolation, Spec, Str
from .yamlio import describe_error, format_key_path, read_yaml_with_marks

REQUIRED = ("id", "language", "year", "title", "provenance", "laws", "layout", "source")


@dataclass(frozen=True)
class Origin:
    """Where an edition is declared: the manifest, its index under `editions`, and the marks of its keys."""

    path: Path
    index: int
    marks: dict = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class Edition:
    """One national edition of the Laws, as declared in the manifest."""

    id: str
    language: str
    year: int
    title: str
    provenance: str
    laws: tuple[str, ...]
    layout: str
    source: Path
    partial: tuple[str, ...] = ()
    stated: tuple[str, ...] = ()
    inferred: tuple[dict, ...] = ()
    notes: str = ""
    options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    encoding: str = "utf-8"  # how the source's bytes are decoded (a codec name; utf-8 sources must be strict)
    origin: Origin | None = field(default=None, hash=False, compare=False, repr=False)

    @property
    def source_label(self) -> str:
        """The source path as users see it in messages: relative to the repository when possible."""
        parts = self.source.parts
        return "/".join(parts[parts.index("corpus"):]) if "corpus" in parts else str(self.source)


@dataclass(frozen=True)
class Manifest:
    """All editions, in manifest order, with the corpus directory they live in."""

    path: Path
    editions: tuple[Edition, ...]

    @property
    def corpus_dir(self) -> Path:
        """The directory holding the manifest, sources and records."""
        return self.path.parent

    def get(self, edition_id: str) -> Edition:
        """The edition with this id; NotFound lists the known ids."""
        for edition in self.editions:
            if edition.id == edition_id:
                return edition
        raise NotFound(f"unknown edition {edition_id!r}; known editions: {', '.join(self.ids())}")

    def ids(self) -> list[str]:
        """Edition ids in manifest order."""
        return [edition.id for edition in self.editions]

    def select(self, edition_ids: list[str] | None) -> list[Edition]:
        """The named editions (all of them when None), each checked to exist."""
        return list(self.editions) if not edition_ids else [self.get(e) for e in edition_ids]


MAX_LAW = 93  # the Laws of Duplicate Bridge have 93 laws
ID_PATTERN = r"[a-z]{2,3}-\d{4}"
LANGUAGE_PATTERN = r"[a-z]{2,3}"
YEARS = (1900, 2100)
MAX_EDITIONS = 1_000


def parse_law_range(text: str | int) -> tuple[str, ...]:
    """'41-71' or '1-20, 22' -> ('41', ..., '71'); ValueError unless ascending laws within 1-93."""
    laws: list[int] = []
    if isinstance(text, bool) or not isinstance(text, str | int):
        raise ValueError("expected a range of law numbers like '41-71' or '1-20, 22'")
    for part in str(text).split(","):
        part = part.strip()
        if not part:
            continue
        low_text, _, high_text = part.partition("-")
        if not low_text.strip().isdigit() or (high_text and not high_text.strip().isdigit()):
            raise ValueError(f"{part!r} is not a law number or a range like '41-71'")
        low = int(low_text)
        high = int(high_text) if high_text else low
        if not (1 <= low <= MAX_LAW and 1 <= high <= MAX_LAW):
            raise ValueError(f"{part!r}: law numbers run from 1 to {MAX_LAW}")
        if high < low:
            raise ValueError(f"{part!r}: a range must run upwards (e.g. '{high}-{low}')")
        if laws and low <= laws[-1]:
            raise ValueError(f"{part!r}: ranges must be in ascending order without overlap")
        laws.extend(range(low, high + 1))
    if not laws:
        raise ValueError("names no laws")
    return tuple(str(n) for n in laws)


def _edition_schema() -> Map:
    from .readers import LAYOUTS

    text = Str(max_length=2_000)
    return Map(
        fields={
            "id": Str(pattern=ID_PATTERN, max_length=8, hint="an edition id <language>-<year> such as sv-2007"),
            "language": Str(pattern=LANGUAGE_PATTERN, max_length=3, hint="a language code such as sv or nb"),
            "year": Int(*YEARS),
            "title": Str(nonempty=True, max_length=500),
            "provenance": Str(nonempty=True, max_length=2_000),
            "laws": Either((Str(max_length=500), Int(1, MAX_LAW))),
            "layout": Str(choices=tuple(LAYOUTS)),
            "source": Str(nonempty=True, max_length=1_000, hint="a path relative to the manifest"),
            "partial": List(Either((Str(pattern=r"[1-9]\d?", hint="a law number"), Int(1, MAX_LAW))),
                            max_items=MAX_LAW),
            "stated": List(text, max_items=1_000),
            "inferred": List(Map({"fact": text, "evidence": text}, required=("fact",)), max_items=1_000),
            "notes": Str(max_length=20_000),
            "encoding": Str(max_length=40),
            "options": Map(open=True, nullable=True),
        },
        required=REQUIRED,
    )


def _where(path: Path, marks: dict, key_path: tuple) -> str:
    for length in range(len(key_path), -1, -1):
        mark = marks.get(key_path[:length])
        if mark:
            return f"{path}:{mark[0]}:{mark[1]}"
    return str(path)


def _fail(path: Path, marks: dict, key_path: tuple, message: str) -> ManifestError:
    return ManifestError(f"{_where(path, marks, key_path)}: {format_key_path(key_path)}: {message}")


def load_manifest(path: Path) -> Manifest:
    """Read and validate the manifest; ManifestError gives file:line:column, the key path and what is wrong."""
    try:
        data, marks = read_yaml_with_marks(path)
    except FileNotFoundError:
        raise ManifestError(f"{path}: no editions manifest here") from None
    except (yaml.YAMLError, UnicodeDecodeError, OSError) as error:
        raise ManifestError(describe_error(path, error)) from None
    if not isinstance(data, dict) or not isinstance(data.get("editions"), list):
        raise ManifestError(f"{path}: expected a mapping with a list under 'editions'")
    if len(data["editions"]) > MAX_EDITIONS:
        raise _fail(path, marks, ("editions",), f"more than {MAX_EDITIONS} editions")
    schema = _edition_schema()
    editions, seen = [], {}
    for number, raw in enumerate(data["editions"]):
        where = ("editions", number)
        try:
            entry = schema.check(raw, where)
        except SchemaViolation as violation:
            label = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else f"#{number + 1}"
            message = violation.message
            if violation.path == where and message.startswith("lacks"):
                message = f"edition {label} {message}"
            raise _fail(path, marks, violation.path, message) from None
        if entry["id"] in seen:
            raise _fail(path, marks, (*where, "id"), f"edition {entry['id']} is declared twice "
                        f"(first as editions[{seen[entry['id']]}])")
        seen[entry["id"]] = number
        try:
            laws = parse_law_range(entry["laws"])
        except ValueError as error:
            raise _fail(path, marks, (*where, "laws"), f"laws must be ascending ranges of laws 1-{MAX_LAW} "
                        f"like '41-71' or '1-20, 22' ({error})") from None
        partial = tuple(str(int(x)) for x in entry.get("partial", []))
        outside = [law for law in partial if law not in laws]
        if outside:
            raise _fail(path, marks, (*where, "partial"), f"partial names law {outside[0]}, which is not in "
                        f"laws {entry['laws']!r}")
        source = Path(entry["source"])
        editions.append(Edition(
            id=entry["id"], language=entry["language"], year=entry["year"], title=entry["title"],
            provenance=entry["provenance"], laws=laws, layout=entry["layout"],
            source=Path(os.path.abspath(path.parent / source)), partial=partial,  # symlinks kept: messages name them
            stated=tuple(entry.get("stated", [])), inferred=tuple(entry.get("inferred", [])),
            notes=entry.get("notes", ""), options=entry.get("options") or {},
            encoding=_encoding(path, marks, where, entry),
            origin=Origin(Path(path), number, {k[2:]: v for k, v in marks.items()
                                               if len(k) >= 2 and k[:2] == where}),
        ))
    return Manifest(path.resolve(), tuple(editions))


def check_options(edition: Edition, spec: dict[str, Spec]) -> dict[str, Any]:
    """The edition's reader options checked against the reader's OPTIONS; ManifestError at file:line:column."""
    schema = Map(fields=spec)
    try:
        return schema.check(edition.options, ("options",))
    except SchemaViolation as violation:
        origin = edition.origin
        if origin is None:
            where = format_key_path(violation.path)
            raise ManifestError(f"edition {edition.id}: {where}: {violation.message}") from None
        where = _where(origin.path, origin.marks, violation.path)
        key_path = format_key_path(("editions", origin.index, *violation.path))
        raise ManifestError(f"{where}: {key_path}: edition {edition.id}: {violation.message}") from None


def _encoding(path: Path, marks: dict, where: tuple, entry: dict) -> str:
    """The edition's declared source encoding (utf-8 when absent), refused unless Python knows the codec."""
    import codecs

    name = str(entry.get("encoding", "utf-8") or "utf-8")
    try:
        codecs.lookup(name)
    except LookupError:
        raise _fail(path, marks, (*where, "encoding"), f"edition {entry['id']}: unknown encoding {name!r} "
                    "(use a codec name such as utf-8, utf-16, cp1252, latin-1)") from None
    return name


def default_manifest_path() -> Path:
    """corpus/editions.yaml of the project this is run in (found upwards from the working directory)."""
    from .fsutil import working_directory

    here = working_directory()
    for directory in (here, *here.parents):
        candidate = directory / "corpus" / "editions.yaml"
        if candidate.is_file():
            return candidate
    raise ManifestError(f"no corpus/editions.yaml found in {here} or above it; run lawtools inside a project "
                        "(a directory holding corpus/editions.yaml)")
