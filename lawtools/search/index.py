"""The search index: Whoosh, at provision granularity. THE ONLY module that imports whoosh.

Keeping the engine behind this module (plus the Snowball stemmers it lends `analysis`) means whoosh-ng
or tantivy could replace it. The index lives in build/index/ (not committed) with three companions:
meta.json (what it was built from: a content hash of the records and the termbase, and settings),
vocab.json (each language's corpus words, for compounds and typo correction) and terms.json (the
termbase compiled for queries). It rebuilds itself when the content hash changes (documents.py says
what is indexed and computes the hash).

Fields: key (edition|node), edition, language, law, node (ids); title, text, law_title, heading, kind, order,
lemmas, title_lemmas (stored); text_<lang> (positions; stems, inflection forms and lemmas), parts_<lang> (compound
parts) and context_<lang> (the law's title) for sv, nb, de and nl. Tokens are analysed by
`analysis.Analyzer` and handed to Whoosh pre-analysed, so no custom class is pickled into the index.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import struct
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh import query as wq
from whoosh.analysis import Token as WhooshToken
from whoosh.analysis import Tokenizer
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema
from whoosh.lang import stemmer_for_language
from whoosh.lang.stopwords import stoplists
from whoosh.scoring import BM25F

from ..errors import LawtoolsError, SearchIndexError
from ..fsutil import (
    atomic_write_text,
    check_replaceable,
    clean_stale,
    is_owned,
    mark_owned,
    replace_owned_dir,
    staging_dir,
)
from ..schema import Bool, Int, List, Map, SchemaViolation, Str
from ..yamlio import format_key_path
from .analysis import LANGUAGES, Analyzer, Token, Vocabulary, build_vocabulary, corpus_languages
from .documents import SCHEMA_VERSION, Document, content_hash, corpus_documents, stat_signature
from .plan import Alternative, Filters, Plan

# terms.json as termbase_index.compile_termbase writes it (checked on open: a damaged file means a rebuild)
_ENTRY = Map(open=True, required=("language", "term", "variant", "status", "occurs", "words", "surface"), fields={
    "language": Str(max_length=8), "term": Str(), "variant": Str(), "status": Str(max_length=40), "occurs": Bool(),
    "words": List(List(Str(), nullable=False), nullable=False), "surface": List(Str(), nullable=False), "gaps": Int(),
})
COMPILED_TERMS = Map(open=True, required=("concepts",), fields={"concepts": List(Map(
    open=True, required=("id", "en", "entries"), fields={"id": Str(), "en": Str(), "note": Str(),
                                                         "entries": List(_ENTRY, nullable=False)}), nullable=False)})


def snowball(name: str) -> tuple[Callable[[str], str], frozenset[str]]:
    """The Snowball stemmer and stop list Whoosh has for a language ("sv", "no", "de", "nl", "en")."""
    return _snowball(name)


@cache
def _snowball(name: str) -> tuple[Callable[[str], str], frozenset[str]]:
    try:
        stem = cache(stemmer_for_language(name))
    except Exception:  # noqa: BLE001 - Whoosh has no stemmer for this language: words are their own stems
        return (lambda word: word), frozenset()
    return stem, frozenset(stoplists.get(name, ()))


class PreAnalyzed(Tokenizer):
    """Reads tokens that `encode_tokens` wrote ("term|pos" separated by spaces)."""

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        token = WhooshToken(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for item in value.split():
            term, _, pos = item.rpartition("|")
            token.text = term
            token.boost = 1.0
            token.stopped = False
            if positions:
                token.pos = start_pos + int(pos)
            if chars:
                token.startchar = token.endchar = start_char
            yield token


def encode_tokens(tokens: list[Token], offset: int = 0) -> str:
    """Tokens as the text PreAnalyzed reads."""
    return " ".join(f"{t.term}|{t.pos + offset}" for t in tokens)


def schema(languages: tuple[str, ...] = LANGUAGES) -> Schema:
    """The Whoosh schema of the index (one set of text fields per corpus language)."""
    fields = {
        "key": ID(stored=True, unique=True), "edition": ID(stored=True), "language": ID(stored=True),
        "law": ID(stored=True), "node": ID(stored=True), "title": STORED, "text": STORED, "law_title": STORED,
        "heading": STORED,
        "kind": STORED, "order": NUMERIC(stored=True), "lemmas": STORED, "title_lemmas": STORED,
    }
    for language in languages:
        fields[f"text_{language}"] = TEXT(analyzer=PreAnalyzed(), phrase=True)
        fields[f"parts_{language}"] = TEXT(analyzer=PreAnalyzed(), phrase=False)
        fields[f"context_{language}"] = TEXT(analyzer=PreAnalyzed(), phrase=True)
    return Schema(**fields)


@dataclass
class IndexInfo:
    """What an index was built from and how."""

    path: Path
    content_hash: str
    documents: int
    built_at: float
    seconds: float
    settings: dict = field(default_factory=dict)
    rebuilt: bool = False
    reason: str = ""


@dataclass
class RawHit:
    """A matching document with its Whoosh score and stored fields."""

    score: float
    fields: dict


def default_index_dir() -> Path:
    """build/index beside corpus/ (or $LAWTOOLS_INDEX_DIR)."""
    if os.environ.get("LAWTOOLS_INDEX_DIR"):
        return Path(os.environ["LAWTOOLS_INDEX_DIR"])
    from ..manifest import default_manifest_path

    return default_manifest_path().parent.parent / "build" / "index"


def default_settings() -> dict:
    """Index-time analysis settings: lemmas and compounds per language (see lemmas.LEMMA_LANGUAGES)."""
    from .analysis import language_settings
    from .lemmas import LEMMA_LANGUAGES

    return {"lemmas": list(LEMMA_LANGUAGES),
            "compounds": [lang for lang in LANGUAGES if language_settings()[lang].get("compounds")]}


# ---------------------------------------------------------------------------------------------- freshness

# What reading a damaged index (truncated, garbled or missing files) raises, from Whoosh or from json.
UNREADABLE = (OSError, ValueError, EOFError, KeyError, TypeError, AttributeError, struct.error,
              whoosh_index.IndexError, ImportError, pickle.UnpicklingError, IndexError, RecursionError, MemoryError,
              zlib.error)


def read_meta(index_dir: Path) -> dict | None:
    """meta.json of an index, or None when there is no complete index there."""
    try:
        meta = json.loads((index_dir / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(meta, dict):
        return None
    try:
        complete = meta.get("schema") == SCHEMA_VERSION and whoosh_index.exists_in(str(index_dir))
    except UNREADABLE:
        return None
    return meta if complete else None


def freshness(index_dir: Path, records_dir: Path, termbase_path: Path, settings: dict) -> tuple[bool, str]:
    """(fresh?, reason) for the index in index_dir against the current records and termbase."""
    meta = read_meta(index_dir)
    if meta is None:
        return False, "no index yet" if not index_dir.exists() else "the index is incomplete or from an older version"
    if meta.get("settings") != settings:
        return False, "the analysis settings changed"
    signature = stat_signature(records_dir, termbase_path)
    if meta.get("stat_signature") == signature:
        return True, "fresh"
    if meta.get("content_hash") == content_hash(records_dir, termbase_path, settings):
        meta["stat_signature"] = signature
        try:  # only a shortcut for next time: a read-only index directory is still a fresh index
            _write_json(index_dir / "meta.json", meta)
        except (OSError, LawtoolsError):
            pass
        return True, "fresh (files touched, content unchanged)"
    return False, "the records or the termbase changed"


# ---------------------------------------------------------------------------------------------- building

def build_index(corpus, termbase_path: Path, index_dir: Path, settings: dict | None = None,
                reason: str = "") -> IndexInfo:
    """Build the index from the corpus records into index_dir (atomically replacing an old one)."""
    from . import lemmas as lemma_module

    started = time.perf_counter()
    settings = settings or default_settings()
    records_dir = Path(corpus.root)
    documents = list(corpus_documents(corpus))
    if not documents:
        raise SearchIndexError(f"no provisions under {records_dir}; run `lawtools ingest` first")
    vocabularies, analyzers = {}, {}
    languages = corpus_languages(d.language for d in documents)
    for language in languages:
        stem, _ = snowball(_snowball_name(language))
        texts = [f"{d.title}\n{d.text}\n{d.law_title}" for d in documents if d.language == language]
        vocabularies[language] = build_vocabulary(texts, stem)
        lemmatize = lemma_module.lemmatizer(language) if language in settings["lemmas"] else None
        analyzers[language] = Analyzer(language, vocabularies[language], lemmatize,
                                       compounds=language in settings["compounds"])
    index_dir = Path(index_dir)
    _claim(index_dir)
    staging = staging_dir(index_dir)  # owned, beside index_dir; a dead run's staging is cleaned here
    try:
        _fill(staging, documents, analyzers, vocabularies, termbase_path)
        info = IndexInfo(index_dir, content_hash(records_dir, termbase_path, settings), len(documents), time.time(),
                         time.perf_counter() - started, settings, rebuilt=True, reason=reason)
        meta = {"schema": SCHEMA_VERSION, "content_hash": info.content_hash, "settings": settings,
                "stat_signature": stat_signature(records_dir, termbase_path), "documents": info.documents,
                "built_at": info.built_at, "seconds": round(info.seconds, 3), "records": str(records_dir)}
        _write_json(staging / "meta.json", meta)
        replace_owned_dir(staging, index_dir)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return info


def _claim(index_dir: Path) -> None:
    """Refuse an index path that is a file or someone else's directory; adopt an index built before markers."""
    if index_dir.is_dir() and not index_dir.is_symlink() and not is_owned(index_dir):
        try:
            legacy = isinstance(json.loads((index_dir / "meta.json").read_text(encoding="utf-8")), dict)
        except (OSError, ValueError, RecursionError):
            legacy = False
        if legacy and whoosh_index.exists_in(str(index_dir)):
            mark_owned(index_dir)
    check_replaceable(index_dir, "search index directory")


