"""Sources -> records: read each edition by its layout, normalise, extract references, write JSON.

The pipeline is read -> normalise -> records -> JSON. Everything is built in memory first; only when
every edition has parsed are files written: the complete new records tree (every edition, the
freshness stamp `records/stamp.json` and the ownership marker) is built in a staging directory and
swapped in for corpus/records in one step (see `write`), under the checkout's lock. A failed or killed
run leaves the previous records untouched; records that are already current are not touched at all.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from .conservation import ConservationReport, check_conservation
from .errors import LawtoolsError, RecordError, SourceError, UnsafePath, WriteError
from .fsutil import (
    MARKER,
    MARKER_TEXT,
    clean_stale,
    describe_os_error,
    is_owned,
    lock,
    mark_owned,
    read_limited_bytes,
    replace_owned_dir,
    staging_dir,
)
from .manifest import Edition, Manifest
from .model import Article, FrontMatter, dumps, to_dict
from .readers import read_text
from .readers.base import Document, SourceText, load_source
from .records import MAX_RECORD_BYTES, STAMP_FILE, stamp_text
from .refs import extract_refs, find_refs
from .text import extract_anchors, normalise

EDITION_FILE = "edition.json"
LOCK_FILE = ".lawtools.lock"



@dataclass
class EditionStats:
    """The summary row for one edition."""

    edition: str
    laws: int
    provisions: int
    footnotes: int
    references: int
    anomalies: int
    furniture: int
    front_matter: int
    words: int


@dataclass
class EditionResult:
    """One edition's records, rendered as the JSON text of each file under records/<edition>/."""

    edition: Edition
    document: Document
    conservation: ConservationReport
    files: dict[str, str] = field(default_factory=dict)

    @property
    def stats(self) -> EditionStats:
        """Counts for the summary table."""
        articles = self.document.articles
        return EditionStats(
            edition=self.edition.id,
            laws=len(articles),
            provisions=sum(len(a.node_ids()) for a in articles),
            footnotes=sum(len(a.footnotes) for a in articles),
            references=sum(len(a.refs) for a in articles),
            anomalies=sum(len(a.anomalies) for a in articles),
            furniture=len(self.document.furniture),
            front_matter=len(self.document.front),
            words=self.conservation.source_tokens,
        )


def build_edition(edition: Edition) -> EditionResult:
    """Parse and finish one edition entirely in memory."""
    source = load_source(edition.source, edition.source_label, edition.encoding)
    return build_document(edition, source)


def build_document(edition: Edition, source: SourceText) -> EditionResult:
    """Parse and finish one edition from its loaded source, entirely in memory."""
    document = read_text(edition, source)
    for article in document.articles:
        finish_article(article)
    for front in document.front:
        finish_front(front)
    conservation = check_conservation(edition.id, edition.language, source, document)
    if not conservation.ok:
        raise SourceError(edition.source_label, None, "the records would not keep every word of the source ("
                          + conservation.describe() + "); nothing was written")
    result = EditionResult(edition, document, conservation)
    for article in document.articles:
        result.files[f"{article.law}.json"] = dumps(article)
    for front in document.front:
        result.files[f"{front.id}.json"] = dumps(front)
    result.files[EDITION_FILE] = _edition_file(edition, document, source.sha256)
    return result


def finish_article(article: Article) -> None:
    """Normalise every text field, turn footnote anchors into offsets, extract references."""
    language = article.language
    article.title = normalise(article.title, language)
    article.heading = normalise(article.heading, language)
    article.intro = _text_with_anchors(article, article.intro, article.law)
    for node in article.walk():
        node.title = normalise(node.title, language)
        node.text = _text_with_anchors(article, node.text, node.id)
    for note in article.footnotes:
        note.text = normalise(note.text, language)
    article.refs = extract_refs(article)


def _text_with_anchors(article: Article, text: str, node_id: str) -> str:
    text, offsets = extract_anchors(normalise(text, article.language))
    for number, offset in offsets.items():
        if 0 < number <= len(article.footnotes):
            note = article.footnotes[number - 1]
            if note.offset is None:  # a footnote marked in several places: the offset of its first marker
                note.offset = offset
            note.node = note.node or node_id
            if node_id not in note.nodes:
                note.nodes.append(node_id)
    return text


def finish_front(front: FrontMatter) -> None:
    """Normalise front matter text."""
    front.title = normalise(front.title, front.language)
    front.heading = normalise(front.heading, front.language)
    front.paragraphs = [normalise(p, front.language) for p in front.paragraphs]
    for entry in front.entries:
        entry.term = normalise(entry.term, front.language)
        entry.definition = normalise(entry.definition, front.language)
    passages = front.paragraphs + [entry.definition for entry in front.entries]
    front.refs = [ref for text in passages for ref in find_refs(text, front.language, front.id)]


