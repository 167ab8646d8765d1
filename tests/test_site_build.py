"""Building the site with mkdocs: strict builds, every internal link and anchor resolves, source text stays text."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from site_support import FIXTURE, HOSTILE, REAL_MANIFEST, ROOT, build, hostile_corpus, real_records_exist

from lawtools.site.linkcheck import broken_links

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("fixture-site")
    return build(FIXTURE / "editions.yaml", out)


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    manifest = hostile_corpus(tmp_path_factory.mktemp("hostile") / "corpus")
    return build(manifest, tmp_path_factory.mktemp("hostile-site"))


class _Text(HTMLParser):
    """The text a reader sees (scripts and styles left out), with whitespace collapsed."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self._skip = [], 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("script", "style")

    def handle_endtag(self, tag):
        self._skip -= tag in ("script", "style")

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible_text(path: Path) -> str:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    return " ".join(" ".join(parser.parts).split())


def test_fixture_site_builds_every_page(fixture_site):
    site = fixture_site.site_dir
    for page in ("index.html", "laws/64/index.html", "laws/62/index.html", "laws/6/index.html",
                 "editions/nb-2017/definitions/index.html", "editions/nb-2017/foreword/index.html", "about/index.html"):
        assert (site / page).exists(), page
    assert fixture_site.search_index_bytes > 0


def test_home_names_each_edition_by_language_and_year(fixture_site):
    from lawtools.records import load_corpus

    corpus = load_corpus(FIXTURE / "editions.yaml")
    home = visible_text(fixture_site.site_dir / "index.html")
    listed = re.search(r"national editions \(([^)]*)\)", home).group(1).split(", ")
    assert len(listed) == len(corpus.editions()) == len(set(listed))  # two editions of one language stay apart
    assert all(re.fullmatch(r".+ \d{4}", name) for name in listed), listed


def test_fixture_site_internal_links_and_anchors_resolve(fixture_site):
    broken, checked = broken_links(fixture_site.site_dir)
    assert checked > 100
    assert broken == []


def test_fixture_site_anchors_are_node_ids_in_the_built_html(fixture_site):
    html = (fixture_site.site_dir / "laws" / "64" / "index.html").read_text(encoding="utf-8")
    for node_id in ("64A", "64A1", "64B3", "64B8", "64C"):
        assert re.search(rf'id="{node_id}"', html), node_id
    assert 'href="../62/#62B2"' in html


