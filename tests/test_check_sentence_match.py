"""The sentence-level omission check (lawtools/check/sentence_match.py) on the real corpus: a sentence lost from a
provision whose only counterpart is of another year, which the length check alone lets through."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lawtools.check import counterparts, encoder, sentence_match
from lawtools.check.model import CheckContext
from lawtools.check.pairs import pairing
from lawtools.errors import EncoderMissing


def _case(corpus, edition: str = "sv-2007", node: str = "46B4"):
    """A fresh check context, the provision's features and its counterparts (with their features)."""
    context = CheckContext(corpus, corpus.editions())
    pairs_of = pairing(context)
    feature = pairs_of.features.get(edition, node)
    theirs = [(p, pairs_of.features.get(p.edition, p.node)) for p in pairs_of.counterparts(edition, node)
              if p.edition != edition]
    return context, feature, theirs


def _without_first_sentence(feature):
    first, *rest = feature.sentence_texts()
    return first, replace(feature, text=" ".join(rest))


def test_a_sentence_lost_against_a_counterpart_of_another_year_is_named(corpus):
    context, feature, theirs = _case(corpus)
    assert [p.edition for p, _ in theirs] == ["de-1997"] and not any(p.same_year for p, _ in theirs)
    assert sentence_match.lost(context, feature, theirs) == []  # the real text: nothing lost
    _, shortened = _without_first_sentence(feature)
    assert counterparts._length(pairing(context), shortened, theirs) == []  # the length check lets it through
    [found] = counterparts.omissions(context, shortened, theirs)
    assert (found.edition, found.node, found.code, found.severity) == ("sv-2007", "46B4", "possible-omission", "info")
    assert "de-1997 46B4" in found.message
    assert found.suggestion.startswith("translate the sentence of de-1997 46B4: Fordert der Alleinspieler")
    assert found.compared.startswith("de-1997 46B4: Fordert der Alleinspieler")


def test_a_much_shorter_text_needs_a_stronger_match(corpus):
    # sv-2007 44B without its rule keeps only its cross-reference, a third of its usual length against de-1997 44B;
    # the rule's German sentence is nearest that reference at z 1.4, above the 1.0 a text of about the usual length
    # needs: at a third of the length a match must stand out more (pivot and slope, check.yaml)
    context, feature, theirs = _case(corpus, "sv-2007", "44B")
    assert [p.edition for p, _ in theirs] == ["de-1997"]
    assert sentence_match.lost(context, feature, theirs) == []
    rule, reference = feature.text.split(" (", 1)
    shortened = replace(feature, text="(" + reference)
    assert rule.startswith("Efter utspelet") and reference.startswith("Hur korten spelas")
    [found] = sentence_match.lost(context, shortened, theirs)
    assert found.suggestion.startswith("translate the sentence of de-1997 44B: Nach dem Ausspiel")
    settings = sentence_match._settings()
    assert sentence_match._needed(settings, 0.35) > float(settings["z"]) + 1
    assert sentence_match._needed(settings, float(settings["pivot"])) == float(settings["z"])


def test_a_sentence_that_moved_to_another_provision_of_the_law_is_not_lost(corpus):
    context, feature, theirs = _case(corpus, "nb-2017", "13D")  # against nb-2007 13C, the same rule in 2007
    first, shortened = _without_first_sentence(feature)
    [found] = sentence_match.lost(context, shortened, theirs)
    assert "nb-2007 13C" in found.message
    features = pairing(context).features.by_edition("nb-2017")
    features["13C"] = replace(features["13C"], text=f"{features['13C'].text} {first}")
    assert sentence_match.lost(context, shortened, theirs) == []


def test_a_text_of_about_the_usual_length_is_not_weighed(corpus):
    context, feature, theirs = _case(corpus)
    first, shortened = _without_first_sentence(feature)
    padded = replace(shortened, text=f"{shortened.text} {'Spelet fortsätter som vanligt. ' * 6}".strip())
    assert sentence_match.lost(context, padded, theirs) == []


def test_without_the_encoder_the_check_says_it_did_not_run(corpus, monkeypatch):
    context, feature, theirs = _case(corpus)
    _, shortened = _without_first_sentence(feature)

    def missing(self, texts):
        raise EncoderMissing("the concordance encoder is not installed")

    monkeypatch.setattr(sentence_match._Vectors, "embed", missing)
    assert sentence_match.lost(context, shortened, theirs) == []
    assert any("sentence-level omission check" in note and note.startswith("sv-2007") for note in context.notes)


@pytest.mark.parametrize("text, sentences", [
    ("Ett. Två; tre: fyra.", ["Ett.", "Två;", "tre:", "fyra."]),
    ("Se lag 12B1. Spelet fortsätter", ["Se lag 12B1.", "Spelet fortsätter"]),
    ("", []),
])
def test_sentence_texts_are_cut_where_sentences_are_counted(text, sentences):
    from lawtools.check.features import Feature

    feature = Feature("sv-2007", "46", "46B4", text)
    assert feature.sentence_texts() == sentences
    assert "".join(sentences).replace(" ", "") == text.replace(" ", "")


def test_a_cache_that_cannot_be_written_does_not_stop_the_checks(corpus, monkeypatch):
    from lawtools.concordance.embed import EmbeddingCache

    def refused(self):
        raise PermissionError(13, "Permission denied", str(self.path))

    monkeypatch.setattr(EmbeddingCache, "save", refused)
    context, feature, theirs = _case(corpus)
    _, shortened = _without_first_sentence(feature)
    assert sentence_match.lost(context, shortened, theirs)
    encoder.cache(context)._dirty = True  # as after encoding a sentence the cache lacked
    encoder.save(context)  # a read-only checkout: the next run encodes again, this one goes on
