"""A termbase term replaced by another word in one place: counted concepts against the counterparts.

A reviser who reads "the declarer ... the declarer ... the declarant" against a counterpart that says
"declarer" three times sees that the third one is a synonym slipped in. The check counts, per provision,
how often each termbase concept is named (`features.term_hits`) here and in every counterpart
(`pairs.py`, through the concordance); where every counterpart names a concept more often than this
provision, and this provision has, where a counterpart names the concept, a word the edition uses
nowhere else (a stranger to its vocabulary), that word is reported as a possible synonym of the
edition's usual term. Across years the wording of the Laws changed, so a deficit there counts only when
two counterparts agree. Settings: `synonyms` in check.yaml; per-language words: the termbase.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from ..concepts import salient, with_implied
from ..numbers import number_data
from ..yamlio import package_data
from .features import Feature, has_terms, term_hits
from .model import CheckContext, Finding, excerpt
from .pairs import Pair, pairing
from .spelling import frequencies, zipf

_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def _settings() -> dict:
    return package_data("check.yaml")["synonyms"]


def check(context: CheckContext) -> list[Finding]:
    """Every possible synonym of a termbase term in the checked editions."""
    pairs_of = pairing(context)
    features = pairs_of.features
    findings: list[Finding] = []
    for edition in context.editions:
        if not has_terms(context, context.corpus.language(edition)):
            continue
        counts = _counts(context, edition)
        vocabulary = _vocabulary(context, edition)
        usual = _usual_terms(context, edition)
        for node_id, feature in features.by_edition(edition).items():
            if not feature.text:
                continue
            phrase = _english_phrase(context, feature, counts.get(node_id, {}))
            if phrase is not None:
                findings.append(phrase)
                continue
            if feature.unfinished:
                continue
            pairs = [p for p in pairs_of.counterparts(edition, node_id)
                     if has_terms(context, context.corpus.language(p.edition))
                     and (other := features.get(p.edition, p.node)) is not None and other.text
                     and not other.unfinished]
            if not pairs:
                continue
            found = _replaced(context, feature, pairs, counts, vocabulary, usual)
            if found:
                findings.append(found)
    return findings



def _english_names(context: CheckContext) -> dict[str, re.Pattern]:
    """concept -> a pattern of its English label and aliases (the Laws' own words), plural allowed."""
    key = "english-names"
    if key not in context._cache:
        context._cache[key] = {c.id: re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in c.english if n)
                                                + r")s?(?![\w-])", re.IGNORECASE)
                               for c in context.termbase.concepts if any(c.english)}
    return context._cache[key]


def _english(context: CheckContext, feature: Feature, concept: str, spans: list[tuple[int, int]]) -> re.Match | None:
    """The concept's English name standing in the text outside the edition's own terms, when the language's
    word list does not know it better than English does (so 'Dummy', a German term, is no English here)."""
    pattern = _english_names(context).get(concept)
    if pattern is None:
        return None
    language = context.corpus.language(feature.edition)
    table, english = frequencies(language), frequencies("en")
    for match in pattern.finditer(feature.text):
        words = match.group(0).split()
        if any(s < match.end() and match.start() < e for s, e in spans):
            continue
        if table is not None and english is not None and len(words) == 1:
            word = words[0].lower()
            if zipf(table, word) < float(package_data("check.yaml")["spelling"]["unknown_below"]):
                continue  # unknown to the language: the spelling check reports it as untranslated
        return match
    return None


def _phrases(context: CheckContext) -> tuple[re.Pattern | None, dict[str, str]]:
    """One pattern of every concept's English names of two or more words, and each name's concept."""
    key = "english-phrases"
    if key not in context._cache:
        names = {n.lower(): c.id for c in context.termbase.concepts for n in c.english if n and len(n.split()) > 1}
        pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
                             + r")s?(?![\w-])", re.IGNORECASE) if names else None
        context._cache[key] = (pattern, names)
    return context._cache[key]


