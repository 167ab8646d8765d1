"""The pdfpages reader on small fixture books: edge cases and layout mismatches, each a SourceError naming
the file and line."""

from __future__ import annotations

import pytest
import yaml

from lawtools.cli import main
from lawtools.errors import SourceError
from lawtools.ingest import build_edition
from lawtools.manifest import load_manifest

LABEL = "corpus/sources/nb-1001.txt"

# No front matter and no contents: headers are told from the text by repeating the heading.
BASIC = [
    "1. ALFA 1. ALFA A. Første del Tekst med 13 kort, se 2B. 1. Punkt en fra en sortert 1 kortstokk. "
    "2. Punkt to: a) første; eller b) andre med pluss 3 IMP. 1 En note om kortstokken. 1",
    "1. ALFA B. Andre del Teksten fortsetter med regu- 2",
    "2. BETA lerende myndighet. C. Tredje del (i) Ingen label her. 2. BETA Tekst i lov to: Mappe 1 5 9 13 "
    "Øst. 3",
]

CONTENTS = ["Innhold 1. Alfa... 3 2. Beta... 3 2"]
DEFINITIONS_PAGE = ("DEFINISJONER Definisjoner Alert Et signal. Annulering se Tilbaketrukket Bet Hvert stikk (se 77). "
                    "Giv 1. En fordeling av kortene til Nord og Syd. 2. Kortene. 3")
FRONT = {
    "unnumbered_pages": 1,
    "label_after": ["eller"],
    "front_matter": [
        {"id": "title", "title": "Tittel", "starts": "Testbok", "kind": "pages"},
        {"id": "contents", "title": "Innhold", "starts": "Innhold", "heading": "Innhold", "kind": "contents"},
        {"id": "definitions", "title": "Definisjoner", "starts": "Definisjoner", "heading": "Definisjoner",
         "running_header": "DEFINISJONER", "kind": "definitions", "terms": ["Alert", "Annulering", "Bet", "Giv"],
         "unpunctuated": ["Annulering"]},
    ],
}
FRONT_PAGES = ["Testbok for bridge", *CONTENTS, DEFINITIONS_PAGE,
               "1. ALFA 1. ALFA A. Del Tekst. 2. BETA Tekst to. 4"]


def make_edition(root, pages: list[str] | str, options: dict | None = None, laws: str = "1-2"):
    """A project under `root` with one pdfpages edition whose source holds `pages`."""
    corpus = root / "corpus"
    (corpus / "sources").mkdir(parents=True, exist_ok=True)
    text = pages if isinstance(pages, str) else "\n\n".join(pages) + "\n"
    (corpus / "sources" / "nb-1001.txt").write_text(text, encoding="utf-8")
    entry = {"id": "nb-1001", "language": "nb", "year": 2017, "title": "Test", "provenance": "tests", "laws": laws,
             "layout": "pdfpages", "source": "sources/nb-1001.txt", "options": options or {"label_after": ["eller"]}}
    (corpus / "editions.yaml").write_text(yaml.safe_dump({"editions": [entry]}, allow_unicode=True), encoding="utf-8")
    return load_manifest(corpus / "editions.yaml").get("nb-1001")


def build(tmp_path, pages, options=None, laws="1-2"):
    return build_edition(make_edition(tmp_path, pages, options, laws))


def source_error(tmp_path, pages, options=None, laws="1-2") -> SourceError:
    with pytest.raises(SourceError) as caught:
        build(tmp_path, pages, options, laws)
    return caught.value


