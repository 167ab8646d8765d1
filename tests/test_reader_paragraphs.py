"""The 'paragraphs' reader (de-1997): structure, captions, footnotes, parts and the partial § 43.

Expected values come from reading corpus/sources/de-1997.txt, not from the reader's output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lawtools.citation import Citation
from lawtools.conservation import check_conservation
from lawtools.errors import ManifestError, SourceError
from lawtools.ingest import build_edition, finish_article, stale
from lawtools.manifest import Edition
from lawtools.model import Article
from lawtools.readers import notes, paragraphs
from lawtools.readers.base import load_source

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "corpus" / "sources" / "de-1997.txt"

pytestmark = pytest.mark.skipif(not SOURCE.exists(), reason="corpus/sources/de-1997.txt is absent")


@pytest.fixture(scope="module")
def result(manifest):
    return build_edition(manifest.get("de-1997"))


@pytest.fixture(scope="module")
def laws(result) -> dict[str, Article]:
    return {article.law: article for article in result.document.articles}


def node(laws: dict[str, Article], node_id: str):
    found = laws[Citation.parse(node_id).law].find(node_id)
    assert found is not None, f"{node_id} missing"
    return found


# -- the real corpus ----------------------------------------------------------------------------


def test_laws_43_to_71_in_order(laws):
    assert list(laws) == [str(n) for n in range(43, 72)]


def test_partial_law_43(laws):
    article = laws["43"]
    assert article.partial and article.title == "" and article.heading == ""
    assert article.node_ids() == ["43B", "43B1", "43B2", "43B2(a)", "43B2(b)", "43B3"]
    (anomaly,) = article.anomalies
    assert (anomaly.code, anomaly.node, anomaly.line) == ("partial-article", "43", 6)
    assert article.source["lines"] == [6, 16]


STRUCTURE = {
    "44": "44A 44B 44C 44D 44E 44F 44G",
    "45": "45A 45B 45C 45C1 45C2 45C3 45C4 45C4(a) 45C4(b) 45C5 45D 45E 45E1 45E2 45F 45G",
    "46": "46A 46B 46B1 46B2 46B3 46B3(a) 46B3(b) 46B4 46B5",
    "47": "47A 47B 47C 47D 47E 47E1 47E2 47E2(a) 47E2(b) 47F",
    "48": "48A 48B 48B1 48B2",
    "49": "",
    "50": "50A 50B 50C 50D 50D1 50D2 50D2(a) 50D2(b)",
    "51": "51A 51B 51B1 51B1(a) 51B1(b) 51B2 51B2(a) 51B2(b)",
    "52": "52A 52B 52B1 52B1(a) 52B1(b) 52B1(c) 52B2",
    "53": "53A 53B 53C",
    "54": "54A 54B 54B1 54B2 54C 54D",
    "55": "55A 55B 55B1 55B2 55C",
    "56": "",
    "57": "57A 57A1 57A2 57A3 57B 57C",
    "58": "58A 58B 58B1 58B2 58B3 58B4",
    "59": "",
    "60": "60A 60A1 60A2 60A3 60B 60C",
    "61": "61A 61B",
    "62": "62A 62B 62B1 62B2 62C 62C1 62C2 62D 62D1 62D2",
    "63": "63A 63A1 63A2 63A3 63B 63C",
    "64": "64A 64A1 64A2 64B 64B1 64B2 64B3 64B4 64B5 64B6 64C",
    "65": "65A 65B 65B1 65B2 65C 65D",
    "66": "66A 66B 66C 66D",
    "67": "67A 67A1 67A2 67B 67B1 67B1(a) 67B1(b) 67B2",
    "68": "68A 68B 68C 68D",
    "69": "69A 69B",
    "70": "70A 70B 70B1 70B2 70B3 70C 70C1 70C2 70C3 70D 70E",
    "71": "71A 71B 71C",
}


@pytest.mark.parametrize(("law", "ids"), STRUCTURE.items(), ids=list(STRUCTURE))
def test_structure(laws, law, ids):
    assert laws[law].node_ids() == ids.split()


def test_64B_has_six_exceptions_in_1997(laws):
    section = node(laws, "64B")
    assert [child.label for child in section.children] == ["1", "2", "3", "4", "5", "6"]
    assert section.text == "Die Strafvorschriften für ein vollendetes Revoke finden keine Anwendung:"


CAPTIONS = [
    ("43B", "Strafen für Regelverletzungen", ""),
    ("43B2(a)", "warnt den Alleinspieler vor falschem Ausspiel", "warnt er den Alleinspieler"),
    ("45C1", "Karte eines Gegenspielers", "Eine Karte eines Gegenspielers, die"),
    ("45C4", "Genannte oder bezeichnete Karte", ""),
    ("45C4(a)", "Spiel einer genannten Karte", "Eine Karte muss gespielt werden"),
    ("45C5", "Strafkarte", "Eine § 50 unterworfene"),
    ("47E2", "Zurücknahme eines Spiels", ""),
    ("50B", "Haupt- oder Nebenstrafkarte?", "Eine einzelne"),
    ("57A1", "Höchste Karte", "vom Partner des schuldigen Spielers"),
    ("62B2", "Karte des Alleinspielers oder des Tisches, offene Karte eines Gegenspielers", "Die Karte darf"),
    ("64B6", "Revoke im zwölften Stich", "auf ein Revoke im zwölften Stich."),
    ("67B1(b)", "Hat keine Karte der ausgespielten Farbe", "der schuldige Spieler keine Karte"),
    ("70E", "Unerwähnte Spieldurchführung (Schnitt oder Schlagen)", "Der Turnierleiter soll keine"),
]


@pytest.mark.parametrize(("node_id", "title", "text_start"), CAPTIONS, ids=[c[0] for c in CAPTIONS])
def test_caption_becomes_title(laws, node_id, title, text_start):
    found = node(laws, node_id)
    assert found.title == title
    assert found.text.startswith(text_start) if text_start else found.text == ""


SECTIONS_WITH_TEXT_BEFORE_ITEMS = ["43B2", "46B", "46B3", "50D", "50D2", "54B", "57A", "58B", "62B", "63A",
                                   "64A", "64B", "67A", "67B", "67B1", "70C"]
CAPTION_ONLY = ["43B", "45C", "45C4", "45E", "47E", "47E2", "48B", "51B", "51B1", "51B2", "52B", "52B1",
                "55B", "60A", "62C", "62D", "65B", "70B"]


@pytest.mark.parametrize("node_id", SECTIONS_WITH_TEXT_BEFORE_ITEMS)
def test_text_before_items(laws, node_id):
    found = node(laws, node_id)
    assert found.children and found.text and found.title


@pytest.mark.parametrize("node_id", CAPTION_ONLY)
def test_caption_without_text(laws, node_id):
    found = node(laws, node_id)
    assert found.children and found.title and found.text == ""


def test_every_node_has_a_caption(laws):
    untitled = [n.id for article in laws.values() for n in article.walk() if not n.title]
    assert untitled == []


@pytest.mark.parametrize(("law", "start"), [
    ("49", "Wenn sich eine Karte eines Gegenspielers"), ("50", "Eine von einem Gegenspieler vorzeitig"),
    ("54", "Wird ein erstes Ausspiel außer Reihenfolge"), ("56", "Verlangt der Alleinspieler"),
    ("59", "Ein Spieler darf jede"), ("68", "Damit eine Erklärung"), ("71", "Eine einmal gemachte Konzession"),
])
def test_law_intro(laws, law, start):
    assert laws[law].intro.startswith(start)


def test_laws_without_intro(laws):
    with_intro = sorted(law for law, article in laws.items() if article.intro)
    assert with_intro == ["49", "50", "54", "56", "59", "68", "71"]


PARTS = [
    ("43", "", ""), ("45", "", ""),
    ("46", "", "Abschnitt II - Regelwidrigkeiten beim Verfahren"),
    ("47", "", "Abschnitt II - Regelwidrigkeiten beim Verfahren"),
    ("48", "Teil II - Strafkarte", ""), ("52", "Teil II - Strafkarte", ""),
    ("53", "Teil III - Regelwidrige Ausspiele und Zugaben", "Abschnitt I - Ausspiel außer Reihenfolge"),
    ("56", "Teil III - Regelwidrige Ausspiele und Zugaben", "Abschnitt I - Ausspiel außer Reihenfolge"),
    ("57", "Teil III - Regelwidrige Ausspiele und Zugaben",
     "Abschnitt II - Andere regelwidrige Ausspiele oder Zugaben"),
    ("61", "Teil III - Regelwidrige Ausspiele und Zugaben", "Abschnitt III - Das Revoke"),
    ("64", "Teil III - Regelwidrige Ausspiele und Zugaben", "Abschnitt III - Das Revoke"),
    ("65", "Teil IV - Stiche", ""), ("67", "Teil IV - Stiche", ""),
    ("68", "Teil V - Ansprüche und Konzessionen", ""), ("71", "Teil V - Ansprüche und Konzessionen", ""),
]


@pytest.mark.parametrize(("law", "part", "chapter"), PARTS, ids=[p[0] for p in PARTS])
def test_part_and_chapter(laws, law, part, chapter):
    assert (laws[law].part, laws[law].chapter) == (part, chapter)


def test_headings_list_their_laws(result):
    headings = {h.title: (h.kind, h.line, h.laws) for h in result.document.headings}
    assert headings["Teil II - Strafkarte"] == ("part", 101, ["48", "49", "50", "51", "52"])
    assert headings["Abschnitt III - Das Revoke"] == ("chapter", 233, ["61", "62", "63", "64"])
    assert headings["Teil IV - Stiche"] == ("part", 294, ["65", "66", "67"])
    assert len(headings) == 8


def test_headings_are_not_text_of_the_preceding_law(laws):
    expected = "Kein Spieler sollte seine Karten umdrehen, bevor alle vier Spieler zu dem Stich gespielt haben."
    assert node(laws, "45G").text == expected
    assert "Teil" not in node(laws, "47F").text and "Abschnitt" not in node(laws, "60C").text
    assert node(laws, "64C").lines == [292, 293]


def test_preamble(result):
    (front,) = result.document.front
    assert (front.id, front.title, front.source["lines"]) == ("preamble", "TURNIER-BRIDGE-REGELN 1997", [1, 5])
    assert front.paragraphs[3] == "Part Three" and len(front.paragraphs) == 5


FOOTNOTES = [
    # law, index, mark, node, running text just before the marker, footnote text start
    ("45", 0, "*", "45A", "nimmt und offen", "Das erste Ausspiel erfolgt zunächst verdeckt"),
    ("50", 0, "", "50D2(a)", "oder ihm zu verbieten", "Wenn der Spieler nicht in der Lage ist"),
    ("51", 0, "", "51B2(a)", "des Gegenspielers verlangen", "Wenn der Spieler nicht in der Lage ist"),
    ("51", 1, "", "51B2(b)", "des Gegenspielers verbieten", "Wenn der Spieler nicht in der Lage ist"),
    ("62", 0, "", "62B2", "oder vom Tisch", "Vorbehaltlich § 43 B 2 b), wenn der Dummy"),
    ("67", 0, "", "67B2", "überzähligen Karten wieder aufzunehmen", "Der Turnierleiter sollte möglichst"),
    ("68", 0, "", "68", "den laufenden Stich beziehen.", "Bezieht sich eine Erklärung"),
    ("69", 0, "", "69B", "durch keine normale", "Für die Zielsetzung der §§ 69, 70 und 71"),
    ("70", 0, "*", "70C3", "infolge irgendeiner normalen", "Für die Zielsetzung der §§ 69, 70 und 71"),
    ("70", 1, "", "70E", "im Verlaufe jeder normalen", "Für die Zielsetzung der §§ 69, 70 und 71"),
    ("71", 0, "", "71C", "durch keine normale", "Für die Zielsetzung der §§ 69, 70 und 71"),
]


@pytest.mark.parametrize(("law", "index", "mark", "node_id", "before", "start"), FOOTNOTES,
                         ids=[f"{f[0]}-{f[1]}" for f in FOOTNOTES])
def test_footnote(laws, law, index, mark, node_id, before, start):
    note = laws[law].footnotes[index]
    assert (note.mark, note.node) == (mark, node_id)
    assert note.text.startswith(start) and note.text.endswith(".")
    text = laws[law].intro if node_id == law else node(laws, node_id).text
    assert text[: note.offset].endswith(before)
    assert start not in text  # the note left the running text


def test_footnote_counts(laws):
    counts = {law: len(a.footnotes) for law, a in laws.items() if a.footnotes}
    assert counts == {"45": 1, "50": 1, "51": 2, "62": 1, "67": 1, "68": 1, "69": 1, "70": 2, "71": 1}


def test_no_marker_or_bracket_footnote_left_in_text(laws):
    texts = [(n.id, n.text) for a in laws.values() for n in a.walk()] + [(a.law, a.intro) for a in laws.values()]
    assert [i for i, t in texts if "*" in t] == []
    assert sorted(i for i, t in texts if "[" in t) == ["53A", "53B"]


@pytest.mark.parametrize("node_id", ["53A", "53B"])
def test_bracket_remark_stays_in_text(laws, node_id):
    assert "[aber siehe untenstehend C]" in node(laws, node_id).text


def test_bracket_footnote_leaves_no_gap(laws):
    assert "verbieten, diese Farbe auszuspielen" in node(laws, "50D2(a)").text
    assert "vom Tisch gespielt wurde" in node(laws, "62B2").text


def test_framed_block_recorded_once_in_70(result, laws):
    block_notes = [(a.law, n) for a in laws.values() for n in a.footnotes if n.lines == [350, 350]]
    assert len(block_notes) == 1
    law, note = block_notes[0]
    assert (law, note.mark, note.nodes) == ("70", "*", ["70C3", "70D"])
    assert node(laws, "70D").text.startswith("Der Turnierleiter soll keine erfolgreiche")
    assert [(f.line, f.kind) for f in result.document.furniture] == [(349, "footnote-frame"), (351, "footnote-frame")]
    codes = {(a.law, x.code, x.node) for a in laws.values() for x in a.anomalies}
    assert ("70", "footnote-block", "70C3") in codes


@pytest.mark.parametrize("node_id", ["69B", "70E", "71C"])
def test_repeated_block_text_is_tied_to_the_block(laws, node_id):
    law = node_id[:2]
    shared = [x for x in laws[law].anomalies if x.code == "shared-footnote"]
    assert [x.node for x in shared] == [node_id]
    assert "line 350" in shared[0].message and "law 70" in shared[0].message


def test_anomalies_are_exactly_the_known_ones(laws):
    found = sorted((a.law, x.code) for a in laws.values() for x in a.anomalies)
    assert found == [("43", "partial-article"), ("69", "shared-footnote"), ("70", "footnote-block"),
                     ("70", "shared-footnote"), ("71", "shared-footnote")]


@pytest.mark.parametrize(("where", "printed"), [
    ("54B", "Reíhenfolge"), ("55C", "Regelwidrigeit"), ("50B", "Stafkarten"),
])
def test_misprints_are_kept(laws, where, printed):
    assert printed in node(laws, where).text


def test_misprinted_title_kept(laws):
    assert laws["69"].title == "Einwiligung in Anspruch oder Konzession"
    assert laws["69"].heading == "§ 69: Einwiligung in Anspruch oder Konzession"


def test_every_word_kept(result):
    assert result.conservation.ok, result.conservation.describe()


def test_committed_records_are_current(manifest, result):
    assert stale(manifest, [result]) == [], "run `lawtools ingest --edition de-1997` and commit corpus/records"


# -- small fixture sources ----------------------------------------------------------------------

OPTIONS = {"law_heading": "§", "part_heading": "Teil", "chapter_heading": "Abschnitt"}


def fixture(tmp_path: Path, text: str, partial: tuple[str, ...] = (), options: dict | None = None):
    path = tmp_path / "de-test.txt"
    path.write_text(text, encoding="utf-8")
    edition = Edition(id="de-test", language="de", year=1997, title="T", provenance="P", laws=("1", "2", "3"),
                      layout="paragraphs", source=path, partial=partial,
                      options=OPTIONS if options is None else options)
    source = load_source(path, "de-test.txt")
    return source, edition


def read(tmp_path: Path, text: str, partial: tuple[str, ...] = ()):
    source, edition = fixture(tmp_path, text, partial)
    document = paragraphs.read(source, edition)
    for article in document.articles:
        finish_article(article)
    assert check_conservation("de-test", "de", source, document).ok
    return {a.law: a for a in document.articles}, document


@pytest.mark.parametrize(("body", "footnote"), [
    ("Das erste Ausspiel erfolgt zunächst verdeckt.", True),
    ("Wenn der Spieler nicht in der Lage ist, siehe § 59.", True),
    ("Ist das so?", True),
    ("aber siehe untenstehend C", False),
    ("Siehe C", False),
    ("siehe § 59.", False),
    ("", False),
], ids=["sentence", "sentence-with-citation", "question", "remark", "capital-no-stop", "lower-with-stop", "empty"])
def test_bracket_rule(body, footnote):
    assert notes.is_footnote_text(body) is footnote


@pytest.mark.parametrize(("text", "paired", "unpaired"), [
    ("offen* hin. [Das ist die Note.]", {"offen*": "Das ist die Note."}, []),
    ("normale [Für die Zielsetzung.] Spielweise", {}, []),
    ("normalen* Spielweise", {}, ["normalen*"]),
    ("eins* und [aber siehe C] zwei* drei [Eine Note.]", {"eins*": "Eine Note."}, ["zwei*"]),
    ("erst* [Eins.] dann* [Zwei.]", {"erst*": "Eins.", "dann*": "Zwei."}, []),
    ("* [Notiz im Rahmen.]", {}, []),
], ids=["asterisk-then-bracket", "bracket-alone", "asterisk-alone", "remark-between", "two-pairs", "frame-line"])
def test_marker_pairing(text, paired, unpaired):
    inline = notes.parse_inline(text)

    def word(position: int) -> str:  # the marked word, asterisk included
        return text[text.rfind(" ", 0, position) + 1: position + 1]

    assert {word(m): inline.brackets[i].body for m, i in inline.pairs.items()} == paired
    assert [word(m) for m in inline.unpaired] == unpaired


def test_item_without_caption_and_label_alone(tmp_path):
    laws, _ = read(tmp_path, "§ 1: Eins\nA. Abschnitt\n1. Ein ganzer Satz als Text.\n2.\nText des zweiten.\n"
                             "3. Nur Titel\na) Unterpunkt\nDer Text.\n")
    one = laws["1"]
    assert [(n.id, n.title, n.text) for n in one.walk()] == [
        ("1A", "Abschnitt", ""), ("1A1", "", "Ein ganzer Satz als Text."), ("1A2", "", "Text des zweiten."),
        ("1A3", "Nur Titel", ""), ("1A3(a)", "Unterpunkt", "Der Text."),
    ]


def test_asterisk_and_bracket_pair(tmp_path):
    laws, _ = read(tmp_path, "§ 1: Eins\nA. Titel\nEr legt sie offen* hin. [Das ist die Fußnote.] Dann weiter.\n")
    note = laws["1"].footnotes[0]
    text = laws["1"].find("1A").text
    assert (note.mark, note.node, note.text) == ("*", "1A", "Das ist die Fußnote.")
    assert text == "Er legt sie offen hin. Dann weiter." and text[: note.offset] == "Er legt sie offen"


def test_two_bracket_footnotes_in_one_paragraph(tmp_path):
    laws, _ = read(tmp_path, "§ 1: Eins\nErst [Erste Notiz.], dann [aber nicht dies] und [Zweite Notiz.] Ende.\n")
    one = laws["1"]
    assert one.intro == "Erst, dann [aber nicht dies] und Ende."
    assert [(n.mark, n.text, one.intro[: n.offset]) for n in one.footnotes] == [
        ("", "Erste Notiz.", "Erst"), ("", "Zweite Notiz.", "Erst, dann [aber nicht dies] und")]


BLOCK = "****\n* [Gilt für §§ 1 bis 3.]\n****\n"


def test_block_goes_to_the_law_of_its_first_marker(tmp_path):
    laws, document = read(tmp_path, "§ 1: Eins\nText normal [Gilt für §§ 1 bis 3.] hier.\n" + BLOCK
                          + "§ 2: Zwei\nA. Titel\nEin normaler* Fall.\nB. Titel\nNoch ein normaler* Fall.\n"
                          + "§ 3: Drei\nAuch normal* hier.\n")
    (note,) = laws["2"].footnotes
    assert (note.mark, note.nodes, note.lines) == ("*", ["2A", "2B"], [4, 4])
    assert laws["2"].find("2A").text[: note.offset] == "Ein normaler"
    assert [x.code for x in laws["2"].anomalies] == ["footnote-block"]
    assert [x.code for x in laws["1"].anomalies] == ["shared-footnote"]
    assert [x.code for x in laws["3"].anomalies] == ["footnote-elsewhere"] and laws["3"].intro == "Auch normal* hier."
    assert [f.line for f in document.furniture] == [3, 5]


def test_unreferenced_block_stays_where_printed(tmp_path):
    laws, _ = read(tmp_path, "§ 1: Eins\nText.\n" + BLOCK + "§ 2: Zwei\nText.\n")
    assert [n.text for n in laws["1"].footnotes] == ["Gilt für §§ 1 bis 3."]
    assert [x.code for x in laws["1"].anomalies] == ["unreferenced-footnote"] and not laws["2"].footnotes


def test_marker_without_any_note(tmp_path):
    laws, _ = read(tmp_path, "§ 1: Eins\nEin normaler* Fall.\n")
    assert laws["1"].intro == "Ein normaler* Fall." and [x.code for x in laws["1"].anomalies] == ["unmatched-marker"]


def test_part_resets_chapter(tmp_path):
    laws, document = read(tmp_path, "Teil I - Erster\nAbschnitt I - Kapitel\n§ 1: Eins\nText.\n"
                                    "Teil II - Zweiter\n§ 2: Zwei\nText.\nAbschnitt I - Neu\n§ 3: Drei\nText.\n")
    assert [(a.part, a.chapter) for a in laws.values()] == [
        ("Teil I - Erster", "Abschnitt I - Kapitel"), ("Teil II - Zweiter", ""),
        ("Teil II - Zweiter", "Abschnitt I - Neu")]
    assert document.front == []


def test_declared_partial_start(tmp_path):
    laws, document = read(tmp_path, "Vorwort.\nC. Rest\nText.\n§ 2: Zwei\nText.\n", partial=("1",))
    assert laws["1"].partial and laws["1"].node_ids() == ["1C"]
    assert [x.code for x in laws["1"].anomalies] == ["partial-article"]
    assert document.front[0].paragraphs == ["Vorwort."]


def test_partial_start_after_a_part_heading(tmp_path):
    laws, _ = read(tmp_path, "Teil I - Erster\nB. Rest\nText.\n§ 2: Zwei\nText.\n", partial=("1",))
    assert (laws["1"].partial, laws["1"].part, laws["1"].node_ids()) == (True, "Teil I - Erster", ["1B"])
    assert laws["2"].part == "Teil I - Erster"


def test_undeclared_partial_start_is_an_error(tmp_path):
    source, edition = fixture(tmp_path, "Vorwort.\nC. Rest\nText.\n§ 2: Zwei\nText.\n")
    with pytest.raises(SourceError) as error:
        paragraphs.read(source, edition)
    assert (error.value.file, error.value.line) == ("de-test.txt", 2)
    assert "partial" in error.value.message


def test_numbering_gap(tmp_path):
    laws, _ = read(tmp_path, "§ 1: Eins\nA. Titel\n1. Eins\nText.\n3. Drei\nText.\nC. Titel\nText.\n")
    assert [(x.code, x.node) for x in laws["1"].anomalies] == [("numbering-gap", "1A"), ("numbering-gap", "1")]


@pytest.mark.parametrize(("text", "line", "words"), [
    ("LAG 64\nNÄR EN REVOKE ETABLERATS\nA. Korrigering\nText.\n", 1, "does not match layout 'paragraphs'"),
    ("Nur Prosa ohne Überschrift.\nNoch ein Satz.\n", 1, "does not match layout 'paragraphs'"),
    ("§ 1: Eins\nText [Offene Klammer.\n", 2, "never closed"),
    ("§ 1: Eins\nText ] zu.\n", 2, "closes no"),
    ("§ 1: Eins\nText.\n****\n* [Notiz.]\n", 3, "never closed"),
    ("§ 1: Eins\nText.\n****\nkeine Notiz\n****\n", 4, "footnote block"),
    ("§ 1: Eins\nText.\n****\n* [Eins.]\n* [Zwei.]\n****\n", 5, "second"),
    ("§ 1: Eins\na) Unterpunkt ohne Punkt\n", 2, "no enclosing item"),
    ("Teil I - X\nA. Titel\nText.\n§ 2: Zwei\nText.\n", 2, "partial"),
    ("Teil I - X\nText.\n§ 2: Zwei\nText.\n", 2, "before the first law heading"),
], ids=["sv-layout", "prose", "open-bracket", "close-bracket", "open-frame", "frame-content", "two-notes",
        "orphan-subitem", "undeclared-partial-after-part", "text-after-part"])
def test_layout_mismatch_names_file_and_line(tmp_path, text, line, words):
    source, edition = fixture(tmp_path, text)
    with pytest.raises(SourceError) as error:
        paragraphs.read(source, edition)
    assert (error.value.file, error.value.line) == ("de-test.txt", line)
    assert words in error.value.message
    assert str(error.value).startswith(f"de-test.txt:{line}: ")


def test_real_swedish_source_is_refused(tmp_path):
    sv = ROOT / "corpus" / "sources" / "sv-2007.txt"
    source = load_source(sv, "corpus/sources/sv-2007.txt")
    _, edition = fixture(tmp_path, "§ 1: x\n")
    with pytest.raises(SourceError) as error:
        paragraphs.read(source, edition)
    assert error.value.file == "corpus/sources/sv-2007.txt" and error.value.line == 1


def test_missing_options_name_them(tmp_path):
    source, edition = fixture(tmp_path, "§ 1: Eins\n", options={"law_heading": "§"})
    with pytest.raises(ManifestError, match="part_heading, chapter_heading"):
        paragraphs.read(source, edition)
