"""The pdfpages reader on the real nb-2017 source: structure, page continuations, footnotes, front matter,
definitions and furniture, every expectation taken from reading the source itself.

Fixture books for the edge cases (and the layout-mismatch errors) are in test_reader_pdfpages_fixtures.py.
"""

from __future__ import annotations

import pytest

from lawtools.citation import Citation
from lawtools.ingest import build_edition


@pytest.fixture(scope="module")
def result(manifest):
    return build_edition(manifest.get("nb-2017"))


@pytest.fixture(scope="module")
def laws(result):
    return {article.law: article for article in result.document.articles}


@pytest.fixture(scope="module")
def front(result):
    return {part.id: part for part in result.document.front}


def test_laws_front_matter_and_conservation(result, laws, front):
    assert list(laws) == [str(n) for n in range(1, 21)]
    assert list(front) == ["title", "colophon", "contents", "foreword", "introduction", "definitions"]
    assert result.conservation.ok, result.conservation.describe()


# -- structure, read from the source ---------------------------------------------------------------

STRUCTURE = {
    "1": ["1A", "1B", "1C"],
    "2": [], "3": [], "4": [],
    "5": ["5A", "5B"],
    "6": ["6A", "6B", "6C", "6D", "6D1", "6D2", "6D3", "6E", "6E1", "6E2", "6E3", "6E4", "6F"],
    "7": ["7A", "7B", "7B1", "7B2", "7B3", "7C", "7D"],
    "8": ["8A", "8A1", "8A2", "8B", "8B1", "8B2", "8C"],
    "9": ["9A", "9A1", "9A2", "9A3", "9A4", "9A5", "9B", "9B1", "9B1(a)", "9B1(b)", "9B1(c)", "9B1(d)", "9B2",
          "9C"],
    "10": ["10A", "10B", "10C", "10C1", "10C2", "10C3", "10C4"],
    "11": ["11A", "11B"],
    "12": ["12A", "12A1", "12A2", "12A3", "12B", "12B1", "12B2", "12C", "12C1", "12C1(a)", "12C1(b)", "12C1(c)",
           "12C1(d)", "12C1(e)", "12C1(e)(i)", "12C1(e)(ii)", "12C2", "12C2(a)", "12C2(b)", "12C2(c)", "12C2(d)",
           "12C3", "12C4"],
    "13": ["13A", "13A1", "13A2", "13B", "13B1", "13B2", "13C", "13D"],
    "14": ["14A", "14A1", "14A2", "14A3", "14B", "14B1", "14B2", "14B3", "14B4", "14C"],
    "15": ["15A", "15A1", "15A2", "15A2(a)", "15A2(b)", "15A2(c)", "15A3", "15A4", "15B", "15B1", "15B2", "15B3"],
    "16": ["16A", "16A1", "16A1(a)", "16A1(b)", "16A1(c)", "16A1(d)", "16A2", "16B", "16B1", "16B1(a)", "16B1(b)",
           "16B2", "16B3", "16C", "16C1", "16C2", "16C3", "16D", "16D1", "16D2", "16D2(a)", "16D2(b)", "16D2(c)",
           "16D2(d)", "16D3"],
    "17": ["17A", "17B", "17C", "17D", "17D1", "17D2", "17D3"],
    "18": ["18A", "18B", "18C", "18D", "18E", "18F"],
    "19": ["19A", "19A1", "19A2", "19A3", "19B", "19B1", "19B2", "19B3", "19C", "19D"],
    "20": ["20A", "20B", "20C", "20C1", "20C2", "20D", "20E", "20F", "20F1", "20F2", "20F3", "20F4", "20F4(a)",
           "20F4(b)", "20F5", "20F5(a)", "20F5(b)", "20F5(b)(i)", "20F5(b)(ii)", "20F6", "20G", "20G1", "20G2",
           "20G3"],
}


@pytest.mark.parametrize("law", list(STRUCTURE), ids=[f"law{law}" for law in STRUCTURE])
def test_provisions_of_each_law(laws, law):
    assert laws[law].node_ids() == STRUCTURE[law]


