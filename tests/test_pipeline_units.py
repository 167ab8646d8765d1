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

    def page(code: str, records: str, text: str, directory=tmp_path) -> str:
        def render():
            calls.append(text)
            return text

        return PageMemo(directory, lambda: {"code": code}).page("laws/1.md", lambda: {"records": records}, render)

    assert page("c", "a", "one") == "one"
    assert page("c", "a", "new") == "one"  # read back
    assert page("c", "b", "two") == "two"  # its records changed
    assert page("d", "b", "three") == "three"  # what every page shares changed
    assert calls == ["one", "two", "three"]
    folder = tmp_path / "pages" / "laws~1.md"
    assert len(list(folder.glob("*.json"))) == 1  # the older keys are gone
    next(folder.glob("*.json")).write_text("{not json", encoding="utf-8")
    assert page("d", "b", "again") == "again"  # a damaged entry is rendered again
    PageMemo(tmp_path, dict).prune({"laws/2.md"})
    assert not folder.exists()
    assert page("d", "b", "uncached", directory=None) == "uncached"
    assert page("d", "b", "uncached again", directory=None) == "uncached again"


def test_a_key_is_the_same_in_every_process_whatever_the_order_of_a_set():
    assert canonical({"b": {"y", "x"}, "a": [1, ("z",)]}) == canonical({"a": [1, ["z"]], "b": {"x", "y"}})
    assert canonical({"x"}) != canonical({"x", "y"})
