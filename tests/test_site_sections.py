"""The optional site sections (differences, consistency report, executable rules): rendered from the analyses'
JSON shapes, generated only when their module exists, and linked both ways with the law pages."""

from __future__ import annotations

from html import unescape
from pathlib import Path

import pytest

from lawtools.records import load_corpus
from lawtools.site import sources
from lawtools.site.linkcheck import broken_links
from lawtools.site.pages import plan_site
from lawtools.site.render_rules import RuleDoc, rule_anchors

FIXTURE = Path(__file__).parent / "fixtures" / "site_corpus" / "editions.yaml"

DIFF_64 = {  # the shape of lawtools.diff's DiffResult.to_dict()
    "citation": "64", "editions": ["sv-2007", "de-1997", "nl-2017"],
    "languages": {"sv-2007": "sv", "de-1997": "de", "nl-2017": "nl"},
    "titles": {}, "absent": [],
    "provisions": [
        {"id": "64A", "depth": 1, "present": {"sv-2007": True, "de-1997": True, "nl-2017": True},
         "differences": [], "text_diffs": []},
        {"id": "64B8", "depth": 2, "present": {"sv-2007": False, "de-1997": False, "nl-2017": True},
         "differences": ["present in nl-2017; absent from sv-2007, de-1997 <b>x</b>"], "text_diffs": []},
        {"id": "64C", "depth": 1, "present": {"sv-2007": True, "de-1997": True, "nl-2017": True},
         "differences": ["references: sv-2007 —; de-1997 62B2; nl-2017 —"],
         "text_diffs": [{"a": "sv-2007", "b": "sv-2008", "similarity": 0.8,
                         "ops": [["equal", "När", "När"], ["replace", "tävlingsledaren", "TL"],
                                 ["equal", "finner", "finner"]]}]},
    ],
}
FINDINGS = [  # the DESIGN.md shape of lawtools.check findings
    {"edition": "nl-2017", "law": "64", "node": "64C", "code": "missing-heading", "severity": "warning",
     "message": "section C has no heading", "excerpt": "Wanneer de wedstrijdleider…"},
    {"edition": "sv-2007", "law": "62", "node": "62B1", "code": "ref-unknown", "severity": "error",
     "message": "lag 50 is not in this edition", "excerpt": "(lag 50)"},
    {"edition": "nb-2017", "law": "definitions", "node": "definitions", "code": "spelling", "severity": "info",
     "message": "Annulering: one l?", "excerpt": ""},
    {"edition": "nl-2017", "law": "64", "node": "64A1", "code": "inferred-label", "severity": "info",
     "message": "numbers inferred", "excerpt": "", "accepted": "The source prints bullets; <b>known</b>."},
]
RULES = [
    RuleDoc("revoke_transfer", "lawtools.rules.law61_64_revoke.revoke_transfer", ("64A1", "64A2", "64B3"),
            (2007, 2017), "revoke_transfer(won_revoke_trick: bool, later_tricks: int) -> int",
            "Tricks transferred after an established revoke.\n\nFollows 64A; none in the cases of 64B.",
            "revoke_transfer(True, 2)", "2"),
    RuleDoc("score", "lawtools.rules.law77_scoring.score", ("77",), (2017,), "score(contract, tricks) -> int",
            "The score for declarer's side.", "score('4SX', 11)", "990"),
]


@pytest.fixture
def with_sections(monkeypatch):
    monkeypatch.setattr(sources, "load_diffs", lambda corpus, terms=None: {"64": DIFF_64})
    monkeypatch.setattr(sources, "load_findings", lambda corpus, terms=None: FINDINGS)
    monkeypatch.setattr(sources, "load_rules", lambda: RULES)


def test_sections_are_absent_when_their_modules_are(monkeypatch):
    for name in ("load_diffs", "load_findings", "load_glossary"):
        monkeypatch.setattr(sources, name, lambda corpus, terms=None: None)
    monkeypatch.setattr(sources, "load_rules", lambda: None)
    plan = plan_site(load_corpus(FIXTURE))
    assert not any(src.startswith(("diff/", "check", "rules")) for src in plan.pages)
    flat = str(plan.nav)
    assert "Differences" not in flat and "rules.md" not in flat and "check.md" not in flat
    assert "rules/" not in plan.pages["laws/64.md"] and "diff/" not in plan.pages["index.md"]


