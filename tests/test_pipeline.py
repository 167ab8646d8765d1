"""`lawtools build`: each stage once, skipped when its inputs are unchanged, and only the stages a change reaches.

A throwaway project (two real editions that share laws 53-64, the real termbase, baseline, site pages and
mkdocs.yml) is built cold once; each test works on a copy of it. No test looks at time.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from site_support import write_mkdocs_config

from lawtools.diff import reference_pairs
from lawtools.manifest import load_manifest
from lawtools.pipeline.progress import Progress
from lawtools.pipeline.runner import run_build

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = ("sv-2007", "nl-2017")
SHARED_LAW = "57"  # a law both editions have
STAGES = ("ingest", "index", "concordance", "checks", "diffs", "site")
SV_ONLY_LAW = "47"  # a law sv-2007 has and nl-2017 only cites (its checks read which provisions it has)


def make_project(where: Path) -> Path:
    """A project with the two editions, built from their real sources."""
    corpus = where / "corpus"
    (corpus / "sources").mkdir(parents=True)
    manifest = yaml.safe_load((ROOT / "corpus" / "editions.yaml").read_text(encoding="utf-8"))
    entries = [e for e in manifest["editions"] if e["id"] in EDITIONS]
    for entry in entries:
        shutil.copy2(ROOT / "corpus" / entry["source"], corpus / entry["source"])
    (corpus / "editions.yaml").write_text(yaml.safe_dump({"editions": entries}, allow_unicode=True), encoding="utf-8")
    for name in ("terms.yaml", "check-baseline.yaml"):
        shutil.copy2(ROOT / "corpus" / name, corpus / name)
    shutil.copytree(ROOT / "site", where / "site")
    write_mkdocs_config(where)
    return where


class Counted:
    """Counts the calls of the check run and of the per-law diff (what the site used to compute again).

    The stages run in child processes, so each call is counted as a line in a file, not in memory.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch, log: Path):
        import lawtools.check
        import lawtools.check.report
        import lawtools.diff

        self.log = log
        log.write_text("", encoding="utf-8")
        check_report, diff = lawtools.check.report.check_report, lawtools.diff.diff
        run_checks = lawtools.check.run_checks_with_notes

        def note(what: str) -> None:
            with log.open("a", encoding="utf-8") as file:
                file.write(what + "\n")

        def counted_check(*args, **kwargs):
            note("checks")
            return check_report(*args, **kwargs)

        def counted_run(*args, **kwargs):  # what the check stage calls, once for all the editions it checks
            note("checks")
            return run_checks(*args, **kwargs)

        def counted_diff(*args, **kwargs):
            note("diffs")
            return diff(*args, **kwargs)

        monkeypatch.setattr(lawtools.check.report, "check_report", counted_check)
        monkeypatch.setattr(lawtools.check, "run_checks_with_notes", counted_run)
        monkeypatch.setattr(lawtools.diff, "diff", counted_diff)

    def _count(self, what: str) -> int:
        return self.log.read_text(encoding="utf-8").split().count(what)

    @property
    def checks(self) -> int:
        return self._count("checks")

    @property
    def diffs(self) -> int:
        return self._count("diffs")


def build(project: Path, monkeypatch: pytest.MonkeyPatch, force: bool = False, isolate: bool = True):
    """Run the main job in project as `lawtools build` does; (stage -> outcome, calls counted)."""
    monkeypatch.chdir(project)
    monkeypatch.delenv("LAWTOOLS_INDEX_DIR", raising=False)
    counted = Counted(monkeypatch, project.parent / "calls.log")
    outcomes, _ = run_build(load_manifest(project / "corpus" / "editions.yaml"), project / "mkdocs.yml", force=force,
                            say=lambda line: None, progress=False, isolate=isolate)
    return {o.stage: o for o in outcomes}, counted


@pytest.fixture(scope="module")
def cold(tmp_path_factory):
    """The project after its first (cold) build, with what that build did."""
    project = make_project(tmp_path_factory.mktemp("pipeline") / "project")
    with pytest.MonkeyPatch.context() as monkeypatch:
        outcomes, counted = build(project, monkeypatch)
    return project, outcomes, counted


