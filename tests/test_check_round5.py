"""Round 5 checks on tiny hand-made corpora: a citation that fits its sentence worse than its neighbour
(citation_fit), another language's term in place of the edition's own (loanwords), and a lost sentence weighed
against a single counterpart of another year that the concordance is sure of (counterparts, `single_score`)."""

from __future__ import annotations

from test_check_counterparts import Link, make_corpus, use_fake_concordance

from lawtools.check import run_checks
from lawtools.check.citation_fit import _words_of
from lawtools.citation import number_slip as _slip
from lawtools.records import load_corpus

TERMS = """\
concepts:
  - id: declarer
    en: declarer
    terms:
      sv: [{term: spelförare, forms: [spelföraren]}]
      nl: [{term: leider}]
  - id: partner
    en: partner
    terms:
      sv: [{term: partner, forms: [partnern]}]
      nb: [{term: makker, forms: [makkeren]}]
  - id: penalty-card
    en: penalty card
    terms:
      sv: [{term: straffkort, forms: [straffkortet]}]
"""


def _with_terms(corpus_root):
    (corpus_root / "terms.yaml").write_text(TERMS, encoding="utf-8")
    return load_corpus(corpus_root / "editions.yaml")


def _found(findings, code):
    return [f for f in findings if f.code == code]


PENALTY = ("Straffkort", "Ett kort som en motspelare visar av misstag blir ett straffkort och ligger kvar på bordet.")
LEAD = ("Utspel", "Utspelet till första sticket görs av spelaren till vänster om spelföraren.")


def _law50(tmp_path, citing: str):
    nodes = {"50A": PENALTY, "50B": LEAD, "50C": ("", citing)}
    return _with_terms(make_corpus(tmp_path, {"sv-2007": (2007, nodes)}, law="50").manifest.corpus_dir)


def test_a_citation_that_fits_its_neighbour_better_is_doubted(tmp_path):
    citing = "Ett kort som motspelaren visar av misstag ligger kvar på bordet (se lag 50B) tills det spelas."
    corpus = _law50(tmp_path, citing)
    [doubt] = _found(run_checks(corpus), "ref-doubtful")
    assert (doubt.node, doubt.suggestion) == ("50C", "50B → 50A?")
    assert "lag 50B" in doubt.excerpt
    assert doubt.compared.startswith("sv-2007 50A: Straffkort Ett kort som en motspelare visar")


def test_a_citation_that_fits_is_not_doubted(tmp_path):
    citing = "Ett kort som motspelaren visar av misstag ligger kvar på bordet (se lag 50A) tills det spelas."
    corpus = _law50(tmp_path, citing)
    assert _found(run_checks(corpus), "ref-doubtful") == []


def test_a_clause_citing_two_provisions_is_not_weighed(tmp_path):
    citing = "Ett kort som motspelaren visar av misstag ligger kvar på bordet (se lag 50B och lag 50A)."
    corpus = _law50(tmp_path, citing)
    assert _found(run_checks(corpus), "ref-doubtful") == []


def test_a_clause_citing_two_provisions_is_weighed_in_the_part_that_holds_each(tmp_path):
    citing = ("Utspelet görs enligt lag 41, och ett kort som motspelaren visar av misstag ligger kvar på bordet "
              "enligt lag 50B.")
    corpus = _law50(tmp_path, citing.replace("50B.", "50A."))
    assert _found(run_checks(corpus), "ref-doubtful") == []
    [doubt] = _found(run_checks(_law50(tmp_path / "b", citing)), "ref-doubtful")
    assert doubt.suggestion == "50B → 50A?"


def test_the_part_of_a_clause_that_holds_a_citation():
    text = "Se fotnoten till lag 68 när han invänder, och se lag 68B2 när en motspelare invänder mot avstående."
    raws = ["lag 68", "lag 68B2"]
    part, start, end = _words_of(text, "lag 68B2", raws)
    assert part == " och se lag 68B2 när en motspelare invänder mot avstående." and text[start:end] == part
    assert _words_of(text, "lag 68", raws)[0] == "Se fotnoten till lag 68 när han invänder"  # not inside 68B2
    # a citation's own brackets do not cut its clause; two citations in one part are not weighed
    assert _words_of("Scoren kan variere fra de beskrevet i a) og b) over.", "i a)", ["i a)", "b) over"]) is None
    assert _words_of("Se (men ikke 57A) lag 57, og 58.", "lag 57", ["57A", "lag 57", "58"])[0] == " lag 57"
    assert _words_of("Se 19B og 77.", "19B", ["19B", "77"]) is None


def test_laws_a_typing_slip_apart():
    assert _slip("45", "54") and _slip("16", "15") and _slip("68", "69")
    assert not _slip("45", "64") and not _slip("5", "15") and not _slip("12", "34")


SV_DECLARER = {"64A": ("", "Spelföraren spelar ut. Spelföraren väljer kort."),
               "64B": ("", "Om spelföraren vinner sticket, fortsätter spelföraren."),
               "64C": ("", "Därefter spelar spelföraren igen.")}


def test_another_languages_term_in_place_of_the_editions_own(tmp_path):
    nodes = {**SV_DECLARER, "64D": ("", "Om leider vinner sticket, spelar han ut.")}
    corpus = _with_terms(make_corpus(tmp_path, {"sv-2007": (2007, nodes)}).manifest.corpus_dir)
    [found] = _found(run_checks(corpus), "term-replaced")
    assert found.node == "64D" and "'leider' is the nl term for declarer" in found.message
    assert found.suggestion == "leider → spelföraren"


