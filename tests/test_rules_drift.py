"""Quoting cited provisions from the records, and the drift check on their texts (fixture and real corpus)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lawtools.records import load_corpus
from lawtools.rules.drift import HASH_FILE, check, compare, current_hashes, load_recorded, text_hash, write_recorded
from lawtools.rules.quote import quotes

ARTICLE = {
    "edition": "xx-2017", "language": "sv", "law": "64", "title": "NÄR EN REVOKE ETABLERATS", "intro": "",
    "nodes": [{"id": "64A", "kind": "section", "label": "A", "title": "Korrigering",
               "text": "När en revoke etablerats:",
               "children": [{"id": "64A1", "kind": "item", "label": "1", "title": "", "children": [],
                             "text": "och den felande vann revokesticket, överförs sticket."}]}],
    "footnotes": [], "refs": [], "anomalies": [], "source": {"file": "corpus/sources/xx-2017.txt", "lines": [1, 3]},
}


@pytest.fixture
def fixture_corpus(tmp_path):
    """A corpus with one 2017 edition holding only Law 64, in the DESIGN.md record format."""
    corpus_dir = tmp_path / "corpus"
    (corpus_dir / "records" / "xx-2017").mkdir(parents=True)
    (corpus_dir / "editions.yaml").write_text(
        "editions:\n  - {id: xx-2017, language: sv, year: 2017, title: T, provenance: tests, laws: '64', "
        "layout: plain, source: sources/xx-2017.txt}\n", encoding="utf-8")
    (corpus_dir / "records" / "xx-2017" / "edition.json").write_text(
        json.dumps({"edition": "xx-2017", "language": "sv", "year": 2017, "laws": ["64"]}), encoding="utf-8")

    def write(article: dict) -> None:
        path = corpus_dir / "records" / "xx-2017" / "64.json"
        path.write_text(json.dumps(article, ensure_ascii=False), encoding="utf-8")

    write(ARTICLE)
    write.corpus = lambda: load_corpus(corpus_dir / "editions.yaml")  # type: ignore[attr-defined]
    return write


def test_quotes_come_from_the_record_in_the_edition_language(fixture_corpus):
    found = quotes(("64A1", "64A", "77", "64B"), 2017, fixture_corpus.corpus())
    by = {q.provision: q for q in found}
    assert by["64A1"].text == "och den felande vann revokesticket, överförs sticket."
    assert (by["64A1"].edition, by["64A1"].language) == ("xx-2017", "sv")
    assert by["64A"].text.startswith("Korrigering När en revoke etablerats: och den felande")
    assert by["77"].text is None and "none of the corpus sources" in by["77"].note
    assert by["64B"].text is None and "no 2017 edition" in by["64B"].note
    assert quotes(("64A1",), 2007, fixture_corpus.corpus())[0].text is None


def test_drift_flags_a_changed_provision_and_names_the_rules_citing_it(fixture_corpus, tmp_path):
    before = current_hashes(fixture_corpus.corpus(), ["64A", "64A1", "64B", "77"])
    assert set(before) == {"64A", "64A1"} and before["64A1"]["xx-2017"] == text_hash(
        "och den felande  vann revokesticket,\növerförs sticket.")
    changed = json.loads(json.dumps(ARTICLE))
    changed["nodes"][0]["children"][0]["text"] = "och den felande vann revokesticket, överförs två stick."
    fixture_corpus(changed)
    after = current_hashes(fixture_corpus.corpus(), ["64A", "64A1", "64B", "77"])
    drifts = compare(before, after, {"64A1": ["lawtools.rules.law61_64_revoke.revoke_adjustment"]})
    assert [(d.provision, d.change) for d in drifts] == [("64A", "changed"), ("64A1", "changed")]
    assert drifts[1].rules == ("lawtools.rules.law61_64_revoke.revoke_adjustment",)
    path = tmp_path / "hashes.json"
    write_recorded(after, path)
    assert load_recorded(path) == after
    assert compare(load_recorded(path), after) == []


def test_compare_reports_added_and_removed_editions():
    drifts = compare({"64A": {"a": "1", "b": "2"}}, {"64A": {"a": "1", "c": "3"}})
    assert [(d.edition, d.change) for d in drifts] == [("b", "removed"), ("c", "added")]


def test_no_cited_provision_text_changed_since_it_was_reviewed(corpus):
    """Fails when a record's text of a cited provision changes, appears or disappears: review the rules that
    cite it (listed in the failure), then run `lawtools rules drift --update`."""
    assert HASH_FILE.exists()
    assert [d.to_dict() for d in check(corpus)] == []


def test_replay_quotes_the_cited_text_in_the_edition_language(shared_dir, capsys):
    from lawtools.cli import main

    path = Path(shared_dir) / "bridge-data" / "pbn-verifier-correct_10.pbn"
    assert main(["rules", "replay", str(path), "--edition", "de-1997", "--quote", "--json"]) == 0
    boards = json.loads(capsys.readouterr().out)["boards"]
    revoke = next(f for b in boards for f in b["findings"] if f["code"] == "revoke")
    quoted = {q["provision"]: q for q in revoke["quotes"]}
    assert quoted["61A"]["edition"] == "de-1997" and "Das Nichtbekennen einer Farbe" in quoted["61A"]["text"]
    assert quoted["64B1"]["language"] == "de"


def test_quotes_prefer_the_named_edition_and_fall_back_to_its_year(corpus):
    both = {q.edition for q in quotes(("64B8",), 2017, corpus)}
    assert both == {"nl-2017"}  # only the Dutch 2017 text has Law 64
    assert [q.edition for q in quotes(("18D",), 2017, corpus, prefer="nl-2017")] == ["nb-2017"]
    assert [q.language for q in quotes(("64A1",), 2007, corpus, prefer="sv-2007")] == ["sv"]


@pytest.mark.parametrize("content", ['<<<<<<< HEAD\n{"provisions": {}}\n=======\n', '{"other": 1}',
                                     '{"provisions": []}'], ids=["conflict-markers", "no-provisions", "not-a-mapping"])
def test_a_damaged_hash_file_is_one_line_saying_what_to_do(tmp_path, content):
    from lawtools.errors import RecordError

    path = tmp_path / "rules_provisions.json"
    path.write_text(content, encoding="utf-8")
    pattern = r"rules_provisions.json(:\d+:\d+)?: not a provision hash table .*drift --update"
    with pytest.raises(RecordError, match=pattern):
        load_recorded(path)
