"""Terminology checks against the termbase: deprecated and variant terms, one concept translated several
ways in one edition, and concepts that aligned provisions of other editions use but this one lacks."""

from __future__ import annotations

from collections import defaultdict

from ..citation import Citation
from .model import CheckContext, Finding, Place, excerpt

# Concepts whose absence from an aligned provision is worth a translator's look: the roles and objects
# a provision is about. Generic words (side, partner, trick) vary too freely between translations.
SALIENT = ("declarer", "dummy", "defender", "director", "penalty-card", "major-penalty-card",
           "minor-penalty-card", "revoke", "trump", "twelfth-trick", "claim", "concession", "opening-lead",
           "adjusted-score", "unauthorized-information", "procedural-penalty")


def check(context: CheckContext) -> list[Finding]:
    """Every terminology finding of the checked editions."""
    findings: list[Finding] = []
    hits = {edition: _hits(context, edition) for edition in context.all_editions}
    terms = {(c.id, t.term): t for c in context.termbase.concepts for ts in c.terms.values() for t in ts}
    for edition in context.editions:
        findings += _status(edition, hits[edition], terms)
        findings += _inconsistent(edition, hits[edition])
        findings += _mismatches(context, edition, hits)
    return findings


def _hits(context: CheckContext, edition: str) -> list[tuple[Place, object]]:
    from ..terms_match import matcher_for

    places = [p for p in context.places(edition) if p.field != "front"]
    matcher = matcher_for(context.termbase, context.corpus.language(edition))
    return [(place, hit) for place, found in zip(places, matcher.find_many([p.text for p in places]), strict=True)
            for hit in found]


def _status(edition: str, hits, terms: dict) -> list[Finding]:
    """Deprecated terms (warning) and variants (info), once per provision and term."""
    found, seen = [], set()
    for place, hit in hits:
        if hit.status == "preferred" or (place.node, hit.term) in seen:
            continue
        term = terms.get((hit.concept, hit.term))
        if term is not None and edition in term.editions:
            continue
        seen.add((place.node, hit.term))
        severity = "warning" if hit.status == "deprecated" else "info"
        note = f" ({term.note})" if term is not None and term.note else ""
        found.append(Finding(edition, place.law, place.node, f"term-{hit.status}", severity,
                             f"{hit.text!r} is a {hit.status} term for {hit.concept}{note}",
                             excerpt(place.text, hit.start, hit.end)))
    return found


def _inconsistent(edition: str, hits) -> list[Finding]:
    """A concept rendered by two or more different termbase terms within the edition."""
    by_concept: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for place, hit in hits:
        by_concept[hit.concept][hit.term].append((place, hit))
    found = []
    for concept, terms in by_concept.items():
        if len(terms) < 2:
            continue
        ranked = sorted(terms.items(), key=lambda item: -len(item[1]))
        usual = ranked[0][0]
        counts = ", ".join(f"{term!r} ×{len(occurrences)}" for term, occurrences in ranked)
        for term, occurrences in ranked[1:]:
            place, hit = occurrences[0]
            where = ", ".join(dict.fromkeys(p.node for p, _ in occurrences))
            found.append(Finding(edition, place.law, place.node, "term-inconsistent", "warning",
                                 f"{concept} is translated in several ways in this edition ({counts}); "
                                 f"{term!r} instead of the usual {usual!r} in {where}",
                                 excerpt(place.text, hit.start, hit.end)))
    return found


def _mismatches(context: CheckContext, edition: str, hits: dict) -> list[Finding]:
    """A salient concept every other edition's aligned provision uses and this one's lacks."""
    concepts = {e: _concepts_by_node(h) for e, h in hits.items()}
    found = []
    for law, article in context.articles(edition).items():
        others = [e for e in context.all_editions if e != edition and law in context.articles(e)]
        if not others:
            continue
        for node_id in article.node_ids():
            mine = _around(concepts[edition], node_id)
            theirs = [concepts[o].get(node_id) for o in others if context.articles(o)[law].find(node_id)]
            if not theirs:
                continue
            shared = set.intersection(*[set(t or ()) for t in theirs])
            for concept in sorted(c for c in shared if c in SALIENT and c not in mine):
                with_it = [o for o in others if context.articles(o)[law].find(node_id)]
                found.append(Finding(edition, law, node_id, "term-mismatch", "info",
                                     f"{node_id} in {', '.join(with_it)} speaks of {concept}; this edition's "
                                     f"{node_id} does not use a termbase term for it",
                                     (article.find(node_id).text or article.find(node_id).title)[:120]))
    return found


def _concepts_by_node(hits) -> dict[str, set[str]]:
    result: dict[str, set[str]] = defaultdict(set)
    for place, hit in hits:
        result[place.node].add(hit.concept)
    return result


def _around(concepts: dict[str, set[str]], node_id: str) -> set[str]:
    """Concepts of the provision, its ancestors and its descendants (a translation may move a word)."""
    citation = Citation.parse(node_id)
    found: set[str] = set()
    for other, names in concepts.items():
        other_citation = Citation.try_parse(other)
        if other_citation and (citation.contains(other_citation) or other_citation.contains(citation)):
            found |= names
    return found