HEADINGS = {
    "1": "KORTSTOKKEN", "2": "MAPPER", "5": "TILDELING AV PLASS", "7": "KONTROLL AV MAPPER OG KORT",
    "12": "TURNERINGSLEDERENS MYNDIGHET TIL Å BRUKE SKJØNN", "13": "UKORREKT ANTALL KORT",
    "16": "LOVLIG OG URETTMESSIG INFORMASJON", "20": "GJENTAKELSE OG FORKLARING AV MELDINGER",
}


@pytest.mark.parametrize("law", list(HEADINGS), ids=[f"law{law}" for law in HEADINGS])
def test_law_titles_and_printed_headings(laws, law):
    assert laws[law].title == HEADINGS[law]
    assert laws[law].heading == f"{law}. {HEADINGS[law]}"


# Section titles run into the text; each split below was checked by reading the source: the title ends
# where the first capitalised word of the text (or the first item label) begins.
SECTION_SPLITS = [
    ("1A", "Rangering av kort og farger", "Bridge spilles med"),
    ("1B", "Framsiden av kortene", "Regulerende myndighet"),
    ("1C", "Baksiden av kortene", "Baksiden av kortene bør"),
    ("5A", "Startposisjon", "TL tildeler"),
    ("5B", "Forandring av retning eller bord", "Spillerne forandrer"),
    ("6A", "Stokkingen", "Før spillet"),
    ("6B", "Giv", "Kortene må gis"),
    ("6C", "Begge par representert", "Under stokkingen"),
    ("6D", "Ny stokking og omgiv", ""),
    ("6E", "Turneringsleder kan velge hvordan det skal stokkes og gis", ""),
    ("6F", "Dublering av mapper", "Hvis forutsetningen"),
    ("7A", "Plassering av mappen", "Når en mappe"),
    ("7B", "Kortene tas ut av mappen", ""),
    ("7C", "Kortene legges tilbake i mappen", "Etter at spillet"),
    ("7D", "Ansvar for framgangsmåten", "Spillere som sitter"),
    ("8A", "Flytting av mapper og spillere", ""),
    ("8C", "Avslutning av siste runde og selve sesjonen", "Siste runde"),
    ("9B", "Når en uregelmessighet er påpekt", ""),
    ("9C", "For tidlig korrigert uregelmessighet", "Dersom den feilende"),
    ("10A", "Retten til å fastsette korrigering", "Det er bare TL"),
    ("10B", "Opphevelse av utført/frafalt korrigering", "TL kan godkjenne"),
    ("11A", "Ved tiltak av den ikke-feilende side", "Retten til korrigering"),
    ("11B", "Straff etter at retten til korrigering er forspilt", "Selv om retten"),
    ("12A", "Retten til å fastsette et justert resultat", "På anmodning"),
    ("12C", "Fastsettelse av justert resultat", ""),
    ("13A", "Ingen melding avgitt", "Dersom ingen spiller"),
    ("13B", "Oppdaget under meldingene eller spillet", "Når TL finner"),
    ("13D", "Når spillet er fullført", "Når man etter"),
    ("14A", "Ufullstendig hånd oppdaget før spillet begynner", "Når det før"),
    ("14C", "Informasjon fra tilbakesetting av et kort", "Kunnskap om"),
    ("15B", "Feil mappe oppdaget under melde- eller spillperioden", "Dersom TL etter"),
    ("16C", "Informasjon fra meldinger og spill som blir trukket tilbake", "Når en melding"),
    ("17C", "Påfølgende meldinger", "Spilleren på giverens"),
    ("18A", "Korrekt form", "Et bud angir"),
    ("18E", "Rangering av benevnelser", "Rangeringen av"),
    ("19D", "Scoring av doblet eller redoblet kontrakt", "Hvis et doblet"),
    ("20A", "Når meldingen ikke er tydelig oppfattet", "En spiller kan straks"),
    ("20B", "Gjentakelse av meldingene under meldingsforløpet", "Under meldingsforløpet"),
    ("20D", "Hvem kan gjenta meldingsforløpet", "En forespørsel"),
    ("20G", "Feilaktig prosedyre", ""),
    ("8B", "Avslutning av runden", ""),
    ("9A", "Påpeking av uregelmessigheter", ""),
    ("10C", "Valgmuligheter etter uregelmessigheter", ""),
    ("12B", "Formålet med justering av resultat", ""),
    ("13C", "Ekstra kort", "Ethvert ekstra kort"),
    ("14B", "Ufullstendig hånd oppdaget etter at spillet er begynt", "Når det etter"),
    ("15A", "Kort fra feil mappe", ""),
    ("16A", "Spillernes bruk av informasjon", ""),
    ("16B", "Uvedkommende informasjon fra makker", ""),
    ("16D", "Uvedkommende informasjon fra andre kilder", ""),
    ("17A", "Meldeperioden begynner", "Meldeperioden på et spill"),
    ("17B", "Den første meldingen", "Den første meldingen avgis"),
    ("17D", "Avslutning av meldeperioden", ""),
    ("18B", "Opphevelse av et bud", "Et bud opphever"),
    ("18C", "Tilstrekkelig bud", "Et bud som opphever"),
    ("18D", "Utilstrekkelig bud", "Et bud som ikke opphever"),
    ("18F", "Andre metoder", "Regulerende myndighet kan tillate"),
    ("19A", "Doblinger", ""),
    ("19B", "Redoblinger", ""),
    ("19C", "Opphevelse av dobling eller redobling", "Enhver dobling"),
    ("20C", "Gjentakelse etter avsluttende pass", ""),
    ("20E", "Korrigering av feil i gjentakelsen", "Alle spillerne"),
    ("20F", "Forklaring av meldinger", ""),
]


