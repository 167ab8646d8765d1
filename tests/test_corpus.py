"""The real corpus: records are current, every word of every source is kept, alignment and show work."""

from __future__ import annotations

import json

import pytest

from lawtools.align import coverage, parallel
from lawtools.cli import main
from lawtools.ingest import build, stale


@pytest.fixture(scope="module")
def results(manifest):
    return build(manifest)


def test_committed_records_are_current(manifest, results):
    assert stale(manifest, results) == [], "run `lawtools ingest` and commit corpus/records"


def test_every_word_of_every_source_is_kept(results):
    for result in results:
        report = result.conservation
        assert report.ok, report.describe()
        assert report.source_tokens > 2000


def test_every_declared_law_is_present(manifest, corpus):
    for edition in manifest.editions:
        assert corpus.edition_info[edition.id]["laws"] == list(edition.laws), edition.id


def test_node_ids_round_trip_and_are_unique(corpus):
    from lawtools.citation import Citation

    for article in corpus.all_articles():
        ids = article.node_ids()
        assert len(ids) == len(set(ids)), (article.edition, article.law)
        for node_id in ids:
            assert str(Citation.parse(node_id)) == node_id
            assert Citation.parse(node_id).law == article.law


def test_coverage_matrix(corpus):
    result = coverage(corpus)
    assert result.editions == ["sv-2007", "nb-2017", "de-1997", "nl-2017", "nb-2007"]
    by_law = {a.law: a for a in result.alignments}
    assert set(by_law["64"].editions) == {"sv-2007", "de-1997", "nl-2017", "nb-2007"}
    assert set(by_law["5"].editions) == {"nb-2017", "nb-2007"}  # the same language ten years apart
    assert set(by_law["1"].editions) == {"nb-2017"}
    assert result.cells["43"]["de-1997"].partial and not result.cells["43"]["sv-2007"].partial
    # 64B lists 7 exceptions in 2007 and 8 in 2017: 64B8 exists only in the Dutch 2017 edition
    assert by_law["64"].only_in.get("nl-2017", []) and "64B8" in by_law["64"].only_in["nl-2017"]


def test_show_64b_side_by_side(corpus):
    view = parallel(corpus, "Law 64B")
    assert view.editions == ["sv-2007", "de-1997", "nl-2017", "nb-2007"]
    ids = [row.id for row in view.rows]
    assert ids[0] == "64B" and "64B8" in ids
    row7 = next(row for row in view.rows if row.id == "64B7")
    assert "båda sidor" in row7.cells["sv-2007"].text and row7.cells["de-1997"] is None
    assert "begge sider" in row7.cells["nb-2007"].text


def test_show_cli_json_and_errors(capsys):
    assert main(["show", "lag 64B", "--edition", "sv-2007", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["citation"] == "64B" and data["editions"][0]["edition"] == "sv-2007"
    assert main(["show", "99"]) == 1
    assert "no edition has law 99" in capsys.readouterr().err
    assert main(["show", "straffkort"]) == 2
    assert "not a citation" in capsys.readouterr().err
    assert main(["show", "64B", "--edition", "nb-2017"]) == 1
    assert "nb-2017 lacks law 64; 64B is in sv-2007, de-1997, nl-2017" in capsys.readouterr().err


def test_align_cli_table(capsys):
    assert main(["align"]) == 0
    out = capsys.readouterr().out
    assert "sv-2007" in out and "nl-2017" in out and "64B8" in out


def test_front_matter_keeps_its_references(corpus):
    definitions = next(f for f in corpus.front("nb-2017") if f.id == "definitions")
    targets = [ref.target for ref in definitions.refs]
    # "Bet ... (se 77)", "Dobler ... (se 19A og 77)", "Revoke (se 61, 62, 63 og 64)"
    assert "19A" in targets and {"61", "62", "63", "64"} <= set(targets)
    contents = next(f for f in corpus.front("nb-2017") if f.id == "contents")
    assert contents.refs == [], "page numbers in the table of contents are not citations"


DAMAGE = {"bad-json": ("sv-2007/64.json", "{bad\n", r"64\.json:1: not valid JSON"),
          "not-a-record": ("sv-2007/64.json", '{"a": 1}\n', r"64\.json: not a valid record"),
          "a-list": ("sv-2007/64.json", "[]\n", r"64\.json: not a record"),
          "edition-info": ("de-1997/edition.json", "[\n", r"edition\.json:2: not valid JSON"),
          "missing": ("nl-2017/64.json", None, r"64\.json: record missing")}


@pytest.mark.parametrize(("name", "content", "message"), DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_record_is_one_line_naming_it(tmp_path, monkeypatch, capsys, manifest, name, content, message):
    import re
    import shutil

    shutil.copytree(manifest.path.parent, tmp_path / "corpus")
    path = tmp_path / "corpus" / "records" / name
    if content is None:
        path.unlink()
    else:
        path.write_text(content, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["show", "64B"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lawtools: ") and re.search(message, err) and "lawtools ingest" in err
    assert err.count("\n") == 1
