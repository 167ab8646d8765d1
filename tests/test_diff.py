"""`diff`: a law or provision compared across editions, on a small fixture corpus and on the real records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lawtools.diff import diff, word_diff
from lawtools.diff_render import render_diff_markdown, render_diff_table
from lawtools.errors import CitationError, NotFound
from lawtools.records import load_corpus

FIXTURE = Path(__file__).parent / "fixtures" / "compare" / "corpus" / "editions.yaml"


@pytest.fixture(scope="module")
def mini():
    return load_corpus(FIXTURE)


def _provision(result, node_id):
    return next(p for p in result.provisions if p.id == node_id)


def test_item_counts_of_64B_differ(mini):
    result = diff(mini, "64B", ["sv-2007", "de-1997", "nl-2017"])
    assert _provision(result, "64B").children == {"sv-2007": 7, "de-1997": 6, "nl-2017": 8}
    assert "64B: items: 6 in de-1997, 7 in sv-2007, 8 in nl-2017" in result.summary


def test_presence_of_each_provision(mini):
    result = diff(mini, "64", ["sv-2007", "de-1997", "nl-2017"])
    assert _provision(result, "64B8").present == {"sv-2007": False, "de-1997": False, "nl-2017": True}
    assert _provision(result, "64C").present == {"sv-2007": True, "de-1997": True, "nl-2017": False}
    assert any(s.startswith("64B7: present in sv-2007, nl-2017; absent from de-1997") for s in result.summary)


def test_captions_side_by_side(mini):
    p = _provision(diff(mini, "64B1", ["sv-2007", "de-1997"]), "64B1")
    assert p.titles["de-1997"].startswith("Schuldige Seite") and p.titles["sv-2007"] == ""
    assert "caption only in de-1997" in p.differences


def test_references_differences_are_marked(mini):
    p = _provision(diff(mini, "64B", ["sv-2007", "nl-2017"]), "64B")
    assert p.refs == {"sv-2007": [], "nl-2017": ["64C"]}
    assert any(d.startswith("references:") for d in p.differences)


def test_concept_in_one_edition_and_not_another(mini):
    # The footnote of 64A1 (a trick won by dummy is not won by declarer) exists in sv-2007 and nl-2017 only.
    p = _provision(diff(mini, "64A1", ["sv-2007", "de-1997", "nl-2017"]), "64A1")
    assert "dummy" in p.concepts["sv-2007"] and "dummy" in p.concepts["nl-2017"]
    assert "dummy" not in p.concepts["de-1997"]
    assert "concept dummy: in sv-2007, nl-2017; not in de-1997" in p.differences


def test_numbers_per_provision(mini):
    result = diff(mini, "64B6", ["sv-2007", "de-1997", "nl-2017"])
    assert _provision(result, "64B6").numbers == {e: ["12th trick"] for e in ("sv-2007", "de-1997", "nl-2017")}
    assert not any("numbers" in d for d in _provision(result, "64B6").differences)


def test_57A_options(mini):
    result = diff(mini, "57A")
    assert _provision(result, "57A").children == {"sv-2007": 3, "nl-2017": 4}
    assert result.absent == ["sv-2008", "de-1997", "de-2007"]


def test_word_diff_between_editions_of_one_language(mini):
    result = diff(mini, "64", ["sv-2007", "sv-2008"])
    a1 = _provision(result, "64A1").text_diffs[0]
    changes = [(op, old, new) for op, old, new in a1.ops if op != "equal"]
    assert ("replace", "ett", "två") in changes
    assert ("replace", "avslutat spel", "spelets slut") in changes
    b4 = _provision(result, "64B4").text_diffs[0]
    assert ("insert", "", "Se lag 64C.") in b4.ops
    assert _provision(result, "64B1").text_diffs[0].similarity == 1.0
    assert "numbers: sv-2007 —; sv-2008 2 tricks" in _provision(result, "64A1").differences


def test_no_text_diff_across_languages(mini):
    result = diff(mini, "64", ["sv-2007", "de-1997"])
    assert all(not p.text_diffs for p in result.provisions)


def test_word_diff_counts_punctuation_as_words():
    result = word_diff("a", "tills en korrigering har valts.,", "b", "tills en korrigering har valts.")
    assert [op for op in result.ops if op[0] != "equal"] == [("delete", ",", "")]


def test_to_dict_is_json_with_the_summary(mini):
    data = json.loads(json.dumps(diff(mini, "64B").to_dict(), ensure_ascii=False))
    assert data["citation"] == "64B" and data["summary"]
    assert {"id", "present", "children", "refs", "concepts", "numbers", "text_diffs", "differs"} <= set(
        data["provisions"][0])


def test_renderers(mini):
    result = diff(mini, "64", ["sv-2007", "sv-2008"])
    table = render_diff_table(result, width=120)
    assert "64B7 ≠" in table and "[-ett-] {+två+}" in table
    markdown = render_diff_markdown(result)
    assert "| Provision | sv-2007 | sv-2008 |" in markdown
    assert "~~ett~~ **två**" in markdown


@pytest.mark.parametrize(("citation", "error"), [("99", NotFound), ("64Z", CitationError), ("64D", NotFound)])
def test_errors_name_what_exists(mini, citation, error):
    with pytest.raises(error):
        diff(mini, citation)


# ---- the real corpus -------------------------------------------------------------------------------------

def _real(corpus, *editions):
    missing = [e for e in editions if e not in corpus.editions()]
    if missing:
        pytest.skip(f"no records yet for {', '.join(missing)}")
    return corpus


def test_real_64B_exceptions(corpus):
    _real(corpus, "de-1997", "nl-2017")
    p = _provision(diff(corpus, "64"), "64B")
    assert p.children["de-1997"] == 6 and p.children["nl-2017"] == 8


def test_real_64B_exceptions_sv(corpus):
    _real(corpus, "sv-2007")
    assert _provision(diff(corpus, "64B"), "64B").children["sv-2007"] == 7


def test_real_64A1_footnote_concepts(corpus):
    _real(corpus, "de-1997", "nl-2017")
    p = _provision(diff(corpus, "64A1", ["de-1997", "nl-2017"]), "64A1")
    assert "dummy" in p.concepts["nl-2017"] and "dummy" not in p.concepts["de-1997"]


def test_real_57A_options(corpus):
    _real(corpus, "de-1997", "nl-2017")
    result = diff(corpus, "57A")
    assert _provision(result, "57A").children["de-1997"] == 3
    assert _provision(result, "57A").children["nl-2017"] == 4
    assert _provision(result, "57A4").present["nl-2017"] and not _provision(result, "57A4").present["de-1997"]


def test_real_57A_options_sv(corpus):
    _real(corpus, "sv-2007")
    assert _provision(diff(corpus, "57A"), "57A").children["sv-2007"] == 3


def test_real_50_sections(corpus):
    _real(corpus, "sv-2007", "de-1997")
    result = diff(corpus, "50", ["sv-2007", "de-1997"])
    assert _provision(result, "50").children == {"sv-2007": 5, "de-1997": 4}  # 50E only in 2007
    assert _provision(result, "50E").present == {"sv-2007": True, "de-1997": False}
    assert _provision(result, "50D1").children == {"sv-2007": 2, "de-1997": 0}


def test_real_twelfth_trick_in_62D(corpus):
    _real(corpus, "de-1997", "nl-2017")
    numbers = _provision(diff(corpus, "62D1", ["de-1997", "nl-2017"]), "62D1").numbers
    assert numbers == {"de-1997": ["12th trick", "4 hands"], "nl-2017": ["12th trick", "4 hands"]}


# ---- a fixture edition read from its source: an edited copy of part of sv-2007 ---------------------------

@pytest.fixture(scope="module")
def sv_pair(tmp_path_factory, repo_root):
    """sv-2007 and sv-2008 (tests/fixtures/compare/sources/sv-2008.txt: Laws 57 and 64 of sv-2007 with
    64A1 reworded, a reference added to 64B4, 64B7 dropped and 57A3 reworded), ingested by the real reader."""
    import shutil

    import yaml

    from lawtools.ingest import build, write
    from lawtools.manifest import load_manifest

    root = tmp_path_factory.mktemp("svpair") / "corpus"
    (root / "sources").mkdir(parents=True)
    shutil.copy(repo_root / "corpus" / "sources" / "sv-2007.txt", root / "sources")
    shutil.copy(Path(__file__).parent / "fixtures" / "compare" / "sources" / "sv-2008.txt", root / "sources")
    real = yaml.safe_load((repo_root / "corpus" / "editions.yaml").read_text(encoding="utf-8"))
    sv = next(e for e in real["editions"] if e["id"] == "sv-2007")
    copy = {**sv, "id": "sv-2008", "year": 2008, "laws": "57, 64", "source": "sources/sv-2008.txt",
            "title": "Edited copy of sv-2007 Laws 57 and 64 (test fixture)"}
    (root / "editions.yaml").write_text(yaml.safe_dump({"editions": [sv, copy]}, allow_unicode=True),
                                        encoding="utf-8")
    manifest = load_manifest(root / "editions.yaml")
    write(manifest, build(manifest))
    return load_corpus(root / "editions.yaml")


def test_ingested_copy_word_diff(sv_pair):
    result = diff(sv_pair, "64", ["sv-2007", "sv-2008"])
    a1 = _provision(result, "64A1").text_diffs[0]
    assert ("replace", "ett", "två") in a1.ops and a1.similarity < 1
    b4 = _provision(result, "64B4").text_diffs[0]
    assert ("insert", "", "(se lag 64C)") in [(op, old, new) for op, old, new in b4.ops]
    assert _provision(result, "64B").children == {"sv-2007": 7, "sv-2008": 6}
    assert _provision(result, "64B7").present == {"sv-2007": True, "sv-2008": False}
    assert _provision(result, "64B4").refs == {"sv-2007": [], "sv-2008": ["64C"]}
    assert all(d.similarity == 1.0 for p in result.provisions if p.id in ("64B1", "64C") for d in p.text_diffs)


def test_ingested_copy_57A3(sv_pair):
    ops = _provision(diff(sv_pair, "57A3", ["sv-2007", "sv-2008"]), "57A3").text_diffs[0].ops
    changed = [(op, old, new) for op, old, new in ops if op != "equal"]
    # 'i en annan färg, angiven av spelföraren.' -> 'i en färg som spelföraren anger.'
    assert changed == [("delete", "annan", ""), ("replace", ", angiven av", "som"), ("insert", "", "anger")]


# ---- the command on the real corpus: the differences the issue names ------------------------------------

@pytest.mark.parametrize(("citation", "expected"), [
    ("64", ["64B: items: 6 in de-1997, 7 in sv-2007, 7 in nb-2007, 8 in nl-2017",
            "64B8: present in nl-2017; absent from"]),
    ("57A", ["57A: items: 3 in sv-2007, 3 in de-1997, 3 in nb-2007, 4 in nl-2017",
             "57A4: present in nl-2017; absent from"]),
    ("50", ["50: sections: 4 in de-1997, 4 in nb-2007, 5 in sv-2007", "50E: present in sv-2007; absent from de-1997",
            "50D1: sub-items: 0 in de-1997, 2 in sv-2007"]),
], ids=["64", "57A", "50"])
def test_diff_command_shows_the_edition_differences(corpus, capsys, monkeypatch, repo_root, citation, expected):
    _real(corpus, "sv-2007", "de-1997", "nl-2017")
    from lawtools.cli import main

    monkeypatch.chdir(repo_root)
    monkeypatch.setenv("COLUMNS", "140")
    # these are differences of structure by id; pairing by content (the default) is tested in test_concordance
    assert main(["diff", citation, "--by-id"]) == 0
    out = capsys.readouterr().out
    for line in expected:
        assert line in out
    assert main(["diff", citation, "--by-id", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    for line in expected:
        assert any(s.startswith(line) for s in summary)


@pytest.mark.parametrize("editions", [["sv-2007"], ["sv-2007", "sv-2007"]], ids=["one", "repeated"])
def test_fewer_than_two_editions_named_is_an_error(mini, editions):
    with pytest.raises(NotFound, match="compare two or more editions, not only sv-2007; editions with records"):
        diff(mini, "64B", editions)


def test_a_provision_only_one_edition_has_says_there_is_nothing_to_compare(mini):
    result = diff(mini, "64B")
    result.editions = result.editions[:1]  # as for a law only one edition has (e.g. nb-2017's Law 10)
    one = result.editions[0]
    assert f"Only {one} has 64B: nothing to compare." in render_diff_table(result)
    assert "No differences" not in render_diff_markdown(result)
