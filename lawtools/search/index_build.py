"""Building the search index (index.py): the engine's index and its companions, written into a staging directory
and swapped in whole, with meta.json last (a directory without it is no index). `build_index` is the full build;
incremental.py updates an index in place of a rebuild with `write_companions` and `publish`. A query never imports
this module: index.open_index imports it only when the index must be built.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import time
from pathlib import Path

from .documents import SCHEMA_VERSION, content_hash
from .index import (
    BRIEF,
    COMPANIONS,
    IndexInfo,
    checked_terms,
    default_settings,
    engine_module,
    records_signature,
    write_json,
)


def cached_lexicon(languages: list[str]) -> dict[str, list[str]]:
    """lexicon.build_lexicon, kept in the search cache between rebuilds (it depends only on wordfreq)."""
    from importlib.metadata import PackageNotFoundError, version

    from .lexicon import MIN_ZIPF, build_lexicon
    from .vectors import cache_dir

    try:
        release = version("wordfreq")
    except PackageNotFoundError:
        return {}
    where = cache_dir()
    cache_file = where / f"lexicon-{release}-{MIN_ZIPF}-{'-'.join(sorted(languages))}.json" if where else None
    if cache_file is not None:
        try:
            return json.loads(cache_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
    lexicon = build_lexicon(languages)
    if cache_file is not None:
        try:
            write_json(cache_file, lexicon)
        except OSError:
            pass
    return lexicon


def build_index(corpus, termbase_path: Path, index_dir: Path, settings: dict | None = None,
                reason: str = "") -> IndexInfo:
    """Build the index from the corpus records into index_dir (atomically replacing an old one)."""
    from ..fsutil import staged  # the build only: a query never writes
    from .termbase_index import compile_termbase

    started = time.perf_counter()
    settings = settings or default_settings()
    records_dir = Path(corpus.root)
    from .analyzed import analyze_corpus  # the build only: a query never analyses a corpus

    records_hash = content_hash(records_dir, termbase_path, settings)  # meta.json's, and the documents cache key
    analyzed = analyze_corpus(corpus, termbase_path, settings, records_hash=records_hash)
    index_dir = Path(index_dir)
    _claim(index_dir)
    with staged(index_dir) as staging:  # owned, beside index_dir; a dead run's staging is cleaned here
        _fill(staging, analyzed, settings, termbase_path, compile_termbase)
        # only once the index was written: a failed build leaves the caches as they were
        analysis = analyzed.save_caches()
        info = IndexInfo(index_dir, records_hash, len(analyzed.documents),
                         time.time(), time.perf_counter() - started, settings, rebuilt=True, reason=reason,
                         analysis=analysis)
        publish(staging, index_dir, info, corpus, termbase_path, analyzed)
    return info


def publish(staging: Path, index_dir: Path, info: IndexInfo, corpus, termbase_path: Path, analyzed) -> None:
    """meta.json written last into the complete staging tree, then the tree swapped in whole for index_dir."""
    from ..fsutil import replace_owned_dir

    write_meta(staging, info, corpus, termbase_path, analyzed)
    replace_owned_dir(staging, index_dir)


def write_meta(staging: Path, info: IndexInfo, corpus, termbase_path: Path, analyzed) -> None:
    """meta.json, written last into the staging directory (a directory without it is no index)."""
    from .documents import shared_hash

    records_dir = Path(corpus.root)
    meta = {"schema": SCHEMA_VERSION, "content_hash": info.content_hash, "settings": info.settings,
            "stat_signature": records_signature(records_dir, termbase_path), "documents": info.documents,
            "built_at": info.built_at, "seconds": round(info.seconds, 3), "records": str(records_dir),
            "languages": analyzed.languages, "analysis": info.analysis, "editions": list(corpus.editions()),
            "shared_hash": shared_hash(termbase_path, info.settings)}
    meta["companions"] = {name: (staging / name).stat().st_size for name in COMPANIONS}
    meta["query_digest"] = hashlib.sha256((staging / "query.marshal").read_bytes()).hexdigest()
    # an update trusts the document digests only as written (a damaged key would leave a document twice)
    meta["digests_digest"] = hashlib.sha256((staging / "digests.marshal").read_bytes()).hexdigest()
    write_json(staging / "meta.json", meta)


def _claim(index_dir: Path) -> None:
    """Refuse an index path that is a file or someone else's directory; adopt an index built before markers."""
    from ..fsutil import check_replaceable, is_owned, mark_owned

    if index_dir.is_dir() and not index_dir.is_symlink() and not is_owned(index_dir):
        try:
            legacy = isinstance(json.loads((index_dir / "meta.json").read_text(encoding="utf-8")), dict)
        except (OSError, ValueError, RecursionError):
            legacy = False
        if legacy:
            mark_owned(index_dir)
    check_replaceable(index_dir, "search index directory")


def _fill(staging: Path, analyzed, settings: dict, termbase_path: Path, compile_termbase) -> None:
    """The engine's index and the companions, written into the staging directory."""
    (staging / "engine").mkdir(parents=True)
    engine_module(settings.get("backend", "whoosh")).write(staging / "engine", analyzed)
    write_companions(staging, analyzed, settings, termbase_path, compile_termbase)


def write_companions(staging: Path, analyzed, settings: dict, termbase_path: Path, compile_termbase,
                     digests: dict[str, str] | None = None) -> None:
    """Every file of the index beside the engine's (vocabulary, compiled termbase, document table, document
    digests, lexicon, vectors), from the whole analysed corpus: what a full build and an update both write
    (`digests`: incremental.document_digests of it, when the caller has them already)."""
    from .incremental import DIGESTS, document_digests

    vocab_json = {lang: {"counts": v.counts, "stems": sorted(v.stems)} for lang, v in analyzed.vocabularies.items()}
    terms_json = checked_terms(compile_termbase(termbase_path, analyzed.analyzers))  # opening trusts it after this
    write_json(staging / "vocab.json", vocab_json)
    write_json(staging / "terms.json", terms_json)
    # the same two for queries, in marshal (a cold query reads them five times faster than JSON)
    (staging / "query.marshal").write_bytes(marshal.dumps({"vocab": vocab_json, "terms": terms_json}))
    # the ids of every document by its order, so grouping and ranking never read a hit's stored fields
    table = {d.order: (d.edition, d.language, d.law, d.node, d.law_title) for d in analyzed.documents}
    (staging / "docs.marshal").write_bytes(marshal.dumps({"columns": list(BRIEF), "rows": table}))
    (staging / DIGESTS).write_bytes(marshal.dumps(digests if digests is not None else document_digests(analyzed)))
    # one newline-delimited string per language, in marshal: a cold query reads it in a millisecond, without
    # building a set of ~150,000 words (or freeing one at exit), and SearchIndex.common_word looks words up in it
    lexicon = cached_lexicon([*analyzed.languages, "en"])
    (staging / "lexicon.marshal").write_bytes(marshal.dumps({lang: "\n".join(ws) for lang, ws in lexicon.items()}))
    if settings.get("semantic"):
        from .vectors import build_vectors, encoded_texts

        texts, keys, titles = encoded_texts(analyzed, terms_json["concepts"])
        build_vectors(texts, keys, staging, titles)
