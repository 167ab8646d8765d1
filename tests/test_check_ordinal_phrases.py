"""An ordinal that breaks a phrase the edition uses elsewhere with another one (lawtools/check/ordinal_phrases.py)."""

from __future__ import annotations

from lawtools.check.model import Place
from lawtools.check.ordinal_phrases import check_places


def _places(*texts: str, language: str = "nb") -> list[Place]:
    return [Place("nb-2017", language, str(i), f"{i}A", "text", text) for i, text in enumerate(texts, 1)]


def test_the_second_call_where_the_edition_says_the_first_call_is_made():
    found = check_places(_places("Meldeperioden begynner når den første meldingen er avgitt.",
                                 "Får spilleren informasjon etter at den andre meldingen er avgitt, følger TL 2c)."))
    # each phrase stands once: the reviser cannot tell which slipped, so both are named
    assert sorted((f.node, f.code) for f in found) == [("1A", "ordinal-phrase"), ("2A", "ordinal-phrase")]
    second = next(f for f in found if f.node == "2A")
    assert "'andre'" in second.message and "første meldingen er avgitt" in second.compared
    assert second.compared.startswith("nb-2017 1A: ")  # the phrase it was weighed against, not in the message
    assert second.suggestion == "'andre' → 'første', as in 1A"


def test_the_phrase_the_edition_repeats_wins():
    found = check_places(_places("den første meldingen er avgitt", "den første meldingen er avgitt i tur",
                                 "den andre meldingen er avgitt"))
    assert [f.node for f in found] == ["3A"]
    assert "×2 in this edition" in found[0].compared and "×" not in found[0].message


def test_other_words_after_the_ordinal_are_another_phrase():
    assert not check_places(_places("den første meldingen er avgitt", "den andre meldingen blir avgitt"))
    assert not check_places(_places("den første meldingen er avgitt", "den første meldingen er avgitt"))


def test_a_language_without_ordinals_is_not_checked():
    assert not check_places(_places("the first call is made", "the second call is made", language="xx"))


def test_an_ordinal_a_counterpart_states_too_is_no_slip():
    texts = ("Meldeperioden begynner når den første meldingen er avgitt.",
             "Får spilleren informasjon etter at den andre meldingen er avgitt, følger TL 2c).")
    asked = []

    def confirmed(place, value):  # the counterparts of 1A state 'first'; those of 2A state no ordinal
        asked.append((place.node, value))
        return (place.node, value) == ("1A", 1)

    found = check_places(_places(*texts), confirmed)
    assert [f.node for f in found] == ["2A"] and sorted(asked) == [("1A", 1), ("2A", 2)]
