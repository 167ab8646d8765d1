"""The checks stage's units: each edition's findings, memoised under a key of exactly what its check run reads.

What an edition's checks read is declared by `lawtools.check.scope`: all of its own records and source, the
edition information of every edition, of the other editions the records of the laws it has or is linked to
and the provision ids of the laws it only cites; besides the termbase, lawtools/data and the check code (and
the stored concordance when the checks pair through it). A unit's key hashes exactly those inputs (each law's
records across editions hashed once), so a changed record recomputes its own edition and the editions that
compare with that law, and nothing else (a changed word leaves the ids a citation is resolved against as
they were). The stale units are checked in one run (features of the editions they compare with are computed
once), each unit's findings stored as `checks/<edition>/findings-<key>.json` under the analyses cache; the
merged findings, weighed against the baseline, are stored where the site reads them (site.cache), so the
checks run once per build.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..records import Corpus
from ..site.cache import load, store
from .fingerprint import Hasher, combine

FOLDER = "checks"


@dataclass
class UnitRun:
    """What the driver did: every unit's key, the units it checked and the merged findings (site JSON shape)."""

    keys: dict[str, str]
    checked: list[str] = field(default_factory=list)
    findings: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _edition_infos(corpus: Corpus) -> str:
    """One hash of what every edition's edition.json says, less its source's content hash (an edited source
    changes that edition's records, which its own unit hashes; the other units read only its information)."""
    infos = {}
    for edition, info in corpus.edition_info.items():
        source = {k: v for k, v in (info.get("source") or {}).items() if k != "sha256"}
        infos[edition] = {**{k: v for k, v in info.items() if k != "source"}, "source": source}
    return combine({"infos": json.dumps(infos, sort_keys=True, default=str)})


def unit_keys(corpus: Corpus, hasher: Hasher, shared: dict[str, str]) -> dict[str, str]:
    """edition -> the key of its findings (see the module docstring); shared: termbase, code and the like."""
    from ..check.scope import laws_read, linked_laws, uses_concordance

    root = corpus.root
    concordance = None
    if uses_concordance():
        from ..concordance import load_concordance
        from ..errors import NotFound

        try:
            concordance = load_concordance(corpus.manifest.corpus_dir)
        except NotFound:
            concordance = None
        # the links themselves, not the files: a pair file rewritten with new fingerprints but the same links
        # (a record changed that moved nothing) must not recheck every edition
        links = sorted((k.from_edition, k.from_node or "", k.to_edition, k.to_node or "", k.relation, k.score,
                        k.confirmed) for k in (concordance.links if concordance is not None else []))
        shared = {**shared, "concordance": combine({"links": json.dumps(links)})}
    infos = _edition_infos(corpus)
    having: dict[str, list[str]] = {}
    for edition, info in corpus.edition_info.items():
        for law in info["laws"]:
            having.setdefault(law, []).append(edition)
    law_hash = {law: hasher.files([root / e / f"{law}.json" for e in editions], root)
                for law, editions in having.items()}
    id_hash: dict[str, str] = {}  # law -> its provision ids and partial flag in every edition (computed when read)

    def ids_of(law: str) -> str:
        if law not in id_hash:
            articles = {e: corpus.article(e, law) for e in having.get(law, [])}
            id_hash[law] = combine({e: f"{a.partial}:{','.join(a.node_ids())}" for e, a in articles.items() if a})
        return id_hash[law]

    keys = {}
    linked = linked_laws(concordance)  # one pass over the links, not one per edition
    for edition in corpus.editions():
        own = hasher.files(sorted((root / edition).glob("*.json")), root)
        source = hasher.file(corpus.manifest.get(edition).source) if edition in corpus.manifest.ids() else ""
        texts, ids = laws_read(corpus, edition, concordance, linked)
        keys[edition] = combine({**shared, "edition": edition, "own": own, "source": source, "infos": infos,
                                 "laws": json.dumps({law: law_hash.get(law, "") for law in sorted(texts)}),
                                 "ids": json.dumps({law: ids_of(law) for law in sorted(ids)})})
    return keys


def run_units(corpus: Corpus, directory: Path | None, keys: dict[str, str], force: bool = False,
              progress: Callable[[int], None] | None = None) -> UnitRun:
    """Every edition's findings: reused where stored under its key, the others checked in one run and stored;
    merged, located and weighed against corpus/check-baseline.yaml (the site's JSON shape, with "accepted")."""
    check = importlib.import_module("lawtools.check")  # looked up at call time (tests count the calls)
    from ..check.baseline import load_baseline, split
    from ..check.model import Finding

    run = UnitRun(keys)
    units: dict[str, dict] = {}
    for edition, key in keys.items():
        found = None if force or directory is None else load(directory / FOLDER / edition, key, "findings")
        if isinstance(found, dict) and isinstance(found.get("findings"), list):
            units[edition] = found
    run.checked = [edition for edition in keys if edition not in units]
    if run.checked:
        findings, notes = check.run_checks_with_notes(corpus, run.checked)
        by_edition: dict[str, dict] = {e: {"findings": [], "notes": []} for e in run.checked}
        for finding in findings:
            by_edition[finding.edition]["findings"].append(finding.to_dict())
        for note in notes:
            edition = note.split(":", 1)[0]
            by_edition.get(edition, by_edition[run.checked[0]])["notes"].append(note)
        for edition, value in by_edition.items():
            units[edition] = value
            if directory is not None:
                try:
                    store(directory / FOLDER / edition, keys[edition], "findings", value)
                except OSError:  # a read-only or full disk costs the memo, not the build
                    pass
        if progress:
            progress(len(run.checked))
    merged = [Finding(**entry) for edition in keys for entry in units[edition]["findings"]]
    merged.sort(key=Finding.sort_key)
    accepted = load_baseline(corpus.manifest.corpus_dir / "check-baseline.yaml")
    reasons = {finding: entry.reason for finding, entry in split(merged, accepted)[1]}
    run.findings = [{**finding.to_dict(), "accepted": reasons.get(finding, "")} for finding in merged]
    run.notes = [note for edition in keys for note in units[edition]["notes"]]
    return run


def prune(directory: Path | None, editions: list[str]) -> None:
    """Forget the memo of editions no longer in the corpus."""
    folder = directory / FOLDER if directory is not None else None
    if folder is None or not folder.is_dir():
        return
    for path in folder.iterdir():
        if path.is_dir() and path.name not in editions:
            for old in path.glob("*.json"):
                old.unlink(missing_ok=True)
            try:
                path.rmdir()
            except OSError:
                pass
