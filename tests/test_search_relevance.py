"""Relevance on the real corpus: MRR and recall@5 over tests/relevance/queries.yaml (expectations written from
reading the laws). Skips until the corpus has records."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from search_support import real_corpus

from lawtools.search.api import Searcher

_spec = importlib.util.spec_from_file_location("relevance_evaluate", Path(__file__).with_name("relevance") /
                                               "evaluate.py")
evaluate = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = evaluate
_spec.loader.exec_module(evaluate)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    corpus = real_corpus()
    searcher = Searcher(corpus, tmp_path_factory.mktemp("relevance") / "index")
    queries = [q for q in evaluate.load_queries() if _covered(q, corpus)]
    yield evaluate.evaluate(searcher, queries)
    searcher.close()


def _covered(query: dict, corpus) -> bool:
    """While records land edition by edition, leave out queries whose language (or language filter) has no
    records yet and those whose expected laws no edition has."""
    languages = {corpus.language(e) for e in corpus.editions()}
    own = query.get("lang_of_query")
    if (own and own != "en" and own not in languages) or (query.get("lang") and query["lang"] not in languages):
        return False
    return bool(set(map(str, query["expect"])) & (set(corpus.laws()) | {"definitions"}))


def test_relevance_set_is_large_and_varied():
    queries = evaluate.load_queries()
    assert len(queries) >= 40
    kinds = {q["kind"] for q in queries}
    assert {"inflected", "compound", "phrase", "citation", "typo", "cross-language"} <= kinds
    assert {"sv", "nb", "de", "nl", "en"} <= {q.get("lang_of_query") for q in queries}


def test_mrr_and_recall(report, capsys):
    with capsys.disabled():
        print("\n" + report.render())
    assert report.mrr >= 0.85
    assert report.recall5 >= 0.75
