"""Checks across counterparts: a provision against the same provision in the other editions (`pairs.py`).

What a reviser compares segment by segment: the numbers (digits and number words) and the provisions
cited must be the same; a provision much shorter than its counterparts, with fewer sentences, has lost
text, and one much longer, with more, has gained some; a provision that ends without punctuation where
its counterparts end with it has lost its full stop; a shorter provision where no sentence matches a sentence
every counterpart has has lost it (`sentence_match.py`); a section without the heading every counterpart
has has lost it; a footnote's numbers are held against its provision and the counterparts
(`footnote_numbers.py`). Each finding names the counterparts it was compared with and quotes one of them.
"""

from __future__ import annotations

from ..citation import Citation, number_slip
from ..yamlio import package_data
from . import citation_fit, footnote_numbers, number_usage, ordinal_terms, sentence_match
from .features import Feature
from .model import CheckContext, Finding, excerpt
from .pairs import Pair, pairing


def _settings() -> dict:
    return package_data("check.yaml")["counterparts"]


def check(context: CheckContext) -> list[Finding]:
    """Every cross-counterpart finding of the checked editions."""
    pairs_of = pairing(context)
    features = pairs_of.features
    findings: list[Finding] = []
    for edition in context.editions:
        mine = features.by_edition(edition)
        for node_id, feature in mine.items():
            pairs = [p for p in pairs_of.counterparts(edition, node_id) if p.edition != edition]
            if not pairs:
                continue
            theirs = [(p, features.get(p.edition, p.node)) for p in pairs]
            numbers = _numbers(context, feature, theirs)
            findings += numbers or ordinal_terms.mismatches(context, feature, theirs)
            findings += _references(context, feature, theirs)
            findings += omissions(context, feature, theirs)
            findings += _end_punctuation(context, feature, theirs)
            findings += _heading(context, feature, theirs)
        findings += footnote_numbers.check(context, edition)
    return findings


def omissions(context: CheckContext, feature: Feature, theirs: list[tuple[Pair, Feature]]) -> list[Finding]:
    """Text lost or added, by length and sentence count (`_length`), else a counterpart's sentence that nothing
    in the provision matches (`sentence_match.lost`)."""
    return _length(pairing(context), feature, theirs) or sentence_match.lost(context, feature, theirs)


def _union(context: CheckContext, feature: Feature, attribute: str) -> set:
    return pairing(context).features.around(feature.edition, feature.node, attribute)


def _named(theirs: list[tuple[Pair, Feature]]) -> str:
    return ", ".join(f"{p.edition}" + ("" if p.node == theirs[0][1].node else f" {p.node}") for p, _ in theirs)


def _finding(feature: Feature, code: str, message: str, theirs: list[tuple[Pair, Feature]], *, start: int = 0,
             end: int = 0, compared: Feature | None = None, fix: str = "", severity: str = "warning",
             compared_at: tuple[int, int] = (0, 0), measured: str = "") -> Finding:
    other = compared or theirs[0][1]
    quoted = other.quote(*compared_at) if compared_at[1] else other.quote()
    return Finding(feature.edition, feature.law, feature.node, code, severity, message,
                   excerpt(feature.text, start, end) if end else feature.quote(),
                   compared=f"{other.edition} {other.node}: {quoted}", suggestion=fix, measured=measured)


def _number_at(feature: Feature, value: int) -> tuple[int, int]:
    number = next((n for n in feature.number_list if n.value == value), None)
    return (number.start, number.end) if number else (0, 0)


