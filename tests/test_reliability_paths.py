"""Issue 9: permission and disk problems are one clear line and leave nothing behind (in-process, fast)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lawtools.cli import main

GOOD = "LAW 1 FIRST\nIntro.\nA. Section\nText.\n"


def test_a_read_only_records_directory_is_one_line_and_nothing_written(mini_project, capsys, monkeypatch):
    mini_project("sv-1001", GOOD)
    assert main(["ingest"]) == 0
    records = mini_project.root / "corpus" / "records"
    before = {p: p.read_bytes() for p in records.rglob("*") if p.is_file()}
    (mini_project.root / "corpus" / "sources" / "sv-1001.txt").write_text(GOOD + "More.\n", encoding="utf-8")
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if str(path).startswith(str(records))
                        else real_access(path, mode, **kw))
    capsys.readouterr()
    assert main(["ingest"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"lawtools: {records}") and "not writable" in err and err.count("\n") == 1
    assert {p: p.read_bytes() for p in records.rglob("*") if p.is_file()} == before
    assert sorted(os.listdir(records.parent)) == [".lawtools.lock", "editions.yaml", "records", "sources"]


def test_drift_update_on_read_only_package_data_is_one_line(tmp_path, monkeypatch, capsys):
    from lawtools.rules import drift

    monkeypatch.setattr(drift, "HASH_FILE", tmp_path / "no-such-dir" / "rules_provisions.json")
    from lawtools.errors import WriteError

    with pytest.raises(WriteError, match="rules_provisions.json: cannot write"):
        drift.write_recorded({"64A": {"sv-2007": "0" * 16}}, drift.HASH_FILE)


def test_records_that_are_not_ours_are_not_replaced(mini_project, capsys):
    mini_project("sv-1001", GOOD)
    records = mini_project.root / "corpus" / "records"
    records.mkdir()
    (records / "my-notes.txt").write_text("mine\n", encoding="utf-8")
    assert main(["ingest"]) == 2
    err = capsys.readouterr().err
    assert "my-notes.txt, which lawtools did not write" in err and err.count("\n") == 1
    assert sorted(os.listdir(records)) == ["my-notes.txt"]


def test_a_record_directory_symlink_is_not_followed_for_deletion(mini_project, capsys, tmp_path):
    mini_project("sv-1001", GOOD)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("keep\n", encoding="utf-8")
    (mini_project.root / "corpus" / "records").symlink_to(elsewhere)
    assert main(["ingest"]) == 2
    assert "is not the records directory lawtools writes" in capsys.readouterr().err
    assert sorted(os.listdir(elsewhere)) == ["keep.txt"]


def test_a_site_build_that_fails_midway_keeps_the_old_site(tmp_path, monkeypatch):
    import errno

    import mkdocs.commands.build as mkdocs_build

    from lawtools.errors import LawtoolsError
    from lawtools.site.build import build_site

    root = Path(__file__).resolve().parent.parent
    site = tmp_path / "build" / "site"
    site.mkdir(parents=True)
    (site / "index.html").write_text("old site", encoding="utf-8")
    (site / "laws").mkdir()  # a site lawtools built before ownership markers existed

    def half_build(config, **kwargs):
        out = Path(config["site_dir"])
        (out / "index.html").write_text("half", encoding="utf-8")
        raise OSError(errno.ENOSPC, "No space left on device", str(out / "laws"))

    monkeypatch.setattr(mkdocs_build, "build", half_build)
    with pytest.raises(LawtoolsError, match="cannot write"):
        build_site(root / "mkdocs.yml", site_dir=site, strict=False, cache=False)
    assert (site / "index.html").read_text(encoding="utf-8") == "old site"
    assert sorted(p.name for p in site.parent.iterdir()) == [".site.lawtools-owned", "site"]
