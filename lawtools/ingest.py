"""Sources -> records: read each edition by its layout, normalise, extract references, write JSON.

The pipeline is read -> normalise -> records -> JSON. Everything is built in memory first; only when
every edition has parsed are files written, into a temporary directory that then replaces the old
records, so a failed run leaves the previous records untouched.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .conservation import ConservationReport, check_conservation
from .errors import SourceError
from .manifest import Edition, Manifest
from .model import Article, FrontMatter, dumps, to_dict
from .readers import read_text
from .readers.base import Document, SourceText, load_source
from .refs import extract_refs, find_refs
from .text import extract_anchors, normalise

EDITION_FILE = "edition.json"


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


def write(manifest: Manifest, results: list[EditionResult]) -> list[str]:
    """Replace each edition's record directory atomically; return the files that changed."""
    root = records_dir(manifest)
    root.mkdir(parents=True, exist_ok=True)
    changed = stale(manifest, results)
    staged: list[tuple[Path, Path]] = []
    try:
        for result in results:
            temp = Path(tempfile.mkdtemp(prefix=f".{result.edition.id}.", dir=root))
            for name, text in result.files.items():
                (temp / name).write_text(text, encoding="utf-8")
            staged.append((temp, root / result.edition.id))
    except OSError:
        for temp, _ in staged:
            shutil.rmtree(temp, ignore_errors=True)
        raise
    for temp, target in staged:
        backup = target.with_name(f".{target.name}.old")
        if target.exists():
            shutil.rmtree(backup, ignore_errors=True)
            os.replace(target, backup)
        os.replace(temp, target)
        os.chmod(target, 0o755)
        shutil.rmtree(backup, ignore_errors=True)
    return changed


def stale(manifest: Manifest, results: list[EditionResult]) -> list[str]:
    """Record files (relative to the corpus directory) that are missing, different or left over."""
    root = records_dir(manifest)
    differences = []
    for result in results:
        directory = root / result.edition.id
        on_disk = {p.name for p in directory.glob("*.json")} if directory.exists() else set()
        for name, text in sorted(result.files.items()):
            path = directory / name
            if name not in on_disk or path.read_text(encoding="utf-8") != text:
                differences.append(f"records/{result.edition.id}/{name}")
        differences.extend(f"records/{result.edition.id}/{name}" for name in sorted(on_disk - set(result.files)))
    return differences