@pytest.fixture
def project(cold, tmp_path):
    """A copy of the cold-built project (mtimes kept, so nothing looks changed)."""
    copy = tmp_path / "project"
    shutil.copytree(cold[0], copy, symlinks=True)
    return copy


def snapshot(directory: Path) -> dict[str, tuple[int, int, int]]:
    """Every file and directory under directory: (mtime, inode, size)."""
    found = {}
    for path in [directory, *directory.rglob("*")]:
        stat = path.stat()
        found[str(path.relative_to(directory))] = (stat.st_mtime_ns, stat.st_ino, stat.st_size)
    return found


def files_of(found: dict[str, tuple[int, int, int]]) -> dict[str, tuple[int, int, int]]:
    """The files of a snapshot, without the directories."""
    return {name: entry for name, entry in found.items() if name.endswith(".json")}


def statuses(outcomes) -> dict[str, str]:
    return {stage: outcomes[stage].status for stage in STAGES}


def change_word(path: Path, after: str) -> None:
    """Change one word of the first long line after the line starting with `after`."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(after))
    number = next(i for i in range(start + 1, len(lines)) if len(lines[i].split()) > 6)
    words = lines[number].split()
    words[3] += "x"
    lines[number] = " ".join(words)
    path.write_text("\n".join(lines), encoding="utf-8")


def test_a_cold_build_runs_every_stage_and_the_checks_and_each_diff_once(cold):
    _, outcomes, counted = cold
    assert statuses(outcomes) == dict.fromkeys(STAGES, "ran")
    assert counted.checks == 1  # the site read the findings the check stage stored
    assert counted.diffs == 12  # laws 53-64, each compared once
    assert outcomes["checks"].reason == "no earlier build"


def test_a_build_with_nothing_changed_skips_every_stage_and_writes_nothing_under_corpus(project, monkeypatch):
    before = snapshot(project / "corpus")
    outcomes, counted = build(project, monkeypatch)
    assert snapshot(project / "corpus") == before
    assert statuses(outcomes) == dict.fromkeys(STAGES, "skipped")
    assert (counted.checks, counted.diffs) == (0, 0)
    assert "unchanged" in outcomes["ingest"].reason and "unchanged" in outcomes["site"].reason


def test_a_no_change_build_imports_neither_spacy_whoosh_nor_mkdocs(project):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("LAWTOOLS_INDEX_DIR", None)
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "lawtools", "build", "--json"], cwd=project,
                          env=env, capture_output=True, text=True, check=True)
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert {"spacy", "whoosh", "mkdocs"}.isdisjoint(imported)
    assert [s["status"] for s in json.loads(done.stdout)["stages"]] == ["skipped"] * len(STAGES)


def test_each_stage_has_one_line_saying_ran_or_skipped_why_and_how_long(project):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("LAWTOOLS_INDEX_DIR", None)
    done = subprocess.run([sys.executable, "-m", "lawtools", "build"], cwd=project, env=env, capture_output=True,
                          text=True, check=True)
    lines = done.stdout.splitlines()
    assert [line.split()[1] for line in lines[:-1]] == list(STAGES)
    assert all(re.match(r"^==> \w+ +skipped +.+ unchanged.* \(\d+\.\d s\)$", line) for line in lines[:-1]
               if "concordance" not in line)
    assert lines[-1].startswith("built in ") and "(nothing ran)" in lines[-1]


def test_a_changed_record_reruns_exactly_the_stages_that_read_it(project, monkeypatch):
    nl_records = files_of(snapshot(project / "corpus" / "records" / "nl-2017"))
    change_word(project / "corpus" / "sources" / "sv-2007.txt", f"{SHARED_LAW}. ")
    outcomes, counted = build(project, monkeypatch)
    assert statuses(outcomes) == dict.fromkeys(STAGES, "ran")
    assert outcomes["ingest"].detail.startswith("1 of 2 edition(s) parsed")
    assert "2 record file(s) changed" in outcomes["ingest"].detail  # the law's record and edition.json (source hash)
    # the other edition's files are untouched (the records tree switches as a whole, so its folder is new)
    assert files_of(snapshot(project / "corpus" / "records" / "nl-2017")) == nl_records
    assert outcomes["diffs"].reason == f"law {SHARED_LAW} changed"
    assert (counted.checks, counted.diffs) == (1, 1)
    assert outcomes["index"].reason == "records changed"
    assert stage_state(project)["checks"]["checked"] == list(EDITIONS)  # both compare the law


def test_a_changed_search_setting_rebuilds_the_index_and_nothing_else(project, monkeypatch):
    monkeypatch.setenv("LAWTOOLS_SEMANTIC", "never")
    outcomes, counted = build(project, monkeypatch)
    assert statuses(outcomes) == {**dict.fromkeys(STAGES, "skipped"), "index": "ran"}
    assert outcomes["index"].reason == "search settings changed"
    assert "full rebuild" in outcomes["index"].detail


def stage_state(project: Path) -> dict:
    return json.loads((project / "build" / "state" / "stages.json").read_text(encoding="utf-8"))


def test_a_changed_record_rechecks_only_the_editions_that_read_it(project, monkeypatch):
    from lawtools.records import load_corpus
    from lawtools.site.cache import Analyses
    from lawtools.site.sources import load_findings

    change_word(project / "corpus" / "sources" / "sv-2007.txt", f"{SV_ONLY_LAW}. ")
    outcomes, counted = build(project, monkeypatch)
    assert outcomes["checks"].status == "ran"
    assert stage_state(project)["checks"]["checked"] == ["sv-2007"]  # the law's provision ids are as they were
    # both units of sv-2007 (its own families and those across editions), the law is read by no other unit
    assert outcomes["checks"].detail.startswith("2 of 4 unit(s) of 2 edition(s) checked (sv-2007 own, sv-2007 across: ")
    assert ", 2 reused;" in outcomes["checks"].detail
    assert (counted.checks, counted.diffs) == (1, 0)  # one check run; the law is in one edition: no diff
    # what the site reads is what a full check run over the changed records finds
    corpus = load_corpus(project / "corpus" / "editions.yaml")
    analyses = Analyses(corpus, project / "build" / "cache")
    assert analyses.findings_cached()
    assert analyses.findings() == load_findings(load_corpus(project / "corpus" / "editions.yaml"))


def test_a_unit_key_changes_with_exactly_the_records_its_edition_reads(project):
    from lawtools.pipeline.checks import unit_keys
    from lawtools.pipeline.fingerprint import Hasher
    from lawtools.records import load_corpus
    from lawtools.site.cache import Analyses

    def keys() -> dict[str, tuple[str, str]]:
        corpus = load_corpus(project / "corpus" / "editions.yaml")
        # across years the pairs need the provisions' content: a key names what the cold build's check run read
        found = unit_keys(corpus, Hasher(), {"code": "c", "termbase": "t"},
                          Analyses(corpus, project / "build" / "cache").directory)
        return {edition: (found[f"{edition} own"], found[f"{edition} across"]) for edition in EDITIONS}

    def edit(law: str) -> None:
        path = project / "corpus" / "records" / "sv-2007" / f"{law}.json"
        record = json.loads(path.read_text(encoding="utf-8"))
        record["title"] += " x"
        path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")

    before = keys()
    assert keys() == before
    edit(SV_ONLY_LAW)
    after = keys()
    assert after["sv-2007"][0] != before["sv-2007"][0] and after["sv-2007"][1] != before["sv-2007"][1]
    assert after["nl-2017"] == before["nl-2017"]
    edit(SHARED_LAW)  # nl-2017 compares its own law with it
    last = keys()
    # nl-2017's units read sv-2007's counterparts of their provisions (references confirm a citation there too)
    assert last["sv-2007"] != after["sv-2007"] and last["nl-2017"][0] != after["nl-2017"][0] \
        and last["nl-2017"][1] != after["nl-2017"][1]
    # nl-2017 cites the law: which provisions sv-2007 has of it is what its checks read
    path = project / "corpus" / "records" / "sv-2007" / f"{SV_ONLY_LAW}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["nodes"].append({**record["nodes"][-1], "id": f"{SV_ONLY_LAW}Z", "label": "Z", "children": []})
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    assert keys()["nl-2017"][0] != last["nl-2017"][0]


def test_a_changed_record_renders_only_the_pages_it_changes_and_writes_only_changed_files(project, tmp_path):
    """Built by another process than the cold build (another hash seed): what is shared must fingerprint alike."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("LAWTOOLS_INDEX_DIR", None)
    site = project / "build" / "site"
    before = {name: entry for name, entry in snapshot(site).items() if (site / name).is_file()}
    change_word(project / "corpus" / "sources" / "sv-2007.txt", f"{SV_ONLY_LAW}. ")
    done = subprocess.run([sys.executable, "-m", "lawtools", "build", "--json", "-q"], cwd=project, env=env,
                          capture_output=True, text=True, check=True)
    outcome = next(s for s in json.loads(done.stdout)["stages"] if s["stage"] == "site")
    state = json.loads((project / "build" / "cache" / "site-pages.json").read_text(encoding="utf-8"))
    assert f"laws/{SV_ONLY_LAW}.md" in state["rendered"] and f"laws/{SHARED_LAW}.md" not in state["rendered"]
    assert len(state["rendered"]) <= 5 and state["reused"] >= 100
    assert f"{len(state['rendered'])} rendered and {state['reused']} unchanged" in outcome["detail"]
    after = {name: entry for name, entry in snapshot(site).items() if (site / name).is_file()}
    rewritten = {name for name in after if before.get(name) != after[name]}
    assert f"laws/{SV_ONLY_LAW}/index.html" in rewritten and f"laws/{SHARED_LAW}/index.html" not in rewritten
    # + the ownership marker, the two search indexes and the passage vectors (the changed provision's); not the
    # query encoder's model, which a reader's browser would fetch again
    assert len(rewritten) <= len(state["rendered"]) + 4, sorted(rewritten)
    assert "search/e5-model.bin" not in rewritten
    # the same bytes as a site built from scratch
    fresh = tmp_path / "fresh"
    shutil.copytree(project, fresh, symlinks=True)
    shutil.rmtree(fresh / "build" / "site")
    (fresh / "build" / "cache" / "site-pages.json").unlink()
    shutil.rmtree(fresh / "build" / "cache" / "pages")  # and every page's Markdown rendered afresh
    subprocess.run([sys.executable, "-m", "lawtools", "build", "-q"], cwd=fresh, env=env, capture_output=True,
                   check=True)
    ours = {name for name in after if not name.startswith(".")}
    assert ours == {n for n, _ in files_in(fresh / "build" / "site")}
    different = [name for name in ours if (site / name).read_bytes() != (fresh / "build" / "site" / name).read_bytes()]
    assert different == []


