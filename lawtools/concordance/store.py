"""Keeping the concordance in `corpus/concordance/`: recompute, hand overrides, and the currency check.

One file per edition pair (`<from>_<to>.yaml`, one link per line, stable order) and `overrides.yaml`,
where a person confirms a computed link, sets its relation, adds a link the computation missed or
removes one (`relation: none`). Overrides are applied after every recomputation, so they survive it;
an override naming a provision the records lack stops the update with an error naming the entry.

Each pair file stores a fingerprint of what it was computed from: both editions' records, the
override file, the concordance code and model data, and the evidence mode. `check` recomputes only
the fingerprints (hashing files; no encoder), so it is cheap enough for CI.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..errors import WriteError
from ..fsutil import atomic_write_text, describe_os_error, switch_files
from ..records import Corpus
from ..yamlio import read_checked
from .links import (
    RELATIONS,
    ConcordanceError,
    Link,
    PairFile,
    StaleConcordance,
    concordance_dir,
    dump_pair,
    pair_path,
    read_pair,
)

OVERRIDES = "overrides.yaml"
_OVERRIDE_HEADER = """\
# Hand overrides of the computed concordance; applied after every `lawtools concordance --update`.
# Each entry names an edition pair and a link:
#   pair       [from edition, to edition], as the pair file is named (earlier Laws year first)
#   from, to   node ids ('-' or null for no counterpart)
#   relation   same, changed, renumbered, split, merged, new, removed: confirm or set this link;
#              none: this is not a link (the computation was wrong)
#   reason     why, for the next reader
overrides: []
"""


@dataclass(frozen=True)
class Override:
    """One hand decision about a link."""

    pair: tuple[str, str]
    from_node: str | None
    to_node: str | None
    relation: str
    reason: str
    where: str  # file:entry for messages


def edition_pairs(corpus: Corpus, editions: list[str] | None = None) -> list[tuple[str, str]]:
    """The edition pairs the concordance computes (plan.py: against references, linear in editions; every
    pair that shares a law with `pairs.rule: all`), earlier Laws year first (then manifest order).
    With `editions`, only the computed pairs among them."""
    from .plan import make_plan

    pairs = make_plan(corpus).computed
    return [p for p in pairs if set(p) <= set(editions)] if editions else pairs


def sharing_pairs(corpus: Corpus) -> list[tuple[str, str]]:
    """Every pair of editions that share a law (computed or composed), oriented as stored."""
    from .plan import make_plan

    return make_plan(corpus).sharing()


def pivots(pair: tuple[str, str], pairs: list[tuple[str, str]], years: dict[str, int]) -> list[str]:
    """The editions through which a pair's links are composed (joint.py): paired with both, of a Laws year
    strictly between theirs (1997 -> 2007 -> 2017)."""
    a, c = pair
    low, high = sorted((years[a], years[c]))
    have = {frozenset(p) for p in pairs}
    return [b for b in years if b not in pair and low < years[b] < high
            and frozenset((a, b)) in have and frozenset((b, c)) in have]


# Modules and data outside the package whose output the features read: the termbase's concepts as found in a text
# (termbase.py, terms_match.py, the inflection data) and the numbers a text states (numbers.py, numbers.yaml).
_FEATURE_CODE = ("termbase.py", "terms_match.py", "numbers.py")
_FEATURE_DATA = ("concordance.yaml", "inflection.yaml", "numbers.yaml")


def code_version() -> str:
    """A hash of the concordance code, the code its features read through and its model data: changing any of
    them makes the stored data stale."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for path in sorted(package.glob("*.py")):
        if path.name in {"tune.py", "evaluate.py", "compose.py", "views.py", "render.py"}:
            continue  # tools around the computation, or reading what it stored: not part of it
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    for name in _FEATURE_CODE:
        digest.update(name.encode() + b"\0" + (package.parent / name).read_bytes())
    for name in _FEATURE_DATA:
        digest.update(resources.files("lawtools.data").joinpath(name).read_bytes())
    return digest.hexdigest()[:16]