def test_basic_book_structure_continuation_and_footnote(tmp_path):
    result = build(tmp_path, BASIC)
    assert result.conservation.ok, result.conservation.describe()
    one, two = result.document.articles
    assert one.node_ids() == ["1A", "1A1", "1A2", "1A2(a)", "1A2(b)", "1B", "1C"]
    assert one.find("1A").title == "Første del" and one.find("1A").text == "Tekst med 13 kort, se 2B."
    assert one.find("1A1").text == "Punkt en fra en sortert kortstokk."
    assert one.find("1A2(a)").text == "første; eller"
    assert one.find("1A2(b)").text == "andre med pluss 3 IMP."  # "3 IMP" is no footnote
    # a page headed by law 2 begins with the end of law 1, and a word broken across the pages is joined
    assert one.find("1B").text == "Teksten fortsetter med regulerende myndighet."
    assert one.find("1C").title == "Tredje del" and one.find("1C").text == "(i) Ingen label her."
    assert two.heading == "2. BETA" and two.intro == "Tekst i lov to: Mappe 1 5 9 13 Øst."
    [note] = one.footnotes
    assert (note.mark, note.node, note.text, note.lines) == ("1", "1A1", "En note om kortstokken.", [1, 1])
    assert one.find("1A1").text[: note.offset] == "Punkt en fra en sortert"
    furniture = [(f.line, f.kind, f.text, f.column) for f in result.document.furniture]
    assert furniture == [(1, "page-number", "1", len(BASIC[0]) - 1), (3, "page-number", "2", len(BASIC[1]) - 1),
                         (5, "page-number", "3", len(BASIC[2]) - 1), (1, "running-header", "1. ALFA", 0),
                         (3, "running-header", "1. ALFA", 0), (5, "running-header", "2. BETA", 0)]


def test_front_matter_contents_and_definitions(tmp_path):
    result = build(tmp_path, FRONT_PAGES, FRONT)
    assert result.conservation.ok, result.conservation.describe()
    title, contents, definitions = result.document.front
    assert title.paragraphs == ["Testbok for bridge"]
    assert contents.heading == "Innhold" and contents.paragraphs == ["1. Alfa... 3", "2. Beta... 3"]
    assert [(e.term, e.definition) for e in definitions.entries] == [
        ("Alert", "Et signal."), ("Annulering", "se Tilbaketrukket"), ("Bet", "Hvert stikk (se 77)."),
        ("Giv", "1. En fordeling av kortene til Nord og Syd. 2. Kortene.")]
    assert [a.law for a in result.document.articles] == ["1", "2"]
    assert result.document.articles[1].intro == "Tekst to."
    kinds = {(f.line, f.kind, f.text) for f in result.document.furniture}
    assert (5, "running-header", "DEFINISJONER") in kinds and (7, "running-header", "1. ALFA") in kinds
    assert (7, "page-number", "4") in kinds and not any(f.line == 1 for f in result.document.furniture)


def test_a_lawlike_label_whose_title_differs_from_the_contents_is_text(tmp_path):
    # "2. BETTA" is not the heading of law 2 ("Beta" in the contents): law 2 is then missing
    pages = [*FRONT_PAGES[:3], "1. ALFA 1. ALFA A. Del Tekst. 2. BETTA Tekst to. 4"]
    error = source_error(tmp_path, pages, FRONT)
    assert error.file == LABEL and error.line == 7
    assert "expected the heading of law 2 ('Beta' in the contents)" in str(error)


BAD_BOOKS = {
    "first-page-not-a-law": (["3. GAMMA 1. ALFA A. Del Tekst. 1"], 1,
                             "no page starts with the running header of law 1"),
    "header-names-another-law": ([BASIC[0], "3. GAMMA B. Del Tekst. 2"], 3,
                                 "expected a running header naming law 2 or the current law (law 1)"),
    "header-not-the-first-heading": ([BASIC[0], "1. ALFA B. Del Tekst. 2. BETA Tekst. 2"], 3,
                                     "the running header names law 1, but the first law heading on this page is law 2"),
    "header-law-not-on-page": ([BASIC[0], "2. BETA B. Del Tekst. 2"], 3,
                               "expected a running header naming law 2 or the current law"),
    "page-number-skips": ([BASIC[0], "1. ALFA B. Del Tekst. 5"], 3, "expected page number 2"),
    "page-number-missing": ([BASIC[0], "1. ALFA B. Del Tekst."], 3, "expected the page number at the end"),
    "pages-not-separated": ("1. ALFA 1. ALFA A. Del Tekst. 1\n1. ALFA B. Del. 2\n", 2, "blank line between pages"),
    "no-law-page": (["Innledning uten lover 1"], 1, "no page starts with the running header of law 1"),
    "second-note-without-marker": (["1. ALFA 1. ALFA A. Del Tekst 1 her. 1 En note. 2 To noter. 1"], 1,
                                   "footnote 2 at the foot of the page has no marker"),
    "note-skipped": (["1. ALFA 1. ALFA A. Del Tekst her. 1 En note uten merke. 1",
                      "1. ALFA B. Del Tekst 2 der. 2 En annen note. 2"], 3,
                     "footnote 2 is on this page, but footnote 1 (its text or its marker) was never found"),
    "ambiguous-marker": (["1. ALFA 1. ALFA A. Del Tekst 1 her og 1 der. 1 En note. 1"], 1,
                         "footnote 1: more than one possible marker"),
}


