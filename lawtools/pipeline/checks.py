"""The checks stage's units: each edition's findings, in two parts, memoised under keys of exactly what they read.

What an edition's checks read is declared by `lawtools.check.scope`. Each edition has two units:

- `own`: the families that read the edition's own records and, of the others, only which provisions they have
  (scope.WITHIN_EDITION: structure, references, orthography, footnotes). Key: its records and source, every
  edition's edition information, and the provision ids (with or without text, partial flags) of every edition of
  the laws it has or cites.
- `across`: the other families (terminology, counterparts), which compare its provisions with their counterparts.
  Key: the own key, the records of the laws it has in exactly the editions its provisions are paired with (and
  theirs with, as a counterpart's own counterparts are consulted), and the *values* of the pair statistics it
  reads (check.pairs: the usual length ratio and spread of each edition it is paired with, learned from both
  editions' every provision). A changed record that moves no statistic so reruns only the units that compare
  that law with it, not every unit of every edition that shares the law.

The pairs are those the records alone tell (pairs.Pairing.id_partners: no stored concordance, enough editions of
the same year). Where telling needs the provisions' content (pairing across years, or through the concordance),
both units of that edition take the wider key: the records of the laws it has or is linked to in every edition
that has them, and the stored concordance's links.

The stale units are checked in one run (each edition with the families of its stale units; term hits kept
between builds by text, see hit_memo), each unit's findings stored as `checks/<edition>/<unit>-<key>.json` under
the analyses cache with the parts of its key, so that a rerun says which of them changed; the merged findings,
weighed against the baseline, are stored where the site reads them (site.cache): the checks run once per build.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..records import Corpus
from ..site.cache import load, store
from . import hit_memo
from .fingerprint import Hasher, combine

FOLDER = "checks"
PARTS = ("own", "across")


@dataclass
class UnitRun:
    """What the driver did: every unit's key, the units it checked (and why) and the merged findings."""

    keys: dict[str, str]  # "<edition> <part>" -> key
    checked: list[str] = field(default_factory=list)  # the units checked again
    why: dict[str, str] = field(default_factory=dict)  # unit -> what of its inputs changed
    findings: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    parts: dict[str, dict[str, str]] = field(default_factory=dict)  # unit -> the parts of its key

    @property
    def editions(self) -> list[str]:
        """The editions with a unit checked again, in corpus order."""
        return list(dict.fromkeys(unit.rsplit(" ", 1)[0] for unit in self.checked))


def unit_name(edition: str, part: str) -> str:
    return f"{edition} {part}"


def _edition_infos(corpus: Corpus) -> str:
    """One hash of what every edition's edition.json says, less its source's content hash (an edited source
    changes that edition's records, which its own unit hashes; the other units read only its information)."""
    infos = {}
    for edition, info in corpus.edition_info.items():
        source = {k: v for k, v in (info.get("source") or {}).items() if k != "sha256"}
        infos[edition] = {**{k: v for k, v in info.items() if k != "source"}, "source": source}
    return combine({"infos": json.dumps(infos, sort_keys=True, default=str)})


def unit_keys(corpus: Corpus, hasher: Hasher, shared: dict[str, str]) -> dict[str, str]:
    """"<edition> <part>" -> the key of that unit's findings (see the module docstring); shared: termbase, code."""
    return unit_parts(corpus, hasher, shared)[0]


