"""The checks' shared embedding cache (lawtools/check/encoder.py): one per run, and a status line when it first
has to encode (a first check of a corpus encodes for most of a minute and would otherwise say nothing)."""

from __future__ import annotations

import numpy as np

from lawtools.check import encoder
from lawtools.check.model import CheckContext
from lawtools.concordance import embed


def _fake_encode(texts):
    return np.eye(len(texts), 384, dtype=np.float32)


def test_the_first_encoding_is_announced_once_and_the_count_when_kept(corpus, tmp_path, monkeypatch):
    monkeypatch.setenv("LAWTOOLS_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(embed, "_encode", _fake_encode)
    lines: list[str] = []
    context = CheckContext(corpus, ["sv-2007"], status=lines.append)
    cache = encoder.cache(context)
    assert encoder.cache(context) is cache  # one per run
    cache.embed(["Ett kort.", "Två kort."])
    cache.embed(["Tre kort."])
    cache.embed(["Ett kort."])  # cached: nothing to say
    assert len(lines) == 1 and lines[0].startswith("encoding the texts the cache lacks")
    encoder.save(context)
    assert lines[1] == f"encoded 3 texts; kept in {tmp_path / 'concordance-embeddings.npz'}"
    again: list[str] = []
    later = CheckContext(corpus, ["sv-2007"], status=again.append)
    encoder.cache(later).embed(["Ett kort.", "Tre kort."])
    encoder.save(later)
    assert again == []  # everything from the cache: silent


def test_without_a_status_the_cache_is_silent(corpus, tmp_path, monkeypatch):
    monkeypatch.setenv("LAWTOOLS_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(embed, "_encode", _fake_encode)
    context = CheckContext(corpus, ["sv-2007"])
    encoder.cache(context).embed(["Ett kort."])
    encoder.save(context)
    assert (tmp_path / "concordance-embeddings.npz").exists()
