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
import shutil
import struct
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh import query as wq
from whoosh.analysis import Token as WhooshToken
from whoosh.analysis import Tokenizer
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema
from whoosh.scoring import BM25F

from ..errors import SearchIndexError
from .analysis import LANGUAGES, Analyzer, Token, Vocabulary, build_vocabulary
from .documents import SCHEMA_VERSION, Document, content_hash, corpus_documents, stat_signature
from .plan import Alternative, Filters, Plan
from .stemmers import stemmer


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


def schema(languages=LANGUAGES) -> Schema:
    """The Whoosh schema of the index: the id and stored fields, and three token fields per language."""
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
    fields["context_en"] = TEXT(analyzer=PreAnalyzed(), phrase=True)  # the law's English title, every edition
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
    from . import vectors
    from .analysis import language_settings
    from .lemmas import LEMMA_LANGUAGES

    semantic = os.environ.get("LAWTOOLS_SEMANTIC", "auto") != "never" and vectors.available()
    return {"lemmas": list(LEMMA_LANGUAGES),
            "compounds": [lang for lang in LANGUAGES if language_settings()[lang].get("compounds")],
            "semantic": vectors.MODEL if semantic else ""}


def corpus_languages(corpus) -> list[str]:
    """The languages of the corpus's editions, the four with full settings first (a new language gets a plain
    analysis: see analysis.settings_for)."""
    found = {corpus.language(edition) for edition in corpus.editions()}
    return [lang for lang in LANGUAGES if lang in found] + sorted(found - set(LANGUAGES))


# ---------------------------------------------------------------------------------------------- freshness

# What reading a damaged index (truncated, garbled or missing files) raises, from Whoosh or from json.
UNREADABLE = (OSError, ValueError, EOFError, KeyError, TypeError, AttributeError, struct.error,
              whoosh_index.IndexError)


