"""Query parsing: citations, words and quoted phrases in any corpus language or English, typo correction
against the corpus vocabulary, and expansion across languages through the compiled termbase.

Nothing here imports spaCy or Whoosh: the query is turned into an engine-independent `Plan`. Raw query
text never reaches a query-language parser, so Whoosh syntax (AND, OR, *, field:) is just words.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from ..citation import KEYWORDS, Citation
from ..errors import CitationError
from .analysis import Analyzer, words
from .language import Guess, guess, word_evidence
from .plan import Alternative, Clause, Plan, Reason

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

PART_BOOST = 0.5  # a word found inside a compound counts half as much as the word itself
CONTEXT_BOOST = 1.0  # a word of the law's title answers a clause in every provision of the law
EXPANSION_BOOST = 0.9  # the same concept in another language
FOREIGN_BOOST = 0.5  # a query word matching in a language the query is not written in (shared or look-alike words)
COMPOUND_QUERY_BOOST = 0.7  # a compound query word the corpus lacks, found as its parts ("revokestick")
PART_ALONE_BOOST = 0.5  # ... and by one part alone, against both parts together
TITLE_EN_BOOST = 0.6  # an English query word in the English title of the law
PHRASE_BONUS = 1.0  # the query's words standing together (text or law title) add to a provision's score
SCATTERED_BOOST = 0.4  # a multi-word term's words apart in the provision, against standing together
MIN_SHARED = 0.6  # see _resembles
STATUS_BOOST = {"preferred": 1.0, "variant": 0.9, "deprecated": 0.7}
# an English word no term, title or corpus text knows, by its everyday words in the corpus languages
# (data/english.yaml), against a termbase term; dev (old dev / round-4 dev): off 0.904 / 0.691, 0.4 0.894 / 0.698,
# 0.7 0.894 / 0.716, 1.0 0.894 / 0.712; for every English word, not only unknown ones: 0.888 / 0.684
GLOSSARY_BOOST = 0.7
GLOSSARY_NATIVE = True  # the glossary also for a word of the query's own corpus language that no provision has


@dataclass(frozen=True)
class Correction:
    """A query word replaced by the closest corpus word."""

    original: str
    corrected: str
    score: float


@dataclass(frozen=True)
class ConceptMatch:
    """Query words that name a termbase concept, and the concept's terms in every language."""

    query: str
    concept: str
    en: str
    matched_language: str
    matched_term: str
    terms: dict[str, list[str]]
    note: str = ""


@dataclass
class ParsedQuery:
    """What the user asked for: a citation, or a plan of clauses, with corrections and notes."""

    text: str
    citation: Citation | None = None
    plan: Plan | None = None
    corrections: list[Correction] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    concepts: list[ConceptMatch] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    within: Citation | None = None  # a citation among other words ("straffkort lag 50"): search inside it
    languages: Guess = field(default_factory=Guess)  # the languages the query is written in


@dataclass
class _Unit:
    """A word, a quoted phrase, or a run of words that names a concept."""

    words: list[str]
    quoted: bool = False
    concepts: list[tuple[dict, dict]] = field(default_factory=list)  # (concept, entry) pairs
    stop: bool = False  # a stop word: kept only as part of a term written with it ("face down")