def _fill(staging: Path, documents, analyzers, vocabularies, termbase_path: Path) -> None:
    from .termbase_index import compile_termbase

    ix = whoosh_index.create_in(str(staging), schema(corpus_languages(d.language for d in documents)))
    writer = ix.writer(limitmb=128)
    for doc in documents:
        writer.add_document(**_fields(doc, analyzers[doc.language]))
    writer.commit()
    vocab_json = {lang: {"counts": v.counts, "stems": sorted(v.stems)} for lang, v in vocabularies.items()}
    _write_json(staging / "vocab.json", vocab_json)
    _write_json(staging / "terms.json", compile_termbase(termbase_path, analyzers))


def _fields(doc: Document, analyzer: Analyzer) -> dict:
    language = doc.language
    title_tokens = analyzer.tokens(doc.title, with_lemmas=True)
    text_tokens = analyzer.tokens(doc.text, with_lemmas=True)
    shift = (max((t.pos for t in title_tokens), default=-1) + 10) if title_tokens else 0
    main = [t for t in title_tokens if t.field == "text"], [t for t in text_tokens if t.field == "text"]
    parts = [t for t in title_tokens + text_tokens if t.field == "parts"]
    context = [t for t in analyzer.tokens(doc.law_title, with_parts=False) if t.field == "text"]
    lemmas = [f"{t.start}:{t.end}:{t.term}" for t in text_tokens if t.source == "lemma"]
    title_lemmas = [f"{t.start}:{t.end}:{t.term}" for t in title_tokens if t.source == "lemma"]
    return {
        "key": f"{doc.edition}|{doc.node}", "edition": doc.edition, "language": language, "law": doc.law,
        "node": doc.node, "title": doc.title, "text": doc.text, "law_title": doc.law_title, "kind": doc.kind,
        "heading": doc.heading or doc.title or doc.law_title,
        "order": doc.order, "lemmas": " ".join(lemmas), "title_lemmas": " ".join(title_lemmas),
        f"text_{language}": encode_tokens(main[0]) + " " + encode_tokens(main[1], shift),
        f"parts_{language}": encode_tokens(parts), f"context_{language}": encode_tokens(context),
    }


