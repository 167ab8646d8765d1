"""The reading features as pure functions: row pairing (by id, by concordance links), publisher settings,
baseline entries from the report, marks on diff pages and findings with fields the site does not know."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from lawtools.errors import ManifestError
from lawtools.model import Article, Node
from lawtools.records import load_corpus
from lawtools.site.links import SiteMap
from lawtools.site.pairing import pair_rows
from lawtools.site.render import EditionLabel, LawPage, render_law
from lawtools.site.render_analysis import baseline_entry, render_check
from lawtools.site.render_diff import DiffMarks, render_diff
from lawtools.site.settings import SiteSettings, load_settings

FIXTURE = Path(__file__).parent / "fixtures" / "site_corpus"


def _article(edition: str, *ids: str) -> Article:
    nodes = [Node(id=i, kind="item", label=i[-1], text=f"{edition} text of {i}") for i in ids]
    return Article(edition=edition, language=edition[:2], law="57", title="T", nodes=nodes)


def test_rows_pair_by_id_without_a_concordance():
    rows = pair_rows("57", {"sv-2007": _article("sv-2007", "57A", "57B"), "nl-2017": _article("nl-2017", "57A")})
    assert [(r.key, r.cells, r.relation) for r in rows] == [
        ("57A", {"sv-2007": "57A", "nl-2017": "57A"}, "same"),
        ("57B", {"sv-2007": "57B", "nl-2017": None}, "same")]


def test_rows_follow_concordance_links_renumbered_provisions_share_a_row():
    articles = {"sv-2007": _article("sv-2007", "57A", "57C2"), "nl-2017": _article("nl-2017", "57A", "57C3")}
    links = [{"from": "sv-2007:57C2", "to": "nl-2017:57C3", "relation": "renumbered"},
             {"from": "sv-2007:57A", "to": "nl-2017:57A", "relation": "changed"},
             {"from": "sv-2007:99A", "to": "nl-2017:99A", "relation": "same"}]  # another law: ignored
    rows = pair_rows("57", articles, links)
    assert [(r.key, r.cells, r.relation) for r in rows] == [
        ("57A", {"sv-2007": "57A", "nl-2017": "57A"}, "changed"),
        ("57C2", {"sv-2007": "57C2", "nl-2017": "57C3"}, "renumbered")]
    assert rows[1].moved and not rows[0].moved


def test_split_provision_keeps_its_row_and_names_its_counterparts():
    articles = {"sv-2007": _article("sv-2007", "57A"), "nl-2017": _article("nl-2017", "57A", "57B")}
    links = [{"from": "sv-2007:57A", "to": "nl-2017:57A", "relation": "split"},
             {"from": "sv-2007:57A", "to": "nl-2017:57B", "relation": "split"}]
    rows = {r.key: r for r in pair_rows("57", articles, links)}
    # 57A stands beside its namesake, one of its counterparts; the row names the one on another row
    assert rows["57A"].cells == {"sv-2007": "57A", "nl-2017": "57A"}
    assert rows["57A"].relation == "split" and rows["57A"].counterparts["nl-2017"] == ["57B"]


def test_a_new_provision_does_not_stand_beside_a_namesake_the_links_put_elsewhere():
    # 2007 15A merged into 2017 15B2; 2017 15A is new against 2007: the same id, two rules, two rows
    articles = {"nb-2017": _article("nb-2017", "57A", "57B"), "nb-2007": _article("nb-2007", "57A", "57B")}
    links = [{"from": "nb-2007:57A", "to": "nb-2017:57B", "relation": "merged"},
             {"from": "nb-2007:57B", "to": "nb-2017:57B", "relation": "merged"},
             {"from": None, "from_edition": "nb-2007", "to": "nb-2017:57A", "relation": "new"}]
    rows = pair_rows("57", articles, links)
    assert [(r.key, r.cells, r.relation) for r in rows] == [
        ("57A", {"nb-2017": "57A", "nb-2007": None}, "new"),
        ("nb-2007-57A", {"nb-2017": None, "nb-2007": "57A"}, "merged"),
        ("57B", {"nb-2017": "57B", "nb-2007": "57B"}, "merged")]
    # its counterpart, and what else stands on that row (2007 57B merged into 2017 57B too); one provision: not moved
    assert rows[1].counterparts == {"nb-2017": ["57B"], "nb-2007": ["57B"]} and not rows[1].moved
    # without the concordance, or where no link speaks of the other edition, they pair by id as before
    assert pair_rows("57", articles)[0].cells == {"nb-2017": "57A", "nb-2007": "57A"}
    assert pair_rows("57", articles, links[:2])[0].cells == {"nb-2017": "57A", "nb-2007": None}
    assert pair_rows("57", articles, links[2:])[0].cells == {"nb-2017": "57A", "nb-2007": None}


def test_a_new_or_removed_link_names_the_edition_it_has_no_counterpart_in():
    from lawtools.concordance.links import Link

    new = Link("nb-2007", None, "nb-2017", "15A", "new", 0.6).to_dict()
    assert new["from"] is None and new["from_edition"] == "nb-2007" and "to_edition" not in new
    removed = Link("nb-2007", "15C", "nb-2017", None, "removed", 0.6).to_dict()
    assert removed["to"] is None and removed["to_edition"] == "nb-2017"
    assert set(Link("nb-2007", "15B", "nb-2017", "15B1", "split", 0.8).to_dict()) == {
        "from", "to", "relation", "score", "evidence"}


def test_a_split_provision_stands_on_the_row_of_its_namesake_among_its_counterparts():
    # 1997 57C split into 2017 57C and 57C1; 2007 57C = 2017 57C: the four-edition page puts 1997 57C on that row
    articles = {"sv-2007": _article("sv-2007", "57C"), "de-1997": _article("de-1997", "57C"),
                "nl-2017": _article("nl-2017", "57C", "57C1")}
    links = [{"from": "sv-2007:57C", "to": "nl-2017:57C", "relation": "same"},
             {"from": "de-1997:57C", "to": "nl-2017:57C", "relation": "split"},
             {"from": "de-1997:57C", "to": "nl-2017:57C1", "relation": "split"}]
    rows = {r.key: r for r in pair_rows("57", articles, links)}
    assert rows["57C"].cells == {"sv-2007": "57C", "de-1997": "57C", "nl-2017": "57C"}
    assert rows["57C"].relation == "split" and rows["57C"].counterparts == {"nl-2017": ["57C1"]}
    assert "de-1997-57C" not in rows


def test_rows_joined_through_the_computed_pairs_are_those_every_composed_pair_joins():
    """The site reads only the computed pairs (composing every pair grows with the square of the editions): on the
    real corpus each law's rows, relations and counterparts are what all pairs, composed ones too, give."""
    from lawtools.concordance import load_concordance
    from lawtools.site.pages import _links_by_law

    root = Path(__file__).resolve().parent.parent / "corpus"
    corpus = load_corpus(root / "editions.yaml")
    concordance = load_concordance(root)
    every = _links_by_law([link.to_dict() for link in concordance.links])
    computed = _links_by_law([link.to_dict() for pair in concordance.pairs for link in pair.links])
    assert sum(map(len, every.values())) > sum(map(len, computed.values()))  # some pairs are composed

    def rows(law: str, links: dict) -> dict:
        articles = {e: corpus.article(e, law) for e in corpus.editions() if corpus.article(e, law) is not None}
        return {r.key: (r.cells, r.relation, {e: sorted(ids) for e, ids in r.counterparts.items()})
                for r in pair_rows(law, articles, links.get(law, []))}

    named = 0
    for law in corpus.laws():
        assert rows(law, computed) == rows(law, every), law
        named += sum(bool(counterparts) for _, _, counterparts in rows(law, computed).values())
    assert named > 10  # split and merged provisions name counterparts: the comparison covers them


