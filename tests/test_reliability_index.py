"""Issue 9: a damaged search index we own is rebuilt (or named with what to run), never a traceback."""

from __future__ import annotations

import json
import random
import shutil

import pytest
from search_support import TERMS, fixture_corpus, make_project

from lawtools.errors import LawtoolsError
from lawtools.search.api import Searcher


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A fixture project with a freshly built index; returns (project, index dir)."""
    root = tmp_path_factory.mktemp("index")
    project = make_project(root)
    index_dir = root / "build" / "index"
    Searcher(fixture_corpus(project), index_dir, TERMS).index.close()
    return project, index_dir


def answer(project, index_dir) -> list:
    searcher = Searcher(fixture_corpus(project), index_dir, TERMS)
    try:
        return searcher.search("straffkort").groups
    finally:
        searcher.index.close()


def _files(index_dir):
    return sorted(p.name for p in index_dir.iterdir() if p.is_file() and p.name != ".lawtools-owned")


def test_every_index_file_with_flipped_bits_is_rebuilt_or_named(built, tmp_path):
    project, index_dir = built
    expected = answer(project, index_dir)
    assert expected
    rng = random.Random(9)
    for name in _files(index_dir):
        for trial in range(3):
            copy = tmp_path / f"{name}-{trial}" / "index"
            shutil.copytree(index_dir, copy)
            data = bytearray((copy / name).read_bytes())
            if data:
                for _ in range(1 + trial * 4):
                    position = rng.randrange(len(data))
                    data[position] ^= 1 << rng.randrange(8)
            (copy / name).write_bytes(bytes(data))
            try:
                groups = answer(project, copy)
            except LawtoolsError as error:  # acceptable: one clear line saying what to run
                assert "lawtools index" in str(error) and "\n" not in str(error), str(error)
                continue
            assert groups, f"{name} (trial {trial}): a damaged index answered nothing"


@pytest.mark.parametrize(("name", "content"), [
    ("terms.json", "null"), ("terms.json", "[]"), ("vocab.json", "[" * 200_000 + "]" * 200_000),
    ("vocab.json", '{"sv": {"counts": [], "stems": {}}}'), ("meta.json", "[1, 2]"), ("meta.json", "{"),
], ids=["terms-null", "terms-list", "vocab-deep", "vocab-types", "meta-list", "meta-truncated"])
def test_a_damaged_companion_file_is_rebuilt(built, tmp_path, name, content):
    project, index_dir = built
    copy = tmp_path / "index"
    shutil.copytree(index_dir, copy)
    (copy / name).write_text(content, encoding="utf-8")
    assert answer(project, copy)
    json.loads((copy / name).read_text(encoding="utf-8"))  # rewritten whole


def test_a_read_only_meta_file_does_not_stop_a_search(built, tmp_path, monkeypatch):
    from lawtools.errors import WriteError
    from lawtools.search import index as index_module

    project, index_dir = built
    copy = tmp_path / "index"
    shutil.copytree(index_dir, copy)
    for path in (project / "corpus" / "records").rglob("*.json"):
        path.touch()  # files touched, content the same: freshness wants to refresh meta.json's signature

    def read_only(*args, **kwargs):
        raise WriteError(f"{copy / 'meta.json'}: cannot write: Read-only file system")

    monkeypatch.setattr(index_module, "atomic_write_text", read_only)
    assert answer(project, copy)


def test_a_stale_staging_dir_of_a_dead_build_is_removed(built, tmp_path):
    project, index_dir = built
    copy = tmp_path / "build" / "index"
    shutil.copytree(index_dir, copy)
    stale = copy.parent / ".index.staging-999999-0123abcd"
    stale.mkdir()
    (stale / ".lawtools-owned").write_text("x", encoding="utf-8")
    (stale / "half.seg").write_bytes(b"\0" * 10)
    Searcher(fixture_corpus(project), copy, TERMS, rebuild="force").index.close()
    assert sorted(p.name for p in copy.parent.iterdir()) == ["index"]


def test_staging_dirs_of_older_lawtools_are_removed(built, tmp_path):
    project, index_dir = built
    copy = tmp_path / "build" / "index"
    shutil.copytree(index_dir, copy)
    for name in (".index-building-999998", ".index-old-999997"):
        (copy.parent / name).mkdir()
        (copy.parent / name / "MAIN.toc").write_bytes(b"x")
    (copy.parent / ".index-building-1").mkdir()  # pid 1 is alive: not ours to judge, kept
    Searcher(fixture_corpus(project), copy, TERMS, rebuild="force").index.close()
    assert sorted(p.name for p in copy.parent.iterdir()) == [".index-building-1", "index"]
