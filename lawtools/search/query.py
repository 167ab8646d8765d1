"""Query parsing: citations, words and quoted phrases in any corpus language or English, typo correction
against the corpus vocabulary, and expansion across languages through the compiled termbase.

Nothing here imports spaCy or Whoosh: the query is turned into an engine-independent `Plan`. Raw query
text never reaches a query-language parser, so Whoosh syntax (AND, OR, *, field:) is just words.

The steps, in order (`QueryParser.parse`): a citation alone, or one among words (searched within); the words and
quoted phrases (`_segment`); the query's languages (language.py); a separable verb's particle joined to it; stop
words marked; typo correction (words unknown in every language only); runs of words that name a termbase concept
(query_terms.py); each unit a clause of weighted alternatives, and the phrase bonus (clauses.py). The data passed
between them is in parsed.py.
"""

from __future__ import annotations

import re
import unicodedata

from ..citation import KEYWORDS, Citation
from ..errors import CitationError
from .analysis import Analyzer, words
from .clauses import ClauseBuilder, half_split_parts
from .language import Guess, guess, word_evidence
from .parsed import Correction, ParsedQuery, Unit
from .plan import Plan
from .query_terms import QueryTerms

MAX_QUERY_CHARS = 400
MAX_WORDS = 24
_QUOTES = str.maketrans({c: '"' for c in "“”„«»‟＂"})
_SEGMENT = re.compile(r'"([^"]*)"|([^"\s]+)')
_KEYWORD = "|".join(re.escape(k) for k in sorted(KEYWORDS, key=len, reverse=True))
_CITED = re.compile(rf"(?<![\w§])(?:{_KEYWORD})\s*(?P<cite>[1-9]\d?(?:\s*[A-H](?:\s*[1-9]\d?)?)?)(?!\w)",
                    re.IGNORECASE)
# A query that is a citation keyword and a label alone ("Law 64Z", "lag 999", "§ 64 Z"), none of its words longer than
# a letter: meant as a citation the Laws cannot have. Said so rather than searched as words, which would find
# whatever mentions 'law'. A year ("Laws 1997") is no label: searched as words.
_CITATION_SHAPED = re.compile(rf"(?:{_KEYWORD})\s*(?P<label>\d{{1,3}}(?!\d)[\w\s().]*)", re.IGNORECASE)
_WORD_OF_LETTERS = re.compile(r"[^\W\d_]{2,}")


