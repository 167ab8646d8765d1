"""Termbase terms found in provision text with spaCy: inflected forms count, longest match wins."""

from __future__ import annotations

import pytest

from lawtools.corpus_terms import PROJECT_TERMBASE
from lawtools.termbase import load_termbase
from lawtools.terms_match import matcher_for, stem


@pytest.fixture(scope="module")
def termbase():
    return load_termbase(PROJECT_TERMBASE)


@pytest.mark.parametrize(
    ("language", "text", "concept", "matched"),
    [
        ("sv", "blir straffkortet kvar på bordet", "penalty-card", "straffkortet"),
        ("sv", "den felandes partner spelar ut", "offender", "felandes"),
        ("sv", "om revoken skedde i det tolfte sticket", "twelfth-trick", "tolfte sticket"),
        ("sv", "motspelarna får fråga spelföraren", "defender", "motspelarna"),
        ("nb", "spilleføreren kan be om forklaring", "declarer", "spilleføreren"),
        ("nb", "blindemanns kort", "dummy", "blindemanns"),
        ("de", "zwei oder mehrere Strafkarten", "penalty-card", "Strafkarten"),
        ("de", "die Karte des Alleinspielers", "declarer", "Alleinspielers"),
        ("nl", "beide verzakingen voldongen zijn", "revoke", "verzakingen"),
        ("nl", "de tegenspelers mogen dit vragen", "defender", "tegenspelers"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 16 else None,
)
def test_inflected_forms_are_found(termbase, language, text, concept, matched):
    hits = matcher_for(termbase, language).find(text)
    assert (concept, matched) in [(h.concept, h.text) for h in hits]


def test_longest_match_wins_over_its_parts(termbase):
    hits = matcher_for(termbase, "sv").find("blir ett stort straffkort")
    concepts = [h.concept for h in hits]
    assert "major-penalty-card" in concepts and "penalty-card" not in concepts


def test_nested_terms_are_found_only_when_asked(termbase):
    matcher = matcher_for(termbase, "nb")
    text = "det må ha forekommet et irregulært stikk"
    assert [(h.concept, h.inside) for h in matcher.find(text)] == [("defective-trick", "")]
    nested = matcher.find_many([text], nested=True)[0]
    assert ("defective-trick", "") in [(h.concept, h.inside) for h in nested]
    assert ("trick", "defective-trick") in [(h.concept, h.inside) for h in nested]

def test_offsets_point_at_the_matched_text(termbase):
    text = "Der Alleinspieler spielt vom Tisch."
    for hit in matcher_for(termbase, "de").find(text):
        assert text[hit.start:hit.end] == hit.text


def test_a_word_that_only_looks_like_a_term_is_not_matched(termbase):
    # 'ger' (gives) and 'giv' (deal) share a lookup lemma; the deal concept must not fire on 'ger'.
    hits = matcher_for(termbase, "sv").find("denna lag inte ger den icke-felande sidan gottgörelse")
    assert "deal" not in [h.concept for h in hits]


@pytest.mark.parametrize(("language", "word", "key"), [
    ("sv", "straffkortet", "straffkort"), ("de", "strafkarten", "strafkart"), ("nb", "stikkene", "stikk"),
    ("nl", "kaarten", "kaart"), ("de", "stich", "stich"),
])
def test_stem(language, word, key):
    assert stem(word, language) == key


def test_terms_match_is_not_imported_by_the_cli():
    import subprocess
    import sys

    code = "import sys, lawtools.cli, lawtools.diff, lawtools.check; print('spacy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
