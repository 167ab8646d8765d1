"""Hostile queries never raise: empty, punctuation, unbalanced quotes, Whoosh syntax, huge, emoji, mixed scripts."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from search_support import fixture_corpus, make_project

from lawtools.search.api import Searcher, SearchResult


@pytest.fixture(scope="module")
def searcher(tmp_path_factory):
    root = make_project(tmp_path_factory.mktemp("hostile"))
    s = Searcher(fixture_corpus(root), root / "build" / "index", root / "corpus" / "terms.yaml")
    yield s
    s.close()


HOSTILE = ["", " ", "\t\n", "!!!", "?!.,;:", '"', '"""', '"tolfte stick', 'stick"', "AND OR *", "NOT", "*",
           "text_sv:straffkort", "(((", ")]}", "a~2", "straffkort^10", "[a TO z]", "\\", "'", "§", "§§", "64Z",
           "Law", "lag 0", "lag 999", "x" * 10_000, "straffkort " * 2000, "🃏🂡 ♠♥♦♣", "straffkort 🃏",
           "Strafkarte карта 牌 بطاقة", "\u0000\u200b\ufeff", "ｓｔｒａｆｆｋｏｒｔ", "é" * 50, "-" * 300, "% _ ?"]


def check(searcher: Searcher, query: str, **options) -> SearchResult:
    result = searcher.search(query, **options)
    assert isinstance(result, SearchResult)
    result.to_dict()  # the JSON form too
    return result


@pytest.mark.parametrize("query", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_examples(searcher, query):
    check(searcher, query)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_any_text_never_raises(searcher, query):
    check(searcher, query)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(['"', "AND", "OR", "NOT", "*", "?", "(", ")", ":", "^", "~", "straffkort",
                                 "Strafkarte", "64B", "lag", "§", "🃏", "ü", " ", "tolfte", "stick"]), max_size=40),
       st.sampled_from([None, "sv", "de", "nl", "nb"]), st.integers(min_value=1, max_value=50))
def test_syntax_soup_with_filters_never_raises(searcher, parts, lang, limit):
    check(searcher, " ".join(parts), lang=lang, limit=limit)


def test_long_query_is_cut_and_says_so(searcher):
    assert any("cut" in note or "first" in note for note in check(searcher, "straffkort " * 2000).notes)
