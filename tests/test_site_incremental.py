"""What the site build renders and writes again: the navigation does not grow with the editions, the fingerprint
of what pages share is the same in every process, concordance links are grouped by law in one pass, and an
output file whose bytes are unchanged stays the same file. (Whole builds: tests/test_pipeline.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lawtools.records import load_corpus
from lawtools.site import incremental, sources
from lawtools.site.links import EDITIONS_INDEX, edition_page
from lawtools.site.pages import _flatten, _links_by_law, plan_site

FIXTURE = Path(__file__).parent / "fixtures" / "site_corpus" / "editions.yaml"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def plan(monkeypatch):
    for name in ("load_diffs", "load_findings", "load_glossary"):
        monkeypatch.setattr(sources, name, lambda corpus, terms=None: None)
    monkeypatch.setattr(sources, "load_rules", lambda: None)
    corpus = load_corpus(FIXTURE)
    return corpus, plan_site(corpus)


def test_the_navigation_lists_one_editions_page_which_links_every_edition_and_its_front_matter(plan):
    corpus, site = plan
    listed = set(_flatten(site.nav))
    assert EDITIONS_INDEX in listed
    assert not any(src.startswith("editions/") and src != EDITIONS_INDEX for src in listed)
    page = site.pages[EDITIONS_INDEX]
    for edition in corpus.editions():
        assert f'href="{edition}/"' in page
        assert edition_page(edition) in site.pages and edition_page(edition) in site.unlisted
        for front in corpus.front(edition):
            assert f'href="{edition}/{front.id}/"' in page


def test_links_are_grouped_by_the_laws_of_their_ends():
    links = [{"from": "sv-2007:57C2", "to": "nl-2017:57C3"}, {"from": "sv-2007:12A", "to": "nb-2017:13B1"},
             {"from": "sv-2007:41", "to": None}, {"from": "bad", "to": "x:not a citation"}]
    grouped = _links_by_law(links)
    assert grouped == {"57": [links[0]], "12": [links[1]], "13": [links[1]], "41": [links[2]]}


def test_the_shared_fingerprint_is_the_same_in_another_process():
    """Sets in the configuration (the theme's static templates) must not make it depend on the hash seed."""
    script = ("import sys; from mkdocs.config import load_config; from mkdocs.structure.files import get_files; "
              "from lawtools.site.incremental import shared_fingerprint; "
              f"c = load_config({str(ROOT / 'mkdocs.yml')!r}); print(shared_fingerprint(c, get_files(c)))")
    seen = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        seen.add(done.stdout.strip())
    assert len(seen) == 1 and len(seen.pop()) == 24


def test_unchanged_files_are_linked_back_to_the_old_ones_and_changed_ones_stay_new(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    for folder in (old, new):
        (folder / "laws" / "64").mkdir(parents=True)
    (old / "index.html").write_text("home", encoding="utf-8")
    (old / "laws" / "64" / "index.html").write_text("law 64", encoding="utf-8")
    (new / "index.html").write_text("home", encoding="utf-8")
    (new / "laws" / "64" / "index.html").write_text("law 64, changed", encoding="utf-8")
    (new / "extra.html").write_text("new page", encoding="utf-8")
    kept, written = incremental.relink_unchanged(old, new)
    assert (kept, written) == (1, 2)
    assert os.path.samefile(old / "index.html", new / "index.html")
    assert not os.path.samefile(old / "laws" / "64" / "index.html", new / "laws" / "64" / "index.html")
    assert (new / "laws" / "64" / "index.html").read_text(encoding="utf-8") == "law 64, changed"


def test_a_damaged_state_is_an_empty_one_and_pending_state_is_committed_or_discarded(tmp_path):
    (tmp_path / incremental.STATE).write_text("{not json", encoding="utf-8")
    assert incremental.PageState.load(tmp_path) == incremental.PageState()
    (tmp_path / incremental.STATE).write_text('{"shared": "s", "pages": []}', encoding="utf-8")
    assert incremental.PageState.load(tmp_path) == incremental.PageState()  # a field of the wrong kind
    site = tmp_path / "site"
    (site / "laws" / "64").mkdir(parents=True)
    (site / "laws" / "64" / "index.html").write_text("law 64", encoding="utf-8")
    state = incremental.PageState("s", "../site", {"laws/64.md": "f"}, {"laws/64.md": [{"location": ""}]},
                                  ["laws/64.md"], dests={"laws/64.md": "laws/64/index.html"})
    state.save(tmp_path)
    assert incremental.PageState.pending(tmp_path) == state
    incremental.commit(tmp_path, site)
    committed = incremental.PageState.load(tmp_path)
    assert committed.pages == state.pages and incremental.PageState.pending(tmp_path) is None
    assert committed.unchanged_output(site, "laws/64/index.html")
    (site / "laws" / "64" / "index.html").write_text("law 64, edited by hand", encoding="utf-8")
    assert not committed.unchanged_output(site, "laws/64/index.html")  # so it is rendered again
    incremental.PageState("t").save(tmp_path)
    incremental.discard(tmp_path)
    assert json.loads((tmp_path / incremental.STATE).read_text(encoding="utf-8"))["shared"] == "s"
