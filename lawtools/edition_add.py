"""`lawtools edition add`: a new edition from its text alone.

Stages (nothing is written until every stage has passed):

1. read the file's bytes and decode them (`lawtools.readers.detect.decode`: --encoding, a BOM, strict
   UTF-8, else charset-normalizer);
2. detect the layout and its options from the text (`lawtools.readers.detect.detect`) and read it,
   with the same checks as `lawtools ingest` (every word kept, structure anomalies recorded);
3. unless --dry-run: copy the file byte for byte to `corpus/sources/ID.txt`, append the manifest entry
   to `corpus/editions.yaml` as text (its comments and the other entries stay as they are), and write
   the edition's records.

The report says what was found (laws, provisions, footnotes, references, anomalies), what was detected
and from which lines, and what the tool was unsure of.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .errors import LawtoolsError, ManifestError, SourceError
from .manifest import Edition, load_manifest
from .readers.detect import decode, detect, source_text
from .text import language_data

EDITION_ID = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z0-9]+)*$")


@dataclass
class AddReport:
    """What `edition add` found and did."""

    edition: str
    language: str
    year: int
    layout: str
    encoding: str
    options: dict
    laws: list[dict] = field(default_factory=list)     # {"law", "title", "provisions": [ids], "partial"}
    provisions: int = 0
    footnotes: int = 0
    references: int = 0
    anomalies: int = 0
    anomaly_list: list[dict] = field(default_factory=list)
    detected: list[str] = field(default_factory=list)
    unsure: list[str] = field(default_factory=list)
    entry: str = ""
    written: list[str] = field(default_factory=list)
    dry_run: bool = False

    def to_dict(self) -> dict:
        """The JSON shape of the report."""
        return {k: v for k, v in self.__dict__.items()}


def law_ranges(laws: list[str]) -> str:
    """['2', '3', '4', '11'] -> '2-4, 11'."""
    numbers = sorted(int(x) for x in laws)
    parts: list[str] = []
    start = previous = None
    for n in numbers:
        if previous is not None and n == previous + 1:
            previous = n
            continue
        if start is not None:
            parts.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = n
    if start is not None:
        parts.append(str(start) if start == previous else f"{start}-{previous}")
    return ", ".join(parts)


def add_edition(manifest_path: Path, source_path: Path, *, edition_id: str, language: str, year: int,
                title: str | None = None, encoding: str | None = None, dry_run: bool = False,
                provenance: str | None = None) -> AddReport:
    """Detect, read and (unless dry_run) add one edition; LawtoolsError says why it cannot."""
    manifest_path = Path(manifest_path)
    source_path = Path(source_path)
    if not EDITION_ID.match(edition_id):
        raise ManifestError(f"edition id {edition_id!r}: use <language>-<year>, e.g. {language}-{year}")
    manifest = load_manifest(manifest_path) if _has_editions(manifest_path) else None
    if manifest is not None and edition_id in manifest.ids():
        raise ManifestError(f"{manifest_path}: edition {edition_id} is already in the manifest")
    target = manifest_path.parent / "sources" / f"{edition_id}.txt"
    try:
        data = source_path.read_bytes()
    except FileNotFoundError:
        raise SourceError(str(source_path), None, "source file not found") from None
    except OSError as error:
        raise SourceError(str(source_path), None, f"cannot read source file: {error.strerror}") from None
    if target.exists() and target.read_bytes() != data:
        raise ManifestError(f"{target} exists with other content; choose another --id or remove it")
    decoded = decode(data, str(source_path), encoding, language)
    source = source_text(decoded, str(source_path), hashlib.sha256(data).hexdigest())
    provisional = Edition(id=edition_id, language=language, year=int(year), title=title or "", provenance="",
                          laws=(), layout="grammar", source=source_path.resolve(), encoding=decoded.encoding)
    detection = detect(provisional, source)
    result = detection.best.result
    document = result.document
    laws = [a.law for a in document.articles]
    partial = [a.law for a in document.articles
               if a.partial or any(x.code in ("cut-off", "partial-article") for x in a.anomalies)]
    entry = {
        "id": edition_id, "language": language, "year": int(year),
        "title": title or _title(document, source),
        "provenance": provenance or f"added with lawtools edition add from {source_path.name}",
        "laws": law_ranges(laws), **({"partial": partial} if partial else {}),
        "layout": "grammar", "source": f"sources/{edition_id}.txt",
        **({"encoding": decoded.encoding} if decoded.encoding != "utf-8" else {}),
        "stated": [],
        "inferred": [{"fact": f"encoding {decoded.encoding}", "evidence": decoded.evidence}]
        + [{"fact": fact.split(":")[0], "evidence": fact} for fact in detection.evidence],
        "options": detection.options,
    }
    report = _report(edition_id, language, int(year), decoded, detection, result, entry, dry_run)
    if language not in language_data():
        report.unsure.append(f"language {language!r} has no data in lawtools/data/languages.yaml: headings were "
                             "matched with every language's heading words, and search and checks use a plain "
                             "analyser; add an entry there to improve it")
    if not decoded.confident:
        report.unsure.append(f"the encoding guess is weak ({decoded.evidence}); give --encoding if letters look wrong")
    if dry_run:
        return report
    _write(manifest_path, target, data, entry, report)
    return report


def _has_editions(path: Path) -> bool:
    """True when the manifest exists and lists at least one edition (an empty 'editions:' is fine to add to)."""
    if not path.exists():
        return False
    from .yamlio import read_yaml

    try:
        data = read_yaml(path)
    except Exception:  # noqa: BLE001 - load_manifest gives the precise error
        return True
    return not (isinstance(data, dict) and data.get("editions") is None)


def _title(document, source) -> str:
    if document.front and document.front[0].paragraphs:
        return document.front[0].paragraphs[0][:120]
    return next((line.text.strip() for line in source.lines if line.text.strip()), "")[:120]


def _report(edition_id, language, year, decoded, detection, result, entry, dry_run) -> AddReport:
    document = result.document
    articles = document.articles
    report = AddReport(edition=edition_id, language=language, year=year, layout="grammar",
                       encoding=decoded.encoding, options=detection.options, dry_run=dry_run,
                       detected=[f"encoding {decoded.encoding}: {decoded.evidence}", *detection.evidence],
                       unsure=list(detection.unsure))
    for article in articles:
        report.laws.append({"law": article.law, "title": article.title, "provisions": article.node_ids(),
                            "partial": article.law in entry.get("partial", [])})
    report.provisions = sum(len(a.node_ids()) for a in articles)
    report.footnotes = sum(len(a.footnotes) for a in articles)
    report.references = sum(len(a.refs) for a in articles)
    report.anomaly_list = [{"law": a.law, "node": x.node, "code": x.code, "line": x.line, "message": x.message}
                           for a in articles for x in a.anomalies]
    report.anomalies = len(report.anomaly_list)
    numbers = [int(a.law) for a in articles if a.law.isdigit()]
    missing = [n for n in range(min(numbers), max(numbers) + 1) if n not in numbers] if numbers else []
    if missing:
        report.unsure.append(f"laws {law_ranges([str(n) for n in missing])} are not in the source (the numbering "
                             "jumps over them); the manifest declares only the laws found")
    counts = Counter(x["code"] for x in report.anomaly_list)
    for code in ("unexpected-label", "numbering-gap", "cut-off", "partial-article", "footnote-unanchored"):
        if counts.get(code):
            where = ", ".join(f"{x['node']} (line {x['line']})" for x in report.anomaly_list if x["code"] == code)
            report.unsure.append(f"{counts[code]} {code}: {where}")
    report.entry = _entry_text(entry)
    return report


def _entry_text(entry: dict) -> str:
    dumped = yaml.safe_dump([entry], allow_unicode=True, sort_keys=False, width=110, default_flow_style=False)
    return "".join(f"  {line}\n" if line else "\n" for line in dumped.rstrip("\n").split("\n"))


def _write(manifest_path: Path, target: Path, data: bytes, entry: dict, report: AddReport) -> None:
    """Copy the source, append the entry, ingest the edition; undo the first two if the last fails."""
    from .fsutil import atomic_write_bytes, atomic_write_text
    from .ingest import build_edition, write

    created = not target.parent.exists()
    target.parent.mkdir(parents=True, exist_ok=True)
    existed = target.exists()
    original = manifest_path.read_text(encoding="utf-8") if manifest_path.exists() else "editions:\n"
    try:
        atomic_write_bytes(target, data)
        separator = "" if original.endswith("\n") else "\n"
        comment = "\n  # added by `lawtools edition add` (layout and options detected from the text)\n"
        atomic_write_text(manifest_path, original + separator + comment + report.entry)  # old or new, never half
        manifest = load_manifest(manifest_path)
        edition = manifest.get(entry["id"])
        result = build_edition(edition)
        report.written = [f"sources/{target.name}", manifest_path.name,
                          *write(manifest, [result])]
    except (LawtoolsError, OSError):
        atomic_write_text(manifest_path, original)
        if not existed:
            target.unlink(missing_ok=True)
        if created and not any(target.parent.iterdir()):
            target.parent.rmdir()
        raise
