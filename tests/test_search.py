"""Search on a small fixture corpus: routes (words, phrases, citations, typos, termbase), output, index life."""

from __future__ import annotations

import json
import time

import pytest
from search_support import fixture_corpus, make_project

from lawtools.cli import main
from lawtools.errors import NotFound, SearchIndexError
from lawtools.search.api import Searcher


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return make_project(tmp_path_factory.mktemp("search-project"))


@pytest.fixture(scope="module")
def searcher(project):
    s = Searcher(fixture_corpus(project), project / "build" / "index", project / "corpus" / "terms.yaml")
    yield s
    s.close()


def hits(result):
    return [(h.edition, h.node) for h in result.results]


def test_word_finds_its_own_language_and_the_same_concept_elsewhere(searcher):
    result = searcher.search("straffkort")
    found = hits(result)
    assert ("sv-2007", "50B") in found and ("de-1997", "50B") in found
    german = next(h for h in result.results if h.edition == "de-1997")
    assert any(m.concept == "penalty-card" and m.how == "termbase" for m in german.matched)
    assert any("-> de 'Strafkarte' (termbase: penalty-card)" in m.why for m in german.matched)
    assert result.concepts[0]["concept"] == "penalty-card"
    assert "Strafkarte" in result.concepts[0]["terms"]["de"]


def test_compound_inside_a_longer_word(searcher):
    result = searcher.search("Strafkarte", lang="de")
    german = next(h for h in result.results if h.node == "50B")
    assert "**Hauptstrafkarte**" in german.snippet


def test_swedish_compound_straffkort_inside_straffkortsinnehavarens(searcher):
    result = searcher.search("straffkort", lang="sv")
    hit = next(h for h in result.results if h.node == "50C")
    assert "**Straffkortsinnehavarens**" in hit.snippet
    assert any(m.how == "compound" for m in hit.matched)


def test_english_query_goes_through_the_termbase(searcher):
    result = searcher.search("revoke twelfth trick")
    assert result.laws and result.laws[0] == "64"
    assert {"sv-2007", "de-1997", "nl-2017"} <= {h.edition for h in result.results}


def test_phrase_must_stand_together(searcher):
    assert ("nl-2017", "64B6") in hits(searcher.search('"twaalfde slag"'))
    assert not searcher.search('"slag twaalfde"', lang="nl").results


@pytest.mark.parametrize("query,node", [
    ("64B", "64B"), ("Law 64", "64"), ("lag 64", "64"), ("§ 64", "64"), ("artikel 64", "64"), ("lov 16", "16"),
    ("64B6", "64B6"), ("§ 64 B 6", "64B6"), ("law 64b", "64B"), ("64b6", "64B6"),
], ids=lambda v: str(v))
def test_citation_goes_straight_to_the_provision_in_every_edition(searcher, query, node):
    result = searcher.search(query)
    assert result.kind == "citation"
    assert {h.node for h in result.results} == {node}
    if node.startswith("64"):
        assert [h.edition for h in result.results] == ["sv-2007", "de-1997", "nl-2017"]


def test_citation_of_a_missing_law_says_which_laws_exist(searcher):
    result = searcher.search("Law 95")
    assert not result.results and "no edition has 95" in result.notes[0]


@pytest.mark.parametrize("query,why", [
    ("Law 64Z", "section letters run from A to H"), ("lag 64 Z", "section letters run from A to H"),
    ("Law 999", "the number 999"), ("§120", "the number 120"),
])
def test_a_citation_the_laws_cannot_have_is_named_not_searched_as_words(searcher, query, why):
    # searched as words, 'law' and the label would find whatever mentions a law, without a word of warning
    result = searcher.search(query)
    assert not result.results and len(result.notes) == 1
    assert result.notes[0].startswith(f"not a citation: {query!r}") and why in result.notes[0]


def test_a_year_after_a_keyword_is_words_not_a_citation(searcher):
    assert not any(n.startswith("not a citation") for n in searcher.search("Laws 1997").notes)


def test_a_repeated_word_names_its_concept_once(searcher):
    concepts = searcher.search("revoke Revoke revoke").to_dict()["concepts"]
    assert [c["concept"] for c in concepts] == [concepts[0]["concept"]]


def test_typo_is_corrected_and_reported(searcher):
    result = searcher.search("straffkrot")
    assert result.corrections[0]["from"] == "straffkrot" and result.corrections[0]["to"] == "straffkort"
    assert "50" in result.laws


def test_did_you_mean_when_nothing_matches(searcher):
    result = searcher.search("blindemannxyzzy")
    assert not result.results
    assert result.did_you_mean and all(isinstance(s, str) for s in result.did_you_mean)


def test_filters_and_unknown_values(searcher):
    assert {h.edition for h in searcher.search("revoke", edition="nl-2017").results} == {"nl-2017"}
    assert {h.law for h in searcher.search("revoke", law="62").results} == {"62"}
    with pytest.raises(NotFound, match="sv, nb, de, nl"):
        searcher.search("revoke", lang="fr")
    with pytest.raises(NotFound, match="editions with records"):
        searcher.search("revoke", edition="xx-1999")
    with pytest.raises(NotFound, match="--edition nl-2017 is in 'nl', not in --lang 'sv'"):
        searcher.search("revoke", lang="sv", edition="nl-2017")
    for law in ("30", "foo"):
        with pytest.raises(NotFound, match=f"no edition has law {law}; laws in the corpus: "):
            searcher.search("revoke", law=law)


