"""Per-language text analysis for search: words, Snowball stems, stop words, inflection and compound parts.

The same analysis feeds the index (with spaCy lemmas added at index time only), the query parser, the
highlighter and the SQLite FTS5 baseline of the benchmark, so all of them agree on what a term is.

Invariants of `Analyzer.tokens`:
- positions count every word of the text, stop words included, so phrases keep their gaps;
- every token carries the character span of the word it came from, for highlighting;
- `text` tokens are the word's normal forms (its stem, and the stem of the corpus word it inflects:
  "straffkortet" -> "straffkort"), plus the lemma's stem when a lemmatizer is given;
- `parts` tokens are the stems of compound parts that are corpus words of their own
  ("hauptstrafkarte" -> "strafkart", "kart"; "straffkortsinnehavarens" -> "straffkort").
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache

from .tables import package_table

LANGUAGES = ("sv", "nb", "de", "nl")
QUERY_LANGUAGES = (*LANGUAGES, "en")
# A query compound the corpus never writes is read as at most this many corpus words ("Tisch-karten-bezeichnung");
# each part is at least a language's `min_part` letters, so a longer word rarely has more
MAX_COMPOUND_PARTS = 3

_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Word:
    """A word of a text: its lowercase form, position among all words, and character span."""

    surface: str
    pos: int
    start: int
    end: int


@dataclass(frozen=True)
class Token:
    """One indexed term: the field it goes to, the term, and the word it came from."""

    field: str  # "text" or "parts"
    term: str
    pos: int
    start: int
    end: int
    source: str = "stem"  # "stem", "inflection", "lemma" or "compound"


@cache
def language_settings() -> dict[str, dict]:
    """The per-language settings of lawtools/data/search.yaml."""
    return package_table("search.yaml")


def settings_for(language: str) -> dict:
    """The search.yaml settings of one language; a language with none gets a plain analysis (its Snowball
    stemmer when one exists, no inflection suffixes, no compound splitting)."""
    found = language_settings().get(language)
    return found if isinstance(found, dict) and language not in ("snowball_names", "pystemmer_names") else {}


def normalise(text: str) -> str:
    """NFC and lowercase, so that query and corpus words compare equal."""
    return unicodedata.normalize("NFC", text).lower()


def words(text: str) -> list[Word]:
    """The words of a text (letters and digits; hyphens and punctuation separate words)."""
    text = unicodedata.normalize("NFC", text)
    return [Word(m.group().lower(), i, m.start(), m.end()) for i, m in enumerate(_WORD.finditer(text))]


@dataclass
class Vocabulary:
    """The words of one language's corpus text with their counts, and the stems of those words."""

    counts: dict[str, int] = field(default_factory=dict)
    stems: frozenset[str] = frozenset()

    def __contains__(self, word: str) -> bool:
        return word in self.counts