def _english_phrase(context: CheckContext, feature: Feature, mine: dict[str, list]) -> Finding | None:
    """A concept's English name of two or more words ('penalty card', 'line of play') in running text."""
    pattern, names = _phrases(context)
    if pattern is None:
        return None
    spans = [s for found in mine.values() for s in found]
    forms = _forms(context, feature.edition)
    for match in pattern.finditer(feature.text):
        concept = names.get(match.group(0).lower()) or names.get(match.group(0).lower()[:-1])
        if concept in forms and not any(s < match.end() and match.start() < e for s, e in spans):
            return _left_in_english(feature, match, concept, forms[concept].most_common(1)[0][0], "")
    return None


def _left_in_english(feature: Feature, match: re.Match, concept: str, term: str, why: str) -> Finding:
    return Finding(feature.edition, feature.law, feature.node, "untranslated", "warning",
                   f"{match.group(0)!r} is the English term for {concept}, which this edition calls {term!r}"
                   f"{why}: left untranslated?", excerpt(feature.text, match.start(), match.end()),
                   suggestion=f"{match.group(0)} → {term} (termbase)")


def _counts(context: CheckContext, edition: str) -> dict[str, dict[str, list[tuple[int, int]]]]:
    """node -> concept -> the spans of the provision's text where a term of the concept stands."""
    key = ("concept-spans", edition)
    if key not in context._cache:
        found: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
        for place, hit in term_hits(context, edition, nested=True):  # 'stikk' in 'irregulært stikk' names trick too
            if place.field == "text":
                found[place.node][hit.concept].append((hit.start, hit.end))
        context._cache[key] = found
    return context._cache[key]


def _vocabulary(context: CheckContext, edition: str) -> Counter:
    """How often each (lower-cased) word stands in the edition's law text and front matter."""
    key = ("vocabulary", edition)
    if key not in context._cache:
        context._cache[key] = Counter(m.group(0).lower() for p in context.places(edition)
                                      for m in _WORD.finditer(p.text))
    return context._cache[key]


def _usual_terms(context: CheckContext, edition: str) -> dict[str, str]:
    """concept -> the wording this edition uses most for it."""
    return {c: words.most_common(1)[0][0] for c, words in _forms(context, edition).items()}


def _forms(context: CheckContext, edition: str) -> dict[str, Counter]:
    """concept -> how often the edition writes each form of its terms."""
    key = ("term-forms", edition)
    if key not in context._cache:
        seen: dict[str, Counter] = defaultdict(Counter)
        for _, hit in term_hits(context, edition):
            seen[hit.concept][hit.text] += 1
        context._cache[key] = seen
    return context._cache[key]


def _like_a_term(context: CheckContext, edition: str, word: str, concept: str) -> bool:
    """True when the word could stand in a term's place: inflected like one of the edition's forms of it (the
    same last `ending` letters: definite, plural, case), and capitalised in a language that capitalises nouns."""
    settings = _settings()
    if package_data("check.yaml").get(context.corpus.language(edition), {}).get("capitalises_nouns") \
            and not word[:1].isupper():
        return False
    size = int(settings["ending"])
    endings = {form.split()[-1].lower()[-size:] for form in _forms(context, edition).get(concept, ())}
    return word.lower()[-size:] in endings


def _known_stems(context: CheckContext, edition: str) -> tuple[dict[str, set[str]], list[str]]:
    """Every prefix (of `stem` letters or more) of the edition's words, with the words that have it; the words."""
    key = ("stems", edition)
    if key not in context._cache:
        least = int(_settings()["stem"])
        prefixes: dict[str, set[str]] = defaultdict(set)
        words = list(_vocabulary(context, edition))
        for word in words:
            for k in range(least, len(word) + 1):
                prefixes[word[:k]].add(word)
        context._cache[key] = (prefixes, words)
    return context._cache[key]