def unit_parts(corpus: Corpus, hasher: Hasher, shared: dict[str, str]) -> tuple[dict[str, str], dict[str, dict]]:
    """(unit -> key, unit -> the named parts its key combines)."""
    from ..check.model import CheckContext
    from ..check.pairs import Pairing
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
    record_hash: dict[tuple[str, str], str] = {}

    def records_of(law: str, editions) -> str:
        parts = []
        for edition in sorted(editions):
            if (edition, law) not in record_hash:
                record_hash[edition, law] = hasher.file(root / edition / f"{law}.json")
            parts.append(f"{edition}\0{record_hash[edition, law]}")
        return combine({"records": "\n".join(parts)})

    id_hash: dict[str, str] = {}  # law -> its provision ids, those with text and partial flag in every edition

    def ids_of(law: str) -> str:
        if law not in id_hash:
            seen = {}
            for edition in having.get(law, []):
                article = corpus.article(edition, law)
                if article is not None:
                    texty = ",".join(n.id for n in article.walk() if n.text or n.title)
                    seen[edition] = f"{article.partial}:{','.join(article.node_ids())}:{texty}"
            id_hash[law] = combine(seen)
        return id_hash[law]

    pairing = Pairing(CheckContext(corpus, corpus.editions()))  # asked only what the records tell (no features)
    keys, parts = {}, {}
    linked = linked_laws(concordance)  # one pass over the links, not one per edition
    for edition in corpus.editions():
        own_records = hasher.files(sorted((root / edition).glob("*.json")), root)
        source = hasher.file(corpus.manifest.get(edition).source) if edition in corpus.manifest.ids() else ""
        texts, cited = laws_read(corpus, edition, concordance, linked)
        own = {**shared, "edition": edition, "own records": own_records, "source": source, "infos": infos,
               "ids": json.dumps({law: ids_of(law) for law in sorted(texts | cited)})}
        partners = None if concordance is not None else _partners(corpus, pairing, edition)
        if partners is None:  # pairing needs content: every edition's records of the laws it reads
            wide = {**own, "compared records": json.dumps({law: records_of(law, having.get(law, []))
                                                           for law in sorted(texts)})}
            chosen = {"own": wide, "across": wide}
        else:
            by_law, statistics = partners
            across = {**own, "compared records": json.dumps({law: records_of(law, editions)
                                                             for law, editions in sorted(by_law.items())}),
                      "statistics": json.dumps({other: pairing.statistics(edition, other)
                                                for other in sorted(statistics)})}
            chosen = {"own": own, "across": across}
        for part, named in chosen.items():
            unit = unit_name(edition, part)
            keys[unit], parts[unit] = combine({**named, "part": part}), named
    return keys, parts


def _partners(corpus: Corpus, pairing, edition: str) -> tuple[dict[str, set[str]], set[str]] | None:
    """(law -> the other editions whose records of it the checks of `edition` compare with, the editions its
    provisions are paired with), from the records alone; None when some pairing needs the provisions' content."""
    by_law: dict[str, set[str]] = {}
    paired: set[str] = set()
    for article in corpus.articles(edition).values():
        for node in article.walk():
            pairs = pairing.id_partners(edition, node.id)
            if pairs is None:
                return None
            for pair in pairs:
                seconds = pairing.id_partners(pair.edition, pair.node)  # a counterpart's own counterparts
                if seconds is None:
                    return None
                paired.add(pair.edition)
                found = by_law.setdefault(article.law, set())
                found.add(pair.edition)
                found.update(second.edition for second in seconds if second.edition != edition)
    return by_law, paired