class Analyzer:
    """Analysis for one language: stems, stop words, inflection normal forms and compound parts."""

    def __init__(self, language: str, vocabulary: Vocabulary | None = None,
                 lemmatize: Callable[[str], str | None] | None = None, compounds: bool | None = None,
                 query_lemmas: dict[str, str] | None = None):
        self.language = language
        settings = settings_for(language)
        self.suffixes = sorted(settings.get("suffixes", []), key=len, reverse=True)
        self.endings = [(str(old), str(new)) for old, new in settings.get("endings", [])]
        self.long_vowels = tuple(settings.get("long_vowels", []))
        self.particles = frozenset(settings.get("particles", []))
        self.linking = ["", *settings.get("linking", [])]
        self.elided = tuple(settings.get("elided", []))
        self.min_part = int(settings.get("min_part", 4))
        self.compounds = settings.get("compounds", False) if compounds is None else compounds
        from .stemmers import stemmer, stopwords

        self._stem = stemmer(language)
        self.stopwords = stopwords(language) - set(settings.get("keep", []))
        self.vocabulary = vocabulary or Vocabulary()
        self.lemmatize = lemmatize
        self.query_lemmas = query_lemmas or {}  # a query word's lemma where its stem is another ('dealt': deal)
        self._forms: dict[str, tuple[tuple[str, str], ...]] = {}
        self._parts: dict[str, tuple[str, ...]] = {}

    def stem(self, word: str) -> str:
        """The Snowball stem of a lowercase word."""
        return self._stem(word)

    def is_stopword(self, word: str) -> bool:
        """True for a stop word of the language (minus the Laws' own terms kept in search.yaml)."""
        return word in self.stopwords

    def known(self, word: str) -> bool:
        """True when the word, or a word it stems like, is in the corpus vocabulary (and not a stop word)."""
        if word in self.stopwords:
            return False
        return word in self.vocabulary.counts or word in self.vocabulary.stems

    def head_word(self, head: str) -> str | None:
        """The corpus word a compound's head stands for: the head itself, or the head with the final vowel the
        language drops before a tail ("spelförar-anspråk": spelförare, "Straf-karte": Strafe); None if neither."""
        if self.known(head):
            return head
        return next((head + vowel for vowel in self.elided if self.known(head + vowel)), None)

    def normal_forms(self, word: str) -> tuple[tuple[str, str], ...]:
        """(term, source) pairs for a word: its stem, and the stems of corpus words it inflects."""
        cached = self._forms.get(word)
        if cached is not None:
            return cached
        forms = {self.stem(word): "stem"}
        for suffix in self.suffixes:
            base = word[: -len(suffix)]
            if word.endswith(suffix) and len(base) >= self.min_part and base in self.vocabulary.counts:
                forms.setdefault(self.stem(base), "inflection")
        for old, new in self.endings:
            base = word[: -len(old)] if old else word
            if not word.endswith(old) or len(base) < self.min_part - 1:
                continue
            for candidate in self._bases(base):
                if candidate + new in self.vocabulary.counts:
                    forms.setdefault(self.stem(candidate + new), "inflection")
        result = tuple(forms.items())
        self._forms[word] = result
        return result

    def _bases(self, base: str) -> tuple[str, ...]:
        """The base, and the base with its long vowel written single where a syllable opens after it
        (Dutch "speel" + "en" -> "spelen")."""
        for vowel in self.long_vowels:
            at = len(base) - len(vowel) - 1
            if at > 0 and base[at:at + len(vowel)] == vowel and base[-1] not in "aeiouy":
                return base, base[:at] + vowel[0] + base[-1]
        return (base,)

    def compound_parts(self, word: str) -> tuple[str, ...]:
        """Stems of the heads and tails of a compound that are corpus words themselves."""
        cached = self._parts.get(word)
        if cached is not None:
            return cached
        parts: dict[str, None] = {}
        if self.compounds and len(word) >= 2 * self.min_part - 1:
            own = {term for term, _ in self.normal_forms(word)}
            for cut in range(3, len(word) - 2):
                head, rest = word[:cut], word[cut:]
                for link in self.linking:
                    if not rest.startswith(link):
                        continue
                    tail = rest[len(link):]
                    if len(tail) >= self.min_part and self.known(tail):
                        for term, _ in self.normal_forms(tail):
                            parts.setdefault(term)
                    tail_is_word = len(tail) >= self.min_part or (len(tail) >= 3 and self.known(tail))
                    whole = self.head_word(head) if len(head) >= self.min_part and tail_is_word else None
                    if whole:
                        parts.setdefault(self.stem(whole))
            for term in own:
                parts.pop(term, None)
        result = tuple(parts)
        self._parts[word] = result
        return result

    def split_compound(self, word: str, common: Callable[[str], bool] | None = None) -> tuple[str, ...] | None:
        """The stems of a compound's parts when each is a corpus word: two where two will do, the most even cut
        first ("revokestick" -> revok, stick), else up to MAX_COMPOUND_PARTS ("tischkartenbezeichnung" -> tisch,
        kart, bezeichn: the Laws write "Bezeichnung einer Karte des Tisches"); a part that is a `common` word of the
        language (lexicon.py) is read as that word, not split further ('utgavene' is 'editions', not 'utgav' + 'ene').
        None for a word that is no such compound."""
        return self._split(word, MAX_COMPOUND_PARTS, common or (lambda _: False))

    def _split(self, word: str, most: int, common: Callable[[str], bool]) -> tuple[str, ...] | None:
        if not self.compounds or len(word) < 2 * self.min_part - 1:
            return None
        best = None  # ((parts, -balance), stems): fewest parts first, then the most even cut
        for cut in range(self.min_part, len(word) - 2):
            head, rest = word[:cut], word[cut:]
            for link in self.linking:
                tail = rest[len(link):] if rest.startswith(link) else ""
                whole = self.head_word(head) if len(tail) >= 3 else None
                if not whole:
                    continue
                if self.known(tail):
                    found = (self.stem(whole), self.stem(tail))
                else:  # the tail a compound itself: three parts are found at the first cut, head and split tail
                    more = self._split(tail, most - 1, common) if most > 2 and not common(tail) else None
                    found = (self.stem(whole), *more) if more else None
                rank = (len(found), -min(len(head), len(tail))) if found else None
                if rank and (best is None or rank < best[0]):
                    best = (rank, found)
        return best[1] if best else None

    def tokens(self, text: str, with_lemmas: bool = False, with_parts: bool = True,
               parts_for: frozenset[str] | None = None, starts: frozenset[str] | None = None,
               skip: frozenset[int] = frozenset()) -> list[Token]:
        """The index tokens of a text (see the module docstring for what holds). For a highlighter, which
        needs only the words that carry given terms: `parts_for` (terms) splits only the words that contain
        one of them, and `starts` (two-letter beginnings of the terms; a stem begins like its word) skips the
        other words. `skip`: the offsets (in the NFC text) of words that are no words of the text's prose
        (a citation's: cited_words)."""
        tokens: list[Token] = []
        lemmatize = self.lemmatize if with_lemmas else None
        original = unicodedata.normalize("NFC", text)
        for word in words(text):
            if word.surface in self.stopwords or word.start in skip:
                continue
            if starts is not None and word.surface[:2] not in starts and not (
                    with_parts and parts_for and any(p in word.surface for p in parts_for)):
                continue
            forms = dict(self.normal_forms(word.surface))
            if lemmatize is not None:
                lemma = lemmatize(original[word.start:word.end])
                if lemma:
                    for term, _ in self.normal_forms(normalise(lemma)):
                        forms.setdefault(term, "lemma")
            for term, source in forms.items():
                tokens.append(Token("text", term, word.pos, word.start, word.end, source))
            if with_parts and (parts_for is None or any(p in word.surface for p in parts_for)):
                for term in self.compound_parts(word.surface):
                    if term not in forms:
                        tokens.append(Token("parts", term, word.pos, word.start, word.end, "compound"))
        return tokens

    def query_forms(self, word: str) -> list[str]:
        """The terms a query word should match in this language (its normal forms), stop words giving none."""
        word = normalise(word)
        if word in self.stopwords:
            return []
        found = [term for term, _ in self.normal_forms(word)]
        lemma = self.query_lemmas.get(word)
        return found + [term for term, _ in self.normal_forms(lemma) if term not in found] if lemma else found


def build_vocabulary(texts: Iterable[str], analyzer_stem: Callable[[str], str]) -> Vocabulary:
    """Count the words of a language's texts and stem them (run at index time)."""
    counts: dict[str, int] = {}
    for text, copies in Counter(texts).items():  # each distinct text read once (editions share texts)
        for match in _WORD.findall(unicodedata.normalize("NFC", text)):
            surface = match.lower()  # as words() gives them
            if not surface.isdigit():
                counts[surface] = counts.get(surface, 0) + copies
    stems = frozenset(analyzer_stem(w) for w in counts if len(w) >= 3)
    return Vocabulary(counts, stems)
