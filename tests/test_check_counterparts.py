"""Checks across counterparts and the pairing behind them, on tiny corpora written by each test.

Each corpus is a few hand-made records (one law, one provision per edition) in a temporary directory, so a
test names exactly the difference it plants and the check that must report it (or stay silent).
"""

from __future__ import annotations

import json
import sys
import types

import pytest

from lawtools.check import run_checks
from lawtools.check.model import CheckContext
from lawtools.check.pairs import counterparts
from lawtools.concordance.links import Link, PairFile
from lawtools.model import Article, Footnote, Node, Ref, dumps
from lawtools.records import load_corpus
from lawtools.refs import find_refs

TERMS = """\
concepts:
  - id: director
    en: director
    terms:
      sv: [{term: tävlingsledare, forms: [tävlingsledaren]}]
      de: [{term: Turnierleiter}]
      nl: [{term: wedstrijdleider}]
  - id: trick
    en: trick
    terms:
      sv: [{term: stick, forms: [sticket]}]
      de: [{term: Stich, forms: [Stiche, Stichen]}]
      nl: [{term: slag, forms: [slagen]}]
  - id: declarer
    en: declarer
    terms:
      sv: [{term: spelförare, forms: [spelföraren]}]
      de: [{term: Alleinspieler}]
      nl: [{term: leider}]
"""


def make_corpus(tmp_path, editions: dict[str, tuple[int, dict[str, tuple[str, str]]]], law: str = "64",
                footnotes: dict[str, list[tuple[str, str, str]]] | None = None):
    """editions: {edition: (year, {node id: (title, text)})} -> a loaded corpus of one law; `footnotes`:
    {edition: [(node id, mark, text)]}."""
    root = tmp_path / "corpus"
    entries = []
    for edition, (year, nodes) in editions.items():
        language = edition.split("-")[0]
        entries.append(f"  - {{id: {edition}, language: {language}, year: {year}, title: t, provenance: p, "
                       f"laws: '{law}', layout: plain, source: sources/{edition}.txt}}\n")
        directory = root / "records" / edition
        directory.mkdir(parents=True)
        built = [Node(node_id, "section", node_id[-1], title, text, lines=[i + 1])
                 for i, (node_id, (title, text)) in enumerate(nodes.items())]
        refs: list[Ref] = [r for n in built for r in find_refs(n.text, language, n.id)]
        notes = [Footnote(mark, text, node_id, [node_id]) for node_id, mark, text in (footnotes or {}).get(edition, ())]
        article = Article(edition, language, law, f"LAW {law}", nodes=built, refs=refs, footnotes=notes,
                          source={"file": f"corpus/sources/{edition}.txt", "lines": [1, len(built)]})
        (directory / f"{law}.json").write_text(dumps(article), encoding="utf-8")
        (directory / "edition.json").write_text(json.dumps({
            "edition": edition, "language": language, "year": year, "title": "t", "provenance": "p",
            "layout": "plain", "laws": [law], "front_matter": [], "headings": [], "furniture": [],
            "source": {"file": f"corpus/sources/{edition}.txt", "sha256": ""}}), encoding="utf-8")
        (root / "sources").mkdir(exist_ok=True)
        (root / "sources" / f"{edition}.txt").write_text(
            "\n".join(text for _, text in nodes.values()) + "\n", encoding="utf-8")
    (root / "editions.yaml").write_text("editions:\n" + "".join(entries), encoding="utf-8")
    (root / "terms.yaml").write_text(TERMS, encoding="utf-8")
    return load_corpus(root / "editions.yaml")


SV = "Om spelföraren vinner tolv stick, skall tävlingsledaren tilldela ett justerat resultat (se lag 47E2)."
DE = "Gewinnt der Alleinspieler zwölf Stiche, soll der Turnierleiter einen berichtigten Score zuerkennen (§ 47 E 2)."
DE_PLAIN = "Gewinnt der Alleinspieler zwölf Stiche, soll der Turnierleiter einen berichtigten Score zuerkennen."
NL = "Als de leider twaalf slagen maakt, kent de wedstrijdleider een arbitrale score toe (zie artikel 47E2)."


