"""What the search index is built from: the searchable units of the corpus, and a hash of their content.

No search engine here: the index module (Whoosh) and the benchmark's FTS5 baseline both take their documents
from `corpus_documents`, and the index compares `content_hash` to know when to rebuild.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from collections.abc import Iterator
from dataclasses import astuple, dataclass
from pathlib import Path

SCHEMA_VERSION = 15  # the layout of meta.json and the index; the analysis code is hashed too (ANALYSIS_CODE)


@dataclass
class Document:
    """One provision (or law intro, or front-matter entry) of one edition, as indexed."""

    edition: str
    language: str
    law: str
    node: str
    title: str
    text: str
    law_title: str
    kind: str
    order: int
    heading: str = ""  # the title of the provision or of its nearest titled ancestor


# The code that decides what the index holds: a change to it rebuilds the index like a change to the records.
ANALYSIS_CODE = ("analysis.py", "analysis_cache.py", "analyzed.py", "documents.py", "index.py", "index_build.py",
                 "termbase_index.py", "lemmas.py", "stemmers.py", "engine_whoosh.py", "engine_tantivy.py",
                 "_quiet_imports.py", "lexicon.py", "vectors.py", "incremental.py")


def _inputs(records_dir: Path, termbase_path: Path) -> list[Path]:
    files = sorted(records_dir.rglob("*.json")) if records_dir.is_dir() else []
    return files + _shared_inputs(termbase_path)


def _shared_inputs(termbase_path: Path) -> list[Path]:
    """What every document's analysis depends on besides its record: the termbase, the data files, the code."""
    here = Path(__file__).parent
    data = here.parent / "data"
    extra = [termbase_path, data / "search.yaml", data / "stopwords.yaml", data / "law_titles_en.yaml",
             data / "citations.yaml", here.parent / "refs.py", *(here / name for name in ANALYSIS_CODE)]
    return [p for p in extra if p.exists()]


def stat_signature(records_dir: Path, termbase_path: Path) -> str:
    """A cheap signature (paths, sizes, mtimes) that tells when the content hash must be recomputed."""
    digest = hashlib.sha256()
    for path in _inputs(records_dir, termbase_path):
        stat = path.stat()
        digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def content_hash(records_dir: Path, termbase_path: Path, settings: dict) -> str:
    """A hash of the records' and termbase's content, the analysis settings and the schema version."""
    from ..fsutil import regular_bytes  # here, not at the top: a plain query never hashes the records
    from ..records import MAX_RECORD_BYTES

    digest = hashlib.sha256(f"schema {SCHEMA_VERSION} {json.dumps(settings, sort_keys=True)}\n".encode())
    for path in _inputs(records_dir, termbase_path):
        rel = path.relative_to(records_dir) if path.is_relative_to(records_dir) else path.name
        digest.update(f"{rel}\n".encode())
        data = regular_bytes(path, MAX_RECORD_BYTES)  # a device or FIFO is never read; it counts as changed
        digest.update(data if data is not None else b"\0not a regular file\0")
    return digest.hexdigest()


def shared_hash(termbase_path: Path, settings: dict) -> str:
    """A hash of everything content_hash covers except the records (termbase, data files, analysis code,
    settings, schema): while it is unchanged, an index may be updated record by record (incremental.py)."""
    digest = hashlib.sha256(f"schema {SCHEMA_VERSION} {json.dumps(settings, sort_keys=True)}\n".encode())
    for path in _shared_inputs(termbase_path):
        digest.update(f"{path.name}\n".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def corpus_documents(corpus) -> Iterator[Document]:
    """Every searchable unit of the corpus: law intros, provisions (with their footnotes), front matter."""
    from .analysis import language_settings

    skipped = set(language_settings().get("skip_front_matter", []))
    order = 0
    for edition in corpus.editions():
        language = corpus.language(edition)
        for front in corpus.front(edition):
            if front.id in skipped:
                continue
            for entry in front.entries:
                order += 1
                yield Document(edition, language, front.id, f"{front.id}:{entry.term}", entry.term,
                               entry.definition, front.title, "entry", order)
            for i, paragraph in enumerate(front.paragraphs, 1):
                order += 1
                yield Document(edition, language, front.id, f"{front.id}.{i}", front.title if i == 1 else "",
                               paragraph, front.title, "paragraph", order)
        for article in corpus.articles(edition).values():
            notes: dict[str, list[str]] = {}
            for note in article.footnotes:
                notes.setdefault(note.node or article.law, []).append(note.text)
            order += 1
            yield Document(edition, language, article.law, article.law, article.title,
                           "\n".join([article.intro, *notes.get(article.law, [])]).strip(), article.title, "law", order)
            for node, heading in _with_headings(article.nodes, article.title):
                order += 1
                text = "\n".join([node.text, *notes.get(node.id, [])]).strip()
                yield Document(edition, language, article.law, node.id, node.title, text, article.title,
                               node.kind, order, heading)


# What the documents are read with besides this module (a change to any of them reads the records again).
_READERS = ("records.py", "model.py", "schema.py", "manifest.py", "fsutil.py")


class DocumentsCache:
    """The corpus's documents as an earlier build read them (records parsed and validated), kept in the search
    cache as marshal and reused while the records' content hash, the manifest and the code that reads them
    are the same: a rebuild after a termbase or settings change, or of a second engine, reads no record.

    Only a shortcut: a damaged, foreign or unreadable file is ignored and the records are read again; `save`
    writes it after the index was written (a failed build leaves it as it was)."""

    NAME = "documents.marshal"

    def __init__(self, directory: Path | None, corpus, records_hash: str):
        self.path = directory / self.NAME if directory else None
        digest = hashlib.sha256(f"documents 1\n{records_hash}\n".encode())
        manifest = getattr(getattr(corpus, "manifest", None), "path", None)
        code = Path(__file__).parent.parent
        for path in [*(code / name for name in _READERS), Path(__file__), *([Path(manifest)] if manifest else [])]:
            try:
                digest.update(path.read_bytes())
            except OSError:
                digest.update(b"-")
        digest.update(json.dumps(corpus.editions()).encode())
        self.key = digest.hexdigest()
        self._rows: list | None = None
        self.hit = False

    def documents(self, corpus) -> list[Document]:
        """The documents: from the cache when its key matches, else read from the records."""
        if self.path is not None:
            try:
                data = marshal.loads(self.path.read_bytes())
                if isinstance(data, dict) and data.get("key") == self.key and isinstance(data.get("rows"), list):
                    found = [Document(*row) for row in data["rows"]]
                    self.hit = True
                    return found
            except (OSError, EOFError, ValueError, TypeError):
                pass
        found = list(corpus_documents(corpus))
        self._rows = [astuple(d) for d in found]
        return found

    def save(self) -> None:
        """Keep the documents read by this build (nothing to do when they came from the cache)."""
        if self.path is None or self._rows is None:
            return
        from ..fsutil import atomic_write_bytes

        try:
            atomic_write_bytes(self.path, marshal.dumps({"key": self.key, "rows": self._rows}))
        except (OSError, ValueError):
            pass


def _with_headings(nodes, heading: str):
    """(node, the title of the node or of its nearest titled ancestor) in document order."""
    for node in nodes:
        own = node.title or heading
        yield node, own
        yield from _with_headings(node.children, own)
