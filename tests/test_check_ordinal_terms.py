"""Ordinals bound to the term they count (lawtools/check/ordinal_terms.py): 'andra utspel' against 'åpningsutspill'."""

from __future__ import annotations

from test_check_counterparts import make_corpus

from lawtools.check import run_checks
from lawtools.records import load_corpus

TERMS = """\
concepts:
  - id: lead
    en: lead
    terms:
      sv: [{term: utspel, forms: [utspelet]}]
      nb: [{term: utspill, forms: [utspillet]}]
      de: [{term: Ausspiel}]
  - id: opening-lead
    en: opening lead
    terms:
      sv: [{term: första utspelet, forms: [första utspel]}]
      nb: [{term: åpningsutspill, forms: [åpningsutspillet]}]
      de: [{term: erstes Ausspiel, forms: [ersten Ausspiel]}]
  - id: card
    en: card
    terms:
      sv: [{term: kort}]
      nb: [{term: kort, forms: [kortet]}]
      de: [{term: Karte}]
"""

SV = "Om en motspelare gör {} utspel utom tur, får spelföraren godkänna utspelet."
NB = "Når en motspiller gjør et åpningsutspill utenfor tur, kan spillefører godta utspillet."
NB_SECOND_CARD = NB + " Det andre kortet spilles fra spilleførerens hånd."


def _found(tmp_path, editions):
    corpus = make_corpus(tmp_path, editions)
    (corpus.manifest.corpus_dir / "terms.yaml").write_text(TERMS, encoding="utf-8")
    corpus = load_corpus(corpus.manifest.corpus_dir / "editions.yaml")
    return [f for f in run_checks(corpus, families=("counterparts",)) if f.code == "number-mismatch"]


def test_the_second_lead_where_the_counterpart_names_the_opening_lead(tmp_path):
    found = _found(tmp_path, {"sv-2007": (2007, {"54B": ("B", SV.format("andra"))}),
                              "nb-2007": (2007, {"54B": ("B", NB)})})
    assert [(f.edition, f.node) for f in found] == [("sv-2007", "54B")]  # the term implies it: never reported
    assert found[0].compared.startswith("nb-2007 54B")


def test_the_first_lead_agrees_with_the_opening_lead(tmp_path):
    assert not _found(tmp_path, {"sv-2007": (2007, {"54B": ("B", SV.format("första"))}),
                                 "nb-2007": (2007, {"54B": ("B", NB)})})


def test_a_second_card_in_the_counterpart_is_not_a_second_lead(tmp_path):
    # the set comparison sees 'second' in the counterpart; bound to its term it counts cards, not leads
    found = _found(tmp_path, {"sv-2007": (2007, {"54B": ("B", SV.format("andra"))}),
                              "nb-2007": (2007, {"54B": ("B", NB_SECOND_CARD)})})
    assert [(f.edition, f.node) for f in found] == [("sv-2007", "54B")]
    assert "'andra utspel'" in found[0].message and "the 1st lead" in found[0].message
    assert found[0].suggestion == "'andra utspel' → the 1st lead"


def test_an_ambiguous_ordinal_needs_more_than_one_counterpart_of_another_year(tmp_path):
    # Swedish 'andra' is also 'other': one counterpart of another year is not enough to call it a slip
    assert not _found(tmp_path, {"sv-2007": (2007, {"54B": ("B", SV.format("andra"))}),
                                 "nb-2017": (2017, {"54B": ("B", NB_SECOND_CARD)})})


NESTED_TERMS = TERMS + """\
  - id: lead-out-of-turn
    en: lead out of turn
    terms:
      sv: [{term: utspel utom tur, forms: [utspelet utom tur]}]
      de: [{term: Ausspiel außer Reihenfolge}]
"""


def test_an_ordinal_word_confirmed_for_one_of_its_nested_terms_is_not_reported_for_another(tmp_path):
    """'ersten Ausspiel außer Reihenfolge' counts the 1st lead and the 1st lead out of turn. nb-2007 numbers the
    lead as de-2007 does; sv-2007's 'andra' (the slip) is the only one to number it otherwise: sv is reported, and
    de, whose word nb confirms, is not reported for the nested term nb does not name."""
    corpus = make_corpus(tmp_path, {
        "sv-2007": (2007, {"54A": ("A", "Om en motspelare gör det andra utspelet utom tur, godkänns det.")}),
        "de-2007": (2007, {"54A": ("A", "Spielt er den ersten Ausspiel außer Reihenfolge aus, gilt er.")}),
        "nb-2007": (2007, {"54A": ("A", "Når en motspiller gjør det første utspillet, gjelder det.")})}, law="54")
    (corpus.manifest.corpus_dir / "terms.yaml").write_text(NESTED_TERMS, encoding="utf-8")
    corpus = load_corpus(corpus.manifest.corpus_dir / "editions.yaml")
    found = [f for f in run_checks(corpus, families=("counterparts",)) if f.code == "number-mismatch"]
    assert [(f.edition, f.node) for f in found] == [("sv-2007", "54A")]
