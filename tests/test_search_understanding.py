"""Query understanding, one test per failure class of issue 12, on the real corpus: English function words
are not structure, typo correction leaves real words of the query's language alone, a native query finds
its own edition first, citations with spaces, and an edition in a language with no analysis data."""

from __future__ import annotations

import json

import pytest
from search_support import make_project, real_corpus, real_index_dir

from lawtools.manifest import load_manifest
from lawtools.model import Article, Node, dumps
from lawtools.records import Corpus
from lawtools.search.api import Searcher


@pytest.fixture(scope="module")
def searcher(tmp_path_factory):
    opened = Searcher(real_corpus(), real_index_dir())
    yield opened
    opened.close()


# ---- English function words are not structure; a letter is a section letter only inside a citation
@pytest.mark.parametrize("query", ["what if a card is exposed", "a revoke is established",
                                   "the penalty card of a defender"])
def test_english_function_words_are_not_required(searcher, query):
    parsed = searcher.parser.parse(query)
    assert parsed.citation is None and parsed.within is None
    assert "en" in parsed.languages.languages
    words = {w for clause in parsed.plan.clauses for w in clause.text.split()}
    assert not words & {"a", "is", "if", "what", "the", "of"}
    assert len(searcher.search(query).laws) >= 3


def test_a_letter_inside_a_citation_is_a_section(searcher):
    result = searcher.search("Law 64 B 2")
    assert result.kind == "citation" and result.results[0].node == "64B2"


# ---- citations in every style, with spaces
@pytest.mark.parametrize("query,node", [("Law 64 B 2", "64B2"), ("§ 61 B", "61B"), ("artikel 62 C 2", "62C2"),
                                        ("Lov 12", "12"), ("lag 45 C 4", "45C4"), ("law 70 D", "70D"),
                                        ("§ 45 C 4 b)", "45C4(b)")])
def test_citations_with_spaces(searcher, query, node):
    result = searcher.search(query)
    assert result.kind == "citation"
    assert node in {h.node for h in result.results}


# ---- typo correction only for words unknown in every language, preferring the query's language
@pytest.mark.parametrize("query,kept", [("de leider speelt voor de beurt", "voor"),
                                        ("kaart niet bekend", "niet"),
                                        ("for mange kort på hånden", "mange")])
def test_real_words_are_never_corrected(searcher, query, kept):
    parsed = searcher.parser.parse(query)
    assert kept not in {c.original for c in parsed.corrections}


def test_common_words_are_whole_words_of_their_language(searcher):
    """The general-language lexicon is looked up word by word: a word, not a piece of one or of two."""
    index = searcher.index
    assert index.common_word("nb", "mange") and index.common_word("en", "card")
    assert not index.common_word("nb", "ange") and not index.common_word("nb", "nge")  # pieces of "mange"
    assert not index.common_word("nb", "mange\nog") and not index.common_word("nb", "")
    assert not index.common_word("xx", "mange")  # a language the lexicon lacks has no common words
    assert index.common_word("nb", "mange")  # the remembered answer is the same


@pytest.mark.parametrize("typo,fixed", [("trakarlen", "träkarlen"), ("verzakign", "verzaking"),
                                        ("Alleinspieller", "alleinspieler")])
def test_unknown_words_are_corrected(searcher, typo, fixed):
    parsed = searcher.parser.parse(typo)
    assert [c.corrected for c in parsed.corrections] == [fixed]


def test_a_correction_prefers_the_query_language(searcher):
    # "stick" is Swedish; the misspelt compound must stay Swedish, found through its parts
    parsed = searcher.parser.parse("revokestick i tolfte")
    assert not any(c.corrected.endswith("stich") for c in parsed.corrections)
    assert "sv" in parsed.languages.languages


@pytest.mark.parametrize("query,language,law", [("revokestick", "sv", "62"), ("straffkortsutspel", "sv", "50"),
                                                 ("verzakingsslag", "nl", "62"),
                                                 ("Tischkartenbezeichnung", "de", "46")])
def test_a_compound_the_corpus_lacks_is_found_by_its_parts_in_any_order(searcher, query, language, law):
    # the corpus never writes the compound; its parts stand apart in either order ("stick i vilket revoken
    # begicks", "revoke i tolfte stick")
    result = searcher.search(query, limit=5)
    assert result.results, result.notes
    assert law in result.laws
    top = result.results[0]
    assert top.language == language and any(m.how == "compound" for m in top.matched)


