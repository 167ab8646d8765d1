"""The checks stage's units: each edition's findings, in two parts, memoised under keys of exactly what they read.

What an edition's checks read is declared by `lawtools.check.scope`. Each edition has two units:

- `own`: the families that read the edition's own records and, of the others, which provisions they have and
  what its counterparts cite (scope.WITHIN_EDITION: structure, references, orthography, footnotes; a citation a
  counterpart makes too is confirmed). Key: its records and source, every edition's edition information, the
  provision ids (with or without text, partial flags) of every edition of the laws it has or cites, and the
  records of the laws it has in exactly the editions its provisions are paired with (and theirs with, as a
  counterpart's own counterparts are consulted).
- `across`: the other families (terminology, counterparts), which compare its provisions with their counterparts.
  Key: the own key and the *values* of the pair statistics it reads (check.pairs: the usual length ratio and
  spread of each edition it is paired with, learned from both editions' every provision). A changed record that
  moves no statistic so reruns only the units that compare that law with it, not every unit of every edition
  that shares the law; a statistic that moves reruns only the `across` units that weigh it.

The pairs are those the records alone tell (pairs.Pairing.id_partners: no stored concordance, enough editions of
the same year). Where telling needs the provisions' content (pairing across years, or through the concordance),
what the pairing reads is known only once it has run: the check run says, per edition, which records of which
other editions it read (by law), which concordance links (edition pair and law) and which usual length ratios
(Pairing.reads). That is stored beside each unit's findings, and the next key of both units is the own key and
the present content of exactly those: the hash of each record named, of the links of each pair and law named
(stored or composed), and the value of each ratio. While all of it is unchanged the checks ask the same and find
the same; when one changes the unit is checked again and records its reads anew. A unit never checked has none
recorded and is checked. So a changed record reruns the units that read it (at most `max_counterparts`
counterparts per provision, and theirs), not every unit of every edition that shares the law, and no key
composes every pair of editions.

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
from typing import TYPE_CHECKING

from ..records import Corpus
from ..site.cache import load, store
from . import hit_memo
from .fingerprint import Hasher, combine

if TYPE_CHECKING:
    from ..check.pairs import Pairing

FOLDER = "checks"
PARTS = ("own", "across")
# The stale editions are checked in runs of this many (corpus order, so an edition's clones and translations of
# one year mostly share a run): each run's caches (features, term hits by place, pairs, word profiles) hold its
# editions and what they read, and are dropped before the next, so the stage's memory does not grow with the
# corpus; a run also builds the features of the editions its editions read, so fewer runs cost less time.
# The findings are the same whatever the size (tests/test_pipeline_units.py).
EDITIONS_PER_RUN = 64
READ_PARTS = ("reads", "read records", "read links", "ratios")  # the parts of a key that a check run's reads decide


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


def unit_keys(corpus: Corpus, hasher: Hasher, shared: dict[str, str], directory: Path | None = None) -> dict[str, str]:
    """"<edition> <part>" -> the key of that unit's findings (see the module docstring); shared: termbase, code;
    directory: the analyses cache, where the reads recorded by the last check run of each unit are."""
    return unit_plan(corpus, hasher, shared, directory).keys


@dataclass
class UnitPlan:
    """Every unit's key and its named parts; rekey(unit, reads): the key and parts of a unit whose checks pair by
    content, once its check run has recorded what it read (the findings are stored under that key)."""

    keys: dict[str, str]
    parts: dict[str, dict]
    rekey: Callable[[str, dict], tuple[str, dict]]


def unit_plan(corpus: Corpus, hasher: Hasher, shared: dict[str, str], directory: Path | None = None) -> UnitPlan:
    """The units' keys (see the module docstring); directory: the analyses cache, where each unit's findings are
    stored with what its check run read."""
    from ..check.model import CheckContext
    from ..check.pairs import Pairing
    from ..check.scope import laws_read

    root = corpus.root
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
    reads = _Reads(corpus, directory, hasher, pairing)
    keys, parts = {}, {}
    for edition in corpus.editions():
        own_records = hasher.files(sorted((root / edition).glob("*.json")), root)
        source = hasher.file(corpus.manifest.get(edition).source) if edition in corpus.manifest.ids() else ""
        texts, cited = laws_read(corpus, edition)
        own = {**shared, "edition": edition, "own records": own_records, "source": source,
               "infos": infos, "ids": json.dumps({law: ids_of(law) for law in sorted(texts | cited)})}
        partners = _partners(corpus, pairing, edition)
        if partners is None:  # pairing needs content: the editions and concordance pairs the last run read
            chosen = {part: {**own, **reads.parts(edition, part)} for part in PARTS}
        else:
            by_law, statistics = partners
            # references read the counterparts' citations too (a citation a counterpart makes is confirmed)
            compared = {**own, "compared records": json.dumps({law: records_of(law, editions)
                                                               for law, editions in sorted(by_law.items())})}
            across = {**compared, "statistics": json.dumps({other: pairing.statistics(edition, other)
                                                            for other in sorted(statistics)})}
            chosen = {"own": compared, "across": across}
        for part, named in chosen.items():
            unit = unit_name(edition, part)
            keys[unit], parts[unit] = combine({**named, "part": part}), named

    def rekey(unit: str, recorded: dict) -> tuple[str, dict]:
        named = {**{k: v for k, v in parts[unit].items() if k not in READ_PARTS}, **reads.of(recorded)}
        return combine({**named, "part": unit.rsplit(" ", 1)[1]}), named

    return UnitPlan(keys, parts, rekey)


class _Reads:
    """The key parts of a unit whose checks pair provisions by content: what its last check run read of the other
    editions (each record by law, the concordance links from one edition's provisions of a law into another, the
    usual length ratios weighed), as stored beside its findings (`run_units`, from check.pairs.Pairing.reads).
    While all of that is unchanged the checks ask the same and find the same; a unit never checked has no reads
    recorded, so its key matches nothing stored."""

    def __init__(self, corpus: Corpus, directory: Path | None, hasher: Hasher, pairing: Pairing):
        self.corpus, self.directory, self.hasher, self.pairing = corpus, directory, hasher, pairing
        self._links: dict[tuple[str, str], dict[str, str]] = {}
        self._records: dict[tuple[str, str], str] = {}  # (edition, law) -> its record's hash, once per build

    def parts(self, edition: str, part: str) -> dict[str, str]:
        """The parts for what the unit's last run recorded (stored beside its findings)."""
        return self.of(_recorded_reads(self.directory, edition, part))

    def of(self, recorded: dict | None) -> dict[str, str]:
        """The parts for recorded reads (Pairing.reads' shape)."""
        editions = set(self.corpus.editions())
        if recorded is None or not {row[0] for rows in recorded.values() for row in rows} | \
                {row[1] for name in ("links", "ratios") for row in recorded[name]} <= editions:
            return {"reads": "none recorded"}
        return {"read records": json.dumps({f"{other} {law}": self.record(other, law)
                                            for other, law in recorded["records"]}, sort_keys=True),
                "read links": json.dumps({f"{a} {b} {law}": self.links_of(a, b).get(law, "")
                                          for a, b, law in recorded["links"]}, sort_keys=True),
                "ratios": json.dumps({f"{a} {b}": self.pairing.length_ratio(a, b)
                                      for a, b in recorded["ratios"]}, sort_keys=True)}

    def record(self, edition: str, law: str) -> str:
        if (edition, law) not in self._records:
            self._records[edition, law] = self.hasher.file(self.corpus.root / edition / f"{law}.json")
        return self._records[edition, law]

    def links_of(self, a: str, b: str) -> dict[str, str]:
        """law -> one hash of the stored concordance's links from a's provisions of that law into b (stored or
        composed), seen from a."""
        if (a, b) not in self._links:
            from ..concordance.compose import seen_from
            from ..concordance.links import law_of

            concordance = self.pairing.stored  # the one the check run pairs through
            pair = concordance.pair(a, b, remember=False) if concordance is not None else None  # hashed, let go
            by_node = seen_from(pair, a) if pair is not None else {}
            by_law: dict[str, list] = {}
            for node, links in by_node.items():  # what the pairing reads of them (a score alone may not matter)
                by_law.setdefault(law_of(node), []).append((node, self.pairing.link_facts(a, b, links)))
            self._links[a, b] = {law: combine({"links": json.dumps(sorted(rows))}) for law, rows in by_law.items()}
        return self._links[a, b]


