"""Which termbase goes with a corpus: the terms.yaml beside its manifest, else the project's own."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .termbase import Termbase, load_termbase

PROJECT_TERMBASE = Path(__file__).resolve().parent.parent / "corpus" / "terms.yaml"


def termbase_for(corpus_dir: Path) -> Termbase:
    """The termbase beside a corpus (corpus/terms.yaml), or the project's when that corpus has none."""
    path = corpus_dir / "terms.yaml"
    path = path if path.exists() else PROJECT_TERMBASE
    return _load(path.resolve(), path.stat().st_mtime_ns)


@cache
def _load(path: Path, _version: int) -> Termbase:
    return load_termbase(path)
