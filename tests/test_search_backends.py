"""Both engines behind the same SearchIndex interface answer the same plans alike: Whoosh (default) and tantivy
(LAWTOOLS_SEARCH_BACKEND=tantivy), on the fixture project."""

from __future__ import annotations

import pytest
from search_support import fixture_corpus, make_project

from lawtools.errors import EnvironmentSettingError
from lawtools.search.api import Searcher
from lawtools.search.plan import Alternative, Clause, Filters, Plan

pytest.importorskip("tantivy")

QUERIES = ["straffkort", "straffkortet", "Strafkarte", "Hauptstrafkarte", "penalty card", '"tolfte stick"',
           "revoke", "verzaking herstellen", "informasjon fra makker", "64B6", "lag 64", "zzyzx", "twelfth trick"]


@pytest.fixture(scope="module")
def searchers(tmp_path_factory):
    root = tmp_path_factory.mktemp("backends")
    project = make_project(root)
    opened = {}
    monkey = pytest.MonkeyPatch()
    for backend in ("whoosh", "tantivy"):
        monkey.setenv("LAWTOOLS_SEARCH_BACKEND", backend)
        terms = project / "corpus" / "terms.yaml"
        opened[backend] = Searcher(fixture_corpus(project), root / f"index-{backend}", terms)
    monkey.undo()
    yield opened
    for searcher in opened.values():
        searcher.close()


def test_each_index_records_its_engine(searchers):
    assert {name: s.index.backend for name, s in searchers.items()} == {"whoosh": "whoosh", "tantivy": "tantivy"}


@pytest.mark.parametrize("query", QUERIES)
def test_both_engines_find_the_same_provisions(searchers, query):
    found = {name: s.search(query) for name, s in searchers.items()}
    whoosh, tantivy = found["whoosh"], found["tantivy"]
    assert {(h.edition, h.node) for h in whoosh.results} == {(h.edition, h.node) for h in tantivy.results}
    assert whoosh.laws[:1] == tantivy.laws[:1]
    assert whoosh.kind == tantivy.kind


def test_an_unknown_backend_is_one_clear_error(monkeypatch, tmp_path):
    project = make_project(tmp_path)
    monkeypatch.setenv("LAWTOOLS_SEARCH_BACKEND", "elastic")
    with pytest.raises(EnvironmentSettingError, match="BACKEND='elastic' is not one of: whoosh, tantivy"):
        Searcher(fixture_corpus(project), tmp_path / "index", project / "corpus" / "terms.yaml")


def test_both_engines_read_a_phrases_slop_alike(searchers):
    # slop 1: the words side by side; 2: one word between (Whoosh's Phrase; tantivy counts the gap, so the
    # plan's slop is one more than tantivy's). Two words of a provision two positions apart match at 2, not at 1.
    whoosh = searchers["whoosh"]
    for doc in whoosh.index.all_documents():  # a provision whose first three words are three different words
        analyzer = whoosh.analyzers[doc["language"]]
        words = [t.term for t in analyzer.tokens(doc.get("text", "")) if t.field == "text"]
        if len(set(words[:3])) == 3 and words.count(words[0]) == words.count(words[2]) == 1:
            break
    language, first, third = doc["language"], words[0], words[2]
    for slop, expected in ((1, False), (2, True)):
        plan = Plan([Clause(f"{first} {third}", [Alternative(language, "text", (first, third), slop=slop)])])
        for name, searcher in searchers.items():
            hits = searcher.index.search(plan, Filters(), 400)
            found = any(h.brief["node"] == doc["node"] and h.brief["edition"] == doc["edition"] for h in hits)
            assert found is expected, (name, slop, first, third)


def test_a_hit_scores_as_its_words_alone(searchers):
    # the plan's restriction to each language's documents adds nothing to a score (Whoosh once added 1 to every
    # hit, which tantivy and the site's page did not: laws with more matching provisions gained)
    import whoosh.query as wq

    whoosh = searchers["whoosh"]
    doc = next(d for d in whoosh.index.all_documents() if d["language"] == "sv" and d.get("text"))
    word = next(t.term for t in whoosh.analyzers["sv"].tokens(doc["text"]) if t.field == "text")
    plan = Plan([Clause(word, [Alternative("sv", "text", (word,))])])
    hits = whoosh.index.search(plan, Filters(), 400)
    alone = {r.docnum: r.score for r in whoosh.index._engine.searcher.search(wq.Term("text_sv", word), limit=None)}
    assert hits and sorted(h.score for h in hits) == pytest.approx(sorted(alone.values()))
