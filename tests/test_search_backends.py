"""Both engines behind the same SearchIndex interface answer the same plans alike: Whoosh (default) and tantivy
(LAWTOOLS_SEARCH_BACKEND=tantivy), on the fixture project."""

from __future__ import annotations

import pytest
from search_support import fixture_corpus, make_project

from lawtools.errors import EnvironmentSettingError
from lawtools.search.api import Searcher

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
