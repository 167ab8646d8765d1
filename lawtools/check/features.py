"""What the cross-edition checks compare in a provision: language-neutral features of its text.

A provision's features are the termbase concepts it names, the provisions it cites, the numbers it
states (digits and number words), how many sentences it has, its length, how it ends, and whether it
has a heading. They are computed once per check run and shared by the pairing and every check.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from ..citation import Citation
from ..concepts import with_implied
from ..numbers import Number, numbers_in
from ..yamlio import package_data
from .model import CheckContext, Place, excerpt

_DOUBLED_WORDS = re.compile(r"\b(\w+(?:\s+\w+){0,7})(?:\s+\1\b)+", re.IGNORECASE)  # 'the the', 'at the at the'
_SENTENCE_END = re.compile(r"(?<![\s.][^\W\d_])(?<!\b\d)[.!?:;](?=\s+[^\W\d_(\"„”“«]|\s*$)")


@dataclass
class Feature:
    """The features of one provision of one edition."""

    edition: str
    law: str
    node: str
    text: str
    title: str = ""
    concepts: set[str] = field(default_factory=set)
    preferred: set[str] = field(default_factory=set)
    refs: set[str] = field(default_factory=set)
    numbers: set[int] = field(default_factory=set)
    number_list: list[Number] = field(default_factory=list)
    maybe_numbers: set[int] = field(default_factory=set)  # ambiguous words that may be these numbers
    ordinals: set[int] = field(default_factory=set)  # ordinal words of text and caption, 'first' included
    maybe_ordinals: set[int] = field(default_factory=set)  # ambiguous words that may be these ordinals
    maybe_list: list[Number] = field(default_factory=list)  # the ambiguous number words of the text
    caption_numbers: set[int] = field(default_factory=set)  # numbers in the caption (German items have one)
    terms: dict[str, str] = field(default_factory=dict)  # concept -> the term this provision uses
    ordinal_terms: set[tuple[int, str]] = field(default_factory=set)  # (n, concept): the nth C (ordinal_terms.py)
    ordinal_list: list = field(default_factory=list)  # where the text states them (ordinal_terms.OrdinalTerm)

    @property
    def length(self) -> int:
        """Characters of text."""
        return len(self.text)

    @property
    def sentences(self) -> int:
        """Sentences (and clauses ended by a colon or semicolon) in the text."""
        return len(_SENTENCE_END.findall(self.text)) if self.text else 0

    def sentence_texts(self) -> list[str]:
        """The text cut into its sentences (as `sentences` counts them), each stripped."""
        cuts = [0, *(m.end() for m in _SENTENCE_END.finditer(self.text)), len(self.text)]
        return [piece for a, b in zip(cuts, cuts[1:], strict=False) if (piece := self.text[a:b].strip())]

    @cached_property
    def unrepeated(self) -> tuple[int, int]:
        """(length, sentences) without the text's own repeats: a word or a few words doubled ('the the') and a
        sentence that stands twice count once. A counterpart's repeat is its own slip (the repetition checks report
        it), not text this provision lacks."""
        seen, dropped, text = set(), 0, self.text
        for sentence in self.sentence_texts():
            if sentence in seen:
                dropped += 1
                text = text.replace(" " + sentence, "", 1)
            seen.add(sentence)
        text = _DOUBLED_WORDS.sub(r"\1", text)
        return len(text), max(self.sentences - dropped, 0)

    @property
    def unfinished(self) -> bool:
        """True when the text stops on a letter: cut off in the source, or running on into the next provision."""
        return self.text.rstrip()[-1:].isalpha()

    @property
    def end(self) -> str:
        """The text's last character when it is punctuation, else ''."""
        last = self.text.rstrip()[-1:]
        return last if last and not last.isalnum() else ""

    def quote(self, start: int | None = None, end: int | None = None) -> str:
        """The text (the caption when it has none) to show beside a finding: its opening, or the span around
        start..end."""
        text = self.text or self.title
        if start is None:
            return text[:100] + ("…" if len(text) > 100 else "")
        return excerpt(text, start, end)


def cited_spans(text: str, refs) -> list[tuple[int, int]]:
    """Where each citation of `refs` stands in the text, every time it does: spans its numbers are not counted in."""
    spans = []
    for ref in refs:
        at = text.find(ref.raw)
        while at >= 0:
            spans.append((at, at + len(ref.raw)))
            at = text.find(ref.raw, at + 1)
    return spans


def term_hits(context: CheckContext, edition: str, nested: bool = False) -> list[tuple[Place, object]]:
    """Every termbase term found in the edition's places, as (place, hit), matched once per check run. With
    `nested`, also the terms standing within a longer term of another concept (`TermHit.inside`)."""
    key = ("hits", edition, nested)
    if key not in context._cache:
        from ..terms_match import matcher_for

        language = context.corpus.language(edition)
        if not has_terms(context, language):
            context.note(edition, f"the termbase has no terms in language {language!r}: terminology is not checked")
            context._cache[key] = []
            return []
        places = context.places(edition)
        # what a text's terms are depends on the text alone: each distinct text is matched once per run (an
        # edition's clones, a repeated sentence), and not at all when the caller's memo has it (HIT_MEMO)
        memo = context._cache.setdefault(HIT_MEMO, {}).setdefault((language, nested), {})
        todo = list(dict.fromkeys(p.text for p in places if p.text not in memo))
        if todo:
            matcher = matcher_for(context.termbase, language)
            memo.update(zip(todo, (tuple(found) for found in matcher.find_many(todo, nested=nested)), strict=True))
        context._cache[key] = [(place, hit) for place in places for hit in memo[place.text]]
    return context._cache[key]