@pytest.mark.parametrize(("node_id", "title", "text_start"), SECTION_SPLITS, ids=[s[0] for s in SECTION_SPLITS])
def test_section_title_split_from_text(laws, node_id, title, text_start):
    node = laws[node_id[:-1]].find(node_id)
    assert node.kind == "section" and node.title == title
    assert node.text.startswith(text_start) if text_start else node.text == ""


def test_every_section_split_was_checked(laws):
    sections = {node.id for law in laws.values() for node in law.walk() if node.kind == "section"}
    assert sections == {split[0] for split in SECTION_SPLITS} and len(sections) == 63


ITEM_TEXTS = [
    ("6D2", "Med mindre hensikten", "mellom bord.)"),
    ("6E2", "TL kan selv stokke", "på forhånd."),
    ("9B1(a)", "TL bør tilkalles", "er påpekt."),
    ("12C1(e)", "Dersom den ikke-feilende side", "ikke var vellykket;"),
    ("12C1(e)(ii)", "Den ikke-feilende side får ikke", "selvforskyldt."),
    ("12C2(b)", "Når TL velger", "86B3 og d) under."),           # "d)" is a reference here, not a label
    ("12C2(d)", "Regulerende myndighet kan vedta", "i a) og b) over."),
    ("13D", "Når man etter", "prosedyrestraff."),                  # "mer enn13 kort" stays in the text
    ("16A1(b)", "det er lovlig informasjon", "(se C); eller"),
    ("16A1(c)", "det er informasjon som er spesifisert", "; eller"),  # begins on the next page
    ("16D3", "Hvis spilleren får", "2c) eller 2d) over."),
    ("20F5(b)(ii)", "for spillefører eller blindemann", "avsluttende pass."),  # printed "(ii)for"
    ("7B2", "Hver spiller teller", "sine kort."),                  # "nøyaktig 13. Deretter" is no item 13
]


@pytest.mark.parametrize(("node_id", "start", "end"), ITEM_TEXTS, ids=[t[0] for t in ITEM_TEXTS])
def test_item_texts(laws, node_id, start, end):
    node = laws[Citation.parse(node_id).law].find(node_id)
    assert node is not None, node_id
    assert node.text.startswith(start) and node.text.endswith(end)


def test_numbers_in_sentences_stay_text(laws):
    assert "mer enn13 kort" in laws["13"].find("13D").text
    assert "( 86 B kan gjelde)" in laws["13"].find("13D").text
    assert "(se 12C1b)) og kan straffe" in laws["13"].find("13A2").text
    assert "(se 26B om utspillsbegrensninger)" in laws["9"].find("9C").text
    assert "Prosedyrestraff ( 90) kan ilegges" in laws["15"].find("15A4").text
    assert "nøyaktig 13. Deretter" in laws["7"].find("7B2").text
    assert "52 kort, 13 i hver av de fire farger" in laws["1"].find("1A").text


