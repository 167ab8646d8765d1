"""The bulleted reader (nl-2017): every article's structure on the real source, and edge cases on fixtures.

The expected structures come from reading the Dutch source against the 2017 Laws (57A gives declarer four
options, 64B lists eight exceptions, 64C has items 1 and 2(a)/(b)), not from the reader's output.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from lawtools.errors import ManifestError, SourceError
from lawtools.ingest import build_edition
from lawtools.manifest import Edition
from lawtools.readers import bulleted
from lawtools.readers.base import load_source

ROOT = Path(__file__).resolve().parent.parent

# law -> its node ids in document order; '*' marks a node whose label or heading is inferred
STRUCTURE = {
    "53": "53A 53B 53C",
    "54": "*54A *54B *54B1 *54B2 54C 54D 54E",
    "55": "55A 55B *55B1 *55B2 55C",
    "56": "56A 56B",
    "57": "57A *57A1 *57A2 *57A3 *57A4 57B 57C *57C1 *57C2 *57C3 57D",
    "58": "58A 58B *58B1 *58B2 *58B3 *58B4",
    "59": "",
    "60": "60A *60A1 *60A2 *60A3 60B 60C",
    "61": "61A 61B 61B1 61B2 61B2(a) 61B2(b) 61B3",
    "62": "62A *62B *62B1 *62B2 62C *62C1 *62C2 *62C3 62D *62D1 *62D2",
    "63": "*63A *63A1 *63A2 *63A3 *63A4 63B",
    "64": "64A *64A1 *64A2 64B *64B1 *64B2 *64B3 *64B4 *64B5 *64B6 *64B7 *64B8 *64C *64C1 *64C2 64C2(a) 64C2(b)",
}

# the law's own text (intro): how it begins, or '' when the law starts with a section
INTRO = {"54": "Als een uitkomst voor de beurt", "56": "Wanneer een kaart voor de beurt", "59": "Een speler mag elke"}

# provision -> how its own text begins ('' = no text of its own)
TEXT_STARTS = [
    ("53A", "Behalve in de dertiende slag kan elke"),
    ("54A", "Na een uitkomst voor de beurt"),
    ("54B", "Als een tegenspeler de uitkomst"),
    ("54B1", "De tweede kaart in de slag"),
    ("55B", ""),
    ("56A", "Het onregelmatig voorspelen accepteren"),
    ("56B", "Eisen dat de tegenspeler"),
    ("57A", "Wanneer een tegenspeler voorspeelt in de volgende slag"),
    ("57A4", "verbieden dat de partner"),
    ("57C", ""),
    ("58B", "Indien een speler twee of meer kaarten"),
    ("58B1", "Als slechts de beeldzijde"),
    ("60A", ""),
    ("61B2", ""),
    ("61B2(a)", "De blinde mag dit aan de leider vragen"),
    ("61B2(b)", "De blinde mag dit niet vragen"),
    ("62A", "Een speler moet zijn verzaking herstellen"),
    ("62B", "Om een verzaking te herstellen"),
    ("62B1", "De teruggenomen kaart wordt een grote strafkaart"),
    ("62C3", "Als beide partijen verzaken in dezelfde slag"),
    ("63A", "Een verzaking wordt voldongen:"),
    ("63A4", "wanneer er overeenstemming is"),
    ("64A", "Wanneer een verzaking voldongen is:"),
    ("64B", "Er is geen automatische aanpassing"),
    ("64B8", "de verzaking rechtgezet werd overeenkomstig artikel 62C3"),
    ("64C", ""),
    ("64C1", "Wanneer na een voldongen verzaking"),
    ("64C2", ""),
    ("64C2(a)", "Als eenzelfde speler"),
    ("64C2(b)", "Als beide partijen op hetzelfde bord"),
]

# (law, mark, node, nodes, the text just before the marker stood, how the footnote begins, its line)
FOOTNOTES = [
    ("53", "2)", "53A", ["53A"], "Behalve in de dertiende slag", "Een voor de beurt voorgespeelde kaart", 6),
    ("57", "1)", "57C1", ["57C1"], "(of heeft aangegeven", "Zoals door een gebaar", 48),
    ("64", "1)", "64A1", ["64A1", "64A2"], "en de overtreder", "In het kader van dit artikel", 106),
]

# (law, code, node, line)
ANOMALIES = [
    ("54", "missing-heading", "54A", 13),
    ("54", "missing-heading", "54B", 14),
    ("54", "inferred-label", "54B", 15),
    ("55", "inferred-label", "55B", 27),
    ("57", "inferred-label", "57A", 38),
    ("57", "inferred-label", "57C", 45),
    ("58", "duplicate-title", "58", 51),
    ("58", "inferred-label", "58B", 56),
    ("60", "inferred-label", "60A", 64),
    ("61", "paragraph-after-list", "61B3", 79),
    ("62", "missing-heading", "62B", 83),
    ("62", "inferred-label", "62B", 84),
    ("62", "inferred-label", "62C", 87),
    ("62", "inferred-label", "62D", 91),
    ("63", "missing-heading", "63A", 94),
    ("63", "inferred-label", "63A", 95),
    ("64", "inferred-label", "64A", 104),
    ("64", "inferred-label", "64B", 109),
    ("64", "missing-heading", "64C", 117),
    ("64", "inferred-label", "64C", 117),
    ("64", "missing-item", "64C2", 118),
]


@pytest.fixture(scope="module")
def nl(manifest):
    """nl-2017 through the whole ingest pipeline (normalised, anchors resolved, conservation checked)."""
    return build_edition(manifest.get("nl-2017"))


@pytest.fixture(scope="module")
def articles(nl):
    return {article.law: article for article in nl.document.articles}


# -- the real source -------------------------------------------------------------------------------

def test_laws_part_heading_and_preamble(nl):
    document = nl.document
    assert [a.law for a in document.articles] == [str(n) for n in range(53, 65)]
    assert [(h.kind, h.line) for h in document.headings] == [("part", 1)]
    assert document.headings[0].title.startswith("Hoofdstuk VI Het spelen - Deel III")
    assert document.headings[0].laws == [a.law for a in document.articles]
    assert all(a.part == document.headings[0].title for a in document.articles)
    assert [(f.id, f.paragraphs, f.source["lines"]) for f in document.front] == [
        ("preamble", ["Uit Spelregels voor tafelarbiters"], [2, 2])]
    assert nl.conservation.ok, nl.conservation.describe()


@pytest.mark.parametrize("law", sorted(STRUCTURE), ids=lambda law: f"artikel-{law}")
def test_structure_of_every_article(articles, law):
    article = articles[law]
    expected = STRUCTURE[law].split()
    assert article.node_ids() == [node_id.lstrip("*") for node_id in expected]
    inferred = {node.id for node in article.walk() if node.inferred}
    assert inferred == {node_id[1:] for node_id in expected if node_id.startswith("*")}
    assert article.heading.startswith(f"ARTIKEL {law} ") and article.heading.endswith(article.title)
    assert article.intro.startswith(INTRO[law]) if law in INTRO else article.intro == ""


@pytest.mark.parametrize(("node_id", "start"), TEXT_STARTS, ids=[case[0] for case in TEXT_STARTS])
def test_provision_text(articles, node_id, start):
    node = articles[node_id[:2]].find(node_id)
    assert node is not None
    assert node.text.startswith(start) if start else node.text == ""


@pytest.mark.parametrize(("section", "count"), [("57A", 4), ("64B", 8), ("58B", 4), ("63A", 4), ("62C", 3),
                                                ("64C", 2), ("61B", 3)])
def test_item_counts(articles, section, count):
    node = articles[section[:2]].find(section)
    assert [child.kind for child in node.children] == ["item"] * count


def test_section_titles_printed_and_missing(articles):
    assert articles["53"].find("53A").title == "Voor de beurt voorspelen behandeld als juist voorgespeeld"
    assert articles["64"].find("64B").title == "Geen automatische aanpassing van het aantal slagen"
    for node_id in ("54A", "54B", "62B", "63A", "64C", "56A", "56B"):  # missing headings, bulleted sections
        assert articles[node_id[:2]].find(node_id).title == "", node_id


def test_printed_labels_are_kept(articles):
    article = articles["61"]
    assert [(n.id, n.label, n.inferred) for n in article.find("61B2").walk()] == [
        ("61B2", "2", False), ("61B2(a)", "a", False), ("61B2(b)", "b", False)]
    assert [n.lines for n in article.find("61B2").walk()] == [[76, 76], [76, 76], [77, 77]]


def test_paragraph_after_printed_items_keeps_the_reading_order(articles):
    # line 79 follows items 61B1-3 and closes the section; like every reader, it stays with the last item
    # (so show, diff and the site print it after the list), and an anomaly says so.
    section = articles["61"].find("61B")
    assert section.text == ""
    item3 = articles["61"].find("61B3")
    assert item3.text.split("\n")[-1].startswith("Een bewering dat verzaakt is")
    assert item3.lines == [78, 79]
    anomaly = next(a for a in articles["61"].anomalies if a.code == "paragraph-after-list")
    assert (anomaly.node, anomaly.line) == ("61B3", 79) and "whole of 61B" in anomaly.message


@pytest.mark.parametrize(("law", "mark", "node", "nodes", "before", "start", "line"), FOOTNOTES,
                         ids=[f"{case[0]}-{case[2]}" for case in FOOTNOTES])
def test_footnotes(articles, law, mark, node, nodes, before, start, line):
    article = articles[law]
    assert len(article.footnotes) == 1
    note = article.footnotes[0]
    assert (note.mark, note.node, note.nodes, note.lines) == (mark, node, nodes, [line, line])
    assert note.text.startswith(start)
    text = article.find(node).text
    assert text[: note.offset].endswith(before)
    assert f"{mark[0]})" not in text.replace("(zie artikel", "")  # the marker is gone from the running text
    # a footnote bullet is never an item: it does not shift the numbering
    assert all(not child.text.startswith(start) for child in article.walk())


def test_marker_removed_without_losing_the_closing_parenthesis(articles):
    assert "(of heeft aangegeven) dat ze gespeeld moet worden" in articles["57"].find("57C1").text
    assert articles["64"].find("64A1").text.startswith("en de overtreder de slag waarin")


@pytest.mark.parametrize(("law", "code", "node", "line"), ANOMALIES, ids=[f"{a[2]}-{a[1]}" for a in ANOMALIES])
def test_anomaly(articles, law, code, node, line):
    found = [(a.node, a.line) for a in articles[law].anomalies if a.code == code]
    assert (node, line) in found
    message = next(a.message for a in articles[law].anomalies if a.code == code and a.node == node)
    assert message.startswith(f"line {line}:") or message.startswith(f"lines {line}-")


def test_no_other_anomalies(articles):
    expected = sorted((law, code, node, line) for law, code, node, line in ANOMALIES)
    found = sorted((a.law, x.code, x.node, x.line) for a in articles.values() for x in a.anomalies)
    assert found == expected


def test_one_inferred_label_anomaly_per_section(articles):
    for article in articles.values():
        sections_with_inferred_items = {node.id[: -len(node.label)] for node in article.walk()
                                        if node.kind == "item" and node.inferred and node.text}
        flagged = [a.node for a in article.anomalies if a.code == "inferred-label"]
        assert sorted(flagged) == sorted(sections_with_inferred_items), article.law


def test_records_on_disk_match_the_reader(nl):
    directory = ROOT / "corpus" / "records" / "nl-2017"
    for name, text in nl.files.items():
        assert (directory / name).read_text(encoding="utf-8") == text, name
    record = json.loads((directory / "64.json").read_text(encoding="utf-8"))
    assert record["source"] == {"file": "corpus/sources/nl-2017.txt", "lines": [101, 119]}


# law -> provisions that exist only in the 2017 Laws (the Swedish 2007 edition lacks them); '' = unchanged
ONLY_IN_2017 = {"53": "", "54": "", "55": "", "56": "56A 56B", "57": "57A4 57C3 57D", "58": "", "60": "", "61": "",
                "62": "", "63": "63A4", "64": "64B8 64C1 64C2 64C2(a) 64C2(b)"}


@pytest.mark.parametrize("law", sorted(ONLY_IN_2017))
def test_structure_against_sv_2007(articles, law):
    path = ROOT / "corpus" / "records" / "sv-2007" / f"{law}.json"
    if not path.exists():
        pytest.skip("sv-2007 records are not ingested on this branch yet")
    sv = json.loads(path.read_text(encoding="utf-8"))

    def ids(nodes: list[dict]) -> list[str]:
        return [found for node in nodes for found in [node["id"], *ids(node["children"])]]

    sv_ids, nl_ids = ids(sv["nodes"]), articles[law].node_ids()
    assert [i for i in nl_ids if i not in sv_ids] == ONLY_IN_2017[law].split()
    assert [i for i in sv_ids if i not in nl_ids] == []


# -- fixtures: small sources for the edge cases -----------------------------------------------------

OPTIONS = {"law_keyword": "ARTIKEL", "headings": [{"kind": "part", "starts": "Hoofdstuk"}],
           "front_matter": [{"id": "preamble", "title": "Herkomst", "starts": "Uit "}]}


def make_edition(tmp_path: Path, text: str, laws: str = "1-2", hints: list | None = None, **options) -> Edition:
    path = tmp_path / "nl-test.txt"
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    low, high = (int(x) for x in laws.split("-"))
    return Edition(id="nl-test", language="nl", year=2017, title="t", provenance="p",
                   laws=tuple(str(n) for n in range(low, high + 1)), layout="bulleted", source=path,
                   options={**OPTIONS, "hints": hints or [], **options})


def read(edition: Edition):
    return bulleted.read(load_source(edition.source, "nl-test.txt"), edition)


def structure(document) -> dict[str, list[tuple[str, bool, str]]]:
    return {a.law: [(n.id, n.inferred, n.text) for n in a.walk()] for a in document.articles}


def test_lead_in_single_bullet_and_items(tmp_path):
    document = read(make_edition(tmp_path, """
        Hoofdstuk I Test
        Uit een handboek
        ARTIKEL 1 Een
        A. Eerste
        - Wanneer iets gebeurt:
        - een;
        - twee.
        B. Tweede
        - Alleen tekst.
        C. Derde
        - eerste punt.
        - tweede punt.
        ARTIKEL 2 Twee
        - Enige tekst.
        """))
    assert structure(document) == {
        "1": [("1A", False, "Wanneer iets gebeurt:"), ("1A1", True, "een;"), ("1A2", True, "twee."),
              ("1B", False, "Alleen tekst."),
              ("1C", False, ""), ("1C1", True, "eerste punt."), ("1C2", True, "tweede punt.")],
        "2": [],
    }
    assert document.articles[1].intro == "Enige tekst."
    assert [(a.code, a.node) for a in document.articles[0].anomalies] == [("inferred-label", "1A"),
                                                                        ("inferred-label", "1C")]


def test_paragraph_lead_in_makes_every_bullet_an_item(tmp_path):
    document = read(make_edition(tmp_path, """
        ARTIKEL 1 Een
        A. Eerste
        Hij kan:
        - een
        ARTIKEL 2 Twee
        Inleiding zonder dubbele punt
        - een
        - twee
        """))
    assert structure(document)["1"] == [("1A", False, "Hij kan:"), ("1A1", True, "een")]
    assert structure(document)["2"] == [("2.1", True, "een"), ("2.2", True, "twee")]


def test_bulleted_sections_and_printed_sub_items(tmp_path):
    document = read(make_edition(tmp_path, """
        ARTIKEL 1 Een
        - De leider mag:
        - A. accepteren, of
        - B. weigeren.
        ARTIKEL 2 Twee
        A. Vragen
        - 1. Eerste.
        - 2. (a) Tweede a.
        - (b) Tweede b.
        """))
    assert document.articles[0].intro == "De leider mag:"
    assert structure(document) == {
        "1": [("1A", False, "accepteren, of"), ("1B", False, "weigeren.")],
        "2": [("2A", False, ""), ("2A1", False, "Eerste."), ("2A2", False, ""), ("2A2(a)", False, "Tweede a."),
              ("2A2(b)", False, "Tweede b.")],
    }
    assert all(not a.anomalies for a in document.articles)


def test_footnote_markers_and_references_told_apart(tmp_path):
    document = read(make_edition(tmp_path, """
        ARTIKEL 1 Een
        A. Eerste
        - de slag 1) telt (zie artikel 1) niet.
        - (b) staat los
        - 1) Voetnoot een.
        """, laws="1-1"))
    text = document.articles[0].find("1A").text
    assert text == "de slag\ue0001\ue001 telt (zie artikel 1) niet."
    assert [(f.mark, f.node, f.nodes) for f in document.articles[0].footnotes] == [("1)", "1A", ["1A"])]


def test_footnote_without_marker_is_flagged(tmp_path):
    document = read(make_edition(tmp_path, """
        ARTIKEL 1 Een
        A. Eerste
        - Tekst zonder teken (zie artikel 50).
        - 3) Een losse voetnoot.
        """, laws="1-1"))
    article = document.articles[0]
    assert [(f.mark, f.node) for f in article.footnotes] == [("3)", "1A")]
    assert [(a.code, a.node, a.line) for a in article.anomalies] == [("footnote-without-marker", "1A", 4)]


def test_marker_without_footnote_text_stays_and_is_flagged(tmp_path):
    document = read(make_edition(tmp_path, """
        ARTIKEL 1 Een
        - Tekst met teken 4) zonder voetnoot.
        """, laws="1-1"))
    article = document.articles[0]
    assert article.intro == "Tekst met teken 4) zonder voetnoot." and not article.footnotes
    assert [(a.code, a.line) for a in article.anomalies] == [("marker-without-footnote", 2)]


HINTED = """
    ARTIKEL 1 Een
    Inleiding. Bovendien:
    - Tekst van A.
    - Tekst van B:
    - een
    - twee
    C. Derde
    - Tekst van C.
    - Wanneer dan ook, een punt.
    - (a) sub a
    - (b) sub b
    """
HINTS = [{"starts": "Tekst van A", "section": "A", "as": "text", "note": "waarom A"},
         {"starts": "Tekst van B", "section": "B", "as": "text"},
         {"starts": "Wanneer dan ook", "section": "D", "as": "item"},
         {"starts": "(a) sub a", "item": "2"}]


def test_hints_insert_missing_headings_and_items(tmp_path):
    document = read(make_edition(tmp_path, HINTED, laws="1-1", hints=HINTS))
    assert structure(document)["1"] == [
        ("1A", True, "Tekst van A."), ("1B", True, "Tekst van B:"), ("1B1", True, "een"), ("1B2", True, "twee"),
        ("1C", False, "Tekst van C."), ("1D", True, ""), ("1D1", True, "Wanneer dan ook, een punt."),
        ("1D2", True, ""), ("1D2(a)", False, "sub a"), ("1D2(b)", False, "sub b")]
    anomalies = [(a.code, a.node, a.line) for a in document.articles[0].anomalies]
    assert ("missing-heading", "1A", 3) in anomalies and ("missing-heading", "1D", 9) in anomalies
    assert ("missing-item", "1D2", 10) in anomalies
    assert "waarom A" in document.articles[0].anomalies[0].message


def test_inferred_labels_and_headings_pass_conservation(tmp_path):
    edition = make_edition(tmp_path, HINTED, laws="1-1", hints=HINTS)
    result = build_edition(edition)
    assert result.conservation.ok, result.conservation.describe()
    record = json.loads(result.files["1.json"])
    assert record["nodes"][0] == {"id": "1A", "kind": "section", "label": "A", "title": "",
                                  "text": "Tekst van A.", "children": [], "inferred": True, "lines": [3, 3]}


def error_for(tmp_path, text, **kwargs) -> SourceError:
    with pytest.raises(SourceError) as caught:
        read(make_edition(tmp_path, text, **kwargs))
    return caught.value


@pytest.mark.parametrize(("text", "hints", "line", "message"), [
    pytest.param(HINTED, [{**HINTS[0], "starts": "Iets anders"}], None, "manifest hint does not match the source",
                 id="hint-text-mismatch"),
    pytest.param(HINTED, [{**HINTS[0], "section": "B"}], 3, "gives section B of law 1 where section A",
                 id="hint-section-letter"),
    pytest.param(HINTED, [{"starts": "Tekst van A", "item": "1"}], 3, "must name a sub-item line",
                 id="hint-item-on-bullet"),
    pytest.param(HINTED, [{"starts": "Tekst van A", "as": "heading"}], 3, "'as' must be",
                 id="hint-bad-role"),
    pytest.param("ARTIKEL 1 Een\nA. Eerste\n- tekst\nC. Derde\n- tekst\n", [], 4, "where section B is expected",
                 id="section-skipped"),
    pytest.param("ARTIKEL 1 Een\nA. Eerste\n- 1. een\n- 2. twee\n- los\n", [], 5, "unlabelled bullet among printed",
                 id="unlabelled-among-printed"),
    pytest.param("ARTIKEL 1 Een\nA. Eerste\n- 1. een\n- 3. drie\n", [], 4, "gives item 3 where item 2",
                 id="printed-number-skipped"),
    pytest.param("ARTIKEL 1 Een\n- (a) los\n", [], 2, "has no enclosing item", id="subitem-without-item"),
    pytest.param("Iets\nARTIKEL 1 Een\n- tekst\n", [], 1, "text before the first law heading", id="stray-preamble"),
    pytest.param("ARTIKEL 1 Een\n- tekst\nARTIKEL 7 Zeven\n- tekst\n", [], 3, "not among the laws",
                 id="law-outside-manifest"),
    pytest.param("ARTIKEL 1 Een\n- x (zie artikel 1) en slag 1) z\n- 1) noot\n", [], 2, "cannot tell which",
                 id="ambiguous-markers"),
    pytest.param("ARTIKEL 1 Een\n- x 1) y\n- 1) noot\n- 1) nog een\n", [], 4, "a second footnote marked 1)",
                 id="duplicate-footnote-mark"),
])
def test_layout_errors_name_file_and_line(tmp_path, text, hints, line, message):
    error = error_for(tmp_path, text, laws="1-2" if "ARTIKEL 2" in text else "1-1", hints=hints)
    assert (error.file, error.line) == ("nl-test.txt", line)
    where = f"nl-test.txt:{line}" if line else "nl-test.txt"
    assert str(error).startswith(f"{where}: ") and message in str(error)


def test_hints_follow_their_words_when_lines_move(tmp_path):
    moved = HINTED.replace("C. Derde\n", "C. Derde\n- Een extra regel.\n", 1)
    document = read(make_edition(tmp_path, moved, laws="1-1", hints=HINTS))
    assert ("1D", True, "") in structure(document)["1"] and ("1D2(a)", False, "sub a") in structure(document)["1"]


def test_hints_by_line_number_are_refused(tmp_path):
    error = error_for(tmp_path, HINTED, laws="1-1", hints=[{"line": 3, **HINTS[0]}])
    assert "not by line numbers" in str(error)
    error = error_for(tmp_path, HINTED, laws="1-1", hints=[{"starts": "sub", "as": "text"}])
    assert "no line begins with" in str(error)


def test_missing_law_and_hint_outside_a_law(tmp_path):
    error = error_for(tmp_path, "ARTIKEL 1 Een\n- tekst\n", laws="1-2")
    assert "no heading for them" in str(error) and "2" in str(error)
    error = error_for(tmp_path, "Hoofdstuk I\nARTIKEL 1 Een\n- tekst\n", laws="1-1",
                      hints=[{"starts": "Hoofdstuk"}])
    assert error.line == 1 and "not inside a law" in str(error)


def test_layout_mismatch_names_file_and_line(manifest):
    swedish = manifest.get("sv-2007")
    dutch = manifest.get("nl-2017")
    edition = Edition(**{**dutch.__dict__, "source": swedish.source})
    with pytest.raises(SourceError) as caught:
        bulleted.read(load_source(swedish.source, swedish.source_label), edition)
    assert caught.value.file == "corpus/sources/sv-2007.txt" and caught.value.line == 1
    assert str(caught.value).startswith("corpus/sources/sv-2007.txt:1: text before the first law heading")


def test_missing_law_keyword_option(tmp_path):
    edition = make_edition(tmp_path, "ARTIKEL 1 Een\n- tekst\n", laws="1-1", law_keyword="")
    with pytest.raises(SourceError, match="needs options.law_keyword"):
        read(edition)


@pytest.mark.parametrize("options", [
    {"front_matter": [{"title": "Herkomst", "starts": "Uit "}]},        # no id
    {"headings": [{"kind": "part"}]},                                   # no starts
    {"headings": "Hoofdstuk"},                                          # not a list
], ids=["front-without-id", "heading-without-starts", "headings-not-a-list"])
def test_malformed_preamble_options_are_a_manifest_error(tmp_path, options):
    edition = make_edition(tmp_path, "Hoofdstuk I\nUit een handboek\nARTIKEL 1 Een\n- Tekst.\n", laws="1-1",
                           **options)
    with pytest.raises(ManifestError, match="edition nl-test: options"):
        read(edition)
