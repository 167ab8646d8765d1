"""Checks that lean on the stored concordance and on counts across counterparts: citations carried into one
numbering before they are compared across years, a termbase term replaced by a stranger word, an ordinal
swapped for 'first', each stray rendering of a term reported where it stands, and the fresh defect set.

Each corpus is written by the test (tests/test_check_counterparts.py `make_corpus`), with a concordance in
the stored format (corpus/concordance/<a>_<b>.yaml) where the test is about one.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from test_check_counterparts import make_corpus

from lawtools.check import run_checks
from lawtools.check.model import CheckContext
from lawtools.check.mutate import load_defects
from lawtools.check.pairs import pairing

ROOT = Path(__file__).resolve().parent.parent
CLASSES = {"typo", "wrong-reference", "missing-reference", "number", "wrong-ordinal", "swapped-digits",
           "sentence-dropped", "term-synonym", "term-misspelt", "unbalanced", "missing-heading", "punctuation",
           "duplicated-item", "repeated-word", "repeated-segment", "untranslated"}

SV_53A = ("Varje utspel utom tur till sticket kan behandlas som regelrätt av spelföraren; tävlingsledaren "
          "avgör (men se lag 53C).")
NL_53A = ("Elke voor de beurt voorgespeelde kaart in de slag kan door de leider als juist worden behandeld; de "
          "wedstrijdleider beslist (zie artikel 53B).")
SV_53B = "Om motspelaren till höger spelar på det regelstridiga utspelet, kvarstår utspelet."
SV_53C = "Enligt lag 53A får motståndaren göra sitt rätta utspel efter regelbrottet."
NL_53B = "Volgens artikel 53A mag de tegenstander zijn juiste kaart voorspelen na de onregelmatigheid."
NL_53C = "Als de rechtertegenstander een kaart bijspeelt na het onregelmatig voorspelen, blijft het staan."


def write_concordance(corpus, a: str, b: str, links: list[tuple[str, str, str]]) -> None:
    """Stored links between two editions of a test corpus: (from node, to node, relation)."""
    directory = corpus.manifest.corpus_dir / "concordance"
    directory.mkdir(exist_ok=True)
    lines = [f"from: {a}", f"to: {b}", "mode: test", "fingerprint: test", "links:"]
    lines += ["  - " + json.dumps({"from": f, "to": t, "relation": r, "score": 0.9, "evidence": ["test"]})
              for f, t, r in links]
    (directory / f"{a}_{b}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def renumbered(tmp_path, sv_text: str):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"53A": ("Titel", sv_text), "53B": ("B", SV_53B),
                                                       "53C": ("C", SV_53C)}),
                                    "nl-2017": (2017, {"53A": ("Titel", NL_53A), "53B": ("B", NL_53B),
                                                       "53C": ("C", NL_53C)})}, law="53")
    write_concordance(corpus, "sv-2007", "nl-2017",
                      [("53A", "53A", "same"), ("53B", "53C", "renumbered"), ("53C", "53B", "renumbered")])
    return corpus


def test_a_citation_is_carried_into_this_editions_numbering(tmp_path):
    corpus = renumbered(tmp_path, SV_53A)
    context = CheckContext(corpus, corpus.editions())
    assert pairing(context).map_target("nl-2017", "53B", "sv-2007") == {"53C"}
    assert pairing(context).map_target("nl-2017", "53B1", "sv-2007") == {"53C1"}  # below a renumbered one
    assert pairing(context).map_target("nl-2017", "16C", "sv-2007") is None  # a law the concordance lacks
    # 2017 53B is 2007 53C: the two editions cite the same provision
    assert [f for f in run_checks(corpus) if f.code == "ref-mismatch"] == []


def test_a_wrong_reference_is_found_after_mapping(tmp_path):
    corpus = renumbered(tmp_path, SV_53A.replace("53C", "53B"))
    found = [f for f in run_checks(corpus) if f.code == "ref-mismatch" and f.edition == "sv-2007"]
    assert [(f.node, f.suggestion) for f in found] == [("53A", "53B → 53C")]
    assert found[0].compared.startswith("nl-2017 53A") and found[0].severity == "info"  # across years


def test_a_citation_the_concordance_cannot_carry_over_needs_two_counterparts(tmp_path):
    # the concordance no longer knows 53B/53C: 2017's 53B is the other year's numbering, which one counterpart
    # of another year cannot hold against 2007's 53C; two that agree can
    corpus = renumbered(tmp_path, SV_53A)
    write_concordance(corpus, "sv-2007", "nl-2017", [("53A", "53A", "same")])
    assert [f for f in run_checks(corpus) if f.code == "ref-mismatch"] == []
    de = ("Jedes Ausspiel außer Reihenfolge zu dem Stich darf der Alleinspieler als korrekt behandeln; der "
          "Turnierleiter entscheidet (siehe § 53 B).")
    corpus = make_corpus(tmp_path / "b", {"sv-2007": (2007, {"53A": ("Titel", SV_53A), "53C": ("C", SV_53C)}),
                                          "nl-2017": (2017, {"53A": ("Titel", NL_53A), "53B": ("B", NL_53B)}),
                                          "de-2017": (2017, {"53A": ("Titel", de)})}, law="53")
    write_concordance(corpus, "sv-2007", "nl-2017", [("53A", "53A", "same")])
    write_concordance(corpus, "sv-2007", "de-2017", [("53A", "53A", "same")])
    found = [f for f in run_checks(corpus) if f.code == "ref-mismatch" and f.edition == "sv-2007"]
    assert [f.suggestion for f in found] == ["53C → 53B"]


SV_DUTY = ("Spelföraren spelar ut. Sedan får spelföraren välja ett kort, och spelföraren måste spela det; "
           "tävlingsledaren avgör.")
NB_DUTY = ("Spilleføreren spiller ut. Deretter kan spilleføreren velge et kort, og spilleføreren må spille det; "
           "turneringslederen avgjør.")
NB_TERMS = """\
  - id: declarer-nb
    en: declarer
    terms:
      nb: [{term: spillefører, forms: [spilleføreren]}]
