"""Issue 9: hostile inputs give one `lawtools:` line (or a finding), never a traceback, a hang or a lost file."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from reliability_support import ROOT, env, snapshot

REAL_MANIFEST = (ROOT / "corpus" / "editions.yaml").read_text(encoding="utf-8")


@pytest.fixture
def project(tmp_path):
    """A copy of the real project's corpus (sources, manifest, records, termbase)."""
    shutil.copytree(ROOT / "corpus", tmp_path / "corpus", ignore=shutil.ignore_patterns(".lawtools.lock"))
    return tmp_path


def lawtools(cwd: Path, *args: str, timeout: float = 180, extra_env: dict | None = None):
    """Run the CLI in a subprocess; returns (exit code, stdout, stderr)."""
    done = subprocess.run([sys.executable, "-m", "lawtools", *args], cwd=cwd, env={**env(), **(extra_env or {})},
                          capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout, done.stderr


def one_line(stderr: str) -> str:
    """The single error line (warnings before it allowed); fails on a traceback or a multi-line error."""
    assert "Traceback" not in stderr, stderr[-2000:]
    lines = [line for line in stderr.splitlines() if not line.startswith("lawtools: warning:")]
    assert len(lines) == 1 and lines[0].startswith("lawtools: "), stderr[-2000:]
    return lines[0]


# -------------------------------------------------------------------------------------------- the manifest

BOMB = "".join(f"x{i}: &x{i} [" + ", ".join([f"*x{i - 1}"] * 9 if i else ["lol"] * 9) + "]\n" for i in range(9))
MANIFEST_CASES = {
    "year-abc": ("year: 2007", "year: abc", "editions[0].year"),
    "id-number": ("id: sv-2007", "id: 123", "editions[0].id"),
    "id-yes": ("id: sv-2007", "id: yes", "editions[0].id"),
    "id-dot": ("id: sv-2007", 'id: "."', "editions[0].id"),
    "id-empty": ("id: sv-2007", 'id: ""', "editions[0].id"),
    "id-slash": ("id: sv-2007", "id: a/b", "editions[0].id"),
    "id-absolute": ("id: sv-2007", "id: /tmp/x", "editions[0].id"),
    "id-long": ("id: sv-2007", "id: " + "s" * 300, "editions[0].id"),
    "id-nul": ("id: sv-2007", 'id: "sv-\\0"', "editions[0].id"),
    "layout-list": ("layout: plain", "layout: [plain, bulleted]", "editions[0].layout"),
    "layout-unknown": ("layout: plain", "layout: scroll", "unknown layout 'scroll'"),
    "partial-not-list": ('partial: ["43"]', "partial: 43", "editions[2].partial"),
    "inferred-not-list": ("inferred: []", "inferred: yes", "editions[0].inferred"),
    "laws-huge": ('laws: "41-71"', 'laws: "1-100000000"', "editions[0].laws"),
    "laws-backwards": ('laws: "41-71"', 'laws: "71-41"', "editions[0].laws"),
    "laws-text": ('laws: "41-71"', 'laws: "forty"', "editions[0].laws"),
    "language-null": ("language: sv", "language: null", "editions[0].language"),
    "language-shape": ("language: sv", "language: Swedish", "editions[0].language"),
    "title-null": ('title: "2007 ÅRS LAGAR FÖR TÄVLINGSBRIDGE."', "title: null", "editions[0].title"),
    "option-type": ("unnumbered_pages: 3", "unnumbered_pages: three", "editions[1].options.unnumbered_pages"),
    "option-unknown": ("unnumbered_pages: 3", "unnumbered_pagez: 3", "editions[1].options.unnumbered_pagez"),
    "option-list-type": ("label_after: [eller]", "label_after: eller", "editions[1].options.label_after"),
    "duplicate-id": ("id: nb-2017", "id: sv-2007", "declared twice"),
    "recursive-alias": ("editions:\n", "loop: &loop [*loop]\neditions:\n", "recursive alias"),
    "alias-bomb": ("editions:\n", BOMB + "editions:\n", "alias bomb"),
}


@pytest.mark.parametrize("case", list(MANIFEST_CASES), ids=list(MANIFEST_CASES))
def test_a_bad_manifest_value_is_one_line_with_position_and_records_stay(project, case):
    old, new, expected = MANIFEST_CASES[case]
    assert old in REAL_MANIFEST
    text = REAL_MANIFEST.replace(old, new, 1)
    (project / "corpus" / "editions.yaml").write_text(text, encoding="utf-8")
    before = snapshot(project / "corpus" / "records")
    code, _, err = lawtools(project, "ingest", timeout=60)
    line = one_line(err)
    assert code == 2 and expected in line, line
    assert line.startswith(f"lawtools: {project / 'corpus' / 'editions.yaml'}:") and line.split(":")[2].isdigit()
    assert snapshot(project / "corpus" / "records") == before
    assert sorted(os.listdir(project / "corpus")) == sorted(os.listdir(ROOT / "corpus")) or \
        set(os.listdir(project / "corpus")) <= {*os.listdir(ROOT / "corpus"), ".lawtools.lock"}


def test_an_unknown_language_code_of_the_right_shape_is_accepted_at_load(project):
    from lawtools.manifest import load_manifest

    (project / "corpus" / "editions.yaml").write_text(REAL_MANIFEST.replace("language: sv", "language: xx", 1),
                                                      encoding="utf-8")
    assert load_manifest(project / "corpus" / "editions.yaml").get("sv-2007").language == "xx"


# -------------------------------------------------------------------------------------------- damaged records

def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


DAMAGED_RECORDS = {
    "deep-nesting": ("sv-2007/64.json", lambda text: text.replace('"nodes": [', f'"nodes": [{_nested(100_000)}, ', 1),
                     "nested too deeply"),
    "moderate-nesting": ("sv-2007/64.json", lambda text: text.replace('"nodes": [', f'"nodes": [{_nested(500)}, ', 1),
                         "nested more than"),
    "text-not-string": ("sv-2007/64.json", lambda text: text.replace('"intro": ""', '"intro": {"a": 1}', 1),
                        "intro"),
    "laws-not-numbers": ("sv-2007/edition.json", lambda text: text.replace('"41"', '"abc"', 1), "laws[0]"),
    "laws-escape": ("sv-2007/edition.json", lambda text: text.replace('"41"', '"../../x"', 1), "laws[0]"),
    "latin-1": ("sv-2007/64.json", lambda text: text.replace("NÄR", "N\udcc4R", 1), "not UTF-8"),
    "null": ("sv-2007/64.json", lambda text: "null\n", "not a record"),
    "wrong-edition": ("sv-2007/64.json", lambda text: text.replace('"law": "64"', '"law": "63"', 1), "not sv-2007"),
}


COMMANDS = {"show": ["show", "64B"], "diff": ["diff", "64B"], "align": ["align"],
            "check": ["check", "--edition", "sv-2007"],
            "export": ["export", "tmx", "--source", "sv-2007", "--target", "de-1997"]}
# every command on the deepest damage; every damage through show
DAMAGE_RUNS = [("deep-nesting", c) for c in COMMANDS] + [(d, "show") for d in DAMAGED_RECORDS if d != "deep-nesting"]


@pytest.mark.parametrize(("case", "command"), DAMAGE_RUNS, ids=[f"{d}-{c}" for d, c in DAMAGE_RUNS])
def test_a_damaged_record_is_one_line_naming_it(project, case, command):
    command = COMMANDS[command]
    name, damage, expected = DAMAGED_RECORDS[case]
    path = project / "corpus" / "records" / name
    text = damage(path.read_text(encoding="utf-8"))
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    code, _, err = lawtools(project, *command)
    line = one_line(err)
    assert code != 0 and name in line and expected in line, line


def test_ingest_check_reads_a_latin_1_record_without_crashing(project):
    path = project / "corpus" / "records" / "sv-2007" / "64.json"
    path.write_bytes(path.read_bytes().replace("NÄR".encode(), "NÄR".encode("latin-1"), 1))
    code, out, err = lawtools(project, "ingest", "--check")
    assert code == 1 and "records/sv-2007/64.json" in out and "Traceback" not in err


# -------------------------------------------------------------------------------------------- freshness

def test_show_warns_about_a_hand_edited_record(project):
    path = project / "corpus" / "records" / "sv-2007" / "64.json"
    path.write_text(path.read_text(encoding="utf-8").replace("revoke", "revoken", 1), encoding="utf-8")
    code, _, err = lawtools(project, "show", "64B", "--edition", "sv-2007")
    assert code == 0
    assert "records/sv-2007/64.json was changed after `lawtools ingest`" in err and "run `lawtools ingest`" in err


def test_show_diff_and_search_warn_about_a_changed_source(project):
    source = project / "corpus" / "sources" / "de-1997.txt"
    source.write_bytes(source.read_bytes() + b"\n")
    for command in (["show", "64B"], ["diff", "64B"], ["search", "straffkort", "--limit", "1"]):
        code, _, err = lawtools(project, *command)
        assert code == 0 and "corpus/sources/de-1997.txt changed since its records were generated" in err, err


def test_current_records_give_no_warning(project):
    code, _, err = lawtools(project, "show", "64B")
    assert code == 0 and "warning" not in err


def test_records_generation_changes_exactly_when_records_change(project):
    from lawtools.records import records_generation

    records = project / "corpus" / "records"
    first = records_generation(records)
    assert first and len(first) == 64
    code, _, _ = lawtools(project, "ingest")
    assert code == 0 and records_generation(records) == first  # nothing changed: same stamp, file untouched
    source = project / "corpus" / "sources" / "sv-2007.txt"
    text = source.read_text(encoding="utf-8")
    assert " spelföraren " in text
    source.write_text(text.replace(" spelföraren ", " spelförarens ", 1), encoding="utf-8")
    code, _, err = lawtools(project, "ingest")
    assert code == 0, err
    assert records_generation(records) not in (None, first)


# -------------------------------------------------------------------------------------------- paths we do not own

def test_index_dir_pointing_at_a_file_is_refused_and_the_file_kept(project, tmp_path):
    victim = tmp_path / "precious.txt"
    victim.write_text("do not delete me\n", encoding="utf-8")
    code, _, err = lawtools(project, "search", "straffkort", extra_env={"LAWTOOLS_INDEX_DIR": str(victim)})
    line = one_line(err)
    assert code == 2 and str(victim) in line and "will not replace" in line
    assert victim.read_text(encoding="utf-8") == "do not delete me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["precious.txt", "corpus"])


def test_index_dir_pointing_at_a_foreign_directory_is_refused(project, tmp_path):
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine\n", encoding="utf-8")
    code, _, err = lawtools(project, "index", extra_env={"LAWTOOLS_INDEX_DIR": str(foreign)})
    assert code == 2 and "not created by lawtools" in one_line(err)
    assert sorted(p.name for p in foreign.iterdir()) == ["notes.txt"]


def test_a_directory_without_a_corpus_is_a_clear_error(tmp_path):
    code, _, err = lawtools(tmp_path, "show", "64B")
    assert code == 2 and "no corpus/editions.yaml found" in one_line(err)


def test_a_deleted_working_directory_is_a_clear_error(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    script = (f"import os, sys; os.chdir({str(gone)!r}); os.rmdir({str(gone)!r}); "
              "from lawtools.cli import main; sys.exit(main(['show', '64B']))")
    done = subprocess.run([sys.executable, "-c", script], env=env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "working directory no longer exists" in one_line(done.stderr)


@pytest.mark.parametrize(("variable", "value", "command"), [
    ("LAWTOOLS_LOCK_TIMEOUT", "abc", "ingest"),
    ("LAWTOOLS_LOCK_TIMEOUT", "-5", "ingest"),  # filelock reads a negative timeout as "wait for ever"
    ("LAWTOOLS_LOCK_TIMEOUT", "nan", "ingest"),
    ("LAWTOOLS_SEMANTIC", "alway", "search"),
    ("LAWTOOLS_SEARCH_BACKEND", "lucene", "search"),
])
def test_an_unusable_environment_setting_is_one_line_naming_it(project, variable, value, command):
    args = ("search", "straffkort") if command == "search" else (command,)
    code, _, err = lawtools(project, *args, extra_env={variable: value})
    assert code == 2 and f"{variable}={value!r}" in one_line(err)


def test_environment_settings_read_case_and_spaces_alike(project):
    code, out, err = lawtools(project, "search", "straffkort", "--json",
                              extra_env={"LAWTOOLS_SEMANTIC": " Never ", "LAWTOOLS_LOCK_TIMEOUT": "2.5"})
    assert code == 0, err
    assert json.loads(out)


# -------------------------------------------------------------------------------------------- special and huge files

@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "directory"])
def test_a_special_source_is_refused_without_reading(project, kind):
    source = project / "corpus" / "sources" / "nl-2017.txt"
    source.unlink()
    if kind == "fifo":
        os.mkfifo(source)
    elif kind == "dev-zero":
        source.symlink_to("/dev/zero")
    else:
        source.mkdir()
    code, _, err = lawtools(project, "ingest", timeout=60)
    line = one_line(err)
    assert code == 2 and "nl-2017.txt" in line and ("not a regular file" in line or "directory" in line)


def test_an_oversized_source_is_refused(mini_project, capsys, monkeypatch):
    from lawtools.cli import main
    from lawtools.readers import base

    mini_project("sv-1001", "LAW 1 X\n" + "text\n" * 100)
    monkeypatch.setattr(base, "MAX_SOURCE_BYTES", 200)
    assert main(["ingest"]) == 2
    err = capsys.readouterr().err
    assert "sv-1001.txt" in err and "over the limit of 200 bytes" in err and err.count("\n") == 1


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_special_pbn_file_is_refused(tmp_path, kind):
    path = tmp_path / "boards.pbn"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    code, _, err = lawtools(ROOT, "rules", "replay", str(path), timeout=60)
    assert code != 0 and "not a regular file" in one_line(err)


# -------------------------------------------------------------------------------------------- PBN and LIN values

BRIDGE = ROOT.parent / "shared" / "bridge-data"


@pytest.mark.skipif(not BRIDGE.is_dir(), reason="needs ../shared/bridge-data")
@pytest.mark.parametrize(("name", "old", "new"), [
    ("bridgebots-sample.pbn", '[Result "', '[Result "14'),
    ("bridgebots-sample.pbn", '[Result "', '[Result "99999999999999999999'),
    ("bridgebots-sample.pbn", '[Board "', '[Board "²'),
    ("usbf-sf-2010.lin", "mc|", "mc|99"),
], ids=["result-14", "result-huge", "board-superscript", "lin-mc-99"])
def test_out_of_range_pbn_and_lin_values_are_findings(tmp_path, name, old, new):
    text = (BRIDGE / name).read_text(encoding="utf-8", errors="replace")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    code, out, err = lawtools(ROOT, "rules", "replay", str(path), "--json")
    assert "Traceback" not in err
    if code == 2:
        one_line(err)
    else:
        boards = json.loads(out)["boards"]
        codes = {f["code"] for board in boards for f in board["findings"]}
        assert "impossible-result" in codes or "result-mismatch" in codes or new.startswith('[Board'), codes


def test_an_endless_auction_is_one_finding_and_fast(tmp_path):
    path = tmp_path / "long.pbn"
    path.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Auction "N"]\n' + "P " * 50_000 + "\n",
                    encoding="utf-8")
    code, out, err = lawtools(ROOT, "rules", "replay", str(path), "--json")
    assert code in (0, 1) and "Traceback" not in err
    findings = json.loads(out)["boards"][0]["findings"]
    assert [f["code"] for f in findings] == ["auction-too-long"]


