"""The termbase: format, required concepts, and every term found in the corpus (or marked as absent)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from lawtools.errors import TermbaseError
from lawtools.termbase import LANGUAGES, Term, load_termbase, occurs_in

ROOT = Path(__file__).resolve().parent.parent
TERMS = ROOT / "corpus" / "terms.yaml"
TERMBASE = load_termbase(TERMS)

# The concepts issue 3 names, by their ids in corpus/terms.yaml.
REQUIRED = ["declarer", "dummy", "defender", "revoke", "established-revoke", "penalty-card", "major-penalty-card",
            "minor-penalty-card", "trick", "lead", "opening-lead", "follow-suit", "trump", "claim", "concession",
            "director", "board", "dealer", "vulnerability", "auction", "call", "bid", "pass", "double", "redouble",
            "insufficient-bid", "rectification", "adjusted-score", "unauthorized-information"]


def corpus_text(language: str) -> str:
    """All text of a language: its records' text fields when they exist, else its source."""
    from lawtools.manifest import load_manifest

    manifest = load_manifest(ROOT / "corpus" / "editions.yaml")
    texts: list[str] = []
    for edition in manifest.editions:
        if edition.language != language:
            continue
        files = sorted((ROOT / "corpus" / "records" / edition.id).glob("*.json"))
        if not files:
            texts.append(edition.source.read_text(encoding="utf-8"))
        for path in files:
            _strings(json.loads(path.read_text(encoding="utf-8")), texts)
    return "\n".join(texts)


def _strings(data, out: list[str]) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in TEXT_KEYS and isinstance(value, str):
                out.append(value)
            elif key in TEXT_KEYS and isinstance(value, list) and all(isinstance(v, str) for v in value):
                out.extend(value)
            else:
                _strings(value, out)
    elif isinstance(data, list):
        for item in data:
            _strings(item, out)


TEXT_KEYS = {"title", "intro", "text", "term", "definition", "paragraphs"}
TEXT = {language: corpus_text(language) for language in LANGUAGES}


def test_at_least_sixty_concepts_with_unique_ids():
    ids = [c.id for c in TERMBASE.concepts]
    assert len(ids) >= 60
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("concept_id", REQUIRED)
def test_required_concept_present(concept_id):
    concept = TERMBASE.get(concept_id)
    assert concept.en and concept.all_terms()


@pytest.mark.parametrize("concept", TERMBASE.concepts, ids=lambda c: c.id)
def test_every_term_occurs_or_is_marked_absent(concept):
    for term in concept.all_terms():
        found = occurs_in(term, TEXT[term.language])
        assert found == term.occurs, (
            f"{concept.id}: {term.language} {term.term!r} is {'in' if found else 'not in'} the corpus "
            f"but marked occurs: {str(term.occurs).lower()}")


@pytest.mark.parametrize("concept", TERMBASE.concepts, ids=lambda c: c.id)
def test_listed_forms_occur(concept):
    for term in concept.all_terms():
        if term.occurs:
            missing = [f for f in term.forms if not occurs_in(Term(f, term.language), TEXT[term.language])]
            assert not missing, f"{concept.id}: {term.language} forms not in the corpus: {missing}"


def test_edition_notes_record_the_1997_penalty_wording():
    rectification = TERMBASE.get("rectification")
    german = {t.term: t for t in rectification.terms["de"]}
    assert german["Strafe"].editions == ("de-1997",)
    assert "1997" in rectification.note and "rectification" in rectification.note
    assert {t.term for t in TERMBASE.get("major-penalty-card").terms["de"]} == {"Hauptstrafkarte"}
    assert TERMBASE.get("major-penalty-card").terms["nl"][0].term == "grote strafkaart"


def test_format_is_documented_at_the_top():
    head = TERMS.read_text(encoding="utf-8").split("\nconcepts:\n", 1)[0]
    for key in ("id:", "en:", "terms:", "forms:", "status:", "editions:", "occurs:"):
        assert key in head


