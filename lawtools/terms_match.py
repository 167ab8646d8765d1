"""Finding termbase terms in provision text with spaCy, so that inflected forms count.

Each language gets a blank spaCy pipeline (`spacy.blank(lang)`: its tokenizer, no trained model) and,
where spacy-lookups-data has one, its lemma lookup table. Every token gets a match key (see
`analyse`): the lookup lemma of a word the table knows, else the word with the light suffixes of
`lawtools/data/inflection.yaml` stripped. A `PhraseMatcher` on that key finds each term and its listed
forms; a second one on `LOWER` finds the listed forms exactly. Nothing is downloaded.

This module imports spaCy; import it only where terms are matched (checks, diffs), never at CLI start.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import spacy
from spacy.matcher import PhraseMatcher

from .lemma_tables import lookup_table
from .termbase import Concept, Term, Termbase, TermHit
from .yamlio import package_data


@cache
def _inflection() -> dict:
    return package_data("inflection.yaml")


def stem(word: str, language: str) -> str:
    """The match key of a lower-cased word: known suffixes stripped, longest first, keeping a minimum stem."""
    data = _inflection().get(language, {})
    suffixes = sorted(data.get("suffixes", []), key=len, reverse=True)
    minimum = int(data.get("min_stem", 4))
    changed = True
    while changed:
        changed = False
        for suffix in suffixes:
            if word.endswith(suffix) and len(word) - len(suffix) >= minimum:
                word = word[: -len(suffix)]
                changed = True
                break
    return word


@cache
def pipeline(language: str) -> spacy.language.Language:
    """A blank spaCy pipeline for `language`: its tokenizer only (match keys come from `lookup_table`).

    A language spaCy does not know gets spaCy's multi-language tokenizer ('xx').
    """
    try:
        return spacy.blank(language)
    except ImportError:
        return spacy.blank("xx")



def analyse(texts: list[str], language: str, terms: bool = False) -> list:
    """spaCy Docs for the texts, each token's NORM set to its match key.

    A word the lookup table knows is keyed by its lemma as the table gives it ('sticket' -> 'stick',
    'spelen' stays the verb 'spelen'); an unknown word (most compounds) by its lower-cased form with the
    light suffixes stripped ('straffkortet' -> 'straffkort'). Terms (`terms=True`) are dictionary forms
    already, so a known term keys as itself ('giv' stays 'giv', not the table's 'ge').
    """
    nlp = pipeline(language)
    table = lookup_table(language)
    docs = list(nlp.pipe(texts))
    for doc in docs:
        for token in doc:
            lower = token.text.lower()
            known = table is not None and (table.get(lower) or table.get(token.text))
            if known:
                token.norm_ = lower if terms else str(known).lower()
            else:
                token.norm_ = stem(lower, language)
    return docs


class ConceptMatcher:
    """Finds the termbase's terms of one language in texts."""

    def __init__(self, termbase: Termbase, language: str):
        self.language = language
        self.nlp = pipeline(language)
        self.by_key: dict[str, tuple[Concept, Term]] = {}
        self.key_matcher = PhraseMatcher(self.nlp.vocab, attr="NORM")
        self.form_matcher = PhraseMatcher(self.nlp.vocab, attr="LOWER")
        for concept in termbase.concepts:
            for index, term in enumerate(concept.terms_in(language)):
                key = f"{concept.id}#{index}"
                self.by_key[key] = (concept, term)
                variants = [term.term, *term.forms]
                self.key_matcher.add(key, analyse(variants, language, terms=True))
                self.form_matcher.add(key, [self.nlp.make_doc(v) for v in variants])

    def find(self, text: str) -> list[TermHit]:
        """Every term occurrence in `text`, longest match first where matches overlap, in text order."""
        return self.find_many([text])[0]

    def find_many(self, texts: list[str], nested: bool = False) -> list[list[TermHit]]:
        """`find` for many texts at once (one spaCy pass). With `nested`, a term of another concept standing
        wholly within a longer one is returned too, marked `inside` ('trick' within 'defective trick')."""
        results = []
        for doc in analyse(texts, self.language):
            spans = {}
            for matcher in (self.key_matcher, self.form_matcher):
                for match_id, start, end in matcher(doc):
                    spans[(start, end, self.nlp.vocab.strings[match_id])] = True
            results.append(self._resolve(doc, spans, nested))
        return results

    def _resolve(self, doc, spans: dict, nested: bool = False) -> list[TermHit]:
        chosen: list[tuple[int, int, str, str]] = []
        taken: set[int] = set()
        for start, end, key in sorted(spans, key=lambda s: (-(s[1] - s[0]), s[0])):
            if taken.intersection(range(start, end)):
                continue
            taken.update(range(start, end))
            chosen.append((start, end, key, ""))
        if nested:  # a shorter term of another concept wholly inside a chosen one, once per span
            outer, placed = list(chosen), set()
            for start, end, key in sorted(spans):
                concept = self.by_key[key][0].id
                around = next((o for o in outer if o[0] <= start and end <= o[1] and o[1] - o[0] > end - start), None)
                if around is not None and self.by_key[around[2]][0].id != concept and (start, end) not in placed:
                    placed.add((start, end))
                    chosen.append((start, end, key, self.by_key[around[2]][0].id))
        hits = []
        for start, end, key, inside in sorted(chosen):
            concept, term = self.by_key[key]
            span = doc[start:end]
            hits.append(TermHit(concept.id, term.term, term.status, span.start_char, span.end_char, span.text, inside))
        return hits


_MATCHERS: dict[tuple, ConceptMatcher] = {}


def matcher_for(termbase: Termbase, language: str) -> ConceptMatcher:
    """The (cached) matcher of one termbase and language; a termbase file read again reuses its matcher."""
    path = Path(termbase.path)
    version = path.stat().st_mtime_ns if path.exists() else id(termbase)
    key = (str(path), version, len(termbase.concepts), language)
    if key not in _MATCHERS:
        _MATCHERS[key] = ConceptMatcher(termbase, language)
    return _MATCHERS[key]
