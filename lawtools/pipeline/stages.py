"""The stages of `lawtools build`, in data-flow order: sources -> records -> index, concordance, checks, diffs -> site.

Each stage names the fingerprints of what it reads and is skipped when they equal those of its last run and
its output is still there (`--force` runs it anyway). What each reads:

- ingest: per edition, its manifest entry, its source file and the reader code; and its record files on disk
  (a record edited by hand is regenerated). Only changed editions are parsed; a record file is written only
  when its text differs, so a build with nothing changed writes nothing under corpus/.
- index: every record, the termbase and the search code (lawtools.search imported only when it runs).
- concordance: every record and the concordance code; a slot for lawtools.concordance (see `concordance`).
  It runs before the checks, which may pair provisions through it.
- checks: every record, the termbase, corpus/check-baseline.yaml and the check code decide whether the stage
  runs; inside it, each edition's findings are two units (its own families, those across editions) keyed by
  exactly what they read (pipeline.checks), and only stale units are checked. The merged findings are stored in
  the site cache, where the site reads them: the checks run once per build.
- diffs: per law, its records in every edition, the termbase, the diff code and corpus/concordance/ (once it
  exists); only laws whose key changed are compared, each stored in its own cache file.
- site: the records, termbase, baseline, concordance, all lawtools code, site/, mkdocs.yml and the mkdocs
  versions; and the output in the site directory (a site removed or edited by hand is built again). Inside it
  only pages whose Markdown (or what every page shares) changed are rendered (site.incremental).
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..errors import StageFailed
from ..manifest import Manifest
from .fingerprint import Hasher, code, combine
from .progress import Progress

STATE_FILE = "stages.json"
HASH_MEMO = "hashes.json"


@dataclass
class Outcome:
    """What one stage did: ran or skipped, why, how long, and a summary of its result."""

    stage: str
    status: str  # "ran" or "skipped"
    reason: str
    detail: str = ""
    seconds: float = 0.0
    max_rss_mb: float = 0.0

    def line(self) -> str:
        """The stage's one line for people."""
        detail = f": {self.detail}" if self.detail else ""
        return f"==> {self.stage:<12} {self.status:<8} {self.reason}{detail} ({self.seconds:.1f} s)"

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


