"""The corpus analysed for indexing: documents, per-language vocabularies and analyzers, and each document's
stored fields and token fields. Engine-independent: the Whoosh and tantivy engines and the site's static
index all take their tokens from here, so every one of them agrees on what a term is.

Token fields of a document (term, position): text_<lang> (title then text: stems, inflection forms and lemmas),
parts_<lang> (compound parts), context_<lang> (the law's title) and context_en (the law's English title).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import SearchIndexError
from .analysis import LANGUAGES, Analyzer, Token, Vocabulary, build_vocabulary
from .documents import Document, corpus_documents
from .stemmers import stemmer

STORED = ("key", "edition", "language", "law", "node", "title", "text", "law_title", "heading", "kind", "order",
          "lemmas", "title_lemmas")


@dataclass
class AnalyzedCorpus:
    """Everything an engine needs to index the corpus."""

    documents: list[Document]
    languages: list[str]
    vocabularies: dict[str, Vocabulary] = field(default_factory=dict)
    analyzers: dict[str, Analyzer] = field(default_factory=dict)
    titles_en: dict[str, str] = field(default_factory=dict)

    @property
    def english(self) -> Analyzer:
        """The English analyzer (English law titles and termbase labels as its vocabulary)."""
        return self.analyzers["en"]

    def fields(self, doc: Document) -> tuple[dict, dict[str, list[tuple[str, int]]]]:
        """(stored fields, token fields) of one document."""
        return document_fields(doc, self.analyzers[doc.language], self.english, self.titles_en.get(doc.law, ""))


def corpus_languages(corpus) -> list[str]:
    """The languages of the corpus's editions, the four with full settings first (a new language gets a plain
    analysis: see analysis.settings_for)."""
    found = {corpus.language(edition) for edition in corpus.editions()}
    return [lang for lang in LANGUAGES if lang in found] + sorted(found - set(LANGUAGES))


def english_titles() -> dict[str, str]:
    """The English titles of the Laws (lawtools/data/law_titles_en.yaml), by law number."""
    from ..yamlio import package_data

    return {str(law): title for law, title in (package_data("law_titles_en.yaml").get("titles") or {}).items()}


def english_labels(termbase_path: Path) -> list[str]:
    """The termbase's English labels and aliases (the English words a query may use)."""
    from ..termbase import load_termbase

    return [label for concept in load_termbase(termbase_path).concepts for label in concept.english]


def analyze_corpus(corpus, termbase_path: Path, settings: dict, lemmas: bool = True) -> AnalyzedCorpus:
    """The corpus's documents with an analyzer per language (spaCy lemmas where settings ask, unless
    `lemmas` is False)."""
    from . import lemmas as lemma_module

    documents = list(corpus_documents(corpus))
    if not documents:
        raise SearchIndexError(f"no provisions under {corpus.root}; run `lawtools ingest` first")
    analyzed = AnalyzedCorpus(documents, corpus_languages(corpus), titles_en=english_titles())
    for language in analyzed.languages:
        texts = [f"{d.title}\n{d.text}\n{d.law_title}" for d in documents if d.language == language]
        vocabulary = build_vocabulary(texts, stemmer(language))
        lemmatize = lemma_module.lemmatizer(language) if lemmas and language in settings["lemmas"] else None
        analyzed.vocabularies[language] = vocabulary
        analyzed.analyzers[language] = Analyzer(language, vocabulary, lemmatize,
                                                compounds=language in settings["compounds"])
    english_texts = [*analyzed.titles_en.values(), *english_labels(termbase_path)]
    analyzed.vocabularies["en"] = build_vocabulary(english_texts, stemmer("en"))
    analyzed.analyzers["en"] = Analyzer("en", analyzed.vocabularies["en"])
    return analyzed


def _pairs(tokens: list[Token], offset: int = 0) -> list[tuple[str, int]]:
    return [(t.term, t.pos + offset) for t in tokens]


def document_fields(doc: Document, analyzer: Analyzer, english: Analyzer,
                    title_en: str) -> tuple[dict, dict[str, list[tuple[str, int]]]]:
    """(stored fields, token fields) of one document: see the module docstring."""
    language = doc.language
    title_tokens = analyzer.tokens(doc.title, with_lemmas=True)
    text_tokens = analyzer.tokens(doc.text, with_lemmas=True)
    shift = (max((t.pos for t in title_tokens), default=-1) + 10) if title_tokens else 0
    main = [t for t in title_tokens if t.field == "text"], [t for t in text_tokens if t.field == "text"]
    parts = [t for t in title_tokens + text_tokens if t.field == "parts"]
    context = [t for t in analyzer.tokens(doc.law_title, with_parts=False) if t.field == "text"]
    lemmas = [f"{t.start}:{t.end}:{t.term}" for t in text_tokens if t.source == "lemma"]
    title_lemmas = [f"{t.start}:{t.end}:{t.term}" for t in title_tokens if t.source == "lemma"]
    stored = {
        "key": f"{doc.edition}|{doc.node}", "edition": doc.edition, "language": language, "law": doc.law,
        "node": doc.node, "title": doc.title, "text": doc.text, "law_title": doc.law_title, "kind": doc.kind,
        "heading": doc.heading or doc.title or doc.law_title,
        "order": doc.order, "lemmas": " ".join(lemmas), "title_lemmas": " ".join(title_lemmas),
    }
    tokens = {
        f"text_{language}": _pairs(main[0]) + _pairs(main[1], shift),
        f"parts_{language}": _pairs(parts), f"context_{language}": _pairs(context),
        "context_en": _pairs([t for t in english.tokens(title_en, with_parts=False) if t.field == "text"]),
    }
    return stored, tokens