def test_the_site_plans_only_the_pages_whose_inputs_changed(project, monkeypatch):
    """Law and differences pages are rendered only when what they read changed, and read back as rendered."""
    from lawtools.records import load_corpus
    from lawtools.site import pages

    calls: list[str] = []
    render_law, render_diff = pages.render_law, pages.render_diff
    monkeypatch.setattr(pages, "render_law", lambda page, articles: calls.append(f"law {page.law}")
                        or render_law(page, articles))
    monkeypatch.setattr(pages, "render_diff", lambda result, *args: calls.append(f"diff {result['citation']}")
                        or render_diff(result, *args))
    cache = project / "build" / "cache"

    def plan(cache_dir):
        calls.clear()
        return pages.plan_site(load_corpus(project / "corpus" / "editions.yaml"), cache_dir=cache_dir)

    kept = plan(cache)  # the cold build's site stage stored every page
    assert calls == [] and kept.memo["rendered"] == 0 and kept.memo["reused"] > 90
    assert kept.pages == plan(None).pages and len(calls) > 90  # what is read back is what rendering makes
    path = project / "corpus" / "records" / "sv-2007" / f"{SHARED_LAW}.json"  # a record both editions' pages show
    record = json.loads(path.read_text(encoding="utf-8"))
    record["title"] += " x"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    changed = plan(cache)
    # its law page and its differences page (the law's diff, recomputed for the new record, shows the title)
    assert calls == [f"law {SHARED_LAW}", f"diff {SHARED_LAW}"]
    assert changed.pages == plan(None).pages
    assert changed.pages[f"laws/{SHARED_LAW}.md"] != kept.pages[f"laws/{SHARED_LAW}.md"]
    plan(cache)
    assert calls == []


