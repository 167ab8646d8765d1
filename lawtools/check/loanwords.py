"""Another language's term standing in for the edition's own: the monolingual test of a term replaced.

A translator who writes 'partner' once where the edition says 'makker' everywhere else, or 'opponentene'
for 'motstanderne', has let the word of another edition (or of the English Laws) slip in. No counterpart
is needed to see it, so this covers the provisions the concordance pairs with nothing (nb-2017's Laws
16-20): a word of the edition that is, up to an inflection ending of either language, a term of one of
the `synonyms.concepts` in another language of the termbase or one of its English names, used at most
`max_count` times in the edition, not itself a term of the edition's language, where the edition names
the concept with its own terms at least `min_usual` times. A rare word (Zipf below `cognate_zipf` in the
language's word list) that begins like such a term ('deklaranten' for 'declarer') counts too. Settings:
`loanwords` in check.yaml; endings: the orthography `endings` of check.yaml.
"""

from __future__ import annotations

import re
from collections import Counter

from ..yamlio import package_data
from .features import has_terms, term_hits
from .model import CheckContext, Finding, excerpt
from .spelling import frequencies, zipf

_WORD = re.compile(r"[^\W\d_]+")


def _settings() -> dict:
    return package_data("check.yaml")["loanwords"]


def _endings(language: str) -> list[str]:
    return sorted(package_data("check.yaml").get(language, {}).get("endings", ()), key=len, reverse=True)


def _bare(word: str, language: str, least: int) -> set[str]:
    """The word and the word without each of the language's inflection endings (keeping `least` letters)."""
    return {word} | {word[:-len(e)] for e in _endings(language) if word.endswith(e) and len(word) - len(e) >= least}


def _foreign(context: CheckContext, language: str, least: int) -> dict[str, tuple[str, tuple[str, ...], str]]:
    """bare form -> (concept, the languages whose term it is, the term), for the weighed concepts' terms in other
    languages."""
    key = ("loanwords-foreign", language)
    if key in context._cache:
        return context._cache[key]
    concepts = set(package_data("check.yaml")["synonyms"]["concepts"])
    own = {form.lower() for c in context.termbase.concepts for t in c.terms_in(language) for form in t.variants}
    found: dict[str, tuple[str, set[str]]] = {}
    for concept in context.termbase.concepts:
        if concept.id not in concepts:
            continue
        names = [(t.language, form) for lang, terms in concept.terms.items() if lang != language
                 for t in terms if t.status != "deprecated" for form in t.variants]
        names += [("en", name) for name in concept.english if name]
        for lang, name in names:
            name = name.lower()
            if " " in name or len(name) < least or name in own:
                continue
            for bare in _bare(name, lang, least):
                if bare not in own:
                    found.setdefault(bare, (concept.id, set(), name))[1].add(lang)
    result = {k: (c, tuple(sorted(langs)), name) for k, (c, langs, name) in found.items()}
    context._cache[key] = result
    return result


def _spelt(word: str) -> str:
    """The word with the spellings that differ between the corpus languages made alike (c/k: declarer, deklarant)."""
    return word.replace("ck", "k").replace("c", "k")


def _cognate(word: str, foreign: dict[str, tuple[str, tuple[str, ...], str]], share: float):
    """The concept of a foreign name the word begins like: a common prefix of at least 5 letters and `share` of the
    name (the same word with another ending: 'deklaranten' / 'declarer')."""
    spelt = _spelt(word)
    for name, concept in foreign.items():
        other = _spelt(name)
        common = next((i for i, (a, b) in enumerate(zip(spelt, other, strict=False)) if a != b),
                      min(len(spelt), len(other)))
        if common >= max(5, share * len(other)):
            return concept
    return None


def check(context: CheckContext) -> list[Finding]:
    """Every word of another language's term for a concept the edition names otherwise."""
    settings = _settings()
    least, most, usual_least = int(settings["min_length"]), int(settings["max_count"]), int(settings["min_usual"])
    rare, share = float(settings["cognate_zipf"]), float(settings["cognate_share"])
    findings = []
    for edition in context.editions:
        language = context.corpus.language(edition)
        if not has_terms(context, language):
            continue
        table = frequencies(language)
        own = [f.lower() for c in context.termbase.concepts for t in c.terms_in(language) for f in t.variants
               if len(f) >= least and " " not in f]
        foreign = _foreign(context, language, least)
        hits = term_hits(context, edition, nested=True)
        named = Counter(h.concept for _, h in hits)
        usual: dict[str, Counter] = {}
        for _, hit in hits:
            usual.setdefault(hit.concept, Counter())[hit.text.lower()] += 1
        spans: dict[tuple[str, str, str], list[tuple[int, int]]] = {}
        for place, hit in hits:
            spans.setdefault((place.node, place.field, place.text), []).append((hit.start, hit.end))
        places = context.places(edition)
        counts = Counter(m.group(0).lower() for p in places for m in _WORD.finditer(p.text))
        stops = {w.lower() for key in ("snowball", "extra")
                 for w in package_data("stopwords.yaml")["languages"].get(language, {}).get(key, ())}
        seen = set()
        for place in places:
            for match in _WORD.finditer(place.text):
                word = match.group(0).lower()
                if len(word) < least or counts[word] > most or word in stops:
                    continue
                concept = next(((*foreign[b][:2], "") for b in _bare(word, language, least) if b in foreign), None)
                if concept is None and table is not None and zipf(table, word) < rare and \
                        not any(word.startswith(t) for t in own):  # 'revokekortet': a compound of its own term
                    concept = _cognate(word, foreign, share)
                if concept is None or named[concept[0]] < usual_least or (place.node, word) in seen:
                    continue
                if any(s < match.end() and match.start() < e for s, e in
                       spans.get((place.node, place.field, place.text), ())):
                    continue  # part of a term of the edition's own language
                seen.add((place.node, word))
                term, times = usual[concept[0]].most_common(1)[0]
                findings.append(Finding(
                    edition, place.law, place.node, "term-replaced", "warning",
                    f"{match.group(0)!r} {'is' if not concept[2] else f'looks like {concept[2]!r},'} the "
                    f"{', '.join(concept[1])} term for {concept[0]}, which this edition "
                    f"calls {term!r}: another language's word slipped in?",
                    excerpt(place.text, match.start(), match.end()), compared=f"{edition} elsewhere: {term!r} ×{times}",
                    suggestion=f"{match.group(0)} → {term}"))
    return findings