def codes(findings, edition, node="64A"):
    return {f.code for f in findings if f.edition == edition and f.node == node}


def test_agreeing_counterparts_give_no_finding(tmp_path):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV)}),
                                    "de-2007": (2007, {"64A": ("Titel", DE)})})
    assert [f for f in run_checks(corpus) if f.code in ("number-mismatch", "ref-mismatch", "term-mismatch",
                                                          "end-punctuation", "missing-heading")] == []


def test_a_number_changed_in_one_edition(tmp_path):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV.replace("tolv", "elva"))}),
                                    "de-2007": (2007, {"64A": ("Titel", DE)})})
    found = [f for f in run_checks(corpus) if f.code == "number-mismatch" and f.edition == "sv-2007"]
    assert found and "elva" in found[0].message and "12" in found[0].message
    assert found[0].compared.startswith("de-2007 64A: ") and "zwölf" in found[0].compared
    assert found[0].suggestion == "'elva' → 12"
    assert found[0].file == "corpus/sources/sv-2007.txt" and found[0].line == 1


def test_a_number_two_editions_disagree_on_is_reported_where_the_phrase_is_unusual(tmp_path):
    """With no third edition to witness, the side whose phrase its own edition never writes ('elva stick')
    slipped: the other states its number as it does elsewhere ('zwölf Stiche' in 64B), so only one finding."""
    elsewhere = {"sv-2007": "Vinner han tolv stick, gäller lag 12.", "de-2007": "Gewinnt er zwölf Stiche, gilt § 12."}
    corpus = make_corpus(tmp_path, {
        "sv-2007": (2007, {"64A": ("Titel", SV.replace("tolv", "elva")), "64B": ("B", elsewhere["sv-2007"])}),
        "de-2007": (2007, {"64A": ("Titel", DE), "64B": ("B", elsewhere["de-2007"])})})
    found = [(f.edition, f.node) for f in run_checks(corpus) if f.code == "number-mismatch"]
    assert found == [("sv-2007", "64A")]


def test_a_number_two_editions_disagree_on_is_reported_on_both_sides_when_usage_cannot_tell(tmp_path):
    corpus = make_corpus(tmp_path, {
        "sv-2007": (2007, {"64A": ("Titel", SV.replace("tolv", "elva")), "64B": ("B", "Se lag 12.")}),
        "de-2007": (2007, {"64A": ("Titel", DE), "64B": ("B", "Siehe § 12.")})})
    found = sorted((f.edition, f.node) for f in run_checks(corpus) if f.code == "number-mismatch")
    assert found == [("de-2007", "64A"), ("sv-2007", "64A")]


def test_a_number_only_this_edition_states_is_not_reported_where_one_counterpart_changed_its_own(tmp_path):
    """nb-2007 says 'to eller flere', as it does elsewhere; de-2007 states no number; sv-2007 alone says 'tre eller
    fler', which it writes nowhere else: the slip is sv-2007's, and nb-2007 is not reported for its 'to'."""
    corpus = make_corpus(tmp_path, {
        "sv-2007": (2007, {"51A": ("A", "När en motspelare har tre eller fler straffkort, får spelföraren välja."),
                           "51B": ("B", "Har motspelaren flera straffkort, gäller lag 50.")}),
        "nb-2007": (2007, {"51A": ("A", "Når en motspiller har to eller flere straffekort, kan spillefører velge."),
                           "51B": ("B", "Har motspilleren to eller flere straffekort, gjelder § 50.")}),
        "de-2007": (2007, {"51A": ("A", "Hat ein Gegenspieler mehrere Strafkarten, darf der Alleinspieler wählen."),
                           "51B": ("B", "Hat der Gegenspieler mehrere Strafkarten, gilt § 50.")})}, law="51")
    found = [(f.edition, f.node) for f in run_checks(corpus) if f.code == "number-mismatch" and f.node == "51A"]
    assert found == [("sv-2007", "51A")]


