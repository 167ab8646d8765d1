"""The editions manifest (corpus/editions.yaml): which editions exist and how to read each one."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import ManifestError, NotFound
from .yamlio import describe_error, read_yaml

REQUIRED = ("id", "language", "year", "title", "provenance", "laws", "layout", "source")


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


def parse_law_range(text: str) -> tuple[str, ...]:
    """'41-71' or '1-20, 22' -> ('41', ..., '71')."""
    laws: list[str] = []
    for part in str(text).split(","):
        part = part.strip()
        if "-" in part:
            low, high = (int(x) for x in part.split("-", 1))
            laws.extend(str(n) for n in range(low, high + 1))
        elif part:
            laws.append(str(int(part)))
    return tuple(laws)


def load_manifest(path: Path) -> Manifest:
    """Read and validate the manifest; ManifestError names the entry and field that is wrong."""
    try:
        data = read_yaml(path)
    except FileNotFoundError:
        raise ManifestError(f"{path}: no editions manifest here") from None
    except (yaml.YAMLError, UnicodeDecodeError, OSError) as error:
        raise ManifestError(describe_error(path, error)) from None
    if not isinstance(data, dict) or not isinstance(data.get("editions"), list):
        raise ManifestError(f"{path}: expected a mapping with a list under 'editions'")
    editions, seen = [], set()
    for number, entry in enumerate(data["editions"], 1):
        if not isinstance(entry, dict):
            raise ManifestError(f"{path}: edition #{number} is not a mapping")
        missing = [key for key in REQUIRED if key not in entry]
        if missing:
            raise ManifestError(f"{path}: edition {entry.get('id', f'#{number}')} lacks {', '.join(missing)}")
        if entry["id"] in seen:
            raise ManifestError(f"{path}: edition {entry['id']} is declared twice")
        seen.add(entry["id"])
        try:
            laws = parse_law_range(entry["laws"])
        except ValueError:
            raise ManifestError(f"{path}: edition {entry['id']}: laws must be a range like '41-71'") from None
        editions.append(Edition(
            id=entry["id"], language=entry["language"], year=int(entry["year"]), title=entry["title"],
            provenance=entry["provenance"], laws=laws, layout=entry["layout"],
            source=(path.parent / entry["source"]).resolve(),
            partial=tuple(str(x) for x in entry.get("partial", [])),
            stated=tuple(entry.get("stated", [])), inferred=tuple(entry.get("inferred", [])),
            notes=entry.get("notes", ""), options=entry.get("options", {}) or {},
            encoding=_encoding(path, entry),
        ))
    return Manifest(path.resolve(), tuple(editions))


def _encoding(path: Path, entry: dict) -> str:
    import codecs

    name = str(entry.get("encoding", "utf-8") or "utf-8")
    try:
        codecs.lookup(name)
    except LookupError:
        raise ManifestError(f"{path}: edition {entry['id']}: unknown encoding {name!r} "
                            "(use a codec name such as utf-8, utf-16, cp1252, latin-1)") from None
    return name


def default_manifest_path() -> Path:
    """corpus/editions.yaml of the project this is run in (found upwards from the working directory)."""
    here = Path.cwd().resolve()
    for directory in (here, *here.parents):
        candidate = directory / "corpus" / "editions.yaml"
        if candidate.exists():
            return candidate
    package_root = Path(__file__).resolve().parent.parent / "corpus" / "editions.yaml"
    if package_root.exists():
        return package_root
    raise ManifestError("no corpus/editions.yaml found in this directory or above it")
