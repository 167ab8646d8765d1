"""Monolingual checks that need no counterpart: spelling against word lists, untranslated English words,
repeated segments and sentences, bracket and quote balance, lost full stops, and languages without data."""

from __future__ import annotations

import json

import pytest

from lawtools.check import orthography, punctuation, repetition, run_checks
from lawtools.check.model import Place
from lawtools.check.spelling import frequencies, misspellings
from lawtools.numbers import numbers_in
from lawtools.records import load_corpus


def place(text: str, language: str = "sv", node: str = "50A") -> Place:
    return Place(f"{language}-2000", language, node[:2], node, "text", text)


@pytest.mark.parametrize(
    ("words", "language", "slip", "fix"),
    [
        ("tillbaka", "sv", "tillbka", "tillbaka"),            # a dropped letter
        ("möjligt", "sv", "mjöligt", "möjligt"),              # swapped letters
        ("möglich", "de", "möglch", "möglich"),
        ("mappen", "nb", "mappn", "mappe"),                   # the commonest word one slip away
        ("kaart", "nl", "kaatr", "kaart"),
    ],
)
def test_a_typo_in_a_common_word(words, language, slip, fix):
    found = misspellings([place(f"Det står {slip} här.", language)], language, set(), set())
    assert [(f.code, f.suggestion) for f in found] == [("near-miss-spelling", f"{slip} → {fix}")]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("straffkortet och spelförarens träkarlar", "sv"),   # compounds and forms of known words
        ("det doblede bud og scorene", "nb"),                 # inflected forms the list lacks
        ("Zwangsweises Spielen einer Karte", "de"),
        ("Max Bavin Maurizio Di Sacco", "nb"),                # names
    ],
)
def test_forms_compounds_and_names_are_not_misspellings(text, language):
    assert misspellings([place(text, language)], language, set(), set()) == []


def test_a_negated_common_word_is_no_misspelling_even_beside_a_term_one_letter_away():
    # nb-2007 52B1(c) 'det uspilte straffekortet' (the unplayed penalty card): u- + 'spilte', not 'utspilte' slipped
    found = misspellings([place("er det uspilte straffekortet fortsatt straffekort", "nb")], "nb", {"utspilte"}, set())
    assert found == []
    slipped = misspellings([place("er det utspite kortet", "nb")], "nb", {"utspilte"}, set())  # a real slip still is
    assert [f.suggestion for f in slipped] == ["utspite → utspilte"]


def test_a_misspelt_termbase_term_is_near_its_form():
    found = misspellings([place("ett stort Strafkarre här", "de")], "de", {"strafkarte"}, set())
    assert [f.suggestion for f in found] == ["Strafkarre → Strafkarte"]


def test_an_english_word_left_untranslated():
    found = misspellings([place("Om declarer spelar ut", "sv")], "sv", set(), set(), {"declarer": "spelförare"})
    assert [(f.code, f.suggestion) for f in found] == [("untranslated", "declarer → spelförare (termbase)")]


def test_a_language_without_a_word_list_is_skipped():
    assert frequencies("zz") is None
    assert misspellings([place("qwrtz xkcdq", "zz")], "zz", set(), set()) == []


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("om det är om det är fel", "repeated-segment"),
        ("(se lag 45 och lag 46", "unbalanced"),
        ("se lag 45) och lag 46", "unbalanced"),
        ("han säger ”högt och går", "unbalanced"),
        ("stick.. Spelföraren", "doubled-punctuation"),
    ],
)
def test_monolingual_findings(text, code):
    p = place(text)
    found = repetition.repeated_segments(p) + punctuation.balance(p) + orthography._punctuation(p)
    assert code in {f.code for f in found}


@pytest.mark.parametrize(
    "text",
    [
        "(se 12C1b)) och a) första b) andra",    # labels and a sub-item citation closing a bracket
        "(siehe § 45 C 4 b) findet Anwendung",   # the sub-item's ')' closes the bracket
        "han säger ”högt” och ”lågt”",
        "„hoch“ und „tief“",
        "Innhold... 73 Definisjoner... 11",      # dotted leaders of a table of contents
        "det är det enda som gäller",             # a word again later is no repeated segment
    ],
)
def test_monolingual_clean(text):
    p = place(text)
    assert repetition.repeated_segments(p) + punctuation.balance(p) + orthography._punctuation(p) == []


def test_a_lost_full_stop_between_sentences():
    places = [place("Spelföraren väljer till sist tävlingsledaren avgör, och tävlingsledaren skriver"),
              place("Spelet går vidare Tävlingsledaren avgör sedan.")]
    found = punctuation.lost_stops(places, {})
    assert [(f.code, f.suggestion) for f in found] == [("missing-punctuation", "vidare. Tävlingsledaren")]
    german = [place("er hat die Karte gespielt Der Spieler der Hand", "de")]
    found = punctuation.lost_stops(german, {"capitalises_nouns": True})  # nouns are capitalised: only 'Der'
    assert [f.suggestion for f in found] == ["gespielt. Der"]


def test_repeated_sentence_and_duplicated_text():
    same = "Spelföraren får välja vilket kort som helst ur sin hand."
    places = [place(same, node="50A"), place(same, node="50B"), place(f"{same} {same}", node="50C")]
    found = repetition.repeated_sentences(places)
    assert {(f.node, f.code) for f in found} == {("50B", "duplicate-text"), ("50C", "repeated-sentence")}


@pytest.mark.parametrize(
    ("text", "language", "values"),
    [
        ("vinner han tolv stick och det tolfte sticket", "sv", [12, 12]),
        ("alla andra kort", "sv", []),                       # 'andra' is also 'other': never alone
        ("in acht nemen, acht kaarten", "nl", [8]),           # 'acht' counts only before a counted noun
        ("se lag 47E2 och 45C4, 13 kort", "sv", [13]),        # citations are not numbers
        ("the twelfth trick and two cards", "en", [12, 2]),
        ("la treizième levée, deux cartes", "fr", [13, 2]),
    ],
)
def test_numbers_in_text(text, language, values):
    assert [n.value for n in numbers_in(text, language)] == values


def test_an_edition_in_a_language_without_data_gets_notes_not_a_flood(tmp_path):
    from lawtools.check import run_checks_with_notes

    root = tmp_path / "corpus"
    directory = root / "records" / "zz-2017"
    directory.mkdir(parents=True)
    (root / "editions.yaml").write_text("editions:\n  - {id: zz-2017, language: zz, year: 2017, title: t, "
                                        "provenance: p, laws: '1', layout: plain, source: sources/zz.txt}\n")
    (directory / "edition.json").write_text(json.dumps({"edition": "zz-2017", "language": "zz", "year": 2017,
                                                        "laws": ["1"], "front_matter": [], "source": {}}))
    (directory / "1.json").write_text(json.dumps({
        "edition": "zz-2017", "language": "zz", "law": "1", "title": "ÞÆT KØRTSTØKK",
        "nodes": [{"id": "1A", "kind": "section", "label": "A", "title": "Ðe pakk",
                   "text": "Ðe pakk þat hæs fiftī-tū kørts, ænd ðe kørts ær rænked.", "children": []}]}))
    findings, notes = run_checks_with_notes(load_corpus(root / "editions.yaml"))
    assert not [f for f in findings if f.code in ("foreign-character", "term-mismatch", "near-miss-spelling")]
    assert any("zz" in n and "word list" in n for n in notes)
    assert any("alphabet" in n for n in notes)
    assert run_checks(load_corpus(root / "editions.yaml")) == findings