# The key in CheckContext._cache of the term hits known by text: {(language, nested): {text: (TermHit, ...)}}. A
# caller may fill it before the run (run_checks_with_notes' `memo`) with the hits of an earlier run of the same
# termbase and code, and keep it afterwards; the checks only add to it.
HIT_MEMO = "hit-memo"


def has_terms(context: CheckContext, language: str) -> bool:
    """True when the termbase names concepts in this language (English: by their labels, Concept.terms_in)."""
    return any(c.terms_in(language) for c in context.termbase.concepts)


class Features:
    """Features of every provision of every edition, built lazily per edition."""

    def __init__(self, context: CheckContext):
        self.context = context
        self._by_edition: dict[str, dict[str, Feature]] = {}

    def by_edition(self, edition: str) -> dict[str, Feature]:
        """Each provision's features, keyed by node id."""
        if edition not in self._by_edition:
            self._by_edition[edition] = self._build(edition)
        return self._by_edition[edition]

    def get(self, edition: str, node_id: str) -> Feature | None:
        """The features of one provision, or None when the edition does not have it (or it has no text)."""
        return self.by_edition(edition).get(node_id)

    def has(self, edition: str, node_id: str) -> bool:
        """True when the edition has this provision."""
        return node_id in self.by_edition(edition)

    def related(self, edition: str, node_id: str) -> list[Feature]:
        """The provision, its ancestors and its descendants (a translation may move a clause up or down)."""
        key = ("related", edition)
        index = self.context._cache.get(key)
        if index is None:
            index = {}
            for other in self.by_edition(edition):
                citation = Citation.try_parse(other)
                for ancestor in citation.ancestors() if citation else ():
                    index.setdefault(str(ancestor), set()).add(other)
                    index.setdefault(other, set()).add(str(ancestor))
            self.context._cache[key] = index
        features = self.by_edition(edition)
        return [features[i] for i in {node_id, *index.get(node_id, ())} if i in features]

    def around(self, edition: str, node_id: str, attribute: str) -> set:
        """The union of one feature over the provision, its ancestors and descendants."""
        return set().union(*(getattr(f, attribute) for f in self.related(edition, node_id)))

    def within(self, edition: str, node_id: str, attribute: str) -> set:
        """The union of one feature over the provision and its descendants."""
        citation = Citation.try_parse(node_id)
        return set().union(*(getattr(f, attribute) for f in self.related(edition, node_id)
                             if f.node == node_id or (citation and Citation.try_parse(f.node)
                                                      and citation.contains(Citation.parse(f.node)))))

    def _build(self, edition: str) -> dict[str, Feature]:
        language = self.context.corpus.language(edition)
        found: dict[str, Feature] = {}
        for article in self.context.articles(edition).values():
            refs = defaultdict(list)
            for ref in article.refs:
                refs[ref.node].append(ref)
            for node in article.walk():
                if not node.text and not node.title:
                    continue
                feature = Feature(edition, article.law, node.id, node.text, node.title)
                feature.refs.update(ref.target for ref in refs.get(node.id, ()))
                skip = cited_spans(node.text, refs.get(node.id, ()))
                maybe: list[Number] = []
                feature.number_list = numbers_in(node.text, language, skip, maybe)
                feature.caption_numbers = {n.value for n in numbers_in(node.title, language, (), maybe)
                                           if n.value > 1}
                feature.maybe_numbers = {n.value for n in maybe}
                feature.ordinals = {n.value for n in feature.number_list if n.ordinal} | {
                    n.value for n in numbers_in(node.title, language, ()) if n.ordinal}
                feature.maybe_ordinals = {n.value for n in maybe if n.ordinal}
                feature.maybe_list = [n for n in maybe if n.ordinal]
                # 'one' and 'first' are often implicit ('the opening lead'): only 2 and above are compared
                feature.numbers = {n.value for n in feature.number_list if n.value > 1}
                found[node.id] = feature
        stated = {str(k): int(v) for k, v in package_data("check.yaml").get("ordinal_concepts", {}).items()}
        for place, hit in term_hits(self.context, edition):
            feature = found.get(place.node)
            if feature is None or place.field not in ("text", "caption"):
                continue
            feature.concepts.update(with_implied([hit.concept]))
            if hit.concept in stated and place.field == "text":  # 'åpningsutspill' states the first (lead)
                feature.ordinals.add(stated[hit.concept])
            if hit.status == "preferred":
                feature.preferred.update(with_implied([hit.concept]))
            feature.terms.setdefault(hit.concept, hit.text)
        from .ordinal_terms import annotate

        annotate(self.context, edition, found)
        return found


def usual_end(features: dict[str, Feature]) -> Counter:
    """How the edition's provisions end (punctuation mark -> count)."""
    return Counter(f.end for f in features.values() if f.text)
