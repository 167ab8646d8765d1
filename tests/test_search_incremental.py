"""Issue 15: a one-record change updates the search index in place of a rebuild (search/incremental.py), and the
updated index answers exactly as a full `--force` rebuild of the same records does."""

from __future__ import annotations

import json
import shutil

import pytest
from search_support import ROOT, fixture_corpus, make_project

from lawtools.manifest import load_manifest
from lawtools.records import Corpus
from lawtools.search import engine_whoosh
from lawtools.search.api import Searcher
from lawtools.search.index import default_settings as all_settings
from lawtools.search.index import open_index

QUERIES = ("revoke", "straffkort", "Strafkarte", "verzaking", "korrigering efter revoke", "64B", "makker",
           "twaalfde slag", "kortlekslådan")


def settings() -> dict:
    """Without lemmas and passage vectors: what they add is written by the same code for both kinds of build."""
    return {**all_settings(), "lemmas": [], "semantic": ""}


@pytest.fixture(autouse=True)
def cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("LAWTOOLS_SEARCH_CACHE", str(tmp_path_factory.getbasetemp() / "incremental-search-cache"))


def _edit(record, change) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    change(data)
    record.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def _open(corpus, index_dir, terms, rebuild="auto"):
    opened, info = open_index(corpus, index_dir, terms, rebuild=rebuild, settings=settings())
    opened.close()
    return info


def answers(corpus, index_dir, terms, queries=QUERIES) -> list:
    """Per query: the engine's raw hits (score, document) and the search's results (document, rounded score)."""
    searcher = Searcher(corpus, index_dir, terms, rebuild="never", settings=settings())
    try:
        found = []
        for query in queries:
            parsed = searcher.parser.parse(query)
            raw = searcher.index.search(parsed.plan, searcher._filters(None, None, None), 200) if parsed.plan else []
            result = searcher.search(query, limit=20).to_dict()
            found.append((query, [(h.score, h.brief["edition"], h.brief["node"]) for h in raw],
                          [(r["edition"], r["node"], r["score"]) for r in result["results"]], result["groups"]))
        return found
    finally:
        searcher.close()


def assert_same(updated: list, rebuilt: list) -> None:
    assert len(updated) == len(rebuilt)
    for (query, raw, results, groups), (_, raw_full, results_full, groups_full) in zip(updated, rebuilt, strict=True):
        assert [d[1:] for d in raw] == [d[1:] for d in raw_full], query
        assert [d[0] for d in raw] == pytest.approx([d[0] for d in raw_full], rel=1e-9), query
        assert results == results_full and groups == groups_full, query


def test_a_changed_record_is_reindexed_alone_and_answers_as_a_full_rebuild(tmp_path):
    project = make_project(tmp_path / "p")
    terms = project / "corpus" / "terms.yaml"
    assert not _open(fixture_corpus(project), tmp_path / "index", terms).incremental
    _edit(project / "corpus" / "records" / "sv-2007" / "64.json",
          lambda data: data["nodes"][0].update(text=data["nodes"][0]["text"] + " Kortlekslådan och revoke."))
    info = _open(fixture_corpus(project), tmp_path / "index", terms)
    assert info.incremental and info.reindexed == 1 and info.removed == 0
    assert info.reason == f"incremental: 1 of {info.documents} documents re-indexed"
    assert _open(fixture_corpus(project), tmp_path / "index", terms) is None  # and now fresh
    _open(fixture_corpus(project), tmp_path / "full", terms, rebuild="force")
    updated = answers(fixture_corpus(project), tmp_path / "index", terms)
    assert any(results for _, _, results, _ in updated if results)
    assert_same(updated, answers(fixture_corpus(project), tmp_path / "full", terms))
    assert [r for q, _, r, _ in updated if q == "kortlekslådan"][0][0][:2] == ("sv-2007", "64B")