def _numbers(context: CheckContext, feature: Feature, theirs: list[tuple[Pair, Feature]]) -> list[Finding]:
    """Numbers this provision states that no counterpart states, and numbers every counterpart states."""
    findings = _caption_numbers(context, feature, theirs)  # a heading may stand alone (a section of items)
    if not feature.text:
        return findings
    everywhere = set.intersection(*(_union(context, f, "numbers") for _, f in theirs))
    # a number this provision adds must be in a counterpart or below it (not just somewhere in its section)
    anywhere = set().union(*(pairing(context).features.within(f.edition, f.node, "numbers")
                             | f.maybe_numbers for _, f in theirs))
    around = _union(context, feature, "numbers") | _union(context, feature, "maybe_numbers")
    missing = sorted(everywhere - around)
    extra = [n for n in feature.number_list if n.value in feature.numbers and n.value not in anywhere]
    if missing and not extra:  # 'first' is left out of the numbers compared, but may be what replaced theirs
        ordinals = set().union(*(_union(context, f, "ordinals") | _union(context, f, "maybe_ordinals")
                                 for _, f in theirs))
        extra = [n for n in feature.number_list if n.ordinal and n.value == 1 and 1 not in ordinals]
    if not missing and not extra:
        return findings or _ordinals(context, feature, theirs)
    def agrees(other: Feature) -> bool:  # a third edition states what this one states, not what the counterpart does
        stated = _union(context, other, "numbers") | other.maybe_numbers
        return (not extra or extra[0].value in stated) and not set(missing) & stated

    if _outvoted(context, feature, theirs, agrees):
        return findings
    if (len(theirs) == 1 and extra and missing
            and number_usage.counterpart_slipped(context, feature, extra[0], theirs[0][1], missing[0])):
        return findings  # this edition's usual phrase against one the counterpart's edition never writes
    if extra and not missing and _lone_slip(context, feature, extra[0], theirs, around):
        return findings  # the one number a counterpart alone states is its slip (its edition never writes it so)
    who = _named(theirs)
    compared = next((f for _, f in theirs if set(missing) & f.numbers), theirs[0][1])
    severity = "warning" if any(p.same_year for p, _ in theirs) or len(theirs) > 1 else "info"
    if extra:
        first = extra[0]
        said = ", ".join(dict.fromkeys(n.text for n in extra))
        if missing:
            message = f"says {said} where {who} say {', '.join(map(str, missing))}"
            fix = f"{first.text!r} → {missing[0]}"
        else:
            message = f"says {said}, which {who} do not state"
            fix = ""
        return findings + [_finding(feature, "number-mismatch", message, theirs, start=first.start, end=first.end,
                                    compared=compared, fix=fix, severity=severity,
                                    compared_at=_number_at(compared, missing[0]) if missing else (0, 0))]
    message = f"{who} state {', '.join(map(str, missing))}; this provision does not"
    return findings + [_finding(feature, "number-mismatch", message, theirs, compared=compared, severity=severity,
                     fix=f"add {', '.join(map(str, missing))} as {compared.edition} has it",
                     compared_at=_number_at(compared, missing[0]))]


def _lone_slip(context: CheckContext, feature: Feature, mine, theirs: list[tuple[Pair, Feature]],
               around: set[int]) -> bool:
    """True when this provision's number `mine`, which no counterpart states, stands where exactly one counterpart
    states a number that neither this provision nor any other counterpart states (sv-2007 'tre eller fler' where
    nb-2007 says 'to eller flere' and de-1997 states none), and usage says that one slipped
    (`number_usage.counterpart_slipped`: this edition writes its phrase elsewhere, the counterpart's never)."""
    lone = []
    for _, other in theirs:
        rest = set().union(*(_union(context, f, "numbers") for _, f in theirs if f is not other))
        lone += [(other, n.value) for n in other.number_list
                 if n.ordinal == mine.ordinal and n.value not in around and n.value not in rest]
    if len({(other.edition, value) for other, value in lone}) != 1:
        return False
    other, value = lone[0]
    return number_usage.counterpart_slipped(context, feature, mine, other, value)


def _outvoted(context: CheckContext, feature: Feature, theirs: list[tuple[Pair, Feature]], agrees) -> bool:
    """True when the one counterpart is the odd one out: another of its own counterparts agrees with this provision
    (`agrees(feature)`), so the slip is the counterpart's and is reported there, not here as well."""
    if len(theirs) != 1:
        return False
    pair, other = theirs[0]
    pairs_of = pairing(context)
    for third in pairs_of.counterparts(other.edition, other.node):
        if (third.edition, third.node) == (feature.edition, feature.node) or third.edition == feature.edition:
            continue
        witness = pairs_of.features.get(third.edition, third.node)
        if witness is not None and witness.text and agrees(witness):
            return True
    return False