def run_units(corpus: Corpus, directory: Path | None, keys: dict[str, str], force: bool = False,
              progress: Callable[[int], None] | None = None, stamp: str = "",
              parts: dict[str, dict] | None = None) -> UnitRun:
    """Every unit's findings: reused where stored under its key, the others checked in one run and stored;
    merged, located and weighed against corpus/check-baseline.yaml (the site's JSON shape, with "accepted").
    stamp: the fingerprint of the termbase and check code, under which the term hits are kept (hit_memo);
    parts: the named parts of each key (stored beside the findings, to say next time what changed)."""
    check = importlib.import_module("lawtools.check")  # looked up at call time (tests count the calls)
    from ..check import FAMILIES
    from ..check.baseline import load_baseline, split
    from ..check.model import Finding
    from ..check.scope import WITHIN_EDITION

    run = UnitRun(keys, parts=parts or {})
    units: dict[str, dict] = {}
    for unit, key in keys.items():
        edition, part = unit.rsplit(" ", 1)
        found = None if force or directory is None else load(directory / FOLDER / edition, key, part)
        if isinstance(found, dict) and isinstance(found.get("findings"), list):
            units[unit] = found
    run.checked = [unit for unit in keys if unit not in units]
    family_sets = {"own": tuple(f for f in FAMILIES if f in WITHIN_EDITION),
                   "across": tuple(f for f in FAMILIES if f not in WITHIN_EDITION)}
    if run.checked:
        run.why = {unit: _why(directory, unit, run.parts.get(unit)) for unit in run.checked}
        families_of: dict[str, tuple[str, ...]] = {}
        for unit in run.checked:
            edition, part = unit.rsplit(" ", 1)
            wanted = set(families_of.get(edition, ())) | set(family_sets[part])
            families_of[edition] = tuple(f for f in FAMILIES if f in wanted)
        memos = directory / FOLDER if directory is not None and stamp else None
        memo = {} if force else hit_memo.load(memos, stamp)
        known = sum(len(texts) for texts in memo.values())
        found_by: dict = {}
        findings, notes = check.run_checks_with_notes(corpus, list(families_of), memo=memo, families_of=families_of,
                                                      found_by=found_by)
        added = sum(len(texts) for texts in memo.values()) - known
        if memos is not None and added:  # texts the corpus no longer has are dropped once the new ones add up
            hit_memo.save(memos, stamp, memo, hit_memo.corpus_texts(corpus) if added * 10 >= known else None)
        by_unit: dict[str, dict] = {u: {"findings": [], "notes": [], "inputs": run.parts.get(u, {})}
                                    for u in run.checked}
        for finding in findings:
            part = "own" if found_by.get(finding) in family_sets["own"] else "across"
            by_unit[unit_name(finding.edition, part)]["findings"].append(finding.to_dict())
        for note in notes:  # a note on an edition compared with, not checked, is that edition's units' to make
            edition = note.split(":", 1)[0]
            for part in PARTS:
                if unit_name(edition, part) in by_unit:
                    by_unit[unit_name(edition, part)]["notes"].append(note)
        for unit, value in by_unit.items():
            units[unit] = value
            if directory is not None:
                edition, part = unit.rsplit(" ", 1)
                try:
                    store(directory / FOLDER / edition, keys[unit], part, value)
                except OSError:  # a read-only or full disk costs the memo, not the build
                    pass
        if progress:
            progress(len(run.checked))
    merged = sorted(dict.fromkeys(Finding(**entry) for unit in keys for entry in units[unit]["findings"]),
                    key=Finding.sort_key)
    accepted = load_baseline(corpus.manifest.corpus_dir / "check-baseline.yaml")
    reasons = {finding: entry.reason for finding, entry in split(merged, accepted)[1]}
    run.findings = [{**finding.to_dict(), "accepted": reasons.get(finding, "")} for finding in merged]
    run.notes = list(dict.fromkeys(note for unit in keys for note in units[unit]["notes"]))
    return run


def _why(directory: Path | None, unit: str, parts: dict | None) -> str:
    """What of a unit's inputs changed since its findings were last stored (from the parts stored beside them)."""
    edition, part = unit.rsplit(" ", 1)
    before = None
    if directory is not None and parts is not None:
        for path in sorted((directory / FOLDER / edition).glob(f"{part}-*.json")):
            value = load(path.parent, path.stem.removeprefix(f"{part}-"), part)
            if isinstance(value, dict) and isinstance(value.get("inputs"), dict):
                before = value["inputs"]
    if before is None:
        return "not checked before"
    changed = []
    for name, value in parts.items():
        if before.get(name) == value:
            continue
        try:
            old, new = json.loads(before.get(name) or "{}"), json.loads(value)
        except ValueError:
            old, new = None, None
        if isinstance(old, dict) and isinstance(new, dict):  # laws or editions: name the ones that changed
            which = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
            changed.append(f"{name} of {', '.join(which[:3])}{' and more' if len(which) > 3 else ''}")
        else:
            changed.append(name)
    return ", ".join(changed) + " changed" if changed else "its findings were not stored"


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
        elif path.is_dir():  # an edition's findings as one unit, as builds before the two parts kept them
            for old in path.glob("findings-*.json"):
                old.unlink(missing_ok=True)