def _inflected(context: CheckContext, edition: str, word: str) -> bool:
    """True when the edition has another form of the word (a shared stem) or a compound ending in it."""
    settings = _settings()
    prefixes, words = _known_stems(context, edition)
    need = max(int(settings["stem"]), round(float(settings["stem_share"]) * len(word)))
    if any(prefixes.get(word[:k], set()) - {word} for k in range(need, len(word) + 1)):
        return True
    return len(word) >= int(settings["stem"]) and any(w != word and w.endswith(word) for w in words)


def _strangers(context: CheckContext, feature: Feature, vocabulary: Counter, spans: list[tuple[int, int]],
               compared: list[Feature]) -> list[re.Match]:
    """Words of the provision the edition uses nowhere else, in no other form: not a term, a number word or a
    counterpart's word."""
    settings = _settings()
    words = number_data().get(context.corpus.language(feature.edition), {})
    numbers = set(words.get("cardinals", {})) | set(words.get("ordinals", {}))
    theirs = {m.group(0).lower() for f in compared for m in _WORD.finditer(f.text)}
    table = frequencies(context.corpus.language(feature.edition))
    here = Counter(m.group(0).lower() for m in _WORD.finditer(feature.text))
    auxiliaries = set(package_data("check.yaml").get(context.corpus.language(feature.edition), {})
                      .get("auxiliaries", ()))
    found = []
    for match in _WORD.finditer(feature.text):
        word = match.group(0).lower()
        if len(word) < int(settings["min_length"]) or word in numbers or word in theirs:
            continue
        if vocabulary[word] > here[word] or here[word] > int(settings["max_count"]):
            continue  # the edition uses the word elsewhere too: its own vocabulary
        if any(s <= match.start() < e for s, e in spans) or _inflected(context, feature.edition, word):
            continue
        if table is not None and zipf(table, word) >= float(settings["max_zipf"]):
            continue  # a word of every text (a conjunction, a pronoun), not a term's stand-in
        before = _WORD.findall(feature.text[max(0, match.start() - 40):match.start()])
        if before and before[-1].lower() in auxiliaries:
            continue  # after an auxiliary verb ('må ha forekommet'): a verb form, not a noun standing for a term
        found.append(match)
    return found


def _replaced(context: CheckContext, feature: Feature, pairs: list[Pair], counts, vocabulary: Counter,
              usual: dict[str, str]) -> Finding | None:
    settings = _settings()
    features = pairing(context).features
    mine = counts.get(feature.node, {})
    theirs = [(p, features.get(p.edition, p.node)) for p in pairs]
    their_counts = [_counts(context, p.edition).get(p.node, {}) for p in pairs]
    same_year = any(p.same_year for p in pairs)
    # across years the wording changed: a stranger word counts where two counterparts agree (an English
    # term in the place of the edition's own is evidence enough with one)
    strangers_count = same_year or len(pairs) >= int(settings["cross_year_counterparts"])
    spans = [s for found in mine.values() for s in found]
    window = float(settings["window"])
    for concept in sorted({c for found in their_counts for c in found} & set(settings["concepts"])):
        if concept not in usual:
            continue  # the edition never names the concept with a termbase term: nothing to compare
        have = len(mine.get(concept, ()))
        if not all(len(found.get(concept, ())) > have for found in their_counts):
            continue
        english = _english(context, feature, concept, spans)
        if english is not None:
            return _left_in_english(feature, english, concept, usual[concept],
                                    f"; {', '.join(p.edition for p in pairs)} name {concept} here")
        if not strangers_count:
            continue
        # where the counterparts name the concept, relative to their length
        where = [s / max(1, f.length) for (_, f), found in zip(theirs, their_counts, strict=True)
                 for s, _ in found.get(concept, ())]
        here = [s / max(1, feature.length) for s, _ in mine.get(concept, ())]
        strangers = [m for m in _strangers(context, feature, vocabulary, spans, [f for _, f in theirs])
                     if _like_a_term(context, feature.edition, m.group(0), concept)
                     and any(abs(m.start() / feature.length - w) <= window for w in where)
                     and not any(abs(m.start() / feature.length - h) <= window / 3 for h in here)]
        if not strangers:
            other_term = _other_concept(context, feature, concept, mine, theirs, where)
            if other_term is not None:
                return other_term
            continue
        word = _nearest(strangers, feature, where)
        term = usual[concept]
        if word.group(0)[:1].islower() and term[:1].isupper() and term[1:2].islower():
            term = term[:1].lower() + term[1:]  # 'Spelföraren' at the start of a sentence, 'spelföraren' within
        named = ", ".join(f"{p.edition} ×{len(found.get(concept, ()))}" for p, found in zip(pairs, their_counts,
                                                                                         strict=True))
        other = theirs[0][1]
        at = their_counts[0][concept][0]
        return Finding(feature.edition, feature.law, feature.node, "term-replaced",
                       "warning" if same_year else "info",
                       f"{word.group(0)!r} stands where the counterparts name {concept} ({named}; here "
                       f"×{have}), and this edition uses the word nowhere else: a synonym of "
                       f"{term!r}?", excerpt(feature.text, word.start(), word.end()),
                       compared=f"{other.edition} {other.node}: {excerpt(other.text, *at)}",
                       suggestion=f"{word.group(0)!r} → {term!r}")
    return None


