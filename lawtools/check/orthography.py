"""Orthography and extraction damage: repeated words, glued words and digits, doubled punctuation,
empty parentheses and lost symbols, letters foreign to the language, and rare near-miss spellings."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from ..refs import citation_data
from ..yamlio import package_data
from .model import CheckContext, Finding, Place, excerpt
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
            findings += _repeated_segments(place)
            findings += _glued(place)
            findings += _punctuation(place)
            findings += _balance(place)
            if "letters" in data:
                findings += _foreign(place, data["letters"])
        reported = {w.lower() for c in context.termbase.concepts for t in c.terms.get(language, ())
                    if t.status == "deprecated" for w in (t.term, *t.forms)}
        near = _near_misses(places, reported, data.get("letters", ""))
        findings += near
        flagged = {m.group(1).lower() for f in near if (m := re.match(r"'([^']+)'", f.message))}
        forms = {w.lower() for c in context.termbase.concepts for t in c.terms.get(language, ())
                 if t.status != "deprecated" for form in (t.term, *t.forms) for w in form.split()}
        english = {word: next((t.term for t in c.terms.get(language, ()) if t.status == "preferred"), "")
                   for c in context.termbase.concepts for word in c.en.lower().split()}
        if frequencies(language) is None:
            context.note(edition, f"no word list for language {language!r} (wordfreq): spelling is checked only "
                         "against the edition's own vocabulary")
        findings += misspellings(places, language, forms, reported | flagged, english)
        findings += _repeated_sentences(places)
        findings += _lost_stops(places, data)
        findings += _unended(context, edition)
        findings += _quote_styles(places)
        findings += _spelling_variants(places, data.get("same_word", {}))
        if data.get("old_spelling"):
            findings += _old_spelling(places, data["old_spelling"])
    return findings


def _finding(place: Place, code: str, message: str, start: int, end: int, severity: str = "warning") -> Finding:
    where = "" if place.field in ("text", "front") else f" (in the {place.field})"
    return Finding(place.edition, place.law, place.node, code, severity, message + where,
                   excerpt(place.text, start, end))


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


def _punctuation(place: Place) -> list[Finding]:
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
            found.append(_finding(place, "spelling-variant", f"{place.text[start:end]!r} (×{times}) is spelled "
                                  f"{_surface(first[usual])!r} elsewhere in this edition (×{count})", start, end))
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
            found.append(_finding(place, "old-spelling", f"{word!r} (×{counts[word.lower()]}) follows the old "
                                  f"spelling; this edition writes {' and '.join(map(repr, rule['modern']))} "
                                  f"(×{modern}): {new!r}", match.start(), match.end()))
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
                                  f"quotations with {usual!r} ({usual_count} of {total})", match.start(),
                                  match.end() + 12))
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
                                  f"{place.text[start:end]!r} occurs once; did you mean {shown!r} "
                                  f"({counts[near[0]]} times in this edition)?", start, end))
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


_TOKEN = re.compile(r"[^\W_]+")
_OPENERS = {"(": ")", "[": "]"}


def _repeated_segments(place: Place) -> list[Finding]:
    """A run of two to eight words written twice in a row ('om det är om det är')."""
    tokens = [(m.group(0).lower(), m.start(), m.end()) for m in _TOKEN.finditer(place.text)]
    words = [t for t, _, _ in tokens]
    found, reached = [], -1
    for i in range(len(tokens)):
        for n in range(8, 1, -1):
            if i + 2 * n > len(tokens) or tokens[i][1] < reached or words[i] != words[i + n]:
                continue
            if words[i:i + n] == words[i + n:i + 2 * n]:
                start, end = tokens[i][1], tokens[i + 2 * n - 1][2]
                phrase = place.text[tokens[i][1]:tokens[i + n - 1][2]]
                found.append(_finding(place, "repeated-segment", f"the words {phrase!r} are repeated", start, end))
                found[-1] = _with_fix(found[-1], f"delete the second {phrase!r}")
                reached = end
                break
    return found


def _with_fix(finding: Finding, fix: str) -> Finding:
    from dataclasses import replace

    return replace(finding, suggestion=fix)


def _balance(place: Place) -> list[Finding]:
    """Brackets and quotation marks that open without closing, or close without opening.

    A ')' after a list label or citation sub-item ('a)', '2)', '12C1b)') may close nothing, or close a
    bracket it ends ('(se 12C1b))', '(siehe § 45 C 4 b)'): such closers are counted only as far as needed.
    """
    found = []
    text = place.text
    for opener, closer in _OPENERS.items():
        opens = [i for i, c in enumerate(text) if c == opener]
        closes = [i for i, c in enumerate(text) if c == closer]
        labels = [i for i in closes if _is_label(text, i)]
        plain = [i for i in closes if i not in labels]
        if len(plain) > len(opens):
            index = plain[-1]
            found.append(_finding(place, "unbalanced", f"{closer!r} closes a bracket that was not opened",
                                  index, index + 1))
        elif len(opens) > len(plain) + len(labels):
            index = opens[-1] if _depth_at_end(text, opener, closer) else opens[0]
            found.append(_finding(place, "unbalanced", f"{opener!r} opens a bracket that is not closed",
                                  index, index + 1))
    found += _quote_balance(place)
    return found


def _depth_at_end(text: str, opener: str, closer: str) -> bool:
    depth = 0
    for char in text:
        depth += (char == opener) - (char == closer)
    return depth > 0


def _is_label(text: str, index: int) -> bool:
    """')' of a list label, sub-item citation or footnote mark: 'a)', '2)', '12C1b)', but not 'lag 45)'."""
    before = text[max(0, index - 4):index]
    if re.search(r"(?:^|[\s(\[])(?:[a-z]|[ivx]{1,4})$|\d[a-z]$", before):
        return True
    digits = re.search(r"(?:^|\s)\d{1,2}$", before)
    return bool(digits) and not _cited(text[:index - len(digits.group(0).strip())])


def _cited(before: str) -> bool:
    from ..numbers import number_data

    words = "|".join(re.escape(w) for w in number_data()["citation_words"])
    return bool(re.search(rf"(?:{words})\s*$", before.lower()))


_QUOTES = "\"„“”«»"


def _quote_balance(place: Place) -> list[Finding]:
    """An odd number of quotation marks: one opened and never closed, or closed and never opened."""
    text = place.text
    marks = [(i, c) for i, c in enumerate(text) if c in _QUOTES]
    if not marks:
        return []
    opening = sum(1 for c in text if c in "„«")
    closing = sum(1 for c in text if c in "»")
    symmetric = [(i, c) for i, c in marks if c not in "„«»"]
    # German „…“ and Swedish ”…” share marks: what matters is that every opening has its closing
    if (opening + len(symmetric) + closing) % 2 == 0 and opening <= len(symmetric) + closing:
        return []
    index, char = marks[-1] if len(marks) % 2 else marks[0]
    return [_finding(place, "unbalanced", f"quotation mark {char!r} without its partner", index, index + 1)]


_SENTENCE = re.compile(r"[^.!?;:]{30,}[.!?;:]")


def _repeated_sentences(places: list[Place]) -> list[Finding]:
    """The same sentence twice in one provision, or two provisions of a law with the same text (a copied item)."""
    found = []
    texts: dict[tuple[str, str], Place] = {}
    for place in places:
        if place.field not in ("text", "front"):
            continue
        seen: set[str] = set()
        for match in _SENTENCE.finditer(place.text):
            sentence = " ".join(match.group(0).split()).lower()
            if sentence in seen:
                found.append(_with_fix(_finding(place, "repeated-sentence", "this sentence stands earlier in this "
                                                "provision too", match.start(), match.end()), "delete one of the two"))
            seen.add(sentence)
        key = (place.law, " ".join(place.text.split()).lower())
        if len(key[1]) >= 30 and place.field == "text":
            if key in texts and texts[key].node != place.node:
                found.append(_with_fix(_finding(place, "duplicate-text", f"the text of {place.node} repeats "
                                                f"{texts[key].node} word for word", 0, min(len(place.text), 60)),
                                       f"delete {place.node} or restore its own text"))
            texts.setdefault(key, place)
    return found


_CAPITAL_AFTER_WORD = re.compile(r"(?<![\w.])([^\W\d_]{2,}) ([^\W\d_])([^\W\d_]+)")


def _lost_stops(places: list[Place], data: dict) -> list[Finding]:
    """A sentence that runs into the next without a full stop ('...till slutet Spelföraren får...').

    A capital after a lower-case word, where the capitalised word is a common word of the language that
    this edition also writes in lower case, and capitalised mid-sentence nowhere else. In a language that
    capitalises nouns only the commonest words (articles, pronouns, conjunctions) count.
    """
    if not places:
        return []
    table = frequencies(places[0].language)
    if table is None:
        return []
    from .spelling import zipf

    settings = package_data("check.yaml")["lost_stop"]
    threshold = float(settings["noun_languages" if data.get("capitalises_nouns") else "zipf"])
    hits = []
    capitalised: Counter = Counter()
    lower = Counter(m.group(0) for place in places for m in _WORD.finditer(place.text) if m.group(0).islower())
    for place in places:
        if place.field not in ("text", "footnote"):
            continue
        for match in _CAPITAL_AFTER_WORD.finditer(place.text):
            previous, first = match.group(1), match.group(2)
            word = first + match.group(3)
            if place.text[match.end():match.end() + 1] == "-" or word.lower() not in lower:
                continue  # 'Ein-Stich-Strafe'; 'Nord', 'Ansvariga': written capitalised throughout
            if not first.isupper() or word.isupper() or not previous[0].islower():
                continue
            capitalised[word] += 1
            hits.append((place, match, word, previous))
    found = []
    for place, match, word, previous in hits:
        usual = not data.get("capitalises_nouns") and lower[word.lower()] > 1  # the edition's own word
        common = zipf(table, word.lower()) >= threshold or usual
        if capitalised[word] > 1 or not common:
            continue
        found.append(_with_fix(_finding(place, "missing-punctuation", f"{previous!r} runs into {word!r} without "
                                        "a full stop", match.start(), match.end()),
                               f"{previous}. {word}"))
    return found


def _unended(context: CheckContext, edition: str) -> list[Finding]:
    """A provision whose text stops without punctuation, in an edition that ends its provisions with it.

    Not when the text runs on into its sub-items or ends with a conjunction ('...; eller'), and not when
    the provision has counterparts: `counterparts.py` then compares its ending with theirs.
    """
    from .pairs import counterparts

    settings = package_data("check.yaml")["unended"]
    conjunctions = set(package_data("languages.yaml").get(context.corpus.language(edition), {}).get(
        "conjunctions", ()))
    texts = [(article, node) for article in context.articles(edition).values() for node in article.walk() if node.text]
    ended = sum(1 for _, node in texts if not node.text.rstrip()[-1].isalnum())
    if not texts or ended / len(texts) < float(settings["share"]):
        return []
    found = []
    for article, node in texts:
        text = node.text.rstrip()
        if not text[-1].isalpha() or node.children or text.split()[-1].lower() in conjunctions:
            continue
        if counterparts(context, edition, node.id):
            continue
        where = Place(edition, article.language, article.law, node.id, "text", node.text)
        found.append(_with_fix(_finding(where, "end-punctuation", f"ends without punctuation, unlike {ended} of the "
                                        f"{len(texts)} provisions of this edition", len(text) - 1, len(text)),
                               "add the full stop"))
    return found
