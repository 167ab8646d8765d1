"""A law's differences page: each provision's texts side by side with what differs marked in them.

Takes the JSON shape of `lawtools.diff` (`DiffResult.to_dict()`); a provision without `texts` (an older
shape) still gets its list of differences. Across languages the page marks what can be compared without
translating: the references, the numbers and the termbase's terms one edition has and another lacks;
within a language, word by word (`text_diffs`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .escape import attr, text
from .links import GLOSSARY, SiteMap, diff_page, href, law_page
from .render import EditionLabel, provision_link

# The kinds of difference lawtools.diff reports, by the words its notes begin with.
KINDS = (("structure", ("present in", "sections:", "items:", "sub-items:", "caption only", "children")),
         ("references", ("references:",)), ("numbers", ("numbers:",)), ("terms", ("concept ",)),
         ("footnotes", ("footnote",)))


@dataclass
class DiffMarks:
    """What the page marks inside texts: each edition's references as printed (edition -> node -> words) and
    each concept's terms in each language (concept -> language -> terms and forms)."""

    refs: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    terms: dict[str, dict[str, list[str]]] = field(default_factory=dict)


def kind_of(note: str) -> str:
    """The kind of a difference note ('references: ...' -> references), 'other' when it is none of them."""
    for kind, starts in KINDS:
        if note.startswith(starts):
            return kind
    return "other"


_CONCEPT = re.compile(r"^concept (?P<id>[a-z0-9-]+):")
_CONCEPT_WHERE = re.compile(r"^concept (?P<id>[a-z0-9-]+): in (?P<having>[^;]+)")
_NUMBER = re.compile(r"(?<!\w)\d+(?!\w)")


def render_diff(result: dict, title_en: str, editions: dict[str, EditionLabel], sitemap: SiteMap,
                concepts: set[str] = frozenset(), marks: DiffMarks | None = None) -> str:
    """A law's differences page: a summary by kind, each differing provision with its texts side by side
    (differences marked), the provisions alike, and the wording changes within a language."""
    law = result["citation"]
    src = diff_page(law)
    names = {e: editions[e].label if e in editions else e for e in result["editions"]}
    provisions = result["provisions"]
    differing = [p for p in provisions if p.get("differences")]
    reworded = [p for p in provisions if any(d["similarity"] < 1 for d in p.get("text_diffs", []))]
    counts: dict[str, int] = {}
    for provision in differing:
        for kind in dict.fromkeys(kind_of(n) for n in provision["differences"]):
            counts[kind] = counts.get(kind, 0) + 1
    by_kind = ", ".join(f"{n} in {kind}" for kind, n in counts.items())
    parts = [f"# Differences · Law {text(law)} {{#differences}}", "",
             '<div class="lt-lead">', f'<p class="lt-subtitle">{text(title_en)}</p>' if title_en else "",
             f'<p>Law {text(law)} compared in {len(result["editions"])} editions: '
             + ", ".join(f'<span lang="{attr(result.get("languages", {}).get(e, ""))}">{text(names[e])}</span>'
                         for e in result["editions"])
             + f'. <a href="{attr(href(src, law_page(law)))}">Read the law side by side</a>.</p>',
             f"<p>{len(differing)} of {len(provisions)} provisions differ"
             + (f" ({text(by_kind)})" if by_kind else "")
             + (f"; {len(reworded)} are worded differently within a language" if reworded else "") + ". "
             "In the texts below, <mark class=\"lt-m lt-m-ref\">references</mark>, "
             "<mark class=\"lt-m lt-m-num\">numbers</mark> and <mark class=\"lt-m lt-m-term\">terms</mark> "
             "that differ between the editions are marked.</p>",
             "</div>", ""]
    if differing:
        blocks = "\n".join(_provision(result, p, names, src, sitemap, concepts, marks or DiffMarks())
                           for p in differing)
        parts += ["## Provisions that differ {#provisions}", "", blocks, ""]
    same = [p["id"] for p in provisions if not p.get("differences")]
    if same:
        links = " ".join(provision_link(src, sitemap, i) for i in same)
        parts += ["## Provisions alike in every edition {#alike}", "", f'<p class="lt-id-list">{links}</p>', ""]
    if reworded:
        parts += ["## Wording within a language {#wording}", "", _wording(reworded, names, src, sitemap), ""]
    return "\n".join(parts)


def _difference(note: str, src: str, concepts: set[str]) -> str:
    """One difference as HTML, its concept linked to the glossary when the glossary has it."""
    match = _CONCEPT.match(note)
    if not match or match["id"] not in concepts:
        return text(note)
    link = f'<a href="{attr(href(src, GLOSSARY, match["id"]))}">{text(match["id"])}</a>'
    return f"concept {link}{text(note[match.end('id'):])}"