@pytest.mark.parametrize(("options", "named"), [({"law": "62"}, "--law 62"),
                                               ({"law": "62", "lang": "de"}, "--law 62, --lang de")],
                         ids=["law", "law-and-lang"])
def test_a_citation_outside_the_filters_says_where_it_is(searcher, options, named):
    result = searcher.search("64B6", **options)
    assert not result.results
    assert result.notes == [f"64B6 is outside {named}; editions that have it: de-1997, nl-2017, sv-2007"]


def test_results_are_grouped_by_law_best_first(searcher):
    result = searcher.search("straffkort revoke")
    laws = [h.law for h in result.results]
    assert laws == sorted(laws, key=result.laws.index)  # every law's hits together, in group order
    assert [g.score for g in result.groups] == sorted((g.score for g in result.groups), reverse=True)


def test_missing_index_is_built_and_stale_index_rebuilt(tmp_path):
    project = make_project(tmp_path)
    index_dir = tmp_path / "build" / "index"
    first = Searcher(fixture_corpus(project), index_dir, project / "corpus" / "terms.yaml")
    assert first.index_info["rebuilt"] and first.index_info["reason"] == "no index yet"
    first.close()
    again = Searcher(fixture_corpus(project), index_dir, project / "corpus" / "terms.yaml")
    assert not again.index_info["rebuilt"]
    again.close()
    record = project / "corpus" / "records" / "nl-2017" / "62.json"
    time.sleep(0.01)
    record.write_text(record.read_text(encoding="utf-8").replace("herstellen", "herstellen zeebrasem"), "utf-8")
    with pytest.raises(SearchIndexError, match="out of date .*lawtools index"):
        Searcher(fixture_corpus(project), index_dir, project / "corpus" / "terms.yaml", rebuild="never")
    third = Searcher(fixture_corpus(project), index_dir, project / "corpus" / "terms.yaml")
    assert third.index_info["rebuilt"] and third.index_info["updated"]  # one record changed: updated in place
    assert third.index_info["reason"] == "incremental: 1 of 20 documents re-indexed"
    assert third.search("zeebrasem").results
    third.close()


def test_broken_index_is_reported_or_rebuilt(tmp_path):
    project = make_project(tmp_path)
    index_dir = tmp_path / "build" / "index"
    Searcher(fixture_corpus(project), index_dir, project / "corpus" / "terms.yaml").close()
    for path in index_dir.glob("*.seg"):
        path.unlink()
    (index_dir / "meta.json").write_text("{not json", encoding="utf-8")
    searcher = Searcher(fixture_corpus(project), index_dir, project / "corpus" / "terms.yaml")
    assert searcher.index_info["rebuilt"] and searcher.search("straffkort").results
    searcher.close()


def run_cli(project, monkeypatch, capsys, *args):
    monkeypatch.chdir(project)
    monkeypatch.delenv("LAWTOOLS_INDEX_DIR", raising=False)
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json_shape(project, monkeypatch, capsys):
    code, out, _ = run_cli(project, monkeypatch, capsys, "search", "straffkort", "--json", "--limit", "3")
    assert code == 0
    data = json.loads(out)
    assert data["query"] == "straffkort"
    first = data["results"][0]
    assert {"edition", "language", "law", "node", "title", "score", "snippet"} <= set(first)
    assert first["law"] == data["groups"][0]["law"] and isinstance(first["score"], float)
    assert first["edition"] == "sv-2007" and "**" in first["snippet"]  # the query's own language first
    assert {"groups", "corrections", "did_you_mean", "concepts"} <= set(data)


def test_cli_human_output_and_index_command(project, monkeypatch, capsys):
    code, out, _ = run_cli(project, monkeypatch, capsys, "index")
    assert code == 0 and "provisions" in out
    code, out, _ = run_cli(project, monkeypatch, capsys, "search", "straffkrot")
    assert code == 0 and "Corrected 'straffkrot' to 'straffkort'" in out and "«" in out
    code, out, _ = run_cli(project, monkeypatch, capsys, "search", "qqqqzzzz")
    assert code == 0 and "No provision matches" in out


def test_cli_without_records_is_one_clear_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "editions.yaml").write_text("editions: []\n", encoding="utf-8")
    code, out, err = run_cli(tmp_path, monkeypatch, capsys, "search", "straffkort")
    assert code != 0 and "Traceback" not in err and "lawtools ingest" in err


def test_citation_among_words_searches_inside_that_law(searcher):
    result = searcher.search("straffkort lag 64")
    assert result.laws == [] or set(result.laws) == {"64"}
    result = searcher.search("revoke lag 64")
    assert set(result.laws) == {"64"} and "within Law 64" in result.notes[0]


