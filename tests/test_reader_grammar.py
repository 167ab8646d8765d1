"""The `grammar` layout on small texts: one behaviour per case (headings, contents, furniture, bullets, notes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawtools.errors import ManifestError, SourceError
from lawtools.manifest import Edition
from lawtools.readers.base import source_from_text
from lawtools.readers.grammar import read


def edition(options: dict, language: str = "en") -> Edition:
    return Edition(id=f"{language}-2017", language=language, year=2017, title="T", provenance="P", laws=(),
                   layout="grammar", source=Path("x.txt"), options=options)


def parse(text: str, language: str = "en", **options):
    return read(source_from_text(text, "x.txt"), edition(options, language))


def ids(document) -> dict[str, list[str]]:
    return {a.law: a.node_ids() for a in document.articles}


def test_title_on_the_next_line_and_inline_labels():
    text = ("LAW 7\nCONTROL OF BOARD AND CARDS\n\nA. Placement of Board When a board is played it stays on the table. "
            "B. Removal of Cards 1. Each player takes a hand. 2. Each player counts his cards.\n")
    document = parse(text, law_prefix="LAW", law_title="next", inline=True)
    assert ids(document) == {"7": ["7A", "7B", "7B1", "7B2"]}
    assert document.articles[0].title == "CONTROL OF BOARD AND CARDS"
    assert document.articles[0].find("7B").title == "Removal of Cards"


def test_contents_lines_are_front_matter_not_headings():
    text = ("Contents\nLaw 1 The Pack ..... 5\nLaw 2 The Boards 6\n\nLaw 1 The Pack\nA. Rank\nText one.\n\n"
            "Law 2 The Boards\nText two.\n")
    document = parse(text, law_prefix="Law")
    assert ids(document) == {"1": ["1A"], "2": []}
    assert "Law 2 The Boards 6" in document.front[0].paragraphs


def test_inside_the_laws_a_title_ending_in_a_number_is_a_later_laws_heading():
    # only before the first law can a heading-like line ending in a number be a table of contents entry
    text = "LAW 1 - THE PACK\nA. Text one.\nLAW 2 - TABLE 2\nA. Text two.\nLAW 3 - THE BOARDS\nA. Text three.\n"
    document = parse(text, law_prefix="LAW", law_case="upper", inline=True)
    assert ids(document) == {"1": ["1A"], "2": ["2A"], "3": ["3A"]}
    assert document.articles[1].title == "TABLE 2"
    skipped = parse(text.replace("LAW 2 - TABLE 2", "LAW 5 - TABLE 5").replace("LAW 3", "LAW 6"),
                    law_prefix="LAW", law_case="upper", inline=True)  # a later law, not only the next one
    assert ids(skipped) == {"1": ["1A"], "5": ["5A"], "6": ["6A"]}


def test_titles_ending_in_a_number_read_only_without_a_table_of_contents():
    text = "LAW 1 - TITLE 1\nA. Text one.\nLAW 2 - TITLE 2\nA. Text two.\n"
    with pytest.raises(SourceError) as caught:
        parse(text, law_prefix="LAW", law_case="upper", inline=True)
    message = str(caught.value)
    assert "2 heading-like lines" in message and "line 1, 'LAW 1 - TITLE 1'" in message
    assert "'contents: false'" in message
    document = parse(text, law_prefix="LAW", law_case="upper", inline=True, contents=False)
    assert ids(document) == {"1": ["1A"], "2": ["2A"]}


def test_sections_lettered_with_a_bracket():
    text = "Law 1 - The Pack\nA) Composition\nA pack has 52 cards.\nB) Rank\nAces are high.\n"
    assert ids(parse(text, law_prefix="Law", section_form="A)")) == {"1": ["1A", "1B"]}
    assert ids(parse(text, law_prefix="Law")) == {"1": []}  # the default form reads 'A.' only


def test_a_run_of_bare_headings_is_a_table_of_contents():
    text = ("§ 1. KORTENE\n§ 2. MAPPER\n§ 3. BORDENE\n\n"
            "§ 1. KORTENE\nA. Ett\nTekst.\n\n§ 2. MAPPER\nTo.\n\n§ 3. BORDENE\nTre.\n")
    document = parse(text, "nb", law_prefix="§", law_case="upper")
    assert ids(document) == {"1": ["1A"], "2": [], "3": []}


def test_page_numbers_and_the_current_laws_running_header_are_furniture():
    pages = []
    for n, body in enumerate(["A. One\nText that goes on", "and on.\nB. Two\nMore text.", "C. Three\nEnd."], 1):
        pages.append(("LAW 5\nTHE LAW\n\n" if n > 1 else "") + body + f"\n\n{n}\n")
    text = "LAW 5\nTHE LAW\n\n" + "\n".join(pages)
    document = parse(text, law_prefix="LAW", law_title="next")
    assert ids(document) == {"5": ["5A", "5B", "5C"]}
    kinds = [f.kind for f in document.furniture]
    assert kinds.count("page-number") == 3 and kinds.count("running-header") == 4


@pytest.mark.parametrize("header", ["Lovboka 2007 – side {n}", "Laws of Duplicate Bridge · Page {n} of 80",
                                    "Side {n} av 80 – Lovboka", "Lovboka 2007    {n}", "{n}  Lovboka 2007",
                                    "Die Regeln {n} / 90", "Spelregels {n}"])
def test_a_running_header_holding_the_page_number_is_furniture(header):
    # no line repeats word for word, so it is told by the same words around a page number that counts up; it was
    # read as text, the provision it fell into running on into 'side 7'
    bodies = ["A. One\nText that goes on", "and on.\nB. Two\nMore text.", "C. Three\nText.", "D. Four\nEnd."]
    text = "Lov 5 Loven\n" + "".join(f"{body}\n\n{header.format(n=n)}\n\n" for n, body in enumerate(bodies, 1))
    document = parse(text, "nb", law_prefix="Lov")
    assert ids(document) == {"5": ["5A", "5B", "5C", "5D"]}
    assert [f.kind for f in document.furniture] == ["running-header"] * 4
    assert document.articles[0].find("5A").text == "Text that goes on\nand on."
    assert not document.articles[0].anomalies


def test_law_headings_alone_on_their_lines_are_not_taken_for_numbered_headers():
    # 'Lov 1', 'Lov 2', ... alone between blank lines count up too: one word and a number is a heading's shape
    text = "".join(f"\nLov {n}\n\nTITTEL {n}\nA. Tekst {n}.\n" for n in range(1, 5))
    document = parse(text, "nb", law_prefix="Lov", law_title="next")
    assert ids(document) == {str(n): [f"{n}A"] for n in range(1, 5)} and document.furniture == []


def test_a_part_heading_word_and_a_number_alone_on_a_line_is_not_a_header():
    # 'Kapittel 1', 'Kapittel 2', ... count up between blank lines too, but 'Kapittel' opens headings (part_words)
    text = "Lov 5 Loven\n" + "".join(f"\nKapittel {n}\n\n{chr(64 + n)}. Tekst {n}.\n" for n in range(1, 5))
    document = parse(text, "nb", law_prefix="Lov")
    assert [f for f in document.furniture if f.text.startswith("Kapittel")] == []


def test_numbers_after_a_page_word_that_do_not_count_up_stay_text():
    text = "Lov 5 Loven\nA. Se side 3.\n\nB. Se side 9.\n\nC. Se side 4.\n\nD. Se side 8.\n"
    document = parse(text, "nb", law_prefix="Lov")
    assert document.furniture == [] and document.articles[0].find("5B").text == "Se side 9."


def test_a_repeated_heading_away_from_page_furniture_is_an_error():
    with pytest.raises(SourceError) as caught:
        parse("LAW 5 The Law\nA. One\nText.\n\nLAW 5 The Law\nB. Two\nText.\n", law_prefix="LAW")
    assert caught.value.line == 5 and "appears twice" in str(caught.value)


def test_skipped_and_repeated_labels_are_anomalies():
    document = parse("Lov 3 Tittel\nA. En\n1. en.\n3. tre.\n3. tre igjen.\n", "nb", law_prefix="Lov")
    assert ids(document) == {"3": ["3A", "3A1", "3A3"]}
    assert [a.code for a in document.articles[0].anomalies] == ["numbering-gap", "unexpected-label"]


def test_bullets_become_inferred_items_and_numbered_notes_are_footnotes():
    text = ("ARTIKEL 9 Titel\nA. Eerste\n- Een lead-in:\n- een 1) punt\n- twee\n- (a) sub\n- (b) sub\n"
            "- 1) De noot.\n")
    document = parse(text, "nl", law_prefix="ARTIKEL", bullets=True)
    article = document.articles[0]
    assert article.node_ids() == ["9A", "9A1", "9A2", "9A2(a)", "9A2(b)"]  # '- (a)' goes under the open item
    assert all(article.find(i).inferred for i in ("9A1", "9A2")) and article.find("9A").text == "Een lead-in:"
    assert [(n.mark, n.node) for n in article.footnotes] == [("1)", "9A1")]
    assert "inferred-label" in [a.code for a in article.anomalies]


def test_unknown_option_is_a_manifest_error():
    with pytest.raises(ManifestError, match="unknown key 'heading'; known keys: law_prefix"):
        parse("LAW 1 X\nText.\n", heading="LAW")


def test_items_numbered_with_a_parenthesis_and_letters_with_a_dot():
    text = ("§ 12. SKØN\n\nA. Beføjelse\nTurneringslederen kan:\n1) hvis lovene ikke giver en korrektion.\n"
            "2) hvis et normalt spil ikke er muligt:\na. fordi kort er byttet om.\n"
            "b. fordi en spiller har set et kort.\n3) hvis der er begået en fejl.\n")
    document = parse(text, "da", law_prefix="§", law_case="upper", item_form="1)", subitem_form="a.")
    assert ids(document) == {"12": ["12A", "12A1", "12A2", "12A2(a)", "12A2(b)", "12A3"]}


def test_an_index_after_the_last_law_is_back_matter():
    text = "LAW 1 The Pack\nA. Rank\nText.\n\nINDEX\n\nRevoke 61, 62\nPenalty card 50\n"
    document = parse(text, law_prefix="LAW")
    assert ids(document) == {"1": ["1A"]} and document.articles[0].find("1A").text == "Text."
    assert [(f.id, f.heading, f.paragraphs) for f in document.front] == [
        ("back-matter", "INDEX", ["Revoke 61, 62", "Penalty card 50"])]


def test_a_short_running_header_naming_the_current_law_is_furniture():
    pages = ["LAW 61\nFAILURE TO FOLLOW SUIT\n\nA. Definition\nText one. B. Right 1. Declarer may ask.\n\n12\n",
             "LAW 61\n\n2. Dummy may ask. 3. Defenders may ask.\n\n13\n",
             "LAW 62\n\nCORRECTION\nA. Must Be Corrected\nText two.\n\n14\n",
             "LAW 62\n\nB. Correcting\nText three.\n\n15\n"]
    document = parse("\n".join(pages), law_prefix="LAW", law_title="next", law_case="upper", inline=True)
    assert ids(document) == {"61": ["61A", "61B", "61B1", "61B2", "61B3"], "62": ["62A", "62B"]}
    assert [f.text for f in document.furniture if f.kind == "running-header"] == ["LAW 61", "LAW 62"]


def test_bracketed_sentences_are_footnotes_and_other_brackets_stay():
    from lawtools.ingest import finish_article

    document = parse("§ 5: Titel\nA. Eins\nEr legt sie hin [Das ist die Fußnote.] und [aber siehe C] weiter.\n",
                     "de", law_prefix="§")
    article = document.articles[0]
    finish_article(article)
    assert article.find("5A").text == "Er legt sie hin und [aber siehe C] weiter."
    assert [(n.text, n.node, n.offset) for n in article.footnotes] == [("Das ist die Fußnote.", "5A", 15)]
