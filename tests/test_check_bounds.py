"""Round 4 checks across counterparts: the number of counterparts a provision is compared with is bounded
(same year, then same language, then in manifest order), and another concept's term standing where every
counterpart names a concept is reported as a replaced term."""

from __future__ import annotations

from test_check_counterparts import DE, NL, SV, make_corpus

from lawtools.check import pairs, run_checks
from lawtools.check.model import CheckContext
from lawtools.check.pairs import pairing


def _counterparts(corpus, edition: str, node: str = "64A") -> list[str]:
    return [p.edition for p in pairing(CheckContext(corpus, corpus.editions())).counterparts(edition, node)]


def test_counterparts_are_bounded_same_year_first(tmp_path, monkeypatch):
    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV)}), "nl-2017": (2017, {"64A": ("T", NL)}),
                                    "de-2007": (2007, {"64A": ("Titel", DE)})})
    assert _counterparts(corpus, "sv-2007") == ["nl-2017", "de-2007"]  # content agrees across years
    settings = dict(pairs._settings(), max_counterparts=1)
    monkeypatch.setattr(pairs, "_settings", lambda: settings)
    assert _counterparts(corpus, "sv-2007") == ["de-2007"]
    assert _counterparts(corpus, "nl-2017") and len(_counterparts(corpus, "nl-2017")) == 1


SV_TRICK = "Spelföraren lägger ett kort i sticket, och därefter avgör spelföraren saken."
NL_TRICK = "De leider legt een kaart in de slag, en daarna beslist de leider de zaak."
DE_TRICK = "Der Alleinspieler legt eine Karte in den Stich, und danach entscheidet der Alleinspieler die Sache."
OTHER = {"sv-2007": "Ett stick har fyra kort.", "nl-2007": "Een slag heeft vier kaarten.",
         "de-2007": "Ein Stich hat vier Karten."}  # each edition names the trick elsewhere too


def _editions(de_text: str) -> dict:
    texts = {"sv-2007": SV_TRICK, "nl-2007": NL_TRICK, "de-2007": de_text}
    return {e: (2007, {"64A": ("Titel", t), "64B": ("Titel B", OTHER[e])}) for e, t in texts.items()}


def test_another_concepts_term_where_the_counterparts_name_a_concept(tmp_path):
    wrong = DE_TRICK.replace("den Stich", "den Turnierleiter")
    corpus = make_corpus(tmp_path, _editions(wrong))
    found = [f for f in run_checks(corpus) if f.code == "term-replaced"]
    assert [(f.edition, f.suggestion) for f in found] == [("de-2007", "'Turnierleiter' → 'Stich'")]
    assert "director" in found[0].message and "trick" in found[0].message


def test_the_concepts_own_term_gives_no_replaced_term(tmp_path):
    corpus = make_corpus(tmp_path, _editions(DE_TRICK))
    assert [f for f in run_checks(corpus) if f.code == "term-replaced"] == []


NB = "Hvis spilleføreren vinner tolv stikk, skal turneringslederen tildele en justert score (se § 47E2)."


def test_a_slip_is_reported_where_it_is_not_at_its_one_counterpart(tmp_path):
    """sv-2007 says elva (11) where nb-2007 and de-1997 say 12. de-1997's one counterpart is sv-2007; sv-2007's
    other counterpart, nb-2007, agrees with de-1997: the slip is sv-2007's and only sv-2007 is told."""
    from test_check_mapping import write_concordance

    corpus = make_corpus(tmp_path, {"sv-2007": (2007, {"64A": ("Titel", SV.replace("tolv", "elva"))}),
                                    "nb-2007": (2007, {"64A": ("Titel", NB)}),
                                    "de-1997": (1997, {"64A": ("Titel", DE)})})
    write_concordance(corpus, "de-1997", "sv-2007", [("64A", "64A", "same")])
    write_concordance(corpus, "de-1997", "nb-2007", [("64A", None, "removed")])
    assert _counterparts(corpus, "de-1997") == ["sv-2007"]
    found = [(f.edition, f.node) for f in run_checks(corpus) if f.code == "number-mismatch"]
    assert found == [("sv-2007", "64A")]


def test_concordance_counterparts_asked_lazily_are_those_the_bound_keeps_of_every_one(monkeypatch):
    """Through the stored concordance the other editions are asked one pair at a time, in the bound's order, until
    the bound is reached: the counterparts are the bound applied to every counterpart (a bound of 1, which bites)."""
    from lawtools.records import load_corpus

    corpus = load_corpus()
    settings = dict(pairs._settings())
    assert settings["use_concordance"]
    monkeypatch.setattr(pairs, "_settings", lambda: {**settings, "max_counterparts": 0})
    every = pairs.Pairing(CheckContext(corpus, corpus.editions()))
    provisions = [(e, node) for e in corpus.editions() for node in every.features.by_edition(e)]  # what checks ask
    unbounded = {key: every.counterparts(*key) for key in provisions}
    monkeypatch.setattr(pairs, "_settings", lambda: {**settings, "max_counterparts": 1})
    bounded = pairs.Pairing(CheckContext(corpus, corpus.editions()))
    cut = 0
    for key, found in unbounded.items():
        assert bounded.counterparts(*key) == bounded._bounded(key[0], found), key
        cut += len(found) > 1
    assert cut > 50  # the bound did bite


def test_at_most_max_asked_editions_are_asked_per_provision(monkeypatch):
    """A provision asks at most `max_asked` other editions, found or not (one with fewer counterparts than the
    bound asked every edition, composing a concordance pair for each); with five editions the shipped bound asks
    every one, so it changes no counterpart here."""
    from lawtools.records import load_corpus

    corpus = load_corpus()
    settings = dict(pairs._settings())
    assert 4 <= settings["max_asked"]  # the real corpus has four other editions: none left unasked
    monkeypatch.setattr(pairs, "_settings", lambda: {**settings, "max_asked": 0})
    every = pairs.Pairing(CheckContext(corpus, corpus.editions()))
    provisions = [(e, node) for e in corpus.editions() for node in every.features.by_edition(e)]
    unbounded = {key: every.counterparts(*key) for key in provisions}
    monkeypatch.setattr(pairs, "_settings", lambda: settings)
    shipped = pairs.Pairing(CheckContext(corpus, corpus.editions()))
    assert {key: shipped.counterparts(*key) for key in provisions} == unbounded
    monkeypatch.setattr(pairs, "_settings", lambda: {**settings, "max_asked": 1})
    one_context = CheckContext(corpus, corpus.editions())
    one = pairs.Pairing(one_context)
    for key in provisions:
        first = one._candidates(key[0])[0]
        assert {p.edition for p in one.counterparts(*key)} <= {first}, key
    asked = one_context._cache["asked"]
    assert asked and all(len(editions) <= 1 for editions in asked.values())
    assert any(unbounded[key] and not one.counterparts(*key) for key in provisions)  # the bound did bite
