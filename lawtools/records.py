"""Reading the committed records: the one way every downstream tool (show, search, diff, site) gets the corpus."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from .citation import Citation, node_sort_key
from .errors import LawtoolsError, NotFound, RecordError
from .manifest import Manifest, default_manifest_path, load_manifest
from .model import Article, FrontMatter, Node, article_from_dict, front_from_dict
from .schema import Int, List, Map, Record, SchemaViolation, Spec, Str
from .yamlio import format_key_path

MAX_RECORD_BYTES = 16 * 1024 * 1024  # a record or edition.json larger than this is refused unread
MAX_JSON_DEPTH = 64                   # nesting of arrays and objects in a record file
STAMP_FILE = "stamp.json"             # corpus/records/stamp.json: what the records tree was generated from
REINGEST = "run `lawtools ingest` to regenerate it"


def load_json_file(path: Path, *, what: str = "record", error: type[LawtoolsError] = RecordError,
                   fix: str = REINGEST, limit: int = MAX_RECORD_BYTES, digests: dict | None = None) -> Any:
    """A JSON file lawtools wrote, read within limits: size, regular file, UTF-8, nesting depth.

    Raises `error` (one line naming the file and saying `fix`) for a missing, special, oversized,
    undecodable, invalid or too deeply nested file; never RecursionError or MemoryError.
    """
    import os
    import stat as stat_module

    try:
        info = os.stat(path)
        if not stat_module.S_ISREG(info.st_mode):
            raise error(f"{path}: not a regular file; {fix}")
        if info.st_size > limit:
            raise error(f"{path}: {info.st_size:,} bytes is larger than any {what} lawtools writes; {fix}")
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
        if digests is not None:
            digests[Path(path)] = hashlib.sha256(raw).hexdigest()
        data = json.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        raise error(f"{path}: {what} missing; {fix}") from None
    except json.JSONDecodeError as problem:
        raise error(f"{path}:{problem.lineno}: not valid JSON ({problem.msg}); {fix}") from None
    except UnicodeDecodeError as problem:
        raise error(f"{path}: not UTF-8 text (byte {problem.start}); {fix}") from None
    except RecursionError:
        raise error(f"{path}: nested too deeply to be a {what}; {fix}") from None
    except (OSError, MemoryError) as problem:
        raise error(f"{path}: cannot read ({getattr(problem, 'strerror', None) or problem}); {fix}") from None
    if json_depth(data, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise error(f"{path}: nested more than {MAX_JSON_DEPTH} levels deep, which no {what} is; {fix}")
    return data


def json_depth(data: Any, limit: int) -> int:
    """How deeply `data` nests lists and dicts (stops counting past `limit`); iterative, so never recursion."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, depth)
            if depth > limit:
                return depth
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items if isinstance(item, dict | list))
    return deepest


def read_record(path: Path, digests: dict | None = None) -> dict:
    """One record file's JSON object; RecordError naming the file (and line) when it is missing or not valid JSON."""
    data = load_json_file(path, digests=digests)
    if not isinstance(data, dict):
        raise RecordError(f"{path}: not a record (expected a JSON object); {REINGEST}")
    return data


def validated(path: Path, spec: Spec, data: dict) -> dict:
    """`data` checked against a record schema; RecordError naming the file and the key path."""
    try:
        return spec.check(data)
    except SchemaViolation as violation:
        where = f"{format_key_path(violation.path)}: " if violation.path else ""
        raise RecordError(f"{path}: not a valid record ({where}{violation.message}); {REINGEST}") from None


EDITION_INFO = Map(open=True, required=("edition", "language", "laws"), fields={
    "edition": Str(pattern=r"[a-z]{2,3}-\d{4}", hint="an edition id"),
    "language": Str(pattern=r"[a-z]{2,3}", hint="a language code"),
    "year": Int(1900, 2100),
    "title": Str(max_length=2_000),
    "provenance": Str(max_length=10_000),
    "layout": Str(max_length=100),
    "laws": List(Str(pattern=r"[1-9]\d?", hint="a law number"), max_items=93, nullable=False),
    "front_matter": List(Str(pattern=r"[a-z][a-z0-9-]{0,39}", hint="a front-matter id"), max_items=1_000),
    "source": Map(open=True, fields={"file": Str(max_length=1_000), "sha256": Str(pattern=r"(?:[0-9a-f]{64})?")}),
})