"""


def synonym_corpus(tmp_path, sv_text: str):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", sv_text)}),
                                    "nb-2007": (2007, {"64A": ("Titel", NB_DUTY)})})
    terms = corpus.manifest.corpus_dir / "terms.yaml"
    text = terms.read_text(encoding="utf-8").replace(
        "      sv: [{term: spelförare, forms: [spelföraren]}]",
        "      sv: [{term: spelförare, forms: [spelföraren]}]\n      nb: [{term: spillefører, forms: "
        "[spilleføreren]}]")
    terms.write_text(text, encoding="utf-8")
    from lawtools.records import load_corpus

    return load_corpus(corpus.manifest.corpus_dir / "editions.yaml")


def test_a_term_replaced_by_a_stranger_word(tmp_path):
    assert [f for f in run_checks(synonym_corpus(tmp_path, SV_DUTY)) if f.code == "term-replaced"] == []
    corpus = synonym_corpus(tmp_path / "b", SV_DUTY.replace("och spelföraren", "och deklaranten"))
    found = [f for f in run_checks(corpus) if f.code == "term-replaced"]
    assert [(f.edition, f.node) for f in found] == [("sv-2007", "64A")]
    assert "'deklaranten'" in found[0].message and found[0].suggestion == "'deklaranten' → 'spelföraren'"
    assert found[0].compared.startswith("nb-2007 64A")


def test_a_common_word_is_no_synonym(tmp_path):
    # one term fewer, but the word in its place ('han') is one of every text, not a stand-in for the term
    corpus = synonym_corpus(tmp_path, SV_DUTY.replace("och spelföraren", "och han"))
    assert [f for f in run_checks(corpus) if f.code == "term-replaced"] == []


def test_an_ordinal_swapped_for_first(tmp_path):
    de = "Die zweite Karte zu dem Stich wird von der Hand des Alleinspielers gespielt."
    nl = "De tweede kaart in de slag wordt uit de hand van de leider gespeeld."
    sv = "Stickets första kort spelas från spelförarens hand."
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", sv)}), "de-2007": (2007, {"64A": ("T", de)}),
                                    "nl-2007": (2007, {"64A": ("T", nl)})})
    found = [f for f in run_checks(corpus) if f.code == "number-mismatch" and f.edition == "sv-2007"]
    assert [f.message for f in found] == ["says första where de-2007, nl-2007 say 2"]
    assert found[0].excerpt.startswith("Stickets första")


def test_an_ambiguous_ordinal_that_replaced_first(tmp_path):
    # Swedish 'andra' is 'second' or 'other': alone it is never a number, but where both counterparts say
    # 'first' and this provision says no 'första', it stands where their ordinal stands
    de = "Das erste Ausspiel wird vom Gegenspieler verdeckt gemacht, bevor der Alleinspieler spielt."
    nl = "De eerste uitkomst wordt door de tegenspeler gedekt gedaan voordat de leider speelt."
    sv = "Det andra utspelet görs med bildsidan nedåt av motspelaren innan spelföraren spelar."
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", sv)}), "de-2007": (2007, {"64A": ("T", de)}),
                                    "nl-2007": (2007, {"64A": ("T", nl)})})
    found = [f for f in run_checks(corpus) if f.code == "number-mismatch" and f.edition == "sv-2007"]
    assert [f.message for f in found] == ["says andra where de-2007, nl-2007 say the 1st"]
    same = make_corpus(tmp_path / "b", {"sv-2007": (2007, {"64A": ("Titel", sv.replace("andra", "första"))}),
                                        "de-2007": (2007, {"64A": ("T", de)})})
    assert not [f for f in run_checks(same) if f.code == "number-mismatch"]


def test_a_stray_rendering_is_reported_in_each_provision_that_has_it(tmp_path):
    usual = "Tävlingsledaren avgör. " * 3
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("A", usual + "Domaren avgör."),
                                                       "64B": ("B", usual), "64C": ("C", usual + "Domaren.")})})
    terms = corpus.manifest.corpus_dir / "terms.yaml"
    terms.write_text(terms.read_text(encoding="utf-8").replace(
        "[{term: tävlingsledare, forms: [tävlingsledaren]}]",
        "[{term: tävlingsledare, forms: [tävlingsledaren]}, {term: domare, status: variant, forms: [domaren]}]"),
        encoding="utf-8")
    from lawtools.records import load_corpus

    found = [f for f in run_checks(load_corpus(corpus.manifest.corpus_dir / "editions.yaml"))
             if f.code == "term-variant"]
    assert [f.node for f in found] == ["64A", "64C"]
    assert found[0].suggestion == "'domare' → 'tävlingsledare'"  # the termbase's terms


def test_the_fresh_defects_apply_and_cover_every_class_and_edition(manifest):
    sources = {e.id: e.source.read_text(encoding="utf-8") for e in manifest.editions}
    fresh = load_defects(ROOT / "tests" / "mutations" / "fresh.yaml")
    for defect in fresh:
        assert defect.apply(sources[defect.edition]) != sources[defect.edition], defect.id
    assert {d.split for d in fresh} == {"fresh"}
    cells = Counter((d.cls, d.edition) for d in fresh)
    assert set(cells) == {(c, e) for c in CLASSES for e in sources}
    old = {(d.edition, d.find, d.within) for d in load_defects(ROOT / "tests" / "mutations" / "defects.yaml")}
    assert not [d.id for d in fresh if (d.edition, d.find, d.within) in old]  # new places, not the old ones


def test_the_round6_defects_apply_and_cover_every_class_and_edition(manifest):
    sources = {e.id: e.source.read_text(encoding="utf-8") for e in manifest.editions}
    round6 = load_defects(ROOT / "tests" / "mutations" / "round6.yaml")
    for defect in round6:
        assert defect.apply(sources[defect.edition]) != sources[defect.edition], defect.id
    assert {d.split for d in round6} == {"round6"}
    assert {d.cls for d in round6} == set(CLASSES) and {d.edition for d in round6} == set(sources)
    assert max(Counter(d.cls for d in round6).values()) <= 3  # spread over the classes, not piled on one
    old = {(d.edition, d.find, d.within) for name in ("defects.yaml", "fresh.yaml")
           for d in load_defects(ROOT / "tests" / "mutations" / name)}
    assert not [d.id for d in round6 if (d.edition, d.find, d.within) in old]


def test_the_round7_defects_apply_each_as_a_citation_slip_between_laws_at_a_new_place(manifest):
    from lawtools.check.counterparts import _close
    from lawtools.citation import number_slip as _slip

    sources = {e.id: e.source.read_text(encoding="utf-8") for e in manifest.editions}
    round7 = load_defects(ROOT / "tests" / "mutations" / "round7.yaml")
    for defect in round7:
        assert defect.apply(sources[defect.edition]) != sources[defect.edition], defect.id
    assert {d.split for d in round7} == {"round7"} and {d.cls for d in round7} == {"wrong-reference"}
    assert Counter(d.edition for d in round7) == {e: 2 for e in sources}
    old = {(d.edition, d.find, d.within) for name in ("defects.yaml", "fresh.yaml", "round6.yaml")
           for d in load_defects(ROOT / "tests" / "mutations" / name)}
    assert not [d.id for d in round7 if (d.edition, d.find, d.within) in old]
    for defect in round7:  # one label slipped: a section or item of the same law, or a law a digit away
        before, after = (re.sub(r"^\D+", "", x).replace(" ", "") for x in (defect.find, defect.to))
        assert _close(before, after) or (before.isdigit() and _slip(before, after)), defect.id


def test_the_round8_defects_apply_at_new_places_spread_over_the_classes_and_seed_editions():
    sources = {e: (ROOT / "corpus" / "sources" / f"{e}.txt").read_text(encoding="utf-8")
               for e in ("sv-2007", "nb-2017", "de-1997", "nl-2017")}
    round8 = load_defects(ROOT / "tests" / "mutations" / "round8.yaml")
    for defect in round8:
        assert defect.apply(sources[defect.edition]) != sources[defect.edition], defect.id
    assert {d.split for d in round8} == {"round8"} and len({d.cls for d in round8}) >= 15
    assert Counter(d.edition for d in round8) == {e: 8 for e in sources}
    old = {(d.edition, d.find, d.within) for name in ("defects.yaml", "fresh.yaml", "round6.yaml", "round7.yaml")
           for d in load_defects(ROOT / "tests" / "mutations" / name)}
    assert not [d.id for d in round8 if (d.edition, d.find, d.within) in old]


def _edited_span(defect, source: str) -> tuple[int, int]:
    """Where in the source a defect edits (the offsets of its `find`)."""
    anchor = defect.within or defect.find
    start = source.index(anchor) + anchor.index(defect.find)
    return start, start + len(defect.find)


def test_the_round9_defects_are_split_by_class_and_edit_no_place_an_earlier_set_edits(manifest):
    sources = {e.id: e.source.read_text(encoding="utf-8") for e in manifest.editions}
    round9 = load_defects(ROOT / "tests" / "mutations" / "round9.yaml")
    for defect in round9:
        assert defect.apply(sources[defect.edition]) != sources[defect.edition], defect.id
    for split in ("round9dev", "round9test"):  # each class once in each half
        assert sorted(d.cls for d in round9 if d.split == split) == sorted(CLASSES), split
    assert {d.edition for d in round9} == set(sources)
    earlier = [d for name in ("defects.yaml", "fresh.yaml", "round6.yaml", "round7.yaml", "round8.yaml")
               for d in load_defects(ROOT / "tests" / "mutations" / name)]
    spans = {}
    for d in earlier:
        if sources[d.edition].count(d.within or d.find) == 1:
            spans.setdefault(d.edition, []).append(_edited_span(d, sources[d.edition]))
    for defect in round9:
        start, end = _edited_span(defect, sources[defect.edition])
        assert not [s for s in spans.get(defect.edition, ()) if s[0] < end and start < s[1]], defect.id


def test_an_english_term_left_where_the_counterparts_name_the_concept(tmp_path):
    # 'trick' is a word of Swedish too (so no spelling finding), but here it stands where German says 'Stich'
    sv = "Spelföraren vinner sticket, och tävlingsledaren skriver upp sticket."
    de = "Der Alleinspieler gewinnt den Stich, und der Turnierleiter notiert den Stich."
    clean = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", sv)}), "de-2007": (2007, {"64A": ("T", de)})})
    assert not [f for f in run_checks(clean) if f.code == "untranslated"]
    corpus = make_corpus(tmp_path / "b", {"sv-2007": (2007, {"64A": ("Titel", sv.replace("upp sticket", "upp trick"))}),
                                          "de-2007": (2007, {"64A": ("T", de)})})
    found = [f for f in run_checks(corpus) if f.code == "untranslated" and f.edition == "sv-2007"]
    assert [f.suggestion for f in found] == ["trick → sticket (termbase)"]
    assert "de-2007 name trick here" in found[0].message


def test_an_english_phrase_left_in_the_text(tmp_path):
    # two or more words of a concept's English name need no counterpart to be seen as English
    text = ("Der Turnierleiter soll keine erfolgreiche line of play des Alleinspielers gelten lassen, die nicht "
            "der Spieldurchführung folgt.")
    corpus = make_corpus(tmp_path, {"de-1997": (1997, {"70D": ("Titel", text)})}, law="70")
    terms = corpus.manifest.corpus_dir / "terms.yaml"
    terms.write_text(terms.read_text(encoding="utf-8") + "  - id: line-of-play\n    en: line of play\n    terms:\n"
                     "      de: [{term: Spieldurchführung}]\n", encoding="utf-8")
    from lawtools.records import load_corpus

    found = [f for f in run_checks(load_corpus(corpus.manifest.corpus_dir / "editions.yaml"))
             if f.code == "untranslated"]
    assert [(f.node, f.suggestion) for f in found] == [("70D", "line of play → Spieldurchführung (termbase)")]


def test_a_footnote_that_lost_its_full_stop(tmp_path):
    from lawtools.model import Footnote, dumps
    from lawtools.records import load_corpus

    texts = {f"64{label}": ("", f"Tävlingsledaren avgör fall {label}.") for label in "ABCDEFGHIJ"}
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, texts)})
    path = corpus.manifest.corpus_dir / "records" / "sv-2007" / "64.json"
    for text, expected in (("För denna lag är ett stick vunnet av träkarlen inte vunnet av spelföraren.", []),
                           ("För denna lag är ett stick vunnet av träkarlen inte vunnet av spelföraren", ["64A"])):
        article = load_corpus(corpus.manifest.corpus_dir / "editions.yaml").articles("sv-2007")["64"]
        article.footnotes = [Footnote("*", text, "64A")]
        path.write_text(dumps(article), encoding="utf-8")
        found = [f for f in run_checks(load_corpus(corpus.manifest.corpus_dir / "editions.yaml"))
                 if f.code == "end-punctuation"]
        assert [f.node for f in found] == expected
