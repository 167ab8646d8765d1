"""Issue 9, atomicity: a fault (a kill, a full disk) after any file-system operation of ingest or export leaves
the old state or the new one, complete, and the next run finishes with nothing left behind."""

from __future__ import annotations

import os

import pytest
from reliability_support import (
    NEW,
    OLD,
    copy_project,
    leftovers,
    make_project,
    make_site_project,
    run,
    run_faulty,
    set_sources,
    snapshot,
)


@pytest.fixture(scope="module")
def states(tmp_path_factory):
    """(old project with records of OLD, records tree of OLD, records tree of NEW, ops of one NEW ingest)."""
    base = tmp_path_factory.mktemp("atomic")
    old = make_project(base / "old")
    assert run(old, "ingest").returncode == 0
    new = copy_project(old, base / "new")
    set_sources(new, NEW)
    ops_file = base / "ops"
    counted = run_faulty(new, "none", 0, "ingest", ops_file=ops_file)
    assert counted.returncode == 0, counted.stderr
    old_tree, new_tree = snapshot(old / "corpus" / "records"), snapshot(new / "corpus" / "records")
    assert old_tree != new_tree and set(old_tree) != set(new_tree)  # the test can tell old from new
    return old, old_tree, new_tree, int(ops_file.read_text(encoding="utf-8"))


def test_ingest_survives_a_kill_after_every_operation(states, tmp_path):
    old, old_tree, new_tree, operations = states
    assert operations >= 5, "the probe must see the ingest's file-system operations"
    for step in range(1, operations + 1):
        project = copy_project(old, tmp_path / f"kill-{step}")
        set_sources(project, NEW)
        killed = run_faulty(project, "kill", step, "ingest")
        assert killed.returncode == 97, f"step {step}: the fault did not fire ({killed.stderr[-500:]})"
        after = snapshot(project / "corpus" / "records")
        assert after in (old_tree, new_tree), f"step {step}: records are neither old nor new (torn)"
        finished = run(project, "ingest")
        assert finished.returncode == 0, f"step {step}: {finished.stderr[-500:]}"
        assert snapshot(project / "corpus" / "records") == new_tree, f"step {step}"
        assert leftovers(project) == [], f"step {step}: left behind {leftovers(project)}"


def test_ingest_fails_cleanly_when_any_operation_fails(states, tmp_path):
    old, old_tree, new_tree, operations = states
    for step in range(1, operations + 1):
        project = copy_project(old, tmp_path / f"fail-{step}")
        set_sources(project, NEW)
        failed = run_faulty(project, "fail", step, "ingest")
        assert "Traceback" not in failed.stderr, f"step {step}: {failed.stderr[-800:]}"
        after = snapshot(project / "corpus" / "records")
        if failed.returncode == 0:  # the failed operation was one whose failure is harmless (cleanup)
            assert after == new_tree, f"step {step}"
        else:
            assert failed.stderr.startswith("lawtools: ") and failed.stderr.count("\n") == 1, failed.stderr
            assert after == old_tree, f"step {step}: a failed ingest changed the records"
        assert leftovers(project) == [], f"step {step}: left behind {leftovers(project)}"


def test_current_records_are_not_touched(states, tmp_path):
    old, old_tree, _, _ = states
    project = copy_project(old, tmp_path / "current")
    records = project / "corpus" / "records"
    before = {p: p.stat().st_mtime_ns for p in records.rglob("*")}
    inode = records.stat().st_ino
    assert run(project, "ingest").returncode == 0
    assert {p: p.stat().st_mtime_ns for p in records.rglob("*")} == before
    assert records.stat().st_ino == inode


def test_records_switch_as_one_tree(states, tmp_path):
    """Both editions change in one step: the directory is exchanged, never emptied edition by edition."""
    old, _, new_tree, _ = states
    project = copy_project(old, tmp_path / "switch")
    set_sources(project, NEW)
    records = project / "corpus" / "records"
    inode = records.stat().st_ino
    assert run(project, "ingest").returncode == 0
    assert records.stat().st_ino != inode  # a new tree was swapped in, not edited in place
    assert snapshot(records) == new_tree


