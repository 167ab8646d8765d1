"""The corpus analysed for indexing: documents, per-language vocabularies and analyzers, and each document's
stored fields and token fields. Engine-independent: the Whoosh and tantivy engines and the site's static
index all take their tokens from here, so every one of them agrees on what a term is.

Token fields of a document (term, position): text_<lang> (title then text: stems, inflection forms and lemmas),
parts_<lang> (compound parts), context_<lang> (the law's title) and context_en (the law's English title).
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import SearchIndexError
from .analysis import LANGUAGES, Analyzer, Token, Vocabulary, build_vocabulary, normalise, words
from .analysis_cache import CachedLemmas, DocumentCache, code_fingerprint, text_key
from .documents import Document, DocumentsCache, corpus_documents
from .highlight import token_spans
from .stemmers import stemmer
from .tables import english_titles  # noqa: F401 - part of this module's API

STORED = ("key", "edition", "language", "law", "node", "title", "text", "law_title", "heading", "kind", "order",
          "lemmas", "title_lemmas", "spans")


@dataclass
class AnalyzedCorpus:
    """Everything an engine needs to index the corpus."""

    documents: list[Document]
    languages: list[str]
    vocabularies: dict[str, Vocabulary] = field(default_factory=dict)
    analyzers: dict[str, Analyzer] = field(default_factory=dict)
    titles_en: dict[str, str] = field(default_factory=dict)
    caches: dict[str, DocumentCache] = field(default_factory=dict)  # per language (analysis_cache)
    lemma_caches: dict[str, CachedLemmas] = field(default_factory=dict)
    documents_cache: DocumentsCache | None = None  # the documents read from the records (documents.py)

    @property
    def english(self) -> Analyzer:
        """The English analyzer (English law titles and termbase labels as its vocabulary)."""
        return self.analyzers["en"]

    def fields(self, doc: Document) -> tuple[dict, dict[str, list[tuple[str, int]]]]:
        """(stored fields, token fields) of one document."""
        stored, tokens, _ = self.keyed_fields(doc)
        return stored, tokens

    def keyed_fields(self, doc: Document) -> tuple[dict, dict[str, list[tuple[str, int]]], str]:
        """(stored fields, token fields, text key) of one document: documents with the same texts share
        the key and the very same token lists (engines may reuse what they built from them)."""
        title_en = self.titles_en.get(doc.law, "")
        analyzer = self.analyzers[doc.language]
        key = text_key(doc.title, doc.text, doc.law_title, title_en, doc.node)  # the node resolves "se B nedan"
        cache = self.caches.get(doc.language)

        def compute() -> tuple:
            return analyse_texts(doc, analyzer, self.english, title_en)

        def strings() -> str:
            return _inside(analyzer, f"{doc.title}\n{doc.text}\n{doc.law_title}") + "\n" + title_en.lower()

        lemmas, title_lemmas, token_lists, spans = cache.get(key, compute, strings) if cache else compute()
        return _stored(doc, lemmas, title_lemmas, spans), dict(zip(_token_fields(doc.language), token_lists,
                                                            strict=True)), key

    def text_terms(self) -> list[set[str]]:
        """Each document's text terms (its own language's text field), in `documents` order: a second read of
        this build's documents, so the caches' counts (what `save_caches` reports) do not change."""
        counts = {language: (cache.hits, cache.misses) for language, cache in self.caches.items()}
        found = [{term for term, _ in self.fields(doc)[1][f"text_{doc.language}"]} for doc in self.documents]
        for language, (hits, misses) in counts.items():
            self.caches[language].hits, self.caches[language].misses = hits, misses
        return found

    def save_caches(self) -> dict[str, int]:
        """Write the analysis and lemma caches; how many documents came from the cache and how many were
        analysed ({"cached": n, "analysed": m})."""
        for cache in self.caches.values():
            cache.save()
        for lemmas in self.lemma_caches.values():
            lemmas.save()
        if self.documents_cache is not None:
            self.documents_cache.save()
        return {"cached": sum(c.hits for c in self.caches.values()),
                "analysed": sum(c.misses for c in self.caches.values())}


def corpus_languages(corpus) -> list[str]:
    """The languages of the corpus's editions, the four with full settings first (a new language gets a plain
    analysis: see analysis.settings_for)."""
    found = {corpus.language(edition) for edition in corpus.editions()}
    return [lang for lang in LANGUAGES if lang in found] + sorted(found - set(LANGUAGES))


def english_labels(termbase_path: Path) -> list[str]:
    """The termbase's English labels and aliases (the English words a query may use)."""
    from ..termbase import load_termbase

    return [label for concept in load_termbase(termbase_path).concepts for label in concept.english]


