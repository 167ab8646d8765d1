"""Comparing one law or provision across editions: structure, references, terminology, numbers, wording.

`diff(corpus, "64")` aligns the provisions of every edition that has the law by node id (or, given the
stored concordance, by counterpart: 2007 57C2 beside 2017 57C3) and reports,
per provision: where it exists, how many children it has and its caption, the references it makes,
the termbase concepts it uses, the quantities it mentions, and, for editions that share a language,
a word-level diff of the text. Renderers for people (`render_diff_table`, `render_diff_markdown`) are
pure functions of the result; `DiffResult.to_dict()` is the JSON shape for `--json` and the site.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import asdict, dataclass, field

from .citation import Citation, node_sort_key
from .concepts import with_implied
from .errors import NotFound
from .model import Article, Node
from .numbers import quantities
from .records import Corpus
from .termbase import Termbase

_TOKEN = re.compile(r"\w+(?:[-']\w+)*|[^\w\s]", re.UNICODE)
_CHILD_NAMES = {"section": "sections", "item": "items", "subitem": "sub-items", "subsubitem": "sub-sub-items"}


@dataclass
class TextDiff:
    """A word-level diff of one provision between two editions in the same language."""

    a: str
    b: str
    similarity: float
    ops: list[tuple[str, str, str]]  # (op, words in a, words in b); op is equal, replace, delete or insert


@dataclass
class ProvisionDiff:
    """One aligned provision across the compared editions."""

    id: str
    depth: int
    present: dict[str, bool]
    titles: dict[str, str] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    children: dict[str, int] = field(default_factory=dict)
    child_kind: str = ""
    refs: dict[str, list[str]] = field(default_factory=dict)
    concepts: dict[str, list[str]] = field(default_factory=dict)
    numbers: dict[str, list[str]] = field(default_factory=dict)
    footnotes: dict[str, list[str]] = field(default_factory=dict)
    differences: list[str] = field(default_factory=list)
    text_diffs: list[TextDiff] = field(default_factory=list)
    ids: dict[str, str] = field(default_factory=dict)  # edition -> its counterpart's id, when paired by content

    @property
    def differs(self) -> bool:
        """True when the editions differ in anything but wording across languages."""
        return bool(self.differences)


@dataclass
class DiffResult:
    """A law or provision compared across editions."""

    citation: str
    editions: list[str]
    languages: dict[str, str]
    titles: dict[str, str]
    absent: list[str]
    provisions: list[ProvisionDiff]

    @property
    def summary(self) -> list[str]:
        """Every difference, prefixed with the provision it concerns."""
        return [f"{p.id}: {note}" for p in self.provisions for note in p.differences]

    def to_dict(self) -> dict:
        """Plain data for JSON: the whole result plus the summary."""
        data = asdict(self)
        data["summary"] = self.summary
        for provision, item in zip(self.provisions, data["provisions"], strict=True):
            item["differs"] = provision.differs
        return data


def diff(corpus: Corpus, citation: Citation | str, editions: list[str] | None = None,
         termbase: Termbase | None = None, concordance=None) -> DiffResult:
    """Compare the cited law or provision in the selected editions (all editions with records by default).

    With the concordance, each row pairs counterparts (led by the first edition that has the provision)
    and notes renumberings and ids that hold a different rule in another edition.
    """
    citation = Citation.parse(citation) if isinstance(citation, str) else citation
    selected = [corpus.check_edition(e) for e in dict.fromkeys(editions)] if editions else corpus.editions()
    if editions and len(selected) < 2:
        raise NotFound(f"compare two or more editions, not only {', '.join(selected) or 'none'}; "
                       f"editions with records: {', '.join(corpus.editions())}")
    articles = {e: corpus.article(e, citation.law) for e in selected}
    having = [e for e in selected if articles[e] is not None]
    if not having:
        raise NotFound(f"no edition of {', '.join(selected)} has law {citation.law}; laws with records: "
                       f"{', '.join(corpus.laws())}")
    ids = _provision_ids(citation, {e: articles[e] for e in having})
    if not ids:
        raise NotFound(f"{citation} is not a provision of any edition compared ({', '.join(having)}); "
                       f"provisions of law {citation.law}: {', '.join(corpus.all_node_ids(citation.law))}")
    languages = {e: corpus.language(e) for e in having}
    years = {e: corpus.edition_info[e].get("year") for e in having}
    if termbase is None:
        from .corpus_terms import termbase_for

        termbase = termbase_for(corpus.manifest.corpus_dir)
    concept_finder = _ConceptFinder(termbase, languages)
    provisions = []
    rows = [(i, {e: i for e in having}) for i in ids]
    notes: dict[str, list[str]] = {}
    if concordance is not None and len(having) > 1:
        rows, notes = _counterpart_rows(corpus, concordance, ids, {e: articles[e] for e in having})
    for node_id, row_ids in rows:
        provision = _compare(node_id, {e: articles[e] for e in having}, languages, concept_finder, years, row_ids)
        if concordance is not None and len(having) > 1:
            provision.ids = {e: i for e, i in row_ids.items() if i is not None}
            provision.differences[:0] = notes.get(node_id, [])
        provisions.append(provision)
    context = [_compare(str(a), {e: articles[e] for e in having}, languages, concept_finder, years)
               for a in citation.ancestors()]
    _note_concept_differences(provisions, context)
    return DiffResult(
        citation=str(citation),
        editions=having,
        languages=languages,
        titles={e: articles[e].title for e in having},
        absent=[e for e in selected if articles[e] is None],
        provisions=provisions,
    )


def _provision_ids(citation: Citation, articles: dict[str, Article]) -> list[str]:
    ids = {citation.law} if citation.parent is None else set()
    for article in articles.values():
        for node_id in article.node_ids():
            node = Citation.try_parse(node_id)
            if node is not None and citation.contains(node):
                ids.add(node_id)
    return sorted(ids, key=node_sort_key)


class _ConceptFinder:
    """Concept ids per text, with the edition language's term matcher (spaCy imported only when a diff needs it)."""

    def __init__(self, termbase: Termbase, languages: dict[str, str]):
        self.termbase = termbase
        self.languages = languages
        self._memo: dict[tuple[str, str], list[str]] = {}  # (language, text): editions often share a text

    def concepts(self, edition: str, text: str) -> list[str]:
        if not text.strip():
            return []
        key = (self.languages[edition], text)
        if key not in self._memo:
            from .terms_match import matcher_for

            hits = matcher_for(self.termbase, key[0]).find(text)
            self._memo[key] = sorted({hit.concept for hit in hits})
        return list(self._memo[key])


