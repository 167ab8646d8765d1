"""The termbase covers its concepts: a concept that occurs in a provision of one language has a term in every
other language whose editions have that provision (`occurs: false` when that edition words it otherwise),
and the search never says a corpus word is "in no provision"."""

from __future__ import annotations

from pathlib import Path

import pytest
from search_support import real_corpus, real_index_dir

from lawtools.search.analysis import words
from lawtools.search.api import Searcher
from lawtools.search.documents import corpus_documents
from lawtools.termbase import load_termbase, occurs_in


def coverage_gaps(corpus, termbase) -> list[str]:
    """'concept: language lacks a term though its editions have N (where the concept occurs in L)'."""
    documents = [d for d in corpus_documents(corpus) if d.kind != "entry"]
    nodes: dict[str, set[str]] = {}
    for doc in documents:
        nodes.setdefault(doc.language, set()).add(doc.node)
    gaps = []
    for concept in termbase.concepts:
        languages = {term.language for term in concept.all_terms()}
        where: dict[str, set[str]] = {}
        for term in concept.all_terms():
            if term.occurs:
                for doc in documents:
                    if doc.language != term.language or (term.editions and doc.edition not in term.editions):
                        continue  # a term limited to some editions says nothing of the others
                    if occurs_in(term, f"{doc.title} {doc.text}"):
                        where.setdefault(term.language, set()).add(doc.node)
        for language, own in sorted(nodes.items()):
            if language in languages:
                continue
            for other, found in sorted(where.items()):
                shared = sorted(found & own)
                if shared:
                    gaps.append(f"{concept.id}: no {language} term, though {language} has {', '.join(shared[:3])} "
                                f"(where the concept occurs in {other})")
                    break
    return gaps


def test_every_concept_has_a_term_in_every_language_that_has_its_provisions():
    import yaml

    known = yaml.safe_load((Path(__file__).parent / "data" / "termbase_gaps.yaml").read_text(encoding="utf-8"))["gaps"]
    gaps = coverage_gaps(real_corpus(), load_termbase())
    assert [g for g in gaps if g not in known] == [], "new termbase gaps"
    assert [g for g in known if g not in gaps] == [], "filled gaps still listed in tests/data/termbase_gaps.yaml"


def test_the_coverage_check_finds_a_missing_language(tmp_path):
    text = (real_corpus().manifest.corpus_dir / "terms.yaml").read_text(encoding="utf-8")
    german = """      de:
        - {term: Strafkarte, forms: [Strafkarten]}
        - {term: Stafkarten, status: deprecated, note: "misprint in de-1997 50B"}
"""
    assert german in text
    path = tmp_path / "terms.yaml"
    path.write_text(text.replace(german, "", 1), encoding="utf-8")
    gaps = coverage_gaps(real_corpus(), load_termbase(path))
    assert any(gap.startswith("penalty-card: no de term") for gap in gaps), gaps


@pytest.fixture(scope="module")
def searcher(tmp_path_factory):
    opened = Searcher(real_corpus(), real_index_dir())
    yield opened
    opened.close()


def test_no_corpus_word_is_said_to_be_in_no_provision(searcher):
    # every word of the prose: a citation's words ('68B2' in 'se lag 68B2') are not indexed as words
    # (analyzed.cited_words); a citation is searched as one
    from lawtools.search.analyzed import cited_words

    wrong = []
    for doc in corpus_documents(searcher.corpus):
        cited = cited_words(doc.text, doc.language, doc.node)
        prose = [w for w in words(doc.text) if w.start not in cited] + words(doc.title)
        for word in {w.surface for w in prose if len(w.surface) >= 4}:
            if word.isdigit():
                continue
            parsed = searcher.parser.parse(f"{word} kort")
            if any(note.startswith("in no provision") and word in note for note in parsed.notes):
                wrong.append(f"{doc.edition}:{doc.node} {word}")
    assert wrong == []