def test_board_table_kept_intact_in_law_2(laws):
    intro = laws["2"].intro
    assert laws["2"].nodes == []
    assert ("på følgende måte: Nord Giver Mappe 1 5 9 13 Øst Giver Mappe 2 6 10 14 Syd Giver Mappe 3 7 11 15 "
            "Vest Giver Mappe 4 8 12 16 Ingen i faresonen Mappe 1 8 11 14 Nord-Syd i faresonen Mappe 2 5 12 15 "
            "Øst-Vest i faresonen Mappe 3 6 9 16 Alle i faresonen Mappe 4 7 10 13 Den samme rekkefølgen gjentas "
            "for mappene 17 32 og for hver påfølgende serie på 16 mapper.") in intro
    assert intro.startswith("Til hver giv") and intro.endswith("i den sesjon de brukes.")


def test_words_broken_at_line_and_page_ends_are_joined(laws, front):
    assert "Nord-Syd mot Øst-Vest" in laws["4"].intro
    assert "rollen til de regulerende myndighetene." in front["foreword"].paragraphs[0]


def test_lost_suit_symbols_are_kept_and_flagged(laws, front):
    assert "Spar ( ), hjerter ( ), ruter ( ), kløver ( )" in laws["1"].find("1A").text
    assert [(a.code, a.node, a.line) for a in laws["1"].anomalies] == [("lost-symbols", "1A", 37)]
    farge = next(e for e in front["definitions"].entries if e.term == "Farge")
    assert "spar ( ), hjerter ( ), ruter ( ) og kløver ( )" in farge.definition


# -- page continuations: the top of a page continues the previous law -----------------------------------

CONTINUATIONS = [
    # (node, law it belongs to, source line of the page it is printed on, header of that page)
    ("6E", "6", 43, "7. KONTROLL AV MAPPER OG KORT"),
    ("6F", "6", 43, "7. KONTROLL AV MAPPER OG KORT"),
    ("7C", "7", 45, "8. AVVIKLING AV RUNDENE"),
    ("7D", "7", 45, "8. AVVIKLING AV RUNDENE"),
    ("12C1(c)", "12", 53, "12. TURNERINGSLEDERENS MYNDIGHET TIL Å BRUKE SKJØNN"),
    ("12C2(d)", "12", 55, "13. UKORREKT ANTALL KORT"),
    ("12C3", "12", 55, "13. UKORREKT ANTALL KORT"),
    ("12C4", "12", 55, "13. UKORREKT ANTALL KORT"),
    ("13B", "13", 57, "14. MANGLENDE KORT"),
    ("13C", "13", 57, "14. MANGLENDE KORT"),
    ("13D", "13", 57, "14. MANGLENDE KORT"),
    ("14B", "14", 59, "15. FEIL MAPPE ELLER HÅND"),
    ("14C", "14", 59, "15. FEIL MAPPE ELLER HÅND"),
    ("15A3", "15", 61, "16. LOVLIG OG URETTMESSIG INFORMASJON"),
    ("15B", "15", 61, "16. LOVLIG OG URETTMESSIG INFORMASJON"),
    ("16D2", "16", 67, "17. MELDEPERIODEN"),
    ("16D3", "16", 67, "17. MELDEPERIODEN"),
    ("17D2", "17", 69, "18. BUDENE"),
    ("17D3", "17", 69, "18. BUDENE"),
    ("20F5", "20", 77, "20. GJENTAKELSE OG FORKLARING AV MELDINGER"),
]


@pytest.mark.parametrize(("node_id", "law", "line", "header"), CONTINUATIONS, ids=[c[0] for c in CONTINUATIONS])
def test_page_top_continues_previous_law(result, laws, node_id, law, line, header):
    node = laws[law].find(node_id)
    assert node is not None and node.lines[0] == line
    headers = {f.line: f.text for f in result.document.furniture if f.kind == "running-header"}
    assert headers[line] == header
    for other in laws.values():
        if other.law != law:
            assert other.find(node_id) is None