def test_a_reference_changed_to_an_existing_neighbour(tmp_path):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV.replace("47E2", "47E1"))}),
                                    "de-2007": (2007, {"64A": ("Titel", DE)}),
                                    "nl-2007": (2007, {"64A": ("Titel", NL)})})
    found = [f for f in run_checks(corpus) if f.code == "ref-mismatch"]
    assert [(f.edition, f.suggestion) for f in found] == [("sv-2007", "47E1 → 47E2")]
    assert found[0].severity == "warning"


def _two_citing(tmp_path, sv_cites: str, b1: tuple[str, str]):
    """sv-2007 and de-2007 64A citing 64B1 or 64B2 (`sv_cites` in sv-2007; de-2007 cites 64B1), whose texts are
    `b1` (sv, de) and a rule about something else."""
    sv_b2, de_b2 = "Träkarlen får inte titta i korten.", "Der Dummy darf nicht in die Karten sehen."
    return make_corpus(tmp_path, {
        "sv-2007": (2007, {"64A": ("Titel", SV.replace("47E2", sv_cites)), "64B1": ("B1", b1[0]),
                           "64B2": ("B2", sv_b2)}),
        "de-2007": (2007, {"64A": ("Titel", DE.replace("47 E 2", "64 B 1")), "64B1": ("B1", b1[1]),
                           "64B2": ("B2", de_b2)})})


def test_a_reference_two_editions_disagree_on_is_reported_where_the_clause_fits_it_worse(tmp_path):
    """With no third edition to witness, the clauses tell: both read as about 64B1's rule (twelve tricks, an
    adjusted score), so sv-2007's 64B2 is the slip and de-2007, which cites 64B1, is not reported."""
    corpus = _two_citing(tmp_path, "64B2", ("Vinner spelföraren tolv stick, tilldelas ett justerat resultat.",
                                            "Gewinnt der Alleinspieler zwölf Stiche, wird ein berichtigter Score "
                                            "zuerkannt."))
    found = [(f.edition, f.suggestion) for f in run_checks(corpus) if f.code == "ref-mismatch"]
    assert found == [("sv-2007", "64B2 → 64B1")]


def test_a_reference_two_editions_disagree_on_is_reported_on_both_sides_when_the_clauses_cannot_tell(tmp_path):
    corpus = _two_citing(tmp_path, "64B2", ("Korten läggs i brickan.", "Die Karten werden in das Board gelegt."))
    found = sorted(f.edition for f in run_checks(corpus) if f.code == "ref-mismatch")
    assert found == ["de-2007", "sv-2007"]


def test_a_citation_of_what_no_edition_has_is_the_slip_of_two(tmp_path):
    # sv-2007 cites Law 94 (the Laws end at 93) where de-2007 cites Law 49: only sv-2007 is reported
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV.replace("lag 47E2", "lag 94"))}),
                                    "de-2007": (2007, {"64A": ("Titel", DE.replace("§ 47 E 2", "§ 49"))})})
    found = [(f.edition, f.suggestion) for f in run_checks(corpus) if f.code == "ref-mismatch"]
    assert found == [("sv-2007", "94 → 49")]


def test_two_laws_a_counterpart_cites_are_not_one_mistyped(tmp_path):
    # 69 and 71 differ in both digits: not a slip of one for the other, so no 'cites 69 where ... cite 71'
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV.replace("lag 47E2", "lag 69"))}),
                                    "de-2007": (2007, {"64A": ("Titel", DE.replace("§ 47 E 2", "§ 71"))})})
    assert [f for f in run_checks(corpus) if f.code == "ref-mismatch"] == []


def test_a_term_replaced_by_a_synonym(tmp_path):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV.replace("tävlingsledaren", "domaren"))}),
                                    "de-2007": (2007, {"64A": ("Titel", DE)})})
    found = [f for f in run_checks(corpus) if f.code == "term-mismatch" and f.edition == "sv-2007"]
    assert found and "director" in found[0].message and found[0].suggestion == "use 'tävlingsledare'"


def test_a_lost_full_stop_and_a_lost_heading(tmp_path):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("", SV.replace(" (se lag 47E2).", ""))}),
                                    "de-2007": (2007, {"64A": ("Titel", DE_PLAIN)})})
    found = codes(run_checks(corpus), "sv-2007")
    assert {"end-punctuation", "missing-heading"} <= found