def _counterpart_rows(corpus: Corpus, conc, ids: list[str], articles: dict[str, Article]):
    """Rows pairing counterparts: (row id, {edition: its node id or None}) and notes per row."""
    from .concordance.views import equivalence, mapped_ids, same_id_warnings

    editions = list(articles)
    has = {e: {articles[e].law, *articles[e].node_ids()} for e in editions}
    reference = next(e for e in editions if any(i in has[e] for i in ids))
    used: dict[str, set[str]] = {e: set() for e in editions}
    rows, notes = [], {}
    for node_id in ids:
        if node_id not in has[reference]:
            continue
        row = {reference: node_id}
        for e in editions[1:] if editions[0] == reference else [x for x in editions if x != reference]:
            mapped, relation = mapped_ids(conc, reference, node_id, e)
            if relation is None:  # pair not covered: by id
                mapped = [node_id] if node_id in has[e] else []
            here = [i for i in mapped if i in has[e]]
            row[e] = here[0] if here else None
            used[e].update(here)
            for link in conc.counterparts(reference, node_id):
                if link.to_edition == e and link.to_node and link.to_node != node_id:
                    notes.setdefault(node_id, []).append(f"counterpart {equivalence(corpus, link)} "
                                                         f"({link.relation}, {link.score:.2f})")
        rows.append((node_id, row))
    for node_id in ids:  # provisions of other editions no row pairs: new ones
        for e in editions:
            if e != reference and node_id in has[e] and node_id not in used[e]:
                rows.append((node_id, {x: (node_id if x == e else None) for x in editions}))
                used[e].add(node_id)
    rows.sort(key=lambda r: node_sort_key(r[0]))
    for node_id, _ in rows:
        warned = same_id_warnings(corpus, conc, reference, [node_id], [e for e in editions if e != reference])
        notes.setdefault(node_id, []).extend(warned)
    return rows, notes


