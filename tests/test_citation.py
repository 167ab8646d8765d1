"""One citation type: every corpus style parses to the same node id, and ids round-trip."""

from __future__ import annotations

import doctest

import pytest

import lawtools.citation
from lawtools.citation import Citation, node_sort_key
from lawtools.errors import CitationError

STYLES = {
    "bare-law": ("64", "64"),
    "section": ("64B", "64B"),
    "item": ("64B3", "64B3"),
    "subitem": ("43B2(b)", "43B2(b)"),
    "subsubitem": ("12C1(e)(ii)", "12C1(e)(ii)"),
    "direct-item": ("71.1", "71.1"),
    "english": ("Law 64B", "64B"),
    "swedish": ("lag 47E2", "47E2"),
    "swedish-plural": ("lagarna 70", "70"),
    "norwegian": ("lov 18", "18"),
    "norwegian-bare-subitem": ("12C1b)", "12C1(b)"),
    "german-spaced": ("§ 45 C 4 b)", "45C4(b)"),
    "german-double": ("§§ 69", "69"),
    "dutch": ("artikel 47E1", "47E1"),
    "dutch-capital": ("Artikel 64", "64"),
    "spaced": ("64 B 3", "64B3"),
}


@pytest.mark.parametrize("text,expected", STYLES.values(), ids=list(STYLES))
def test_styles_normalise_to_node_ids(text, expected):
    assert str(Citation.parse(text)) == expected


@pytest.mark.parametrize("node_id", ["64", "64B", "64B3", "43B2(b)", "71.1", "12C1(e)(i)", "45C4(b)"])
def test_round_trip(node_id):
    assert str(Citation.parse(node_id)) == node_id


@pytest.mark.parametrize("text", ["", "B3", "lag", "64b", "100", "0", "64B3(b)(c)", "64(a)", "straffkort", "64B 3 x"])
def test_rejects_non_citations_with_the_accepted_forms(text):
    with pytest.raises(CitationError, match="not a citation"):
        Citation.parse(text)
    assert Citation.try_parse(text) is None


@pytest.mark.parametrize("text", ["64Z", "99Z", "Law 64 K", "lag 12K3"])
def test_a_section_letter_past_h_is_named(text):
    with pytest.raises(CitationError, match=r"has a section [IKZ]: section letters run from A to H"):
        Citation.parse(text)
    assert Citation.try_parse(text) is None


@pytest.mark.parametrize("text,number", [("100", "100"), ("0", "0"), ("Law 999", "999"), ("§ 120", "120")])
def test_a_law_number_the_laws_lack_is_named(text, number):
    with pytest.raises(CitationError, match=rf"has the number {number}: they run from 1 to 93"):
        Citation.parse(text)


def test_hierarchy():
    citation = Citation.parse("43B2(b)")
    assert [str(c) for c in citation.ancestors()] == ["43", "43B", "43B2"]
    assert Citation.parse("43B").contains(citation) and not Citation.parse("43A").contains(citation)
    assert str(Citation.parse("71").child("1")) == "71.1"
    assert str(Citation.parse("64").child("B").child("3").child("(a)")) == "64B3(a)"
    assert str(Citation.parse("71.1").parent) == "71"


def test_sort_order_follows_the_laws():
    ids = ["64B", "64A2", "9", "64", "64A10", "64A1", "front", "64A1(b)", "64A1(a)", "12C1(e)(ii)", "12C1(e)(i)"]
    assert sorted(ids, key=node_sort_key) == [
        "front", "9", "12C1(e)(i)", "12C1(e)(ii)", "64", "64A1", "64A1(a)", "64A1(b)", "64A2", "64A10", "64B"]


def test_doctests():
    assert doctest.testmod(lawtools.citation).failed == 0
