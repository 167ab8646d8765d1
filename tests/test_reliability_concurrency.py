"""Issue 9, concurrency: two ingests (or builds) in one checkout wait for each other or fail clearly, and a
reader never sees an edition missing while the records switch."""

from __future__ import annotations

import subprocess
import sys
import threading

from filelock import FileLock
from reliability_support import KILL, NEW, OLD, env, leftovers, make_project, run, set_sources, snapshot


def _popen(root, *command):
    return subprocess.Popen([sys.executable, str(KILL), "none", "0", *command], cwd=root, env=env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_ingests_at_once_both_finish_and_agree(tmp_path):
    reference = make_project(tmp_path / "reference", NEW)
    assert run(reference, "ingest").returncode == 0
    expected = snapshot(reference / "corpus" / "records")
    for attempt in range(3):
        project = make_project(tmp_path / f"p{attempt}")
        assert run(project, "ingest").returncode == 0
        set_sources(project, NEW)
        first, second = _popen(project, "ingest"), _popen(project, "ingest")
        for process in (first, second):
            out, err = process.communicate(timeout=300)
            assert process.returncode == 0 and "Traceback" not in err, err
        assert snapshot(project / "corpus" / "records") == expected
        assert leftovers(project) == []


def test_an_ingest_waits_for_the_lock_then_fails_clearly(tmp_path):
    project = make_project(tmp_path / "p")
    with FileLock(str(project / "corpus" / ".lawtools.lock")):
        done = run(project, "ingest", extra_env={"LAWTOOLS_LOCK_TIMEOUT": "0.5"})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("lawtools: ") and "another ingest is running in this checkout" in done.stderr
    assert not (project / "corpus" / "records").exists() and leftovers(project) == []


def test_a_site_build_waits_for_the_lock_then_fails_clearly(tmp_path):
    project = make_project(tmp_path / "p")
    with FileLock(str(project / "corpus" / ".lawtools.lock")):
        done = run(project, "site", "build", "-q", "--site-dir", str(tmp_path / "site"),
                   extra_env={"LAWTOOLS_LOCK_TIMEOUT": "0.5"})
    assert done.returncode == 2 and "another lawtools site is running in this checkout" in done.stderr
    assert not (tmp_path / "site").exists()


def test_readers_never_see_an_edition_missing_while_records_switch(tmp_path, monkeypatch):
    from lawtools import readers
    from lawtools.manifest import load_manifest
    from lawtools.records import Corpus

    monkeypatch.setitem(readers.LAYOUTS, "mini", "mini_reader")
    project = make_project(tmp_path / "p")
    assert run(project, "ingest").returncode == 0
    manifest = load_manifest(project / "corpus" / "editions.yaml")
    seen: list[list[str]] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            corpus = Corpus(project / "corpus" / "records", manifest)
            try:
                seen.append(corpus.editions())
            except Exception as error:  # noqa: BLE001 - any failure is what the test looks for
                seen.append([f"{type(error).__name__}: {error}"])

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for sources in (NEW, OLD, NEW, OLD):
            set_sources(project, sources)
            assert run(project, "ingest").returncode == 0
    finally:
        stop.set()
        reader.join()
    assert len(seen) > 10  # the reader ran during the switches
    assert all(editions == ["sv-1001", "sv-1002"] for editions in seen), {tuple(e) for e in seen}


def test_a_reader_that_outlives_a_switch_is_told_to_run_again(tmp_path, monkeypatch):
    """Records read half before and half after a swap are never mixed silently: one clear line instead."""
    import pytest

    from lawtools import readers
    from lawtools.errors import RecordError
    from lawtools.manifest import load_manifest
    from lawtools.records import Corpus

    monkeypatch.setitem(readers.LAYOUTS, "mini", "mini_reader")
    project = make_project(tmp_path / "p")
    assert run(project, "ingest").returncode == 0
    corpus = Corpus(project / "corpus" / "records", load_manifest(project / "corpus" / "editions.yaml"))
    assert corpus.editions() == ["sv-1001", "sv-1002"]  # edition.json and the stamp of the old tree read
    set_sources(project, NEW)
    assert run(project, "ingest").returncode == 0  # the tree is swapped under the reader
    with pytest.raises(RecordError, match="the records were replaced while this command read them"):
        corpus.articles("sv-1001")


# ---------------------------------------------------------------------------------------------- round three

def _finish(process, timeout=900):
    out, err = process.communicate(timeout=timeout)
    return process.returncode, out, err


def _site_files(project):
    from reliability_support import snapshot

    return {name: (b"" if name.startswith("sitemap") else data)
            for name, data in snapshot(project / "build" / "site").items()}


def test_two_builds_at_once_wait_for_each_other_and_agree(tmp_path):
    """`lawtools build` twice at once in one checkout: the second waits; both finish; the result is one build's."""
    from reliability_support import SHARED_NEW, SHARED_OLD, build_leftovers, copy_project, make_site_project

    project = make_site_project(tmp_path / "p", SHARED_OLD)
    assert run(project, "build", "-q", timeout=600).returncode == 0
    set_sources(project, SHARED_NEW)
    reference = copy_project(project, tmp_path / "reference")
    assert run(reference, "build", "-q", timeout=600).returncode == 0
    first, second = _popen(project, "build", "-q"), _popen(project, "build", "-q")
    for code, _, err in (_finish(first), _finish(second)):
        assert code == 0 and "Traceback" not in err, err[-800:]
    assert snapshot(project / "corpus" / "records") == snapshot(reference / "corpus" / "records")
    assert _site_files(project) == _site_files(reference)
    assert build_leftovers(project) == [] and leftovers(project) == []


def test_a_build_and_an_ingest_at_once_never_tear(tmp_path):
    """An ingest started while a build runs waits for it (or the build for the ingest); the records end whole."""
    from reliability_support import SHARED_NEW, SHARED_OLD, build_leftovers, make_site_project

    project = make_site_project(tmp_path / "p", SHARED_OLD)
    assert run(project, "build", "-q", timeout=600).returncode == 0
    expected_old = snapshot(project / "corpus" / "records")
    set_sources(project, SHARED_NEW)
    build = _popen(project, "build", "-q")
    ingest = _popen(project, "ingest")
    for code, _, err in (_finish(build), _finish(ingest)):
        assert code == 0 and "Traceback" not in err, err[-800:]
    records = snapshot(project / "corpus" / "records")
    assert records != expected_old
    again = run(project, "ingest", "--check")
    assert again.returncode == 0, again.stderr[-500:]
    assert build_leftovers(project) == [] and leftovers(project) == []
    rebuilt = run(project, "build", "-q", timeout=600)  # the site now follows the records, whoever won
    assert rebuilt.returncode == 0 and snapshot(project / "corpus" / "records") == records


def test_searches_during_index_rebuilds_always_answer(tmp_path):
    """`search` while `index --force` swaps the index directory: every search answers with results, none fails."""
    import json

    from search_support import make_project as make_search_project

    project = make_search_project(tmp_path / "p")
    assert run(project, "index").returncode == 0
    answers: list[tuple[int, str, str]] = []
    stop = threading.Event()

    def search() -> None:
        while not stop.is_set():
            done = run(project, "search", "straffkort", "--json")
            answers.append((done.returncode, done.stdout, done.stderr))

    searcher = threading.Thread(target=search)
    searcher.start()
    try:
        for _ in range(4):
            rebuilt = run(project, "index", "--force")
            assert rebuilt.returncode == 0, rebuilt.stderr[-500:]
    finally:
        stop.set()
        searcher.join()
    assert len(answers) >= 2
    for code, out, err in answers:
        assert code == 0 and "Traceback" not in err, err[-500:]
        assert json.loads(out)["results"], err
    assert sorted(p.name for p in (project / "build").iterdir()) == ["index"]


def test_show_during_concordance_updates_never_sees_a_torn_store(tmp_path):
    """`show` and the listing while `concordance --update --force` rewrites the pair files: whole answers only."""
    import json

    from reliability_support import SHARED_OLD, make_site_project

    project = make_site_project(tmp_path / "p", SHARED_OLD)
    assert run(project, "ingest").returncode == 0
    assert run(project, "concordance", "--update", "--no-encoder").returncode == 0
    answers: list[tuple[int, str, str]] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            for command in (("show", "1A", "--json"), ("concordance", "--json")):
                done = run(project, *command)
                answers.append((done.returncode, done.stdout, done.stderr))

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for _ in range(4):
            updated = run(project, "concordance", "--update", "--force", "--no-encoder")
            assert updated.returncode == 0, updated.stderr[-500:]
    finally:
        stop.set()
        reader.join()
    assert len(answers) >= 2
    for code, out, err in answers:
        assert code == 0 and "Traceback" not in err, err[-500:]
        assert json.loads(out), out
    assert leftovers(project) == []


def test_two_concordance_updates_at_once_wait_for_each_other(tmp_path):
    from reliability_support import SHARED_NEW, SHARED_OLD, copy_project, make_site_project

    project = make_site_project(tmp_path / "p", SHARED_OLD)
    assert run(project, "ingest").returncode == 0
    assert run(project, "concordance", "--update", "--no-encoder").returncode == 0
    set_sources(project, SHARED_NEW)
    assert run(project, "ingest").returncode == 0
    reference = copy_project(project, tmp_path / "reference")
    assert run(reference, "concordance", "--update", "--no-encoder").returncode == 0
    first = _popen(project, "concordance", "--update", "--no-encoder")
    second = _popen(project, "concordance", "--update", "--no-encoder")
    for code, _, err in (_finish(first), _finish(second)):
        assert code == 0 and "Traceback" not in err, err[-800:]
    assert snapshot(project / "corpus" / "concordance") == snapshot(reference / "corpus" / "concordance")
    assert leftovers(project) == []


def test_a_concordance_update_waits_for_the_lock_then_fails_clearly(tmp_path):
    from reliability_support import SHARED_OLD, make_site_project

    project = make_site_project(tmp_path / "p", SHARED_OLD)
    assert run(project, "ingest").returncode == 0
    with FileLock(str(project / "corpus" / ".lawtools.lock")):
        done = run(project, "concordance", "--update", "--no-encoder", extra_env={"LAWTOOLS_LOCK_TIMEOUT": "0.5"})
    assert done.returncode == 2 and done.stderr.startswith("lawtools: ") and done.stderr.count("\n") == 1
    assert "another lawtools concordance --update is running" in done.stderr
    assert not (project / "corpus" / "concordance" / "sv-1001_nb-1001.yaml").exists()