def test_a_list_item_that_lost_its_full_stop_where_the_counterparts_end_items_otherwise(tmp_path):
    # the Swedish ends its items with a full stop, the German with a semicolon: the counterparts cannot say how
    # 63A2 should end, the edition's usage can
    others = {f"63{letter}": ("", f"Regel {letter} gäller.") for letter in "BCDEFGH"}  # the edition's usage
    corpus = make_corpus(tmp_path, {
        "sv-2007": (2007, {"63A1": ("", "När den felande spelar ut i nästa stick."),
                           "63A2": ("", "När den felande anger ett kort som skall spelas i det följande sticket"),
                           "63A3": ("", "När den felande gör ett anspråk."), **others}),
        "de-2007": (2007, {"63A1": ("", "wenn der Schuldige zum nächsten Stich ausspielt;"),
                           "63A2": ("", "wenn der Schuldige eine Karte für den nächsten Stich bezeichnet;"),
                           "63A3": ("", "wenn der Schuldige einen Anspruch erhebt.")})}, law="63")
    found = [(f.edition, f.node) for f in run_checks(corpus) if f.code == "end-punctuation"]
    assert found == [("sv-2007", "63A2")]


def test_other_years_are_compared_only_where_the_content_agrees(tmp_path):
    unrelated = "Der Turnierleiter darf eine Verfahrensstrafe verhängen, wenn ein Spieler die Ordnung stört."
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV.replace("tolv", "elva"))}),
                                    "de-1997": (1997, {"64A": ("Titel", unrelated)})})
    context = CheckContext(corpus, corpus.editions())
    assert counterparts(context, "sv-2007", "64A") == []  # a renumbered rule is not compared with another one
    assert not codes(run_checks(corpus), "sv-2007") & {"number-mismatch", "ref-mismatch"}


def test_other_years_that_agree_are_compared(tmp_path):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV.replace("tolv", "elva"))}),
                                    "de-1997": (1997, {"64A": ("Titel", DE)})})
    context = CheckContext(corpus, corpus.editions())
    [pair] = counterparts(context, "sv-2007", "64A")
    assert pair.relation == "same-id" and "concepts" in pair.evidence
    assert "number-mismatch" in codes(run_checks(corpus), "sv-2007")



class FakeConcordance:
    """What the checks read of a concordance, over given links: the editions it covers and one edition pair."""

    def __init__(self, links: list[Link]):
        self.links = links

    def editions(self) -> list[str]:
        return list(dict.fromkeys(e for k in self.links for e in (k.from_edition, k.to_edition)))

    def pair(self, a: str, b: str, remember: bool = True) -> PairFile | None:
        links = [k for k in self.links if {k.from_edition, k.to_edition} == {a, b}]
        return PairFile(links[0].from_edition, links[0].to_edition, "", "encoder", links) if links else None


def use_fake_concordance(monkeypatch, links: list[Link]) -> None:
    """Make the checks load a FakeConcordance of these links as the stored concordance."""
    import lawtools.concordance as real

    fake = types.ModuleType("lawtools.concordance")
    fake.__path__ = real.__path__  # its modules (the encoder's cache, lawtools/concordance/embed.py) as they are
    fake.load_concordance = lambda corpus_dir: FakeConcordance(links)
    monkeypatch.setitem(sys.modules, "lawtools.concordance", fake)


def test_the_concordance_replaces_id_pairing_when_present(tmp_path, monkeypatch):
    # sv 64A is renumbered as de 64B in this made-up concordance: the numbers are compared across ids
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV.replace("tolv", "elva"))}),
                                    "de-2017": (2017, {"64A": ("Titel", "Ein anderer Text ohne Zahlen."),
                                                       "64B": ("Titel", DE)})})
    use_fake_concordance(monkeypatch, [Link("sv-2007", "64A", "de-2017", "64B", "renumbered", 0.9, ("numbers",))])
    from lawtools.check import pairs

    settings = {**pairs._settings(), "use_concordance": True}  # the switch in check.yaml
    monkeypatch.setattr(pairs, "_settings", lambda: settings)
    context = CheckContext(corpus, corpus.editions())
    [pair] = counterparts(context, "sv-2007", "64A")
    assert (pair.edition, pair.node, pair.relation) == ("de-2017", "64B", "renumbered")
    found = [f for f in run_checks(corpus) if f.code == "number-mismatch" and f.edition == "sv-2007"]
    assert found and found[0].compared.startswith("de-2017 64B")


