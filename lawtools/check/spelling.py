"""Spelling against an offline word-frequency list (`wordfreq`, shipped on PyPI with its data).

A word is suspect when the language's list does not know it, the edition does not use it again, the
termbase does not list it and it is not a compound of two known words; it is reported when a known
word (or a termbase form, or a word the edition uses often) lies one edit away — a dropped, doubled,
swapped or mistyped letter. A word the language's list does not know but the English list knows well
is reported as possibly left untranslated. A language wordfreq has no list for gets no spelling check
(the run records a note saying so).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from ..yamlio import package_data
from .model import Finding, Place, excerpt

_WORD = re.compile(r"(?<![\w-])[^\W\d_]+(?![\w-])")


def _settings() -> dict:
    return package_data("check.yaml")["spelling"]


@cache
def frequencies(language: str) -> dict[str, float] | None:
    """The language's word frequencies (wordfreq's list), or None when there is none for it."""
    try:
        import wordfreq
    except ImportError:
        return None
    if language not in wordfreq.available_languages():
        return None
    table = wordfreq.get_frequency_dict(language)
    return table if len(table) >= int(_settings()["min_list"]) else None


def zipf(table: dict[str, float], word: str) -> float:
    """The word's Zipf frequency (log10 per billion words); 0 when the list does not have it."""
    value = table.get(word, 0.0)
    return math.log10(value * 1e9) if value else 0.0


def alphabet(language: str) -> str:
    """The letters of the language (a-z and the extra letters in check.yaml)."""
    return "abcdefghijklmnopqrstuvwxyz" + package_data("check.yaml").get(language, {}).get("letters", "")