def _ordinals(context: CheckContext, feature: Feature, theirs: list[tuple[Pair, Feature]]) -> list[Finding]:
    """An ordinal every counterpart states replaced here by another ('first' for 'second'): 'first', and words
    that are ordinals only sometimes (Swedish 'andra': 'second' and 'other'), are left out of the number
    comparison, so a swap involving one is weighed here, where the counterparts' ordinal must be missing
    and this provision's must be stated by none of them."""
    features = pairing(context).features
    everywhere = set.intersection(*(features.around(f.edition, f.node, "ordinals") for _, f in theirs))
    mine = set().union(*(_union(context, feature, name) for name in ("ordinals", "maybe_ordinals", "numbers",
                                                                          "maybe_numbers", "caption_numbers")))
    missing = sorted(everywhere - mine)
    if not missing:
        return []
    anywhere = set().union(*(features.around(f.edition, f.node, name) for _, f in theirs
                             for name in ("ordinals", "maybe_ordinals", "numbers", "maybe_numbers",
                                          "caption_numbers")))
    stated = feature.ordinals | feature.maybe_ordinals
    extra = sorted(stated - anywhere)
    if not extra:
        return []
    word = next((n for n in feature.number_list + feature.maybe_list if n.ordinal and n.value == extra[0]), None)
    said = word.text if word else f"the ordinal {extra[0]}"
    compared = theirs[0][1]
    return [_finding(feature, "number-mismatch", f"says {said} where {_named(theirs)} say the "
                     f"{_ordinal(missing[0])}", theirs, start=word.start if word else 0, end=word.end if word else 0,
                     fix=f"{said!r} → the {_ordinal(missing[0])}",
                     severity="warning" if any(p.same_year for p, _ in theirs) or len(theirs) > 1 else "info",
                     compared_at=_number_at(compared, missing[0]))]


def _ordinal(value: int) -> str:
    return f"{value}{'th' if 10 <= value % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(value % 10, 'th')}"


def _caption_numbers(context: CheckContext, feature: Feature, theirs: list[tuple[Pair, Feature]]) -> list[Finding]:
    """A number in the caption that neither the provision's text nor any counterpart states."""
    stated = _union(context, feature, "numbers") | feature.maybe_numbers
    anywhere = set().union(*(_union(context, f, "numbers") | f.maybe_numbers | f.caption_numbers for _, f in theirs))
    odd = sorted(feature.caption_numbers - stated - anywhere)
    if not odd:
        return []
    return [Finding(feature.edition, feature.law, feature.node, "number-mismatch", "warning",
                    f"the heading says {', '.join(map(str, odd))}, which neither the text nor {_named(theirs)} state "
                    "(in the caption)", feature.title, compared=f"{theirs[0][1].edition} {theirs[0][1].node}: "
                    f"{theirs[0][1].quote()}")]


def _cited(context: CheckContext, feature: Feature, other: Feature, unmapped: bool = True) -> set[str]:
    """What the counterpart (with its ancestors and descendants) cites, in this provision's numbering; with
    `unmapped` False, without the citations of another year that the concordance cannot carry over."""
    pairs_of = pairing(context)
    found = set()
    for target in _union(context, other, "refs"):
        mapped = pairs_of.map_target(other.edition, target, feature.edition)
        if mapped is None and (unmapped or pairs_of.same_year(feature.edition, other.edition)):
            found.add(target)
        found |= mapped or set()
    return found


def _agrees(context: CheckContext, feature: Feature, target: str, other: Feature, cited: set[str]) -> bool:
    """True when the counterpart cites this target too (in either numbering) or a provision around it."""
    if target in cited or target in _ancestors_of(cited):
        return True
    mapped = pairing(context).map_target(feature.edition, target, other.edition)
    return bool(mapped and mapped & _union(context, other, "refs"))


def _references(context: CheckContext, feature: Feature, theirs: list[tuple[Pair, Feature]]) -> list[Finding]:
    """Cited provisions that disagree with what every counterpart cites for the same provision.

    Across years what a counterpart cites is first carried into this edition's numbering through the
    concordance (`pairs.map_target`): the Laws renumber, so 2017 53B and 2007 53C are one citation.
    """
    if not feature.refs:
        return []
    # a citation of another year the concordance cannot carry over (its law is in neither edition) is the
    # other year's numbering: held against this one only where a second counterpart can confirm it
    unmapped = len(theirs) >= int(_settings()["cross_year_counterparts"])
    cited = [(pair, other, _cited(context, feature, other, unmapped)) for pair, other in theirs]
    everywhere = set.intersection(*(c for _, _, c in cited))
    anywhere = set().union(*(c for _, _, c in cited))
    if not anywhere:
        return []
    around = _union(context, feature, "refs")
    extra = sorted(t for t in feature.refs
                   if not any(_agrees(context, feature, t, other, c) for _, other, c in cited))
    if not extra:
        return []
    missing = sorted(everywhere - around)
    who = _named(theirs)
    found = []
    for target in extra:
        near = [m for m in missing if _close(target, m)]
        if not near:
            continue  # a citation the others lack altogether: often a translator's addition, not a slip
        if _outvoted(context, feature, theirs, lambda w, t=target, n=near[0]: t in (c := _cited(context, feature, w))
                     and n not in c):
            continue  # the counterpart's own counterparts cite what this one does: its slip, reported there
        # no third edition to ask: the counterpart cites what no edition has, or both clauses read this one as right
        if len(theirs) == 1 and (_only_theirs_unknown(context, target, near[0])
                                 or citation_fit.counterpart_slipped(context, feature, target, theirs[0][1], near[0])):
            continue
        compared = next((f for _, f, c in cited if near[0] in c), theirs[0][1])
        message = f"cites {target} where {who} cite {near[0]}"
        at = _cited_at(feature.text, target)
        severity = "warning" if any(p.same_year for p, _ in theirs) else "info"
        found.append(_finding(feature, "ref-mismatch", message, theirs, start=at[0], end=at[1], compared=compared,
                              fix=f"{target} → {near[0]}", severity=severity,
                              compared_at=_cited_at(compared.text, near[0])))
    return found


