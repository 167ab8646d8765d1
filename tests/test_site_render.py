"""The site's renderers as pure functions: escaping, inline text, law pages (fixture and real records)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lawtools.records import load_corpus
from lawtools.site.escape import text
from lawtools.site.inline import Link, Marker, render_inline
from lawtools.site.links import SiteMap, href, url_of
from lawtools.site.pages import english_titles, plan_site

FIXTURE = Path(__file__).parent / "fixtures" / "site_corpus" / "editions.yaml"
REAL = Path(__file__).resolve().parent.parent / "corpus" / "editions.yaml"


@pytest.fixture(scope="module")
def plan():
    return plan_site(load_corpus(FIXTURE))


@pytest.mark.parametrize(("raw", "forbidden"), [
    ("<script>alert(1)</script>", "<script"),
    ("**bold** and _em_", "**"),
    ("[x](javascript:alert(1))", "["),
    ("{{ config.site_name }} {% if %}", "{"),
    ('" onmouseover="x', '"'),
    ("`code` # heading | cell", "`"),
], ids=["html", "emphasis", "link", "jinja", "attribute-quote", "code-heading-table"])
def test_escape_leaves_no_syntax(raw, forbidden):
    assert forbidden not in text(raw)


def test_escape_round_trips_through_an_html_parser():
    import html

    raw = "<b>{{x}}</b> *a* [b](c) \\ ~ ^ = + ! $ % # |"
    assert html.unescape(text(raw)) == raw


@pytest.mark.parametrize(("src", "url"), [("index.md", ""), ("laws/64.md", "laws/64/"), ("laws/index.md", "laws/"),
                                          ("editions/nb-2017/definitions.md", "editions/nb-2017/definitions/")],
                         ids=["home", "law", "section-index", "nested"])
def test_url_of_matches_directory_urls(src, url):
    assert url_of(src) == url


@pytest.mark.parametrize(("a", "b", "anchor", "expected"), [
    ("laws/64.md", "laws/62.md", "62D", "../62/#62D"),
    ("laws/64.md", "laws/64.md", "64C", "#64C"),
    ("index.md", "laws/64.md", "", "laws/64/"),
    ("check.md", "laws/64.md", "64A1", "../laws/64/#64A1"),
    ("laws/64.md", "index.md", "", "../../"),
], ids=["sibling", "same-page", "from-home", "from-top-page", "to-home"])
def test_relative_hrefs(a, b, anchor, expected):
    assert href(a, b, anchor) == expected


def test_sitemap_links_to_the_nearest_provision_present():
    sitemap = SiteMap(anchors={"62": {"62", "62C", "62C1"}})
    assert sitemap.link("laws/64.md", "62C3") == "../62/#62C"
    assert sitemap.link("laws/64.md", "62C1") == "../62/#62C1"
    assert sitemap.link("laws/64.md", "50") is None


def test_inline_links_reference_words_and_places_markers_at_offsets():
    value = "see lag 64C and lag 50 now"
    out = render_inline(value, [Link("lag 64C", "#64C", "64C"), Link("lag 50", None, "50")],
                        [Marker(3, "<sup>1</sup>"), Marker(None, "<sup>2</sup>")])
    assert out.startswith("see<sup>1</sup> ")
    assert '<a class="lt-ref" href="#64C" title="64C">lag 64C</a>' in out
    assert '<span class="lt-ref lt-ref-missing" title="50">lag 50</span>' in out
    assert out.endswith("now<sup>2</sup>")


def test_inline_marker_can_stand_for_the_printed_mark():
    assert render_inline("felande* vann", markers=[Marker(7, "<sup>*</sup>", 1)]) == "felande<sup>*</sup> vann"


def test_inline_marker_never_splits_a_link():
    out = render_inline("lag 64C", [Link("lag 64C", "#64C", "64C")], [Marker(3, "<sup>*</sup>")])
    assert out == '<a class="lt-ref" href="#64C" title="64C">lag 64C</a><sup>*</sup>'


def test_inline_escapes_text_around_links():
    out = render_inline("<b> lag 64C {{x}}", [Link("lag 64C", "#64C", "64C")])
    assert "<b>" not in out and "{{" not in out and 'href="#64C"' in out


def _row(page: str, node_id: str) -> str:
    match = re.search(rf'<tr class="lt-row [^"]*" id="{re.escape(node_id)}">.*?</tr>', page)
    assert match, f"no row {node_id}"
    return match.group(0)


def test_law_page_has_one_anchor_per_provision_of_any_edition(plan):
    corpus = load_corpus(FIXTURE)
    page = plan.pages["laws/64.md"]
    for node_id in corpus.all_node_ids("64"):
        assert f'id="{node_id}"' in page or f"{{#{node_id} .lt-section}}" in page, node_id
    # 64B8 exists only in the Dutch edition: the other columns show it is absent
    row = _row(page, "64B8")
    assert row.count("lt-absent") == 2 and "62C3" in row


def test_law_page_parallel_columns_follow_edition_order(plan):
    head = re.search(r'lt-parallel-head.*?</div></div>', plan.pages["laws/64.md"]).group(0)
    labels = re.findall(r'<div class="lt-cell">([^<]+)</div>', head)
    assert labels == ["Svenska 2007", "Deutsch 1997", "Nederlands 2017"]


def test_law_page_links_references_to_their_targets(plan):
    page = plan.pages["laws/64.md"]
    assert '<a class="lt-ref" href="#64C" title="64C">Lag 64C</a>' in page  # same page
    assert 'href="../62/#62B2" title="62B2">§ 62 B 2</a>' in page  # another law's page
    assert 'href="../62/#62" title="62C3">artikel 62C3</a>' in page  # no 62C3 or 62C anywhere: the law's top row
    assert 'title="50">lag 50</span>' in plan.pages["laws/62.md"]  # Law 50 has no page: left as text


def test_law_page_places_footnote_markers_and_notes_beside_their_provision(plan):
    page = plan.pages["laws/64.md"]
    for node in ("64A1", "64A2"):  # the printed asterisk becomes the link, in both provisions it marks
        assert re.search(r'den felande<sup class="lt-fn"><a href="#fn-sv-2007-1" [^>]*>&#42;</a></sup> ',
                         _row(page, node)), node
    # the Dutch '1)' is not in the text: the marker is inserted at the recorded offset
    assert re.search(r'de overtreder<sup class="lt-fn"><a href="#fn-nl-2017-1" [^>]*>1\)</a></sup> de slag',
                     _row(page, "64A1"))
    # each note stands in the row of the provision it belongs to, not at the foot of the page
    assert 'id="fn-sv-2007-1"' in _row(page, "64A1") and 'id="fn-nl-2017-1"' in _row(page, "64A1")
    assert "## Footnotes" not in page and page.count('id="fn-sv-2007-1"') == 1


def test_law_page_shows_inferred_structure_in_the_text_and_anomalies_in_the_source_notes(plan):
    page = plan.pages["laws/64.md"]
    notes = page.split('<details class="lt-source-notes"')[1]
    assert 'data-code="missing-heading"' in notes and '<a href="#64C"><code>64C</code></a>' in notes
    assert '<span class="lt-label lt-inferred" title="inferred' in _row(page, "64A1")
    assert "lt-inferred" not in _row(page, "64B3").split('lang="nl"')[0]  # printed in sv and de


def test_law_page_titles_use_the_english_reference_titles(plan):
    assert plan.pages["laws/64.md"].startswith("# Law 64 · Procedure after Establishment of a Revoke")
    assert len(english_titles()) == 93


def test_law_page_has_a_picker_for_several_editions_and_an_anchor_per_edition_text(plan):
    assert 'class="lt-ed"' not in plan.pages["laws/6.md"]  # one edition: nothing to pick
    page = plan.pages["laws/64.md"]
    assert page.count('class="lt-ed"') == 3 and "tabbed-set" not in page  # the text is on the page once
    assert 'id="sv-2007-64B3"' in _row(page, "64B3") and 'id="nl-2017-64B8"' in _row(page, "64B8")
    assert 'data-editions="sv-2007 de-1997 nl-2017"' in page


def test_law_page_text_comes_before_everything_else(plan):
    page = plan.pages["laws/64.md"]
    first_row = page.index('class="lt-row lt-law"')
    for later in ('class="lt-source-notes"', 'class="lt-prevnext"'):
        assert page.index(later) > first_row, later


def test_absent_law_has_a_page_that_says_so_with_its_english_title(plan):
    page = plan.pages["laws/25.md"]
    assert page.startswith("# Law 25 · Legal and Illegal Changes of Call")
    assert "Law 25 is not in these editions" in page and 'class="lt-row' not in page
    assert 'href="../24/"' in page and 'href="../26/"' in page  # previous and next law
    assert all(f"laws/{n}.md" in plan.pages for n in range(1, 94))


def test_laws_index_lists_every_law_with_coverage_in_words(plan):
    index = plan.pages["laws/index.md"]
    assert index.count("<tr") == 1 + 93  # the head row and one per law
    assert index.count("not in these editions") == 93 - 3  # the fixture has laws 6, 62 and 64
    assert '<span class="lt-sr">yes</span>' in index and '<span class="lt-sr">no</span>' in index


def test_front_matter_and_definitions_get_pages(plan):
    assert "editions/nb-2017/foreword.md" in plan.pages
    definitions = plan.pages["editions/nb-2017/definitions.md"]
    assert "<dt id=\"term-blindemann\">Blindemann</dt>" in definitions


def test_home_matrix_lists_every_law_and_edition(plan):
    home = plan.pages["index.md"]
    for law in ("6", "62", "64"):
        assert f'<a href="laws/{law}/">{law}</a>' in home
    assert home.count('class="lt-has"') == 5  # sv 62, 64; nb 6; de 64; nl 64


@pytest.mark.skipif(not (REAL.parent / "records").exists(), reason="no records under corpus/records yet")
def test_real_corpus_every_law_page_anchors_every_provision():
    corpus = load_corpus(REAL)
    plan = plan_site(corpus)
    for law in corpus.laws():
        page = plan.pages[f"laws/{law}.md"]
        missing = [i for i in corpus.all_node_ids(law)
                   if f'id="{i}"' not in page and f"{{#{i} .lt-section}}" not in page]
        assert not missing, f"law {law}: {missing}"


def test_definitions_link_their_references_in_order(plan):
    page = plan.pages["editions/nb-2017/definitions.md"]
    assert '(<a class="lt-ref" href="../../../laws/6/#6B" title="6B">se 6B</a>).</dd>' in page
    assert '<span class="lt-ref lt-ref-missing" title="61">se 61</span>' in page  # Law 61 has no page here


def test_repeated_definition_terms_get_distinct_anchors():
    from lawtools.site.render_corpus import definition_anchors

    assert definition_anchors(["Bud", "Melding", "Bud"]) == ["term-bud", "term-melding", "term-bud-2"]


def test_source_notes_say_where_the_text_stands_in_its_source(plan):
    page = plan.pages["laws/64.md"]
    notes = page[page.index('<details class="lt-source-notes"'):]
    assert "Source: <code>corpus/sources/sv-2007.txt</code>, lines 438–468" in notes
    assert 'data-code="missing-heading"' in notes and "lt-anomaly" not in page[:page.index("<details")]


def test_paragraph_breaks_in_a_provision_show_as_line_breaks():
    # nl-2017 61B3 keeps the sentence that closes the section as a second paragraph (reader anomaly
    # paragraph-after-list); it must not run into the item's first paragraph on the page.
    out = render_inline("informatie wordt overgebracht).\nEen bewering <dat> verzaakt is")
    assert out == "informatie wordt overgebracht).<br>Een bewering &lt;dat&gt; verzaakt is"