# ---- language detection and the query language's own editions first
@pytest.mark.parametrize("query,language", [("straffkortet måste spelas", "sv"), ("utilstrekkelig bud", "nb"),
                                            ("Strafkarte ausspielen", "de"), ("voor de beurt uitkomen", "nl"),
                                            ("two cards played at once", "en")])
def test_query_language_is_detected(searcher, query, language):
    assert searcher.parser.parse(query).languages.languages[0] == language


@pytest.mark.parametrize("query,edition", [("straffkort", "sv-2007"), ("Strafkarte", "de-1997"),
                                           ("verzaking", "nl-2017"), ("träkarlen", "sv-2007")])
def test_native_query_finds_its_own_edition_first(searcher, query, edition):
    result = searcher.search(query)
    for group in result.groups[:3]:
        if edition in group.editions:
            assert group.editions[0] == edition
    assert result.results[0].edition == edition


# ---- English as a query language: termbase, English law titles and meaning
@pytest.mark.parametrize("query,law", [("two cards played at once", "58"), ("claim contested by defender", "70"),
                                       ("wrong board", "15"), ("cancelled concession", "71")])
def test_english_questions_find_their_law(searcher, query, law):
    assert law in searcher.search(query).laws[:3]


# ---- a term's stop words: part of it where they tell it from another term ("face up" / "face down", "turn over" /
# "out of turn", "allowed" / "not allowed"), and a term of stop words alone ("at once"); passed over elsewhere
def _named(parsed) -> set[str]:
    """The concepts (termbase and glossary) the query's clauses were read as."""
    return {alt.reason.concept for clause in parsed.plan.clauses for alt in clause.alternatives if alt.reason.concept}


@pytest.mark.parametrize("query,concept,clause", [
    ("card face up", "face-up", "face up"), ("tricks kept face down", "en:face down", "face down"),
    ("two cards played at once", "en:same time", "at once"),
    ("both lead at the same time", "en:same time", "same time"),
    ("a card that is not allowed", "en:limit", "not allowed"), ("how many tricks", "en:count", "how many"),
    ("spelat ut", "lead", "spelat ut"),
])
def test_a_term_is_read_with_the_stop_words_it_is_written_with(searcher, query, concept, clause):
    parsed = searcher.parser.parse(query)
    assert concept in _named(parsed)
    assert clause in {c.text for c in parsed.plan.clauses}


@pytest.mark.parametrize("query,not_concept", [
    ("tricks kept face down", "face-up"),  # the opposite term, which reads "face" without its stop word
    ("whose turn is it", "en:face down"),  # "turn over"
    ("is dummy allowed to look", "en:limit"),  # "not allowed"
    ("each player", "play-of-card"),  # an English noun, no inflection of "play"
])
def test_a_term_is_not_read_without_the_stop_words_that_make_it(searcher, query, not_concept):
    assert not_concept not in _named(searcher.parser.parse(query))


# ---- a question's light verb ('do': göra, gjøre, as English 'do', German 'machen', Dutch 'doen') is no content word
@pytest.mark.parametrize("query,content", [("vad träkarlen får göra", {"träkarlen"}),
                                           ("hva kan blindemann gjøre", {"blindemann"})])
def test_a_light_verb_is_not_required(searcher, query, content):
    parsed = searcher.parser.parse(query)
    assert {w for clause in parsed.plan.clauses for w in clause.text.split()} == content


# ---- a provision is read under its law's title
def test_a_word_only_the_law_title_has_answers_a_clause(searcher):
    # the Swedish Law 57 says "i förtid" only in its title ("UTSPEL OCH PÅSPEL I FÖRTID"); its provisions name
    # the defender. No provision has both words, yet every provision of Law 57 is read with its title.
    corpus_text = " ".join(n.text for n in searcher.corpus.articles("sv-2007")["57"].nodes).lower()
    assert "förtid" not in corpus_text and "motspelare" in corpus_text
    result = searcher.search("förtida motspelare", edition="sv-2007")
    assert "57" in result.laws[:2]  # with Law 50, whose opening says both ("visat i förtid")
    hit = next(g for g in result.groups if g.law == "57").hits[0]
    assert {m.how for m in hit.matched} >= {"law title", "word"}