def _write_json(path: Path, data) -> None:
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, sort_keys=True))


def _snowball_name(language: str) -> str:
    from .analysis import settings_for

    return settings_for(language)["snowball"]


# ---------------------------------------------------------------------------------------------- searching

class SearchIndex:
    """An open index: its companions (vocabulary, compiled termbase) and a searcher."""

    def __init__(self, index_dir: Path):
        self.path = Path(index_dir)
        self._searcher = None
        self._vocab: dict | None = None
        self._terms: dict | None = None
        try:  # read everything now, so a damaged file is found here (and rebuilt) rather than mid-search
            self._ix = whoosh_index.open_dir(str(self.path))
            self.meta = json.loads((self.path / "meta.json").read_text(encoding="utf-8"))
            if not isinstance(self.meta, dict):
                raise ValueError("meta.json is not a mapping")
            self.searcher.reader().doc_count()
            for field_name in self._ix.schema.names():
                if field_name.startswith("text_"):
                    self.searcher.reader().doc_frequency(field_name, "")
            self.vocabulary("sv")
            self.compiled_termbase()
        except UNREADABLE as error:
            self.close()
            raise SearchIndexError(f"cannot open the search index in {self.path} ({error}); "
                                   "run `lawtools index` to rebuild it") from None

    @property
    def languages(self) -> tuple[str, ...]:
        """The corpus languages this index has text fields for."""
        return tuple(name[5:] for name in self._ix.schema.names() if name.startswith("text_"))

    @property
    def searcher(self):
        if self._searcher is None:
            self._searcher = self._ix.searcher(weighting=BM25F())
        return self._searcher

    def vocabulary(self, language: str) -> Vocabulary:
        """The corpus vocabulary of one language, as stored at build time."""
        if self._vocab is None:
            raw = json.loads((self.path / "vocab.json").read_text(encoding="utf-8"))
            if not isinstance(raw, dict) or not all(
                    isinstance(v, dict) and isinstance(v.get("counts"), dict) and isinstance(v.get("stems"), list)
                    and all(isinstance(c, int) for c in v["counts"].values()) for v in raw.values()):
                raise ValueError("vocab.json is not a mapping of language -> counts and stems")
            self._vocab = {lang: Vocabulary(v["counts"], frozenset(v["stems"])) for lang, v in raw.items()}
        return self._vocab.get(language, Vocabulary())

    def compiled_termbase(self) -> dict:
        """The termbase as compiled at build time (see termbase_index.compile_termbase)."""
        if self._terms is None:
            terms = json.loads((self.path / "terms.json").read_text(encoding="utf-8"))
            try:
                terms = COMPILED_TERMS.check(terms, ("terms.json",))
            except SchemaViolation as violation:
                raise ValueError(f"{format_key_path(violation.path)}: {violation.message}") from None
            for concept in terms["concepts"]:
                for entry in concept["entries"]:
                    if not entry["words"] or len(entry["surface"]) != len(entry["words"]):
                        raise ValueError("terms.json: an entry's words and surface forms do not match")
            self._terms = terms
        return self._terms

    def has_term(self, language: str, field_name: str, term: str) -> bool:
        """True when some provision of the language has the term in the field."""
        return self.searcher.reader().doc_frequency(f"{field_name}_{language}", term) > 0

    def search(self, plan: Plan, filters: Filters, limit: int = 200) -> list[RawHit]:
        """Documents matching the plan, best first."""
        query = self._query(plan, filters)
        if query is None:
            return []
        try:
            results = self.searcher.search(query, limit=limit, filter=self._filter(filters))
            return [RawHit(hit.score, dict(hit.fields())) for hit in results]
        except UNREADABLE as error:
            raise self._damaged(error) from None

    def lookup(self, node: str, law: str, filters: Filters) -> list[RawHit]:
        """The documents of one provision id in every edition (for citations), in manifest order."""
        query = wq.And([wq.Term("node", node), wq.Term("law", law)])
        try:
            results = self.searcher.search(query, limit=None, filter=self._filter(filters), sortedby="order")
            return [RawHit(1.0, dict(hit.fields())) for hit in results]
        except UNREADABLE as error:
            raise self._damaged(error) from None

    def _damaged(self, error: Exception) -> SearchIndexError:
        """A damage found only while searching (a flipped bit in stored fields): say how to rebuild."""
        return SearchIndexError(f"the search index in {self.path} is damaged ({type(error).__name__}: {error}); "
                                "run `lawtools index --force` to rebuild it")

    def all_documents(self) -> Iterator[dict]:
        """Stored fields of every document (for benchmarks and baselines)."""
        yield from self.searcher.reader().all_stored_fields()

    def close(self) -> None:
        """Release the searcher."""
        if self._searcher is not None:
            self._searcher.close()
            self._searcher = None

    def _query(self, plan: Plan, filters: Filters):
        languages = [lang for lang in self.languages if not filters.languages or lang in filters.languages]
        per_language = []
        for language in languages:
            clauses = []
            for clause in plan.clauses:
                alts = [_alternative(a) for a in clause.alternatives if a.language == language]
                if alts:
                    clauses.append(wq.Or(alts) if len(alts) > 1 else alts[0])
                elif plan.require_all:
                    clauses = []
                    break
            if clauses:
                main = wq.And(clauses) if plan.require_all else wq.Or(clauses)
                bonus = [_alternative(a) for a in plan.bonus if a.language == language]
                per_language.append(wq.AndMaybe(main, wq.Or(bonus)) if bonus else main)
        if not per_language:
            return None
        return wq.Or(per_language) if len(per_language) > 1 else per_language[0]

    @staticmethod
    def _filter(filters: Filters):
        parts = []
        if filters.editions:
            parts.append(wq.Or([wq.Term("edition", e) for e in filters.editions]))
        if filters.languages:
            parts.append(wq.Or([wq.Term("language", lang) for lang in filters.languages]))
        if filters.law:
            parts.append(wq.Term("law", filters.law))
        return wq.And(parts) if parts else None