def test_law_page_marks_moved_and_changed_rows_and_keeps_every_number_as_an_anchor():
    articles = {"sv-2007": _article("sv-2007", "57A", "57C2"), "nl-2017": _article("nl-2017", "57A", "57C3")}
    labels = {"sv-2007": EditionLabel("sv-2007", "sv", "Svenska", 2007),
              "nl-2017": EditionLabel("nl-2017", "nl", "Nederlands", 2017)}
    page = LawPage(law="57", title_en="Premature Lead", editions=labels, sitemap=SiteMap(anchors={}),
                   links=[{"from": "sv-2007:57C2", "to": "nl-2017:57C3", "relation": "renumbered"},
                          {"from": "sv-2007:57A", "to": "nl-2017:57A", "relation": "changed"}],
                   diff_href="../../diff/57/")
    out = render_law(page, articles)
    row = re.search(r'<tr class="lt-row [^"]*" id="57C2"[^>]*>.*?</tr>', out).group(0)
    assert 'data-relation="renumbered"' in row and ">moved</span>" in row and "Nederlands 2017 57C3" in row
    assert 'id="57C3"' in row and 'id="nl-2017-57C3"' in row  # links to the Dutch number still land here
    assert '<a class="lt-rel lt-rel-changed" href="../../diff/57/#57A">changed</a>' in out