class QueryParser:
    """Parses queries against one open index (its vocabulary and compiled termbase)."""

    def __init__(self, index):
        self.index = index
        self.languages = list(index.languages)
        self.analyzers = {lang: Analyzer(lang, index.vocabulary(lang)) for lang in self.languages}
        compiled = index.compiled_termbase()
        self.analyzers["en"] = Analyzer("en", index.vocabulary("en"), query_lemmas=compiled.get("english_lemmas"))
        self.query_languages = list(dict.fromkeys([*self.languages, "en"]))  # English once, edition or not
        self._query_analyzers = {lang: self.analyzers[lang] for lang in self.query_languages}  # for evidence()
        self.termbase = compiled["concepts"]
        self._english = {form for c in self.termbase for e in c["entries"] if e["language"] == "en"
                         for forms in e["words"] for form in forms}
        # the English words that are a termbase term by themselves (a word only inside a longer term, 'player' of
        # 'offending player', names nothing alone: the glossary may read it)
        self._english_terms = {form for c in self.termbase if not c.get("glossary") for e in c["entries"]
                               if e["language"] == "en" and len(e["words"]) == 1 for form in e["words"][0]}
        self.terms = QueryTerms(self.termbase, self.analyzers, self.query_languages, self._known_in)
        self.clauses = ClauseBuilder(index, self.analyzers, self.languages, self._split_compound, self._half_split)
        self._choices: list[str] | None = None
        self._counts: dict[str, int] = {}

    # ------------------------------------------------------------------------------------------ entry
    def parse(self, text: str, word_by_word: bool = False) -> ParsedQuery:
        """Parse a query (never raises on any input); `word_by_word` matches concepts one word at a time."""
        text = unicodedata.normalize("NFC", text or "").translate(_QUOTES)
        text = "".join(ch for ch in text if ch.isprintable() or ch.isspace())
        parsed = ParsedQuery(text.strip())
        if len(text) > MAX_QUERY_CHARS:
            parsed.notes.append(f"query cut to its first {MAX_QUERY_CHARS} characters")
            text = text[:MAX_QUERY_CHARS]
        stripped = text.strip()
        # "64b" and "law 64b" are meant as citations too (Citation itself insists on capital section letters)
        citation = (Citation.try_parse(stripped) or Citation.try_parse(stripped.upper())) if stripped else None
        if citation is not None:
            parsed.citation = citation
            return parsed
        if stripped and (error := _miscited(stripped)):
            parsed.notes.append(error)
            return parsed
        cited = _CITED.search(text)
        if cited and text.replace(cited.group(0), " ").strip():
            parsed.within = Citation.try_parse(cited.group("cite"))
            if parsed.within is not None:
                text = text.replace(cited.group(0), " ")
                parsed.notes.append(f"searching within Law {parsed.within.law}")
        units = self._segment(text, parsed)
        parsed.languages = self.detect([w for u in units if not u.stop for w in u.words])
        units = self._join_particle(units, parsed)
        units = self._mark_stop_words(units, parsed.languages)
        units = self._correct(units, parsed)
        units = self.terms.match(units, parsed, 1 if word_by_word else MAX_WORDS)
        if not units:
            parsed.notes.append("the query has no words to search for")
            return parsed
        clauses = [self.clauses.clause(unit, parsed.languages) for unit in units]
        empty = [c.text for c in clauses if not c.alternatives]
        if empty and len(empty) < len(clauses):  # words no provision has do not veto the others
            parsed.notes.append(f"in no provision, left out: {', '.join(empty)}")
            kept = [(u, c) for u, c in zip(units, clauses, strict=True) if c.alternatives]
            units, clauses = [u for u, _ in kept], [c for _, c in kept]
        parsed.plan = Plan(clauses, bonus=self.clauses.bonus(units))
        return parsed

    # ------------------------------------------------------------------------------------------ steps
    def _segment(self, text: str, parsed: ParsedQuery) -> list[Unit]:
        if text.count('"') % 2:
            text = text[::-1].replace('"', "", 1)[::-1]  # an unbalanced quote: drop the last one
        units: list[Unit] = []
        total = 0
        for match in _SEGMENT.finditer(text):
            quoted, bare = match.group(1), match.group(2)
            every = [w.surface for w in words(quoted if quoted is not None else bare)]
            found = [w for w in every if not self._noise(w)]
            if not found:
                if quoted is None:  # English noise, kept only as part of a term written with it ("at once")
                    units.extend(Unit([w], stop=True) for w in every)
                continue
            if total + len(found) > MAX_WORDS:
                parsed.notes.append(f"only the first {MAX_WORDS} words are searched")
                break
            total += len(found)
            if quoted is not None and len(found) > 1:
                units.append(Unit(found, quoted=True))
            else:
                units.extend(Unit([w], stop=self._noise(w)) for w in every)
        return units

    def _common(self, language: str):
        """Whether a word is a common word of the language (the index's lexicon), as a predicate."""
        return lambda word: self.index.common_word(language, word)

    def _split_compound(self, analyzer: Analyzer, word: str) -> tuple[str, ...] | None:
        return analyzer.split_compound(word, self._common(analyzer.language))

    def _half_split(self, analyzer: Analyzer, word: str) -> tuple[str, ...]:
        common = self._common(analyzer.language)
        return half_split_parts(analyzer, word, lambda side: common(side)
                                or any(side in self.analyzers[lang].vocabulary.counts for lang in self.languages))

    def _noise(self, word: str) -> bool:
        """An English stop word ("and", "or", "the") that is no word of the corpus: not searched."""
        return self.analyzers["en"].is_stopword(word) and not any(
            word in self.index.vocabulary(lang).counts for lang in self.languages)

    # ------------------------------------------------------------------------------------------ languages
    def evidence(self, word: str) -> dict[str, float]:
        """{language: weight} of the languages the word belongs to (see language.py)."""
        return word_evidence(word, self._query_analyzers, self.index.common_word)

    def detect(self, query_words: list[str]) -> Guess:
        """The languages the query's words are written in."""
        evidence = [self.evidence(w) for w in query_words if not w.isdigit()]
        return guess(evidence, english_editions="en" in self.languages)

    def _join_particle(self, units: list[Unit], parsed: ParsedQuery) -> list[Unit]:
        """A separable verb split by a main clause ("komt ... uit", "spielt ... aus": the particle last) read as
        the one word the Laws write ("uitkomt", "ausspielt"): the query's last word is a particle of one of its
        languages (search.yaml `particles`) and, joined in front of an earlier word, gives a word some provision
        has; the nearest such word takes the particle."""
        trailing = len(units)
        while trailing and units[trailing - 1].stop:  # English noise after the particle ("... uit please")
            trailing -= 1
        if trailing < len(units):
            return self._join_particle(units[:trailing], parsed) + units[trailing:]
        if len(units) < 2 or units[-1].quoted:
            return units
        particle = units[-1].words[0]
        for lang in parsed.languages.native:
            analyzer = self.analyzers[lang]
            if particle not in analyzer.particles:
                continue
            for i in range(len(units) - 2, -1, -1):
                unit = units[i]
                verb = unit.words[0]
                if unit.quoted or unit.stop or verb in analyzer.stopwords or verb in analyzer.particles:
                    continue
                joined = particle + verb
                if any(self.index.has_term(lang, "text", form) for form in analyzer.query_forms(joined)):
                    parsed.notes.append(f"read '{verb} … {particle}' as '{joined}'")
                    return [*units[:i], Unit([joined]), *units[i + 1:-1]]
        return units

    def _mark_stop_words(self, units: list[Unit], languages: Guess) -> list[Unit]:
        """Mark the stop words of the query's languages (`QueryTerms.match` reads them only inside a term written
        with them, then leaves them out) and leave out lone letters (a letter is a section letter only inside a
        citation); a quoted phrase keeps its words (the analyzers skip stop words in it)."""
        stop = set().union(*(self.analyzers[lang].stopwords for lang in languages.languages)) if languages.languages \
            else set()
        kept = []
        for unit in units:
            if unit.quoted:
                kept.append(unit)
                continue
            word = unit.words[0]
            if word in stop:
                kept.append(Unit([word], stop=True))
            elif len(word) >= 2 or word.isdigit():
                kept.append(unit)
        return kept

    def known(self, word: str, glossary: bool = True) -> bool:
        """True when some provision contains the word (by its normal forms or as the parts of a compound) or
        it is an English term, title word or (with `glossary`) glossary word."""
        if any(self._in_corpus(word, lang) for lang in self.languages):
            return True
        english = self.analyzers["en"].query_forms(word)
        terms = self._english if glossary else self._english_terms
        return any(form in terms or self.index.has_term("en", "context", form) for form in english)

    def _known_in(self, lang: str, word: str) -> bool:
        """Whether the glossary must leave the word alone in `lang`: for English, a word anything but the glossary
        knows; for a corpus language, a word of its own provisions (another language's look-alike does not count:
        Swedish 'bestrids', Norwegian 'bestride')."""
        return self.known(word, glossary=False) if lang == "en" else self._in_corpus(word, lang)

    def _in_corpus(self, word: str, lang: str) -> bool:
        """True when a provision of the language has the word (its normal forms, or the parts of a compound)."""
        analyzer = self.analyzers[lang]
        return any(self.index.has_term(lang, "text", form) or self.index.has_term(lang, "parts", form)
                   for form in analyzer.query_forms(word)) or bool(self._split_compound(analyzer, word))

    def real_word(self, word: str) -> bool:
        """True for a stop word or a common word of some query language: a word, not a typo."""
        return any(word in self.analyzers[lang].stopwords or self.index.common_word(lang, word)
                   for lang in self.query_languages)

    def _correct(self, units: list[Unit], parsed: ParsedQuery) -> list[Unit]:
        for unit in units:
            if unit.stop:
                continue
            for i, word in enumerate(unit.words):
                if self.known(word) or word.isdigit() or len(word) < 4 or self.real_word(word):
                    if not self.known(word):
                        parsed.unknown.append(word)
                    continue
                best = self.closest(word, prefer=parsed.languages.native)
                if best is None:
                    parsed.unknown.append(word)
                    continue
                parsed.corrections.append(Correction(word, best[0], round(best[1], 1)))
                unit.words[i] = best[0]
        return units

    def closest(self, word: str, cutoff: float = 75.0, prefer: tuple[str, ...] = ()) -> tuple[str, float] | None:
        """The known corpus (or English termbase) word closest to `word`, or None below the cutoff; among
        equally close words, one of the `prefer` languages (the query's own) wins."""
        found = self.suggestions(word, cutoff, limit=5)
        if prefer and found:
            vocabularies = [self.analyzers[lang].vocabulary for lang in prefer if lang in self.analyzers]
            best = round(found[0][1])
            own = [f for f in found if round(f[1]) >= best - 1 and any(f[0] in v.counts for v in vocabularies)]
            if own:
                return own[0]
        return found[0] if found else None

    def suggestions(self, word: str, cutoff: float = 60.0, limit: int = 3) -> list[tuple[str, float]]:
        """Known words close to `word`, best first (by similarity, then corpus frequency)."""
        from rapidfuzz import fuzz, process
        from rapidfuzz.distance import DamerauLevenshtein

        if self._choices is None:
            counts: dict[str, int] = {}
            for lang in self.languages:
                for w, n in self.index.vocabulary(lang).counts.items():
                    if len(w) >= 3 and not w.isdigit():
                        counts[w] = counts.get(w, 0) + n
            for concept in self.termbase:
                for entry in concept["entries"]:
                    if entry["language"] == "en":
                        for w in words(entry["variant"]):
                            counts.setdefault(w.surface, 1)
            self._counts, self._choices = counts, list(counts)
        matches = process.extract(word, self._choices, scorer=DamerauLevenshtein.normalized_similarity,
                                  score_cutoff=cutoff / 100, limit=limit * 8)
        # a transposition is one edit; typos rarely touch the first letter; then the more frequent word
        ranked = sorted(((m[0], m[1] * 100) for m in matches if m[0] != word),
                        key=lambda m: (-round(m[1]), m[0][:1] != word[:1], -fuzz.ratio(word, m[0]),
                                       -self._counts.get(m[0], 0)))
        return ranked[:limit]

def _miscited(text: str) -> str:
    """Why a citation-shaped query (a keyword and a label alone) is no citation of the Laws; '' for any other."""
    shaped = _CITATION_SHAPED.fullmatch(text)
    if not shaped or _WORD_OF_LETTERS.search(shaped["label"]):
        return ""
    try:
        Citation.parse(text)
    except CitationError as error:
        return str(error)
    return ""
