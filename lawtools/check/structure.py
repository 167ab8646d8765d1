"""Structure checks: headings, label sequences, duplicated titles, partial articles, edition differences."""

from __future__ import annotations

import re
from collections import Counter

from ..citation import Citation, node_sort_key
from ..model import Article, Node
from ..yamlio import package_data
from .model import CheckContext, Finding
from .pairs import Pairing, pairing

_ORDER = {"section": "ABCDEFGH", "subitem": "abcdefghijklmnopqrstuvwxyz"}


def check(context: CheckContext) -> list[Finding]:
    """Every structure finding of the checked editions."""
    findings: list[Finding] = []
    for edition in context.editions:
        articles = context.articles(edition)
        findings += _duplicate_titles(edition, articles)
        for article in articles.values():
            findings += _anomalies(article)
            findings += _headings(article)
            findings += _sentence_headings(article, articles)
            findings += _sequences(article)
            if article.partial:
                findings.append(Finding(edition, article.law, article.law, "partial-article", "info",
                                        f"law {article.law} is only partly present in the source "
                                        f"(provisions: {', '.join(article.node_ids()[:6]) or 'none'}…)"))
            findings += _edition_differences(context, article)
    return findings


_LINE_PREFIX = re.compile(r"^line \d+: ")


def _anomalies(article: Article) -> list[Finding]:
    """Gaps the reader itself recorded: a missing section heading or a missing item above sub-items."""
    found = []
    for anomaly in article.anomalies:
        if anomaly.code in ("missing-heading", "missing-item"):
            # the reader names the line in its message; the finding has its own (a line inserted above moves it)
            found.append(Finding(article.edition, article.law, anomaly.node or article.law, anomaly.code,
                                 "warning", _LINE_PREFIX.sub("", anomaly.message), line=anomaly.line))
    return found


def _headings(article: Article) -> list[Finding]:
    """Sections without a caption where the law's other sections have one; captions used twice."""
    found = []
    recorded = {a.node for a in article.anomalies if a.code == "missing-heading"}  # reported by _anomalies
    for siblings in _sibling_groups(article):
        sections = [n for n in siblings if n.kind == "section"]
        titled = [n for n in sections if n.title]
        if len(titled) >= 2:
            for node in sections:
                if not node.title and not node.inferred and node.id not in recorded:
                    found.append(Finding(article.edition, article.law, node.id, "missing-heading", "warning",
                                         f"section {node.id} has no heading while {len(titled)} sibling sections "
                                         "have one", node.text[:80]))
        counts = Counter(n.title.strip().lower() for n in siblings if n.title)
        for node in siblings:
            if node.title and counts[node.title.strip().lower()] > 1:
                others = [n.id for n in siblings if n.title.strip().lower() == node.title.strip().lower()]
                if node.id == others[0]:
                    found.append(Finding(article.edition, article.law, node.id, "duplicate-heading", "warning",
                                         f"the heading of {node.id} is repeated in {', '.join(others[1:])}",
                                         node.title))
    return found


def _sentence_headings(article: Article, articles: dict[str, Article]) -> list[Finding]:
    """A caption that reads as a sentence (it ends with a full stop), in an edition whose captions end so at most
    `sentence_share` of the time (check.yaml headings): the section's own heading is lost and the reader took its
    first sentence for the caption (titles that run into the text, as in nb-2017), whether or not text follows."""
    settings = package_data("check.yaml")["headings"]
    titles = [n.title.rstrip() for a in articles.values() for n in a.walk() if n.title and (n.text or n.children)]
    if len(titles) < int(settings["min_captions"]):
        return []
    share = sum(t.endswith(".") for t in titles) / len(titles)
    if share > float(settings["sentence_share"]):
        return []
    found = []
    for node in article.walk():
        title = node.title.rstrip()
        if title.endswith(".") and len(title.split()) >= int(settings["sentence_words"]):
            alone = " and the section has no text of its own" if not node.text else ""
            found.append(Finding(article.edition, article.law, node.id, "missing-heading", "warning",
                                 f"the heading of {node.id} reads as a sentence{alone}, where this edition's "
                                 "headings seldom end with a full stop: its heading may be lost, the first sentence "
                                 "taken for it",
                                 title,
                                 compared=f"{article.edition} elsewhere: {share:.0%} of its {len(titles)} headings end "
                                          "with a full stop",
                                 suggestion=f"restore the heading of {node.id} before {title[:40]!r}"))
    return found


def _sibling_groups(article: Article):
    yield article.nodes
    for node in article.walk():
        if node.children:
            yield node.children


def _sequences(article: Article) -> list[Finding]:
    """Labels that skip (A, C) or repeat (1, 1) among siblings."""
    found = []
    for siblings in _sibling_groups(article):
        by_kind: dict[str, list[Node]] = {}
        for node in siblings:
            by_kind.setdefault(node.kind, []).append(node)
        for kind, nodes in by_kind.items():
            labels = [n.label.strip("().").strip() for n in nodes]
            values = [_value(kind, label) for label in labels]
            if None in values:
                continue
            parent = Citation.parse(nodes[0].id).parent
            where = str(parent) if parent else article.law
            seen: set[int] = set()
            for node, value in zip(nodes, values, strict=True):
                if value in seen:
                    found.append(Finding(article.edition, article.law, node.id, "label-repeat", "warning",
                                         f"label {node.label} occurs more than once under {where}", node.text[:80]))
                seen.add(value)
            if article.partial and siblings is article.nodes:
                continue  # a partial article starts where the source starts
            expected = _value(kind, "a" if kind == "subitem" else "A" if kind == "section" else "1")
            for previous, value, node in zip([expected - 1, *values], values, nodes, strict=False):
                if value > previous + 1:
                    missing = ", ".join(_label(kind, v) for v in range(previous + 1, value))
                    found.append(Finding(article.edition, article.law, node.id, "label-gap", "warning",
                                         f"under {where} the labels skip {missing} before {node.label}",
                                         node.text[:80]))
    return found


