"""The build's memo units, without building: what a unit's key reads, computed in time linear in the editions."""

from __future__ import annotations

from pathlib import Path

from lawtools.check.scope import laws_read, linked_laws
from lawtools.concordance import load_concordance
from lawtools.records import load_corpus
from lawtools.site.page_memo import PageMemo, canonical

ROOT = Path(__file__).resolve().parent.parent


def test_the_laws_an_edition_is_linked_to_are_read_in_one_pass_over_the_links():
    corpus = load_corpus(ROOT / "corpus" / "editions.yaml")
    concordance = load_concordance(ROOT / "corpus")
    linked = linked_laws(concordance)
    for edition in corpus.editions():
        mine = [link for link in concordance.links if edition in (link.from_edition, link.to_edition)]
        assert mine, edition  # every edition of the corpus has links: the test compares something
        expected = set(corpus.edition_info[edition]["laws"]).union(*(link.laws for link in mine))
        texts, ids = laws_read(corpus, edition, concordance, linked)
        assert texts == expected
        assert (texts, ids) == laws_read(corpus, edition, concordance)
        assert not ids & texts


def test_a_page_is_rendered_once_per_key_and_read_back_as_rendered(tmp_path):
    calls = []

    def render(text):
        calls.append(text)
        return text

    memo = PageMemo(tmp_path, {"code": "c"})
    assert memo.page("laws/1.md", {"records": "a"}, lambda: render("one")) == "one"
    assert PageMemo(tmp_path, {"code": "c"}).page("laws/1.md", {"records": "a"}, lambda: render("new")) == "one"
    assert PageMemo(tmp_path, {"code": "c"}).page("laws/1.md", {"records": "b"}, lambda: render("two")) == "two"
    assert PageMemo(tmp_path, {"code": "d"}).page("laws/1.md", {"records": "b"}, lambda: render("three")) == "three"
    assert calls == ["one", "two", "three"]
    assert len(list((tmp_path / "pages" / "laws~1.md").glob("*.json"))) == 1  # the older keys are gone
    (next((tmp_path / "pages" / "laws~1.md").glob("*.json"))).write_text("{not json", encoding="utf-8")
    assert PageMemo(tmp_path, {"code": "d"}).page("laws/1.md", {"records": "b"}, lambda: render("again")) == "again"
    memo.prune({"laws/2.md"})
    assert not (tmp_path / "pages" / "laws~1.md").exists()
    assert PageMemo(None, {}).page("laws/1.md", {}, lambda: render("uncached")) == "uncached"


def test_a_key_is_the_same_in_every_process_whatever_the_order_of_a_set():
    assert canonical({"b": {"y", "x"}, "a": [1, ("z",)]}) == canonical({"a": [1, ["z"]], "b": {"x", "y"}})
    assert canonical({"x"}) != canonical({"x", "y"})
