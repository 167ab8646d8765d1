"""Orthography and extraction damage: repeated words, glued words and digits, doubled punctuation,
empty parentheses and lost symbols, letters foreign to the language, and rare near-miss spellings; the run
over an edition also calls the spelling (`spelling.py`), repetition and punctuation checks."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from ..refs import citation_data
from ..yamlio import package_data
from . import ordinal_phrases, sequences
from .model import CheckContext, Finding, Place, finding_at
from .pairs import pairing
from .punctuation import balance, lost_stops, unended
from .repetition import repeated_segments, repeated_sentences
from .spelling import frequencies, misspellings

_REPEATED = re.compile(r"(?<![\w-])([^\W\d_]+)\s+\1(?![\w-])", re.IGNORECASE)
_GLUED = (
    (re.compile(r"(?<![\w§])\d+(?=[^\W\d_]{2,})"), "digits glued to the following word"),
    (re.compile(r"(?<=[^\W\d_]{2})\d+(?![\w])"), "digits glued to the preceding word"),
    (re.compile(r"\d\.(?=[^\W\d_]{2})"), "a number and its full stop glued to the following word"),
    (re.compile(r"\b[A-ZÆØÅÄÖ]{2,}(?=[a-zæøåäöü]{3,}\b)"), "an abbreviation glued to the following word"),
    (re.compile(r"\)(?=[^\W\d_]{2})"), "a closing parenthesis glued to the following word"),
)
_DOUBLED = re.compile(r"([,;:!?]\s*[.,;:!?]|\.\s*[,;:!?]|(?<![.…])\.\s?\.(?![.…\s]*\d))")
_ABBREVIATION = re.compile(r"(?:\b[^\W\d_]{1,3}\.)+$")
_EMPTY_PARENS = re.compile(r"\(\s*\)")
_LOST_SYMBOL = re.compile(r"\(\s+(?=\d)")
_STRAY_SPACE = re.compile(r"(?<=[^\s(])\s+[),;:](?!\))")
_OPENING_QUOTE = re.compile(r"(?:(?<=[\s(\[])|^)([\"“”„«‘’])(?=[^\W\d_])")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def _data() -> dict:
    return package_data("check.yaml")


def _stated_by_counterparts(context: CheckContext):
    """(place, ordinal) -> True when a counterpart of the place's provision states that ordinal too (another may
    word the phrase without one: nb-2007's 48B2 beside de-1997's 'erste' and sv-2007's 'första')."""
    pairs_of = pairing(context)

    def stated(place: Place, value: int) -> bool:
        theirs = pairs_of.counterparts(place.edition, place.node) if place.node != place.law else []
        return any(value in feature.ordinals for p in theirs if (feature := pairs_of.features.get(p.edition, p.node)))
    return stated


def check(context: CheckContext) -> list[Finding]:
    """Every orthography finding of the checked editions."""
    findings: list[Finding] = []
    for edition in context.editions:
        places = context.places(edition)
        language = context.corpus.language(edition)
        data = _data().get(language, {})
        if "letters" not in data:
            context.note(edition, f"no alphabet for language {language!r} in lawtools/data/check.yaml: "
                         "letters foreign to the language are not checked")
        for place in places:
            findings += _repeated(place, set(data.get("repeat_ok", [])))
            findings += repeated_segments(place)
            findings += _glued(place)
            findings += _punctuation(place, data.get("spaced_before", ""))
            findings += balance(place)
            if "letters" in data:
                findings += _foreign(place, data["letters"])
        reported = {w.lower() for c in context.termbase.concepts for t in c.terms_in(language)
                    if t.status == "deprecated" for w in (t.term, *t.forms)}
        findings += sequences.check_places(context, places)
        findings += ordinal_phrases.check_places(places, _stated_by_counterparts(context))
        near = _near_misses(places, reported, data.get("letters", ""))
        findings += near
        flagged = {m.group(1).lower() for f in near if (m := re.match(r"'([^']+)'", f.message))}
        forms = {w.lower() for c in context.termbase.concepts for t in c.terms_in(language)
                 if t.status != "deprecated" for form in (t.term, *t.forms) for w in form.split()}
        english = {word: next((t.term for t in c.terms_in(language) if t.status == "preferred"), "")
                   for c in context.termbase.concepts for word in c.en.lower().split()}
        if frequencies(language) is None:
            context.note(edition, f"no word list for language {language!r} (wordfreq): spelling is checked only "
                         "against the edition's own vocabulary")
        findings += misspellings(places, language, forms, reported | flagged, english)
        findings += repeated_sentences(places)
        findings += lost_stops(places, data)
        findings += unended(context, edition)
        findings += _quote_styles(places)
        findings += _spelling_variants(places, data.get("same_word", {}))
        if data.get("old_spelling"):
            findings += _old_spelling(places, data["old_spelling"])
    return findings


