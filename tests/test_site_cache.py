"""The analyses cache: reused while nothing it depends on changes, recomputed when anything does."""

from __future__ import annotations

import shutil
from pathlib import Path

from lawtools.records import load_corpus
from lawtools.site.cache import Analyses, cached, store

FIXTURE = Path(__file__).parent / "fixtures" / "site_corpus"


def test_cached_computes_once_per_key(tmp_path):
    calls = []

    def compute():
        calls.append(1)
        return {"n": len(calls)}

    assert cached(tmp_path, "k1", "diffs", compute) == {"n": 1}
    assert cached(tmp_path, "k1", "diffs", compute) == {"n": 1}
    assert cached(tmp_path, "k2", "diffs", compute) == {"n": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["diffs-k2.json"]  # the old key's file is gone


def test_no_cache_directory_means_no_caching():
    calls = []
    cached(None, "k", "diffs", lambda: calls.append(1))
    cached(None, "k", "diffs", lambda: calls.append(1))
    assert len(calls) == 2


def test_keys_change_with_exactly_what_each_analysis_reads(tmp_path):
    corpus_dir = tmp_path / "corpus"
    shutil.copytree(FIXTURE, corpus_dir)

    def keys():
        analyses = Analyses(load_corpus(corpus_dir / "editions.yaml"), tmp_path / "cache")
        return analyses.findings_key(), analyses.diff_keys()

    findings, diffs = keys()
    assert keys() == (findings, diffs)
    record = corpus_dir / "records" / "sv-2007" / "64.json"
    record.write_text(record.read_text(encoding="utf-8").replace("revoke", "revoken", 1), encoding="utf-8")
    changed_findings, changed_diffs = keys()
    assert changed_findings != findings
    assert [law for law in diffs if changed_diffs[law] != diffs[law]] == ["64"]
    only_here = corpus_dir / "records" / "sv-2007" / "62.json"  # law 62 is in one edition: it has no diff
    only_here.write_text(only_here.read_text(encoding="utf-8").replace("e", "é", 1), encoding="utf-8")
    assert keys()[0] != changed_findings and keys()[1] == changed_diffs
    changed_findings = keys()[0]
    baseline = corpus_dir / "check-baseline.yaml"
    baseline.write_text("accepted: []\n", encoding="utf-8")
    assert keys()[0] != changed_findings and keys()[1] == changed_diffs  # the baseline is no input of a diff


def test_a_damaged_cache_entry_is_computed_again(tmp_path):
    (tmp_path / "diffs-k1.json").write_text('{"trunc', encoding="utf-8")
    assert cached(tmp_path, "k1", "diffs", lambda: {"fresh": True}) == {"fresh": True}
    assert cached(tmp_path, "k1", "diffs", lambda: {"again": True}) == {"fresh": True}  # stored whole this time
    assert sorted(p.name for p in tmp_path.iterdir()) == ["diffs-k1.json"]


def test_a_seeded_entry_is_used_instead_of_computing(tmp_path):
    store(tmp_path, "k0", "findings", [{"old": True}])
    store(tmp_path, "k1", "findings", [{"seeded": True}])
    assert cached(tmp_path, "k1", "findings", lambda: [{"computed": True}]) == [{"seeded": True}]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["findings-k1.json"]


def test_diffs_are_one_file_per_law_and_the_old_single_file_is_dropped(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "diffs-0123456789abcdef0123.json").write_text("{}", encoding="utf-8")
    analyses = Analyses(load_corpus(FIXTURE / "editions.yaml"), cache)
    assert analyses.missing_diffs() == ["64"]
    assert analyses.refresh_diffs() == 1
    assert [p.name for p in (cache / "diffs").iterdir()] == [f"64-{analyses.diff_keys()['64']}.json"]
    assert not list(cache.glob("diffs-*.json")) and analyses.missing_diffs() == []
    assert analyses.diffs()["64"]["citation"] == "64" and analyses.computed["diffs"] == 1  # read, not computed
