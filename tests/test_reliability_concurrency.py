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
