"""Verb forms in queries: a Dutch present tense found through the infinitive the corpus writes ("speelt" ->
"spelen"), and a separable verb split by a main clause read as the one word the Laws write ("komt ... uit"
-> "uitkomt", "spielt ... aus" -> "ausspielt"). Both are search.yaml data (`endings`, `long_vowels`,
`particles`); on a small fixture and on the real corpus."""

from __future__ import annotations

import json

import pytest
from search_support import fixture_corpus, make_project, real_corpus, real_index_dir

from lawtools.model import Article, Node, dumps
from lawtools.search.analysis import Analyzer, build_vocabulary
from lawtools.search.api import Searcher


def analyzer(language: str, text: str) -> Analyzer:
    return Analyzer(language, build_vocabulary([text], Analyzer(language).stem))


NL = "De leider moet spelen. Een tegenspeler mag uitkomen. Komen, verzaken en nemen."


@pytest.mark.parametrize("word,infinitive", [
    ("speelt", "spelen"),  # long vowel written single in the open syllable: speel-t, spe-len
    ("komt", "komen"),
    ("verzaakt", "verzaken"),
    ("neemt", "nemen"),
    ("uitkomt", "uitkomen"),
], ids=lambda v: str(v))
def test_dutch_present_tense_meets_the_infinitive_of_the_corpus(word, infinitive):
    a = analyzer("nl", NL)
    assert a.stem(word) != a.stem(infinitive)  # Snowball keeps the -t ...
    assert a.stem(infinitive) in a.query_forms(word)  # ... the corpus's infinitive is found


def test_an_ending_replaced_gives_nothing_when_the_corpus_lacks_the_word():
    a = analyzer("nl", NL)
    assert a.query_forms("kaart") == ["kaart"]  # no "karen" in the corpus
    assert a.query_forms("zet") == ["zet"]


def test_endings_are_data_of_the_language():
    a = analyzer("sv", "Spelaren måste spelen.")  # sv has no `endings`: nothing is tried
    assert a.query_forms("speelt") == [a.stem("speelt")]
    assert "uit" in Analyzer("nl").particles and "aus" in Analyzer("de").particles
    assert not Analyzer("sv").particles


@pytest.fixture(scope="module")
def searcher(tmp_path_factory):
    root = make_project(tmp_path_factory.mktemp("verbs-project"))
    extra = {
        "nl-2017": Article("nl-2017", "nl", "54", "Voor de beurt uitkomen met de beeldzijde naar boven", nodes=[
            Node("54A", "section", "A", "", "Een tegenspeler die voor zijn beurt uitkomt, kan de leider vragen."),
        ]),
        "de-1997": Article("de-1997", "de", "53", "Annahme eines Ausspiels außer Reihenfolge", nodes=[
            Node("53A", "section", "A", "", "Wenn ein Gegenspieler außer Reihenfolge ausspielt, darf der "
                 "Alleinspieler das Ausspiel annehmen."),
        ]),
    }
    for edition, article in extra.items():
        folder = root / "corpus" / "records" / edition
        (folder / f"{article.law}.json").write_text(dumps(article), encoding="utf-8")
        info = json.loads((folder / "edition.json").read_text(encoding="utf-8"))
        info["laws"].append(article.law)
        (folder / "edition.json").write_text(json.dumps(info), encoding="utf-8")
    opened = Searcher(fixture_corpus(root), root / "build" / "index", root / "corpus" / "terms.yaml")
    yield opened
    opened.close()


@pytest.mark.parametrize("query,joined,law", [
    ("tegenspeler komt voor zijn beurt uit", "uitkomt", "54"),
    ("Gegenspieler spielt außer Reihenfolge aus", "ausspielt", "53"),
], ids=["nl", "de"])
def test_a_particle_at_the_end_joins_its_verb(searcher, query, joined, law):
    parsed = searcher.parser.parse(query)
    assert joined in [clause.text for clause in parsed.plan.clauses]
    assert any(joined in note for note in parsed.notes)
    assert searcher.search(query).laws[0] == law


def test_a_particle_inside_the_query_is_a_preposition(searcher):
    parsed = searcher.parser.parse("tegenspeler komt uit zijn beurt")  # "uit" is not last: not a particle
    assert "uitkomt" not in [clause.text for clause in parsed.plan.clauses]


def test_a_join_no_provision_has_is_not_made(searcher):
    parsed = searcher.parser.parse("tegenspeler komt voor zijn beurt op")  # no "opkomt" in the corpus
    assert not any(clause.text.startswith("op") for clause in parsed.plan.clauses)
    assert not any("read '" in note for note in parsed.notes)


# ---- the real corpus
@pytest.fixture(scope="module")
def real(tmp_path_factory):
    opened = Searcher(real_corpus(), real_index_dir())
    yield opened
    opened.close()


def test_real_uitkomen_is_the_opening_lead_out_of_turn(real):
    # nl-2017 54: "Voor de beurt uitkomen met de beeldzijde naar boven"
    result = real.search("tegenspeler komt voor zijn beurt uit")
    assert any("uitkomt" in note for note in result.notes)
    assert result.laws[0] in {"54", "56"}


def test_real_speelt_finds_the_infinitive_spelen(real):
    # nl-2017 60A2: "... wordt het onreglementair spelen behandeld alsof het op de beurt was"
    result = real.search("onreglementair speelt", lang="nl", law="60")
    assert any(h.node == "60A2" and "**spelen**" in h.snippet for h in result.results)