def files_in(directory: Path):
    return [(str(p.relative_to(directory)), p) for p in directory.rglob("*") if p.is_file()
            and not p.name.startswith(".")]


def test_in_process_the_stages_decide_the_same(project, monkeypatch):
    change_word(project / "corpus" / "sources" / "nl-2017.txt", "ARTIKEL 60")
    outcomes, counted = build(project, monkeypatch, isolate=False)
    assert statuses(outcomes) == dict.fromkeys(STAGES, "ran")
    assert outcomes["diffs"].reason == "law 60 changed"
    assert (counted.checks, counted.diffs) == (1, 1)


def test_a_changed_baseline_reruns_only_the_checks_and_the_site_and_checks_nothing_again(project, monkeypatch):
    baseline = project / "corpus" / "check-baseline.yaml"
    baseline.write_text(baseline.read_text(encoding="utf-8") + "\n# reviewed again\n", encoding="utf-8")
    outcomes, counted = build(project, monkeypatch)
    ran = [stage for stage in STAGES if outcomes[stage].status == "ran"]
    assert ran == ["checks", "site"]
    assert outcomes["checks"].reason == "baseline changed"
    # the findings themselves do not read the baseline: every edition's are reused, only weighed again
    assert (counted.checks, counted.diffs) == (0, 0)
    assert stage_state(project)["checks"]["checked"] == []
    assert outcomes["checks"].detail.startswith("0 of 4 unit(s) of 2 edition(s) checked, 4 reused;")