def read_edition_info(path: Path, edition_id: str, digests: dict | None = None) -> dict:
    """edition.json of one edition, validated: its laws and front-matter ids become file names."""
    data = validated(path, EDITION_INFO, read_record(path, digests))
    if data["edition"] != edition_id:
        raise RecordError(f"{path}: says it is edition {data['edition']!r}, but lies under {edition_id}; {REINGEST}")
    return data


# ---------------------------------------------------------------------------------------------- freshness stamp

def stamp_text(tree: dict[str, str]) -> str:
    """The text of records/stamp.json for a records tree (relative path -> file text).

    The stamp names each edition's source hash and every record file's hash, and a `generation` that
    changes exactly when any record changes; ingest writes it only when the records change.
    """
    editions: dict[str, dict] = {}
    for relative, text in sorted(tree.items()):
        if "/" not in relative:
            continue
        edition, name = relative.split("/", 1)
        entry = editions.setdefault(edition, {"source_sha256": "", "files": {}})
        entry["files"][name] = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if name == "edition.json":
            try:
                entry["source_sha256"] = str(json.loads(text).get("source", {}).get("sha256", ""))
            except (ValueError, AttributeError, RecursionError):
                entry["source_sha256"] = ""
    generation = hashlib.sha256(json.dumps(editions, sort_keys=True).encode("utf-8")).hexdigest()
    data = {"format": 1, "generation": generation, "editions": editions}
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


STAMP = Map(open=True, required=("format", "generation", "editions"), fields={
    "format": Int(1, 1), "generation": Str(pattern=r"[0-9a-f]{64}"),
    "editions": Map(open=True, values=Map(open=True, required=("files",), fields={
        "source_sha256": Str(max_length=64),
        "files": Map(open=True, values=Str(pattern=r"[0-9a-f]{64}"))})),
})


def read_stamp(records_dir: Path) -> dict | None:
    """records/stamp.json, validated; None when there is none (records older than the stamp)."""
    path = Path(records_dir) / STAMP_FILE
    if not path.exists():
        return None
    return validated(path, STAMP, read_record(path))


def records_generation(records_dir: Path) -> str | None:
    """A short string that changes exactly when the records tree changes (one small file read, no stat per record).

    Caches keyed by the records (search index, build stages, site) can compare this instead of hashing or
    stat-ing every record; None when the tree has no stamp (run `lawtools ingest`).
    """
    try:
        stamp = read_stamp(records_dir)
    except RecordError:
        return None
    return stamp["generation"] if stamp else None


ARTICLE = Record(Article)
FRONT = Record(FrontMatter)

# Freshness notes from every corpus loaded in this process (stale or hand-edited records); the CLI prints
# them as warnings after the command's output, the site build logs them.
NOTES: list[str] = []


def pending_notes() -> list[str]:
    """The freshness notes gathered so far, once each (clears the list)."""
    notes = list(dict.fromkeys(NOTES))
    NOTES.clear()
    return notes


@dataclass
class Provision:
    """One provision of one edition, with the article it belongs to."""

    article: Article
    node: Node | None  # None when the citation names the whole law

    @property
    def edition(self) -> str:
        return self.article.edition

    @property
    def id(self) -> str:
        return self.node.id if self.node else self.article.law


