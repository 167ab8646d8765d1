"""The site's search page reads words as the CLI's query parser does (site/search_words.py): every word it ships a
reading of has the CLI's forms, compound reading and language evidence, in every language the CLI finds it in.

On the real corpus: the page's index against the CLI's parser over the same records. A sample of the surface
words keeps the test quick; the sample is fixed, and the words that differ are named."""

from __future__ import annotations

import random

import pytest
import yaml
from search_support import fixture_corpus, make_project, real_corpus
from site_support import real_records_exist

real = pytest.mark.skipif(not real_records_exist(), reason="no records under corpus/records yet")

SAMPLE = 3000


@pytest.fixture(scope="module")
def both():
    from lawtools.search.api import Searcher
    from lawtools.site.search_page import build_index

    corpus = real_corpus()
    searcher = Searcher(corpus)
    index = build_index(corpus)
    words = sorted(index["surface"])
    yield index, searcher.parser, random.Random(26).sample(words, min(SAMPLE, len(words)))
    searcher.close()


@real
def test_a_word_is_read_in_every_language_the_cli_finds_it_in(both):
    # English 'last' is also the German 'Last' (a corpus word there), which keeps the glossary away from it
    index, parser, sample = both
    missing = [(word, lang) for word in sample for lang in parser.languages
               if parser._in_corpus(word, lang) and lang not in index["surface"][word]]
    assert missing == []
    assert "de" in index["surface"]["last"]


@real
def test_a_reading_has_the_clis_forms_and_compound_reading(both):
    # split and the part alone only where no provision of the language has a form of the word, as the CLI reads
    # a compound; the forms are the analyzer's own
    index, parser, sample = both
    wrong = []
    for word in sample:
        for lang, reading in index["surface"][word].items():
            if lang == "en":
                continue
            analyzer = parser.analyzers[lang]
            forms = analyzer.query_forms(word)
            if not set(forms) <= set(reading[0]):
                wrong.append((word, lang, "forms", reading[0], forms))
            if any(parser.index.has_term(lang, "text", form) for form in forms):
                if reading[2] or len(reading) > 3:
                    wrong.append((word, lang, "read as a compound", reading))
                continue
            split = analyzer.split_compound(word)
            alone = list(split or parser._half_split(analyzer, word))
            if reading[2] != list(split or ()) or (reading[3] if len(reading) > 3 else []) != alone:
                wrong.append((word, lang, "compound", reading, split, alone))
    assert wrong == []


@real
def test_the_language_evidence_of_a_word_is_the_clis(both):
    index, parser, sample = both
    wrong = []
    for word in sample:
        page = index["evidence"][word] if word in index["evidence"] else dict.fromkeys(index["surface"][word], 1.0)
        if page != parser.evidence(word):
            wrong.append((word, page, parser.evidence(word)))
    assert wrong == []


def test_a_termbase_language_without_an_edition_is_read_by_its_terms_alone(tmp_path):
    # a federation's corpus of one language, with the shared termbase's terms in others: the site builds, those
    # terms are words of the page (a query may name them), and no language without an edition gets evidence
    from lawtools.site.search_page import build_index

    project = make_project(tmp_path)
    manifest_path = project / "corpus" / "editions.yaml"
    manifest = yaml.safe_load(manifest_path.read_text(encoding="utf-8"))
    manifest["editions"] = [e for e in manifest["editions"] if e["language"] == "sv"]
    manifest_path.write_text(yaml.safe_dump(manifest), encoding="utf-8")
    index = build_index(fixture_corpus(project), project / "corpus" / "terms.yaml")
    assert index["languages"] == ["sv"]
    assert index["surface"]["straffekort"]["nb"][0]
    assert all(set(weights) <= {"sv", "en"} for weights in index["evidence"].values())