def _recorded_reads(directory: Path | None, edition: str, part: str) -> dict | None:
    """What the last check run of a unit read of other editions (stored with its findings), or None."""
    value = _stored_unit(directory, edition, part)
    reads = value.get("reads") if isinstance(value, dict) else None
    shapes = {"records": 2, "links": 3, "ratios": 2}
    if isinstance(reads, dict) and set(reads) == set(shapes) and all(
            isinstance(reads[name], list) and all(isinstance(row, list) and len(row) == size
                                                  and all(isinstance(x, str) for x in row) for row in reads[name])
            for name, size in shapes.items()):
        return reads
    return None


def _stored_unit(directory: Path | None, edition: str, part: str) -> dict | None:
    """The stored findings of a unit (whatever their key: one is kept per unit), or None."""
    if directory is None:
        return None
    for path in sorted((directory / FOLDER / edition).glob(f"{part}-*.json")):
        value = load(path.parent, path.stem.removeprefix(f"{part}-"), part)
        if isinstance(value, dict):
            return value
    return None


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
              parts: dict[str, dict] | None = None,
              rekey: Callable[[str, dict], tuple[str, dict]] | None = None,
              per_run: int = EDITIONS_PER_RUN) -> UnitRun:
    """Every unit's findings: reused where stored under its key, the others checked in one run and stored;
    merged, located and weighed against corpus/check-baseline.yaml (the site's JSON shape, with "accepted").
    stamp: the fingerprint of the termbase and check code, under which the term hits are kept (hit_memo);
    parts: the named parts of each key (stored beside the findings, to say next time what changed); rekey: for a unit
    keyed by what its checks read (UnitPlan.rekey), its key once this run has recorded that (stored with it);
    per_run: the stale editions are checked this many at a time, in corpus order (see EDITIONS_PER_RUN)."""
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
        reads: dict = {}
        findings, notes = [], []
        stale = [e for e in corpus.editions() if e in families_of]
        for start in range(0, len(stale), per_run):  # a run's caches hold its editions and what they read
            batch = {e: families_of[e] for e in stale[start:start + per_run]}
            found, said = check.run_checks_with_notes(corpus, list(batch), memo=memo, families_of=batch,
                                                      found_by=found_by, reads=reads)
            findings += found
            notes += said
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
            if rekey is not None and any(name in run.parts.get(unit, {}) for name in READ_PARTS):
                value["reads"] = reads.get(unit.rsplit(" ", 1)[0], {"records": [], "links": [], "ratios": []})
                keys[unit], value["inputs"] = rekey(unit, value["reads"])
                run.parts[unit] = value["inputs"]
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
    stored = _stored_unit(directory, edition, part) if parts is not None else None
    before = stored.get("inputs") if stored is not None and isinstance(stored.get("inputs"), dict) else None
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