def _edition_file(edition: Edition, document: Document, sha256: str) -> str:
    data = {
        "edition": edition.id,
        "language": edition.language,
        "year": edition.year,
        "title": edition.title,
        "provenance": edition.provenance,
        "layout": edition.layout,
        "laws": [article.law for article in document.articles],
        "front_matter": [front.id for front in document.front],
        "headings": to_dict(document.headings),
        "furniture": to_dict(document.furniture),
        "source": {"file": edition.source_label, "sha256": sha256},
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def build(manifest: Manifest, edition_ids: list[str] | None = None) -> list[EditionResult]:
    """Every selected edition, parsed and rendered; raises before anything is written."""
    return [build_edition(edition) for edition in manifest.select(edition_ids)]


def records_dir(manifest: Manifest) -> Path:
    """corpus/records beside the manifest."""
    return manifest.corpus_dir / "records"


def lock_path(manifest: Manifest) -> Path:
    """The advisory lock file of a checkout: one ingest or build at a time writes its corpus."""
    return manifest.corpus_dir / LOCK_FILE


def expected_tree(manifest: Manifest, results: list[EditionResult]) -> dict[str, str]:
    """Every file of the records tree after writing `results` (relative path -> text), stamp and marker included.

    Editions not in `results` keep the files they have on disk, so `ingest --edition E` rewrites E alone.
    """
    root = records_dir(manifest)
    tree: dict[str, str] = {}
    rebuilt = {result.edition.id for result in results}
    if root.is_dir():
        for directory in sorted(root.iterdir()):
            if directory.name.startswith(".") or directory.name in rebuilt or not directory.is_dir():
                continue
            for path in sorted(directory.iterdir()):
                if path.is_file() and not path.name.startswith("."):
                    tree[f"{directory.name}/{path.name}"] = read_record_text(path)
    for result in results:
        for name, text in result.files.items():
            tree[f"{result.edition.id}/{name}"] = text
    tree = dict(sorted(tree.items()))
    tree[STAMP_FILE] = stamp_text(tree)
    tree[MARKER] = MARKER_TEXT
    return tree


def read_record_text(path: Path) -> str:
    """The text of a record file that is carried over unchanged; RecordError when it cannot be read."""
    try:
        return read_limited_bytes(path, str(path), MAX_RECORD_BYTES).decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not UTF-8 text; run `lawtools ingest` to regenerate it") from None
    except LawtoolsError as error:
        raise RecordError(f"{error}; run `lawtools ingest` to regenerate it") from None


def write(manifest: Manifest, results: list[EditionResult]) -> list[str]:
    """Switch the whole records tree to `results` in one step; return the files that changed.

    Nothing is written or touched when the records are current. Otherwise the complete new tree is
    built in a staging directory beside corpus/records and swapped in with one atomic exchange, so a
    reader sees every edition old or every edition new, never a missing edition; a failure or a kill at
    any point leaves the old tree, and the next run removes what the failed one left behind.
    """
    root = records_dir(manifest)
    with lock(lock_path(manifest), "ingest"):
        clean_stale(root.parent)
        changed = stale(manifest, results)
        if not changed:
            return []
        _check_records_root(root)
        tree = expected_tree(manifest, results)
        staging = None
        try:
            staging = staging_dir(root)
            for relative, text in tree.items():
                if relative == MARKER:
                    continue
                path = staging / relative
                if not path.parent.is_dir():
                    path.parent.mkdir()
                    os.chmod(path.parent, 0o755)
                _place(root / relative, path, text)
            os.chmod(staging, 0o755)
            if root.is_dir() and not is_owned(root):  # records written before markers existed
                mark_owned(root)
            replace_owned_dir(staging, root)
        except OSError as error:
            raise WriteError(describe_os_error(root, error, "cannot write the records")
                             + "; the previous records are unchanged") from None
        finally:
            if staging is not None and staging.exists():
                shutil.rmtree(staging, ignore_errors=True)
    return changed


def _place(current: Path, path: Path, text: str) -> None:
    """Put text at path in the staging tree: a hard link to the current file when it already holds that text.

    An unchanged record keeps its inode and mtime across the swap, so what reads only the editions that did
    not change (the build's fingerprints, an editor, rsync) sees them untouched.
    """
    try:
        if current.is_file() and not current.is_symlink() and not _differs(current, text):
            os.link(current, path)
            return
    except OSError:  # another file system, or links refused: write a copy instead
        pass
    path.write_text(text, encoding="utf-8")


def _check_records_root(root: Path) -> None:
    """UnsafePath unless corpus/records is absent, ours, or a records tree written before markers existed."""
    if root.is_symlink() or (root.exists() and not root.is_dir()):
        raise UnsafePath(f"{root}: exists and is not the records directory lawtools writes; move it away")
    if not root.exists():
        return
    if not is_owned(root):
        foreign = [p.name for p in root.iterdir()
                   if not (p.is_dir() and (p / EDITION_FILE).is_file()) and not p.name.startswith(".")
                   and p.name != STAMP_FILE]
        if foreign:
            raise UnsafePath(f"{root}: holds {', '.join(sorted(foreign)[:3])}, which lawtools did not write; "
                             "lawtools will not replace this directory (move those files away)")
    for path in (root, *[p for p in root.iterdir() if p.is_dir()]):
        if not os.access(path, os.W_OK | os.X_OK):
            raise WriteError(f"{path}: not writable; lawtools cannot replace the records "
                             "(check the permissions); nothing was written")


def stale(manifest: Manifest, results: list[EditionResult]) -> list[str]:
    """Record files (relative to the corpus directory) that are missing, different or left over."""
    root = records_dir(manifest)
    differences = []
    for result in results:
        directory = root / result.edition.id
        on_disk = {p.name for p in directory.glob("*.json")} if directory.is_dir() else set()
        for name, text in sorted(result.files.items()):
            path = directory / name
            if name not in on_disk or _differs(path, text):
                differences.append(f"records/{result.edition.id}/{name}")
        differences.extend(f"records/{result.edition.id}/{name}" for name in sorted(on_disk - set(result.files)))
    if not differences:
        expected = expected_tree(manifest, results)[STAMP_FILE]
        if _differs(root / STAMP_FILE, expected):
            differences.append(f"records/{STAMP_FILE}")
    return differences


def _differs(path: Path, text: str) -> bool:
    from .fsutil import regular_bytes
    from .records import MAX_RECORD_BYTES

    return regular_bytes(path, MAX_RECORD_BYTES) != text.encode("utf-8")  # a symlink to /dev/zero differs
