"""An index build reads and validates the records once: the documents cache (documents.DocumentsCache) gives a
second build the documents the first read while the records' content, the manifest and the reading code are the
same, and is never trusted beyond that. And a changed lawtools (the index code) makes an index stale even when
the records did not change."""

from __future__ import annotations

import json

import pytest
from search_support import fixture_corpus, make_project

from lawtools.search import documents as documents_module
from lawtools.search import index as index_module
from lawtools.search.analyzed import analyze_corpus
from lawtools.search.api import Searcher
from lawtools.search.index import default_settings as all_settings
from lawtools.search.index_build import build_index


def default_settings() -> dict:
    """The index settings without lemmas and passage vectors (what they add is not what these tests are about)."""
    return {**all_settings(), "lemmas": [], "semantic": ""}


@pytest.fixture(scope="module")
def shared_cache(tmp_path_factory):
    return tmp_path_factory.mktemp("search-cache")


@pytest.fixture
def cache(shared_cache, monkeypatch):
    """One search cache for the module (the analyses and the lexicon are not what is tested), without the
    documents cache a test before left."""
    (shared_cache / "documents.marshal").unlink(missing_ok=True)
    monkeypatch.setenv("LAWTOOLS_SEARCH_CACHE", str(shared_cache))
    return shared_cache


def _no_records(monkeypatch):
    def refuse(corpus):
        raise AssertionError("the records were read again")
        yield  # pragma: no cover - a generator, like corpus_documents

    monkeypatch.setattr(documents_module, "corpus_documents", refuse)


def test_a_second_build_reads_no_record_and_indexes_the_same(tmp_path, cache, monkeypatch):
    project = make_project(tmp_path / "p")
    corpus, terms = fixture_corpus(project), project / "corpus" / "terms.yaml"
    settings = default_settings()
    build_index(corpus, terms, tmp_path / "index1", settings)
    assert (cache / "documents.marshal").is_file()
    read = list(documents_module.corpus_documents(fixture_corpus(project)))
    _no_records(monkeypatch)
    build_index(fixture_corpus(project), terms, tmp_path / "index2", settings)
    records_hash = documents_module.content_hash(project / "corpus" / "records", terms, settings)
    cached = analyze_corpus(fixture_corpus(project), terms, settings, records_hash=records_hash)
    assert cached.documents_cache.hit and cached.documents == read
    for name in ("docs.marshal", "vocab.json", "terms.json"):
        assert (tmp_path / "index1" / name).read_bytes() == (tmp_path / "index2" / name).read_bytes()


def test_a_changed_record_is_read_again(tmp_path, cache, monkeypatch):
    project = make_project(tmp_path / "p")
    terms = project / "corpus" / "terms.yaml"
    Searcher(fixture_corpus(project), tmp_path / "index", terms, settings=default_settings()).close()
    record = project / "corpus" / "records" / "sv-2007" / "64.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    data["nodes"][0]["text"] += " Kortlekslådan."
    record.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    searcher = Searcher(fixture_corpus(project), tmp_path / "index", terms, settings=default_settings())
    try:
        assert searcher.index_info["rebuilt"]
        assert searcher.search("kortlekslådan").laws == ["64"]
    finally:
        searcher.close()


def test_a_damaged_documents_cache_is_ignored(tmp_path, cache):
    project = make_project(tmp_path / "p")
    corpus, terms = fixture_corpus(project), project / "corpus" / "terms.yaml"
    settings = default_settings()
    build_index(corpus, terms, tmp_path / "index1", settings)
    for damage in (b"\x00garbage", b""):
        (cache / "documents.marshal").write_bytes(damage)
        records_hash = documents_module.content_hash(project / "corpus" / "records", terms, settings)
        again = analyze_corpus(fixture_corpus(project), terms, settings, records_hash=records_hash)
        assert not again.documents_cache.hit
        assert again.documents == list(documents_module.corpus_documents(fixture_corpus(project)))


def test_another_manifest_is_another_key(tmp_path, cache):
    project = make_project(tmp_path / "p")
    terms = project / "corpus" / "terms.yaml"
    corpus = fixture_corpus(project)
    first = documents_module.DocumentsCache(cache, corpus, "hash").key
    manifest = project / "corpus" / "editions.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    assert documents_module.DocumentsCache(cache, fixture_corpus(project), "hash").key != first
    assert documents_module.DocumentsCache(cache, corpus, "other hash").key != first
    assert terms.exists()


def test_a_changed_index_code_makes_the_index_stale(tmp_path, cache, monkeypatch):
    project = make_project(tmp_path / "p")
    terms = project / "corpus" / "terms.yaml"
    records = project / "corpus" / "records"
    (records / "stamp.json").write_text(json.dumps({"generation": "g1"}), encoding="utf-8")
    code = tmp_path / "engine_extra.py"
    code.write_text("# one\n", encoding="utf-8")
    monkeypatch.setattr(documents_module, "ANALYSIS_CODE", (*documents_module.ANALYSIS_CODE, str(code)))
    index_dir = tmp_path / "index"
    build_index(fixture_corpus(project), terms, index_dir, default_settings())
    settings = default_settings()
    assert index_module.freshness(index_dir, records, terms, settings) == (True, "fresh")
    code.write_text("# two, longer\n", encoding="utf-8")
    fresh, why = index_module.freshness(index_dir, records, terms, settings)
    assert (fresh, why) == (False, "the records or the termbase changed")  # the content hash has the code too


def test_an_installed_package_keeps_its_search_cache_in_the_users_cache_not_in_site_packages(tmp_path, monkeypatch):
    """Outside a source checkout (no pyproject.toml two levels up), the cache goes to $XDG_CACHE_HOME/lawtools;
    in a checkout it stays in its build/search-cache; $LAWTOOLS_SEARCH_CACHE wins over both."""
    from lawtools.search import vectors

    installed = tmp_path / "site-packages" / "lawtools" / "search" / "vectors.py"
    monkeypatch.setattr(vectors, "__file__", str(installed))
    monkeypatch.delenv("LAWTOOLS_SEARCH_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert vectors.cache_dir() == tmp_path / "cache" / "lawtools" / "search-cache"
    assert not (tmp_path / "site-packages" / "build").exists()
    (tmp_path / "pyproject.toml").write_text("[project]\n", encoding="utf-8")
    monkeypatch.setattr(vectors, "__file__", str(tmp_path / "lawtools" / "search" / "vectors.py"))
    assert vectors.cache_dir() == tmp_path / "build" / "search-cache"
    monkeypatch.setenv("LAWTOOLS_SEARCH_CACHE", str(tmp_path / "mine"))
    assert vectors.cache_dir() == tmp_path / "mine"