def _compare(node_id: str, articles: dict[str, Article], languages: dict[str, str],
             finder: _ConceptFinder, years: dict[str, object] | None = None,
             row_ids: dict[str, str | None] | None = None) -> ProvisionDiff:
    nodes: dict[str, Node | None] = {}
    row_ids = row_ids or {e: node_id for e in articles}
    for edition, article in articles.items():
        own = row_ids.get(edition)
        nodes[edition] = None if own is None or own == article.law else article.find(own)
    present = {e: (row_ids.get(e) is not None) and (row_ids[e] == articles[e].law or nodes[e] is not None)
               for e in articles}
    result = ProvisionDiff(id=node_id, depth=Citation.parse(node_id).depth, present=present)
    kinds = Counter()
    for edition, article in articles.items():
        if not present[edition]:
            continue
        node = nodes[edition]
        title = article.title if node is None else node.title
        text = article.intro if node is None else node.text
        children = article.nodes if node is None else node.children
        own = row_ids[edition]
        notes = [f.text for f in article.footnotes if f.node == own or own in f.nodes]
        result.titles[edition] = title
        result.texts[edition] = text
        result.children[edition] = len(children)
        kinds.update(child.kind for child in children)
        result.refs[edition] = sorted({r.target for r in article.refs if r.node == own}, key=node_sort_key)
        result.footnotes[edition] = notes
        full = "\n".join(part for part in (title, text, *notes) if part)
        result.concepts[edition] = finder.concepts(edition, full)
        result.numbers[edition] = [q.label for q in quantities("\n".join([text, *notes]), languages[edition])]
    result.child_kind = kinds.most_common(1)[0][0] if kinds else ""
    result.differences = _differences(result)
    result.text_diffs = _text_diffs(result, languages, years or {})
    return result


def _differences(p: ProvisionDiff) -> list[str]:
    notes = []
    absent = [e for e, here in p.present.items() if not here]
    if absent:
        having = [e for e, here in p.present.items() if here]
        notes.append(f"present in {', '.join(having)}; absent from {', '.join(absent)}")
    editions = [e for e, here in p.present.items() if here]
    if len(editions) < 2:
        return notes
    if len(set(p.children[e] for e in editions)) > 1:
        name = _CHILD_NAMES.get(p.child_kind, "children")
        counts = sorted(editions, key=lambda e: p.children[e])
        notes.append(f"{name}: " + ", ".join(f"{p.children[e]} in {e}" for e in counts))
    captions = [e for e in editions if p.titles.get(e)]
    if p.depth >= 2 and captions and len(captions) < len(editions):
        notes.append(f"caption only in {', '.join(captions)}")
    if len({tuple(p.refs[e]) for e in editions}) > 1:
        notes.append("references: " + "; ".join(f"{e} {', '.join(p.refs[e]) or '—'}" for e in editions))
    if len({tuple(sorted(p.numbers[e])) for e in editions}) > 1:
        notes.append("numbers: " + "; ".join(f"{e} {', '.join(p.numbers[e]) or '—'}" for e in editions))
    footnoted = [e for e in editions if p.footnotes[e]]
    if footnoted and len(footnoted) < len(editions):
        notes.append(f"footnote only in {', '.join(footnoted)}")
    return notes