def test_a_changed_concordance_reruns_the_checks_and_rechecks_only_editions_whose_links_changed(project, monkeypatch):
    # the checks pair provisions through corpus/concordance/: a hand edit there must reach them; a comment
    # changes no link, so the stage runs and every edition's findings are reused
    overrides = project / "corpus" / "concordance" / "overrides.yaml"
    overrides.parent.mkdir(exist_ok=True)
    overrides.write_text((overrides.read_text(encoding="utf-8") if overrides.exists() else "")
                         + "\n# reviewed again\n", encoding="utf-8")
    outcomes, counted = build(project, monkeypatch)
    assert outcomes["checks"].status == "ran"
    assert outcomes["checks"].reason == "concordance changed"
    assert counted.checks == 0
    assert outcomes["checks"].detail.startswith("0 of 4 unit(s) of 2 edition(s) checked, 4 reused;")


def test_a_changed_hand_written_page_reruns_only_the_site(project, monkeypatch):
    page = project / "site" / "about.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    outcomes, _ = build(project, monkeypatch)
    assert [stage for stage in STAGES if outcomes[stage].status == "ran"] == ["site"]
    assert outcomes["site"].reason == "site pages changed"


def test_a_removed_site_is_built_again(project, monkeypatch):
    shutil.rmtree(project / "build" / "site")
    outcomes, _ = build(project, monkeypatch)
    assert [stage for stage in STAGES if outcomes[stage].status == "ran"] == ["site"]
    assert (project / "build" / "site" / "index.html").exists()


def test_force_reruns_every_stage_and_still_writes_no_current_record(project, monkeypatch):
    before = snapshot(project / "corpus")
    outcomes, counted = build(project, monkeypatch, force=True)
    assert statuses(outcomes) == dict.fromkeys(STAGES, "ran")
    assert all(outcomes[s].reason == "--force" for s in STAGES if s != "concordance")
    assert (counted.checks, counted.diffs) == (1, 12)
    assert snapshot(project / "corpus") == before