def test_diff_page_lists_differing_provisions_with_links_and_wording(with_sections):
    page = plan_site(load_corpus(FIXTURE)).pages["diff/64.md"]
    assert '<a href="../../laws/64/#64B8"><code>64B8</code></a>' in page
    assert "&lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page
    assert "<del>tävlingsledaren</del>" in page and "<ins>TL</ins>" in page
    assert "Provisions alike in every edition" in page and "64A</code>" in page


def test_law_page_links_to_its_diff_and_its_functions(with_sections):
    plan = plan_site(load_corpus(FIXTURE))
    page = unescape(plan.pages["laws/64.md"])
    assert 'href="../../diff/64/"' in page
    assert '<a href="../../rules/#revoke_transfer"><code>revoke_transfer</code></a>' in page
    assert "rules/#score" not in page  # Law 77 is not Law 64


def test_check_report_groups_by_edition_and_law_and_links_provisions(with_sections):
    page = plan_site(load_corpus(FIXTURE)).pages["check.md"]
    assert page.index("## Svenska 2007") < page.index("## Norsk bokmål 2017") < page.index("## Nederlands 2017")
    assert "{#nl-2017-64}" in page and '<a href="../laws/64/#64C"><code>64C</code></a>' in page
    assert '<a href="../editions/nb-2017/definitions/"><code>definitions</code></a>' in page
    assert "1 of them were read and accepted" in page
    accepted = page[page.index("lt-is-accepted"):].split("</li>")[0]
    assert "The source prints bullets; &lt;b&gt;known&lt;/b&gt;." in accepted
    nl = page[page.index("{#nl-2017-64}"):]
    assert nl.index("missing-heading") < nl.index("inferred-label")  # new findings before accepted ones


def test_rules_page_shows_signature_docstring_provisions_and_example(with_sections):
    page = plan_site(load_corpus(FIXTURE)).pages["rules.md"]
    assert "revoke&#95;transfer(won&#95;revoke&#95;trick: bool, later&#95;tricks: int) -&gt; int" in page
    assert "<p>Follows 64A; none in the cases of 64B.</p>" in page
    assert '<a href="../laws/64/#64B3"><code>64B3</code></a>' in page
    assert '<code title="not in any edition of the corpus">77</code>' in page  # no Law 77 page to link to
    assert "&gt;&gt;&gt; revoke&#95;transfer(True, 2)\n2</code>" in page


def test_rule_anchors_use_qualified_names_only_when_names_clash():
    twin = RuleDoc("score", "lawtools.rules.other.score", ("77",), (2017,), "score()", "", "", "")
    anchors = rule_anchors([*RULES, twin])
    assert anchors["lawtools.rules.law61_64_revoke.revoke_transfer"] == "revoke_transfer"
    assert anchors["lawtools.rules.other.score"] == "lawtools-rules-other-score"


@pytest.mark.slow
def test_site_with_every_section_builds_with_resolving_links(with_sections, tmp_path):
    from site_support import build

    result = build(FIXTURE, tmp_path / "site")
    for page in ("diff/64/index.html", "diff/index.html", "check/index.html", "rules/index.html"):
        assert (result.site_dir / page).exists(), page
    broken, checked = broken_links(result.site_dir)
    assert broken == [] and checked > 100


def test_glossary_occurrences_are_whole_words():
    from lawtools.site.render_glossary import occurrences, words

    places = [("64", "64A1", words("den felande vann revokesticket")), ("64", "64B2", words("en upprepad revoke"))]
    assert occurrences(("revoke",), places) == (("64", "64B2"),)
    assert occurrences(("upprepad revoke",), places) == (("64", "64B2"),)