def _nearest(strangers: list[re.Match], feature: Feature, where: list[float]) -> re.Match:
    """The stranger word standing nearest to where a counterpart names the concept (not merely the first one:
    in nb-2007 67B the first stranger, 'forekommet', stood far from the counterparts' 'trick')."""
    return min(strangers, key=lambda m: min(abs(m.start() / max(1, feature.length) - w) for w in where))


def _other_concept(context: CheckContext, feature: Feature, concept: str, mine: dict[str, list],
                   theirs: list[tuple[Pair, Feature]], where: list[float]) -> Finding | None:
    """Another concept's term standing where every counterpart names `concept`, a concept none of them names
    anywhere around the provision ('zu dem Runde' where the others say 'the trick'): a wrong term, not a
    synonym. Only where this provision never names `concept` and names the other once, in one word, near where
    the counterparts name `concept` (a deliberate second concept recurs, or stands elsewhere)."""
    features = pairing(context).features
    if mine.get(concept) or (concept in salient() and concept not in features.around(feature.edition, feature.node,
                                                                                     "concepts")):
        return None  # named here after all, or missing all around: the terminology family's term-mismatch
    window = float(_settings()["window"])
    named = set().union(*(features.around(f.edition, f.node, "concepts") for _, f in theirs))
    for other, spans in sorted(mine.items()):
        if other == concept or other in named or len(spans) != 1 or concept in with_implied([other]) \
                or other in with_implied([concept]):
            continue
        start, end = spans[0]
        word = feature.text[start:end]
        if len(word.split()) > 1 or not any(abs(start / max(1, feature.length) - w) <= window / 2 for w in where):
            continue
        term = _usual_terms(context, feature.edition).get(concept, concept)
        compared = theirs[0][1]
        at = _counts(context, compared.edition).get(compared.node, {}).get(concept, [(0, 0)])[0]
        who = ", ".join(p.edition for p, _ in theirs)
        return Finding(feature.edition, feature.law, feature.node, "term-replaced",
                       "warning" if any(p.same_year for p, _ in theirs) else "info",
                       f"{word!r} ({other}) stands where {who} name {concept}, and none of them names {other}: "
                       f"{term!r} meant?", excerpt(feature.text, start, end),
                       compared=f"{compared.edition} {compared.node}: {excerpt(compared.text, *at)}",
                       suggestion=f"{word!r} → {term!r}")
    return None
