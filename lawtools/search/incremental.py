"""An index updated in place of a rebuild: only the documents that changed since it was built are re-indexed.

Every index keeps a digest of each document as the engine holds it (digests.marshal: {key: digest of the
document's fields, its order and its analysis}). When only records changed (same termbase, data files,
search code, settings and editions: documents.shared_hash and meta.json's "editions"), `update_index`
analyses the corpus as a full build does (from the analysis cache: only new texts are analysed), compares the
digests, deletes the documents whose digest changed or that are gone, and adds the changed and new ones. A
document whose analysis changed because its language's vocabulary did, or whose order moved, has a new digest
and is re-indexed too: the engine ends up holding exactly the documents a full build would write. The
companions (vocabulary, compiled termbase, document table, digests, lexicon, passage vectors) are written
again from the whole analysed corpus: they are cheap next to the engine, and the passage vectors come from the
encoder cache, so only changed passages are encoded.

The engine must say how (`update` in its module): Whoosh rewrites every segment that lost a document in the
same commit (engine_whoosh.update), so its BM25 statistics count no deleted document and scores equal a full
build's; equal scores rank in document order in both. tantivy has no `update` (its statistics count deleted
documents until a merge it schedules itself), so a tantivy index is rebuilt, and the reason says so.

Atomic: the update works on a copy (the engine's files hard-linked: Whoosh never writes a segment file after
creating it, and every file written here replaces its link rather than writing through it) in a staging
directory, swapped in for the live index in one step (fsutil.replace_owned_dir) once meta.json is written. A
kill at any step leaves the old complete index (and a staging directory the next build removes); a kill inside
the swap is repaired by fsutil as for a full build. Anything the update cannot do (no digests, a damaged engine,
a changed termbase, settings, code or edition list, or more than MAX_SHARE of the documents changed) returns the
reason, and the caller rebuilds in full.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import shutil
import time
from dataclasses import astuple
from pathlib import Path

DIGESTS = "digests.marshal"
MAX_SHARE = 0.5  # more of the documents changed than this: a full build is as quick, and compacts the engine


def document_digests(analyzed) -> dict[str, str]:
    """{document key: digest of what the engine stores and indexes for it} for every analysed document."""
    counts = {language: (cache.hits, cache.misses) for language, cache in analyzed.caches.items()}
    by_text: dict[tuple[str, str], str] = {}  # documents with the same texts share their analysis
    found: dict[str, str] = {}
    for doc in analyzed.documents:
        stored, tokens, key = analyzed.keyed_fields(doc)
        analysis = by_text.get((doc.language, key))
        if analysis is None:
            analysis = by_text[doc.language, key] = hashlib.sha1(repr((
                stored["lemmas"], stored["title_lemmas"], stored["spans"], sorted(tokens.items()))).encode()
            ).hexdigest()
        found[stored["key"]] = hashlib.sha1(f"{astuple(doc)!r}\0{analysis}".encode()).hexdigest()
    for language, (hits, misses) in counts.items():  # a second read: the build's cache counts stay as they were
        analyzed.caches[language].hits, analyzed.caches[language].misses = hits, misses
    return found


def update_index(corpus, termbase_path: Path, index_dir: Path, settings: dict):
    """(IndexInfo of the updated index, "") or (None, why it cannot be updated: the caller rebuilds)."""
    from .index import read_meta

    started = time.perf_counter()
    index_dir = Path(index_dir)
    meta = read_meta(index_dir)
    why = _why_not(meta, corpus, termbase_path, settings)
    if why:
        return None, why
    old = _read_digests(index_dir, meta)
    if old is None:
        return None, "the index has no readable document digests"
    from .analyzed import analyze_corpus
    from .documents import content_hash

    records_hash = content_hash(Path(corpus.root), termbase_path, settings)
    analyzed = analyze_corpus(corpus, termbase_path, settings, records_hash=records_hash)
    if analyzed.languages != meta.get("languages"):
        return None, "the languages of the editions changed"
    digests = document_digests(analyzed)
    remove = sorted(key for key, digest in old.items() if digests.get(key) != digest)
    add = [doc for doc in analyzed.documents if old.get(key := f"{doc.edition}|{doc.node}") != digests[key]]
    if len(remove) + len(add) > MAX_SHARE * len(analyzed.documents):
        return None, f"{len(add)} of {len(analyzed.documents)} documents changed"
    try:
        info = _apply(corpus, termbase_path, index_dir, settings, analyzed, digests, remove, add, records_hash)
    except _UPDATE_FAILED as error:
        return None, f"the index could not be updated ({type(error).__name__}: {error})"
    info.seconds = time.perf_counter() - started
    return info, ""


def _why_not(meta: dict | None, corpus, termbase_path: Path, settings: dict) -> str:
    """Why this index cannot be updated record by record ("" when it can)."""
    from .documents import shared_hash
    from .index import engine_module

    if meta is None:
        return "no complete index to update"
    if meta.get("settings") != settings:
        return "the analysis settings changed"
    backend = settings.get("backend", "whoosh")
    if not hasattr(engine_module(backend), "update"):
        return f"the {backend} engine has no incremental update (deleted documents would count in its statistics)"
    if meta.get("shared_hash") != shared_hash(termbase_path, settings):
        return "the termbase, the search data files or the search code changed"
    if meta.get("editions") != list(corpus.editions()):
        return "editions were added, removed or reordered"
    return ""


def _read_digests(index_dir: Path, meta: dict) -> dict[str, str] | None:
    """The live index's digests, when the file is the one its build wrote."""
    path = index_dir / DIGESTS
    try:
        raw = path.read_bytes()
        if hashlib.sha256(raw).hexdigest() != meta.get("digests_digest"):
            return None
        found = marshal.loads(raw)
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(found, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in found.items()):
        return None
    return found


_UPDATE_FAILED = (OSError, ValueError, EOFError, KeyError, TypeError, IndexError, AttributeError)


def _apply(corpus, termbase_path, index_dir, settings, analyzed, digests, remove, add, records_hash):
    """Copy, update, complete and swap in the index (see the module docstring); its IndexInfo."""
    from ..fsutil import staged
    from .index import IndexInfo, engine_module
    from .index_build import publish, write_companions
    from .termbase_index import compile_termbase

    module = engine_module(settings.get("backend", "whoosh"))
    with staged(index_dir) as staging:
        _link_tree(index_dir / "engine", staging / "engine")
        try:
            module.update(staging / "engine", analyzed, remove, add)
        except module.UNREADABLE as error:
            raise ValueError(f"{type(error).__name__}: {error}") from None
        write_companions(staging, analyzed, settings, termbase_path, compile_termbase, digests=digests)
        analysis = analyzed.save_caches()
        gone = len(set(remove) - set(digests))
        info = IndexInfo(index_dir, records_hash, len(analyzed.documents), time.time(), 0.0, settings,
                         rebuilt=True, reason="", analysis=analysis, incremental=True, reindexed=len(add),
                         removed=gone)
        info.reason = (f"incremental: {len(add)} of {len(analyzed.documents)} documents re-indexed"
                       + (f", {gone} removed" if gone else ""))
        publish(staging, index_dir, info, corpus, termbase_path, analyzed)
    return info


def _link_tree(source: Path, target: Path) -> None:
    """The engine's files hard-linked into target (copied where links cannot be made); no lock files."""
    target.mkdir(parents=True)
    for path in source.iterdir():
        if not path.is_file() or path.name.endswith("WRITELOCK"):
            continue
        try:
            os.link(path, target / path.name)
        except OSError:
            shutil.copy2(path, target / path.name)