class QueryParser:
    """Parses queries against one open index (its vocabulary and compiled termbase)."""

    def __init__(self, index):
        self.index = index
        self.languages = list(index.languages)
        self.analyzers = {lang: Analyzer(lang, index.vocabulary(lang)) for lang in self.languages}
        compiled = index.compiled_termbase()
        self.analyzers["en"] = Analyzer("en", index.vocabulary("en"), query_lemmas=compiled.get("english_lemmas"))
        self.query_languages = [*self.languages, "en"]
        self._query_analyzers = {lang: self.analyzers[lang] for lang in self.query_languages}  # for evidence()
        self.termbase = compiled["concepts"]
        self._english = {form for c in self.termbase for e in c["entries"] if e["language"] == "en"
                         for forms in e["words"] for form in forms}
        # the English words that are a termbase term by themselves (a word only inside a longer term, 'player' of
        # 'offending player', names nothing alone: the glossary may read it)
        self._english_terms = {form for c in self.termbase if not c.get("glossary") for e in c["entries"]
                               if e["language"] == "en" and len(e["words"]) == 1 for form in e["words"][0]}
        self._first: dict[tuple[str, str], list[tuple[dict, dict]]] = {}  # (language, first-word form) -> entries
        self._written: dict[tuple[str, str], list[tuple[dict, dict]]] = {}  # (language, first word) -> entries
        for concept in self.termbase:
            for entry in concept["entries"]:
                if not entry.get("written"):  # (termbase_index._mark_written)
                    for form in entry["words"][0]:
                        self._first.setdefault((entry["language"], form), []).append((concept, entry))
                if any(entry.get("stops", ())):  # any term with stop words also matches as written
                    first = entry["stops"][0] or entry["surface"][0].lower()
                    self._written.setdefault((entry["language"], first), []).append((concept, entry))
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
        units = self._match_concepts(units, parsed, 1 if word_by_word else MAX_WORDS)
        if not units:
            parsed.notes.append("the query has no words to search for")
            return parsed
        clauses = [self._clause(unit, parsed.languages) for unit in units]
        empty = [c.text for c in clauses if not c.alternatives]
        if empty and len(empty) < len(clauses):  # words no provision has do not veto the others
            parsed.notes.append(f"in no provision, left out: {', '.join(empty)}")
            kept = [(u, c) for u, c in zip(units, clauses, strict=True) if c.alternatives]
            units, clauses = [u for u, _ in kept], [c for _, c in kept]
        parsed.plan = Plan(clauses, bonus=self._bonus(units))
        return parsed

    def _bonus(self, units: list[_Unit]) -> list[Alternative]:
        """Optional score: the unquoted query words standing together (as a phrase, in the text or the law's
        title). Never required, so they do not widen the matches."""
        bonus: list[Alternative] = []
        typed = [w for u in units if not u.quoted for w in u.words]
        if len(typed) < 2 or len(units) < 2:  # one unit: its own alternatives already hold the phrase
            return bonus
        for lang in self.languages:
            seq = [self.analyzers[lang].query_forms(w) for w in typed]
            present = [f[0] for f in seq if f]
            if len(present) >= 2 and all(self.index.has_term(lang, "text", term) for term in present):
                reason = Reason(" ".join(typed), term=" ".join(typed), language=lang, how="phrase")
                slop = 2 + len(seq) - len(present)
                bonus.append(Alternative(lang, "text", tuple(present), PHRASE_BONUS, slop=slop, reason=reason))
                bonus.append(Alternative(lang, "context", tuple(present), PHRASE_BONUS, slop=slop, reason=reason))
        return bonus

    # ------------------------------------------------------------------------------------------ steps
    def _segment(self, text: str, parsed: ParsedQuery) -> list[_Unit]:
        if text.count('"') % 2:
            text = text[::-1].replace('"', "", 1)[::-1]  # an unbalanced quote: drop the last one
        units: list[_Unit] = []
        total = 0
        for match in _SEGMENT.finditer(text):
            quoted, bare = match.group(1), match.group(2)
            every = [w.surface for w in words(quoted if quoted is not None else bare)]
            found = [w for w in every if not self._noise(w)]
            if not found:
                if quoted is None:  # English noise, kept only as part of a term written with it ("at once")
                    units.extend(_Unit([w], stop=True) for w in every)
                continue
            if total + len(found) > MAX_WORDS:
                parsed.notes.append(f"only the first {MAX_WORDS} words are searched")
                break
            total += len(found)
            if quoted is not None and len(found) > 1:
                units.append(_Unit(found, quoted=True))
            else:
                units.extend(_Unit([w], stop=self._noise(w)) for w in every)
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
        return guess([self.evidence(w) for w in query_words if not w.isdigit()])

    def _join_particle(self, units: list[_Unit], parsed: ParsedQuery) -> list[_Unit]:
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
                    return [*units[:i], _Unit([joined]), *units[i + 1:-1]]
        return units

    def _mark_stop_words(self, units: list[_Unit], languages: Guess) -> list[_Unit]:
        """Mark the stop words of the query's languages (`_match_concepts` reads them only inside a term written
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
                kept.append(_Unit([word], stop=True))
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

    def _correct(self, units: list[_Unit], parsed: ParsedQuery) -> list[_Unit]:
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

    def _match_concepts(self, units: list[_Unit], parsed: ParsedQuery, longest: int) -> list[_Unit]:
        """Find runs of query words that name a concept (longest runs first) and merge them into units; stop
        words are passed over, except in a term matched as written (its stop words included: 'face down', 'at
        once'), and left out where no term took them."""
        forms = {lang: [set() if u.stop else set(self.analyzers[lang].query_forms(w)) for u in units for w in u.words]
                 for lang in self.query_languages}
        flat = [(ui, w) for ui, u in enumerate(units) for w in u.words]
        stops = [units[ui].stop for ui, _ in flat]
        # the glossary serves words nothing else knows (it fills gaps, never competes): English words of an
        # English query, and (GLOSSARY_NATIVE) everyday words of the query's own languages that no provision has
        # ("titta": look, where the Laws write "se")
        own = {*("en",), *(parsed.languages.native if GLOSSARY_NATIVE else ())} \
            if "en" in parsed.languages.languages else set(parsed.languages.native if GLOSSARY_NATIVE else ())
        spans: dict[tuple[int, int], list[tuple[dict, dict]]] = {}
        written: set[tuple[int, int]] = set()  # spans that are a term as written, stop words included
        for lang, seq in forms.items():
            positions = [i for i, f in enumerate(seq) if f]
            for k, start in enumerate(positions):
                candidates = {id(e): (c, e) for form in seq[start] for c, e in self._first.get((lang, form), ())
                              if not c.get("glossary") or (lang in own and not self._known_in(lang, flat[start][1]))}
                for concept, entry in candidates.values():
                    size = len(entry["words"])
                    window = positions[k:k + size]
                    if size > longest or len(window) < size:
                        continue
                    if all(set(entry["words"][j]) & seq[window[j]]
                           and self._spelled_like(flat[window[j]][1], entry["surface"][j]) for j in range(size)):
                        spans.setdefault((window[0], window[-1] + 1), []).append((concept, entry))
            for start, (_, word) in enumerate(flat):  # terms as written, stop words included
                for concept, entry in self._written.get((lang, word.lower()), ()):
                    if concept.get("glossary") and lang not in own:
                        continue
                    end = start + len(entry["stops"])
                    if len(entry["words"]) <= longest and end <= len(flat) and _as_written(
                            entry, [w for _, w in flat[start:end]], seq[start:end], self._spelled_like):
                        spans.setdefault((start, end), []).append((concept, entry))
                        written.add((start, end))
        for span, pairs in spans.items():  # the glossary fills the termbase's gaps, never competes with a term
            terms = [(c, e) for c, e in pairs if not c.get("glossary")]
            spans[span] = terms or pairs
        taken: set[int] = set()
        chosen: list[tuple[int, int]] = []
        glossary = {span for span, pairs in spans.items() if all(c.get("glossary") for c, _ in pairs)}
        # a term as written (stop words included) is read whole before the words of it any term has alone
        for span in sorted(spans, key=lambda s: (s in glossary and s not in written, -(s[1] - s[0]), s[0])):
            covered = set(range(*span))
            units_in = {flat[i][0] for i in covered}
            quoted = [units[u] for u in units_in if units[u].quoted]
            if covered & taken or (quoted and (len(units_in) > 1 or len(covered) != len(quoted[0].words))):
                continue
            taken |= covered
            chosen.append(span)
        result: list[_Unit] = []
        i = 0
        by_start = {s[0]: s for s in chosen}
        while i < len(flat):
            if i in by_start:
                start, end = by_start[i]
                unit = _Unit([flat[j][1] for j in range(start, end) if (start, end) in written or not stops[j]],
                             quoted=units[flat[i][0]].quoted, concepts=_dedupe(spans[(start, end)]))
                result.append(unit)
                self._report(unit, parsed)
                i = end
                continue
            ui = flat[i][0]
            unit = units[ui]
            if unit.quoted:
                result.append(unit)
                i += len(unit.words)
            else:
                if not unit.stop:
                    result.append(_Unit([flat[i][1]]))
                i += 1
        return result

    def _spelled_like(self, word: str, term_word: str) -> bool:
        """`_resembles`, or the word is an English form of the term word that shares no beginning with it
        ('kept': keep, 'led': lead; termbase_index.english_lemmas)."""
        return _resembles(word, term_word) or self.analyzers["en"].query_lemmas.get(word.lower()) == term_word.lower()

    def _report(self, unit: _Unit, parsed: ParsedQuery) -> None:
        seen = set()
        for concept, entry in unit.concepts:
            if concept["id"] in seen or concept.get("glossary"):
                continue
            seen.add(concept["id"])
            terms: dict[str, list[str]] = {}
            for e in concept["entries"]:
                if (e["language"] != "en" and e["occurs"] and e["status"] != "deprecated"
                        and e["term"] not in terms.get(e["language"], [])):
                    terms.setdefault(e["language"], []).append(e["term"])
            parsed.concepts.append(ConceptMatch(" ".join(unit.words), concept["id"], concept["en"],
                                                entry["language"], entry["term"], terms, concept.get("note", "")))

    # ------------------------------------------------------------------------------------------ clauses
    def _clause(self, unit: _Unit, languages: Guess | None = None) -> Clause:
        languages = languages or Guess()
        text = " ".join(unit.words)
        native = languages.native
        clause = Clause(text)
        alternatives: dict[tuple, Alternative] = {}

        def add(alt: Alternative) -> None:
            if not all(self.index.has_term(alt.language, alt.field, term) for term in alt.terms):
                return  # no provision has the term (or one of the phrase's terms): leave it out of the query
            key = (alt.language, alt.field, alt.terms, alt.ordered)
            if key not in alternatives or alternatives[key].boost < alt.boost:
                alternatives[key] = alt

        how = "phrase" if len(unit.words) > 1 else "word"
        for lang in self.languages:
            analyzer = self.analyzers[lang]
            own = 1.0 if not native or lang in native else FOREIGN_BOOST
            seq = [analyzer.query_forms(w) for w in unit.words]
            present = [f for f in seq if f]
            if not present:
                continue
            reason = Reason(text, term=text, language=lang, how=how)
            if len(present) == 1:
                for form in present[0]:
                    add(Alternative(lang, "text", (form,), own, reason=reason))
                    if not unit.quoted:
                        add(Alternative(lang, "parts", (form,), own * PART_BOOST,
                                        reason=Reason(text, term=text, language=lang, how="compound")))
                if len(unit.words) == 1 and not any(self.index.has_term(lang, "text", f) for f in present[0]):
                    split = self._split_compound(analyzer, unit.words[0])
                    compound = Reason(text, term=text, language=lang, how="compound")
                    if split:
                        add(Alternative(lang, "text", split, own * COMPOUND_QUERY_BOOST, slop=2, reason=compound))
                        # the parts as separate words stand in any order ("revokestick": "the trick of the
                        # revoke", "stick ... revoken"): anywhere in the provision counts too, for less
                        add(Alternative(lang, "text", split, own * COMPOUND_QUERY_BOOST * SCATTERED_BOOST,
                                        ordered=False, reason=compound))
                    if not unit.quoted:
                        # a compound the corpus never writes whose parts it does not write together either
                        # ("revokestraff"): its corpus-word part alone answers it, for less
                        for part in split or self._half_split(analyzer, unit.words[0]):
                            add(Alternative(lang, "text", (part,), own * COMPOUND_QUERY_BOOST * PART_ALONE_BOOST,
                                            reason=compound))
            else:
                gaps = len(seq) - len(present)
                add(Alternative(lang, "text", tuple(f[0] for f in present), own, slop=1 + gaps, reason=reason))
        if "en" in languages.languages or not languages.languages:
            seq = [self.analyzers["en"].query_forms(w) for w in unit.words]
            present = [f[0] for f in seq if f]
            if present:
                add(Alternative("en", "context", tuple(present), TITLE_EN_BOOST, slop=1 + len(seq) - len(present),
                                reason=Reason(text, term=text, language="en", how="law title")))
        matched_languages = {entry["language"] for _, entry in unit.concepts}
        for concept, _ in unit.concepts:
            for entry in concept["entries"]:
                lang = entry["language"]
                if lang == "en" or not entry["occurs"] or not entry["words"]:
                    continue
                boost = STATUS_BOOST.get(entry["status"], 1.0) * (GLOSSARY_BOOST if concept.get("glossary") else 1.0)
                if native and lang not in native:
                    boost *= EXPANSION_BOOST  # a native query finds its own edition first, the counterparts after
                elif not native and not (lang in matched_languages or "en" in matched_languages):
                    boost *= EXPANSION_BOOST
                reason = Reason(text, concept["id"], entry["term"], lang, "termbase")
                if len(entry["words"]) == 1:
                    for form in entry["words"][0][:2]:
                        add(Alternative(lang, "text", (form,), boost, reason=reason))
                        add(Alternative(lang, "parts", (form,), boost * PART_BOOST, reason=reason))
                else:
                    terms = tuple(w[0] for w in entry["words"])
                    add(Alternative(lang, "text", terms, boost, slop=2 + entry.get("gaps", 0), reason=reason))
                    # word order varies (German verb-final clauses, "upplysningar ... är otillåtna"):
                    # the words anywhere in the provision count too, for less
                    add(Alternative(lang, "text", terms, boost * SCATTERED_BOOST, ordered=False, reason=reason))
        # a provision is read under its law's title: a word of the title answers the clause in every provision
        # of the law ("förtida motspelare": the Swedish Law 57 says "i förtid" only in its title)
        for alt in list(alternatives.values()):
            if alt.field == "text" and len(alt.terms) == 1:
                add(Alternative(alt.language, "context", alt.terms, alt.boost * CONTEXT_BOOST, reason=alt.reason))
        clause.alternatives = list(alternatives.values())
        return clause


def half_split_parts(analyzer: Analyzer, word: str, common) -> tuple[str, ...]:
    """The stem of the corpus-word side of a compound whose other side is a word of the language but not of
    the corpus (`common(side)`: a common word of the language, lexicon.py): "verzakingsregels" -> verzak;
    the longest corpus side first, () for no such split."""
    if not analyzer.compounds or len(word) < 2 * analyzer.min_part - 1:
        return ()
    best: tuple[int, str] | None = None
    for cut in range(analyzer.min_part, len(word) - analyzer.min_part + 1):
        head, rest = word[:cut], word[cut:]
        for link in analyzer.linking:
            tail = rest[len(link):] if rest.startswith(link) else ""
            if len(tail) < analyzer.min_part:
                continue
            for side, whole, other in ((head, analyzer.head_word(head), tail),
                                       (tail, tail if analyzer.known(tail) else None, head)):
                if whole and common(other) and (best is None or len(side) > best[0]):
                    best = (len(side), analyzer.stem(whole))
    return (best[1],) if best else ()


def _as_written(entry: dict, typed: list[str], forms: list[set[str]], resembles) -> bool:
    """True when the query words `typed` (with their normal forms) are the term as written: its stop words
    themselves, its other words by their forms (and `resembles`, QueryParser._spelled_like)."""
    content = iter(zip(entry["words"], entry["surface"], strict=True))
    for word, stop, found in zip(typed, entry["stops"], forms, strict=True):
        if stop:
            if word.lower() != stop:
                return False
            continue
        term_forms, surface = next(content)
        if not (set(term_forms) & found and resembles(word, surface)):
            return False
    return True


def _resembles(word: str, term_word: str) -> bool:
    """Same stem is not enough for a concept: the word must also share most of the term word's beginning
    ("feil" stems like "feilende", offender, but is another word)."""
    shared = 0
    for a, b in zip(word, term_word, strict=False):
        if a != b:
            break
        shared += 1
    return shared >= MIN_SHARED * len(term_word)


def _dedupe(pairs: list[tuple[dict, dict]]) -> list[tuple[dict, dict]]:
    seen, result = set(), []
    for concept, entry in pairs:
        key = (concept["id"], entry["language"], entry["variant"])
        if key not in seen:
            seen.add(key)
            result.append((concept, entry))
    return result


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
