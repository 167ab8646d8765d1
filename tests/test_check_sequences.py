"""Monolingual checks of round 4 that need no counterpart: a counted list broken by one number, and a caption
that reads as a sentence (a lost heading whose section's first sentence the reader took for it)."""

from __future__ import annotations

import pytest

from lawtools.check import sequences, structure
from lawtools.check.model import CheckContext, Place
from lawtools.model import Article, Node


def _place(text: str, language: str = "nb") -> Place:
    return Place(f"{language}-2000", language, "1", "1A", "text", text)


def _found(text: str, language: str = "nb") -> list:
    return sequences.check_places(CheckContext(None, []), [_place(text, language)])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "fix"),
    [
        ("Ess, konge, dame, knekt, 9, 9, 8, 7, 6, 5, 4, 3, 2.", "9 → 10"),   # 10 changed into 9
        ("de tallene 2, 3, 4, 4, 6 og 7", "4 → 5"),                              # doubled, joined by a list word
        ("in volgorde 8, 7, 6, 5, 5.", "5 → 4"),                               # the last one
        ("1, 2, 3, 9, 5, 6", "9 → 4"),                                         # out of line with both neighbours
    ],
)
def test_a_counted_list_broken_by_one_number(text, fix):
    assert [(f.code, f.suggestion) for f in _found(text)] == [("number-sequence", fix)]


@pytest.mark.parametrize(
    "text",
    [
        "Ess, konge, dame, knekt, 10, 9, 8, 7, 6, 5, 4, 3, 2.",   # counts evenly
        "lovene 1, 2, 3, 5 og 6",                                 # a list that skips on purpose
        "se 12, 13 og 15",                                        # too short to be a counted run
        "52 kort, 13 i hver av de fire farger",                   # numbers that are no list
    ],
)
def test_even_or_short_lists_are_not_reported(text):
    assert _found(text) == []


def _article(captions: list[tuple[str, str, str]]) -> Article:
    return Article("nb-2000", "nb", "18", "Budene", nodes=[Node(i, "section", "", t, text) for i, t, text in captions])


def test_a_caption_that_reads_as_a_sentence_over_no_text():
    lost = _article([("18A", "Bud", "Et bud angir antall trekk."), ("18B", "Måten å melde på", "En spiller melder."),
                     ("18C", "Et bud som opphever det siste budet, er et tilstrekkelig bud.", "")])
    others = {str(n): _article([(f"{n}A", f"Overskrift {n}", "Tekst.")] * 1) for n in range(1, 12)}
    found = structure._sentence_headings(lost, {"18": lost, **others})
    assert [(f.node, f.code) for f in found] == [("18C", "missing-heading")]
    # an edition whose captions often end with a full stop: nothing to tell
    dotted = {str(n): _article([(f"{n}A", f"Overskrift {n}.", "Tekst.")]) for n in range(1, 12)}
    assert structure._sentence_headings(lost, {"18": lost, **dotted}) == []


def test_a_caption_that_reads_as_a_sentence_over_the_rest_of_its_text():
    # the heading 'Utilstrekkelig bud' lost: the reader took the first sentence for it and the rest for the text
    lost = _article([("18A", "Bud", "Et bud angir antall trekk."),
                     ("18D", "Et bud som ikke opphever det siste foregående budet, er et utilstrekkelig bud.",
                      "Det er et lovbrudd å avgi et utilstrekkelig bud.")])
    others = {str(n): _article([(f"{n}A", f"Overskrift {n}", "Tekst.")]) for n in range(1, 40)}  # nb-2017: 63
    found = structure._sentence_headings(lost, {"18": lost, **others})
    assert [(f.node, f.code) for f in found] == [("18D", "missing-heading")]
    assert "no text of its own" not in found[0].message
