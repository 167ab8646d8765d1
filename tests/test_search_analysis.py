"""Per-language analysis: words and positions, stop words, inflection forms and compound parts."""

from __future__ import annotations

import pytest

from lawtools.search.analysis import Analyzer, build_vocabulary, words


def analyzer(language: str, text: str) -> Analyzer:
    plain = Analyzer(language)
    return Analyzer(language, build_vocabulary([text], plain.stem))


SV = "Ett straffkort. Straffkortet ligger kvar. Straffkortsinnehavarens partner. Revoke i sticket. Innehavare"
DE = "Eine Strafkarte. Jede Karte wird zur Hauptstrafkarte. Der Revokestich. Ein Stich. Ein Revoke."


def test_positions_count_stop_words_and_spans_point_at_the_word():
    text = "Det blir ingen korrigering"
    tokens = analyzer("sv", text).tokens(text, with_parts=False)
    assert [(t.term, t.pos) for t in tokens if t.source == "stem"] == [("korrigering", 3)]
    token = tokens[0]
    assert text[token.start:token.end] == "korrigering"


@pytest.mark.parametrize("language,text,word,part", [
    ("de", DE, "hauptstrafkarte", "strafkart"),
    ("de", DE, "revokestich", "revok"),
    ("de", DE, "revokestich", "stich"),
    ("sv", SV, "straffkortsinnehavarens", "straffkort"),
], ids=["Hauptstrafkarte>Strafkarte", "Revokestich>Revoke", "Revokestich>Stich", "straffkortsinnehavarens"])
def test_compound_parts_found_against_the_vocabulary(language, text, word, part):
    assert part in analyzer(language, text).compound_parts(word)


@pytest.mark.parametrize("language,text,word,split", [
    ("sv", "Spelföraren gör ett anspråk. En spelförare.", "spelföraranspråk", ("spelför", "anspråk")),
    ("de", "Die Strafe. Eine Karte.", "strafkarte", ("straf", "kart")),
], ids=["spelförar-anspråk", "Straf-karte"])
def test_a_compound_head_may_drop_its_final_vowel(language, text, word, split):
    a = analyzer(language, text)
    assert a.split_compound(word) == split
    assert split[0] in a.compound_parts(word)  # the index reads it the same way


def test_a_head_keeps_its_vowel_in_a_language_that_drops_none():
    a = analyzer("sv", "Ett kort. En spelare.")
    assert a.split_compound("spelarkort") == ("spel", "kort")
    a.elided = ()  # as in a language whose search.yaml entry names no elided vowels
    assert a.split_compound("spelarkort") is None


def test_a_compound_of_three_corpus_words_is_split_into_three_when_two_will_not_do():
    # the Laws write "Bezeichnung einer Karte des Tisches", never "Tischkarte" nor "Kartenbezeichnung"
    a = analyzer("de", "Die Bezeichnung einer Karte des Tisches. Eine Strafe. Der Revokestich. Ein Stich. Ein Revoke.")
    assert a.split_compound("tischkartenbezeichnung") == ("tisch", "kart", "bezeichn")
    assert a.split_compound("revokestichbezeichnung") == ("revokestich", "bezeichn")  # two where two will do
    assert a.split_compound("tischkartenbezeichnungsstrafe") is None  # four parts: more than MAX_COMPOUND_PARTS
    # a part that is a common word of the language (the lexicon's) is that word, not two corpus words
    assert a.split_compound("tischkartenbezeichnung", common=lambda word: word == "kartenbezeichnung") is None


def test_compound_parts_leave_plain_words_alone():
    a = analyzer("de", DE)
    assert "strafkart" not in a.compound_parts("strafkarte")  # a word is not a part of itself
    assert a.compound_parts("stich") == ()


def test_swedish_inflection_the_stemmer_leaves_is_normalised_through_the_vocabulary():
    a = analyzer("sv", SV)
    assert a.stem("straffkortet") == "straffkortet"  # Snowball leaves -et alone ...
    assert "straffkort" in a.query_forms("straffkortet")  # ... the corpus word it inflects is found


def test_lemmas_are_added_at_index_time_only():
    a = Analyzer("de", lemmatize=lambda w: "gewinnen" if w == "gewann" else None)
    with_lemmas = {t.term for t in a.tokens("er gewann", with_lemmas=True)}
    without = {t.term for t in a.tokens("er gewann")}
    assert a.stem("gewinnen") in with_lemmas and a.stem("gewinnen") not in without


@pytest.mark.parametrize("language,word", [("sv", "och"), ("de", "und"), ("nl", "een"), ("nb", "og")])
def test_stop_words_give_no_query_terms(language, word):
    assert Analyzer(language).query_forms(word) == []


def test_words_split_hyphens_and_punctuation():
    assert [w.surface for w in words("icke-felande (se lag 64C).")] == ["icke", "felande", "se", "lag", "64c"]


def test_a_language_without_search_settings_gets_its_snowball_stemmer():
    french = Analyzer("fr")
    assert french.stem("chevaux") == "cheval"
    assert [t.term for t in french.tokens("Les chevaux", with_parts=False)] == ["le", "cheval"]


def test_a_language_with_no_analysis_data_at_all_gets_lowercase_words():
    plain = Analyzer("xx-unknown")
    assert [t.term for t in plain.tokens("Kaarten KORT", with_parts=False)] == ["kaarten", "kort"]
    assert plain.query_forms("Kort") == ["kort"]


# ---- a citation and the word that introduces it are citation syntax, not prose (analyzed.cited_words)
@pytest.mark.parametrize("language,text,node,cited,prose", [
    ("sv", "Spelet fortsätter (se lag 45) och se också 47B. Träkarlen får inte se korten.", "43A2",
     ["se", "lag", "45", "se", "också", "47b"], ["spelet", "fortsätter", "och", "träkarlen", "får", "inte", "se",
                                                 "korten"]),
    ("sv", "(se B nedan)", "43A", ["se", "b", "nedan"], []),
    ("nb", "Se 26B, eller se kortene.", "16", ["se", "26b"], ["eller", "se", "kortene"]),
], ids=["se lag 45", "se B nedan", "se 26B"])
def test_citation_words_are_told_from_prose(language, text, node, cited, prose):
    from lawtools.search.analyzed import cited_words

    skipped = cited_words(text, language, node)
    assert [w.surface for w in words(text) if w.start in skipped] == cited
    assert [w.surface for w in words(text) if w.start not in skipped] == prose
    tokens = Analyzer(language).tokens(text, skip=skipped)
    assert ("se" in {t.term for t in tokens}) == ("se" in prose)


def test_a_language_without_citation_data_has_no_citation_words():
    from lawtools.search.analyzed import cited_words

    assert cited_words("katso laki 45", "xx", "45") == frozenset()
    assert cited_words("voir la loi 45", "fr", "45")  # a language the citation data knows