@pytest.mark.parametrize("language", ["sv", "nb", "de", "nl", "en", "da", "fi", "fr", "it", "es", "pl", "pt"])
def test_number_words_for_every_language(language):
    from lawtools.numbers import number_data

    words = number_data()[language]
    assert set(range(2, 14)) <= set(words["cardinals"].values())
    assert set(range(1, 14)) <= set(words["ordinals"].values())


def test_a_number_changed_in_a_caption(tmp_path):
    # German items carry captions: an ordinal changed there alone is stated by neither text nor counterpart
    text = "Die zweite Karte zu dem Stich wird von der Hand des Alleinspielers gespielt."
    corpus = make_corpus(tmp_path, {"de-2007": (2007, {"64A": ("Die dritte Karte", text)}),
                                    "nl-2007": (2007, {"64A": ("", "De tweede kaart in de slag wordt uit de hand van "
                                                                   "de leider gespeeld.")})})
    found = [f for f in run_checks(corpus) if f.code == "number-mismatch" and f.edition == "de-2007"]
    assert found and "the heading says 3" in found[0].message


def _footnote_numbers(tmp_path, note: str, text: str = SV):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", text)}),
                                    "de-2007": (2007, {"64A": ("Titel", DE)})},
                         footnotes={"sv-2007": [("64A", "*", note)]})
    return [f for f in run_checks(corpus) if f.code == "number-mismatch"]


def test_a_number_changed_in_a_footnote(tmp_path):
    # the footnote's number stands in the provision and its counterpart; changed, it stands nowhere
    assert _footnote_numbers(tmp_path, "Detta gäller även när han vinner tolv stick.") == []
    [found] = _footnote_numbers(tmp_path / "changed", "Detta gäller även när han vinner elva stick.")
    assert (found.edition, found.node, found.severity) == ("sv-2007", "64A", "warning")
    assert found.message.startswith("footnote * says elva, which neither 64A of this edition nor de-2007 64A")
    assert "elva stick" in found.excerpt and found.compared.startswith("de-2007 64A: ")


def test_a_footnote_number_only_a_counterpart_states_is_no_finding(tmp_path):
    # the Swedish text leaves the number to its footnote; the German states it in the text (the provisions'
    # own comparison may still say the Swedish text lacks it: that is not the footnote's finding)
    found = _footnote_numbers(tmp_path, "Detta gäller när han vinner tolv stick.",
                              SV.replace("vinner tolv stick", "vinner alla stick"))
    assert [f for f in found if f.edition == "sv-2007" and "footnote" in f.message] == []


def test_a_footnote_of_the_whole_law_is_held_against_the_law(tmp_path):
    # a footnote on the law's heading: its number is looked for anywhere in the law, here and in the other edition
    def found(note: str, at: str):
        corpus = make_corpus(at, {"sv-2007": (2007, {"64A": ("Titel", SV)}), "de-2007": (2007, {"64A": ("Titel", DE)})},
                             footnotes={"sv-2007": [("64", "*", note)]})
        return [f for f in run_checks(corpus) if f.code == "number-mismatch" and "footnote" in f.message]

    assert found("Lagen gäller alla tolv stick.", tmp_path / "a") == []
    [finding] = found("Lagen gäller alla elva stick.", tmp_path / "b")
    assert finding.node == "64" and "neither Law 64 of this edition nor de-2007 Law 64 state" in finding.message


NB_THREE = ("Spilleføreren spiller ut fra bordet, og makker legger kortet med forsiden opp. Turneringslederen skal "
            "straks tilkalles til bordet av en av spillerne. Stikket telles for spilleføreren.")
SV_LOST = ("Spelföraren spelar ut från bordet; partnern lägger kortet med bildsidan uppåt. "
           "Sticket räknas för spelföraren.")


