"""The plain reader (sv-2007): every article's structure on the real source, and edge cases on fixtures.

The expected structures come from reading corpus/sources/sv-2007.txt line by line (section letters,
'1.' items, '(a)' sub-items, asterisk footnotes after each law), not from the reader's output.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from lawtools.errors import SourceError
from lawtools.ingest import build_edition
from lawtools.manifest import Edition
from lawtools.readers import plain
from lawtools.readers.base import load_source

# law -> its node ids in document order
STRUCTURE = {
    "41": "41A 41B 41C 41D",
    "42": "42A 42A1 42A2 42A3 42B 42B1 42B2 42B3",
    "43": "43A 43A1 43A1(a) 43A1(b) 43A1(c) 43A2 43A2(a) 43A2(b) 43A2(c) 43B 43B1 43B2 43B2(a) 43B2(b) 43B3",
    "44": "44A 44B 44C 44D 44E 44F 44G",
    "45": "45A 45B 45C 45C1 45C2 45C2(a) 45C2(b) 45C3 45C4 45C4(a) 45C4(b) 45C5 45D 45E 45E1 45E2 45F 45G",
    "46": "46A 46B 46B1 46B1(a) 46B1(b) 46B1(c) 46B2 46B3 46B3(a) 46B3(b) 46B4 46B5",
    "47": "47A 47B 47C 47D 47E 47E1 47E2 47E2(a) 47E2(b) 47F 47F1 47F2",
    "48": "48A 48B 48B1 48B2",
    "49": "",
    "50": "50A 50B 50C 50D 50D1 50D1(a) 50D1(b) 50D2 50D2(a) 50D2(b) 50E 50E1 50E2 50E3",
    "51": "51A 51B 51B1 51B1(a) 51B1(b) 51B2 51B2(a) 51B2(b)",
    "52": "52A 52B 52B1 52B1(a) 52B1(b) 52B1(c) 52B2",
    "53": "53A 53B 53C",
    "54": "54A 54B 54B1 54B2 54C 54D 54E",
    "55": "55A 55B 55B1 55B2 55C",
    "56": "",
    "57": "57A 57A1 57A2 57A3 57B 57C 57C1 57C2",
    "58": "58A 58B 58B1 58B2 58B3 58B4",
    "59": "",
    "60": "60A 60A1 60A2 60A3 60B 60C",
    "61": "61A 61B 61B1 61B2 61B2(a) 61B2(b) 61B3",
    "62": "62A 62B 62B1 62B2 62C 62C1 62C2 62C3 62D 62D1 62D2",
    "63": "63A 63A1 63A2 63A3 63B",
    "64": "64A 64A1 64A2 64B 64B1 64B2 64B3 64B4 64B5 64B6 64B7 64C",
    "65": "65A 65B 65B1 65B2 65B3 65C 65D",
    "66": "66A 66B 66C 66D",
    "67": "67A 67A1 67A2 67B 67B1 67B1(a) 67B1(b) 67B2 67B2(a) 67B2(b)",
    "68": "68A 68B 68B1 68B2 68C 68D",
    "69": "69A 69B 69B1 69B2",
    "70": "70A 70B 70B1 70B2 70B3 70C 70C1 70C2 70C3 70D 70D1 70D2 70D3 70E 70E1 70E2",
    "71": "71.1 71.2",
}

# the law's own text (intro), how it begins; every other law starts with a section
INTRO = {
    "43": "Med undantag för vad som sagts i lag 42 gäller.",
    "49": "Bortsett från spelets normala förlopp",
    "50": "Ett kort som en motspelare visat i förtid",
    "54": "När det första utspelet sker utom tur med bildsidan upp",
    "56": "Se lag 54D.",
    "59": "En spelare får spela vilket regelrätt kort som helst",
    "68": "För att ett påstående eller handlande",
    "71": "Ett avstående som gjorts måste gälla",
}

# (provision, how its title begins, how its own text begins); '' = none of its own
PROVISIONS = [
    ("41A", "Det första utspelet med bildsidan nedåt", "När ett aktivt bud följts av tre pass"),
    ("42A", "Absoluta rättigheter", ""),
    ("42B", "Rättigheter som kan förloras", "Träkarlen har andra rättigheter"),
    ("43A1", "", ""),
    ("43A1(a)", "", "Såvida inte en annan spelare har påtalat"),
    ("43B2", "", "Om träkarlen, efter att ha överträtt begränsningarna i A2:"),
    ("43B2(a)", "", "varnar spelföraren för att spela ut från fel hand"),
    ("45C2", "", "Spelföraren måste spela ett kort från sin hand om det"),
    ("46B3", "", "Om spelföraren anger en valör men ingen färg"),
    ("46B3(b)", "", "I alla andra fall måste spelföraren"),
    ("50D2", "", "När en motspelare skall spela ut medan hans partner"),
    ("50D2(b)", "", "att varken begära eller förbjuda ett utspel"),
    ("57A1", "", "begära att den felandes partner spelar sitt högsta kort"),
    ("63A", "Revoken blir etablerad", "En revoke etableras:"),
    ("64A1", "", "och den felande* vann det stick"),
    ("64B", "Ingen korrigering", "Det blir ingen korrigering som i A efter en etablerad revoke"),
    ("64B7", "", "när båda sidor har gjort revoke på samma bricka."),
    ("67B1", "", "Om den felande har underlåtit att spela ett kort i det felaktiga sticket"),
    ("70C", "Kvarvarande trumf", "Om en trumf finns kvar hos motståndarna"),
    ("71.1", "", "om en spelare avstod från ett stick som hans sida faktiskt vann"),
]

# sentences the source breaks across two lines without a blank line: (provision, joined words, lines)
JOINED = [
    ("41B", "begära att få budgivningen upprepad", [11, 13]),
    ("47E2(a)", "men bara om inga kort därefter spelats i det sticket", [187, 188]),
    ("67B2(a)", "spelat fler än ett kort i det felaktiga sticket, granskar tävlingsledaren", [518, 519]),
    ("70E1", "en icke uttalad spelplan av den som gör anspråk", [591, 592]),
]

# (law, mark, node, nodes, how the footnote begins, its lines)
FOOTNOTES = [
    ("41", "*", "41A", ["41A"], "Ansvariga Organisationer kan bestämma att utspelet", [21, 22]),
    ("41", "**", "41B", ["41B"], "Spelförarens första tur att spela är från träkarlen, såvida", [24, 25]),
    ("41", "***", "41C", ["41C"], "Spelföraren får fråga när han skall spela från träkarlen", [27, 28]),
    ("45", "*", "45A", ["45A"], "Det första utspelet skall göras med bildsidan nedåt såvida inte", [140, 141]),
    ("50", "*", "50D2(a)", ["50D2(a)"], "Om spelaren inte kan spela som begärts, se lag 59.", [244, 244]),
    ("50", "**", "50D2(b)", ["50D2(b)"], "Om partnern till den motspelare som har straffkortet behåller det",
     [246, 248]),
    ("51", "*", "51B1(a)", ["51B1(a)", "51B1(b)", "51B2(a)", "51B2(b)"], "Om spelaren inte kan spela som begärts",
     [264, 264]),
    ("57", "*", "57C1", ["57C1"], "Som en gest eller nick.", [349, 349]),
    ("64", "*", "64A1", ["64A1", "64A2"], "För denna lag är ett stick vunnet av träkarlen inte vunnet", [466, 467]),
    ("67", "*", "67B2(a)", ["67B2(a)"], "Tävlingsledaren skall, om möjligt, undvika att visa en motspelares",
     [523, 524]),
    ("68", "*", "68", ["68"], "Om påståendet eller handlandet bara gäller", [545, 545]),
    ("70", "*", "70C3", ["70C3", "70D1", "70D2", "70E1"], "För lagarna 70och 71 inkluderar", [596, 596]),
    ("71", "*", "71.2", ["71.2"], "För lagarna 70 och 71 inkluderar", [608, 608]),
]

# every anomaly of sv-2007: (law, code, node, line)
ANOMALIES = [
    ("43", "paragraph-after-list", "43B3", 76),
    ("69", "paragraph-after-list", "69B2", 558),
    ("71", "paragraph-after-list", "71.2", 606),
]

# (provision, targets it cites in order, which of them are relative)
REFS = [
    ("41A", ["47E2"], []),
    ("41B", ["20F2", "20F3", "16"], []),
    ("41C", ["54A", "41B"], ["41B"]),
    ("43", ["42"], []),
    ("43B1", ["90", "43A1", "43A2"], ["43A1", "43A2"]),
    ("43B3", ["43A2", "12B1"], ["43A2"]),
    ("44B", ["45", "65"], []),
    ("45C4(b)", ["47D", "16D1"], []),
    ("47C", ["45C4(b)"], []),
    ("47E2(b)", ["47E2(a)"], ["47E2(a)"]),
    ("49", ["47E", "50", "68", "68B2"], []),
    ("50C", ["50E"], ["50E"]),
    ("51B2(a)", ["50D2(a)", "51B1(a)"], ["51B1(a)"]),
    ("52B1(c)", ["52B1(a)", "52B1(b)"], ["52B1(a)", "52B1(b)"]),
    ("53A", ["47E1", "53C", "47B"], ["53C"]),
    ("61B2(a)", ["43B2(b)"], []),
    ("64B", ["64A"], ["64A"]),
    ("64B2", ["64C"], []),
    ("67A2", ["45E", "58B"], []),
    ("68B2", ["68B1", "16D"], ["68B1"]),
    ("69B", ["69A", "79C"], ["69A"]),
    ("71", ["79C"], []),
]


@pytest.fixture(scope="module")
def sv(manifest):
    """sv-2007 through the whole ingest pipeline (normalised, references extracted, conservation checked)."""
    return build_edition(manifest.get("sv-2007"))


@pytest.fixture(scope="module")
def articles(sv):
    return {article.law: article for article in sv.document.articles}


def find(articles, node_id):
    law = re.match(r"\d+", node_id).group(0)
    article = articles[law]
    return article if node_id == law else article.find(node_id)


# -- the real source -------------------------------------------------------------------------------

def test_laws_preamble_and_part_heading(sv):
    document = sv.document
    assert [a.law for a in document.articles] == [str(n) for n in range(41, 72)]
    assert [(f.id, f.source["lines"]) for f in document.front] == [("preamble", [1, 3])]
    assert document.front[0].paragraphs == ["2007 ÅRS LAGAR FÖR TÄVLINGSBRIDGE.",
                                            "Inlagt på Spader av: Lars Adie (MID 51619)",
                                            "Version för utskrift: Länk (pdf-fil)"]
    assert [(h.kind, h.title, h.line) for h in document.headings] == [("part", "Spelet", 5)]
    assert document.headings[0].laws == [a.law for a in document.articles]
    assert all(a.part == "Spelet" for a in document.articles)
    assert document.furniture == []
    assert sv.conservation.ok, sv.conservation.describe()


@pytest.mark.parametrize("law", sorted(STRUCTURE), ids=lambda law: f"lag-{law}")
def test_structure_of_every_article(articles, law):
    article = articles[law]
    assert article.node_ids() == STRUCTURE[law].split()
    assert not any(node.inferred for node in article.walk())
    assert article.intro.startswith(INTRO[law]) if law in INTRO else article.intro == ""


@pytest.mark.parametrize(("law", "heading", "lines"), [
    ("41", "41. SPELETS BÖRJAN", [7, 28]),
    ("46", "46. OFULLSTÄNDIG ELLER FELAKTIG BEGÄRAN AV KORT FRÅN TRÄKARLEN", [144, 168]),
    ("61", "61. UNDERLÅTENHET ATT BEKÄNNA FÄRG – FRÅGOR GÄLLANDE REVOKE", [385, 398]),
    ("71", "71. UPPHÄVT AVSTÅENDE", [599, 608]),
], ids=["one-line", "two-lines-46", "two-lines-61", "last-law"])
def test_law_headings(articles, law, heading, lines):
    article = articles[law]
    assert article.heading == heading
    assert article.title == heading.split(". ", 1)[1]
    assert article.source == {"file": "corpus/sources/sv-2007.txt", "lines": lines}


def test_numbered_items_with_capitalised_words_are_not_laws(articles):
    # "1. När spelföraren lägger upp ..." (48B1) and "3. Om spelföraren ..." are items, not laws 1 and 3
    assert articles["48"].find("48B1").text.startswith("När spelföraren lägger upp sina kort")
    assert articles["46"].find("46B3").kind == "item"
    assert all(int(law) >= 41 for law in articles)


@pytest.mark.parametrize(("node_id", "title", "text"), PROVISIONS, ids=[case[0] for case in PROVISIONS])
def test_provision_title_and_text(articles, node_id, title, text):
    node = find(articles, node_id)
    assert node.title.startswith(title) if title else node.title == ""
    assert node.text.startswith(text) if text else node.text == ""


@pytest.mark.parametrize(("node_id", "words", "lines"), JOINED, ids=[case[0] for case in JOINED])
def test_sentences_broken_across_lines_are_joined(articles, node_id, words, lines):
    node = find(articles, node_id)
    assert words in node.text and "\n" not in node.text
    assert node.lines == lines


@pytest.mark.parametrize(("node_id", "children"), [
    ("43A1", ["(a)", "(b)", "(c)"]), ("43A2", ["(a)", "(b)", "(c)"]), ("45C4", ["(a)", "(b)"]),
    ("46B1", ["(a)", "(b)", "(c)"]), ("50D1", ["(a)", "(b)"]), ("51B2", ["(a)", "(b)"]),
    ("52B1", ["(a)", "(b)", "(c)"]), ("67B2", ["(a)", "(b)"]), ("61B2", ["(a)", "(b)"]),
], ids=lambda value: value if isinstance(value, str) else None)
def test_item_and_sub_item_on_one_line(articles, node_id, children):
    # "1. (a) text": item 1 has no text of its own, sub-item (a) holds the text, both from the same line
    node = find(articles, node_id)
    assert [child.label for child in node.children] == [c.strip("()") for c in children]
    assert node.children[0].lines[0] == node.lines[0]


@pytest.mark.parametrize(("section", "count"), [("64B", 7), ("57A", 3), ("58B", 4), ("65B", 3), ("70B", 3),
                                                ("70C", 3), ("70D", 3), ("45C", 5), ("46B", 5), ("50E", 3)])
def test_item_counts(articles, section, count):
    assert [child.kind for child in find(articles, section).children] == ["item"] * count


def test_laws_without_sections(articles):
    assert articles["49"].nodes == [] and articles["56"].nodes == [] and articles["59"].nodes == []
    assert [(n.id, n.kind, n.label) for n in articles["71"].nodes] == [("71.1", "item", "1"), ("71.2", "item", "2")]
    assert articles["71"].intro.endswith("då tävlingsledaren skall upphäva ett avstående:")


def test_paragraphs_after_a_list_stay_with_the_last_item(articles):
    assert articles["43"].find("43B3").text.endswith(
        "sker ingen korrigering.\nSpelet fortsätter som om ingen felaktighet har begåtts. När spelat avslutas, se lag "
        "12B1.")
    assert articles["43"].find("43B").text == ""
    assert articles["69"].find("69B2").text.endswith("\nBrickan får ett nytt resultat, och sådana stick tillförs "
                                                     "hans sida.")
    assert articles["71"].find("71.2").text.endswith("\nBrickan får ett nytt resultat, och sådana stick tillförs "
                                                     "hans sida.")
    assert articles["71"].find("71.2").lines == [604, 606]


@pytest.mark.parametrize(("law", "mark", "node", "nodes", "start", "lines"), FOOTNOTES,
                         ids=[f"{case[0]}-{case[1]}" for case in FOOTNOTES])
def test_footnotes(articles, law, mark, node, nodes, start, lines):
    article = articles[law]
    note = next(n for n in article.footnotes if n.mark == mark)
    assert (note.node, note.nodes, note.lines) == (node, nodes, lines)
    assert note.text.startswith(start) and "\n" not in note.text
    # the asterisks stay in the text: the offset points at the first marker, right after a word
    text = find(articles, node).intro if node == law else find(articles, node).text
    assert text[note.offset:note.offset + len(mark)] == mark and text[note.offset - 1].isalpha()
    assert text[note.offset + len(mark):note.offset + len(mark) + 1] != "*"


def test_footnote_count_and_no_footnote_text_in_provisions(sv, articles):
    assert sum(len(a.footnotes) for a in articles.values()) == len(FOOTNOTES) == 13
    for article in articles.values():
        for node in article.walk():
            assert not re.search(r"(^|\n)\*+ ", node.text), node.id


def test_law_70s_footnote_names_law_71_which_prints_its_own(articles):
    # Law 70's footnote serves "lagarna 70och 71"; Law 71 repeats it on the file's last line (no newline),
    # so 71.2's "normalt*" has its own footnote and no anomaly is due
    seventy, seventy_one = articles["70"].footnotes[0], articles["71"].footnotes[0]
    assert [(r.target, r.node) for r in articles["70"].refs if r.raw.startswith("lagarna")] == [("70", "70C3")]
    assert "71" in [r.target for r in articles["70"].refs]
    assert seventy.text.replace("70och", "70 och") == seventy_one.text
    assert not [a for a in articles["71"].anomalies if a.code.startswith("footnote")]


@pytest.mark.parametrize(("law", "code", "node", "line"), ANOMALIES, ids=[f"{a[2]}-{a[1]}" for a in ANOMALIES])
def test_anomaly(articles, law, code, node, line):
    found = [(a.code, a.node, a.line) for a in articles[law].anomalies]
    assert (code, node, line) in found


def test_no_other_anomalies(articles):
    found = sorted((law, a.code, a.node, a.line) for law, article in articles.items() for a in article.anomalies)
    assert found == sorted(ANOMALIES)


@pytest.mark.parametrize(("node_id", "targets", "relative"), REFS, ids=[case[0] for case in REFS])
def test_references(articles, node_id, targets, relative):
    law = re.match(r"\d+", node_id).group(0)
    refs = [r for r in articles[law].refs if r.node == node_id]
    assert [r.target for r in refs] == targets
    assert [r.target for r in refs if r.relative] == relative


def test_every_relative_reference_names_a_provision_of_its_law(articles):
    relative = [(article, ref) for article in articles.values() for ref in article.refs if ref.relative]
    assert len(relative) >= 15
    for article, ref in relative:
        assert ref.target in article.node_ids(), (ref.raw, ref.node)


def test_records_on_disk_match_the_reader(sv, repo_root):
    for name, text in sv.files.items():
        assert (repo_root / "corpus" / "records" / "sv-2007" / name).read_text(encoding="utf-8") == text, name


# -- fixtures: small sources for the edge cases -----------------------------------------------------

def make_edition(tmp_path: Path, text: str, laws: str = "1-2") -> Edition:
    path = tmp_path / "sv-test.txt"
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    low, high = (int(x) for x in laws.split("-"))
    return Edition(id="sv-test", language="sv", year=2007, title="t", provenance="p",
                   laws=tuple(str(n) for n in range(low, high + 1)), layout="plain", source=path)


def read(edition: Edition):
    return plain.read(load_source(edition.source, "sv-test.txt"), edition)


EVERY_FORM = """
    SAMLINGENS TITEL.
    Inlagt av någon

    Spelet

    1. FÖRSTA LAGEN
    MED LÅNG TITEL
    Inledning av lagen.
    A. Första avsnittet
    Text som bryts
    över två rader med ett ord*.

    1. (a) Underpunkt a.

    (b) Underpunkt b.

    2. När spelaren gör något, är det en punkt.

    Ett stycke efter listan.

    B. Andra avsnittet

    1. Punkt ett (se A1 ovan och lag 2).

    * Fotnotens text
    fortsätter här.

    Budgivningen

    2. ANDRA LAGEN
    1. Direkt punkt ett.

    2. Direkt punkt två med normalt** spel.

    ** En fotnot.