def test_laws_span_the_pages_they_continue_on(laws):
    spans = {law: tuple(laws[law].source["lines"]) for law in ("6", "7", "12", "13", "16", "20")}
    assert spans == {"6": (41, 43), "7": (43, 45), "12": (51, 55), "13": (55, 57), "16": (61, 67),
                     "20": (73, 77)}
    assert "Turneringsleder kan velge" not in " ".join(n.title for n in laws["7"].walk())
    assert laws["14"].find("14A").lines[0] == 57 and laws["14"].find("14A").title.startswith("Ufullstendig")


# -- footnotes -----------------------------------------------------------------------------------------

FOOTNOTES = [
    # (law, mark, node, words just before the marker (empty: marker in a heading), footnote text start, line)
    ("6", "1", "6D2", "fra en sortert", "En «sortert kortstokk» er en kortstokk", 41),
    ("13", "2", "13", "", "Denne lov gjelder når en finner", 55),
    ("15", "3", "15A3", "melding avviker", "En utskiftet melding avviker", 61),
    ("15", "4", "15B", "", "Denne loven gjelder kun for par- og singelturneringer", 61),
    ("16", "5", "16B3", "ved spillets slutt", "Det er ikke et regelbrudd", 65),
    ("20", "6", "20C2", "Spilleføreren", "Spilleførers første tur", 73),
    ("20", "7", "20F1", "kan enhver spiller", "Unntatt når denne spiller", 75),
    ("20", "8", "20G3", "(men se 40B2b)).", "I Norge er det fastsatt", 77),
]


@pytest.mark.parametrize(("law", "mark", "node_id", "before", "text", "line"), FOOTNOTES,
                         ids=[f"note{f[1]}" for f in FOOTNOTES])
def test_footnotes_with_their_nodes(laws, law, mark, node_id, before, text, line):
    note = next(n for n in laws[law].footnotes if n.mark == mark)
    assert note.node == node_id and note.text.startswith(text) and note.lines == [line, line]
    if before:
        node = laws[law].find(node_id)
        assert node.text[: note.offset].endswith(before)
        assert f"{before} {mark} " not in node.text, "the marker digit is removed from the running text"
    else:
        assert note.offset is None  # a marker in a heading belongs to the law or section it titles


def test_footnote_numbers_run_in_order_and_leave_the_text(laws):
    marks = [note.mark for law in laws.values() for note in law.footnotes]
    assert marks == [str(n) for n in range(1, 9)]
    assert [len(laws[law].footnotes) for law in ("6", "13", "15", "16", "20")] == [1, 1, 2, 1, 3]
    assert "ved spillets slutt.TLskal tildele" in laws["16"].find("16B3").text
    assert "enhver spiller, når det er hans tur" in laws["20"].find("20F1").text
    assert "sortert kortstokk uten å ha vært stokket" in laws["6"].find("6D2").text
    assert laws["13"].find("13A").title == "Ingen melding avgitt"
    # the footnote texts at the page foot are not part of the provision that ends the page
    assert laws["20"].find("20G3").text.endswith("(men se 40B2b)).")
    assert laws["6"].find("6D3").text.endswith("(men se 86A).")
    assert laws["15"].find("15B3").text.endswith("et gyldig resultat.")


# -- front matter and definitions -------------------------------------------------------------------------


def test_title_page_colophon_and_prefaces(front):
    assert front["title"].paragraphs == [
        "Internasjonale lover for turneringsbridge",
        "Internasjonale lover for turneringsbridge Gjelder fra og med 1. september 2017 Norsk Bridgeforbund",
    ]
    assert front["title"].source["lines"] == [1, 3]
    colophon = front["colophon"].paragraphs
    assert len(colophon) == 1 and colophon[0].startswith("Norsk Bridgeforbund 2017 1. utgave 2017 Utgiver:")
    assert colophon[0].endswith("ISBN: 978-82-90032-29-1")  # the ISBN's last digit is no page number
    foreword, introduction = front["foreword"], front["introduction"]
    assert foreword.heading == "Forord til 2017-lovene for turneringsbridge"
    assert foreword.paragraphs[0].startswith("Bridge er et relativt nytt spill")
    assert foreword.paragraphs[0].endswith("Laurie Kelso (sekretær) Ton Kooijman (formann)")
    assert foreword.source["lines"] == [15, 17]
    assert introduction.heading == "Introduksjon til 2017-lovene for turneringsbridge"
    assert introduction.paragraphs[0].endswith("skal den engelske originalteksten gjelde.")
    assert introduction.source["lines"] == [19, 21]


