"""Shared fixtures: the real corpus, the shared data beside the repository, and throwaway projects."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

sys.path.insert(0, str(FIXTURES))

import mini_reader  # noqa: E402 - tests/fixtures, put on the path just above


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root."""
    return ROOT


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """../shared beside the repository; tests that need it skip when it is absent."""
    if not SHARED.is_dir():
        pytest.skip("../shared is not present beside the repository")
    return SHARED


@pytest.fixture(scope="session")
def corpus():
    """The committed records of the real corpus."""
    from lawtools.records import load_corpus

    return load_corpus(ROOT / "corpus" / "editions.yaml")


@pytest.fixture(scope="session")
def manifest():
    """The real editions manifest."""
    from lawtools.manifest import load_manifest

    return load_manifest(ROOT / "corpus" / "editions.yaml")


@pytest.fixture
def mini_project(tmp_path, monkeypatch):
    """A throwaway project with one edition in the 'mini' test layout; returns a function to add sources."""
    from lawtools import readers

    monkeypatch.setitem(readers.LAYOUTS, "mini", "mini_reader")
    corpus_dir = tmp_path / "corpus"
    (corpus_dir / "sources").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    entries: list[str] = []

    def add(edition_id: str, content: str | bytes, language: str = "sv") -> Path:
        path = corpus_dir / "sources" / f"{edition_id}.txt"
        if isinstance(content, str):
            path.write_text(textwrap.dedent(content).lstrip("\n"), encoding="utf-8")
        else:
            path.write_bytes(content)
        entries.append(mini_reader.manifest_entry(edition_id, language))
        (corpus_dir / "editions.yaml").write_text("editions:\n" + "".join(entries), encoding="utf-8")
        return path

    add.root = tmp_path  # type: ignore[attr-defined]
    return add