def _omissions(tmp_path, sv_text: str, nb_text: str, nb_year: int = 2007):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("", sv_text)}),
                                    "nb-2007": (nb_year, {"64A": ("", nb_text)})})
    return [f for f in run_checks(corpus) if f.code == "possible-omission"]


def test_a_lost_sentence_against_its_own_year_need_not_leave_fewer_sentences(tmp_path):
    # the Swedish cuts its first sentence at a semicolon and has lost the second: three sentences against three
    [found] = _omissions(tmp_path, SV_LOST, NB_THREE)
    assert (found.edition, found.node, found.severity) == ("sv-2007", "64A", "warning")
    assert "with no more sentences (3 against 3)" in found.message and found.compared.startswith("nb-2007 64A")


def test_text_lost_against_one_counterpart_is_not_also_an_addition_there(tmp_path):
    # the Norwegian is longer than usual against its one counterpart because the Swedish lost a sentence: the
    # omission is reported in sv-2007, and nb-2007 is not reported as having added text
    nb = ("Spilleføreren spiller ut fra bordet, og makker legger kortet med forsiden opp. Turneringslederen skal "
          "straks tilkalles til bordet av en av spillerne, og han skal avgjøre saken etter at alle har forklart seg. "
          "Stikket telles for spilleføreren.")
    sv = ("Spelföraren spelar ut från bordet, och partnern lägger kortet med bildsidan uppåt. "
          "Sticket räknas för spelföraren.")
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("", sv)}), "nb-2007": (2007, {"64A": ("", nb)})})
    found = [(f.edition, f.code) for f in run_checks(corpus) if f.code in ("possible-omission", "possible-addition")]
    assert found == [("sv-2007", "possible-omission")]


def test_a_counterpart_that_repeats_a_sentence_is_measured_without_the_repeat(tmp_path):
    # the Norwegian states its long second sentence twice (its own slip, reported there): the Swedish lost nothing
    repeated = "Turneringslederen skal straks tilkalles til bordet av en av spillerne når noe er uklart ved bordet."
    nb_text = f"Spilleføreren spiller ut fra bordet. {repeated} Stikket telles."
    sv_full = ("Spelföraren spelar ut från bordet. Tävlingsledaren skall genast tillkallas till bordet av en av "
               "spelarna när något är oklart vid bordet. Sticket räknas.")
    assert _omissions(tmp_path / "a", sv_full, nb_text.replace(repeated, f"{repeated} {repeated}")) == []
    sv_lost = "Spelföraren spelar ut från bordet. Sticket räknas för spelföraren."
    assert _omissions(tmp_path / "b", sv_lost, nb_text) != []  # a sentence really lost is still reported


def test_a_shorter_one_sentence_provision_has_lost_no_sentence(tmp_path):
    nb_one = NB_THREE.replace(". Turneringslederen", ", og turneringslederen").replace(". Stikket", ", og stikket")
    assert _omissions(tmp_path, "Spelföraren spelar ut från bordet.", nb_one) == []


def test_a_shorter_text_of_another_year_needs_fewer_sentences_too(tmp_path, monkeypatch):
    from lawtools.check import pairs

    # across years one counterpart is weighed only when the concordance is sure of it: say it is
    settings = {**pairs._settings(), "use_concordance": True, "min_score": 0.6, "min_agreement": 0.0}
    monkeypatch.setattr(pairs, "_settings", lambda: settings)
    use_fake_concordance(monkeypatch, [Link("sv-2007", "64A", "nb-2017", "64A", "same", 0.95, ("model",))])
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("", SV_LOST)}),
                                    "nb-2017": (2017, {"64A": ("", NB_THREE)})})
    assert [f for f in run_checks(corpus) if f.code == "possible-omission"] == []
    # the same texts with the link sure and a sentence fewer: reported
    corpus = make_corpus(tmp_path / "fewer", {"sv-2007": (2007, {"64A": ("", SV_LOST.replace(";", ","))}),
                                              "nb-2017": (2017, {"64A": ("", NB_THREE)})})
    [found] = [f for f in run_checks(corpus) if f.code == "possible-omission"]
    assert "with fewer sentences (2 against 3)" in found.message and found.severity == "info"