def _only_theirs_unknown(context: CheckContext, mine: str, theirs: str) -> bool:
    """True when the Laws have what this provision cites and not what the counterpart cites (`_known`). Asked of
    the law this edition cites only (a check reads which provisions other editions have of the laws it cites:
    check/scope.py), or of whole laws, which need no records."""
    a, b = Citation.try_parse(mine), Citation.try_parse(theirs)
    if a is None or b is None or (a.law != b.law and b.parent is not None):
        return False
    return bool(_known(context, mine)) and _known(context, theirs) is False


def _known(context: CheckContext, target: str) -> bool | None:
    """Whether the Laws have the cited provision: a whole law, by its number (the English titles name Laws
    1-93); a provision, when some edition holds it (of any year), False when the editions that hold its whole law
    all lack it, None when none holds the whole law (then nothing can tell)."""
    citation = Citation.try_parse(target)
    if citation is None:
        return None
    if citation.parent is None:
        return citation.law in package_data("law_titles_en.yaml")["titles"]
    having = [context.articles(e)[citation.law] for e in context.all_editions
              if citation.law in context.articles(e)]
    if any(article.find(target) is not None for article in having):
        return True
    return False if any(not article.partial for article in having) else None


def _cited_at(text: str, target: str) -> tuple[int, int]:
    """Where the citation of `target` stands in the text (spaced or compact), or (0, 0)."""
    import re

    citation = Citation.parse(target)
    parts = [p for p in (citation.law, citation.section, citation.item) if p]
    match = re.search(r"\s?".join(map(re.escape, map(str, parts))) + r"(?!\d)", text)
    return (match.start(), match.end()) if match else (0, 0)


def _ancestors_of(targets: set[str]) -> set[str]:
    found = set()
    for target in targets:
        citation = Citation.try_parse(target)
        if citation is not None:
            found.update(str(a) for a in citation.ancestors())
    return found


def _close(a: str, b: str) -> bool:
    """Two citations a slip apart: one label changed (47E1/47E2, 53B/53C), the rest the same; a law's number by a
    typing slip only (64/46, 45/47: `citation.number_slip`; 69 and 71 are two laws, not one mistyped)."""
    ca, cb = Citation.try_parse(a), Citation.try_parse(b)
    if ca is None or cb is None or ca.depth != cb.depth:
        return False
    labels_a = (ca.law, ca.section, ca.item, ca.subitem)
    labels_b = (cb.law, cb.section, cb.item, cb.subitem)
    if sum(x != y for x, y in zip(labels_a, labels_b, strict=True)) != 1:
        return False
    return ca.law == cb.law or number_slip(ca.law, cb.law)


