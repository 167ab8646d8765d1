"""Punctuation a reviser catches: brackets and quotation marks without their partner, a full stop lost
between two sentences, a provision that stops without punctuation."""

from __future__ import annotations

import re
from collections import Counter

from ..yamlio import package_data
from .model import CheckContext, Finding, Place, finding_at
from .repetition import with_fix
from .spelling import frequencies

_OPENERS = {"(": ")", "[": "]"}
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def balance(place: Place) -> list[Finding]:
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
        # a label that starts the text or a sentence ('... uregelmessigheten. b) Når'), or that the next character
        # closes ('(se også C1d))'), closes nothing; one in brackets of its own ('(a)') closes them
        own = [i for i in labels if re.search(rf"{re.escape(opener)}\w{{1,4}}$", text[:i])]
        labels = [i for i in labels if i not in own and not re.search(r"(?:^|[.:;]\s)\S{1,4}$", text[:i])
                  and text[i + 1:i + 2] != closer]
        plain = sorted(plain + own)
        if len(plain) > len(opens):
            index = plain[-1]
            found.append(finding_at(place, "unbalanced", f"{closer!r} closes a bracket that was not opened",
                                  index, index + 1))
        elif len(opens) > len(plain) + len(labels):
            index = opens[-1] if _depth_at_end(text, opener, closer) else opens[0]
            found.append(finding_at(place, "unbalanced", f"{opener!r} opens a bracket that is not closed",
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
    return [finding_at(place, "unbalanced", f"quotation mark {char!r} without its partner", index, index + 1)]


_CAPITAL_AFTER_WORD = re.compile(r"(?<![\w.])([^\W\d_]{2,}) ([^\W\d_])([^\W\d_]+)")


def lost_stops(places: list[Place], data: dict) -> list[Finding]:
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
        found.append(with_fix(finding_at(place, "missing-punctuation", f"{previous!r} runs into {word!r} without "
                                        "a full stop", match.start(), match.end()),
                               f"{previous}. {word}"))
    return found


def unended(context: CheckContext, edition: str) -> list[Finding]:
    """A provision whose text stops without punctuation, in an edition that ends its provisions with it.

    Not when the text runs on into its sub-items or ends with a conjunction ('...; eller'), and not when its
    counterparts decide: `counterparts.py` compares its ending with theirs when they all end with a full stop, and
    a counterpart that stops without punctuation too says such a text may. Counterparts that all end with
    punctuation, not all with a full stop (list items: '.' here, ';' there), leave it to the edition's usage.
    """
    from .pairs import counterparts, pairing

    settings = package_data("check.yaml")["unended"]
    conjunctions = set(package_data("languages.yaml").get(context.corpus.language(edition), {}).get(
        "conjunctions", ()))
    texts = [(article, node) for article in context.articles(edition).values() for node in article.walk() if node.text]
    ended = sum(1 for _, node in texts if not node.text.rstrip()[-1].isalnum())
    if not texts or ended / len(texts) < float(settings["share"]):
        return []
    usage = f"{edition} elsewhere: {ended} of its {len(texts)} provisions end with punctuation"
    found = []
    for article, node in texts:
        text = node.text.rstrip()
        if not text[-1].isalpha() or node.children or text.split()[-1].lower() in conjunctions:
            continue
        pairs = counterparts(context, edition, node.id)
        ends = {f.end for p in pairs if (f := pairing(context).features.get(p.edition, p.node)) is not None}
        if pairs and (ends == {"."} or not ends or "" in ends):
            continue
        where = Place(edition, article.language, article.law, node.id, "text", node.text)
        found.append(with_fix(finding_at(where, "end-punctuation", "ends without punctuation, unlike the provisions "
                                         "of this edition", len(text) - 1, len(text), compared=usage),
                               "add the full stop"))
    # a footnote is a sentence of its own (no counterpart, no sub-items): it ends like the provisions do
    for article in context.articles(edition).values():
        for note in article.footnotes:
            text = note.text.rstrip()
            if text[-1:].isalpha() and text.split()[-1].lower() not in conjunctions:
                where = Place(edition, article.language, article.law, note.node or article.law, "footnote", note.text)
                found.append(with_fix(finding_at(where, "end-punctuation", "the footnote ends without punctuation, "
                                                 "unlike the provisions of this edition", len(text) - 1, len(text),
                                                 compared=usage), "add the full stop"))
    return found