def records_hash(corpus: Corpus, edition: str) -> str:
    """A hash of one edition's record files."""
    digest = hashlib.sha256()
    directory = corpus.root / edition
    for path in sorted(directory.glob("*.json")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def fingerprint(corpus: Corpus, a: str, b: str, mode: str, overrides: list[Override], version: str) -> str:
    """What a pair's stored links depend on, as one short hash."""
    digest = hashlib.sha256()
    for part in (records_hash(corpus, a), records_hash(corpus, b), mode, version):
        digest.update(part.encode() + b"\0")
    from ..corpus_terms import PROJECT_TERMBASE

    terms = corpus.manifest.corpus_dir / "terms.yaml"  # the concepts feature reads the termbase (termbase_for)
    terms = terms if terms.exists() else PROJECT_TERMBASE
    digest.update(hashlib.sha256(terms.read_bytes()).hexdigest().encode() if terms.is_file() else b"no termbase")
    for pivot in _pivot_editions(corpus, a, b):  # a joint alignment also reads the editions between them
        digest.update(records_hash(corpus, pivot).encode() + b"\0")
    for o in overrides:
        if set(o.pair) == {a, b}:
            digest.update(repr((o.pair, o.from_node, o.to_node, o.relation)).encode() + b"\0")
    return digest.hexdigest()[:20]


def _pivot_editions(corpus: Corpus, a: str, b: str) -> list[str]:
    """The editions a pair's joint alignment composes through (none while its weight is 0)."""
    from ..yamlio import package_data

    if not any(mode.get("joint") for mode in package_data("concordance.yaml")["modes"].values()):
        return []
    years = {e: corpus.year(e) for e in corpus.editions()}
    return pivots((a, b), edition_pairs(corpus), years)


def read_overrides(corpus_dir: Path) -> list[Override]:
    """The hand overrides (none when the file does not exist)."""
    path = concordance_dir(corpus_dir) / OVERRIDES
    if not path.exists():
        return []
    from ..filespecs import OVERRIDES as SHAPE

    data = read_checked(path, SHAPE, ConcordanceError, "fix the override by hand (the format is described at "
                        "the file's top)") or {}
    entries = data.get("overrides") or [] if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ConcordanceError(f"{path}: expected a mapping with a list 'overrides'")
    found = []
    for number, entry in enumerate(entries, 1):
        where = f"{path}: override {number}"
        try:
            pair = tuple(entry["pair"])
            relation = str(entry["relation"])
            a, b = (None if entry.get(k) in (None, "-") else str(entry[k]) for k in ("from", "to"))
        except (KeyError, TypeError):
            raise ConcordanceError(f"{where}: needs pair, from, to and relation") from None
        if len(pair) != 2 or relation not in (*RELATIONS, "none") or (a is None and b is None):
            raise ConcordanceError(f"{where}: pair must name two editions, from/to a provision, relation one of "
                                   f"{', '.join(RELATIONS)}, none")
        found.append(Override((str(pair[0]), str(pair[1])), a, b, relation, str(entry.get("reason", "")), where))
    return found


def apply_overrides(links: list[Link], a: str, b: str, overrides: list[Override],
                    ids_a: set[str], ids_b: set[str]) -> list[Link]:
    """The computed links with this pair's overrides applied (leftovers re-marked new or removed)."""
    mine = [o for o in overrides if o.pair == (a, b)]
    for o in overrides:
        if set(o.pair) == {a, b} and o.pair != (a, b):
            raise ConcordanceError(f"{o.where}: the pair is stored as [{a}, {b}] (earlier Laws year first)")
    if not mine:
        return links
    by_pair = {(k.from_node, k.to_node): k for k in links}
    for o in mine:
        for node, ids, edition in ((o.from_node, ids_a, a), (o.to_node, ids_b, b)):
            if node is not None and node not in ids:
                raise ConcordanceError(f"{o.where}: {edition} has no provision {node}")
        key = (o.from_node, o.to_node)
        if o.relation == "none":
            by_pair.pop(key, None)
            continue
        old = by_pair.get(key)
        evidence = (f"override: {o.reason}" if o.reason else "override", *(old.evidence if old else ()))
        by_pair[key] = Link(a, o.from_node, b, o.to_node, o.relation, old.score if old else 1.0, evidence, True)
        if o.from_node and o.to_node:  # a provision with a counterpart is no longer new or removed
            by_pair.pop((o.from_node, None), None)
            by_pair.pop((None, o.to_node), None)
    result = list(by_pair.values())
    linked_a = {k.from_node for k in result if k.from_node}
    linked_b = {k.to_node for k in result if k.to_node}
    for k in links:  # a provision an override unlinked from everything has no counterpart
        if k.from_node and k.from_node not in linked_a:
            result.append(Link(a, k.from_node, b, None, "removed", 1.0, ("override left no counterpart",)))
            linked_a.add(k.from_node)
        if k.to_node and k.to_node not in linked_b:
            result.append(Link(a, None, b, k.to_node, "new", 1.0, ("override left no counterpart",)))
            linked_b.add(k.to_node)
    return result


def ensure_override_file(corpus_dir: Path) -> None:
    """Create an empty, commented overrides.yaml so people know where to write."""
    path = concordance_dir(corpus_dir) / OVERRIDES
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, _OVERRIDE_HEADER)  # a kill mid-write leaves no truncated file to keep


@dataclass
class UpdateReport:
    """What an update did: pairs written or kept, texts encoded."""

    written: list[str]
    kept: list[str]
    removed: list[str]
    encoded: int
    mode: str


