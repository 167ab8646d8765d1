"""What the site's search page knows of words, in place of the CLI's stemmers and lexicon.

The browser has no Snowball stemmer, no compound splitter and no lexicon, so the site build reads every word
the page can be asked about as the CLI's query parser would read it (search/query.py) and ships the answers in
search/index.json:

- `surface`: every corpus word, English title word and termbase word -> {language: reading}, in each language
  where the CLI would find it: its own, and any other whose provisions have one of its forms or whose compounds
  it splits into (English 'last' is also the German 'Last'; the Norwegian 'spillperioden' also finds the Swedish
  'period'). A reading is [forms, compound parts, split, alone]: the terms the word matches; the stems of the
  compound's corpus-word parts; and, only where no provision of the language has a form of the word (the CLI
  then reads it as a compound, ClauseBuilder.clause, clauses.py), its head and tail and the part that answers it alone
  (`alone` left out when empty).
- `evidence`: {word: {language: weight}} where the CLI's language evidence (search/language.py) for a surface
  word is not simply 1 for each language it has a reading in.
- `common`: the general-language lexicon's most frequent words that no surface word spells (typo correction
  leaves them alone; a word nothing else places is a common word of its language).
"""

from __future__ import annotations

from ..search.analysis import Analyzer
from ..search.clauses import half_split_parts
from ..search.language import word_evidence

COMMON_WORDS = {"en": 12000}  # most frequent words of a language's lexicon the browser gets; others: DEFAULT
COMMON_WORDS_DEFAULT = 3000


def word_tables(analyzed, postings: dict, termbase: dict, lexicon: dict[str, list[str]]) -> dict:
    """{"surface", "evidence", "common"} for a corpus analysed by search/analyzed.py, its token postings by
    field ({"text_sv": {term: ...}, ...}), its compiled termbase (search/termbase_index.py) and the general
    lexicon of its languages and English (search/index_build.py cached_lexicon)."""
    languages = [*analyzed.languages, "en"]
    common_sets = {lang: set(words) for lang, words in lexicon.items()}
    vocabularies = [analyzed.vocabularies[lang].counts for lang in analyzed.languages]

    def common(lang: str, word: str) -> bool:  # SearchIndex.common_word, over the same lexicon
        return word in common_sets.get(lang, ())

    def split(lang: str, word: str):  # QueryParser._split_compound: a common word is not split further
        return analyzed.analyzers[lang].split_compound(word, lambda side: common(lang, side))

    def half_split_side(lang: str, side: str) -> bool:  # QueryParser._half_split
        return common(lang, side) or any(side in counts for counts in vocabularies)

    text_terms = {lang: postings.get(f"text_{lang}", {}).keys() for lang in analyzed.languages}
    indexed = {lang: text_terms[lang] | postings.get(f"parts_{lang}", {}).keys() for lang in analyzed.languages}

    def reading(lang: str, word: str) -> list:
        analyzer = analyzed.analyzers[lang]
        forms = analyzer.query_forms(word)
        if lang == "en":
            return [forms, [], []]
        parts = list(analyzer.compound_parts(word))
        if any(form in text_terms[lang] for form in forms):
            return [forms, parts, []]
        parts_of = split(lang, word)
        alone = list(parts_of or half_split_parts(analyzer, word, lambda side: half_split_side(lang, side)))
        return [forms, parts, list(parts_of or ()), *([alone] if alone else [])]

    surface: dict[str, dict[str, list]] = {}
    for lang in languages:
        for word in analyzed.vocabularies[lang].counts:
            found = reading(lang, word)
            if found[0] or found[1]:
                surface.setdefault(word, {})[lang] = found
    # an English form the stemmer does not join ('dealt') reads as its word too, as the CLI's analyzer reads it
    english = Analyzer("en", analyzed.vocabularies["en"], query_lemmas=termbase.get("english_lemmas"))
    for form in english.query_lemmas:
        own = surface.setdefault(form, {}).setdefault("en", [[], [], []])
        own[0] = list(dict.fromkeys([*own[0], *english.query_forms(form)]))
    for concept in termbase["concepts"]:
        for entry in concept["entries"]:
            lang = entry["language"]
            for word, forms in zip(entry["surface"], entry["words"], strict=True):
                readings = surface.setdefault(word, {})
                if lang not in readings:  # (a termbase language may have no edition in the corpus)
                    readings[lang] = reading(lang, word) if lang in analyzed.languages else [[], [], []]
                readings[lang][0] = list(dict.fromkeys([*readings[lang][0], *forms]))
    # the other languages' readings of each word (QueryParser._in_corpus stems and splits a query word in every
    # language)
    for lang in analyzed.languages:
        analyzer = analyzed.analyzers[lang]
        for word, readings in surface.items():
            if lang not in readings and (any(f in indexed[lang] for f in analyzer.query_forms(word))
                                         or analyzer.compound_parts(word) or split(lang, word)):
                readings[lang] = reading(lang, word)

    analyzers = {lang: analyzed.analyzers[lang] for lang in languages}

    evidence = {}
    for word, readings in surface.items():
        weights = word_evidence(word, analyzers, common)
        if weights != dict.fromkeys(readings, 1.0):
            evidence[word] = weights
    return {"surface": surface, "evidence": evidence, "common": _common_words(languages, lexicon, surface)}


def _common_words(languages: list[str], lexicon: dict[str, list[str]], surface: dict) -> dict[str, str]:
    """{language: space-separated common words} of the general-language lexicon (search/lexicon.py) that no
    corpus or termbase word spells, four letters or more (what typo correction would touch), most frequent
    first: the browser leaves them uncorrected, as the CLI does (QueryParser.real_word). English gets the
    most: it has no corpus text, so its everyday words are otherwise all unknown."""
    found = {}
    for language in languages:
        size = COMMON_WORDS.get(language, COMMON_WORDS_DEFAULT)
        kept = [w for w in lexicon.get(language, [])[:size] if len(w) >= 4 and w not in surface]
        if kept:
            found[language] = " ".join(kept)
    return found