def _finding(place: Place, code: str, message: str, start: int, end: int, severity: str = "warning", *,
             compared: str = "", suggestion: str = "") -> Finding:
    return finding_at(place, code, message, start, end, severity, compared=compared, suggestion=suggestion)


def _repeated(place: Place, allowed: set[str]) -> list[Finding]:
    return [_finding(place, "repeated-word", f"the word {m.group(1)!r} is repeated", m.start(), m.end())
            for m in _REPEATED.finditer(place.text) if m.group(1).lower() not in allowed]


def _glued(place: Place) -> list[Finding]:
    found, spans = [], []
    keyword = _citation_keyword(place.language)
    for pattern, what in _GLUED:
        for match in pattern.finditer(place.text):
            start, end = _word_around(place.text, match.start(), match.end())
            if keyword and keyword.search(place.text[:start]):
                continue  # 'lagarna 70och': reported as a malformed citation
            if any(start < e and s < end for s, e in spans):
                continue
            spans.append((start, end))
            found.append(_finding(place, "glued-words", f"{what}: {place.text[start:end]!r}", start, end))
    return found


@cache
def _citation_keyword(language: str) -> re.Pattern | None:
    data = citation_data().get(language, {})
    return re.compile(rf"(?<!\w)(?:{data['keyword']})\s*$") if "keyword" in data else None


def _word_around(text: str, start: int, end: int) -> tuple[int, int]:
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    return start, end


def _punctuation(place: Place, spaced: str = "") -> list[Finding]:
    """Doubled punctuation, empty parentheses, a space before punctuation (but before the marks the language's
    typography spaces, `spaced`: French ': ; ! ?'), a space after '(' where a symbol was lost."""
    found = []
    for match in _DOUBLED.finditer(place.text):
        if _ABBREVIATION.search(place.text[: match.start() + 1]):
            continue  # 'z.B.,' 't.ex.,': an abbreviation's full stop
        found.append(_finding(place, "doubled-punctuation", f"doubled punctuation {match.group(0)!r}",
                              match.start(), match.end()))
    empty = list(_EMPTY_PARENS.finditer(place.text))
    if empty:
        count = f"{len(empty)} empty parentheses" if len(empty) > 1 else "empty parentheses"
        found.append(_finding(place, "empty-parentheses", f"{count}: symbols (suits or §) were lost",
                              empty[0].start(), empty[-1].end()))
    for match in _STRAY_SPACE.finditer(place.text):
        if match.group(0).strip() in spaced:
            continue
        found.append(_finding(place, "stray-space", f"a space before {match.group(0).strip()!r}",
                              match.start(), match.end()))
    for match in _LOST_SYMBOL.finditer(place.text):
        found.append(_finding(place, "lost-symbol", "a space after '(' before a number: a symbol (§) was lost",
                              match.start(), match.end() + 3))
    return found


def _spelling_variants(places: list[Place], same_word: dict[str, str]) -> list[Finding]:
    """One word spelled two ways in the edition, by the language's equivalences (German ß/ss: Anschluß, Anschluss)."""
    if not same_word:
        return []
    spellings: dict[str, Counter] = {}
    first: dict[str, tuple[Place, int, int]] = {}
    for place in places:
        for match in _WORD.finditer(place.text):
            word = match.group(0)
            key = word.lower()
            for old, new in same_word.items():
                key = key.replace(old, new)
            spellings.setdefault(key, Counter())[word.lower()] += 1
            first.setdefault(word.lower(), (place, match.start(), match.end()))
    found = []
    for forms in spellings.values():
        if len(forms) < 2:
            continue
        (usual, count), *others = forms.most_common()
        for form, times in others:
            place, start, end = first[form]
            word, other = place.text[start:end], _surface(first[usual])
            tally = f"{place.edition} elsewhere: {word!r} ×{times}, {other!r} ×{count}"
            found.append(_finding(place, "spelling-variant", f"{word!r} is spelled {other!r} elsewhere in this "
                                  "edition", start, end, compared=tally, suggestion=f"{word!r} → {other!r}"))
    return found


def _old_spelling(places: list[Place], rule: dict) -> list[Finding]:
    """Words spelled by rules the edition otherwise no longer follows (German 'umfaßt' beside 'dass')."""
    counts = Counter(m.group(0).lower() for place in places for m in _WORD.finditer(place.text))
    modern = sum(counts[w] for w in rule["modern"])
    if modern < 3:
        return []
    pattern = re.compile(rule["pattern"])
    found, seen = [], set()
    for place in places:
        for match in _WORD.finditer(place.text):
            word = match.group(0)
            if word.lower() in seen or not pattern.search(word):
                continue
            seen.add(word.lower())
            new = word
            for old, replacement in rule["replace"].items():
                new = new.replace(old, replacement)
            modern_words = " and ".join(map(repr, rule["modern"]))
            tally = f"{place.edition} elsewhere: {word!r} ×{counts[word.lower()]}, {modern_words} ×{modern}"
            found.append(_finding(place, "old-spelling", f"{word!r} follows the old spelling; this edition writes "
                                  f"{modern_words}: {new!r}", match.start(), match.end(), compared=tally,
                                  suggestion=f"{word!r} → {new!r}"))
    return found