def _provision(result: dict, provision: dict, names: dict[str, str], src: str, sitemap: SiteMap,
               concepts: set[str], marks: DiffMarks) -> str:
    """One differing provision: its id, the differences in words, and each edition's text with marks."""
    notes = provision["differences"]
    kinds = {kind_of(n) for n in notes}
    items = "".join(f'<li data-kind="{kind_of(n)}">{_difference(n, src, concepts)}</li>' for n in notes)
    texts = provision.get("texts") or {}
    titles = provision.get("titles") or {}
    languages = result.get("languages", {})
    cells = []
    if texts or titles:
        for edition in result["editions"]:
            present = provision.get("present", {}).get(edition)
            head = f'<p class="lt-diff-edition">{text(names[edition])}</p>'
            if not present:
                cells.append(f'<div class="lt-diff-text lt-diff-absent">{head}'
                             '<p><span class="lt-absent">—</span> not in this edition</p></div>')
                continue
            spans = _spans(texts.get(edition, ""), edition, languages.get(edition, ""), provision, kinds, marks)
            caption = f"<strong>{text(titles[edition])}</strong> " if titles.get(edition) else ""
            cells.append(f'<div class="lt-diff-text" lang="{attr(languages.get(edition, ""))}">{head}'
                         f"<p>{caption}{_marked(texts.get(edition, ''), spans)}</p></div>")
    # the texts are indexed for search on the law pages, not again here
    grid = (f'<section data-search-exclude><div class="lt-diff-texts" style="--lt-cols: {len(cells)}">'
            f'{"".join(cells)}</div></section>' if cells else "")
    return (f'<section class="lt-diff-provision" id="{attr(provision["id"])}" aria-label="{attr(provision["id"])}">'
            f'<p class="lt-diff-id">{provision_link(src, sitemap, provision["id"])}</p>'
            f'<ul class="lt-diff-notes">{items}</ul>{grid}</section>')


def _spans(value: str, edition: str, language: str, provision: dict, kinds: set[str],
           marks: DiffMarks) -> list[tuple[int, int, str, str]]:
    """(start, end, css, title) of what to mark in one edition's text, never overlapping."""
    found: list[tuple[int, int, str, str]] = []
    if "references" in kinds:
        for words in marks.refs.get(edition, {}).get(provision["id"], []):
            start = value.find(words)
            if words and start >= 0:
                found.append((start, start + len(words), "lt-m-ref", "reference"))
    if "numbers" in kinds:
        found += [(m.start(), m.end(), "lt-m-num", "number") for m in _NUMBER.finditer(value)]
    if "terms" in kinds:
        for note in provision["differences"]:
            match = _CONCEPT_WHERE.match(note)
            if not match or edition not in {e.strip() for e in match["having"].split(",")}:
                continue
            for term in marks.terms.get(match["id"], {}).get(language, []):
                for hit in re.finditer(rf"(?<!\w){re.escape(term)}(?!\w)", value, re.IGNORECASE):
                    found.append((hit.start(), hit.end(), "lt-m-term", f"term: {match['id']}"))
    found.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    kept, end = [], -1
    for span in found:
        if span[0] >= end:
            kept.append(span)
            end = span[1]
    return kept


def _marked(value: str, spans: list[tuple[int, int, str, str]]) -> str:
    out, cursor = [], 0
    for start, end, css, title in spans:
        out.append(text(value[cursor:start]))
        out.append(f'<mark class="lt-m {css}" title="{attr(title)}">{text(value[start:end])}</mark>')
        cursor = end
    out.append(text(value[cursor:]))
    return "".join(out).replace("\n", "<br>")


def _wording(provisions: list[dict], names: dict[str, str], src: str, sitemap: SiteMap) -> str:
    """Word-level changes between two editions in one language: the two texts side by side, deleted and
    inserted words marked (and named, for screen readers)."""
    blocks = []
    for provision in provisions:
        for change in provision["text_diffs"]:
            if change["similarity"] >= 1:
                continue
            old_words, new_words = [], []
            for op, old, new in change["ops"]:
                if op == "equal":
                    old_words.append(text(old))
                    new_words.append(text(new))
                    continue
                if old:
                    old_words.append(f"<del>{text(old)}</del>")
                if new:
                    new_words.append(f"<ins>{text(new)}</ins>")
            a, b = names.get(change["a"], change["a"]), names.get(change["b"], change["b"])
            blocks.append(
                f'<div class="lt-wording"><p class="lt-wording-head">{provision_link(src, sitemap, provision["id"])} '
                f'{text(a)} → {text(b)} <span class="lt-muted">{change["similarity"]:.0%} alike</span></p>'
                f'<div class="lt-diff-texts" style="--lt-cols: 2"><div class="lt-diff-text">'
                f'<p class="lt-diff-edition">{text(a)}</p><p>{" ".join(old_words)}</p></div>'
                f'<div class="lt-diff-text"><p class="lt-diff-edition">{text(b)}</p>'
                f'<p>{" ".join(new_words)}</p></div></div></div>')
    return "\n".join(blocks)