def _length(pairing_, feature: Feature, theirs: list[tuple[Pair, Feature]]) -> list[Finding]:
    """Much shorter (text lost) or much longer (text repeated or added) than every counterpart.

    Much: beyond what real counterparts of the two editions stray from their usual length ratio (the
    `quantile` learned from the corpus, per edition pair), and at least `short` / `long` of it; and with
    fewer (more) sentences than each counterpart; a shorter text need not have fewer when a counterpart is of
    its own year (against counterparts of two sentences or more).
    """
    settings = _settings()
    if feature.length < int(settings["min_length"]) or feature.unfinished or any(f.unfinished for _, f in theirs):
        return []  # a text that stops mid-sentence (a source cut off) says nothing about lost sentences
    same_year = any(p.same_year for p, _ in theirs)
    sure = float(settings.get("single_score", 2.0))
    alone = not same_year and len(theirs) < int(settings["cross_year_counterparts"])
    if alone and not any(p.relation == "same" and p.score >= sure for p, _ in theirs):
        return []  # between years the Laws grew and shrank: only a majority, or a link the concordance is sure of
    ratios, fewer, more, short, long = [], True, True, True, True
    for pair, other in theirs:
        other_length, other_sentences = other.unrepeated  # its own repeats are its slip, not text this one lacks
        if other_length < int(settings["min_length"]):
            return []
        expected = pairing_.length_ratio(feature.edition, pair.edition)
        ratio = feature.length / other_length / expected
        ratios.append(ratio)
        spread = pairing_.length_spread(feature.edition, pair.edition, float(settings["quantile"]))
        low, high = spread or (float(settings["short"]), float(settings["long"]))
        short &= ratio < min(low, float(settings["short_at_most"]))
        long &= ratio > max(high, float(settings["long_at_least"]))
        # with a counterpart of the same year (a translation of the same English) the length is the evidence
        # against any counterpart of two sentences or more, as languages punctuate differently and a lost
        # sentence may leave as many; otherwise (the Laws grew and shrank between years) fewer sentences too
        fewer &= feature.sentences < other_sentences or (same_year and other_sentences > 1)
        more &= feature.sentences > other_sentences
    if short and fewer:
        code, size, share, direction, meaning = (
            "possible-omission", "shorter", f"{'at most ' if len(theirs) > 1 else ''}{max(ratios):.0%}",
            _fewer(feature, theirs), "a sentence may be missing")
    elif long and more and len(theirs) > 1 and not alone:
        # against one counterpart (of any year) a longer text here is a shorter one there: its lost sentence is
        # reported there (possible-omission), not an addition here as well
        code, size, share, direction, meaning = ("possible-addition", "longer", f"{min(ratios):.0%}", "more",
                                                 "text may be repeated or added")
    else:
        return []
    # the share depends on the usual ratio of the two editions (every provision of both): it is measured, not said
    return [_finding(feature, code, f"{size} than usual against {_named(theirs)}, with {direction} sentences "
                     f"({feature.sentences} against {', '.join(str(f.unrepeated[1]) for _, f in theirs)}): "
                     f"{meaning}", theirs, fix="compare sentence by sentence with " + theirs[0][1].edition,
                     severity="warning" if same_year else "info", measured=f"{share} of the usual length")]


def _fewer(feature: Feature, theirs: list[tuple[Pair, Feature]]) -> str:
    """How the provision's sentence count compares with its counterparts': 'fewer', 'no more' (as many as the
    fewest), or 'different numbers of' (more than a same-year counterpart)."""
    least = min(f.unrepeated[1] for _, f in theirs)
    return "fewer" if feature.sentences < least else "no more" if feature.sentences == least else "different numbers of"


def _conjunctions(language: str) -> set[str]:
    return set(package_data("languages.yaml").get(language, {}).get("conjunctions", ()))


def _end_punctuation(context: CheckContext, feature: Feature, theirs: list[tuple[Pair, Feature]]) -> list[Finding]:
    """No closing punctuation where every counterpart closes the provision with a full stop."""
    if not feature.text or feature.end or feature.text.rstrip()[-1:].isdigit():
        return []
    last = feature.text.split()[-1].lower()
    if last in _conjunctions(context.corpus.language(feature.edition)):
        return []  # '...kleur; of': the list runs on into the next item
    ends = {f.end for _, f in theirs if f.text}
    if ends != {"."}:
        return []
    return [_finding(feature, "end-punctuation", f"ends without a full stop; {_named(theirs)} end with '.'", theirs,
                     start=len(feature.text) - 1, end=len(feature.text), fix="add '.' at the end")]


def _heading(context: CheckContext, feature: Feature, theirs: list[tuple[Pair, Feature]]) -> list[Finding]:
    """A section without the heading every counterpart gives it."""
    citation = Citation.try_parse(feature.node)
    if feature.title or citation is None or citation.item or not citation.section:
        return []
    if not all(f.title for _, f in theirs):
        return []
    node = context.articles(feature.edition)[feature.law].find(feature.node)
    if node is None or node.inferred:
        return []  # an inferred section is reported by the reader as missing-heading already
    titles = "; ".join(f"{p.edition}: {f.title!r}" for p, f in theirs)
    return [_finding(feature, "missing-heading", f"section {feature.node} has no heading; its counterparts have "
                     f"one ({titles})", theirs,
                     fix=f"add the heading ({theirs[0][1].title!r} in {theirs[0][0].edition})")]
