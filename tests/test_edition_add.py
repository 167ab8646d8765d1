"""`lawtools edition add`: held-out editions in layouts the readers were not written for, nb-2007, errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lawtools.cli import main
from lawtools.edition_add import add_edition, law_ranges
from lawtools.errors import LawtoolsError, ManifestError, SourceError

HELDOUT = Path(__file__).parent / "fixtures" / "heldout"
CASES = sorted(p.name for p in HELDOUT.iterdir() if (p / "expected.json").exists())
ROOT = Path(__file__).resolve().parent.parent


def dry_run(path: Path, language: str, year: int, tmp_path: Path, **kwargs):
    return add_edition(tmp_path / "corpus" / "editions.yaml", path, edition_id=f"{language}-{year}",
                       language=language, year=year, dry_run=True, **kwargs)


@pytest.mark.parametrize("case", CASES)
def test_heldout_edition_gets_the_original_ids(tmp_path, case):
    expected = json.loads((HELDOUT / case / "expected.json").read_text(encoding="utf-8"))
    report = dry_run(HELDOUT / case / "source.txt", expected["language"], expected["year"], tmp_path)
    produced = {law["law"]: law["provisions"] for law in report.laws}
    assert sorted(produced, key=int) == sorted(expected["ids"], key=int)
    matched = sum(len(set(ids) & set(produced[law])) for law, ids in expected["ids"].items())
    total = sum(len(ids) for ids in expected["ids"].values())
    extra = sum(len(set(ids) - set(expected["ids"][law])) for law, ids in produced.items())
    # unnumbered bullets lose what numbers said (a one-item list, where a list ends): those cases are
    # inferred and flagged, so a bulleted layout has a lower floor
    bulleted = report.options.get("bullets", False)
    assert matched / total >= (0.90 if bulleted else 0.95), f"{matched}/{total} provision ids"
    assert extra <= (10 if bulleted else 0), f"{extra} provision ids that the edition does not have"
    data = (HELDOUT / case / "source.txt").read_bytes()
    assert data.decode(report.encoding) == data.decode(expected["encoding"]), report.encoding


@pytest.fixture(scope="module")
def nb2007(shared_dir, tmp_path_factory):
    return dry_run(shared_dir / "editions" / "nb-2007.txt", "nb", 2007, tmp_path_factory.mktemp("nb"))


def test_nb2007_ids_follow_its_printed_numbering(nb2007):
    laws = {law["law"]: law["provisions"] for law in nb2007.laws}
    assert list(laws) == ["2", "3", "4", "5", "6", "7", "8", "11", "13", "14", "15", "24", "45", "48", "50", "51",
                          "52", "53", "54", "55", "57", "58", "60", "61", "62", "63", "64", "67", "83"]
    # read by hand from the source: items on consecutive lines, 'a)' and '(b)' mixed, '1. (a)' on one line
    assert laws["13"] == ["13A", "13B", "13C", "13D", "13D1", "13D2", "13D2(a)", "13D2(b)", "13E", "13F"]
    assert laws["45"] == ["45A", "45B", "45C", "45C1", "45C2", "45C2(a)", "45C2(b)", "45C3", "45C4", "45C4(a)",
                          "45C4(b)", "45C5", "45D"]
    assert laws["52"] == ["52A", "52B", "52B1", "52B1(a)", "52B1(b)", "52B1(c)", "52B2"]
    assert laws["64"] == ["64A", "64A1", "64A2", "64B", "64B1", "64B2", "64B3", "64B4", "64B5", "64B6", "64B7", "64C"]
    assert laws["2"] == [] and laws["83"] == []


def test_nb2007_reports_the_five_cut_off_laws(nb2007):
    cut = [(a["law"], a["node"]) for a in nb2007.anomaly_list if a["code"] == "cut-off"]
    assert cut == [("6", "6E4"), ("13", "13F"), ("45", "45D"), ("50", "50D1(b)"), ("67", "67B2(a)")]
    assert [law["law"] for law in nb2007.laws if law["partial"]] == ["6", "13", "45", "50", "67"]
    assert any("9-10" in item for item in nb2007.unsure)


def test_law_ranges():
    assert law_ranges(["2", "3", "4", "11", "13", "14"]) == "2-4, 11, 13-14"


def test_unreadable_text_says_why_and_writes_nothing(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    manifest = corpus / "editions.yaml"
    manifest.write_text("# comment\neditions:\n", encoding="utf-8")
    source = tmp_path / "recipe.txt"
    source.write_text("\nPancakes\n\nMix flour, eggs and milk. Fry.\n", encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        add_edition(manifest, source, edition_id="en-2017", language="en", year=2017)
    assert caught.value.line == 2 and "expected law headings" in str(caught.value)
    assert manifest.read_text(encoding="utf-8") == "# comment\neditions:\n"
    assert not (corpus / "sources").exists() and not (corpus / "records").exists()


def test_headings_whose_titles_end_in_a_number_are_read_without_a_table_of_contents(tmp_path):
    source = tmp_path / "laws.txt"
    source.write_text("LAW 1 - TITLE 1\nA. Text one.\n\nLAW 2 - TITLE 2\nA. Text two.\n", encoding="utf-8")
    report = dry_run(source, "en", 2017, tmp_path)
    assert {law["law"]: law["provisions"] for law in report.laws} == {"1": ["1A"], "2": ["2A"]}
    assert report.options["contents"] is False
    assert any(e.startswith("no table of contents") for e in report.detected)


def test_section_form_is_detected(tmp_path):
    source = tmp_path / "laws.txt"
    source.write_text("Law 1 - The Pack\nA) Composition\nFifty-two cards.\nB) Rank\nAces high.\n\n"
                      "Law 2 - The Boards\nA) Boards\nOne per deal.\n", encoding="utf-8")
    report = dry_run(source, "en", 2017, tmp_path)
    assert report.options["section_form"] == "A)"
    assert {law["law"]: law["provisions"] for law in report.laws} == {"1": ["1A", "1B"], "2": ["2A"]}


def test_labels_in_a_form_no_option_reads_are_reported(tmp_path):
    source = tmp_path / "laws.txt"
    source.write_text("Law 1 - The Pack\n(1) Fifty-two cards.\n(2) Aces high.\n\n"
                      "Law 2 - The Boards\n(1) One per deal.\n(2) Numbered.\n", encoding="utf-8")
    report = dry_run(source, "en", 2017, tmp_path)
    assert any(u.startswith("4 lines open with a label like '(1)'") and "line 2" in u for u in report.unsure)


def test_add_appends_the_entry_keeps_comments_and_ingests(tmp_path, monkeypatch, capsys):
    project = tmp_path / "project"
    shutil.copytree(ROOT / "corpus", project / "corpus", ignore=shutil.ignore_patterns("records"))
    manifest = project / "corpus" / "editions.yaml"
    before = manifest.read_text(encoding="utf-8")
    case = HELDOUT / "sv-2007-cp1252" / "source.txt"
    monkeypatch.chdir(project)
    code = main(["edition", "add", str(case), "--id", "sv-1999", "--language", "sv", "--year", "2007",
                 "--title", "Test", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    report = json.loads(out)
    assert report["encoding"] == "cp1252" and report["provisions"] == 228 and not report["dry_run"]
    text = manifest.read_text(encoding="utf-8")
    assert text.startswith(before) and "id: sv-1999" in text and "encoding: cp1252" in text
    assert (project / "corpus" / "sources" / "sv-1999.txt").read_bytes() == case.read_bytes()
    assert (project / "corpus" / "records" / "sv-1999" / "64.json").exists()
    assert main(["ingest", "--check", "--edition", "sv-1999"]) == 0
    assert main(["edition", "add", str(case), "--id", "sv-1999", "--language", "sv", "--year", "2007"]) == 2
    assert "already in the manifest" in capsys.readouterr().err


def test_dry_run_writes_nothing_and_shows_the_entry(tmp_path, monkeypatch, capsys):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "editions.yaml").write_text("editions:\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    case = HELDOUT / "nl-2017-artikel" / "source.txt"
    assert main(["edition", "add", str(case), "--id", "nl-2018", "--language", "nl", "--year", "2017",
                 "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "law_prefix: Artikel" in out and "nothing written" in out and "layout grammar" in out
    assert sorted(p.name for p in corpus.iterdir()) == ["editions.yaml"]


def test_encoding_override_and_bad_id(tmp_path):
    case = HELDOUT / "sv-2007-cp1252" / "source.txt"
    report = dry_run(case, "sv", 2007, tmp_path, encoding="latin-1")
    assert report.encoding == "latin-1"
    with pytest.raises(ManifestError):
        add_edition(tmp_path / "editions.yaml", case, edition_id="Swedish 2007", language="sv", year=2007)
    with pytest.raises(LawtoolsError) as caught:
        dry_run(case, "sv", 2007, tmp_path, encoding="utf-8")
    assert "not valid utf-8" in str(caught.value).lower()


# The seed sources read by `edition add` alone, without their hand-made layouts and manifest options:
# the share of their committed provision ids it finds (nl-2017 lacks headings that only its manifest hints
# supply; every provision it cannot place is an anomaly there)
SEEDS = [("sv-2007", 1.0), ("de-1997", 1.0), ("nb-2017", 0.9), ("nl-2017", 0.75)]


@pytest.mark.parametrize(("seed", "floor"), SEEDS, ids=[s for s, _ in SEEDS])
def test_seed_sources_read_without_their_layouts(corpus, tmp_path, seed, floor):
    language, year = seed.split("-")
    report = dry_run(ROOT / "corpus" / "sources" / f"{seed}.txt", language, int(year), tmp_path)
    produced = {law["law"]: set(law["provisions"]) for law in report.laws}
    expected = {a.law: a.node_ids() for a in corpus.articles(seed).values()}
    matched = sum(len(produced.get(law, set()) & set(ids)) for law, ids in expected.items())
    total = sum(len(ids) for ids in expected.values())
    assert matched / total >= floor, f"{matched}/{total}"


def test_utf8_with_windows_line_endings_is_added_and_ingests(tmp_path, monkeypatch):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "editions.yaml").write_text("editions:\n", encoding="utf-8")
    text = (HELDOUT / "nl-2017-artikel" / "source.txt").read_text(encoding="utf-8")
    source = tmp_path / "nl.txt"
    source.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    report = add_edition(corpus / "editions.yaml", source, edition_id="nl-2018", language="nl", year=2017)
    assert report.provisions == 81 and (corpus / "sources" / "nl-2018.txt").read_bytes() == source.read_bytes()
    monkeypatch.chdir(tmp_path)
    assert main(["ingest", "--check"]) == 0


# A printed edition's text export: a running header holding the page number every 40 lines (at least three of
# them: two alone are not evidence enough), between blank lines
HEADERS = {"sv-2007": "Spelregler - sida {n}", "de-1997": "Die Regeln {n} / 90", "nl-2017": "Spelregels {n}",
           "nb-2007": "Lovboka 2007    {n}"}


@pytest.mark.parametrize("edition", sorted(HEADERS))
def test_running_headers_with_page_numbers_leave_the_provisions_as_they_were(shared_dir, tmp_path, edition):
    # they once ran into the provision before them, silently: the same ids, no header text in any provision
    source = shared_dir / "editions" / "nb-2007.txt" if edition == "nb-2007" else \
        ROOT / "corpus" / "sources" / f"{edition}.txt"
    lines = source.read_text(encoding="utf-8").split("\n")
    every = min(40, len(lines) // 4)
    paged = [line for k, text in enumerate(lines)
             for line in ([text] if k == 0 or k % every else ["", HEADERS[edition].format(n=k // every), "", text])]
    headed = tmp_path / "headed.txt"
    headed.write_text("\n".join(paged), encoding="utf-8")
    language, year = edition.split("-")
    plain = dry_run(source, language, int(year), tmp_path / "plain")
    report = dry_run(headed, language, int(year), tmp_path / "headed")
    assert [(law["law"], law["provisions"]) for law in report.laws] == \
        [(law["law"], law["provisions"]) for law in plain.laws]
    assert report.layout == plain.layout and len(report.anomaly_list) == len(plain.anomaly_list)
    inserted = (len(lines) - 1) // every
    assert f"page furniture removed: {inserted} running-header" in " ".join(report.detected)
