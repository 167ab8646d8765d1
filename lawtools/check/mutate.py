"""Planted defects: a defect spec applied alone to a copy of the sources, ingested and checked.

A defect names its edition, its class and where it goes by the words of the source (never a line
number), and the edit::

    - id: sv-typo-3
      edition: sv-2007
      class: typo
      split: dev                     # dev (tune on it) or test (report only)
      find: "visa"                   # the words to edit; must occur once (in `within`, when given)
      within: "skall visa sina kort" # optional: a longer piece of the source that holds `find` once
      to: "vias"                     # the replacement ('' drops the words)
      op: replace                    # replace (default), duplicate (find twice), duplicate-line

`Harness` copies a corpus (manifest, sources, termbase, baseline, records) into a temporary project
once, checks the unmutated copy, then for each defect rewrites one source, re-ingests that edition only
and checks again. A defect is caught when a finding that the unmutated run lacks names the defect's
edition and one of the laws whose records the edit changed.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DefectError, LawtoolsError
from ..yamlio import read_yaml
from .model import Finding

OPS = ("replace", "duplicate", "duplicate-line")
_NUMBERS = re.compile(r"\d+")


@dataclass(frozen=True)
class Defect:
    """One planted defect."""

    id: str
    edition: str
    cls: str
    find: str
    to: str = ""
    within: str = ""
    op: str = "replace"
    split: str = "dev"
    note: str = ""

    def apply(self, text: str) -> str:
        """The source text with this defect planted; DefectError when the locator is not unique."""
        anchor = self.within or self.find
        count = text.count(anchor)
        if count != 1:
            raise DefectError(f"defect {self.id}: {anchor!r} occurs {count} times in {self.edition}'s source")
        start = text.index(anchor)
        inner = anchor.find(self.find)
        if inner < 0 or anchor.count(self.find) != 1:
            raise DefectError(f"defect {self.id}: {self.find!r} must occur once in its 'within' text")
        start += inner
        end = start + len(self.find)
        if self.op == "replace":
            return text[:start] + self.to + text[end:]
        if self.op == "duplicate":
            return text[:end] + (self.to or " ") + self.find + text[end:]
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        line_end = len(text) if line_end < 0 else line_end
        return text[:line_end] + "\n" + text[line_start:line_end] + text[line_end:]


def load_defects(path: Path) -> list[Defect]:
    """The defects of a spec file (a YAML list, or a mapping with `defects`)."""
    data = read_yaml(path)
    entries = data.get("defects", []) if isinstance(data, dict) else data
    defects = []
    for number, entry in enumerate(entries or [], 1):
        if not isinstance(entry, dict) or not all(entry.get(k) for k in ("id", "edition", "class", "find")):
            raise DefectError(f"{path}: defect #{number} needs id, edition, class and find")
        op = entry.get("op", "replace")
        if op not in OPS:
            raise DefectError(f"{path}: defect {entry['id']}: op {op!r} is not one of {', '.join(OPS)}")
        defects.append(Defect(str(entry["id"]), str(entry["edition"]), str(entry["class"]), str(entry["find"]),
                              str(entry.get("to", "") or ""), str(entry.get("within", "") or ""), op,
                              str(entry.get("split", "dev")), str(entry.get("note", "") or "")))
    ids = Counter(d.id for d in defects)
    if any(n > 1 for n in ids.values()):
        raise DefectError(f"{path}: defect ids used twice: {', '.join(i for i, n in ids.items() if n > 1)}")
    return defects


@dataclass
class Outcome:
    """What one planted defect did: the laws it changed, the new findings, whether one names those laws."""

    defect: Defect
    laws: list[str]
    new: list[Finding] = field(default_factory=list)
    elsewhere: list[Finding] = field(default_factory=list)
    error: str = ""

    @property
    def caught(self) -> bool:
        """True when a new finding names the defect's edition and a changed law (or ingest refused it)."""
        return bool(self.new) or bool(self.error)


def _key(finding: Finding) -> tuple:
    # counts in messages ('×12', '5 of 7') move when any word of the edition changes: not a new finding
    return (finding.edition, finding.law, finding.node, finding.code, _NUMBERS.sub("#", finding.message))