@pytest.mark.parametrize("fmt", ["tbx"])
def test_export_survives_a_kill_after_every_operation(tmp_path, fmt):
    from reliability_support import ROOT

    project = copy_project(ROOT / "corpus", tmp_path / "p" / "corpus").parent
    target = project / "out.xml"
    target.write_text("the old export\n", encoding="utf-8")
    ops_file = tmp_path / "ops"
    reference = project / "reference.xml"
    done = run_faulty(project, "none", 0, "export", fmt, "-o", str(reference), ops_file=ops_file)
    assert done.returncode == 0, done.stderr
    complete = reference.read_bytes()
    operations = int(ops_file.read_text(encoding="utf-8"))
    assert operations >= 3
    for step in range(1, operations + 1):
        killed = run_faulty(project, "kill", step, "export", fmt, "-o", str(target))
        assert killed.returncode in (0, 97), killed.stderr[-500:]
        assert target.read_bytes() in (b"the old export\n", complete), f"step {step}: a half-written export"
        target.write_text("the old export\n", encoding="utf-8")
    assert run(project, "export", fmt, "-o", str(target)).returncode == 0
    assert target.read_bytes() == complete
    assert [p.name for p in project.iterdir() if ".tmp-" in p.name] == []


def test_export_on_a_full_disk_keeps_the_old_file(tmp_path, monkeypatch, capsys):
    import errno

    from reliability_support import ROOT

    from lawtools.cli import main

    monkeypatch.chdir(ROOT)
    target = tmp_path / "out.tbx"
    target.write_text("the old export\n", encoding="utf-8")
    real_write = os.write

    def full(fd, data):
        real_write(fd, bytes(data)[:4096])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    assert main(["export", "tbx", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"lawtools: {target}: cannot write: no space left") and err.count("\n") == 1
    assert target.read_text(encoding="utf-8") == "the old export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.tbx"]


def test_old_records_are_untouched_when_the_new_ones_fail_to_parse(states, tmp_path):
    old, old_tree, _, _ = states
    project = copy_project(old, tmp_path / "bad")
    set_sources(project, {**OLD, "sv-1002": "no law heading here\n"})
    failed = run(project, "ingest")
    assert failed.returncode == 2 and failed.stderr.startswith("lawtools: ")
    assert snapshot(project / "corpus" / "records") == old_tree and leftovers(project) == []


def test_index_build_survives_a_kill_after_every_directory_operation(tmp_path):
    """The search index (the build's derived output): killed anywhere, the next search works, nothing left over."""
    import json

    from search_support import make_project as make_search_project

    project = make_search_project(tmp_path / "p")
    ops = {"LAWTOOLS_FAULT_OPS": "rename,replace,mkdir,rmdir,exchange,rmtree,write_text"}
    assert run(project, "index").returncode == 0
    ops_file = tmp_path / "ops"
    counted = run_faulty(project, "none", 0, "index", "--force", ops_file=ops_file, extra_env=ops)
    assert counted.returncode == 0, counted.stderr
    operations = int(ops_file.read_text(encoding="utf-8"))
    assert operations >= 4
    for step in range(1, operations + 1):
        killed = run_faulty(project, "kill", step, "index", "--force", extra_env=ops)
        assert killed.returncode == 97, f"step {step}: {killed.stderr[-300:]}"
        answered = run(project, "search", "straffkort", "--json")
        assert answered.returncode == 0, f"step {step}: {answered.stderr[-500:]}"
        assert json.loads(answered.stdout)["results"], f"step {step}"
        build = project / "build"
        assert sorted(p.name for p in build.iterdir()) == ["index"], f"step {step}: {list(build.iterdir())}"


def test_a_staging_directory_of_an_exited_but_unreaped_process_is_cleaned(tmp_path):
    """A killed build's forked stage lingers as a zombie until init reaps it: its staging tree is still stale
    (the next build found `.site.staging-PID-*` of such a child and left it behind)."""
    import time

    from lawtools.fsutil import clean_stale, mark_owned

    pid = os.fork()
    if pid == 0:
        os._exit(0)
    try:
        time.sleep(0.2)  # exited, not reaped: os.kill(pid, 0) still succeeds
        os.kill(pid, 0)
        staging = tmp_path / f".site.staging-{pid}-0123abcd"
        staging.mkdir()
        mark_owned(staging)
        (staging / "index.html").write_text("half a site", encoding="utf-8")
        assert clean_stale(tmp_path) == [staging]
        assert list(tmp_path.iterdir()) == []
    finally:
        os.waitpid(pid, 0)