def test_settings_default_when_the_file_is_absent(tmp_path):
    settings = load_settings(tmp_path)
    assert settings == SiteSettings() and settings.notice and settings.disclaimer


def test_settings_restrict_the_published_editions(tmp_path):
    corpus_dir = tmp_path / "corpus"
    shutil.copytree(FIXTURE, corpus_dir)
    (corpus_dir / "site.yaml").write_text(yaml.safe_dump({"site": {
        "name": "NBF", "url": "https://bridge.example.no/lover", "languages": ["nb", "sv"]}}), encoding="utf-8")
    settings = load_settings(corpus_dir)
    assert settings.url == "https://bridge.example.no/lover/"
    corpus = load_corpus(corpus_dir / "editions.yaml")
    published = settings.restrict(corpus)
    assert published.editions() == [e for e in corpus.editions() if corpus.language(e) in ("nb", "sv")]


@pytest.mark.parametrize(("block", "words"), [
    ({"colour": "red"}, "unknown site setting colour"),
    ({"url": "bridge.example.org"}, "must start with http"),
    ({"editions": "sv-2007"}, r"site.yaml:\d+:\d+: site.editions: expected a list"),
    ({"editions": ["xx-1999"]}, "xx-1999, which have no records"),
], ids=["unknown-key", "relative-url", "editions-not-a-list", "unknown-edition"])
def test_bad_settings_name_the_problem(tmp_path, block, words):
    corpus_dir = tmp_path / "corpus"
    shutil.copytree(FIXTURE, corpus_dir)
    (corpus_dir / "site.yaml").write_text(yaml.safe_dump({"site": block}), encoding="utf-8")
    with pytest.raises(ManifestError, match=words):
        load_settings(corpus_dir).restrict(load_corpus(corpus_dir / "editions.yaml"))


FINDING = {"edition": "nl-2017", "law": "64", "node": "64C", "code": "missing-heading", "severity": "warning",
           "message": "section C has no heading", "excerpt": "Wanneer de wedstrijdleider"}


def test_baseline_entry_accepts_its_finding_once_a_reason_is_written(tmp_path):
    from lawtools.check.baseline import load_baseline
    from lawtools.errors import BaselineError

    path = tmp_path / "check-baseline.yaml"
    entry = baseline_entry(FINDING, with_match=True)
    path.write_text("accepted:\n" + entry + "\n", encoding="utf-8")
    with pytest.raises(BaselineError, match="lacks reason"):  # pasted as is, it is refused: the reason is required
        load_baseline(path)
    path.write_text("accepted:\n" + entry.replace('reason: ""', 'reason: "The source has none."') + "\n",
                    encoding="utf-8")
    [accepted] = load_baseline(path)
    assert (accepted.edition, accepted.node, accepted.code, accepted.match) == (
        "nl-2017", "64C", "missing-heading", "Wanneer de wedstrijdleider")