def test_contents_page_numbers_agree_with_the_pages_the_headings_are_printed_on(result, laws, front):
    page_of_line = {f.line: int(f.text) for f in result.document.furniture if f.kind == "page-number"}
    contents = {entry.rsplit("...", 1)[0]: int(entry.rsplit(" ", 1)[1]) for entry in front["contents"].paragraphs}
    for law, article in laws.items():
        printed = next(key for key in contents if key.startswith(f"{law}. "))
        assert contents[printed] == page_of_line[article.source["lines"][0]], law
    assert contents["Forord til 2017-lovene for turneringsbridge"] == page_of_line[15]
    assert contents["Introduksjon"] == page_of_line[19] and contents["Definisjoner."] == page_of_line[23]


def test_contents_kept_as_printed_one_entry_per_paragraph(front):
    contents = front["contents"]
    assert contents.heading == "Innhold" and contents.source["lines"] == [7, 13]
    entries = contents.paragraphs
    assert entries[:4] == ["Forord til 2017-lovene for turneringsbridge... 7", "Introduksjon... 9",
                           "Definisjoner.... 11", "1. Kortstokken... 18"]
    assert "5. Tildelingavplass... 19" in entries  # words run together, kept as printed
    assert "59. Påbud om utspill eller påspill som ikke kan etterkommes.. 73" in entries
    assert entries[-3:] == ["93. Framgangsmåtenvedappeller... 106", "Stikkordregister... 109", "Notater... 129"]
    assert len(entries) == 3 + 93 + 2


DEFINITIONS = [
    ("Alert", "Et signal som gjør motstanderne oppmerksom"),
    ("Annulering", "se Tilbaketrukket"),
    ("Antatt spillefører", "spilleren som blir spillerfører dersom det ikke skjer en uregelmessighet"),
    ("Benevnelse", "Grand eller farge, angitt i et bud."),
    ("Bet", "Hvert stikk som spilleførerens side mangler"),
    ("Blindemann", "1. Spilleførerens makker. Han blir blindemann når"),
    ("Deltaker", "I en singelturnering: én spiller;"),
    ("Farge", "En av fire forskjellige grupper av kort i stokken."),
    ("Giv", "1. En fordeling av kortene"),
    ("HM", "Høyre motstander."),
    ("Honnør", "Ess, konge, dame knekt eller 10."),
    ("International Match Point (IMP)", "En scoringsenhet som tildeles"),
    ("Korrigering(er)", "De virkemidlene som skal brukes"),
    ("Mappe", "1. En turneringsmappe som beskrevet i 2. 2. De fire hendene"),
    ("Matchpoint (poeng)", "En enhet som tildeles en deltaker"),
    ("Melding", "Ethvert bud, samt dobling, redobling eller pass."),
    ("Meldeperioden", "Fra en spiller ser på kortene sine"),
    ("NBF", "forkortelse for Norsk Bridgeforbund"),
    ("Psykisk melding", "(dagligtale «psyk(e)» eller «psykisk») overlagt"),
    ("Revoke", "(se 61, 62, 63 og 64)."),
    ("Spill", "1. Det å legge et kort fra hånden til et stikk"),
    ("Spillefører", "Den spiller i det paret som avga sluttbudet"),
    ("Straff", "(Se også «Korrigeringer».) Det er to typer straff"),
    ("TL", "Forkortelse for turneringsleder."),
    ("Urettmessig informasjon (UI)", "Informasjon som ikke lovlig kan brukes i spillet."),
    ("Uregelmessighet", "Et avvik fra korrekt framgangsmåte"),
    ("VM", "Venstre motstander."),
    ("Åpningsutspill", "Kortet som spilles ut til første stikk."),
]


@pytest.mark.parametrize(("term", "start"), DEFINITIONS, ids=[d[0] for d in DEFINITIONS])
def test_definition_entries(front, term, start):
    entry = next(e for e in front["definitions"].entries if e.term == term)
    assert entry.definition.startswith(start)