def test_a_rare_word_that_begins_like_the_english_term(tmp_path):
    nodes = {**SV_DECLARER, "64D": ("", "Om deklaranten vinner sticket, spelar han ut.")}
    corpus = _with_terms(make_corpus(tmp_path, {"sv-2007": (2007, nodes)}).manifest.corpus_dir)
    [found] = _found(run_checks(corpus), "term-replaced")
    assert found.node == "64D" and "looks like 'declarer'" in found.message


def test_a_foreign_term_the_edition_uses_often_or_the_edition_own_compound_is_no_slip(tmp_path):
    nodes = {**SV_DECLARER, "64D": ("", "Om leider vinner, och leider spelar ut, ligger spelförarkortet kvar.")}
    corpus = _with_terms(make_corpus(tmp_path, {"sv-2007": (2007, nodes)}).manifest.corpus_dir)
    assert _found(run_checks(corpus), "term-replaced") == []


SV_LONG = ("Om spelföraren vinner tolv stick, skall tävlingsledaren tilldela ett justerat resultat (se lag 47E2). "
           "Spelföraren skall därefter spela vidare med de kort som finns kvar i handen. "
           "Tävlingsledaren skall också bedöma om den felande sidan har skadat motståndarna. "
           "Varje stick som redan har vunnits räknas till den sida som vann det.")
DE_SHORT = ("Gewinnt der Alleinspieler zwölf Stiche, soll der Turnierleiter einen berichtigten Score zuerkennen "
            "(§ 47 E 2).")


def _linked(tmp_path, monkeypatch, score):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV_LONG)}),
                                    "de-1997": (1997, {"64A": ("Titel", DE_SHORT)})})
    use_fake_concordance(monkeypatch, [Link("sv-2007", "64A", "de-1997", "64A", "same", score, ("model",))])
    from lawtools.check import pairs

    settings = {**pairs._settings(), "use_concordance": True, "min_score": 0.6, "min_agreement": 0.0}
    monkeypatch.setattr(pairs, "_settings", lambda: settings)
    return [f for f in run_checks(corpus) if f.code == "possible-omission"]


def test_one_sure_counterpart_of_another_year_weighs_a_lost_sentence(tmp_path, monkeypatch):
    [found] = _linked(tmp_path, monkeypatch, 0.95)
    assert (found.edition, found.node) == ("de-1997", "64A") and found.compared.startswith("sv-2007 64A")


def test_one_unsure_counterpart_of_another_year_does_not(tmp_path, monkeypatch):
    assert _linked(tmp_path, monkeypatch, 0.8) == []


def test_a_citation_into_the_missing_part_of_an_extract_is_checked_against_the_whole_law(tmp_path):
    from lawtools.model import Article, Node, dumps
    from lawtools.refs import find_refs

    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"43B1": ("", "Träkarlen får inte titta."),
                                                       "43B2": ("", "Träkarlen får inte byta plats.")}),
                                    "de-1997": (1997, {"43B1": ("", "Der Dummy darf nicht schauen.")})}, law="43")
    root = corpus.manifest.corpus_dir / "records" / "de-1997"
    text = "Der Dummy verliert seine Rechte (siehe § 43 B 7)."
    node = Node("43B2", "item", "2", "", text, lines=[2])
    article = Article("de-1997", "de", "43", "LAW 43", partial=True,
                      nodes=[Node("43B1", "item", "1", "", "Der Dummy darf nicht schauen.", lines=[1]), node],
                      refs=find_refs(text, "de", "43B2"),
                      source={"file": "corpus/sources/de-1997.txt", "lines": [1, 2]})
    (root / "43.json").write_text(dumps(article), encoding="utf-8")
    found = [f for f in run_checks(load_corpus(corpus.manifest.corpus_dir / "editions.yaml"))
             if f.edition == "de-1997" and f.code.startswith("ref-")]
    assert [(f.node, f.code) for f in found] == [("43B2", "ref-unknown-target")]
    assert "sv-2007" in found[0].message


def test_a_concept_that_states_an_ordinal(tmp_path):
    from lawtools.check.model import CheckContext
    from lawtools.check.pairs import pairing

    terms = TERMS + """\
  - id: opening-lead
    en: opening lead
    terms:
      sv: [{term: första utspelet}]
      nb: [{term: åpningsutspill}]
"""
    text = "Etter et åpningsutspill utenfor tur går spillet videre."
    corpus = make_corpus(tmp_path, {"nb-2007": (2007, {"54A": ("", text)})}, law="54")
    (corpus.manifest.corpus_dir / "terms.yaml").write_text(terms, encoding="utf-8")
    corpus = load_corpus(corpus.manifest.corpus_dir / "editions.yaml")
    feature = pairing(CheckContext(corpus, corpus.editions())).features.get("nb-2007", "54A")
    assert "opening-lead" in feature.concepts and feature.ordinals == {1}


def test_a_citation_of_a_law_the_laws_do_not_have(tmp_path):
    # the Laws number Laws 1-93; 'lag 97C' (79C with two digits swapped) is a slip even though no edition of the
    # corpus holds Law 79 or 97 to compare with
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {
        "44A": ("", "Som fastställts i lag 97C: spelet fortsätter."),
        "44B": ("", "Se lag 93 och lag 79C.")})}, law="44")
    found = _found(run_checks(corpus), "ref-no-such-law")
    assert [(f.node, f.severity) for f in found] == [("44A", "error")]
    assert "Law 97" in found[0].message and "1-93" in found[0].message