BAD = {
    "duplicate": ([{"id": "a", "en": "x", "terms": {"sv": ["kort"]}}] * 2, "'a' is listed twice"),
    "status": ([{"id": "trick", "en": "trick", "terms": {"sv": [{"term": "stick", "status": "best"}]}}],
               "concept 'trick', sv term 'stick': status 'best'"),
    "language": ([{"id": "trick", "en": "trick", "terms": {"French": ["pli"]}}],
                 "concept 'trick': 'French' is not a language code"),
    "edition": ([{"id": "trick", "en": "trick", "terms": {"sv": [{"term": "stick", "editions": ["de-1997"]}]}}],
                "edition 'de-1997' is not a sv edition"),
    "label": ([{"id": "trick", "terms": {"sv": ["stick"]}}], "concept 'trick': 'en'"),
    "id": ([{"id": "Trick!", "en": "trick", "terms": {"sv": ["stick"]}}], "'id' must be a lowercase slug"),
}


@pytest.mark.parametrize("name", BAD)
def test_invalid_termbase_names_the_concept(tmp_path, name):
    concepts, message = BAD[name]
    path = tmp_path / "terms.yaml"
    path.write_text(yaml.safe_dump({"concepts": concepts}), encoding="utf-8")
    with pytest.raises(TermbaseError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_termbase(path)


def test_missing_termbase_is_a_clear_error(tmp_path):
    with pytest.raises(TermbaseError, match="termbase not found"):
        load_termbase(tmp_path / "nope.yaml")


def test_a_federation_adds_its_language_as_one_more_key(tmp_path):
    """A language the termbase was not written for (here French) is data: its terms load, come after the corpus
    languages, and are found in a text of that language (spaCy's French tokenizer, no lemma table needed)."""
    from lawtools.terms_match import matcher_for

    path = tmp_path / "terms.yaml"
    concepts = [{"id": "penalty-card", "en": "penalty card", "aliases": ["penalty cards"],
                 "terms": {"fr": [{"term": "carte pénalisée", "forms": ["cartes pénalisées"]}], "sv": ["straffkort"]}}]
    path.write_text(yaml.safe_dump({"concepts": concepts}, allow_unicode=True), encoding="utf-8")
    termbase = load_termbase(path)
    concept = termbase.get("penalty-card")
    assert [t.language for t in concept.all_terms()] == ["sv", "fr"]
    hits = matcher_for(termbase, "fr").find("Les cartes pénalisées restent sur la table.")
    assert [(h.concept, h.text) for h in hits] == [("penalty-card", "cartes pénalisées")]


def test_an_english_edition_names_concepts_by_their_labels(tmp_path):
    """English needs no terms of its own: an English text's concepts are found by each concept's English label
    and aliases, and terms the file does list for English take their place."""
    from lawtools.terms_match import matcher_for

    path = tmp_path / "terms.yaml"
    concepts = [{"id": "penalty-card", "en": "penalty card", "aliases": ["penalty cards"],
                 "terms": {"sv": ["straffkort"]}},
                {"id": "dummy", "en": "dummy", "terms": {"sv": ["träkarl"], "en": ["dummy", "table"]}}]
    path.write_text(yaml.safe_dump({"concepts": concepts}), encoding="utf-8")
    termbase = load_termbase(path)
    labelled = termbase.get("penalty-card").terms_in("en")
    assert [(t.term, t.forms, t.status) for t in labelled] == [("penalty card", ("penalty cards",), "preferred")]
    assert [t.term for t in termbase.get("dummy").terms_in("en")] == ["dummy", "table"]
    assert termbase.get("penalty-card").terms_in("de") == ()
    hits = matcher_for(termbase, "en").find("Both penalty cards stay face up on the table.")
    assert [(h.concept, h.text) for h in hits] == [("penalty-card", "penalty cards"), ("dummy", "table")]


def test_an_unquoted_no_is_named_as_yaml_reads_it(tmp_path):
    """Norwegian's ISO 639-1 code written bare ('no:') is YAML's false: the error says so and how to fix it."""
    path = tmp_path / "terms.yaml"
    path.write_text("concepts:\n  - id: trick\n    en: trick\n    terms:\n      sv: [stick]\n      no: [stikk]\n",
                    encoding="utf-8")
    expected = r"terms.yaml:5:7: concepts\[0\].terms: .*found a boolean \(False\); YAML reads an unquoted no"
    with pytest.raises(TermbaseError, match=expected):
        load_termbase(path)