def test_unwritable_index_directory_is_one_clear_error(tmp_path):
    project = make_project(tmp_path / "p")
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    with pytest.raises(SearchIndexError, match="cannot write the search index"):
        Searcher(fixture_corpus(project), blocker / "index", project / "corpus" / "terms.yaml")


def test_index_command_json_says_whether_it_rebuilt(tmp_path, monkeypatch, capsys):
    project = make_project(tmp_path)
    code, out, _ = run_cli(project, monkeypatch, capsys, "index", "--json")
    first = json.loads(out)
    assert code == 0 and first["rebuilt"] and first["documents"] > 0
    code, out, _ = run_cli(project, monkeypatch, capsys, "index", "--json")
    assert code == 0 and not json.loads(out)["rebuilt"]
    code, out, _ = run_cli(project, monkeypatch, capsys, "index", "--force", "--json")
    assert code == 0 and json.loads(out)["rebuilt"]


def test_a_word_no_provision_has_does_not_veto_the_others(searcher):
    result = searcher.search("straffkort zzyzx")
    assert "50" in result.laws and any("left out: zzyzx" in note for note in result.notes)


def _segments(index_dir):
    """The engine's data files (Whoosh segments; tantivy's postings, positions and stores)."""
    engine = index_dir / "engine"
    return [p for p in engine.iterdir() if p.suffix in (".seg", ".idx", ".pos", ".store", ".term")]


def _catalogue(index_dir):
    """The engine's table of contents (Whoosh *.toc; tantivy meta.json)."""
    engine = index_dir / "engine"
    return [*engine.glob("*.toc"), *([engine / "meta.json"] if (engine / "meta.json").exists() else [])]


def _truncate_segment(index_dir):
    for path in _segments(index_dir):
        path.write_bytes(path.read_bytes()[:100])


def _remove_segments(index_dir):
    for path in _segments(index_dir):
        path.unlink()


def _garble(name):
    return lambda index_dir: (index_dir / name).write_text("garbage", encoding="utf-8")


CORRUPTIONS = {"vocab.json": _garble("vocab.json"), "terms.json": _garble("terms.json"),
               "toc": lambda d: [p.write_text("garbage", encoding="utf-8") for p in _catalogue(d)],
               "truncated-segment": _truncate_segment, "missing-segment": _remove_segments}


@pytest.mark.parametrize("corrupt", CORRUPTIONS.values(), ids=CORRUPTIONS.keys())
def test_any_corrupt_index_file_is_rebuilt_not_a_traceback(tmp_path, corrupt):
    project = make_project(tmp_path)
    index_dir = tmp_path / "build" / "index"
    Searcher(fixture_corpus(project), index_dir, project / "corpus" / "terms.yaml").close()
    corrupt(index_dir)
    searcher = Searcher(fixture_corpus(project), index_dir, project / "corpus" / "terms.yaml")
    assert searcher.index_info["rebuilt"] and searcher.search("straffkort").results
    searcher.close()
    corrupt(index_dir)
    with pytest.raises(SearchIndexError, match="lawtools index"):
        Searcher(fixture_corpus(project), index_dir, project / "corpus" / "terms.yaml", rebuild="never")


def test_a_file_where_the_index_belongs_is_refused_and_kept(tmp_path):
    """Issue 9: lawtools never deletes a path it did not create; the file stays, one clear error, no leftovers."""
    from lawtools.errors import UnsafePath

    project = make_project(tmp_path)
    index_dir = tmp_path / "build" / "index"
    index_dir.parent.mkdir(parents=True, exist_ok=True)
    index_dir.write_text("not an index", encoding="utf-8")
    with pytest.raises(UnsafePath, match="not a search index directory lawtools created"):
        Searcher(fixture_corpus(project), index_dir, project / "corpus" / "terms.yaml")
    assert index_dir.read_text(encoding="utf-8") == "not an index"
    assert sorted(p.name for p in index_dir.parent.iterdir()) == ["index"]


# ---- the semantic ranking of laws: each edition's nearest passage, averaged (meaning.by_meaning)
def _passage(law: str, edition: str, language: str) -> dict:
    return {"law": law, "edition": edition, "language": language, "node": law}


def test_a_law_held_by_many_editions_has_no_head_start_by_meaning():
    from lawtools.search.meaning import by_meaning

    nearest = [(_passage("45", "sv-2007", "sv"), 0.90), (_passage("13", "nb-2017", "nb"), 0.80),
               (_passage("45", "de-1997", "de"), 0.50), (_passage("45", "nl-2017", "nl"), 0.50)]
    # the single nearest passage is Law 45's, but its other editions are far: Law 13 is nearer on the whole
    assert list(by_meaning(nearest, 10)) == ["13", "45"]
    assert [s for _, s in by_meaning(nearest, 10)["45"]] == [0.90, 0.50, 0.50]  # its passages, to show
    # a Swedish query weighs the Swedish edition where the law has one
    assert list(by_meaning(nearest, 10, native=("sv",))) == ["45", "13"]
    assert list(by_meaning(nearest, 1)) == ["13"]