def test_a_removed_law_disappears(tmp_path):
    project = make_project(tmp_path / "p")
    terms = project / "corpus" / "terms.yaml"
    _open(fixture_corpus(project), tmp_path / "index", terms)
    folder = project / "corpus" / "records" / "nb-2017"  # the last edition: no later document's order moves
    (folder / "16.json").unlink()
    _edit(folder / "edition.json", lambda data: data.update(laws=[]))
    info = _open(fixture_corpus(project), tmp_path / "index", terms)
    # law 16 and 16B gone; a document of the edition whose analysis the smaller vocabulary changed is re-added
    assert info.incremental and info.removed == 2 and info.reindexed <= 2, info.reason
    assert info.reason == f"incremental: {info.reindexed} of {info.documents} documents re-indexed, 2 removed"
    searcher = Searcher(fixture_corpus(project), tmp_path / "index", terms, rebuild="never", settings=settings())
    try:
        keys = {d["key"] for d in searcher.index.all_documents()}
        assert len(keys) == info.documents and not {k for k in keys if k.startswith("nb-2017|16")}
        assert not [r for r in searcher.search("uvedkommende informasjon").results if r.law == "16"]
    finally:
        searcher.close()
    _open(fixture_corpus(project), tmp_path / "full", terms, rebuild="force")
    assert_same(answers(fixture_corpus(project), tmp_path / "index", terms, QUERIES + ("uvedkommende",)),
                answers(fixture_corpus(project), tmp_path / "full", terms, QUERIES + ("uvedkommende",)))


def test_a_document_added_early_moves_every_later_one(tmp_path):
    """The documents' order is global: a provision added to the first record re-indexes every later document,
    and when that is most of them the index is rebuilt, saying why."""
    project = make_project(tmp_path / "p")
    terms = project / "corpus" / "terms.yaml"
    _open(fixture_corpus(project), tmp_path / "index", terms)
    _edit(project / "corpus" / "records" / "sv-2007" / "50.json", lambda data: data["nodes"].append(
        {**data["nodes"][-1], "id": "50D", "label": "D", "title": "", "text": "Ett nytt stycke.", "children": []}))
    info = _open(fixture_corpus(project), tmp_path / "index", terms)
    assert not info.incremental and f" of {info.documents} documents changed" \
        in info.reason, info.reason