def _quote_styles(places: list[Place]) -> list[Finding]:
    """Opening quotation marks unlike the edition's usual one (“lågt” among ”högt”, ”vinner”, ...)."""
    marks = [(place, m) for place in places for m in _OPENING_QUOTE.finditer(place.text)]
    counts = Counter(m.group(1) for _, m in marks)
    if len(counts) < 2:
        return []
    usual, usual_count = counts.most_common(1)[0]
    total = sum(counts.values())
    found = []
    for place, match in marks:
        char = match.group(1)
        if char != usual and counts[char] <= 3 and counts[char] / total <= 0.3:
            found.append(_finding(place, "quote-style", f"opening quotation mark {char!r}; this edition opens "
                                  f"quotations with {usual!r}", match.start(), match.end() + 12,
                                  compared=f"{place.edition} elsewhere: {usual!r} opens {usual_count} of {total} "
                                           "quotations"))
    return found


def _foreign(place: Place, letters: str) -> list[Finding]:
    allowed = set("abcdefghijklmnopqrstuvwxyz" + letters)
    found = []
    for index, char in enumerate(place.text):
        if char.isalpha() and char.lower() not in allowed:
            found.append(_finding(place, "foreign-character",
                                  f"{char!r} (U+{ord(char):04X}) is not a letter of this language", index, index + 1))
    return found


def _known_words(language: str):
    """A test for words the language's spaCy lookup table knows (the table the term matcher loaded already)."""
    from ..lemma_tables import lookup_table

    table = lookup_table(language)
    if table is None:
        return lambda word: False
    return lambda word: table.get(word) is not None or table.get(word.capitalize()) is not None


def _near_misses(places: list[Place], reported: set[str] = frozenset(), letters: str = "") -> list[Finding]:
    """Rare words one edit away from a frequent word of the same edition (not an inflection, not a known word)."""
    settings = _data()["vocabulary"]
    counts: Counter = Counter()
    first: dict[str, tuple[Place, int, int]] = {}
    for place in places:
        for match in _WORD.finditer(place.text):
            word = match.group(0).lower()
            counts[word] += 1
            first.setdefault(word, (place, match.start(), match.end()))
    minimum = int(settings["min_length"])
    known = _known_words(places[0].language) if places else (lambda word: False)
    frequent = [w for w, n in counts.items() if n >= int(settings["frequent"]) and len(w) >= minimum]
    found = []
    for word, count in counts.items():
        if count > int(settings["rare"]) or len(word) < minimum or known(word) or word in reported:
            continue  # known words, and misprints the termbase lists (reported as deprecated terms)
        if letters and any(c.isalpha() and c not in "abcdefghijklmnopqrstuvwxyz" + letters for c in word):
            continue  # reported as a foreign character
        matches = process.extract(word, frequent, scorer=Levenshtein.distance, score_cutoff=1, limit=3)
        near = [candidate for candidate, _, _ in matches if not _inflection_only(word, candidate)]
        if near:
            place, start, end = first[word]
            shown = _surface(first[near[0]])
            found.append(_finding(place, "near-miss-spelling",
                                  f"{place.text[start:end]!r} occurs once; did you mean {shown!r}?", start, end,
                                  compared=f"{place.edition} elsewhere: {shown!r} ×{counts[near[0]]}"))
    return found


def _surface(first: tuple[Place, int, int]) -> str:
    place, start, end = first
    return place.text[start:end]


def _inflection_only(rare: str, frequent: str) -> bool:
    """True when the edit is not a likely slip: an ending, a prefix (u-, un-), or two different letters.

    Slips of typing and extraction drop or add a letter inside a word (Stafkarten, Einwiligung,
    nietovertredende) or lose an accent (Reíhenfolge); a changed first letter or an added 'u-' makes
    another word (finner/vinner, lovlig/ulovlig), and so does swapping one consonant for another.
    """
    ops = Levenshtein.editops(rare, frequent)
    tail = min(len(rare), len(frequent)) - 2
    if all(op.src_pos >= tail and op.dest_pos >= tail for op in ops):
        return True
    for op in ops:
        if op.src_pos == 0 or op.dest_pos == 0:
            return True
        if op.tag == "replace" and _base(rare[op.src_pos]) != _base(frequent[op.dest_pos]):
            return True
    return False


def _base(char: str) -> str:
    return unicodedata.normalize("NFD", char)[0]