"""


def test_every_form_of_the_layout(tmp_path):
    document = read(make_edition(tmp_path, EVERY_FORM))
    assert [(f.id, f.paragraphs) for f in document.front] == [("preamble", ["SAMLINGENS TITEL.", "Inlagt av någon"])]
    assert [(h.title, h.line, h.laws) for h in document.headings] == [("Spelet", 4, ["1"]),
                                                                       ("Budgivningen", 28, ["2"])]
    first, second = document.articles
    assert first.heading == "1. FÖRSTA LAGEN MED LÅNG TITEL" and first.title == "FÖRSTA LAGEN MED LÅNG TITEL"
    assert first.intro == "Inledning av lagen."
    assert first.node_ids() == ["1A", "1A1", "1A1(a)", "1A1(b)", "1A2", "1B", "1B1"]
    assert first.find("1A").text == "Text som bryts över två rader med ett ord*."
    assert first.find("1A1").text == "" and first.find("1A1(a)").text == "Underpunkt a."
    assert first.find("1A2").text == "När spelaren gör något, är det en punkt.\nEtt stycke efter listan."
    assert [(a.code, a.node, a.line) for a in first.anomalies] == [("paragraph-after-list", "1A2", 19)]
    assert [(n.mark, n.text, n.node, n.nodes, n.lines) for n in first.footnotes] == [
        ("*", "Fotnotens text fortsätter här.", "1A", ["1A"], [25, 26])]
    assert first.source["lines"] == [6, 26]
    assert second.node_ids() == ["2.1", "2.2"] and second.part == "Budgivningen"
    assert [(n.mark, n.node) for n in second.footnotes] == [("**", "2.2")]


def test_references_in_a_fixture_resolve_in_the_citing_law(tmp_path):
    edition = make_edition(tmp_path, EVERY_FORM)
    result = build_edition(edition)
    refs = [(r.raw, r.target, r.node, r.relative) for r in result.document.articles[0].refs]
    assert refs == [("se A1 ovan", "1A1", "1B1", True), ("lag 2", "2", "1B1", False)]


FOOTNOTE_CASES = """
    1. LAG ETT
    A. Avsnitt
    Text med ord** och mer.

    * Fotnot utan markör.

    2. LAG TVÅ
    Text med normalt* ord.

    * För lagarna 2 och 3 gäller detta.

    3. LAG TRE
    Text med normalt* ord och annat*.