def test_what_an_update_cannot_do_is_a_full_rebuild_that_says_why(tmp_path, monkeypatch):
    project = make_project(tmp_path / "p")
    terms = project / "corpus" / "terms.yaml"
    record = project / "corpus" / "records" / "de-1997" / "64.json"
    _open(fixture_corpus(project), tmp_path / "index", terms)

    def retitle(word):
        _edit(record, lambda data: data.update(title=data["title"] + word))

    retitle(" Eins")
    digests = bytearray((tmp_path / "index" / "digests.marshal").read_bytes())
    digests[len(digests) // 2] ^= 1  # one flipped bit: a document key or digest the build did not write
    (tmp_path / "index" / "digests.marshal").write_bytes(bytes(digests))
    info = _open(fixture_corpus(project), tmp_path / "index", terms)
    assert not info.incremental and "full rebuild: the index has no readable document digests" in info.reason
    terms.write_text(terms.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    retitle(" Zwei")
    info = _open(fixture_corpus(project), tmp_path / "index", terms)
    assert not info.incremental and "the termbase, the search data files or the search code changed" in info.reason
    monkeypatch.setattr(engine_whoosh, "update", _broken, raising=True)
    retitle(" Drei")
    info = _open(fixture_corpus(project), tmp_path / "index", terms)
    assert not info.incremental and "the index could not be updated (ValueError" in info.reason
    assert not list(tmp_path.glob(".index.staging-*"))


def _broken(path, analyzed, remove, add):
    raise ValueError("a segment file is damaged")


def test_tantivy_rebuilds_in_full_and_says_so(tmp_path):
    pytest.importorskip("tantivy")
    project = make_project(tmp_path / "p")
    terms = project / "corpus" / "terms.yaml"
    tantivy = {**settings(), "backend": "tantivy"}
    open_index(fixture_corpus(project), tmp_path / "index", terms, settings=tantivy)[0].close()
    _edit(project / "corpus" / "records" / "nl-2017" / "62.json", lambda data: data.update(title="Herstel"))
    opened, info = open_index(fixture_corpus(project), tmp_path / "index", terms, settings=tantivy)
    opened.close()
    assert not info.incremental and "full rebuild: the tantivy engine has no incremental update" in info.reason


def test_the_real_corpus_updated_across_segments_answers_as_a_full_rebuild(tmp_path, monkeypatch):
    """Segments of 200 documents: a change in one record rewrites its segment only, and a changed word count
    (the vocabulary) re-indexes exactly the documents whose analysis changed."""
    monkeypatch.setattr(engine_whoosh, "SEGMENT_DOCS", 200)
    shutil.copytree(ROOT / "corpus", tmp_path / "corpus", ignore=shutil.ignore_patterns("sources"))
    terms = tmp_path / "corpus" / "terms.yaml"

    def corpus():
        return Corpus(tmp_path / "corpus" / "records", load_manifest(tmp_path / "corpus" / "editions.yaml"))

    _open(corpus(), tmp_path / "index", terms)
    segments_before = set((tmp_path / "index" / "engine").glob("*.seg"))
    assert len(segments_before) > 3
    (tmp_path / "corpus" / "records" / "stamp.json").unlink(missing_ok=True)
    _edit(tmp_path / "corpus" / "records" / "nl-2017" / "57.json",
          lambda data: data["nodes"][0].update(text=data["nodes"][0]["text"] + " verzaking twaalfde"))
    info = _open(corpus(), tmp_path / "index", terms)
    assert info.incremental and 1 <= info.reindexed < 10, info.reason
    kept = {p.name for p in segments_before} & {p.name for p in (tmp_path / "index" / "engine").glob("*.seg")}
    # the changed document's segment and the last, small one (1045 = 5 × 200 + 45) written again; the rest kept
    assert len(kept) == len(segments_before) - 2
    _open(corpus(), tmp_path / "full", terms, rebuild="force")
    assert_same(answers(corpus(), tmp_path / "index", terms), answers(corpus(), tmp_path / "full", terms))



def test_an_update_killed_at_any_step_leaves_the_old_or_the_new_index(tmp_path):
    """`lawtools index` killed at a sample of its file-system operations (every switch among them) while it
    updates: the index there is the old or the new one, whole, and the next run ends as an unbroken one."""
    from reliability_support import copy_project, run, run_faulty

    from lawtools.search.index import read_meta

    project = make_project(tmp_path / "p")
    # the search cache inside the project: every copy starts from the same one (the same operations)
    environment = {"LAWTOOLS_SEMANTIC": "never", "LAWTOOLS_SEARCH_CACHE": "search-cache"}
    assert run(project, "index", extra_env=environment).returncode == 0
    old = read_meta(project / "build" / "index")["content_hash"]
    _edit(project / "corpus" / "records" / "sv-2007" / "64.json",
          lambda data: data["nodes"][0].update(text=data["nodes"][0]["text"] + " Kortlekslådan."))
    probe = copy_project(project, tmp_path / "probe")
    log = tmp_path / "ops.log"
    done = run_faulty(probe, "none", 0, "index", extra_env={**environment, "LAWTOOLS_OPS_LOG": str(log)})
    assert done.returncode == 0 and "incremental: 1 of" in done.stdout, done.stdout + done.stderr[-500:]
    new = read_meta(probe / "build" / "index")["content_hash"]

    def answer(root):
        found = run(root, "search", "kortlekslådan", "--json", extra_env=environment)
        assert found.returncode == 0, found.stderr[-500:]
        return json.loads(found.stdout)["results"]

    expected = answer(probe)
    assert expected and expected[0]["node"] == "64B"
    names = log.read_text(encoding="utf-8").split()
    # the swap and the clean-up (each with the step after it), the last atomic write (meta.json), the first
    # hard link of the copy, the first and the last operation: what a kill between the update's steps can hit
    switches = [n for n, name in enumerate(names, 1) if name in ("rename", "exchange", "rmtree")]
    last_write = max(n for n, name in enumerate(names, 1) if name == "replace")
    tried = sorted({1, len(names), last_write, names.index("link") + 1, *switches,
                    *(s + 1 for s in switches if s < len(names))})
    assert switches and len(tried) < 15
    for step in tried:
        killed_project = copy_project(project, tmp_path / f"kill-{step}")
        killed = run_faulty(killed_project, "kill", step, "index", extra_env=environment)
        assert killed.returncode in (97, -9), f"step {step} ({names[step - 1]}): {killed.stderr[-300:]}"
        meta = read_meta(killed_project / "build" / "index")
        assert meta is not None and meta["content_hash"] in (old, new), f"step {step} ({names[step - 1]})"
        again = run(killed_project, "index", extra_env=environment)
        assert again.returncode == 0, f"step {step} ({names[step - 1]}): {again.stderr[-300:]}"
        assert read_meta(killed_project / "build" / "index")["content_hash"] == new
        assert answer(killed_project) == expected, f"step {step} ({names[step - 1]})"
        assert not [p.name for p in (killed_project / "build").iterdir() if p.name.startswith(".index.")], step
        shutil.rmtree(killed_project)
