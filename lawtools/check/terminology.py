"""Terminology checks against the termbase: deprecated terms, stray renderings of a concept (a variant or a
second preferred term used rarely beside the usual one), and concepts aligned provisions do not share."""

from __future__ import annotations

from collections import defaultdict

from ..citation import Citation
from ..concepts import salient, with_implied
from ..yamlio import package_data
from .model import CheckContext, Finding, Place, excerpt


def _settings() -> dict:
    return package_data("check.yaml")["terminology"]


def check(context: CheckContext) -> list[Finding]:
    """Every terminology finding of the checked editions."""
    findings: list[Finding] = []
    hits = {edition: _hits(context, edition) for edition in context.all_editions}
    terms = {(c.id, t.term): t for c in context.termbase.concepts for ts in c.terms.values() for t in ts}
    laws_only = {e: [(p, h) for p, h in found if p.field != "front"] for e, found in hits.items()}
    concepts = {e: _concepts_by_node(h) for e, h in laws_only.items()}
    # Evidence that another edition speaks of a concept comes from preferred terms only: a variant such
    # as German 'Tisch' (dummy's hand, but also just 'the table') is too loose to hold against a translation.
    evidence = {e: _concepts_by_node([(p, h) for p, h in found if h.status == "preferred"])
                for e, found in laws_only.items()}
    for edition in context.editions:
        findings += _deprecated(edition, hits[edition], terms)
        findings += _renderings(edition, laws_only[edition])
        language = context.corpus.language(edition)
        if any(c.terms.get(language) for c in context.termbase.concepts):  # a language without terms: no terms
            findings += _mismatches(context, edition, concepts, evidence)
    return findings


def _hits(context: CheckContext, edition: str) -> list[tuple[Place, object]]:
    from ..terms_match import matcher_for

    places = context.places(edition)
    matcher = matcher_for(context.termbase, context.corpus.language(edition))
    return [(place, hit) for place, found in zip(places, matcher.find_many([p.text for p in places]), strict=True)
            for hit in found]


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
            found.append(Finding(edition, place.law, place.node, code, severity,
                                 f"{what}: {term!r} ×{len(occurrences)} in {where}, where this edition otherwise "
                                 f"says {usual!r} (×{len(usual_hits)})", excerpt(place.text, hit.start, hit.end)))
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


def _mismatches(context: CheckContext, edition: str, concepts: dict[str, dict[str, set[str]]],
                evidence: dict[str, dict[str, set[str]]]) -> list[Finding]:
    """Salient concepts that every other edition of the same year uses in an aligned provision and this lacks.

    Only editions translating the same Laws (the same year) are compared: between years the Laws
    themselves changed and were renumbered, so a missing concept is no translation question there
    (`lawtools diff` shows those differences).
    """
    info = context.corpus.edition_info
    peers = [e for e in context.all_editions if e != edition and info[e].get("year") == info[edition].get("year")]
    found = []
    for law, article in context.articles(edition).items():
        others = [e for e in peers if law in context.articles(e)]
        for node_id in article.node_ids() if others else []:
            having = [o for o in others if context.articles(o)[law].find(node_id)]
            if not having:
                continue
            shared = set.intersection(*[set(evidence[o].get(node_id, ())) for o in having])
            missing = sorted(c for c in shared & salient() if c not in _around(concepts[edition], node_id))
            if missing:
                node = article.find(node_id)
                found.append(Finding(edition, law, node_id, "term-mismatch", "warning",
                                     f"{node_id} in {', '.join(having)} speaks of {', '.join(missing)}; this "
                                     "edition's does not use a termbase term for it", (node.text or node.title)[:120]))
    return found


def _concepts_by_node(hits) -> dict[str, set[str]]:
    result: dict[str, set[str]] = defaultdict(set)
    for place, hit in hits:
        result[place.node].add(hit.concept)
        result[place.node].update(with_implied([hit.concept]))
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