def _content(result) -> dict[str, str]:
    """Each record of an ingested edition without its line numbers (an inserted line moves them all)."""
    import json

    cleaned = {}
    for name, text in result.files.items():
        data = json.loads(text)
        cleaned[name] = json.dumps(_strip_lines(data), sort_keys=True, ensure_ascii=False)
    return cleaned


def _strip_lines(value):
    if isinstance(value, dict):
        return {k: _strip_lines(v) for k, v in value.items()
                if k not in ("lines", "line", "intro_lines", "source", "furniture", "headings")}
    if isinstance(value, list):
        return [_strip_lines(v) for v in value]
    return value


class Harness:
    """A temporary copy of a corpus in which defects are planted one at a time."""

    def __init__(self, corpus_dir: Path):
        self.origin = Path(corpus_dir)
        self.root = Path(tempfile.mkdtemp(prefix="lawtools-mutate-"))
        self.corpus_dir = self.root / "corpus"
        shutil.copytree(self.origin, self.corpus_dir, ignore=shutil.ignore_patterns(".*"))
        self._share_sentence_vectors()
        self._sources: dict[str, str] = {}
        self._clean: dict[str, tuple] = {}
        self.baseline: Counter = Counter()
        self.clean_findings: list[Finding] = []

    def _share_sentence_vectors(self) -> None:
        """Start the copy's encoder cache from the origin's (keyed by text: a planted defect changes a sentence or
        two), so a check of the copy encodes only what the defect changed, not every sentence of the corpus."""
        from ..concordance.embed import default_cache_path

        origin, copy = default_cache_path(self.origin), default_cache_path(self.corpus_dir)
        if origin != copy and origin.is_file():
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(origin, copy)

    def close(self) -> None:
        """Remove the temporary project."""
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Harness:
        self.clean_findings = self.check()
        self.baseline = Counter(_key(f) for f in self.clean_findings)
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _manifest(self):
        from ..manifest import load_manifest

        return load_manifest(self.corpus_dir / "editions.yaml")

    def check(self) -> list[Finding]:
        """Every finding of the copy as it stands."""
        from ..records import load_corpus
        from . import run_checks

        return run_checks(load_corpus(self.corpus_dir / "editions.yaml"))

    def run(self, defect: Defect) -> Outcome:
        """Plant the defect, re-ingest its edition, check, and restore the clean source and records."""
        from ..ingest import build, write

        manifest = self._manifest()
        edition = manifest.get(defect.edition)
        source = edition.source
        if defect.edition not in self._sources:
            self._sources[defect.edition] = source.read_text(encoding="utf-8")
            clean_result = build(manifest, [defect.edition])[0]
            self._clean[defect.edition] = (clean_result, _content(clean_result))
        original = self._sources[defect.edition]
        mutated = defect.apply(original)
        source.write_text(mutated, encoding="utf-8")
        try:
            try:
                result = build(manifest, [defect.edition])[0]
            except LawtoolsError as error:
                return Outcome(defect, [], error=str(error))
            content = _content(result)
            clean = self._clean[defect.edition][1]
            changed = sorted(name[:-5] for name in set(content) | set(clean)
                             if name != "edition.json" and content.get(name) != clean.get(name))
            write(manifest, [result])
            findings = self.check()
            fresh = Counter(_key(f) for f in findings) - self.baseline
            new = [f for f in findings if _key(f) in fresh]
            hit = [f for f in new if f.edition == defect.edition and f.law in changed]
            outcome = Outcome(defect, changed, hit, [f for f in new if f not in hit])
        finally:
            source.write_text(original, encoding="utf-8")
            write(manifest, [self._clean[defect.edition][0]])
        return outcome


def recall_table(outcomes: list[Outcome]) -> dict[str, dict[str, tuple[int, int]]]:
    """Caught and planted per class and split: {class: {split: (caught, planted)}}."""
    table: dict[str, dict[str, list[int]]] = {}
    for outcome in outcomes:
        cell = table.setdefault(outcome.defect.cls, {}).setdefault(outcome.defect.split, [0, 0])
        cell[0] += outcome.caught
        cell[1] += 1
    return {c: {s: (v[0], v[1]) for s, v in splits.items()} for c, splits in table.items()}