def _value(kind: str, label: str) -> int | None:
    if kind in _ORDER:
        return _ORDER[kind].find(label) if label in _ORDER[kind] else None
    return int(label) if label.isdigit() else None


def _label(kind: str, value: int) -> str:
    return _ORDER[kind][value] if kind in _ORDER else str(value)


def _duplicate_titles(edition: str, articles: dict[str, Article]) -> list[Finding]:
    """A law whose title repeats another law's title (a copy-paste slip in translation)."""
    found = []
    seen: dict[str, str] = {}
    for law, article in articles.items():
        key = article.title.strip().lower()
        if not key:
            continue
        if key in seen:
            found.append(Finding(edition, law, law, "duplicate-title", "warning",
                                 f"law {law} has the same title as law {seen[key]}", article.title))
        else:
            seen[key] = law
    return found


def _edition_differences(context: CheckContext, article: Article) -> list[Finding]:
    """Provisions other editions of this law have and this one lacks (one finding per law and edition).

    Within a year ids align, so a provision of that id is missing. Across years the concordance tells (where it
    covers both editions): a provision it calls new or removed between the two years, or links to provisions this
    edition has under other ids, is a difference of the Laws, not of this edition, and is not listed; one it has no
    entry for changed in its own edition since the concordance was computed, which says nothing of this one."""
    own = set(article.node_ids())
    elsewhere: dict[str, list[str]] = {}
    pairs_of = pairing(context)
    everything = _all_ids(context, article.edition)
    for ids, editions in _law_ids(context, article.law):  # editions with the same ids are looked at once
        others = [e for e in editions if e != article.edition]
        if not others:
            continue
        for node_id in ids:
            if node_id not in own and not (article.partial and _outside_partial(node_id, own)):
                unexplained = [e for e in others if _unexplained(pairs_of, e, node_id, article.edition, everything)]
                if unexplained:
                    elsewhere.setdefault(node_id, []).extend(unexplained)
    if not elsewhere:
        return []
    order = context._cache.setdefault("edition-order", {e: i for i, e in enumerate(context.all_editions)})
    for editions in elsewhere.values():
        editions.sort(key=order.__getitem__)  # in manifest order, as each edition was looked at in turn
    info = context.corpus.edition_info
    year = info[article.edition].get("year")
    same = sorted((i for i, es in elsewhere.items() if any(info[e].get("year") == year for e in es)),
                  key=node_sort_key)
    other = sorted((i for i in elsewhere if i not in same), key=node_sort_key)
    found = []
    if same:
        found.append(Finding(article.edition, article.law, article.law, "missing-provision", "warning",
                             f"{len(same)} provision(s) that an edition of the same year has are missing here: "
                             + _listing(same, elsewhere)))
    if other:
        found.append(Finding(article.edition, article.law, article.law, "edition-difference", "info",
                             f"{len(other)} provision(s) exist only in other editions of law {article.law}: "
                             + _listing(other, elsewhere)))
    return found


def _unexplained(pairs_of: Pairing, other: str, node_id: str, edition: str, present: set[str]) -> bool:
    """True when `other`'s provision, which `edition` has no provision of that id for, is missing here: always within
    a year, and by id where the concordance does not cover the two; else when the concordance links it to
    provisions `edition` does not have (not when it has none here, new or removed between the years, or counterparts
    under other ids, in any law: a rule moved between laws, or into a law's text)."""
    if pairs_of.same_year(edition, other) or not pairs_of.follows_concordance(other, edition):
        return True
    linked = pairs_of.linked_ids(other, node_id, edition)
    return linked is not None and not linked <= present


def _all_ids(context: CheckContext, edition: str) -> set[str]:
    """Every law and provision id of an edition (computed once per check run)."""
    cache = context._cache.setdefault("all-ids", {})
    if edition not in cache:
        cache[edition] = {i for law, a in context.articles(edition).items() for i in (law, *a.node_ids())}
    return cache[edition]


def _law_ids(context: CheckContext, law: str) -> list[tuple[tuple[str, ...], list[str]]]:
    """The law's distinct lists of provision ids across the editions, each with the editions that have it (in
    manifest order): clones and editions of one text share one list (computed once per check run and law)."""
    cache = context._cache.setdefault("law-ids", {})
    if law not in cache:
        groups: dict[tuple[str, ...], list[str]] = {}
        for other in context.all_editions:
            theirs = context.articles(other).get(law)
            if theirs is not None:
                groups.setdefault(tuple(theirs.node_ids()), []).append(other)
        cache[law] = list(groups.items())
    return cache[law]


def _listing(ids: list[str], where: dict[str, list[str]]) -> str:
    return "; ".join(f"{i} ({', '.join(where[i])})" for i in ids[:12]) + ("; …" if len(ids) > 12 else "")


def _outside_partial(node_id: str, own: set[str]) -> bool:
    citation = Citation.parse(node_id)
    return not any(Citation.try_parse(o) and Citation.parse(o).section == citation.section for o in own)