def _edits(word: str, letters: str) -> set[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    swaps = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    replaces = {a + c + b[1:] for a, b in splits if b for c in letters}
    inserts = {a + c + b for a, b in splits for c in letters}
    return (deletes | swaps | replaces | inserts) - {word}


def _slip(word: str, candidate: str, endings: tuple[str, ...] = ()) -> bool:
    """True for a slip inside the word; False for another ending or a prefix (another form, another word)."""
    if _form(word, candidate, endings):
        return False  # Zwangsweises / Zwangsweise, doblede / dobler: another form of one word
    ops = Levenshtein.editops(word, candidate)
    return not any(op.src_pos == 0 or op.dest_pos == 0 for op in ops)  # ukorrigert / korrigert, Bavin / Gavin


def _form(word: str, candidate: str, endings: tuple[str, ...]) -> bool:
    """True when the two are one stem with two inflection endings (or one ending and none)."""
    options = ("", *endings)
    for ending in options:
        if ending and not word.endswith(ending):
            continue
        stem = word[:len(word) - len(ending)]
        if len(stem) >= 4 and candidate.startswith(stem) and candidate[len(stem):] in options:
            return True
    return False


def _compound(word: str, known) -> bool:
    """True when the word is two known words joined (with a linking s or e): straff+kort, Regel+verstoß."""
    for i in range(4, len(word) - 3):
        head, tail = word[:i], word[i:]
        if known(tail) and (known(head) or (head[-1] in "se" and known(head[:-1]))):
            return True
    return False


def misspellings(places: list[Place], language: str, termbase_forms: set[str], skip: set[str],
                 english_terms: dict[str, str] | None = None) -> list[Finding]:
    """Words the dictionary does not know that are one slip from a known word, and English words left in."""
    table = frequencies(language)
    if table is None or not places:
        return []
    settings = _settings()
    english = frequencies("en") if language != "en" else None
    letters = alphabet(language)
    facts = package_data("check.yaml").get(language, {})
    endings, negations = tuple(facts.get("endings", ())), tuple(facts.get("negations", ()))
    nouns_capitalised = bool(facts.get("capitalises_nouns"))
    counts: Counter = Counter()
    first: dict[str, tuple[Place, int, int]] = {}
    for place in places:
        if place.field == "front" and place.law in ("contents", "title", "colophon"):
            continue
        for match in _WORD.finditer(place.text):
            word = match.group(0).lower()
            counts[word] += 1
            first.setdefault(word, (place, match.start(), match.end()))
    common = float(settings["common"])
    often = {w for w, n in counts.items() if n >= int(settings["edition_often"])}

    def known(word: str) -> bool:
        return zipf(table, word) >= float(settings["known"]) or word in termbase_forms or word in often

    found = []
    for word, count in counts.items():
        place, start, end = first[word]
        surface = place.text[start:end]
        if surface[0].isupper() and not nouns_capitalised and _in_name(place.text, start, end):
            continue  # 'British Bridge League', 'International Match Point': a name
        if (count > int(settings["max_count"]) + 1 or len(word) < int(settings["min_length"]) or word in skip
                or surface.isupper() or any(c not in letters for c in word)):
            continue
        if word in termbase_forms:
            continue
        own = zipf(table, word)
        if count > int(settings["max_count"]) and not (word in (english_terms or {}) and own < 1):
            continue
        in_english = zipf(english, word) if english is not None else 0.0
        if english is not None and (word in (english_terms or {}) or in_english >= float(settings["english"])) \
                and in_english - own >= float(settings["english_margin"]):
            previous = found[-1] if found and found[-1].code == "untranslated" else None
            if previous is not None and previous.node == place.node and surface not in previous.message and \
                    f" {surface}" in place.text and previous.excerpt.rstrip("…").endswith(surface):
                continue  # 'Part Three': one finding for the run of English words
            found.append(_untranslated(place, start, end, surface, language, (english_terms or {}).get(word, "")))
            continue
        if own >= float(settings["rare_below"]):
            continue
        candidates = [w for w in _edits(word, letters) if (zipf(table, w) >= common or w in termbase_forms
                      or w in often) and _slip(word, w, endings)]
        strong = any(w in termbase_forms or w in often for w in candidates)  # Strafkarre: Strafkarte is a term
        if not strong and (_compound(word, known) or any(word.endswith(e) and known(word[:-len(e)])
                                                         for e in endings if len(word) - len(e) >= 4)):
            continue  # straff+kort; score+ne: a compound, or a known word with an ending
        if any(word.startswith(n) and zipf(table, word[len(n):]) >= common for n in negations
               if len(word) - len(n) >= 4):
            continue  # u+spilte (unplayed), even beside a term one letter away (utspilte): a negated common word
        if not candidates and len(word) >= int(settings["term_length"]):
            near = process.extractOne(word, termbase_forms, scorer=Levenshtein.distance, score_cutoff=2)
            candidates = [near[0]] if near and _slip(word, near[0], endings) else []
        if own >= float(settings["unknown_below"]):  # a rare word: only a far commoner neighbour makes it a slip
            candidates = [w for w in candidates if zipf(table, w) >= own + float(settings["rare_margin"])]
        if not candidates:
            continue
        best = max(candidates, key=lambda w: (w in termbase_forms, counts.get(w, 0), zipf(table, w)))
        shown = best.capitalize() if surface[0].isupper() else best
        found.append(Finding(place.edition, place.law, place.node, "near-miss-spelling", "warning",
                             f"{surface!r} is not a word of the {language} word list; did you mean {shown!r}?"
                             + ("" if place.field in ("text", "front") else f" (in the {place.field})"),
                             excerpt(place.text, start, end), suggestion=f"{surface} → {shown}"))
    return found


def _in_name(text: str, start: int, end: int) -> bool:
    """True when a capitalised neighbour makes the word part of a name or title."""
    before = re.search(r"([^\W\d_]+)\W{1,2}$", text[:start])
    after = re.match(r"\W{1,2}([^\W\d_]+)", text[end:])
    return any(m and m.group(1)[0].isupper() and not text[:start].rstrip().endswith((".", ":"))
               for m in (before, after))


def _untranslated(place: Place, start: int, end: int, surface: str, language: str, term: str) -> Finding:
    return Finding(place.edition, place.law, place.node, "untranslated", "warning",
                   f"{surface!r} is an English word, not one of the {language} word list: left untranslated?",
                   excerpt(place.text, start, end), suggestion=f"{surface} → {term} (termbase)" if term else "")