def test_stop_words_outside_a_term_are_still_left_out(searcher):
    parsed = searcher.parser.parse("what happens if the lead is out of turn")
    assert not {w for c in parsed.plan.clauses for w in c.text.split()} & {"what", "happens", "if", "the", "is"}
    assert "lead-out-of-turn" in _named(parsed)


# ---- English forms the stemmer does not join to their word ('dealt', 'led', 'kept'): spaCy's English lookup table,
# read at index time (termbase_index.english_lemmas)
@pytest.mark.parametrize("query,concept", [("the cards were dealt again", "deal"), ("the card led out of turn",
                                                                                   "lead-out-of-turn"),
                                           ("tricks kept face down", "en:keep")])
def test_an_irregular_english_form_names_its_word(searcher, query, concept):
    assert concept in _named(searcher.parser.parse(query))


def test_english_lemmas_keep_only_forms_the_stemmer_misses():
    from lawtools.search.analysis import Analyzer
    from lawtools.search.termbase_index import english_lemmas

    found = english_lemmas({"deal", "lead", "keep", "be"}, Analyzer("en"))
    assert found["dealt"] == "deal" and found["led"] == "lead" and found["kept"] == "keep"
    assert "deals" not in found and "dealing" not in found  # the stemmer joins these already
    assert "is" not in found  # a stop word's forms name nothing


# ---- number words are the same number in every language (lawtools/data/numbers.yaml), digits included
@pytest.mark.parametrize("query,concept,words", [
    ("thirteen cards", "number:13", {"sv": "tretton", "de": "dreizehn", "nl": "dertien", "nb": "13"}),
    ("the twelfth", "ordinal:12", {"sv": "tolfte", "de": "zwölfte", "nl": "twaalfde"}),
    ("tre pass", "number:3", {"de": "drei", "nl": "drie", "nb": "3"}),
])
def test_a_number_word_names_its_number_in_every_language(searcher, query, concept, words):
    parsed = searcher.parser.parse(query)
    found = next(c for c in parsed.concepts if c.concept == concept)
    assert all(word in found.terms[language] for language, word in words.items())
    assert concept in _named(parsed)  # searched in the languages whose provisions have the words


def test_a_number_word_that_is_also_another_word_is_not_a_number(searcher):
    # Swedish 'andra' is 'second' and 'other' (numbers.yaml `ambiguous`)
    assert not {c for c in _named(searcher.parser.parse("de andra spelarna")) if c.startswith("ordinal:")}


def test_a_one_word_native_query_needs_no_vectors(searcher):
    result = searcher.search("straffkort")
    assert not result.semantic


def test_a_term_looked_up_in_another_language_needs_no_vectors(searcher):
    # Dutch words asked of the Swedish edition: the termbase carries them over; the meaning of a Dutch phrase
    # among Swedish passages would only blur the laws their concepts name
    result = searcher.search("verzaakte kaart", lang="sv")
    assert not result.semantic
    assert set(result.laws[:1]) <= {"61", "62", "63", "64"}
    assert searcher.search("verzaakte kaart").semantic  # asked of every edition, the phrase still weighs meaning


# ---- an edition in a language with no analysis data: a plain analyser, never a KeyError
def test_edition_in_a_language_without_analysis_data(tmp_path):
    root = make_project(tmp_path)
    manifest_path = root / "corpus" / "editions.yaml"
    manifest_path.write_text(manifest_path.read_text(encoding="utf-8") + """  - {id: da-2017, language: da, year: 2017,
      title: t, provenance: p, laws: "1-71", layout: plain, source: sources/da-2017.txt}
""", encoding="utf-8")
    folder = root / "corpus" / "records" / "da-2017"
    folder.mkdir(parents=True)
    article = Article("da-2017", "da", "50", "BEHANDLING AF STRAFKORT", nodes=[
        Node("50A", "section", "A", "", "Et kort, der vises for tidligt, bliver et strafkort.")])
    (folder / "50.json").write_text(dumps(article), encoding="utf-8")
    (folder / "edition.json").write_text(json.dumps({"edition": "da-2017", "language": "da", "laws": ["50"],
                                                     "front_matter": []}), encoding="utf-8")
    manifest = load_manifest(manifest_path)
    corpus = Corpus(manifest.corpus_dir / "records", manifest)
    opened = Searcher(corpus, tmp_path / "index")
    try:
        result = opened.search("strafkortene", lang="da")
        assert {h.edition for h in result.results} == {"da-2017"}
        assert opened.search("vises", edition="da-2017").results
    finally:
        opened.close()