def test_a_megabyte_of_one_provision_is_refused_with_its_line(tmp_path):
    corpus = tmp_path / "corpus"
    (corpus / "sources").mkdir(parents=True)
    (corpus / "sources" / "de-9001.txt").write_text("§ 4: Titel\n" + "§ 4\n" * 250_000, encoding="utf-8")
    (corpus / "editions.yaml").write_text(
        "editions:\n  - {id: de-9001, language: de, year: 1997, title: T, provenance: P, laws: '1-93', "
        "layout: paragraphs, source: sources/de-9001.txt,\n     options: {law_heading: '§', part_heading: Teil, "
        "chapter_heading: Abschnitt}}\n", encoding="utf-8")
    code, _, err = lawtools(tmp_path, "ingest", timeout=120)
    assert code == 2 and "Traceback" not in err
    assert err.startswith("lawtools: corpus/sources/de-9001.txt:2002: law 4 has more than 2,000 lines of text")
    assert not (corpus / "records").exists()


def test_a_site_dir_that_is_someone_elses_is_refused_not_emptied(tmp_path):
    foreign = tmp_path / "Documents"
    foreign.mkdir()
    (foreign / "thesis.txt").write_text("years of work\n", encoding="utf-8")
    code, _, err = lawtools(ROOT, "site", "build", "-q", "--site-dir", str(foreign), timeout=120)
    assert code == 2 and "will not empty it" in one_line(err)
    assert (foreign / "thesis.txt").read_text(encoding="utf-8") == "years of work\n"