def test_wording_is_compared_with_one_reference_per_language_and_year():
    editions = ["sv-a", "sv-b", "sv-c", "nb-2007", "nb-2017", "nb-2017b", "de"]
    languages = {e: e[:2] for e in editions}
    years = {"sv-a": 2007, "sv-b": 2007, "sv-c": 2007, "nb-2007": 2007, "nb-2017": 2017, "nb-2017b": 2017, "de": 1997}
    assert reference_pairs(editions, languages, years) == [
        ("sv-a", "sv-b"), ("sv-a", "sv-c"), ("nb-2007", "nb-2017"), ("nb-2017", "nb-2017b")]
    many = [f"sv-{i}" for i in range(200)]
    pairs = reference_pairs(many, dict.fromkeys(many, "sv"), dict.fromkeys(many, 2007))
    assert len(pairs) == len(many) - 1  # not 200 * 199 / 2


def test_progress_is_a_few_plain_lines_in_ci(monkeypatch, capsys):
    import sys as system

    monkeypatch.setenv("CI", "true")
    with Progress("diffs: laws compared", 100, stream=system.stdout) as bar:
        for _ in range(100):
            bar.advance()
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"    diffs: laws compared: {n}/100" for n in (25, 50, 75, 100)]


def test_an_error_in_a_stage_is_one_line_and_keeps_the_records(project):
    records = snapshot(project / "corpus" / "records")
    (project / "corpus" / "sources" / "nl-2017.txt").write_text("nothing a reader can use\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("LAWTOOLS_INDEX_DIR", None)
    done = subprocess.run([sys.executable, "-m", "lawtools", "build", "-q"], cwd=project, env=env,
                          capture_output=True, text=True)
    assert done.returncode != 0
    assert done.stderr.startswith("lawtools: corpus/sources/nl-2017.txt") and "Traceback" not in done.stderr
    assert snapshot(project / "corpus" / "records") == records


def test_a_concordance_package_outside_this_checkout_is_not_run(monkeypatch, tmp_path):
    import importlib.machinery
    import importlib.util

    from lawtools.pipeline import stages

    elsewhere = importlib.machinery.ModuleSpec("lawtools.concordance", None, origin=str(tmp_path / "__init__.py"))
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: elsewhere if name == "lawtools.concordance"
                        else None)
    with pytest.raises(stages.Skip, match="not present"):
        stages.concordance(None)


@pytest.mark.parametrize("isolate", [True, False])
def test_a_file_operation_a_stage_leaves_unguarded_fails_as_one_line(project, monkeypatch, isolate):
    """A full disk while a stage tidies its cache (the findings' old entry, unlinked) is a StageFailed naming
    the file and the stage, in a forked stage and in-process alike, not an internal error with a traceback
    (the every-step full-disk campaign of `lawtools build` found one)."""
    import errno
    import pathlib

    from lawtools.errors import StageFailed

    change_word(project / "corpus" / "sources" / "sv-2007.txt", f"{SHARED_LAW}. ")
    real = pathlib.Path.unlink

    def full(self, *args, **kwargs):
        if self.name.startswith("findings-"):
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "unlink", full)
    with pytest.raises(StageFailed, match=r"findings-.*: the checks stage failed: no space left on the device"):
        build(project, monkeypatch, isolate=isolate)


def test_the_sites_scripts_and_templates_are_code_of_the_site_stage():
    # a changed lawsearch.js or theme template must rebuild the site (it once kept a stale search script)
    from lawtools.pipeline.fingerprint import PACKAGE, code_files

    site = {p.relative_to(PACKAGE).as_posix() for p in code_files("site")}
    assert {"search/static/lawsearch.js", "search/static/header.js", "site/theme/partials/search.html"} <= site
    assert "search/static/lawsearch.js" in {p.relative_to(PACKAGE).as_posix() for p in code_files("index")}
    assert not any(p.suffix == ".pyc" for p in code_files("site"))
