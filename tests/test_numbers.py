"""Quantities in provision text: trick counts, ordinal tricks, card counts, percentages."""

from __future__ import annotations

import pytest

from lawtools.numbers import quantities


@pytest.mark.parametrize(
    ("language", "text", "labels"),
    [
        ("sv", "om revoken skedde i det tolfte sticket.", ["12th trick"]),
        ("sv", "Har en motspelare två eller fler straffkort", ["2 cards"]),
        ("sv", "se lag 64 och lag 12", []),
        ("sv", "5. Ett straffkort kan behöva spelas", []),
        ("nb", "mer enn13 kort og høyst 40% av poengene", ["13 cards", "40%"]),
        ("de", "Revoke im zwölften Stich; eine fünfte Karte", ["12th trick", "5th card"]),
        ("de", "siehe § 64", []),
        ("nl", "samen met één slag; de dertiende slag", ["1 trick", "13th trick"]),
    ],
    ids=["sv-twelfth", "sv-two-cards", "sv-citations", "sv-item-label", "nb-digits", "de-ordinals", "de-paragraph",
         "nl-een"],
)
def test_quantities(language, text, labels):
    assert [q.label for q in quantities(text, language)] == labels


def test_unknown_language_has_no_quantities():
    assert quantities("12 cards", "xx") == []