def test_search_is_configured_for_the_four_languages_and_english(fixture_site):
    index = json.loads((fixture_site.site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == ["sv", "no", "de", "nl", "en"]
    texts = " ".join(doc["text"] for doc in index["docs"])
    for word in ("felande", "Revokestich", "verzaking", "kortstokk"):
        assert word in texts, word


def test_per_edition_tabs_are_left_out_of_the_search_index(fixture_site):
    index = json.loads((fixture_site.site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    revoke = [doc["location"] for doc in index["docs"] if "Revokestich" in doc["text"]
              and doc["location"].startswith("laws/")]
    assert revoke == ["laws/64/#64A", "laws/64/#64B"]  # in the side-by-side view; not again under #each-edition
    head = [doc for doc in index["docs"] if doc["location"] == "laws/64/#side-by-side"]
    assert head and "Deutsch 1997" not in head[0]["text"]  # column headings are not content


def test_hostile_text_is_shown_literally(hostile_site):
    site = hostile_site.site_dir
    for page in ("laws/64/index.html", "editions/nb-2017/foreword/index.html",
                 "editions/nb-2017/definitions/index.html", "editions/sv-2007/index.html"):
        assert HOSTILE in visible_text(site / page), page


def test_hostile_text_adds_no_markup_anywhere(hostile_site):
    for path in hostile_site.site_dir.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        for forbidden in ("<script>window.__pwned", "<img src=x", 'href="javascript:alert', "<strong>bold</strong>",
                          "<em>em</em>", "<mark>mark</mark>", "<b>y</b>"):
            assert forbidden not in html, f"{path}: {forbidden}"
        assert "Laws of Duplicate Bridge — lawtools }}" not in html  # braces were not evaluated as a template


def test_hostile_text_is_escaped_in_the_search_index(hostile_site):
    raw = (hostile_site.site_dir / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "&lt;script&gt;window.__pwned" in raw and "<script>window.__pwned" not in raw


def test_hostile_site_links_still_resolve(hostile_site):
    broken, _ = broken_links(hostile_site.site_dir)
    assert broken == []


@pytest.mark.skipif(not real_records_exist(), reason="no records under corpus/records yet")
def test_mkdocs_build_strict_on_the_real_corpus(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    broken, checked = broken_links(tmp_path / "site")
    assert checked > 0 and broken == [], broken[:10]


@pytest.mark.skipif(not real_records_exist(), reason="no records under corpus/records yet")
def test_real_site_has_a_page_per_law(tmp_path):
    from lawtools.records import load_corpus

    result = build(REAL_MANIFEST, tmp_path / "site")
    for law in load_corpus(REAL_MANIFEST).laws():
        assert (result.site_dir / "laws" / law / "index.html").exists(), law


def test_site_build_command_reports_progress_and_where_the_site_is(tmp_path):
    from click.testing import CliRunner

    from lawtools.cli import cli

    runner = CliRunner()
    done = runner.invoke(cli, ["site", "build", "--manifest", str(FIXTURE / "editions.yaml"),
                               "--site-dir", str(tmp_path / "out")])
    assert done.exit_code == 0, done.output
    assert "lawtools: rendering 3 law pages" in done.stderr
    assert done.stdout.strip() == f"site: {tmp_path / 'out' / 'index.html'}"
    assert (tmp_path / "out" / "laws" / "64" / "index.html").exists()


def test_site_build_failure_is_one_message(tmp_path, capsys):
    from lawtools.cli import main

    bad = tmp_path / "editions.yaml"
    bad.write_text("editions: []\n", encoding="utf-8")
    assert main(["site", "build", "-q", "--manifest", str(bad), "--site-dir", str(tmp_path / "out")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("lawtools: the site did not build:") and "no records under" in err[-1]
    assert not any("Traceback" in line for line in err)


def test_config_is_not_silently_taken_from_the_package_outside_a_project(tmp_path, monkeypatch):
    """Issue 9: outside a project neither the corpus nor mkdocs.yml falls back to lawtools' own copy."""
    from lawtools.errors import LawtoolsError
    from lawtools.manifest import default_manifest_path
    from lawtools.site.build import default_config

    monkeypatch.chdir(tmp_path)
    with pytest.raises(LawtoolsError, match="no corpus/editions.yaml found"):
        default_manifest_path()
    with pytest.raises(LawtoolsError, match="no mkdocs.yml found"):
        default_config()
    monkeypatch.chdir(ROOT / "site")
    assert default_config() == ROOT / "mkdocs.yml"


def test_serve_on_a_taken_address_is_one_line(capsys):
    import socket

    from lawtools.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["site", "serve", "-a", f"127.0.0.1:{port}"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == f"lawtools: cannot serve on 127.0.0.1:{port}: Address already in use"
    assert not any("Traceback" in line for line in err)


def test_the_search_page_searches_only_the_published_editions(tmp_path):
    # corpus/site.yaml publishing one edition: the search index (and its links) had every edition of the corpus,
    # so results led to provisions no page shows and to front matter never built
    corpus = tmp_path / "corpus"
    shutil.copytree(FIXTURE, corpus)
    (corpus / "site.yaml").write_text("site:\n  editions: [sv-2007]\n", encoding="utf-8")
    site = build(corpus / "editions.yaml", tmp_path / "site").site_dir
    index = json.loads((site / "search" / "index.json").read_text(encoding="utf-8"))
    assert {doc[0] for doc in index["docs"]} == {"sv-2007"} and index["languages"] == ["sv"]
    broken, _ = broken_links(site)
    assert not broken, broken[:5]
