"""The ingest pipeline: bad input is refused with file and line, nothing is written, records are checked."""

from __future__ import annotations

import json

import pytest

from lawtools.cli import main

GOOD = """
LAW 1 FIRST LAW
Intro of the first law.
A. Section title
Section text, see lag 1B.
1. Item one text.
(a) Sub-item text.
B. Another section
Text of B.
LAW 2 SECOND LAW
Only an intro.
"""


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_ingest_writes_records_and_summary(mini_project, capsys):
    mini_project("sv-1001", GOOD)
    code, out, err = run(capsys, "ingest")
    assert code == 0, err
    assert "sv-1001" in out and "records" in out
    records = mini_project.root / "corpus" / "records" / "sv-1001"
    law1 = json.loads((records / "1.json").read_text(encoding="utf-8"))
    assert list(law1)[:6] == ["edition", "language", "law", "title", "intro", "nodes"]
    assert [n["id"] for n in law1["nodes"]] == ["1A", "1B"]
    assert law1["nodes"][0]["children"][0]["id"] == "1A1"
    assert law1["nodes"][0]["children"][0]["children"][0]["id"] == "1A1(a)"
    assert law1["refs"] == [{"raw": "lag 1B", "target": "1B", "node": "1A"}]
    assert law1["source"] == {"file": "corpus/sources/sv-1001.txt", "lines": [1, 8]}
    edition = json.loads((records / "edition.json").read_text(encoding="utf-8"))
    assert edition["laws"] == ["1", "2"]


def test_ingest_json_summary_counts(mini_project, capsys):
    mini_project("sv-1001", GOOD)
    code, out, _ = run(capsys, "ingest", "--json")
    assert code == 0
    stats = json.loads(out)["editions"][0]
    assert (stats["laws"], stats["provisions"], stats["references"]) == (2, 4, 1)


def test_check_reports_stale_records_and_passes_when_current(mini_project, capsys):
    source = mini_project("sv-1001", GOOD)
    assert run(capsys, "ingest", "--check")[0] == 1  # nothing written yet
    assert run(capsys, "ingest")[0] == 0
    assert run(capsys, "ingest", "--check")[0] == 0
    source.write_text(source.read_text(encoding="utf-8").replace("Only an intro.", "Changed intro."), encoding="utf-8")
    code, out, err = run(capsys, "ingest", "--check")
    assert code == 1
    assert "records/sv-1001/2.json" in out and "differ" in err


BAD_INPUTS = {
    "empty": (b"", None, "empty"),
    "only-whitespace": (b"\n  \n", None, "empty"),
    "binary": (b"LAW 1 X\n\x00\x01\x02binary", 2, "NUL"),
    "undecodable": (b"LAW 1 X\nText\n" + b"caf\xe9 latin-1\n", 3, "not valid UTF-8"),
    "bom": (b"\xef\xbb\xbfLAW 1 X\n", 1, "byte-order mark"),
    "crlf": (b"LAW 1 X\nText\r\nMore\r\n", 2, "CRLF"),
    "no-law": (b"just some text\nwithout any law heading\n", 1, "before the first law heading"),
}


@pytest.mark.parametrize("case", list(BAD_INPUTS), ids=list(BAD_INPUTS))
def test_bad_input_names_file_and_line_and_writes_nothing(mini_project, capsys, case):
    content, line, words = BAD_INPUTS[case]
    mini_project("sv-1002", GOOD)
    assert run(capsys, "ingest")[0] == 0
    records = mini_project.root / "corpus" / "records"
    before = {p: p.read_bytes() for p in records.rglob("*") if p.is_file()}
    mini_project("sv-1003", content)
    code, out, err = run(capsys, "ingest")
    assert code == 2
    location = "corpus/sources/sv-1003.txt" + (f":{line}" if line else "")
    assert location in err and words in err
    assert "Traceback" not in err + out
    after = {p: p.read_bytes() for p in records.rglob("*") if p.is_file()}
    assert after == before, "a failed ingest must leave the previous records untouched"


def test_conservation_refuses_records_that_lose_a_word(mini_project, capsys):
    mini_project("sv-1001", GOOD + "DROP a passage the reader loses\n")
    code, _, err = run(capsys, "ingest")
    assert code == 2
    assert "would not keep every word" in err and "passage" in err
    assert not (mini_project.root / "corpus" / "records" / "sv-1001").exists()


def test_unknown_layout_and_edition_are_clear_errors(mini_project, capsys):
    mini_project("sv-1001", GOOD)
    manifest = mini_project.root / "corpus" / "editions.yaml"
    code, _, err = run(capsys, "ingest", "--edition", "xx-1999")
    assert code == 1 and "unknown edition 'xx-1999'" in err and "sv-1001" in err
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("layout: mini", "layout: scroll"), encoding="utf-8")
    code, _, err = run(capsys, "ingest")
    assert code == 2 and "unknown layout 'scroll'" in err and "plain" in err


def test_duplicate_provision_is_a_source_error(mini_project, capsys):
    mini_project("sv-1001", "LAW 1 X\nA. One\ntext\nA. Again\ntext\n")
    code, _, err = run(capsys, "ingest")
    assert code == 2 and "sv-1001.txt:4" in err and "1A appears twice" in err


def test_soft_hyphens_zero_width_spaces_and_ligatures_are_not_text(mini_project, capsys):
    # a PDF's text export carries them: 'Spel\u00adföraren' is the word Spelföraren, 'ﬁ' the letters f and i
    mini_project("sv-1001", GOOD.replace("Section text", "Spel\u00adföraren ﬁnner\u200b text"))
    code, _, err = run(capsys, "ingest")
    assert code == 0, err
    law1 = json.loads((mini_project.root / "corpus" / "records" / "sv-1001" / "1.json").read_text(encoding="utf-8"))
    assert law1["nodes"][0]["text"].startswith("Spelföraren finner text, see lag 1B.")