class Skip(Exception):
    """Raised by a stage that finds nothing to do (the reason is its message)."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(reason)
        self.reason, self.detail = reason, detail


@dataclass
class Build:
    """One run of the main job: the manifest, where derived files go, the saved state and the shared hasher."""

    manifest: Manifest
    config_file: Path
    force: bool = False
    say: Callable[[str], None] = print
    progress: bool = True
    state: dict = field(default_factory=dict)
    reason: str = ""  # why the current stage runs (set by each stage)
    site_index: Path | None = None
    _corpus: object = None
    _hashes: dict = field(default_factory=dict)  # records and code fingerprints, computed once per build

    def __post_init__(self):
        self.project = self.config_file.parent
        self.site_dir, self.cache_dir = _mkdocs_dirs(self.config_file)
        self.state_dir = self.project / "build" / "state"
        self.hasher = Hasher(self.state_dir / HASH_MEMO)
        try:
            loaded = json.loads((self.state_dir / STATE_FILE).read_text(encoding="utf-8"))
            self.state = loaded if isinstance(loaded, dict) else {}
        except (OSError, ValueError):
            self.state = {}

    @property
    def corpus_dir(self) -> Path:
        return self.manifest.corpus_dir

    @property
    def corpus(self):
        """The records, read once and shared by the stages that need them (dropped before the site stage)."""
        if self._corpus is None:
            from ..records import Corpus

            self._corpus = Corpus(self.corpus_dir / "records", self.manifest)
        return self._corpus

    def analyses(self):
        from ..site.cache import Analyses

        return Analyses(self.corpus, self.cache_dir, self.hasher, records=self.records_hash(), code_of=self.code_hash)

    def decide(self, stage: str, inputs: dict[str, str], output_ok: bool = True) -> str:
        """Why the stage must run; Skip when its inputs equal those of its last run and its output is there."""
        previous = (self.state.get(stage) or {}).get("inputs")
        if self.force:
            return "--force"
        if not isinstance(previous, dict):
            return "no earlier build"
        changed = [name for name, value in inputs.items() if previous.get(name) != value]
        if changed:
            return f"{_names(changed)} changed"
        if not output_ok:
            return "its output is missing or was changed"
        raise Skip(f"{_names(list(inputs))} unchanged")

    def remember(self, stage: str, inputs: dict[str, str], **extra) -> None:
        """Keep the inputs a stage ran on (and anything else it wants to compare next time)."""
        self.state[stage] = {"inputs": inputs, **extra}
        self.save()

    def save(self) -> None:
        """Write the stage state and the hash memo (atomically) under build/state."""
        from ..fsutil import atomic_write_text

        self.state_dir.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.state_dir / STATE_FILE, json.dumps(self.state, indent=1, sort_keys=True))
        self.hasher.save()

    def bar(self, label: str, total: int) -> Progress:
        """A progress display for a stage's items."""
        return Progress(label, total, enabled=self.progress)

    def termbase_hash(self) -> str:
        return self.hasher.file(self.corpus_dir / "terms.yaml")

    def records_hash(self) -> str:
        """One hash of every record file (computed once; `records_changed` forgets it)."""
        if "records" not in self._hashes:
            from ..site.cache import record_files

            self._hashes["records"] = self.hasher.files(record_files(self.corpus), self.corpus.root)
        return self._hashes["records"]

    def records_changed(self) -> None:
        """Forget the records' hash and the records read (after ingest wrote)."""
        self._hashes.pop("records", None)
        self._corpus = None

    def code_hash(self, stage: str) -> str:
        """The fingerprint of a stage's code (computed once per build)."""
        if ("code", stage) not in self._hashes:
            self._hashes["code", stage] = code(stage, self.hasher)
        return self._hashes["code", stage]


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _mkdocs_dirs(config_file: Path) -> tuple[Path, Path | None]:
    """(site_dir, cache_dir) as mkdocs.yml sets them (extra.lawtools_cache; see site.hooks.cache_dir)."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)  # !!python/name:... tags: not needed here
    try:
        config = yaml.load(config_file.read_text(encoding="utf-8"), Loader=Loader) or {}  # noqa: S506 (safe)
    except (OSError, yaml.YAMLError):
        config = {}
    base = config_file.parent
    cache = (config.get("extra") or {}).get("lawtools_cache")
    return base / config.get("site_dir", "site"), (base / cache) if cache else None


# ---------------------------------------------------------------------------------------------- the stages

def ingest(build: Build) -> str:
    """Sources -> corpus/records, parsing only editions whose source, entry, reader code or records changed."""
    from ..fsutil import clean_stale

    reader_code = build.code_hash("ingest")
    root = build.corpus_dir / "records"  # ingest.records_dir, without importing the readers before they are needed
    # what a killed ingest left beside the records goes even when nothing is parsed or written: killed after its
    # switch, the records it left are current, and ingest.write (which also cleans) is then never called
    clean_stale(root.parent)
    previous = (build.state.get("ingest") or {}).get("editions") or {}
    inputs, todo, why = {}, [], {}
    for edition in build.manifest.editions:
        entry = dataclasses.asdict(edition)
        entry.pop("origin", None)  # where the entry stands in editions.yaml (for messages), not what it says
        entry["source"] = os.path.relpath(edition.source, build.corpus_dir)  # the project may move
        entry = json.dumps(entry, default=str, sort_keys=True)
        inputs[edition.id] = combine({"entry": entry, "source": build.hasher.file(edition.source), "code": reader_code})
        records = build.hasher.tree(root / edition.id, "*.json")
        before = previous.get(edition.id)
        if build.force:
            why[edition.id] = "--force"
        elif not isinstance(before, list) or len(before) != 2:
            why[edition.id] = "no earlier build"
        elif before[0] != inputs[edition.id]:
            why[edition.id] = "source, manifest entry or reader code changed"
        elif before[1] != records:
            why[edition.id] = "records changed on disk"
        else:
            continue
        todo.append(edition)
    total = len(build.manifest.editions)
    if not todo:
        raise Skip(f"sources, manifest entries, reader code and records of {total} edition(s) unchanged")
    from ..ingest import build_edition, stale, write

    results = []
    with build.bar("ingest: editions parsed", len(todo)) as bar:
        for edition in todo:
            results.append(build_edition(edition))
            bar.advance()
    changed = stale(build.manifest, results)
    touched = {path.split("/")[1] for path in changed}
    if changed:  # write only the editions whose records differ (all parsed ones when only a stamp is off)
        write(build.manifest, [r for r in results if r.edition.id in touched] or results)
    editions = dict(previous)
    for edition in todo:
        editions[edition.id] = [inputs[edition.id], build.hasher.tree(root / edition.id, "*.json")]
    build.remember("ingest", {}, editions={e: editions[e] for e in build.manifest.ids() if e in editions})
    laws = sum(r.stats.laws for r in results)
    reasons = sorted(set(why[e.id] for e in todo))
    named = ", ".join(e.id for e in todo[:3]) + (f" and {len(todo) - 3} more" if len(todo) > 3 else "")
    build.reason = "--force" if build.force else f"{'; '.join(reasons)} ({named})"
    return (f"{len(todo)} of {total} edition(s) parsed ({laws} laws, every word kept); "
            f"{len(changed)} record file(s) changed")


def index(build: Build) -> str:
    """corpus/records -> build/index (the search index): updated document by document when only records changed
    (search/incremental.py), rebuilt in full when the termbase, settings or search code changed (the line says
    which, and why a full rebuild when an update was not possible)."""
    # where lawtools.search.index.default_index_dir puts it; not imported here, so a skipped stage loads no whoosh
    index_dir = Path(os.environ.get("LAWTOOLS_INDEX_DIR") or build.corpus_dir.parent / "build" / "index")
    inputs = {"records": build.records_hash(), "termbase": build.termbase_hash(),
              "search code": build.code_hash("index"), "search settings": _search_settings()}
    build.reason = build.decide("index", inputs, (index_dir / "meta.json").exists())
    from ..search.index import open_index

    previous = ((build.state.get("index") or {}).get("inputs") or {}).get("search code")
    # a first build (no stage state) lets the index's own freshness check say why it builds ("no index yet")
    forced = "--force" if build.force else "search code changed" if previous not in (None, inputs["search code"]) \
        else None
    rebuild = "force" if forced else "auto"
    opened, info = open_index(build.corpus, index_dir, build.corpus_dir / "terms.yaml", rebuild=rebuild)
    opened.close()
    build.remember("index", inputs)
    if info is None:
        return "index already current (content unchanged)"
    if info.incremental:  # "incremental: N of M documents re-indexed[, K removed]"
        return info.reason
    return f"{info.documents} provisions indexed (full rebuild: {forced or info.reason})"


def _search_settings() -> str:
    """The environment's say in the index (engine, passage vectors), read without importing the search engine:
    LAWTOOLS_SEMANTIC=never must rebuild it without vectors even when no record changed."""
    from ..environment import search_backend
    from ..search.vectors import semantic_setting

    return f"{search_backend()}; vectors {semantic_setting()}"


def checks(build: Build) -> str:
    """Consistency findings, one unit per edition (pipeline.checks): only the editions whose inputs changed are
    checked again; the merged findings are stored in the site cache, where the site stage reads them."""
    from ..site import sources
    from ..site.cache import store
    from . import checks as units
    from . import hit_memo

    if not sources.available("lawtools.check"):
        raise Skip("lawtools.check not present")
    analyses = build.analyses()
    if analyses.directory is None:
        raise Skip("mkdocs.yml sets no extra.lawtools_cache: the site computes the checks itself")
    inputs = analyses.findings_inputs()
    cached = analyses.findings_cached()
    try:
        build.reason = build.decide("checks", inputs, cached)
    except Skip as skip:
        skip.detail = _findings_summary(analyses.findings())
        raise
    if cached and not build.force:
        build.reason += " (findings for these inputs already stored)"
        build.remember("checks", inputs, checked=[])
        return _findings_summary(analyses.findings())
    shared = {"termbase": build.termbase_hash(), "code": build.code_hash("checks")}
    plan = units.unit_plan(build.corpus, build.hasher, shared, analyses.directory)
    keys = plan.keys
    run = units.run_units(build.corpus, analyses.directory, keys, force=build.force, stamp=hit_memo.stamp_of(shared),
                          parts=plan.parts, rekey=plan.rekey)
    store(analyses.directory, analyses.findings_key(), "findings", run.findings)
    editions = build.corpus.editions()
    units.prune(analyses.directory, editions)
    build.remember("checks", inputs, checked=run.editions, units=run.checked)
    return (f"{len(run.checked)} of {len(keys)} unit(s) of {len(editions)} edition(s) checked"
            + (f" ({_why_units(run.why)})" if set(run.why.values()) - {"not checked before"} and not build.force
               else "")
            + (f", {len(keys) - len(run.checked)} reused" if len(run.checked) < len(keys) else "")
            + f"; {_findings_summary(run.findings)}")


def _why_units(why: dict[str, str]) -> str:
    """The units checked again, grouped by what changed: "sv-2007 own, sv-2007 across: own records changed"."""
    groups: dict[str, list[str]] = {}
    for unit, reason in why.items():
        groups.setdefault(reason, []).append(unit)
    said = []
    for reason, names in groups.items():
        shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        said.append(f"{shown}: {reason}")
    return "; ".join(said)


def _findings_summary(findings: list[dict] | None) -> str:
    if findings is None:
        return "lawtools.check not present"
    severities = {}
    for finding in findings:
        severities[finding["severity"]] = severities.get(finding["severity"], 0) + 1
    counts = ", ".join(f"{n} {s}" for s, n in sorted(severities.items(), key=lambda item: -item[1])) or "none"
    accepted = sum(1 for f in findings if f.get("accepted"))
    return f"{len(findings)} finding(s): {counts}; {len(findings) - accepted} new, {accepted} accepted"


def concordance(build: Build) -> str:
    """The slot for the concordance (and embeddings): lawtools.concordance's `build_stage(corpus, force)`.

    Keyed by every record and the concordance code. The module decides per provision what to recompute (and
    imports an encoder only then); it returns the stage's summary line.
    """
    spec = importlib.util.find_spec("lawtools.concordance")
    package = Path(__file__).resolve().parents[1]
    if spec is None or spec.origin is None or not Path(spec.origin).resolve().is_relative_to(package):
        raise Skip("lawtools.concordance not present")  # (one found outside this checkout is not ours)
    try:
        module = importlib.import_module("lawtools.concordance")
    except ImportError as error:
        raise StageFailed(f"lawtools.concordance cannot be imported: {error}") from None
    stage = getattr(module, "build_stage", None)
    if stage is None:
        raise Skip("lawtools.concordance has no build_stage(corpus, force) yet")
    inputs = {"records": build.records_hash(), "concordance code": build.code_hash("concordance")}
    build.reason = build.decide("concordance", inputs)
    detail = stage(build.corpus, force=build.force)
    build.remember("concordance", inputs)
    return str(detail or "")


def diffs(build: Build) -> str:
    """Each law compared across editions, only the laws whose records (or the termbase, or diff code) changed."""
    from ..site import sources

    if not sources.available("lawtools.diff"):
        raise Skip("lawtools.diff not present")
    analyses = build.analyses()
    if analyses.directory is None:
        raise Skip("mkdocs.yml sets no extra.lawtools_cache: the site computes the diffs itself")
    keys = analyses.diff_keys()
    todo = list(keys) if build.force else analyses.missing_diffs()
    if not todo:
        raise Skip(f"records, termbase and diff code of {len(keys)} law(s) unchanged")
    if build.force:
        build.reason = "--force"
    elif "diffs" not in build.state:
        build.reason = "no earlier build"
    else:
        build.reason = (f"law {_names(todo)} changed" if len(todo) <= 5 else f"{len(todo)} of {len(keys)} laws changed")
    termbase = sources.termbase(build.corpus)
    with build.bar("diffs: laws compared", len(todo)) as bar:
        computed = analyses.refresh_diffs(termbase, todo, progress=bar.advance)
    build.remember("diffs", {"keys": combine(keys)})
    reused = f", {len(keys) - computed} reused" if computed < len(keys) else ""
    return f"{computed} law(s) compared{reused}"


def site(build: Build) -> str:
    """corpus/records and the analyses -> the site (mkdocs), built when anything it shows or is made of changed."""
    from importlib.metadata import PackageNotFoundError, version

    def installed(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return ""

    inputs = {"records": build.records_hash(), "termbase": build.termbase_hash(),
              "baseline": build.hasher.file(build.corpus_dir / "check-baseline.yaml"),
              "code": build.code_hash("site"), "site pages": build.hasher.tree(build.project / "site"),
              "mkdocs.yml": build.hasher.file(build.config_file),
              "concordance": build.hasher.tree(build.corpus_dir / "concordance"),
              "mkdocs": f"{installed('mkdocs')} {installed('mkdocs-material')}"}
    previous_output = (build.state.get("site") or {}).get("output")
    build.reason = build.decide("site", inputs, previous_output == _output_signature(build.site_dir))
    build._corpus = None  # the hook reads the records itself; do not hold two copies
    from ..site.build import build_site

    bar: list[Progress] = []

    def relay(line: str) -> None:
        if not line.startswith("lawtools:"):  # our stages; mkdocs' own lines stay out of the main job's output
            return
        text = line.removeprefix("lawtools: ")
        written = _WRITTEN.match(text)
        if written:  # the hook counts pages as mkdocs writes them: that is the bar
            if bar:
                bar[0].advance(min(int(written["n"]), bar[0].total) - bar[0].done)  # + hand-written pages
            return
        build.say(f"    {text}")
        rendered = _RENDERED.search(text)
        if rendered and not bar:
            bar.append(build.bar("site: pages written", int(rendered["n"])))

    try:
        result = build_site(build.config_file, strict=True, progress=relay if build.progress else None)
    finally:
        for progress in bar:
            progress.close()
    build.remember("site", inputs, output=_output_signature(build.site_dir))
    build.site_index = result.site_dir / "index.html"
    reused = f", {result.rendered} rendered and {result.reused} unchanged" if result.reused else ""
    files = f"; {result.written} file(s) written, {result.kept} left as they were" if result.kept else ""
    size = result.search_meaning_bytes
    meaning = f", search by meaning {size / 2**20:.1f} MiB" if size else ""
    return f"{result.pages} pages{reused}{files}, search index {result.search_index_bytes / 1024:.0f} KiB{meaning}"


_WRITTEN = re.compile(r"^(?P<n>\d+) pages written$")
_RENDERED = re.compile(r"\b(?P<n>\d+) pages rendered\b")


def _output_signature(site_dir: Path) -> str:
    """Paths, sizes and mtimes of every file of the built site ("" when there is none)."""
    if not (site_dir / "index.html").exists():
        return ""
    entries = []
    for folder, _, names in os.walk(site_dir):
        for name in names:
            path = os.path.join(folder, name)
            stat = os.stat(path)
            entries.append(f"{os.path.relpath(path, site_dir)}\0{stat.st_size}\0{stat.st_mtime_ns}")
    return combine({"files": "\n".join(sorted(entries))})


STAGES: list[tuple[str, Callable[[Build], str]]] = [
    ("ingest", ingest), ("index", index), ("concordance", concordance), ("checks", checks), ("diffs", diffs),
    ("site", site),
]

# Stages that run in one process when isolated (see runner): the analyses share spaCy's set-up and the
# termbase matchers, which would otherwise be paid once per stage.
GROUPS: list[tuple[str, ...]] = [("ingest",), ("index",), ("concordance", "checks", "diffs"), ("site",)]