def analyze_corpus(corpus, termbase_path: Path, settings: dict, lemmas: bool = True,
                   cache: bool = True, records_hash: str = "") -> AnalyzedCorpus:
    """The corpus's documents with an analyzer per language (spaCy lemmas where settings ask, unless
    `lemmas` is False). With `cache`, documents and lemmas analysed by an earlier build are reused
    (analysis_cache; the caller calls `save_caches` once the index is written), and with `records_hash`
    (documents.content_hash of the records) so are the documents read from the records (DocumentsCache)."""
    from . import lemmas as lemma_module
    from .vectors import cache_dir

    where = cache_dir() if cache else None
    read = DocumentsCache(where, corpus, records_hash) if where is not None and records_hash else None
    documents = read.documents(corpus) if read is not None else list(corpus_documents(corpus))
    if not documents:
        raise SearchIndexError(f"no provisions under {corpus.root}; run `lawtools ingest` first")
    analyzed = AnalyzedCorpus(documents, corpus_languages(corpus), titles_en=english_titles())
    analyzed.documents_cache = read
    from .termbase_index import glossary_entries

    english_texts = [*analyzed.titles_en.values(), *english_labels(termbase_path),
                     *(word for entry in glossary_entries() for word in entry["en"])]
    analyzed.vocabularies["en"] = build_vocabulary(english_texts, stemmer("en"))
    analyzed.analyzers["en"] = Analyzer("en", analyzed.vocabularies["en"])
    code = code_fingerprint()
    for language in analyzed.languages:
        texts = [f"{d.title}\n{d.text}\n{d.law_title}" for d in documents if d.language == language]
        vocabulary = build_vocabulary(texts, stemmer(language))
        lemmatize = None
        if lemmas and language in settings["lemmas"]:
            if where is not None:
                lemmatize = analyzed.lemma_caches[language] = CachedLemmas(
                    where, language, lambda language=language: lemma_module.lemmatizer(language))
            else:
                lemmatize = lemma_module.lemmatizer(language)
        compounds = language in settings["compounds"]
        analyzed.vocabularies[language] = vocabulary
        analyzed.analyzers[language] = Analyzer(language, vocabulary, lemmatize, compounds=compounds)
        if where is not None:
            fingerprint = f"{code} lemmas {lemmatize is not None} compounds {compounds} " + (
                analyzed.lemma_caches[language].fingerprint if lemmatize is not None else "")
            analyzed.caches[language] = DocumentCache(where, language, fingerprint, vocabulary,
                                                      analyzed.vocabularies["en"])
    return analyzed


def _inside(analyzer: Analyzer, text: str) -> str:
    """A text's words and their lemmas, lowercase (what the vocabulary is looked up inside of)."""
    found = words(text)
    parts = [w.surface for w in found]
    if analyzer.lemmatize is not None:
        original = unicodedata.normalize("NFC", text)
        parts.extend(normalise(lemma) for w in found if (lemma := analyzer.lemmatize(original[w.start:w.end])))
    return " ".join(parts)


def _pairs(tokens: list[Token], offset: int = 0) -> list[tuple[str, int]]:
    return [(t.term, t.pos + offset) for t in tokens]