def test_glossary_renders_concepts_by_language_with_links_to_occurrences():
    from lawtools.site.render_glossary import GlossaryConcept, GlossaryTerm, render_glossary

    concept = GlossaryConcept("revoke", "revoke", "", {
        "nl": [GlossaryTerm("verzaking", occurrences=(("64", "64B8"),)),
               GlossaryTerm("<i>verzaken</i>", status="deprecated")]})
    page = render_glossary([concept], {"sv": "Svenska", "nl": "Nederlands"})
    assert '<tr id="revoke">' in page and '<a href="../laws/64/#64B8">64B8</a>' in page
    assert "<strong>verzaking</strong>" in page and "<del>&lt;i&gt;verzaken&lt;/i&gt;</del>" in page


@pytest.mark.skipif(not sources.available("lawtools.termbase"), reason="lawtools.termbase has not landed yet")
def test_glossary_from_the_termbase_beside_the_corpus():
    corpus = load_corpus(FIXTURE)
    concepts = {c.id: c for c in sources.load_glossary(corpus, sources.termbase(corpus))}
    dutch = concepts["revoke"].terms["nl"]
    assert [t.term for t in dutch] == ["verzaking", "verzaken"]
    assert ("64", "64B3") in dutch[0].occurrences
    assert ("62", "62B2") in concepts["dummy"].terms["sv"][0].occurrences  # träkarlens, an inflected form


def test_law_page_rows_link_to_the_functions_implementing_them(with_sections):
    page = unescape(plan_site(load_corpus(FIXTURE)).pages["laws/64.md"])
    row = page[page.index('id="64B3"'):].split("</tr>")[0]
    assert 'href="../../rules/#revoke_transfer"' in row
    assert "revoke_transfer" not in page[page.index('id="64B1"'):].split("</tr>")[0]


def test_rules_page_groups_functions_under_the_law_they_implement(with_sections):
    page = unescape(plan_site(load_corpus(FIXTURE)).pages["rules.md"])
    assert page.index("## Law 64 · Procedure after") < page.index("### `revoke_transfer`")
    assert page.index("### `revoke_transfer`") < page.index("## Law 77 · Duplicate Bridge Scoring Table")
    assert page.index("## Law 77") < page.index("### `score`")


@pytest.mark.skipif(not sources.available("lawtools.rules.registry"), reason="lawtools.rules has not landed yet")
def test_real_rules_each_function_documented_and_linked_from_its_laws(monkeypatch):
    from lawtools.citation import Citation

    for name in ("load_diffs", "load_findings"):  # not needed here, and slow to compute
        monkeypatch.setattr(sources, name, lambda corpus, terms=None: None)
    from lawtools.rules.registry import rules

    corpus = load_corpus(Path(__file__).resolve().parent.parent / "corpus" / "editions.yaml")
    plan = plan_site(corpus)
    page = unescape(plan.pages["rules.md"])
    anchors = rule_anchors(sources.load_rules())
    for info in rules():
        assert f"{{#{anchors[info.qualname]}}}" in page, info.qualname
        assert info.signature in page, info.signature
        for law in {Citation.parse(p).law for p in info.provisions} & set(corpus.laws()):
            assert f"rules/#{anchors[info.qualname]}" in unescape(plan.pages[f"laws/{law}.md"]), (info.name, law)


def test_diff_concepts_link_to_the_glossary_when_it_has_them():
    from lawtools.site.links import SiteMap
    from lawtools.site.render_analysis import render_diff

    result = {**DIFF_64, "provisions": [{**DIFF_64["provisions"][1], "differences": [
        "concept revoke: in sv-2007; not in nl-2017", "concept unknown-thing: in sv-2007; not in nl-2017"]}]}
    page = render_diff(result, "Procedure", {}, SiteMap(anchors={"64": {"64", "64B8"}}), {"revoke"})
    assert 'concept <a href="../../glossary/#revoke">revoke</a>: in sv-2007; not in nl-2017' in page
    assert "concept unknown-thing: in sv-2007" in page


def test_law_page_rows_that_differ_link_to_their_row_on_the_diff_page(with_sections):
    page = plan_site(load_corpus(FIXTURE)).pages["laws/64.md"]
    assert 'href="../../diff/64/#64B8" title="differs between editions"' in page
    assert 'diff/64/#64A"' not in page  # 64A is alike in every edition
