"""Which language(s) a query is written in, from the corpus vocabulary (no trained detector).

Each word gives evidence for the languages it belongs to: a word of a language's corpus text counts most,
a word that stems like one less, a stop word or a common word of the language (lexicon.py) less again; a
word found in many languages (shared "kort", the "de" of Dutch and Swedish) spreads its weight. The query's
languages are those within `CLOSE` of the best. English has no corpus text: its evidence is the termbase's
English labels, the English law titles, English stop words and the English lexicon.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

CORPUS_WORD, CORPUS_STEM, STOP_WORD, COMMON_WORD = 1.0, 0.6, 0.4, 0.3
CLOSE = 0.75  # languages scoring at least this share of the best are query languages too


@dataclass(frozen=True)
class Guess:
    """The query's languages (best first) and the score of every language with any evidence."""

    languages: tuple[str, ...] = ()
    scores: dict[str, float] = field(default_factory=dict)
    english_editions: bool = False  # some edition is English: then English is a query language with editions

    @property
    def native(self) -> tuple[str, ...]:
        """The query languages that have editions: not English, unless an edition is English."""
        return tuple(lang for lang in self.languages if lang != "en" or self.english_editions)

    def __contains__(self, language: str) -> bool:
        return language in self.languages


def word_evidence(word: str, analyzers: Mapping, common_word: Callable[[str, str], bool]) -> dict[str, float]:
    """{language: weight} of the languages (`analyzers`: search.analysis.Analyzer by language) the word belongs
    to: a word of the language's corpus text, one that stems like one, a stop word; a common word of the
    language (`common_word(language, word)`) only when nothing better says where the word belongs. The site's
    search page gets these weights from the site build (site/search_words.py), so it guesses as the CLI does."""
    found: dict[str, float] = {}
    for lang, analyzer in analyzers.items():
        vocabulary = analyzer.vocabulary
        weight = 0.0
        if word in vocabulary.counts:
            weight = CORPUS_WORD
        elif len(word) >= 3 and analyzer.stem(word) in vocabulary.stems:
            weight = CORPUS_STEM
        if weight < STOP_WORD and word in analyzer.stopwords:
            weight = STOP_WORD
        if weight:
            found[lang] = weight
    if not found or max(found.values()) < CORPUS_STEM:
        for lang in analyzers:
            if found.get(lang, 0.0) < COMMON_WORD and common_word(lang, word):
                found[lang] = COMMON_WORD
    return found


def guess(evidence: list[dict[str, float]], english_editions: bool = False) -> Guess:
    """Combine per-word evidence ({language: weight} per word) into the query's languages (`english_editions`:
    some edition is English, so an English query has editions of its own)."""
    scores: dict[str, float] = {}
    for word in evidence:
        if not word:
            continue
        best = max(word.values())
        # a word typical of one language says more than a word every language has
        share = 1.0 / sum(1 for w in word.values() if w >= best * CLOSE)
        for language, weight in word.items():
            scores[language] = scores.get(language, 0.0) + weight * (share if weight >= best * CLOSE else share / 2)
    if not scores:
        return Guess(english_editions=english_editions)
    top = max(scores.values())
    chosen = sorted((lang for lang, s in scores.items() if s >= top * CLOSE), key=lambda lang: -scores[lang])
    return Guess(tuple(chosen), {lang: round(s, 3) for lang, s in scores.items()}, english_editions)