def document_fields(doc: Document, analyzer: Analyzer, english: Analyzer,
                    title_en: str) -> tuple[dict, dict[str, list[tuple[str, int]]]]:
    """(stored fields, token fields) of one document: see the module docstring."""
    lemmas, title_lemmas, token_lists, spans = analyse_texts(doc, analyzer, english, title_en)
    return _stored(doc, lemmas, title_lemmas, spans), dict(zip(_token_fields(doc.language), token_lists, strict=True))


def _token_fields(language: str) -> tuple[str, str, str, str]:
    return f"text_{language}", f"parts_{language}", f"context_{language}", "context_en"


def analyse_texts(doc: Document, analyzer: Analyzer, english: Analyzer, title_en: str) -> tuple:
    """(lemmas, title_lemmas, the four token lists of _token_fields, spans) of a document's texts; spans
    (highlight.token_spans of the text's and the title's tokens, as JSON) let a hit be highlighted and
    explained without analysing its text again."""
    title_tokens = analyzer.tokens(doc.title, with_lemmas=True)
    text_tokens = analyzer.tokens(doc.text, with_lemmas=True, skip=cited_words(doc.text, doc.language, doc.node))
    shift = (max((t.pos for t in title_tokens), default=-1) + 10) if title_tokens else 0
    main = [t for t in title_tokens if t.field == "text"], [t for t in text_tokens if t.field == "text"]
    parts = [t for t in title_tokens + text_tokens if t.field == "parts"]
    context = [t for t in analyzer.tokens(doc.law_title, with_parts=False) if t.field == "text"]
    lemmas = [f"{t.start}:{t.end}:{t.term}" for t in text_tokens if t.source == "lemma"]
    title_lemmas = [f"{t.start}:{t.end}:{t.term}" for t in title_tokens if t.source == "lemma"]
    english_context = [t for t in english.tokens(title_en, with_parts=False) if t.field == "text"]
    spans = json.dumps({"x": token_spans(text_tokens), "t": token_spans(title_tokens)}, ensure_ascii=False,
                       separators=(",", ":"))
    return (" ".join(lemmas), " ".join(title_lemmas),
            (_pairs(main[0]) + _pairs(main[1], shift), _pairs(parts), _pairs(context), _pairs(english_context)),
            spans)


def cited_words(text: str, language: str, node: str) -> frozenset[int]:
    """The offsets (in the NFC text) of the words that make the text's citations, and of a word that introduces
    one ('se' in "se lag 45", "se 26B"; the language's `bare_before` words in citations.yaml): citation syntax,
    not prose. The Laws write Swedish and Norwegian 'se' (see, look) nine times in ten before a citation; indexed
    there it would answer every question about looking with the cross-references."""
    from ..refs import citation_data, citations

    text = unicodedata.normalize("NFC", text)
    found = citations(text, language, node)
    if not found:
        return frozenset()
    starts = [w.start for w in words(text)]
    introducer = _introducer(tuple(citation_data().get(language, {}).get("bare_before", [])))
    skipped: set[int] = set()
    for start, end, _ in found:
        before = introducer.search(text, max(0, start - 40), start) if introducer else None
        first = before.start() if before else start
        skipped.update(offset for offset in starts if first <= offset < end)
    return frozenset(skipped)


@functools.cache
def _introducer(words_before: tuple[str, ...]) -> re.Pattern | None:
    """A pattern for a citation-introducing word standing right before a citation (an opening parenthesis may
    stand between): "se ", "(se också "."""
    alternatives = "|".join(f"(?:{w})" for w in words_before)
    return re.compile(rf"(?<![^\W_])(?i:{alternatives})[\s(]*$") if alternatives else None


def _stored(doc: Document, lemmas: str, title_lemmas: str, spans: str) -> dict:
    return {
        "key": f"{doc.edition}|{doc.node}", "edition": doc.edition, "language": doc.language, "law": doc.law,
        "node": doc.node, "title": doc.title, "text": doc.text, "law_title": doc.law_title, "kind": doc.kind,
        "heading": doc.heading or doc.title or doc.law_title,
        "order": doc.order, "lemmas": lemmas, "title_lemmas": title_lemmas, "spans": spans,
    }
