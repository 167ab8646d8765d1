"""What makes result building fast must not change the JSON a search gives, on either engine.

The fast path groups and ranks on the index's document table (docs.marshal) and reads the stored fields only of
the hits it shows, with their spans decoded at build time. The reference path is the one before it: every hit's
stored fields read for grouping and ranking, and every shown hit's text analysed again for its highlights and
reasons. Both answer the same queries (every relevance set's languages, citations, English questions, filters) on
the real corpus; their JSON must be identical, byte for byte.
"""

from __future__ import annotations

import json

import pytest
from search_support import real_corpus, real_index_dir

from lawtools.search.api import Searcher
from lawtools.search.plan import LazyHit, RawHit

QUERIES = [
    ("straffkort", {}), ("straffkortet", {"limit": 3}), ("revokestick", {}), ("spelförarens utspel utom tur", {}),
    ("Hauptstrafkarte", {}), ("Revoke im zwölften Stich", {}), ("Strafkrate", {}), ("voldongen verzaking", {}),
    ("verzakng", {"lang": "nl"}), ("utilstrekkelige bud", {}), ("straffekort", {"law": "50"}), ("blindemann", {}),
    ("penalty card", {}), ("two cards played at once", {}), ("claim disputed by an opponent", {}),
    ('"tolfte stick"', {}), ("lag 64", {}), ("Law 64 B 2", {}), ("revoke", {"edition": "de-1997"}),
    ("dummy", {"limit": 1}), ("inte finns", {}), ("informasjon fra makker", {"lang": "nb"}),
]


def _reference(searcher: Searcher):
    """The searcher's index answering as before the document table: hits carry every stored field except the
    spans (so grouping reads them all, and a shown hit analyses its text again)."""
    index = searcher.index
    search = index.search

    def every_field(plan, filters, limit=200):
        return [RawHit(hit.score, {k: v for k, v in hit.fields.items() if k != "spans"})
                for hit in search(plan, filters, limit)]

    index.search = every_field
    return search


def _answers(searcher: Searcher) -> dict[str, str]:
    found = {}
    for query, options in QUERIES:
        data = searcher.search(query, **options).to_dict()
        data.pop("index")
        found[f"{query} {options}"] = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return found


@pytest.fixture(scope="module", params=["whoosh", "tantivy"])
def searcher(request, tmp_path_factory):
    if request.param == "whoosh":
        opened = Searcher(real_corpus(), real_index_dir())
    else:
        pytest.importorskip("tantivy")
        opened = Searcher(real_corpus(), tmp_path_factory.mktemp("tantivy") / "index",
                          settings={"backend": "tantivy"})
    assert opened.index.backend == request.param
    yield opened
    opened.close()


def test_the_fast_path_gives_the_json_of_the_reference_path(searcher):
    assert searcher.index._document_table(), "the index has no document table: nothing fast to compare"
    fast = _answers(searcher)
    search = _reference(searcher)
    try:
        reference = _answers(searcher)
    finally:
        searcher.index.search = search
    assert [q for q in fast if fast[q] != reference[q]] == []
    assert sum('"results": []' not in answer for answer in fast.values()) >= len(QUERIES) - 2  # they find things


def test_only_the_hits_shown_read_their_stored_fields(searcher):
    search = searcher.index.search
    read: list[LazyHit] = []

    def counting(plan, filters, limit=200):
        hits = search(plan, filters, limit)
        for hit in hits:
            original = hit._read

            def reading(address, hit=hit, original=original):
                read.append(hit)
                return original(address)
            hit._read = reading
        return hits

    searcher.index.search = counting
    try:
        for query in ("straffkort", "revoke", "Strafkarte", "verzaking"):
            read.clear()
            result = searcher.search(query)
            shown = len(result.results)
            assert 0 < shown < 200
            assert len(read) == shown, query  # each shown hit once; grouping and ranking read none
    finally:
        searcher.index.search = search