def test_a_build_that_parses_nothing_still_removes_a_dead_ingest_staging_tree(tmp_path):
    """An ingest killed right after its switch leaves current records and the old tree in
    `.records.staging-PID-*`; the next `lawtools build` finds the records current, parses nothing, and must
    still take the dead process's tree away (the every-step build campaign found it left, at the exchange)."""
    import subprocess
    import sys

    from lawtools.fsutil import mark_owned

    project = make_site_project(tmp_path / "project")
    assert run(project, "build", "-q", timeout=600).returncode == 0
    records = snapshot(project / "corpus" / "records")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    staging = project / "corpus" / f".records.staging-{int(dead.stdout)}-0123abcd"
    staging.mkdir()
    mark_owned(staging)
    (staging / "stamp.json").write_text("{}", encoding="utf-8")
    again = run(project, "build", timeout=600)
    assert again.returncode == 0, again.stderr[-800:]
    assert "ingest       skipped" in again.stdout
    assert not staging.exists() and leftovers(project) == []
    assert snapshot(project / "corpus" / "records") == records


@pytest.mark.parametrize("mark", ["staging", "beside"])
def test_a_marker_half_written_on_a_full_disk_leaves_nothing_behind(tmp_path, monkeypatch, mark):
    """The marker file is created, then the write fails (ENOSPC): the failing call takes its marker (and the
    staging directory) away with it, so no debris is left for a later run to judge."""
    import errno
    from pathlib import Path

    from lawtools import fsutil

    real = Path.write_text

    def full_disk(self, *args, **kwargs):
        if self.name.endswith(fsutil.MARKER):
            real(self, "")  # opened, nothing written
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full_disk)
    target = tmp_path / "build" / "site"
    target.parent.mkdir()
    with pytest.raises(OSError):
        if mark == "staging":
            fsutil.staging_dir(target)
        else:
            fsutil.mark_owned_beside(target.parent / ".site.staging-1-abcd")
    assert sorted(p.name for p in (tmp_path / "build").iterdir()) == []


def test_switch_files_replaces_a_directory_as_one_tree_and_keeps_what_it_was_not_asked_to_change(tmp_path):
    """corpus/concordance is written as one tree: new files, changed files and removed files switch together,
    a hand-written file beside them keeps its inode, and the directory is marked as lawtools' own."""
    from lawtools.fsutil import is_owned, switch_files

    directory = tmp_path / "concordance"
    directory.mkdir()
    (directory / "overrides.yaml").write_text("# by hand\n", encoding="utf-8")
    (directory / "a_b.yaml").write_text("old\n", encoding="utf-8")
    (directory / "gone_b.yaml").write_text("old\n", encoding="utf-8")
    inode = (directory / "overrides.yaml").stat().st_ino
    switch_files(directory, {"a_b.yaml": "new\n", "plan.yaml": "plan\n", "gone_b.yaml": None})
    assert sorted(p.name for p in directory.iterdir()) == [".lawtools-owned", "a_b.yaml", "overrides.yaml",
                                                            "plan.yaml"]
    assert (directory / "a_b.yaml").read_text(encoding="utf-8") == "new\n"
    assert (directory / "overrides.yaml").stat().st_ino == inode and is_owned(directory)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["concordance"]


def test_switch_files_on_a_full_disk_leaves_every_file_old_and_nothing_beside(tmp_path, monkeypatch):
    import errno
    import pathlib

    from lawtools.fsutil import switch_files

    directory = tmp_path / "concordance"
    directory.mkdir()
    for name in ("a_b.yaml", "c_d.yaml"):
        (directory / name).write_text("old\n", encoding="utf-8")
    before = snapshot(directory)
    real, calls = pathlib.Path.write_text, []

    def full_on_the_second(self, *args, **kwargs):
        calls.append(self.name)
        if len(calls) == 3:  # the marker, the first new file, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "write_text", full_on_the_second)
    with pytest.raises(OSError):
        switch_files(directory, {"a_b.yaml": "new\n", "c_d.yaml": "new\n"})
    assert snapshot(directory) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["concordance"]


def test_switch_files_refuses_a_directory_holding_more_than_plain_files(tmp_path):
    from lawtools.errors import UnsafePath
    from lawtools.fsutil import switch_files

    directory = tmp_path / "concordance"
    (directory / "notes").mkdir(parents=True)
    with pytest.raises(UnsafePath, match="notes"):
        switch_files(directory, {"a_b.yaml": "new\n"})
    assert [p.name for p in directory.iterdir()] == ["notes"]