@dataclass
class Corpus:
    """All editions' records under one records directory, loaded lazily per edition."""

    root: Path
    manifest: Manifest
    _cache: dict[str, dict[str, Article]] = field(default_factory=dict, repr=False)
    _digests: dict[Path, str] = field(default_factory=dict, repr=False)
    _noted: set[str] = field(default_factory=set, repr=False)

    @cached_property
    def edition_info(self) -> dict[str, dict]:
        """edition.json of every edition that has records, keyed by edition id, in manifest order."""
        info = {}
        missing = []
        for edition_id in self.manifest.ids():
            path = self.root / edition_id / "edition.json"
            if path.exists():
                info[edition_id] = read_edition_info(path, edition_id, self._digests)
            else:
                missing.append(edition_id)
        if not info:
            raise NotFound(f"no records under {self.root}; run `lawtools ingest` first")
        if missing:
            self._note(f"edition{'s' if len(missing) > 1 else ''} {', '.join(missing)} in the manifest "
                       "ha" + ("ve" if len(missing) > 1 else "s") + " no records; run `lawtools ingest`")
        self._check_stamp(info)
        return info

    @cached_property
    def stamp(self) -> dict | None:
        """records/stamp.json (what ingest wrote), or None when the records have none."""
        try:
            return read_stamp(self.root)
        except RecordError as error:
            self._note(str(error))
            return None

    def _note(self, message: str) -> None:
        if message not in self._noted:
            self._noted.add(message)
            if len(NOTES) < 100:  # a long-lived process that never prints them must not grow without bound
                NOTES.append(message)

    def _check_stamp(self, info: dict[str, dict]) -> None:
        """Note records whose sources changed since ingest (one hash per source, no re-ingest)."""
        stamp = self.stamp
        if stamp is None:
            if not (self.root / ".lawtools-owned").is_file():
                return  # records lawtools did not write (a hand-made fixture): nothing to compare against
            self._note(f"{self.root}/{STAMP_FILE} is missing, so lawtools cannot tell whether the records are "
                       "current; run `lawtools ingest`")
            return
        for edition_id in info:
            entry = stamp["editions"].get(edition_id)
            if entry is None:
                self._note(f"records of {edition_id} are not in {STAMP_FILE} (copied in by hand?); "
                           "run `lawtools ingest`")
                continue
            edition = self.manifest.get(edition_id)
            try:
                digest = hashlib.sha256(edition.source.read_bytes()).hexdigest() if edition.source.is_file() else None
            except OSError:
                digest = None
            if digest is not None and entry.get("source_sha256") and digest != entry["source_sha256"]:
                self._note(f"{edition.source_label} changed since its records were generated; "
                           "run `lawtools ingest` to bring the records up to date")

    def _check_file(self, path: Path) -> None:
        """Note a record file whose bytes differ from what ingest wrote (edited by hand)."""
        stamp, digest = self.stamp, self._digests.get(path)
        if stamp is None or digest is None:
            return
        edition, name = path.parent.name, path.name
        expected = stamp["editions"].get(edition, {}).get("files", {}).get(name)
        if expected is not None and expected != digest:
            self._check_generation()
            self._note(f"records/{edition}/{name} was changed after `lawtools ingest` wrote it (edited by hand?); "
                       "run `lawtools ingest` to regenerate it, or `lawtools ingest --check` to see what differs")

    def _check_generation(self) -> None:
        """RecordError when the records tree was swapped since this corpus began reading it (a concurrent ingest)."""
        stamp = self.stamp
        if stamp is not None and records_generation(self.root) not in (None, stamp["generation"]):
            raise RecordError(f"{self.root}: the records were replaced while this command read them (another "
                              "`lawtools ingest` ran); run the command again")

    def _read_article(self, path: Path) -> dict:
        try:
            return validated(path, ARTICLE, read_record(path, self._digests))
        except RecordError:
            self._check_generation()  # a file of the old tree gone: say so rather than "record missing"
            raise

    def editions(self) -> list[str]:
        """Edition ids that have records, in manifest order."""
        return list(self.edition_info)

    def check_edition(self, edition_id: str) -> str:
        """The edition id itself, or NotFound listing the editions that have records."""
        if edition_id not in self.edition_info:
            raise NotFound(f"unknown edition {edition_id!r}; editions with records: {', '.join(self.editions())}")
        return edition_id

    def check_law(self, law: str) -> str:
        """The law number (or front-matter id) an option names ('64', 'Law 64', 'definitions'), or NotFound saying
        what the option takes and which laws the corpus has."""
        citation = Citation.try_parse(law)
        if citation is not None and citation.parent is None:
            law = citation.law
        elif not law.isalpha():
            raise NotFound(f"--law takes a law number like 64 (or a front-matter id like definitions), not {law!r}")
        front = sorted({f for info in self.edition_info.values() for f in info.get("front_matter", [])})
        if law not in self.laws() and law not in front:
            raise NotFound(f"no edition has law {law}; laws in the corpus: {law_ranges(self.laws())}"
                           + (f"; front matter: {', '.join(front)}" if front else ""))
        return law

    def articles(self, edition_id: str) -> dict[str, Article]:
        """The articles of one edition keyed by law number, in law order."""
        self.check_edition(edition_id)
        if edition_id not in self._cache:
            articles = {}
            for path in [self.root / edition_id / "edition.json"]:
                self._check_file(path)
            for law in self.edition_info[edition_id]["laws"]:
                path = self.root / edition_id / f"{law}.json"
                data = self._read_article(path)
                self._check_file(path)
                if data["edition"] != edition_id or data["law"] != law:
                    raise RecordError(f"{path}: holds {data['edition']} law {data['law']}, not {edition_id} law "
                                      f"{law}; {REINGEST}")
                articles[law] = article_from_dict(data)
            self._cache[edition_id] = articles
        return self._cache[edition_id]

    def all_articles(self):
        """Every article of every edition."""
        for edition_id in self.editions():
            yield from self.articles(edition_id).values()

    def digest(self, path: Path) -> str:
        """The sha256 of a record file's bytes as this corpus read them (hashed now if it has not read it; ""
        when it cannot be read): what was rendered from it, for a caller keeping derived results by content."""
        known = self._digests.get(Path(path))
        if known is not None:
            return known
        try:
            return hashlib.sha256(Path(path).read_bytes()).hexdigest() if Path(path).is_file() else ""
        except OSError:
            return ""

    def article(self, edition_id: str, law: str) -> Article | None:
        """One edition's article for a law, or None when the edition lacks it."""
        return self.articles(edition_id).get(law)

    def front(self, edition_id: str) -> list[FrontMatter]:
        """The front matter records of one edition, in source order."""
        info = self.edition_info[self.check_edition(edition_id)]
        fronts = []
        for front_id in info.get("front_matter", []):
            path = self.root / edition_id / f"{front_id}.json"
            fronts.append(front_from_dict(validated(path, FRONT, read_record(path, self._digests))))
            self._check_file(path)
        return fronts

    def laws(self) -> list[str]:
        """Every law number present in any edition, in numeric order."""
        numbers = {law for info in self.edition_info.values() for law in info["laws"]}
        return sorted(numbers, key=int)

    def language(self, edition_id: str) -> str:
        """The language code of an edition."""
        return self.edition_info[self.check_edition(edition_id)]["language"]

    def year(self, edition_id: str) -> int:
        """The Laws year an edition translates (0 when its edition.json does not say)."""
        return int(self.edition_info[edition_id].get("year", 0) or 0)

    def provisions(self, citation: Citation | str, editions: list[str] | None = None) -> list[Provision]:
        """The cited provision in every (selected) edition that has it, in manifest order."""
        citation = Citation.parse(citation) if isinstance(citation, str) else citation
        found = []
        for edition_id in editions or self.editions():
            article = self.article(edition_id, citation.law)
            if article is None:
                continue
            if citation.parent is None:
                found.append(Provision(article, None))
                continue
            node = article.find(str(citation))
            if node is not None:
                found.append(Provision(article, node))
        return found

    def node_ids(self, law: str) -> dict[str, list[str]]:
        """For one law, each edition's provision ids (editions lacking the law are left out)."""
        return {e: self.articles(e)[law].node_ids() for e in self.editions() if law in self.articles(e)}

    def all_node_ids(self, law: str) -> list[str]:
        """The union of provision ids of a law across editions, in citation order."""
        ids = {i for ids in self.node_ids(law).values() for i in ids}
        return sorted(ids, key=node_sort_key)


def law_ranges(laws: list[str]) -> str:
    """Law numbers as ranges for messages: ['1', '2', '3', '41'] -> '1-3, 41'."""
    runs: list[list[int]] = []
    for number in sorted(int(law) for law in laws):
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(f"{first}-{last}" if first != last else str(first) for first, last in runs)


def load_corpus(manifest_path: Path | None = None) -> Corpus:
    """The corpus of the project this runs in (corpus/records beside corpus/editions.yaml)."""
    manifest = load_manifest(manifest_path or default_manifest_path())
    return Corpus(manifest.corpus_dir / "records", manifest)
