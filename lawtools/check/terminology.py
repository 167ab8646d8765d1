"""Terminology checks against the termbase: deprecated terms, stray renderings of a concept (a variant or a
second preferred term used rarely beside the usual one), concepts aligned provisions do not share, and a term
replaced by a word the edition uses nowhere else (`synonyms.py`) or by another language's term (`loanwords.py`)."""

from __future__ import annotations

from collections import defaultdict

from ..concepts import salient
from ..yamlio import package_data
from . import loanwords, synonyms
from .features import has_terms, term_hits
from .model import CheckContext, Finding, excerpt
from .pairs import pairing


def _settings() -> dict:
    return package_data("check.yaml")["terminology"]


def check(context: CheckContext) -> list[Finding]:
    """Every terminology finding of the checked editions."""
    findings: list[Finding] = []
    _languages_without_editions(context)
    hits = {edition: term_hits(context, edition) for edition in context.editions}
    terms = {(c.id, t.term): t for c in context.termbase.concepts for ts in c.terms.values() for t in ts}
    for edition in context.editions:
        findings += _deprecated(edition, hits[edition], terms)
        findings += _renderings(edition, [(p, h) for p, h in hits[edition] if p.field != "front"])
        language = context.corpus.language(edition)
        if has_terms(context, language):  # a language without terms: no terms
            findings += _mismatches(context, edition)
    return findings + synonyms.check(context) + loanwords.check(context)


def _languages_without_editions(context: CheckContext) -> None:
    """A note for the termbase's languages no edition of the corpus is in: a typo ('sw' for 'sv') or an edition
    still to come; either way their terms check nothing."""
    having = {context.corpus.language(e) for e in context.all_editions}
    named = {code for c in context.termbase.concepts for code in c.terms}
    for code in sorted(named - having - {"en"}):
        context.note("terms.yaml", f"terms in {code!r}, a language no edition is in (a typo, or an edition still to "
                                   "come): they check nothing")


def _deprecated(edition: str, hits, terms: dict) -> list[Finding]:
    """Deprecated terms, once per provision and term."""
    found, seen = [], set()
    for place, hit in hits:
        if hit.status != "deprecated" or (place.node, hit.term) in seen:
            continue
        seen.add((place.node, hit.term))
        term = terms.get((hit.concept, hit.term))
        note = f" ({term.note})" if term is not None and term.note else ""
        found.append(Finding(edition, place.law, place.node, "term-deprecated", "warning",
                             f"{hit.text!r} is a deprecated term for {hit.concept}{note}",
                             excerpt(place.text, hit.start, hit.end)))
    return found


def _renderings(edition: str, hits) -> list[Finding]:
    """A concept rendered now and then by another term than its usual one (variant or second preferred)."""
    settings = _settings()
    by_concept: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for place, hit in hits:
        by_concept[hit.concept][hit.term].append((place, hit))
    found = []
    for concept, terms in by_concept.items():
        if len(terms) < 2:
            continue
        total = sum(len(o) for o in terms.values())
        ranked = sorted(terms.items(), key=lambda item: -len(item[1]))
        usual, usual_hits = ranked[0]
        for term, occurrences in ranked[1:]:
            place, hit = occurrences[0]
            rare = len(occurrences) <= settings["minority_count"] and len(occurrences) / total <= settings[
                "minority_share"]
            if not rare or hit.status == "deprecated" or _same_root(term, usual, settings["same_root"]):
                continue
            if hit.status == "preferred" and usual_hits[0][1].status != "preferred":
                continue  # the edition uses the preferred term; the usual one is an accepted variant (TL)
            where = ", ".join(dict.fromkeys(p.node for p, _ in occurrences))
            if hit.status == "variant":
                code, severity, what = "term-variant", "info", f"{term!r} is a variant term for {concept}"
            else:
                code, severity, what = "term-inconsistent", "warning", f"{concept} is translated in two ways"
            # one finding in each provision that has the stray rendering: each is a place to fix
            for place, hit in {(p.law, p.node): (p, h) for p, h in reversed(occurrences)}.values():
                found.append(Finding(edition, place.law, place.node, code, severity,
                                     f"{what}: {term!r} here, where this edition otherwise says {usual!r}",
                                     excerpt(place.text, hit.start, hit.end),
                                     compared=f"{edition} elsewhere: {term!r} ×{len(occurrences)} in {where}; "
                                              f"{usual!r} ×{len(usual_hits)}", suggestion=f"{term!r} → {usual!r}"))
    return found


