"""Issue 9, atomicity beyond ingest: a kill after any file-system operation of the site build, the whole
`lawtools build` (its caches and stage state included), TMX export, `concordance --update` and
`rules drift --update` leaves the old output or the new one, complete, and the next run finishes with nothing
left behind.

The suite tries every operation that switches a file or tree into place (renames, replaces, exchanges, marker
and cache writes) and a seeded sample of the many alike ones between them (the mkdirs of mkdocs' pages, the
unlinks of an old tree); `LAWTOOLS_KILL_EVERY_STEP=1` (tests/benchmarks/kill_campaign.py) tries every one.
The commands run forked from one process that has lawtools, mkdocs and spaCy imported (tests/fork_server.py), so
a run costs the command's own work, not an interpreter's start; a killed state the next run has already been
checked on (alike byte for byte, see reliability_support.state_key) is checked once.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest
import reliability_support
from reliability_support import (
    ROOT,
    SHARED_NEW,
    SHARED_OLD,
    build_leftovers,
    copy_project,
    leftovers,
    make_site_project,
    run,
    run_faulty,
    set_sources,
    snapshot,
    state_key,
)

EVERY_STEP = os.environ.get("LAWTOOLS_KILL_EVERY_STEP") == "1"
# LAWTOOLS_KILL_STEPS=21,22: fault only these steps (to replay what a campaign reported)
ONLY_STEPS = [int(s) for s in os.environ.get("LAWTOOLS_KILL_STEPS", "").split(",") if s.strip().isdigit()]
# LAWTOOLS_KILL_SPARSE=N (with EVERY_STEP): every operation that is not a plain open or write, the one after
# each, and every Nth open/write: the structure of a long command in a fraction of the time
SPARSE = int(os.environ.get("LAWTOOLS_KILL_SPARSE", "0") or 0)
PLAIN = {"open", "write"}
# LAWTOOLS_KILL_DISTINCT=1 (with EVERY_STEP): of the operations alike in name and path (digits and hashes aside:
# every law page's mkdir, every cache file's replace), the first and the last, and the step after each switch
DISTINCT = os.environ.get("LAWTOOLS_KILL_DISTINCT") == "1"
COLLECT = os.environ.get("LAWTOOLS_KILL_COLLECT") == "1"  # go on past a failed step (see Failures)


class Operations(list):
    """The names of a command's file-system operations, in order; `paths` the paths each touched (a probe's)."""

    paths: list[str] = []


def _shape(path: str, root: str) -> str:
    """A path with its project root, digits and hex runs taken out: what alike operations share."""
    path = path.replace(root, "")
    path = re.sub(r"[0-9a-f]{8,}", "H", path)
    return re.sub(r"\d+", "#", path)
SWITCHES = {"rename", "replace", "exchange"}  # the operations that put a file or tree in place
WRITES = {"write_text", "write_bytes", "rmtree"}  # markers, caches, state; removing an old tree
FIRED = (97, -9)  # kill_support's exit, or SIGKILL when the fault fired in a forked stage of `lawtools build`
SLOW_TIMEOUT = 600


def operations(project: Path, tmp: Path, *command: str, extra_env: dict | None = None) -> list[str]:
    """The names of the file-system operations one fault-free run of `command` makes (on a copy of project)."""
    probe = copy_project(project, tmp / "probe")
    log, paths = tmp / "ops.log", tmp / "ops.paths"
    logs = {"LAWTOOLS_OPS_LOG": str(log), **({"LAWTOOLS_OPS_PATHS": str(paths)} if DISTINCT else {})}
    done = run_faulty(probe, "none", 0, *command, extra_env={**(extra_env or {}), **logs}, timeout=SLOW_TIMEOUT)
    assert done.returncode == 0, done.stderr[-800:]
    shutil.rmtree(probe)
    names = Operations(log.read_text(encoding="utf-8").split())
    if DISTINCT:
        by_number = {}
        for line in paths.read_text(encoding="utf-8", errors="replace").splitlines():
            number, name, where = (line.split("\t") + ["", ""])[:3]
            if number.isdigit():
                by_number[int(number)] = f"{name} {_shape(where, str(probe))}"
        names.paths = [by_number.get(n, names[n - 1]) for n in range(1, len(names) + 1)]
    return names


def steps(names: list[str], seed: str, switches: int, others: int) -> list[int]:
    """The steps to fault: every step when asked, else a seeded sample of the switching steps (each with the
    step after it), `others` of the rest, and the first and last."""
    if ONLY_STEPS:
        return [n for n in ONLY_STEPS if 1 <= n <= len(names)]
    if EVERY_STEP and DISTINCT and getattr(names, "paths", None):
        first, last = {}, {}
        for n, shape in enumerate(names.paths, 1):
            first.setdefault(shape, n)
            last[shape] = n
        chosen = set(first.values()) | set(last.values())
        chosen |= {n + 1 for n in set(chosen) if names[n - 1] in SWITCHES and n < len(names)}
        ordered = sorted(chosen | {1, len(names)})
        random.Random(seed).shuffle(ordered)  # a campaign stopped early has tried every stage, not the first ones
        return ordered
    if EVERY_STEP and SPARSE > 1:
        structural = {n for n, name in enumerate(names, 1) if name not in PLAIN}
        plain = [n for n, name in enumerate(names, 1) if name in PLAIN]
        chosen = structural | {n + 1 for n in structural if n < len(names)} | set(plain[::SPARSE])
        return sorted(chosen | {1, len(names)})
    if EVERY_STEP:
        return list(range(1, len(names) + 1))
    rng = random.Random(seed)
    switching = [n for n, name in enumerate(names, 1) if name in SWITCHES]
    rest = [n for n, name in enumerate(names, 1) if name not in SWITCHES]
    chosen = set(switching if len(switching) <= switches else rng.sample(switching, switches))
    chosen |= {n + 1 for n in chosen if n < len(names)}  # the operation right after a switch
    writing = [n for n in rest if names[n - 1] in WRITES and n not in chosen]
    chosen |= set(rng.sample(writing, min(len(writing), 1)))  # a marker, cache or state write, or an rmtree
    chosen |= set(rng.sample(rest, min(len(rest), others)))
    return sorted(chosen | {1, len(names)})


@pytest.fixture(scope="module", autouse=True)
def fork_server():
    """Every run of this module forks from one imported lawtools (see tests/fork_server.py)."""
    from fork_server import ForkServer

    server = ForkServer(reliability_support.env())
    reliability_support.SERVER = server
    yield server
    reliability_support.SERVER = None
    server.close()


def log_steps(test: str, names: list[str], tried: list[int], recovered: Recovered | None = None) -> None:
    """One line per test in $LAWTOOLS_CAMPAIGN_LOG (the campaign script's report): steps there are, steps tried."""
    target = os.environ.get("LAWTOOLS_CAMPAIGN_LOG")
    if target:
        again = f", {recovered.runs} distinct killed states followed by a next run" if recovered else ""
        with open(target, "a", encoding="utf-8") as log:
            log.write(f"{test}: {len(names)} operations, {len(tried)} faulted{again}\n")


def log_progress(test: str, done: int, tried: list[int], recovered: Recovered | None = None) -> None:
    """Every 50 steps of a long campaign test, a line in $LAWTOOLS_CAMPAIGN_LOG: how far it got, all checks held."""
    target = os.environ.get("LAWTOOLS_CAMPAIGN_LOG")
    if target and done % 50 == 0:
        again = f", {recovered.runs} distinct killed states followed by a next run" if recovered else ""
        with open(target, "a", encoding="utf-8") as log:
            log.write(f"  {test}: {done} of {len(tried)} steps faulted and checked{again}\n")


class Failures:
    """The failed steps of one test. A test run stops at the first; with LAWTOOLS_KILL_COLLECT=1 (the campaign
    script's --collect) each is noted in $LAWTOOLS_CAMPAIGN_LOG, its project kept, and the test goes on to the
    next step and fails at the end with them all: one unattended campaign run finds every failure, not one."""

    def __init__(self):
        self.failed: list[str] = []

    @contextmanager
    def step(self, step: int):
        try:
            yield
        except AssertionError as error:
            if not COLLECT:
                raise
            first = (str(error).splitlines() or [f"step {step}"])[0][:300]
            self.failed.append(first)
            target = os.environ.get("LAWTOOLS_CAMPAIGN_LOG")
            if target:
                with open(target, "a", encoding="utf-8") as log:
                    log.write(f"  FAILED {first}\n")

    def done(self) -> None:
        assert not self.failed, f"{len(self.failed)} step(s) failed:\n" + "\n".join(self.failed)


class Recovered:
    """The killed states already followed by a next run (and checked): an alike state is not run again."""

    def __init__(self):
        self.keys: set[str] = set()
        self.runs = 0

    def first(self, project: Path) -> bool:
        key = state_key(project)
        if key in self.keys:
            return False
        self.keys.add(key)
        self.runs += 1
        return True


def test_a_collecting_campaign_goes_on_and_reports_every_failed_step(monkeypatch, tmp_path):
    log = tmp_path / "steps.log"
    monkeypatch.setenv("LAWTOOLS_CAMPAIGN_LOG", str(log))
    monkeypatch.setattr(__import__(__name__), "COLLECT", True)
    failures, reached = Failures(), []
    for step in (1, 2, 3):
        with failures.step(step):
            assert step == 2, f"step {step}: a torn site"
            reached.append(step)
    assert reached == [2]
    with pytest.raises(AssertionError, match=r"2 step\(s\) failed") as raised:
        failures.done()
    assert "step 1: a torn site" in str(raised.value) and "step 3: a torn site" in str(raised.value)
    assert log.read_text(encoding="utf-8").count("FAILED") == 2
    monkeypatch.setattr(__import__(__name__), "COLLECT", False)
    with pytest.raises(AssertionError, match="step 1"), Failures().step(1):
        raise AssertionError("step 1")


# ---------------------------------------------------------------------------------------------- the site

@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """(project with OLD records and site, its site, NEW reference project, its site, its records)."""
    base = tmp_path_factory.mktemp("sites")
    old = make_site_project(base / "old", SHARED_OLD)
    assert run(old, "ingest").returncode == 0
    built = run(old, "site", "build", "-q", timeout=SLOW_TIMEOUT)
    assert built.returncode == 0, built.stderr[-800:]
    new = copy_project(old, base / "new")
    set_sources(new, SHARED_NEW)
    assert run(new, "ingest").returncode == 0
    assert run(new, "site", "build", "-q", timeout=SLOW_TIMEOUT).returncode == 0
    old_site, new_site = _site(old), _site(new)
    assert old_site != new_site
    return old, old_site, new, new_site


def _site(project: Path) -> dict[str, bytes]:
    """The built site's files; the sitemaps carry the build date, so they are compared by name only."""
    return {name: (b"" if name.startswith("sitemap") else data)
            for name, data in snapshot(project / "build" / "site").items()}


def test_site_build_survives_a_kill_after_every_operation(sites, tmp_path):
    old, old_site, new, new_site = sites
    start = copy_project(old, tmp_path / "start")  # old site, new records: the next site build replaces it
    shutil.rmtree(start / "corpus" / "records")
    shutil.copytree(new / "corpus" / "records", start / "corpus" / "records")
    set_sources(start, SHARED_NEW)
    names = operations(start, tmp_path, "site", "build", "-q")
    assert "exchange" in names, "the site must be swapped in whole"
    recovered = Recovered()
    tried = steps(names, "site", switches=2, others=1)
    failures = Failures()
    for done, step in enumerate(tried, 1):
        with failures.step(step):
            log_progress("site build, kill", done, tried, recovered)
            project = copy_project(start, tmp_path / f"kill-{step}")
            killed = run_faulty(project, "kill", step, "site", "build", "-q", timeout=SLOW_TIMEOUT)
            assert killed.returncode in FIRED, f"step {step} ({names[step - 1]}): {killed.stderr[-500:]}"
            assert _site(project) in (old_site, new_site), f"step {step} ({names[step - 1]}): a torn site"
            if not recovered.first(project):
                shutil.rmtree(project)
                continue
            again = run(project, "site", "build", "-q", timeout=SLOW_TIMEOUT)
            assert again.returncode == 0, f"step {step}: {again.stderr[-500:]}"
            assert _site(project) == new_site, f"step {step}"
            assert build_leftovers(project) == [] and leftovers(project) == [], f"step {step}"
            shutil.rmtree(project)
    log_steps("site build, kill", names, tried, recovered)
    failures.done()


def test_site_build_fails_cleanly_when_any_operation_fails(sites, tmp_path):
    old, old_site, _, _ = sites
    names = operations(old, tmp_path, "site", "build", "-q", "--no-cache")
    tried = steps(names, "site-fail", switches=2, others=1)
    failures = Failures()
    for done, step in enumerate(tried, 1):
        with failures.step(step):
            log_progress("site build, full disk", done, tried)
            project = copy_project(old, tmp_path / f"fail-{step}")
            failed = run_faulty(project, "fail", step, "site", "build", "-q", "--no-cache", timeout=SLOW_TIMEOUT)
            assert "Traceback" not in failed.stderr, f"step {step}: {failed.stderr[-800:]}"
            if failed.returncode != 0:
                assert failed.stderr.startswith("lawtools: ") and failed.stderr.count("\n") == 1, failed.stderr
            assert _site(project) == old_site, f"step {step} ({names[step - 1]}): the old site changed"
            assert build_leftovers(project) == [], f"step {step} ({names[step - 1]}): {build_leftovers(project)}"
            shutil.rmtree(project)
    log_steps("site build, full disk", names, tried)
    failures.done()


def test_a_failed_site_build_leaves_no_marker_for_a_site_that_is_not_there(sites, tmp_path):
    """A first build that fails (a damaged termbase) leaves build/ as it was: no ownership marker of nothing."""
    old, _, _, _ = sites
    project = copy_project(old, tmp_path / "p")
    shutil.rmtree(project / "build")
    (project / "corpus" / "terms.yaml").write_text("concepts: [\n", encoding="utf-8")
    failed = run(project, "site", "build", "-q", timeout=SLOW_TIMEOUT)
    assert failed.returncode == 2 and failed.stderr.startswith("lawtools: "), failed.stderr[-500:]
    assert build_leftovers(project) == [] and not (project / "build" / "site").exists()
    assert not (project / "build" / ".site.lawtools-owned").exists()


# ---------------------------------------------------------------------------------------------- lawtools build

def _built(project: Path) -> dict:
    """What a build leaves that must be whole: the records, the site, and the cache entries' names."""
    cache = project / "build" / "cache"
    return {"records": snapshot(project / "corpus" / "records"), "site": _site(project),
            "concordance": snapshot(project / "corpus" / "concordance"),
            "cache": sorted(str(p.relative_to(cache)) for p in cache.rglob("*.json")) if cache.is_dir() else []}


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """(project built from OLD with NEW sources in place, what a NEW build leaves, the project built from NEW)."""
    base = tmp_path_factory.mktemp("builds")
    old = make_site_project(base / "old", SHARED_OLD)
    done = run(old, "build", timeout=SLOW_TIMEOUT)
    assert done.returncode == 0, done.stderr[-800:]
    set_sources(old, SHARED_NEW)
    reference = copy_project(old, base / "reference")
    done = run(reference, "build", timeout=SLOW_TIMEOUT)
    assert done.returncode == 0, done.stderr[-800:]
    if EVERY_STEP:  # the vectors of the new texts are cached: 800 recoveries do not each load the encoder
        vectors = Path("build") / "cache" / "concordance-embeddings.npz"
        shutil.copy2(reference / vectors, old / vectors)
    return old, _built(reference), reference


def test_build_survives_a_kill_after_every_operation(builds, tmp_path):
    """Killed anywhere (in any stage's child), the next `lawtools build` gives what an unbroken one gives."""
    old, expected, _ = builds
    names = operations(old, tmp_path, "build", "-q")
    assert {"exchange", "replace"} <= set(names)
    recovered = Recovered()
    tried = steps(names, "build", switches=3, others=0)
    failures = Failures()
    for done, step in enumerate(tried, 1):
        with failures.step(step):
            log_progress("build, kill", done, tried, recovered)
            project = copy_project(old, tmp_path / f"kill-{step}")
            killed = run_faulty(project, "kill", step, "build", "-q", timeout=SLOW_TIMEOUT)
            assert killed.returncode in FIRED, f"step {step} ({names[step - 1]}): {killed.stderr[-500:]}"
            if not recovered.first(project):
                shutil.rmtree(project)
                continue
            searched = run(project, "search", "Tekst", "--json")
            assert searched.returncode == 0, f"step {step} ({names[step - 1]}): {searched.stderr[-500:]}"
            again = run(project, "build", "-q", timeout=SLOW_TIMEOUT)
            assert again.returncode == 0, f"step {step} ({names[step - 1]}): {again.stderr[-500:]}"
            assert _built(project) == expected, f"step {step} ({names[step - 1]})"
            assert build_leftovers(project) == [] and leftovers(project) == [], \
                f"step {step} ({names[step - 1]}): {build_leftovers(project) + leftovers(project)}"
            shutil.rmtree(project)
    log_steps("build, kill", names, tried, recovered)
    failures.done()


def test_build_fails_cleanly_when_any_operation_fails(builds, tmp_path):
    """A full disk at any operation of `lawtools build`: one `lawtools:` line (or success, when the failed
    operation was a harmless one), every output old or new and whole, no debris; the next build completes it."""
    old, expected, reference = builds
    before = _built(old)
    names = operations(old, tmp_path, "build", "-q")
    tried = steps(names, "build-fail", switches=2, others=1)
    failures = Failures()
    for done, step in enumerate(tried, 1):
        with failures.step(step):
            log_progress("build, full disk", done, tried)
            project = copy_project(old, tmp_path / f"fail-{step}")
            failed = run_faulty(project, "fail", step, "build", "-q", timeout=SLOW_TIMEOUT)
            where = f"step {step} ({names[step - 1]})"
            assert "Traceback" not in failed.stderr, f"{where}: {failed.stderr[-800:]}"
            if failed.returncode != 0:
                assert failed.stderr.splitlines()[-1].startswith("lawtools: "), f"{where}: {failed.stderr[-500:]}"
            now = _built(project)
            for part in ("records", "site", "concordance"):
                assert now[part] in (before[part], expected[part]), f"{where}: {part} torn"
            assert build_leftovers(project) == [] and leftovers(project) == [], \
                f"{where}: {build_leftovers(project) + leftovers(project)}"
            shutil.rmtree(project)
    log_steps("build, full disk", names, tried)
    failures.done()


# ---------------------------------------------------------------------------------------------- TMX export

def test_tmx_export_survives_a_kill_after_every_operation(builds, tmp_path):
    _, _, built = builds
    project = copy_project(built, tmp_path / "p")  # current records: no freshness warning
    command = ("export", "tmx", "--source", "sv-1001", "--target", "nb-1001", "-o")
    reference = project / "reference.tmx"
    assert run(project, *command, str(reference)).returncode == 0
    complete = reference.read_bytes()
    assert complete.count(b"<tu") >= 2
    target = project / "out.tmx"
    names = operations(project, tmp_path, *command, str(target))
    for step in range(1, len(names) + 1):
        target.write_text("the old export\n", encoding="utf-8")
        killed = run_faulty(project, "kill", step, *command, str(target))
        assert killed.returncode in FIRED, f"step {step}: {killed.stderr[-500:]}"
        assert target.read_bytes() in (b"the old export\n", complete), f"step {step}: a half-written export"
    failed_somewhere = []
    for step in range(1, len(names) + 1):
        target.write_text("the old export\n", encoding="utf-8")
        failed = run_faulty(project, "fail", step, *command, str(target))
        assert "Traceback" not in failed.stderr
        if failed.returncode != 0:
            failed_somewhere.append(step)
            assert failed.stderr.startswith("lawtools: ") and failed.stderr.count("\n") == 1, failed.stderr
            assert target.read_bytes() == b"the old export\n", f"step {step}"
    assert failed_somewhere
    assert run(project, *command, str(target)).returncode == 0 and target.read_bytes() == complete
    assert [p.name for p in project.iterdir() if ".tmp-" in p.name] == []
    log_steps("export tmx, kill and full disk", names, list(range(1, len(names) + 1)))


# ---------------------------------------------------------------------------------------------- the concordance

@pytest.fixture(scope="module")
def concordances(tmp_path_factory):
    """(project whose stored concordance is of OLD records, with NEW records; OLD pair files; NEW pair files)."""
    base = tmp_path_factory.mktemp("concordance")
    old = make_site_project(base / "old", SHARED_OLD)
    assert run(old, "ingest").returncode == 0
    done = run(old, "concordance", "--update", "--no-encoder")
    assert done.returncode == 0, done.stderr[-800:]
    before = snapshot(old / "corpus" / "concordance")
    set_sources(old, SHARED_NEW)
    assert run(old, "ingest").returncode == 0
    reference = copy_project(old, base / "reference")
    assert run(reference, "concordance", "--update", "--no-encoder").returncode == 0
    after = snapshot(reference / "corpus" / "concordance")
    assert before != after and any("_" in name for name in after)
    return old, before, after


def _visible(files: dict[str, bytes]) -> dict[str, bytes]:
    return {name: data for name, data in files.items() if not Path(name).name.startswith(".")}


def test_concordance_update_survives_a_kill_after_every_operation(concordances, tmp_path):
    old, before, after = concordances
    names = operations(old, tmp_path, "concordance", "--update", "--no-encoder")
    for step in range(1, len(names) + 1):
        project = copy_project(old, tmp_path / f"kill-{step}")
        killed = run_faulty(project, "kill", step, "concordance", "--update", "--no-encoder")
        assert killed.returncode in FIRED, f"step {step}: {killed.stderr[-500:]}"
        now = _visible(snapshot(project / "corpus" / "concordance"))  # a dead writer's staging tree goes next run
        assert now in (_visible(before), _visible(after)), f"step {step}: torn (some files old, some new)"
        checked = run(project, "concordance", "--check")
        assert checked.returncode in (0, 1, 2) and "Traceback" not in checked.stderr
        if now != _visible(after):
            assert checked.returncode != 0 and "concordance --update" in checked.stderr, f"step {step}"
        again = run(project, "concordance", "--update", "--no-encoder")
        assert again.returncode == 0, f"step {step}: {again.stderr[-500:]}"
        assert snapshot(project / "corpus" / "concordance") == after and leftovers(project) == [], f"step {step}"
        shutil.rmtree(project)
    log_steps("concordance --update, kill", names, list(range(1, len(names) + 1)))


def test_concordance_update_fails_cleanly_when_any_operation_fails(concordances, tmp_path):
    old, before, after = concordances
    names = operations(old, tmp_path, "concordance", "--update", "--no-encoder")
    for step in range(1, len(names) + 1):
        project = copy_project(old, tmp_path / f"fail-{step}")
        failed = run_faulty(project, "fail", step, "concordance", "--update", "--no-encoder")
        assert "Traceback" not in failed.stderr, f"step {step}: {failed.stderr[-800:]}"
        if failed.returncode != 0:
            assert failed.stderr.startswith("lawtools: ") and failed.stderr.count("\n") == 1, failed.stderr
            now = _visible(snapshot(project / "corpus" / "concordance"))
            assert now in (_visible(before), _visible(after)), f"step {step}: torn (some files old, some new)"
        assert leftovers(project) == [], f"step {step}: {leftovers(project)}"
        shutil.rmtree(project)
    log_steps("concordance --update, full disk", names, list(range(1, len(names) + 1)))


# ---------------------------------------------------------------------------------------------- rules drift

def test_rules_drift_update_survives_a_kill_after_every_operation(tmp_path):
    """The provision hash table (package data) is rewritten whole or not at all: run on a copy of the package."""
    package = tmp_path / "pkg"
    shutil.copytree(ROOT / "lawtools", package / "lawtools", ignore=shutil.ignore_patterns("__pycache__"))
    project = tmp_path / "project"
    shutil.copytree(ROOT / "corpus", project / "corpus", ignore=shutil.ignore_patterns(".lawtools.lock"))
    table = package / "lawtools" / "data" / "rules_provisions.json"
    environment = {"PYTHONPATH": str(package)}
    data = json.loads(table.read_text(encoding="utf-8"))
    first = next(iter(data["provisions"]))
    data["provisions"][first] = {edition: "0" * 16 for edition in data["provisions"][first]}
    stale = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    table.write_text(stale, encoding="utf-8")
    drifted = run(project, "rules", "drift", extra_env=environment)
    assert drifted.returncode == 1, drifted.stderr[-500:]
    names = operations(project, tmp_path, "rules", "drift", "--update", extra_env=environment)
    current = table.read_text(encoding="utf-8")
    assert current != stale
    for step in range(1, len(names) + 1):
        table.write_text(stale, encoding="utf-8")
        killed = run_faulty(project, "kill", step, "rules", "drift", "--update", extra_env=environment)
        assert killed.returncode in FIRED, f"step {step}: {killed.stderr[-500:]}"
        assert table.read_text(encoding="utf-8") in (stale, current), f"step {step}: a torn hash table"
    for step in range(1, len(names) + 1):
        table.write_text(stale, encoding="utf-8")
        failed = run_faulty(project, "fail", step, "rules", "drift", "--update", extra_env=environment)
        assert "Traceback" not in failed.stderr, failed.stderr[-800:]
        assert table.read_text(encoding="utf-8") in (stale, current), f"step {step}"
    table.write_text(stale, encoding="utf-8")
    assert run(project, "rules", "drift", "--update", extra_env=environment).returncode == 0
    assert table.read_text(encoding="utf-8") == current
    assert [p.name for p in table.parent.iterdir() if ".tmp-" in p.name] == []
    log_steps("rules drift --update, kill and full disk", names, list(range(1, len(names) + 1)))


# ---------------------------------------------------------------------------------------------- edition add

def test_edition_add_survives_a_kill_after_every_operation(tmp_path):
    """`edition add` copies the source, appends to the manifest and ingests: killed anywhere, the manifest is the
    old one or the new one (never truncated), and finishing the job (`edition add` again, or `ingest` once the
    entry is in) gives what an unbroken run gives."""
    import yaml

    project = tmp_path / "project"
    shutil.copytree(ROOT / "corpus", project / "corpus", ignore=shutil.ignore_patterns(".lawtools.lock"))
    source = tmp_path / "nb.txt"
    source.write_bytes((ROOT / "corpus" / "sources" / "nb-2007.txt").read_bytes())
    command = ("edition", "add", str(source), "--id", "nb-2031", "--language", "nb", "--year", "2007")
    manifest = project / "corpus" / "editions.yaml"
    old_manifest = manifest.read_bytes()
    reference = copy_project(project, tmp_path / "reference")
    done = run(reference, *command)
    assert done.returncode == 0, done.stderr[-800:]
    new_manifest = (reference / "corpus" / "editions.yaml").read_bytes()
    new_records = snapshot(reference / "corpus" / "records")
    names = operations(project, tmp_path, *command)
    tried = steps(names, "edition-add", switches=3, others=1)
    failures = Failures()
    for done, step in enumerate(tried, 1):
        with failures.step(step):
            log_progress("edition add, kill", done, tried)
            attempt = copy_project(project, tmp_path / f"kill-{step}")
            killed = run_faulty(attempt, "kill", step, *command)
            assert killed.returncode in FIRED, f"step {step} ({names[step - 1]}): {killed.stderr[-500:]}"
            now = (attempt / "corpus" / "editions.yaml").read_bytes()
            assert now in (old_manifest, new_manifest), f"step {step} ({names[step - 1]}): a torn manifest"
            assert isinstance(yaml.safe_load(now), dict)
            finish = run(attempt, *command) if now == old_manifest else run(attempt, "ingest")
            assert finish.returncode == 0, f"step {step} ({names[step - 1]}): {finish.stderr[-500:]}"
            assert (attempt / "corpus" / "editions.yaml").read_bytes() == new_manifest, f"step {step}"
            assert snapshot(attempt / "corpus" / "records") == new_records, f"step {step} ({names[step - 1]})"
            assert leftovers(attempt) == [], f"step {step}: {leftovers(attempt)}"
            shutil.rmtree(attempt)
    log_steps("edition add, kill", names, tried)
    failures.done()


# ---------------------------------------------------------------------------------------------- the real corpus

def _real_project(root: Path) -> Path:
    """A copy of this checkout's corpus (sources, manifest, records, termbase, concordance) under root."""
    shutil.copytree(ROOT / "corpus", root / "corpus", ignore=shutil.ignore_patterns(".lawtools.lock"))
    return root


@pytest.fixture(scope="module")
def real_ingest(tmp_path_factory):
    """(the real corpus with one record edited by hand, its records, the records ingest makes, ingest's ops)."""
    base = tmp_path_factory.mktemp("real")
    start = _real_project(base / "start")
    edited = start / "corpus" / "records" / "sv-2007" / "41.json"
    text = edited.read_text(encoding="utf-8")
    assert '"text": "' in text
    edited.write_text(text.replace('"text": "', '"text": "edited by hand ', 1), encoding="utf-8")
    old_tree, new_tree = snapshot(start / "corpus" / "records"), snapshot(ROOT / "corpus" / "records")
    assert old_tree != new_tree
    names = operations(start, base, "ingest")
    assert "exchange" in names, "the records tree must be swapped in whole"
    return start, old_tree, new_tree, names


def test_real_corpus_ingest_survives_a_kill_after_every_operation(real_ingest, tmp_path):
    """On the five real editions: killed after any operation, the records are the old tree or the new one, and
    the next ingest gives the new one with nothing left behind."""
    start, old_tree, new_tree, names = real_ingest
    recovered = Recovered()
    tried = steps(names, "real-ingest", switches=2, others=2)
    failures = Failures()
    for done, step in enumerate(tried, 1):
        with failures.step(step):
            log_progress("ingest (real corpus), kill", done, tried, recovered)
            project = copy_project(start, tmp_path / f"kill-{step}")
            killed = run_faulty(project, "kill", step, "ingest")
            where = f"step {step} ({names[step - 1]})"
            assert killed.returncode in FIRED, f"{where}: {killed.stderr[-500:]}"
            assert snapshot(project / "corpus" / "records") in (old_tree, new_tree), f"{where}: torn records"
            if recovered.first(project):
                again = run(project, "ingest")
                assert again.returncode == 0, f"{where}: {again.stderr[-500:]}"
                assert snapshot(project / "corpus" / "records") == new_tree, where
                assert leftovers(project) == [], f"{where}: {leftovers(project)}"
            shutil.rmtree(project)
    log_steps("ingest (real corpus), kill", names, tried, recovered)
    failures.done()


def test_real_corpus_ingest_fails_cleanly_when_any_operation_fails(real_ingest, tmp_path):
    start, old_tree, new_tree, names = real_ingest
    tried = steps(names, "real-ingest-fail", switches=2, others=2)
    failures = Failures()
    for done, step in enumerate(tried, 1):
        with failures.step(step):
            log_progress("ingest (real corpus), full disk", done, tried)
            project = copy_project(start, tmp_path / f"fail-{step}")
            failed = run_faulty(project, "fail", step, "ingest")
            where = f"step {step} ({names[step - 1]})"
            assert "Traceback" not in failed.stderr, f"{where}: {failed.stderr[-800:]}"
            after = snapshot(project / "corpus" / "records")
            if failed.returncode == 0:  # the failed operation was a harmless one (a cleanup)
                assert after == new_tree, where
            else:
                assert failed.stderr.startswith("lawtools: ") and failed.stderr.count("\n") == 1, failed.stderr
                assert after == old_tree, f"{where}: a failed ingest changed the records"
            assert leftovers(project) == [], f"{where}: {leftovers(project)}"
            shutil.rmtree(project)
    log_steps("ingest (real corpus), full disk", names, tried)
    failures.done()


@pytest.mark.parametrize("fmt", ["tmx", "tbx"])
def test_real_corpus_exports_survive_a_fault_at_every_operation(fmt, tmp_path):
    """TMX (sv-2007 -> nl-2017, through the concordance) and TBX of the real corpus: killed or out of disk at any
    operation, `-o FILE` holds the old export or the complete new one; every step, in CI too (a few each)."""
    project = _real_project(tmp_path / "p")
    command = ("export", fmt, *(("--source", "sv-2007", "--target", "nl-2017") if fmt == "tmx" else ()), "-o")
    reference = project / f"reference.{fmt}"
    done = run(project, *command, str(reference))
    assert done.returncode == 0, done.stderr[-500:]
    complete = reference.read_bytes()
    target = project / f"out.{fmt}"
    names = operations(project, tmp_path, *command, str(target))
    for mode in ("kill", "fail"):
        for step in range(1, len(names) + 1):
            target.write_text("the old export\n", encoding="utf-8")
            faulty = run_faulty(project, mode, step, *command, str(target))
            assert "Traceback" not in faulty.stderr, f"{mode} {step}: {faulty.stderr[-800:]}"
            if mode == "kill":
                assert faulty.returncode in FIRED, f"step {step}: {faulty.stderr[-500:]}"
            elif faulty.returncode != 0:
                assert faulty.stderr.startswith("lawtools: ") and faulty.stderr.count("\n") == 1, faulty.stderr
            assert target.read_bytes() in (b"the old export\n", complete), f"{mode} {step}: a half-written export"
    assert run(project, *command, str(target)).returncode == 0 and target.read_bytes() == complete
    assert [p.name for p in project.iterdir() if ".tmp-" in p.name] == []
    log_steps(f"export {fmt} (real corpus), kill and full disk", names, list(range(1, len(names) + 1)))
