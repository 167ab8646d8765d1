"""The termbase as a glossary: one row per concept, one column per language, each term linked to where it occurs."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .escape import attr, text
from .links import GLOSSARY, href, law_page

_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*")
SHOWN_OCCURRENCES = 6


@dataclass(frozen=True)
class GlossaryTerm:
    """One term of a concept in one language, with the provisions (law, node id) where it occurs."""

    term: str
    status: str = "preferred"
    forms: tuple[str, ...] = ()
    note: str = ""
    occurrences: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class GlossaryConcept:
    """A concept: its id (the anchor), English label and terms per language."""

    id: str
    en: str
    note: str = ""
    terms: dict[str, list[GlossaryTerm]] = field(default_factory=dict)


def words(value: str) -> str:
    """Text as lowercase words separated by single spaces, padded with spaces (for whole-word lookups)."""
    return " " + " ".join(_WORD.findall(value.lower())) + " "


def occurrences(variants: tuple[str, ...], places: list[tuple[str, str, str]],
                index: dict[str, list[int]] | None = None) -> tuple[tuple[str, str], ...]:
    """(law, node) of each place whose words contain a variant as whole words; places are (law, node, words).
    index: `word_index(places)`, so that only the places holding a variant's first word are looked at (each
    term then costs what it finds, not a scan of every place of every edition)."""
    needles = [n for n in (words(v) for v in variants) if n.strip()]
    if index is None:
        chosen = places
    else:
        at = sorted(set().union(*(index.get(n.split()[0], ()) for n in needles))) if needles else []
        chosen = [places[i] for i in at]
    return tuple((law, node) for law, node, haystack in chosen if any(n in haystack for n in needles))


def word_index(places: list[tuple[str, str, str]]) -> dict[str, list[int]]:
    """word -> the positions in places (law, node, words) of the places that have it."""
    index: dict[str, list[int]] = {}
    for position, (_, _, haystack) in enumerate(places):
        for word in set(haystack.split()):
            index.setdefault(word, []).append(position)
    return index


def render_glossary(concepts: list[GlossaryConcept], languages: dict[str, str]) -> str:
    """The glossary page: concept x language, terms linked to their occurrences on the law pages."""
    head = "".join(f'<th lang="{attr(code)}">{text(name)}</th>' for code, name in languages.items())
    rows = []
    for concept in concepts:
        note = f'<p class="lt-muted">{text(concept.note)}</p>' if concept.note else ""
        cells = "".join(f'<td lang="{attr(code)}" data-language="{attr(name)}">'
                        f"{_terms(concept.terms.get(code, []))}</td>" for code, name in languages.items())
        rows.append(f'<tr id="{attr(concept.id)}"><th scope="row"><a class="lt-concept" href="#{attr(concept.id)}">'
                    f"{text(concept.en)}</a>{note}</th>{cells}</tr>")
    return "\n".join([
        "# Glossary {#glossary}", "",
        '<div class="lt-lead"><p>The termbase (<code>corpus/terms.yaml</code>): each concept of the Laws with the '
        "terms every language uses for it. Preferred terms are in bold, variants plain, deprecated terms struck "
        "through. The provisions under a term are where it occurs in the corpus.</p></div>", "",
        f'<table class="lt-table lt-glossary"><thead><tr><th>Concept</th>{head}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>', ""])


def _terms(terms: list[GlossaryTerm]) -> str:
    out = []
    for term in terms:
        shown = f"<strong>{text(term.term)}</strong>" if term.status == "preferred" else (
            f"<del>{text(term.term)}</del>" if term.status == "deprecated" else text(term.term))
        title = f' title="{attr(term.note)}"' if term.note else ""
        forms = f' <span class="lt-muted">({text(", ".join(term.forms))})</span>' if term.forms else ""
        found = [f'<a href="{attr(href(GLOSSARY, law_page(law), node))}">{text(node)}</a>'
                 for law, node in term.occurrences[:SHOWN_OCCURRENCES]]
        more = len(term.occurrences) - SHOWN_OCCURRENCES
        if more > 0:
            found.append(f'<span class="lt-muted">+{more}</span>')
        where = f'<span class="lt-occurs">{" ".join(found)}</span>' if found else ""
        out.append(f'<div class="lt-term lt-{attr(term.status)}"{title}>{shown}{forms}{where}</div>')
    return "".join(out)