@pytest.mark.parametrize("case", list(BAD_BOOKS))
def test_layout_mismatch_names_file_and_line(tmp_path, case):
    pages, line, words = BAD_BOOKS[case]
    error = source_error(tmp_path, pages)
    assert error.file == LABEL and error.line == line and words in error.message, str(error)


BAD_DEFINITIONS = {
    "headword-missing": (["Alert", "Annulering", "Bet", "Hånd"], ["Annulering"], 5,
                         "headword 'Hånd' not found after 'Bet'"),
    "headword-mid-sentence": (["Alert", "Annulering", "Bet", "Giv", "Nord"], ["Annulering"], 5,
                              "headword 'Nord' does not stand at an entry boundary: it follows 'til'"),
    "headword-out-of-order": (["Bet", "Alert"], [], 5, "the first headword 'Bet' should open the section"),
    "stale-unpunctuated": (["Alert", "Annulering", "Bet", "Giv"], ["Annulering", "Alert"], 5,
                           "the definition of 'Alert' ends with 'signal.'"),
    "missing-unpunctuated": (["Alert", "Annulering", "Bet", "Giv"], [], 5,
                             "headword 'Bet' does not stand at an entry boundary: it follows 'Tilbaketrukket'"),
}


@pytest.mark.parametrize("case", list(BAD_DEFINITIONS))
def test_definition_headwords_are_verified(tmp_path, case):
    terms, unpunctuated, line, words = BAD_DEFINITIONS[case]
    options = yaml.safe_load(yaml.safe_dump(FRONT))
    options["front_matter"][2].update(terms=terms, unpunctuated=unpunctuated)
    error = source_error(tmp_path, FRONT_PAGES, options)
    assert error.file == LABEL and error.line == line and words in error.message, str(error)


def test_other_layouts_source_is_refused_with_file_and_line(tmp_path, repo_root):
    text = (repo_root / "corpus" / "sources" / "sv-2007.txt").read_text(encoding="utf-8")
    error = source_error(tmp_path, text, laws="41-71")
    assert error.file == LABEL and error.line is not None and error.line <= 5


def test_cli_ingest_refuses_a_mismatched_book_and_writes_nothing(tmp_path, monkeypatch, capsys):
    make_edition(tmp_path, ["3. GAMMA 1. ALFA A. Del Tekst. 1"], laws="1")
    monkeypatch.chdir(tmp_path)
    assert main(["ingest"]) == 2
    err = capsys.readouterr().err
    assert f"{LABEL}:1: no page starts with the running header of law 1" in err and "Traceback" not in err
    assert not (tmp_path / "corpus" / "records" / "nb-1001").exists()


def test_unknown_front_kind_is_a_manifest_error(tmp_path):
    from lawtools.errors import ManifestError

    options = {"front_matter": [{"id": "x", "title": "X", "starts": "X", "kind": "poster"}]}
    with pytest.raises(ManifestError, match="unknown kind 'poster'; known kinds: text, pages, contents"):
        build(tmp_path, BASIC, options)


def test_header_naming_a_law_whose_heading_is_not_on_the_page(tmp_path):
    pages = [*FRONT_PAGES[:3], "1. ALFA 1. ALFA A. Del Tekst. 4", "2. BETA B. Mer tekst. 5",
             "2. BETA 2. BETA Tekst to. 6"]
    error = source_error(tmp_path, pages, FRONT)
    assert error.file == LABEL and error.line == 9
    assert "the running header names law 2, but its heading is not on this page" in error.message