def read_meta(index_dir: Path) -> dict | None:
    """meta.json of an index, or None when there is no complete index there."""
    try:
        meta = json.loads((index_dir / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
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
        _write_json(index_dir / "meta.json", meta)
        return True, "fresh (files touched, content unchanged)"
    return False, "the records or the termbase changed"


# ---------------------------------------------------------------------------------------------- building

def build_index(corpus, termbase_path: Path, index_dir: Path, settings: dict | None = None,
                reason: str = "") -> IndexInfo:
    """Build the index from the corpus records into index_dir (atomically replacing an old one)."""
    from . import lemmas as lemma_module
    from .termbase_index import compile_termbase

    started = time.perf_counter()
    settings = settings or default_settings()
    records_dir = Path(corpus.root)
    documents = list(corpus_documents(corpus))
    if not documents:
        raise SearchIndexError(f"no provisions under {records_dir}; run `lawtools ingest` first")
    vocabularies, analyzers = {}, {}
    languages = corpus_languages(corpus)
    for language in languages:
        texts = [f"{d.title}\n{d.text}\n{d.law_title}" for d in documents if d.language == language]
        vocabularies[language] = build_vocabulary(texts, stemmer(language))
        lemmatize = lemma_module.lemmatizer(language) if language in settings["lemmas"] else None
        analyzers[language] = Analyzer(language, vocabularies[language], lemmatize,
                                       compounds=language in settings["compounds"])
    titles_en = english_titles()
    english_texts = [*titles_en.values(), *english_labels(termbase_path)]
    vocabularies["en"] = build_vocabulary(english_texts, stemmer("en"))
    english = Analyzer("en", vocabularies["en"])
    index_dir = Path(index_dir)
    index_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = index_dir.parent / f".{index_dir.name}-building-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    ix = whoosh_index.create_in(str(staging), schema(languages))
    writer = ix.writer(limitmb=128)
    for doc in documents:
        writer.add_document(**_fields(doc, analyzers[doc.language], english, titles_en.get(doc.law, "")))
    writer.commit()
    vocab_json = {lang: {"counts": v.counts, "stems": sorted(v.stems)} for lang, v in vocabularies.items()}
    _write_json(staging / "vocab.json", vocab_json)
    _write_json(staging / "terms.json", compile_termbase(termbase_path, analyzers))
    _write_json(staging / "lexicon.json", cached_lexicon([*languages, "en"]))
    if settings.get("semantic"):
        from .vectors import build_vectors, passage_text

        build_vectors([passage_text(d.law_title, d.title, d.text) for d in documents],
                      [{"edition": d.edition, "language": d.language, "law": d.law, "node": d.node}
                       for d in documents], staging)
    info = IndexInfo(index_dir, content_hash(records_dir, termbase_path, settings), len(documents), time.time(),
                     time.perf_counter() - started, settings, rebuilt=True, reason=reason)
    meta = {"schema": SCHEMA_VERSION, "content_hash": info.content_hash, "settings": settings,
            "stat_signature": stat_signature(records_dir, termbase_path), "documents": info.documents,
            "built_at": info.built_at, "seconds": round(info.seconds, 3), "records": str(records_dir),
            "languages": languages}
    _write_json(staging / "meta.json", meta)
    _replace(staging, index_dir)
    return info


def english_titles() -> dict[str, str]:
    """The English titles of the Laws (lawtools/data/law_titles_en.yaml), by law number."""
    from ..yamlio import package_data

    return {str(law): title for law, title in (package_data("law_titles_en.yaml").get("titles") or {}).items()}


def english_labels(termbase_path: Path) -> list[str]:
    """The termbase's English labels and aliases (the English words a query may use)."""
    from ..termbase import load_termbase

    return [label for concept in load_termbase(termbase_path).concepts for label in concept.english]


def cached_lexicon(languages: list[str]) -> dict[str, list[str]]:
    """lexicon.build_lexicon, kept in the search cache between rebuilds (it depends only on wordfreq)."""
    from .lexicon import MIN_ZIPF, build_lexicon
    from .vectors import cache_dir

    try:
        import wordfreq

        version = getattr(wordfreq, "__version__", "")
    except ImportError:
        return {}
    where = cache_dir()
    cache_file = where / f"lexicon-{version}-{MIN_ZIPF}-{'-'.join(sorted(languages))}.json" if where else None
    if cache_file is not None:
        try:
            return json.loads(cache_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
    lexicon = build_lexicon(languages)
    if cache_file is not None:
        try:
            _write_json(cache_file, lexicon)
        except OSError:
            pass
    return lexicon


def _fields(doc: Document, analyzer: Analyzer, english: Analyzer, title_en: str) -> dict:
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
        "context_en": encode_tokens([t for t in english.tokens(title_en, with_parts=False) if t.field == "text"]),
    }


def _replace(staging: Path, index_dir: Path) -> None:
    old = index_dir.parent / f".{index_dir.name}-old-{os.getpid()}"
    if index_dir.exists():
        index_dir.rename(old)
    staging.rename(index_dir)
    if old.is_dir():
        shutil.rmtree(old, ignore_errors=True)
    else:  # a stray file where the index directory belongs
        old.unlink(missing_ok=True)


def _write_json(path: Path, data) -> None:
    tmp = path.with_suffix(f".tmp{os.getpid()}")
    tmp.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    tmp.replace(path)


# ---------------------------------------------------------------------------------------------- searching

class SearchIndex:
    """An open index: its companions (vocabulary, compiled termbase) and a searcher."""

    def __init__(self, index_dir: Path):
        self.path = Path(index_dir)
        self._searcher = None
        self._vocab: dict | None = None
        self._terms: dict | None = None
        self._lexicon: dict[str, frozenset[str]] | None = None
        try:  # read everything now, so a damaged file is found here (and rebuilt) rather than mid-search
            self._ix = whoosh_index.open_dir(str(self.path))
            self.meta = json.loads((self.path / "meta.json").read_text(encoding="utf-8"))
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
    def searcher(self):
        if self._searcher is None:
            self._searcher = self._ix.searcher(weighting=BM25F())
        return self._searcher

    def vocabulary(self, language: str) -> Vocabulary:
        """The corpus vocabulary of one language, as stored at build time."""
        if self._vocab is None:
            raw = json.loads((self.path / "vocab.json").read_text(encoding="utf-8"))
            self._vocab = {lang: Vocabulary(v["counts"], frozenset(v["stems"])) for lang, v in raw.items()}
        return self._vocab.get(language, Vocabulary())

    def common_word(self, language: str, word: str) -> bool:
        """True when the word is a common word of the language (lexicon.json; loaded on first use)."""
        if self._lexicon is None:
            try:
                raw = json.loads((self.path / "lexicon.json").read_text(encoding="utf-8"))
            except (OSError, ValueError):
                raw = {}
            self._lexicon = {lang: frozenset(ws) for lang, ws in raw.items()}
        return word in self._lexicon.get(language, ())

    def compiled_termbase(self) -> dict:
        """The termbase as compiled at build time (see termbase_index.compile_termbase)."""
        if self._terms is None:
            self._terms = json.loads((self.path / "terms.json").read_text(encoding="utf-8"))
        return self._terms

    def has_term(self, language: str, field_name: str, term: str) -> bool:
        """True when some provision of the language has the term in the field."""
        return self.searcher.reader().doc_frequency(f"{field_name}_{language}", term) > 0

    def search(self, plan: Plan, filters: Filters, limit: int = 200) -> list[RawHit]:
        """Documents matching the plan, best first."""
        query = self._query(plan, filters)
        if query is None:
            return []
        results = self.searcher.search(query, limit=limit, filter=self._filter(filters))
        return [RawHit(hit.score, dict(hit.fields())) for hit in results]

    def lookup(self, node: str, law: str, filters: Filters) -> list[RawHit]:
        """The documents of one provision id in every edition (for citations), in manifest order."""
        query = wq.And([wq.Term("node", node), wq.Term("law", law)])
        results = self.searcher.search(query, limit=None, filter=self._filter(filters), sortedby="order")
        return [RawHit(1.0, dict(hit.fields())) for hit in results]

    def all_documents(self) -> Iterator[dict]:
        """Stored fields of every document (for benchmarks and baselines)."""
        yield from self.searcher.reader().all_stored_fields()

    def close(self) -> None:
        """Release the searcher."""
        if self._searcher is not None:
            self._searcher.close()
            self._searcher = None

    @property
    def languages(self) -> list[str]:
        """The languages of the indexed editions."""
        return list(self.meta.get("languages", LANGUAGES))

    def _query(self, plan: Plan, filters: Filters):
        languages = [lang for lang in self.languages if not filters.languages or lang in filters.languages]
        per_language = []
        for language in languages:
            clauses = []
            for clause in plan.clauses:
                alts = [_alternative(a) for a in clause.alternatives if a.language in (language, "en")]
                if alts:
                    clauses.append(wq.Or(alts) if len(alts) > 1 else alts[0])
                elif plan.require_all:
                    clauses = []
                    break
            if clauses:
                main = wq.And(clauses) if plan.require_all else wq.Or(clauses)
                bonus = [_alternative(a) for a in plan.bonus if a.language in (language, "en")]
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