def update(corpus: Corpus, mode: str = "encoder", force: bool = False, cache_path: Path | None = None,
           params=None) -> UpdateReport:
    """Recompute the pairs whose fingerprint changed and write them; remove files of pairs that no longer exist."""
    from .compute import Computer

    corpus_dir = corpus.manifest.corpus_dir
    ensure_override_file(corpus_dir)
    overrides = read_overrides(corpus_dir)
    version = code_version()
    computer: Computer | None = None
    written, kept = [], []
    from .plan import PLAN, make_plan

    plan = make_plan(corpus)
    _overrides_on_computed(overrides, plan)
    wanted = {PLAN}
    changes: dict[str, str | None] = {}  # file name -> new text (None: removed), switched in as one tree
    for a, b in plan.computed:
        path = pair_path(corpus_dir, a, b)
        wanted.add(path.name)
        fp = fingerprint(corpus, a, b, mode, overrides, version)
        if not force and path.exists() and _stored_fingerprint(path) == fp:
            kept.append(path.name)
            continue
        if computer is None:
            computer = Computer(corpus, mode, cache_path=cache_path, params=params)
        links = computer.all_links([(a, b)])[(a, b)]
        ids_a = {i for art in corpus.articles(a).values() for i in [art.law, *art.node_ids()]}
        ids_b = {i for art in corpus.articles(b).values() for i in [art.law, *art.node_ids()]}
        links = apply_overrides(links, a, b, overrides, ids_a, ids_b)
        if _changed(path, text := dump_pair(PairFile(a, b, fp, mode, links))):
            changes[path.name] = text
        written.append(path.name)
    directory = concordance_dir(corpus_dir)
    if _changed(directory / PLAN, text := plan.to_text()):
        changes[PLAN] = text
    removed = []
    for path in sorted(directory.glob("*_*.yaml")):
        if path.name not in wanted:
            changes[path.name] = None
            removed.append(path.name)
    try:  # every pair file and the plan old, or every one new: a kill or a full disk never leaves a mix
        switch_files(directory, changes)
    except OSError as error:
        raise WriteError(describe_os_error(directory, error, "cannot write the concordance")
                         + "; the stored concordance is unchanged") from None
    if computer is not None:
        computer.save()
    encoded = computer.cache.encoded if computer is not None and computer.cache is not None else 0
    return UpdateReport(written, kept, removed, encoded, mode)


def check(corpus: Corpus) -> list[str]:
    """The pair files that are missing or stale (empty when the stored concordance is current)."""
    corpus_dir = corpus.manifest.corpus_dir
    overrides = read_overrides(corpus_dir)
    version = code_version()
    problems = []
    from .plan import PLAN, make_plan

    plan = make_plan(corpus)
    _overrides_on_computed(overrides, plan)
    plan_path = concordance_dir(corpus_dir) / PLAN
    if not plan_path.exists():
        problems.append(f"{PLAN}: missing")
    elif plan_path.read_text(encoding="utf-8") != plan.to_text():
        problems.append(f"{PLAN}: stale (the editions, their laws or the pair rule changed)")
    wanted = set()
    for a, b in plan.computed:
        path = pair_path(corpus_dir, a, b)
        wanted.add(path.name)
        if not path.exists():
            problems.append(f"{path.name}: missing")
            continue
        stored = read_pair(path)
        if stored.fingerprint != fingerprint(corpus, a, b, stored.mode, overrides, version):
            problems.append(f"{path.name}: stale (records, overrides or concordance code changed)")
    for path in sorted(concordance_dir(corpus_dir).glob("*_*.yaml")):
        if path.name not in wanted:
            problems.append(f"{path.name}: no longer an edition pair")
    return problems


def require_current(corpus: Corpus) -> None:
    """StaleConcordance listing what is out of date, unless the stored concordance is current."""
    problems = check(corpus)
    if problems:
        raise StaleConcordance("the stored concordance is not current: " + "; ".join(problems)
                               + "; run `lawtools concordance --update`")


def build_stage(corpus: Corpus, force: bool = False) -> str:
    """The concordance stage of `lawtools build`: recompute the pairs that are stale (all with force), say what.

    Uses the encoder (the `concordance` extra); EncoderMissing says what to install when a pair needs it.
    """
    if not force and not check(corpus):
        return f"{len(edition_pairs(corpus))} computed edition pair(s) current"
    report = update(corpus, "encoder", force=force)
    return (f"{len(report.written)} pair(s) recomputed, {len(report.kept)} current, {len(report.removed)} removed; "
            f"{report.encoded} text(s) encoded")


def _overrides_on_computed(overrides: list[Override], plan) -> None:
    """ConcordanceError for an override of a pair that is composed, not computed (it would have no effect)."""
    computed = {frozenset(p) for p in plan.computed}
    for o in overrides:
        if frozenset(o.pair) not in computed and o.pair[0] != o.pair[1]:
            raise ConcordanceError(f"{o.where}: the pair [{o.pair[0]}, {o.pair[1]}] is not computed but composed "
                                   "through others (corpus/concordance/plan.yaml): override the computed pairs "
                                   "it goes through")


def _stored_fingerprint(path: Path) -> str | None:
    try:
        return read_pair(path).fingerprint
    except ConcordanceError:
        return None


def _changed(path: Path, text: str) -> bool:
    """False when the stored file already holds exactly this text (it is then not rewritten)."""
    try:
        return path.read_text(encoding="utf-8") != text
    except (OSError, UnicodeDecodeError):
        return True


__all__ = ["Override", "UpdateReport", "apply_overrides", "build_stage", "check", "fingerprint", "read_overrides",
           "require_current", "update"]
