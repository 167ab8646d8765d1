"""The search index: one directory holding an engine's index and its companions, behind `SearchIndex`.

Engines: Whoosh (engine_whoosh, the embedded default) or tantivy (engine_tantivy, optional extra), chosen
by LAWTOOLS_SEARCH_BACKEND or settings["backend"]; both index the same tokens (analyzed.py) and answer the
same `Plan`s. The index lives in build/index/ (not committed) with its companions: meta.json (what it was
built from: a content hash of the records and the termbase, and the settings), vocab.json (each language's
corpus words, for compounds, language detection and typo correction), terms.json (the termbase compiled for
queries), lexicon.marshal (common words per language, lexicon.py) and, with the encoder installed, the passage
vectors (vectors.py). It rebuilds itself when the content hash or the settings change; index_build.py writes it.

Freshness: `freshness` compares a cheap stat signature first and the content hash only when files were
touched; `quick_signature` (directory mtimes) is what a long-lived Searcher checks before each query. When
ingest writes a records freshness stamp, `records_signature` is the one place to read it.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..environment import SEARCH_BACKENDS, search_backend
from ..errors import LawtoolsError, SearchIndexError
from .analysis import LANGUAGES, Vocabulary
from .documents import SCHEMA_VERSION, content_hash, stat_signature
from .plan import Filters, LazyHit, Plan, RawHit
from .tables import english_titles  # noqa: F401 - part of this module's API


def compiled_terms_spec():
    """terms.json as termbase_index.compile_termbase writes it (checked on open unless the companions' digest
    proves them the files the build wrote and checked: a damaged file means a rebuild)."""
    from ..schema import Bool, Int, List, Map, Str

    entry = Map(open=True, required=("language", "term", "variant", "status", "occurs", "words", "surface"), fields={
        "language": Str(max_length=8), "term": Str(), "variant": Str(), "status": Str(max_length=40),
        "occurs": Bool(), "words": List(List(Str(), nullable=False), nullable=False),
        "surface": List(Str(), nullable=False), "gaps": Int(), "stops": List(Str(), nullable=False),
        "written": Bool(),
    })
    return Map(open=True, required=("concepts",), fields={"concepts": List(Map(
        open=True, required=("id", "en", "entries"), fields={"id": Str(), "en": Str(), "note": Str(),
                                                             "entries": List(entry, nullable=False)}),
        nullable=False)})

BACKENDS = SEARCH_BACKENDS
# sizes in meta.json: damage is found
COMPANIONS = ("vocab.json", "terms.json", "query.marshal", "docs.marshal", "digests.marshal")
RECORDS_CHANGED = "the records or the termbase changed"  # freshness's reason when an update may do
BRIEF = ("edition", "language", "law", "node", "law_title")  # the document table's columns (see SearchIndex.brief)


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
    incremental: bool = False  # updated in place of a rebuild (incremental.py): `reindexed` documents re-added
    reindexed: int = 0
    removed: int = 0
    analysis: dict = field(default_factory=dict)  # {"cached": documents from the analysis cache, "analysed": new}


def default_index_dir(manifest_path: Path | None = None) -> Path:
    """build/index beside corpus/ (of the given manifest, or the project's), or $LAWTOOLS_INDEX_DIR."""
    if os.environ.get("LAWTOOLS_INDEX_DIR"):
        return Path(os.environ["LAWTOOLS_INDEX_DIR"])
    if manifest_path is None:
        from ..manifest import default_manifest_path

        manifest_path = default_manifest_path()
    return Path(manifest_path).parent.parent / "build" / "index"


def default_backend() -> str:
    """The engine: $LAWTOOLS_SEARCH_BACKEND (whoosh or tantivy), whoosh when unset (environment.search_backend)."""
    return search_backend()


def default_settings() -> dict:
    """Index-time settings: lemmas and compounds per language (see lemmas.LEMMA_LANGUAGES), the engine, and
    the encoder of the passage vectors ("" without one; LAWTOOLS_SEMANTIC=never turns them off)."""
    from . import vectors
    from .analysis import language_settings
    from .lemmas import LEMMA_LANGUAGES
    from .tables import glossary_digest, titles_digest

    semantic = vectors.semantic_setting() != "never" and vectors.available()
    return {"lemmas": list(LEMMA_LANGUAGES), "glossary": glossary_digest(),
            "titles_en": f"{titles_digest()}+{vectors.TITLE_CONCEPTS}",
            "compounds": [lang for lang in LANGUAGES if language_settings()[lang].get("compounds")],
            "semantic": vectors.MODEL if semantic else "", "backend": default_backend()}


def engine_module(backend: str):
    """The engine's module (engine_whoosh or engine_tantivy), imported when first asked for."""
    if backend == "tantivy":
        try:
            from . import engine_tantivy
        except ImportError:
            raise SearchIndexError("the tantivy search backend needs the `tantivy` extra: "
                                   "pip install 'lawtools[tantivy]'") from None
        return engine_tantivy
    from . import engine_whoosh

    return engine_whoosh


# ---------------------------------------------------------------------------------------------- freshness

def read_meta(index_dir: Path) -> dict | None:
    """meta.json of an index, or None when there is no complete index there."""
    try:
        meta = json.loads((index_dir / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(meta, dict) or meta.get("schema") != SCHEMA_VERSION:
        return None
    backend = (meta.get("settings") or {}).get("backend", "whoosh")
    try:
        complete = engine_module(backend).exists(index_dir / "engine")
    except SearchIndexError:
        return None
    return meta if complete else None


def records_signature(records_dir: Path, termbase_path: Path) -> str:
    """The cheap signature that says whether the content hash must be recomputed: the records' generation
    (corpus/records/stamp.json, which ingest rewrites exactly when the records change) and the termbase's
    stat; the stat of every record file when the tree has no stamp."""
    generation = _records_generation(records_dir)
    if generation is None:
        return stat_signature(records_dir, termbase_path)
    try:
        termbase = termbase_path.stat()
        told = f"{termbase.st_mtime_ns}:{termbase.st_size}"
    except OSError:
        told = "-"
    return f"generation {generation}; termbase {told}; code {_code_stat()}"


def _code_stat() -> str:
    """Sizes and modification times of the code that decides what the index holds (documents.ANALYSIS_CODE): a
    changed lawtools rebuilds an index whose records did not change (the content hash then decides)."""
    from .documents import ANALYSIS_CODE

    here = Path(__file__).parent
    digest = hashlib.sha1()
    for name in ANALYSIS_CODE:
        try:
            stat = (here / name).stat()
            digest.update(f"{name}:{stat.st_size}:{stat.st_mtime_ns};".encode())
        except OSError:
            digest.update(f"{name}:-;".encode())
    return digest.hexdigest()[:16]


def _records_generation(records_dir: Path) -> str | None:
    """The "generation" of corpus/records/stamp.json (as records.records_generation), read without the
    records module: a cold query imports nothing it does not need. Only a shortcut: anything unexpected is
    None, and freshness then falls back to the stat signature and the content hash."""
    try:
        stamp = json.loads((Path(records_dir) / "stamp.json").read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    generation = stamp.get("generation") if isinstance(stamp, dict) else None
    return generation if isinstance(generation, str) and 0 < len(generation) <= 200 else None


def quick_signature(records_dir: Path, termbase_path: Path) -> str:
    """Modification times of the records directories and the termbase: what changes when ingest writes."""
    parts = []
    for path in [records_dir, *sorted(p for p in records_dir.glob("*") if p.is_dir()), termbase_path]:
        try:
            parts.append(f"{path}:{path.stat().st_mtime_ns}")
        except OSError:
            parts.append(f"{path}:-")
    return "|".join(parts)


def freshness(index_dir: Path, records_dir: Path, termbase_path: Path, settings: dict) -> tuple[bool, str]:
    """(fresh?, reason) for the index in index_dir against the current records and termbase."""
    meta = read_meta(index_dir)
    if meta is None:
        return False, "no index yet" if not index_dir.exists() else "the index is incomplete or from an older version"
    if meta.get("settings") != settings:
        return False, "the analysis settings changed"
    signature = records_signature(records_dir, termbase_path)
    if meta.get("stat_signature") == signature:
        return True, "fresh"
    if meta.get("content_hash") == content_hash(records_dir, termbase_path, settings):
        meta["stat_signature"] = signature
        try:  # only a shortcut for next time: a read-only index directory is still a fresh index
            write_json(index_dir / "meta.json", meta)
        except (OSError, LawtoolsError):
            pass
        return True, "fresh (files touched, content unchanged)"
    return False, RECORDS_CHANGED


def stored_spans(spans: str) -> dict:
    """A document's spans (analyzed: highlight.token_spans of its text "x" and title "t", as JSON) in the form an
    engine stores them: decoded once at build time, so a hit shown is never parsed from JSON again."""
    found = json.loads(spans)
    if not isinstance(found, dict) or not isinstance(found.get("x"), dict) or not isinstance(found.get("t"), dict):
        raise SearchIndexError("a document's analysed spans are not the text and title spans")
    return found


def atomic_write_text(path: Path, text: str) -> None:
    """fsutil.atomic_write_text (imported when something is written: a plain query writes nothing)."""
    from ..fsutil import atomic_write_text as write

    write(path, text)


def write_json(path: Path, data) -> None:
    """The data as sorted JSON, written atomically (meta.json, the companions, the lexicon cache)."""
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, sort_keys=True))


# ---------------------------------------------------------------------------------------------- searching

class SearchIndex:
    """An open index: its engine (Whoosh or tantivy) and its companions (vocabulary, compiled termbase,
    lexicon); what the query parser and the API use, whichever the engine."""

    def __init__(self, index_dir: Path):
        self.path = Path(index_dir)
        self._engine = None
        self._vocab: dict | None = None
        self._terms: dict | None = None
        self._lexicon: dict[str, str] | None = None  # {language: "\nword\nword\n"}, lexicon.marshal
        self._common: dict[tuple[str, str], bool] = {}
        self._frequencies: dict[tuple[str, str], int] = {}
        self._briefs: dict[int, tuple] | None = None
        self._brief_dicts: dict[int, dict] = {}  # the rows asked for so far, as the hits' `brief`
        try:  # read everything now, so a damaged file is found here (and rebuilt) rather than mid-search
            self.meta = json.loads((self.path / "meta.json").read_text(encoding="utf-8"))
            if not isinstance(self.meta, dict):
                raise ValueError("meta.json is not a mapping")
            for name, size in (self.meta.get("companions") or {}).items():
                if (self.path / name).stat().st_size != size:
                    raise ValueError(f"{name} is not the file the index was built with")
            module = engine_module(self.backend)
            try:
                self._engine = module.Engine(self.path / "engine", self.languages)
            except module.UNREADABLE as error:
                raise OSError(str(error)) from None
            self.vocabulary("sv")
            self.compiled_termbase()
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError, MemoryError) as error:
            self.close()
            raise SearchIndexError(f"cannot open the search index in {self.path} ({error}); "
                                   "run `lawtools index` to rebuild it") from None

    @property
    def backend(self) -> str:
        """The engine this index was built for ("whoosh" or "tantivy")."""
        return (self.meta.get("settings") or {}).get("backend", "whoosh")

    @property
    def languages(self) -> list[str]:
        """The languages of the indexed editions."""
        return list(self.meta.get("languages", LANGUAGES))

    def _companions(self) -> tuple[dict, bool]:
        """(vocab.json and terms.json, whether they are proven to be what the build wrote): read from their
        marshal copy when there is one, and proven when its SHA-256 is the one meta.json recorded."""
        try:
            raw = (self.path / "query.marshal").read_bytes()
            found = marshal.loads(raw)
            if isinstance(found, dict) and {"vocab", "terms"} <= set(found):
                digest = self.meta.get("query_digest")
                return found, bool(digest) and hashlib.sha256(raw).hexdigest() == digest
        except (OSError, EOFError, ValueError, TypeError):
            pass
        return {"vocab": json.loads((self.path / "vocab.json").read_text(encoding="utf-8")),
                "terms": json.loads((self.path / "terms.json").read_text(encoding="utf-8"))}, False

    def vocabulary(self, language: str) -> Vocabulary:
        """The corpus vocabulary of one language, as stored at build time."""
        if self._vocab is None:
            companions, proven = self._companions()
            # the build checked what it wrote; the same bytes need no second check (a cold query saves the walk)
            self._terms = companions["terms"] if proven else checked_terms(companions["terms"])
            raw = companions["vocab"]
            if not proven and (not isinstance(raw, dict) or not all(
                    isinstance(v, dict) and isinstance(v.get("counts"), dict) and isinstance(v.get("stems"), list)
                    and all(isinstance(c, int) for c in v["counts"].values()) for v in raw.values())):
                raise ValueError("vocab.json is not a mapping of language -> counts and stems")
            self._vocab = {lang: Vocabulary(v["counts"], frozenset(v["stems"])) for lang, v in raw.items()}
        return self._vocab.get(language, Vocabulary())

    def compiled_termbase(self) -> dict:
        """The termbase as compiled at build time (see termbase_index.compile_termbase)."""
        if self._terms is None:
            self.vocabulary("sv")
        return self._terms

    def common_word(self, language: str, word: str) -> bool:
        """True when the word is a common word of the language (lexicon.marshal, read on first use). The words
        stay one newline-delimited string per language, searched for the word between two newlines (~0.1 ms
        for a word it lacks), and the answer is remembered: a query asks about a few dozen words, and a set of
        every word would cost a cold query more to build and to free at exit than all its look-ups."""
        key = (language, word)
        found = self._common.get(key)
        if found is None:
            if self._lexicon is None:
                try:
                    raw = marshal.loads((self.path / "lexicon.marshal").read_bytes())
                except (OSError, EOFError, ValueError, TypeError):
                    raw = {}
                raw = raw if isinstance(raw, dict) else {}
                self._lexicon = {lang: f"\n{words}\n" for lang, words in raw.items() if isinstance(words, str)}
            found = self._common[key] = "\n" not in word and f"\n{word}\n" in self._lexicon.get(language, "")
        return found

    def has_term(self, language: str, field_name: str, term: str) -> bool:
        """True when some provision of the language has the term in the field."""
        key = (f"{field_name}_{language}", term)
        found = self._frequencies.get(key)
        if found is None:
            found = self._frequencies[key] = self._engine.doc_frequency(*key)
        return found > 0

    def search(self, plan: Plan, filters: Filters, limit: int = 200) -> list[RawHit]:
        """Documents matching the plan, best first (stored fields read when first used; a damaged stored
        field is still a SearchIndexError saying how to rebuild)."""
        unreadable = engine_module(self.backend).UNREADABLE
        try:
            hits = self._engine.search(plan, filters, limit)
        except unreadable as error:
            raise self._damaged(error) from None

        if not hits:
            return hits
        rows, briefs = self._document_table(), self._brief_dicts

        def checked(pair):  # one reader for every hit of the search (a hit's address is (address, order))
            address, order = pair
            try:
                fields = read(address)
            except unreadable as error:
                raise self._damaged(error) from None
            if order is not None and fields.get("order") != order:
                raise self._damaged(ValueError(f"a hit's stored order {fields.get('order')!r} is not its "
                                               f"document table row {order}"))
            return fields

        read = None
        for hit in hits:
            if not isinstance(hit, LazyHit):
                continue
            if read is None:
                read = hit._read  # the engine reads every hit of a search with the same function
            hit._read, hit._address = checked, (hit._address, hit.order)
            order = hit.order
            if order is None:
                continue
            brief = briefs.get(order)
            if brief is None:
                row = rows.get(order)
                if row is None:
                    continue
                if not (isinstance(row, tuple) and len(row) == len(BRIEF)):
                    raise self._damaged(ValueError(f"docs.marshal: row {order} is not {', '.join(BRIEF)}"))
                brief = briefs[order] = {**dict(zip(BRIEF, row, strict=True)), "order": order}
            hit._brief = brief  # shared between searches: read only
        return hits

    def _document_table(self) -> dict[int, tuple]:
        """{order: the document's BRIEF columns} from docs.marshal, read on the first search; empty for an index
        without it (hits then read their stored fields)."""
        if self._briefs is None:
            try:
                raw = marshal.loads((self.path / "docs.marshal").read_bytes())
                columns, rows = tuple(raw["columns"]), raw["rows"]
                if columns != BRIEF or not isinstance(rows, dict):
                    raise ValueError("docs.marshal is not the document table")
                self._briefs = rows
            except FileNotFoundError:
                self._briefs = {}
            except (OSError, EOFError, ValueError, TypeError, KeyError) as error:
                raise self._damaged(error) from None
        return self._briefs

    def laws_in(self, languages: tuple[str, ...]) -> set[str] | None:
        """The laws some document in one of the languages belongs to; None for an index without its document
        table."""
        table = self._document_table()
        if not table:
            return None
        language, law = BRIEF.index("language"), BRIEF.index("law")
        return {row[law] for row in table.values() if row[language] in languages}

    def lookup(self, node: str, law: str, filters: Filters) -> list[RawHit]:
        """The documents of one provision id in every edition (for citations), in manifest order."""
        try:
            return self._engine.lookup(node, law, filters)
        except engine_module(self.backend).UNREADABLE as error:
            raise self._damaged(error) from None

    def _damaged(self, error: Exception) -> SearchIndexError:
        """A damage found only while searching (a flipped bit in stored fields): say how to rebuild."""
        return SearchIndexError(f"the search index in {self.path} is damaged ({type(error).__name__}: {error}); "
                                "run `lawtools index --force` to rebuild it")

    def all_documents(self) -> Iterator[dict]:
        """Stored fields of every document (for benchmarks and baselines)."""
        yield from self._engine.all_documents()

    def close(self) -> None:
        """Release the engine."""
        if self._engine is not None:
            self._engine.close()


def checked_terms(terms) -> dict:
    """The compiled termbase, checked against compiled_terms_spec() (ValueError when damaged)."""
    from ..schema import SchemaViolation
    from ..yamlio import format_key_path

    try:
        terms = compiled_terms_spec().check(terms, ("terms.json",))
    except SchemaViolation as violation:
        raise ValueError(f"{format_key_path(violation.path)}: {violation.message}") from None
    for concept in terms["concepts"]:
        for entry in concept["entries"]:
            if not _sound_entry(entry):
                raise ValueError("terms.json: an entry's words and surface forms do not match")
    return terms


def _sound_entry(entry: dict) -> bool:
    """A compiled term whose parts agree (termbase_index._entry): a surface form per word, at least one word or a
    term of stop words alone ('at once'), and in `stops` (when there) one "" per word."""
    words, stops = entry["words"], entry.get("stops", ())
    if len(entry["surface"]) != len(words) or not (words or len(stops) > 1):
        return False
    return not stops or stops.count("") == len(words)


def open_index(corpus, index_dir: Path | None = None, termbase_path: Path | None = None,
               rebuild: str = "auto", settings: dict | None = None) -> tuple[SearchIndex, IndexInfo | None]:
    """Open the index, rebuilding it first when missing or stale (rebuild="auto"), always ("force") or never
    ("never": a missing or stale index is a SearchIndexError saying what to run)."""
    index_dir = Path(index_dir) if index_dir else default_index_dir()
    if termbase_path is None:
        from ..termbase import default_termbase_path

        termbase_path = default_termbase_path()
    termbase_path = Path(termbase_path)
    try:  # what a killed index build left beside the index (a listdir; nothing of a live build is touched)
        _clean_stale(index_dir.parent)
    except OSError:
        pass
    settings = {**default_settings(), **(settings or {})}
    info = None
    if rebuild == "force":
        info = _build(corpus, termbase_path, index_dir, settings, "rebuild requested")
    else:
        fresh, why = freshness(index_dir, Path(corpus.root), termbase_path, settings)
        if not fresh:
            if rebuild == "never":
                raise SearchIndexError(f"the search index in {index_dir} is out of date ({why}); run `lawtools index`")
            info = _build(corpus, termbase_path, index_dir, settings, why, incremental=why == RECORDS_CHANGED)
    try:
        return SearchIndex(index_dir), info
    except SearchIndexError:
        if rebuild == "never" or info is not None:
            raise
        info = _build(corpus, termbase_path, index_dir, settings, "the index could not be read")
        return SearchIndex(index_dir), info


OWNED_BESIDE = ".lawtools-owned"  # fsutil.MARKER, as a marker beside a directory names it (build/.site.lawtools-owned)


def _clean_stale(parent: Path) -> None:
    """fsutil.clean_stale, imported only when the directory has a hidden entry that may be stale: everything it
    removes (staging and old directories, their markers, temporary files of atomic writes) is named with a leading
    dot, and a plain query then never imports the file-system helpers. The marker beside a live directory (the
    site's, after `lawtools build`) is no such entry: it was there on every query of a built project."""
    try:
        names = os.listdir(parent)
    except OSError:
        return
    present = set(names)
    if any(name.startswith(".") and not (name.endswith(OWNED_BESIDE) and name[1:-len(OWNED_BESIDE)] in present)
           for name in names):
        from ..fsutil import clean_stale

        clean_stale(parent)


def _build(corpus, termbase_path: Path, index_dir: Path, settings: dict, reason: str,
           incremental: bool = False) -> IndexInfo:
    """A full build, or with `incremental` an update of the changed documents when one is possible (the full
    build's reason then says why it was not)."""
    try:
        if incremental:
            from .incremental import update_index

            updated, why_not = update_index(corpus, termbase_path, index_dir, settings)
            if updated is not None:
                return updated
            reason = f"{reason}; full rebuild: {why_not}"
        from .index_build import build_index

        return build_index(corpus, termbase_path, index_dir, settings, reason=reason)
    except OSError as error:
        raise SearchIndexError(f"cannot write the search index in {index_dir}: {error.strerror or error}; "
                               "set LAWTOOLS_INDEX_DIR to a writable directory") from None