def _alternative(alt: Alternative):
    name = f"{alt.field}_{alt.language}"
    if alt.phrase:
        return wq.Phrase(name, list(alt.terms), slop=alt.slop, boost=alt.boost)
    if len(alt.terms) > 1:
        return wq.And([wq.Term(name, term) for term in alt.terms], boost=alt.boost)
    return wq.Term(name, alt.terms[0], boost=alt.boost)


def open_index(corpus, index_dir: Path | None = None, termbase_path: Path | None = None,
               rebuild: str = "auto", settings: dict | None = None) -> tuple[SearchIndex, IndexInfo | None]:
    """Open the index, rebuilding it first when missing or stale (rebuild="auto"), always ("force") or never
    ("never": a missing or stale index is a SearchIndexError saying what to run)."""
    from ..termbase import default_termbase_path

    index_dir = Path(index_dir) if index_dir else default_index_dir()
    termbase_path = Path(termbase_path) if termbase_path else default_termbase_path()
    try:  # what a killed index build left beside the index (a listdir; nothing of a live build is touched)
        clean_stale(index_dir.parent)
    except OSError:
        pass
    settings = settings or default_settings()
    info = None
    if rebuild == "force":
        info = _build(corpus, termbase_path, index_dir, settings, "rebuild requested")
    else:
        fresh, why = freshness(index_dir, Path(corpus.root), termbase_path, settings)
        if not fresh:
            if rebuild == "never":
                raise SearchIndexError(f"the search index in {index_dir} is out of date ({why}); run `lawtools index`")
            info = _build(corpus, termbase_path, index_dir, settings, why)
    try:
        return SearchIndex(index_dir), info
    except SearchIndexError:
        if rebuild == "never" or info is not None:
            raise
        info = _build(corpus, termbase_path, index_dir, settings, "the index could not be read")
        return SearchIndex(index_dir), info


def _build(corpus, termbase_path: Path, index_dir: Path, settings: dict, reason: str) -> IndexInfo:
    try:
        return build_index(corpus, termbase_path, index_dir, settings, reason=reason)
    except OSError as error:
        raise SearchIndexError(f"cannot write the search index in {index_dir}: {error.strerror or error}; "
                               "set LAWTOOLS_INDEX_DIR to a writable directory") from None