def _note_concept_differences(provisions: list[ProvisionDiff], context: list[ProvisionDiff]) -> None:
    """Note a concept one edition's provision uses when another edition has it nowhere near that provision.

    'Near' is the provision itself, the provisions above it (also those outside the compared citation,
    given as `context`) and those below it: translations move words between a section's text and its
    items, and that is no difference worth showing. A concept counts as near when one it implies is
    there ('major penalty card' covers 'penalty card').
    """
    for p in provisions:
        editions = [e for e, here in p.present.items() if here]
        if len(editions) < 2:
            continue
        citation = Citation.parse(p.id)
        near = [q for q in [*context, *provisions] if Citation.parse(q.id).contains(citation)
                or citation.contains(Citation.parse(q.id))]
        around = {e: with_implied(c for q in near for c in q.concepts.get(e, [])) for e in editions}
        notes = []
        for concept in sorted({c for e in editions for c in p.concepts[e]}):
            having = [e for e in editions if concept in p.concepts[e]]
            lacking = [e for e in editions if concept not in around[e]]
            if lacking:
                notes.append(f"concept {concept}: in {', '.join(having)}; not in {', '.join(lacking)}")
        position = next((i for i, n in enumerate(p.differences) if n.startswith("numbers")), len(p.differences))
        p.differences[position:position] = notes


def reference_pairs(editions: list[str], languages: dict[str, str], years: dict[str, object]) -> list[tuple[str, str]]:
    """Which editions' wording is compared: linear in the editions, not every pair.

    Within a language, the first edition of each year (in the order given) is that year's reference: every
    other edition of the language and year is compared with it, and the references of one language are
    compared with each other (a handful of Laws years). Two editions in one language and year give the one
    pair; with many editions the count grows with the editions, not with their pairs.
    """
    references: dict[tuple[str, object], str] = {}
    pairs = []
    for edition in editions:
        group = (languages[edition], years.get(edition))
        if group in references:
            pairs.append((references[group], edition))
            continue
        pairs += [(ref, edition) for (language, _), ref in references.items() if language == group[0]]
        references[group] = edition
    return sorted(pairs, key=lambda pair: (editions.index(pair[0]), editions.index(pair[1])))


def _text_diffs(p: ProvisionDiff, languages: dict[str, str], years: dict[str, object]) -> list[TextDiff]:
    editions = [e for e, here in p.present.items() if here]
    memo: dict[tuple[str, str], TextDiff] = {}  # editions sharing a text share its diff
    diffs = []
    for a, b in reference_pairs(editions, languages, years):
        text_a = "\n".join(x for x in (p.titles.get(a, ""), p.texts.get(a, "")) if x)
        text_b = "\n".join(x for x in (p.titles.get(b, ""), p.texts.get(b, "")) if x)
        if (text_a, text_b) not in memo:
            memo[text_a, text_b] = word_diff(a, text_a, b, text_b)
        found = memo[text_a, text_b]
        diffs.append(TextDiff(a=a, b=b, similarity=found.similarity, ops=found.ops))
    return diffs


def word_diff(a: str, text_a: str, b: str, text_b: str) -> TextDiff:
    """A word-level diff of two texts (punctuation marks count as words)."""
    words_a, words_b = _TOKEN.findall(text_a), _TOKEN.findall(text_b)
    matcher = difflib.SequenceMatcher(a=words_a, b=words_b, autojunk=False)
    ops = [(op, _join(words_a[i1:i2]), _join(words_b[j1:j2])) for op, i1, i2, j1, j2 in matcher.get_opcodes()]
    return TextDiff(a=a, b=b, similarity=round(matcher.ratio(), 3), ops=ops)


def _join(words: list[str]) -> str:
    text = " ".join(words)
    return re.sub(r" (?=[.,;:!?)\]])|(?<=[(\[]) ", "", text)
