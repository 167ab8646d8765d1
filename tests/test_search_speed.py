"""What makes search fast must not change what it finds: the analysis cache (an unchanged text is never analysed
twice, a one-record change analyses that record only, results identical to a cold analysis), the spans stored
per document (hits highlighted and explained exactly as by analysing the text again), the package tables read
without YAML, and a plain cold query that loads neither YAML nor the records module."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from search_support import fixture_corpus, make_project, real_corpus, real_index_dir

from lawtools.search.analyzed import analyze_corpus
from lawtools.search.api import Searcher
from lawtools.search.index import default_settings
from lawtools.search.index_build import build_index
from lawtools.search.plan import Filters, RawHit

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def cache(tmp_path, monkeypatch):
    where = tmp_path / "search-cache"
    monkeypatch.setenv("LAWTOOLS_SEARCH_CACHE", str(where))
    return where


def _fields(analyzed) -> list:
    return [analyzed.fields(doc) for doc in analyzed.documents]


def test_a_second_build_analyses_nothing_and_indexes_the_same(tmp_path, cache):
    project = make_project(tmp_path / "p")
    corpus, terms = fixture_corpus(project), project / "corpus" / "terms.yaml"
    settings = default_settings()
    cold = analyze_corpus(corpus, terms, settings, cache=False)
    first = build_index(corpus, terms, tmp_path / "index1", settings)
    second = build_index(corpus, terms, tmp_path / "index2", settings)
    documents = len(cold.documents)
    assert first.analysis["analysed"] > 0
    assert second.analysis == {"cached": documents, "analysed": 0}
    warm = analyze_corpus(corpus, terms, settings)
    assert _fields(warm) == _fields(cold)  # what the cache gives is what analysis gives
    assert not any(lemmas.loaded for lemmas in warm.lemma_caches.values())  # no lemma table (spaCy) read
    assert (cache / "analysis-sv.marshal").is_file()


def test_a_one_record_change_analyses_only_that_records_texts(tmp_path, cache):
    project = make_project(tmp_path / "p")
    corpus, terms = fixture_corpus(project), project / "corpus" / "terms.yaml"
    settings = default_settings()
    build_index(corpus, terms, tmp_path / "index1", settings)
    record = project / "corpus" / "records" / "sv-2007" / "64.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    node = data["nodes"][0]
    node["text"] = node["text"] + " revoken"  # a word the vocabulary has: no other text depends on the change
    record.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    corpus = fixture_corpus(project)
    info = build_index(corpus, terms, tmp_path / "index2", settings)
    assert info.analysis["analysed"] == 1
    warm, cold = analyze_corpus(corpus, terms, settings), analyze_corpus(corpus, terms, settings, cache=False)
    assert _fields(warm) == _fields(cold)


def test_a_new_word_reanalyses_the_texts_that_contain_it(tmp_path, cache):
    project = make_project(tmp_path / "p")
    corpus, terms = fixture_corpus(project), project / "corpus" / "terms.yaml"
    settings = default_settings()
    build_index(corpus, terms, tmp_path / "index1", settings)
    record = project / "corpus" / "records" / "sv-2007" / "64.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    data["nodes"][0]["text"] += " kortlek"  # new to the vocabulary: compounds with "kort" may now split otherwise
    record.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    corpus = fixture_corpus(project)
    warm, cold = analyze_corpus(corpus, terms, settings), analyze_corpus(corpus, terms, settings, cache=False)
    assert _fields(warm) == _fields(cold)
    cache_of = warm.caches["sv"]
    assert 1 <= cache_of.misses < len([d for d in warm.documents if d.language == "sv"])


def test_stored_spans_explain_hits_as_analysing_the_text_again():
    searcher = Searcher(real_corpus(), real_index_dir())
    try:
        for query in ("straffkortet", "revokestick", "Hauptstrafkarte", "penalty card", "voldongen verzaking",
                      "utilstrekkelige bud"):
            parsed = searcher.parser.parse(query)
            raw = searcher.index.search(parsed.plan, Filters(), 40)
            assert raw, query
            for hit in raw:
                stored = searcher.grouper.hit(hit, parsed.plan)
                bare = RawHit(hit.score, {k: v for k, v in hit.fields.items() if k != "spans"})
                again = searcher.grouper.hit(bare, parsed.plan)
                assert stored.snippet == again.snippet, (query, hit.fields["key"])
                assert [(m.term, m.how) for m in stored.matched] == [(m.term, m.how) for m in again.matched]
    finally:
        searcher.close()


def test_package_tables_are_the_yaml_files(cache):
    from lawtools.search.tables import package_table
    from lawtools.yamlio import package_data

    for name in ("search.yaml", "stopwords.yaml", "law_titles_en.yaml"):
        package_table.cache_clear()
        assert package_table(name) == package_data(name)
        assert (cache / f"table-{name}.marshal").is_file()
        package_table.cache_clear()
        assert package_table(name) == package_data(name)  # now from the marshal copy


def test_a_plain_cold_query_reads_no_yaml_and_no_records(tmp_path):
    project = make_project(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LAWTOOLS_SEARCH_CACHE": str(tmp_path / "cache")}
    env.pop("LAWTOOLS_INDEX_DIR", None)
    run = {"cwd": project, "env": env, "capture_output": True, "text": True, "timeout": 300}
    subprocess.run([sys.executable, "-m", "lawtools", "index"], check=True, **run)
    subprocess.run([sys.executable, "-m", "lawtools", "search", "straffkort", "--json"], check=True, **run)
    answered = subprocess.run([sys.executable, "-X", "importtime", "-m", "lawtools", "search", "straffkort",
                               "--json"], **run)
    assert answered.returncode == 0, answered.stderr[-2000:]
    modules = {line.rsplit("|", 1)[1].strip() for line in answered.stderr.splitlines()
               if line.startswith("import time:") and line.count("|") == 2}
    assert "lawtools.search.query" in modules
    assert not modules & {"yaml", "lawtools.records", "lawtools.manifest", "lawtools.schema", "spacy"}
    assert json.loads(answered.stdout)["results"]