"""


def test_footnote_anomalies(tmp_path):
    first, second, third = read(make_edition(tmp_path, FOOTNOTE_CASES, laws="1-3")).articles
    assert [(a.code, a.node, a.line) for a in first.anomalies] == [("footnote-unanchored", "1", 5),
                                                                    ("footnote-missing", "1A", 2)]
    assert [(n.mark, n.node) for n in first.footnotes] == [("*", "1")]
    assert second.anomalies == [] and second.footnotes[0].nodes == ["2"]
    assert [(a.code, a.node) for a in third.anomalies] == [("footnote-elsewhere", "3")]
    assert "footnote '*' of law 2" in third.anomalies[0].message and third.footnotes == []


def test_marker_counts_must_match_exactly(tmp_path):
    text = "1. LAG ETT\nA. Avsnitt\nEtt ord*** och ett annat*.\n\n* Kort.\n\n*** Lång.\n"
    article = read(make_edition(tmp_path, text, laws="1-1")).articles[0]
    assert [(n.mark, n.nodes) for n in article.footnotes] == [("*", ["1A"]), ("***", ["1A"])]
    assert article.anomalies == []


def test_skipped_labels_open_their_provision_and_are_flagged(tmp_path):
    text = "1. LAG ETT\nA. Avsnitt\n\n1. Ett.\n\n3. Tre?\n\n(b) Be?\n\nC. Inte ett avsnitt.\n"
    article = read(make_edition(tmp_path, text, laws="1-1")).articles[0]
    assert article.node_ids() == ["1A", "1A1", "1A3", "1A3(b)"]
    assert article.find("1A3(b)").text == "Be?\nC. Inte ett avsnitt."
    assert [(a.code, a.line) for a in article.anomalies] == [("numbering-gap", 6), ("numbering-gap", 8),
                                                             ("paragraph-after-list", 10)]


def test_a_list_section_after_a_lost_heading_opens_with_a_gap(tmp_path):
    """Section C's heading lost: C's text and items stay with B2, as text, flagged; D, a heading followed by a blank
    line and its first item (as 70B and 70D are printed), opens its section with a gap instead of being absorbed."""
    text = ("1. LAG ETT\nA. Avsnitt\nText.\n\nB. Lista\n\n1. Ett.\n\n2. Två.\n\nC-texten.\n\n1. Ett i C.\n\n"
            "D. Nästa lista\n\n1. Ett i D.\n\n2. Två i D.\n")
    article = read(make_edition(tmp_path, text, laws="1-1")).articles[0]
    assert article.node_ids() == ["1A", "1B", "1B1", "1B2", "1D", "1D1", "1D2"]
    assert article.find("1B2").text == "Två.\nC-texten.\n1. Ett i C."
    assert [(a.code, a.line) for a in article.anomalies] == [("paragraph-after-list", 11), ("unexpected-label", 13),
                                                             ("numbering-gap", 15)]


def test_repeated_and_backward_labels_are_text_and_flagged(tmp_path):
    text = "1. LAG ETT\nA. Avsnitt\n\n1. Ett.\n\n2. Två.\n\n2. Två igen?\n\n1. Ett igen?\n\n9. Nio?\n"
    article = read(make_edition(tmp_path, text, laws="1-1")).articles[0]
    assert article.node_ids() == ["1A", "1A1", "1A2"]
    assert article.find("1A2").text == "Två.\n2. Två igen?\n1. Ett igen?\n9. Nio?"
    assert [(a.code, a.line) for a in article.anomalies] == [("unexpected-label", 8), ("unexpected-label", 10),
                                                             ("unexpected-label", 12)]


def test_sub_item_without_an_item_is_text_and_flagged(tmp_path):
    article = read(make_edition(tmp_path, "1. LAG\nA. Avsnitt\n\n(a) punkt.\n", laws="1-1")).articles[0]
    assert article.node_ids() == ["1A"] and article.find("1A").text == "(a) punkt."
    assert [(a.code, a.node, a.line) for a in article.anomalies] == [("unexpected-label", "1A", 4)]
    assert "no open item" in article.anomalies[0].message


def test_short_last_paragraph_of_a_law_is_not_a_part_heading(tmp_path):
    text = "1. LAG ETT\nSe lag 54D\n\nSe lag 2\n\n2. LAG TVÅ\nText.\n"
    document = read(make_edition(tmp_path, text))
    assert document.headings == [] and document.articles[0].intro == "Se lag 54D\nSe lag 2"


def test_all_caps_numbered_line_with_a_lower_number_is_an_item(tmp_path):
    text = "2. LAG TVÅ\nA. Avsnitt\n\n1. MTH SPELAR.\n\n3. LAG TRE\nText.\n"
    document = read(make_edition(tmp_path, text, laws="2-3"))
    assert [a.law for a in document.articles] == ["2", "3"]
    assert document.articles[0].find("2A1").text == "MTH SPELAR."


def error_for(tmp_path, text, laws="1-1") -> SourceError:
    with pytest.raises(SourceError) as caught:
        read(make_edition(tmp_path, text, laws=laws))
    return caught.value


@pytest.mark.parametrize(("text", "laws", "line", "message"), [
    pytest.param("Titel\n\nEn mening som inte är en rubrik.\n\n1. LAG\nText.\n", "1-1", 3,
                 "expected a law heading like '41. SPELETS BÖRJAN'", id="prose-after-preamble"),
    pytest.param("Titel\nA. Avsnitt\n1. LAG\nText.\n", "1-1", 2, "a section heading before the first law heading",
                 id="section-before-law"),
    pytest.param("Titel\n(a) punkt\n", "1-1", 2, "a sub-item before the first law heading", id="subitem-before-law"),
    pytest.param("1. LAG\nText med ord*.\n\n* Not.\n\nMer text.\n", "1-1", 6, "expected a footnote",
                 id="text-after-footnotes"),
    pytest.param("1. LAG\nText.\n\n2. LAG TVÅ\nText.\n", "1-1", 4, "law 2 is not among the laws the manifest",
                 id="law-outside-manifest"),
])
def test_layout_errors_name_file_and_line(tmp_path, text, laws, line, message):
    error = error_for(tmp_path, text, laws)
    assert (error.file, error.line) == ("sv-test.txt", line)
    assert str(error).startswith(f"sv-test.txt:{line}: ") and message in str(error)


def test_missing_declared_law(tmp_path):
    error = error_for(tmp_path, "1. LAG\nText.\n", laws="1-2")
    assert error.file == "sv-test.txt" and "declares laws 2" in str(error) and "no heading" in str(error)


@pytest.mark.parametrize(("edition_id", "line", "message"), [
    ("de-1997", 6, "a section heading before the first law heading"),
    ("nl-2017", 4, "a section heading before the first law heading"),
    ("nb-2017", 3, "expected a law heading like '41. SPELETS BÖRJAN'"),
])
def test_other_layouts_are_refused_naming_file_and_line(manifest, edition_id, line, message):
    other = manifest.get(edition_id)
    edition = Edition(**{**manifest.get("sv-2007").__dict__, "source": other.source})
    with pytest.raises(SourceError) as caught:
        plain.read(load_source(other.source, other.source_label), edition)
    assert (caught.value.file, caught.value.line) == (other.source_label, line)
    assert str(caught.value).startswith(f"{other.source_label}:{line}: ") and message in str(caught.value)


def test_a_section_label_without_its_heading_opens_the_section_and_is_flagged(tmp_path):
    """'B.' alone on its line is section B printed without its caption: its items stay under B (they are not
    absorbed into A, which would lose B and every later section), and the reader says so."""
    text = "1. LAG ETT\nA. Avsnitt\nText.\n\nB.\n\n1. Ett.\n\n2. Två.\n\nC. Tredje\nMer.\n"
    article = read(make_edition(tmp_path, text, laws="1-1")).articles[0]
    assert article.node_ids() == ["1A", "1B", "1B1", "1B2", "1C"]
    assert article.find("1B").title == "" and article.find("1B1").text == "Ett."
    assert [(a.code, a.node, a.line) for a in article.anomalies] == [("missing-heading", "1B", 5)]


def test_a_bare_section_label_out_of_sequence_is_text_and_flagged(tmp_path):
    text = "1. LAG ETT\nA. Avsnitt\nText.\n\nD.\n\nMer.\n"
    article = read(make_edition(tmp_path, text, laws="1-1")).articles[0]
    assert article.node_ids() == ["1A"] and article.find("1A").text == "Text.\nD.\nMer."
    assert [(a.code, a.line) for a in article.anomalies] == [("unexpected-label", 5)]