def test_definitions_count_order_lines_and_headers(front, manifest):
    definitions = front["definitions"]
    terms = [entry.term for entry in definitions.entries]
    assert len(terms) == 71 and terms[0] == "Alert" and terms[-1] == "Åpningsutspill"
    assert terms == manifest.get("nb-2017").options["front_matter"][5]["terms"]
    assert definitions.heading == "Definisjoner" and definitions.paragraphs == []
    by_term = {entry.term: entry for entry in definitions.entries}
    assert (by_term["Alert"].line, by_term["Dobler"].line, by_term["Kontrakt"].line, by_term["Melding"].line,
            by_term["Uregelmessighet"].line) == (23, 25, 27, 27, 35)
    # "Han blir blindemann" and "Spillernes rettigheter" are text, not headwords
    assert "Han blir blindemann når åpningsutspillet" in by_term["Blindemann"].definition
    assert by_term["Spillperioden"].definition.endswith("(eller når siste spill i runden er avsluttet).")
    # running headers and footers are not part of any definition
    assert all("DEFINISJONER" not in entry.definition for entry in definitions.entries)
    assert by_term["Melding"].definition == "Ethvert bud, samt dobling, redobling eller pass."


# -- furniture -------------------------------------------------------------------------------------------

LAW_HEADERS = {
    37: "1. KORTSTOKKEN", 39: "3. BORDOPPSTILLING", 41: "6. STOKKING OG GIV", 43: "7. KONTROLL AV MAPPER OG KORT",
    45: "8. AVVIKLING AV RUNDENE", 47: "9. FRAMGANGSMÅTEN ETTER EN UREGELMESSIGHET",
    49: "10. FASTSETTELSE AV KORRIGERING", 51: "12. TURNERINGSLEDERENS MYNDIGHET TIL Å BRUKE SKJØNN",
    53: "12. TURNERINGSLEDERENS MYNDIGHET TIL Å BRUKE SKJØNN", 55: "13. UKORREKT ANTALL KORT",
    57: "14. MANGLENDE KORT", 59: "15. FEIL MAPPE ELLER HÅND", 61: "16. LOVLIG OG URETTMESSIG INFORMASJON",
    63: "16. LOVLIG OG URETTMESSIG INFORMASJON", 65: "16. LOVLIG OG URETTMESSIG INFORMASJON",
    67: "17. MELDEPERIODEN", 69: "18. BUDENE", 71: "19. DOBLINGER OG REDOBLINGER",
    73: "20. GJENTAKELSE OG FORKLARING AV MELDINGER", 75: "20. GJENTAKELSE OG FORKLARING AV MELDINGER",
    77: "20. GJENTAKELSE OG FORKLARING AV MELDINGER",
}


def test_furniture_page_numbers_and_headers(result, repo_root):
    furniture = result.document.furniture
    lines = (repo_root / "corpus" / "sources" / "nb-2017.txt").read_text(encoding="utf-8").split("\n")
    numbers = [(f.line, f.text) for f in furniture if f.kind == "page-number"]
    # the cover, title page and colophon (lines 1, 3, 5) are unnumbered; pages 3-38 follow on lines 7-77
    assert numbers == [(line, str(page)) for line, page in zip(range(7, 78, 2), range(3, 39), strict=True)]
    for item in furniture:
        assert lines[item.line - 1][item.column:item.column + len(item.text)] == item.text
    page_numbers = [f for f in furniture if f.kind == "page-number"]
    assert all(lines[f.line - 1].rstrip().endswith(" " + f.text) for f in page_numbers)
    headers = {f.line: f.text for f in furniture if f.kind == "running-header" and f.line >= 37}
    assert headers == LAW_HEADERS
    definition_furniture = sorted((f.line, f.kind) for f in furniture if f.text == "DEFINISJONER")
    assert definition_furniture == [(23, "running-header"), (25, "running-header"), (27, "running-footer"),
                                    (29, "running-header"), (31, "running-header"), (33, "running-header"),
                                    (35, "running-footer")]
    assert len(furniture) == 36 + 21 + 7


def test_edition_json_lists_the_furniture(repo_root):
    import json

    info = json.loads((repo_root / "corpus" / "records" / "nb-2017" / "edition.json").read_text(encoding="utf-8"))
    assert info["front_matter"] == ["title", "colophon", "contents", "foreword", "introduction", "definitions"]
    assert {"line": 55, "kind": "running-header", "text": "13. UKORREKT ANTALL KORT", "column": 0} in info["furniture"]