def _same_root(a: str, b: str, share: float) -> bool:
    """Forms of one word (Ausspiel/ausspielen, Konzession/konzedieren), not two translations."""
    words_a, words_b = a.lower().split(), b.lower().split()
    while words_a and words_b and words_a[0] == words_b[0]:
        words_a, words_b = words_a[1:], words_b[1:]
    while words_a and words_b and words_a[-1] == words_b[-1]:
        words_a, words_b = words_a[:-1], words_b[:-1]
    a, b = "".join(words_a), "".join(words_b)  # the words that differ ('der Reihe' / 'Reihenfolge')
    if not a or not b:
        return False
    common = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        common += 1
    return common >= share * min(len(a), len(b))


def _mismatches(context: CheckContext, edition: str) -> list[Finding]:
    """Salient concepts that every counterpart of a provision names (`pairs.py`) and this provision lacks.

    Evidence that a counterpart speaks of a concept comes from preferred terms only: a variant such as
    German 'Tisch' (dummy's hand, but also just 'the table') is too loose to hold against a translation.
    A concept counts as present when the provision, an ancestor or a descendant names it (a translation
    may move a word).
    """
    pairs_of = pairing(context)
    features = pairs_of.features
    wanted = salient()
    found = []
    if not has_terms(context, context.corpus.language(edition)):
        return []
    for node_id, feature in features.by_edition(edition).items():
        pairs = [p for p in pairs_of.counterparts(edition, node_id)
                 if has_terms(context, context.corpus.language(p.edition))]
        if not pairs or not feature.text:
            continue
        theirs = [features.get(p.edition, p.node) for p in pairs]
        shared = set.intersection(*(f.preferred for f in theirs)) & wanted
        mine = features.around(edition, node_id, "concepts")
        missing = sorted(c for c in shared - mine if _term_of(context, edition, c)
                         and not _named_otherwise(context, edition, node_id, c)) if shared else []
        if not missing:
            continue
        if not any(p.same_year for p in pairs) and any(
                mine - features.around(p.edition, p.node, "concepts") for p in pairs):
            continue  # across years the wording changed: only a provision that otherwise names the same concepts
        having = ", ".join(p.edition for p in pairs)
        used = "; ".join(f"{c}: {theirs[0].terms.get(c, '?')!r} in {pairs[0].edition}" for c in missing)
        here = _term_of(context, edition, missing[0])
        found.append(Finding(edition, feature.law, node_id, "term-mismatch", "warning",
                             f"{node_id} in {having} speaks of {', '.join(missing)}; this edition's does not use "
                             "a termbase term for it", (feature.text or feature.title)[:120],
                             compared=f"{pairs[0].edition} {pairs[0].node}: {theirs[0].text[:100]} ({used})",
                             suggestion=f"use {here!r}" if here else ""))
    return found


def _named_otherwise(context: CheckContext, edition: str, node_id: str, concept: str) -> bool:
    """True when the provision (or one around it) has a word that starts like one of the concept's one-word terms
    in its language (all but the last letter), a form the termbase does not list ('revokert' of 'revoke')."""
    import re

    language = context.corpus.language(edition)
    roots = [t.term.lower()[:-1] for c in context.termbase.concepts if c.id == concept
             for t in c.terms_in(language) if " " not in t.term and len(t.term) >= 5]
    if not roots:
        return False
    features = pairing(context).features
    for feature in features.related(edition, node_id):
        for word in re.findall(r"[^\W\d_]+", f"{feature.title} {feature.text}".lower()):
            if any(word.startswith(root) for root in roots):
                return True
    return False


def _term_of(context: CheckContext, edition: str, concept: str) -> str:
    """The edition language's preferred term for a concept, or '' (then the termbase cannot tell whether the
    edition names it: it is not held against the edition)."""
    language = context.corpus.language(edition)
    for c in context.termbase.concepts:
        if c.id == concept:
            return next((t.term for t in c.terms_in(language) if t.status == "preferred"), "")
    return ""