def test_report_shows_source_lines_further_fields_and_tolerates_missing_ones():
    labels = {"nl-2017": EditionLabel("nl-2017", "nl", "Nederlands", 2017)}
    findings = [
        {**FINDING, "line": 412, "source": "corpus/sources/nl-2017.txt", "counterpart": "sv-2007:64C",
         "suggestion": "add the heading"},
        {"edition": "nl-2017", "law": "64", "node": "64A1", "code": "x", "severity": "info", "message": "m"},
        {"edition": "nl-2017", "law": "64", "node": "64", "code": "y", "severity": "info", "message": "n",
         "file": "corpus/sources/nl-2017.txt", "line": 7, "measured": "68% of the usual length"},  # check --json
    ]
    page = render_check(findings, labels, {}, SiteMap(anchors={"64": {"64", "64C", "64A1"}}), set(),
                        locate=lambda f: ("corpus/sources/nl-2017.txt", 400))
    # `lawtools check --json` names the source `file`: shown once, as the source line, not again as a field
    assert "<code>corpus/sources/nl-2017.txt:7</code>" in page and "<dt>file</dt>" not in page
    assert "<dt>measured</dt><dd>68&#37; of the usual length</dd>" in page
    assert "<code>corpus/sources/nl-2017.txt:412</code>" in page  # the finding's own line first
    assert "<code>corpus/sources/nl-2017.txt:400</code>" in page  # else where the records put it
    assert "<dt>counterpart</dt><dd>sv-2007:64C</dd>" in page and "<dt>suggestion</dt>" in page
    assert 'data-severity="warning"' in page and 'data-code="missing-heading"' in page
    assert '<form class="lt-filter lt-report"' in page and '<option value="warning">' in page


def test_diff_page_marks_references_numbers_and_terms_in_the_texts():
    result = {"citation": "64", "editions": ["sv-2007", "nl-2017"], "languages": {"sv-2007": "sv", "nl-2017": "nl"},
              "provisions": [{
                  "id": "64B", "depth": 1, "present": {"sv-2007": True, "nl-2017": True},
                  "texts": {"sv-2007": "se lag 64C, 2 stick för revoken", "nl-2017": "één slag na de verzaking"},
                  "differences": ["references: sv-2007 64C; nl-2017 —", "numbers: sv-2007 2; nl-2017 —",
                                  "concept revoke: in sv-2007, nl-2017; not in de-1997"],
                  "text_diffs": []}]}
    marks = DiffMarks(refs={"sv-2007": {"64B": ["lag 64C"]}},
                      terms={"revoke": {"sv": ["revoke", "revoken"], "nl": ["verzaking"]}})
    page = render_diff(result, "Procedure", {}, SiteMap(anchors={"64": {"64", "64B"}}), set(), marks)
    assert '<mark class="lt-m lt-m-ref" title="reference">lag 64C</mark>' in page
    assert '<mark class="lt-m lt-m-num" title="number">2</mark>' in page
    assert '<mark class="lt-m lt-m-term" title="term: revoke">revoken</mark>' in page
    assert '<mark class="lt-m lt-m-term" title="term: revoke">verzaking</mark>' in page
    assert 'title="number">64</mark>' not in page  # the number inside the reference is not marked as one


def test_rows_never_drop_a_provision_when_links_disagree():
    # a chain of links (sv 53B = nl 53C, nl 53C = de 53C, de 53C = sv 53C) joins two Swedish provisions
    articles = {e: _article(e, *ids) for e, ids in
                {"sv-2007": ["57A", "57B", "57C"], "de-1997": ["57A", "57C"], "nl-2017": ["57A", "57B", "57C"]}.items()}
    links = [{"from": "sv-2007:57B", "to": "nl-2017:57C", "relation": "renumbered"},
             {"from": "de-1997:57C", "to": "nl-2017:57C", "relation": "same"},
             {"from": "de-1997:57C", "to": "sv-2007:57C", "relation": "same"}]
    rows = pair_rows("57", articles, links)
    shown = {(e, n) for row in rows for e, n in row.cells.items() if n}
    assert shown == {(e, n) for e, a in articles.items() for n in a.node_ids()}
