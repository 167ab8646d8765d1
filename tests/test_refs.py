"""Cross-references: a golden table of every citation style in the four sources, and checks on the records.

Each case is a phrase as it stands in a source, the provision it stands in, and the provisions it cites
(read from the source and the Laws, not from the extractor); '~' marks a relative reference.
"""

from __future__ import annotations

import pytest

from lawtools.citation import Citation
from lawtools.model import Article, Footnote, Node
from lawtools.refs import citation_data, extract_refs, find_refs

# (id, language, text, citing provision, expected targets; '~' = relative)
GOLDEN = [
    # -- Swedish: 'lag' keyword, lists, doubled keyword, bare 'se', relative references -----------------
    ("sv-se-lag", "sv", "(se lag 47E2); kortet måste", "41A", ["47E2"]),
    ("sv-list-och", "sv", "motståndarbud (se lag 20F2 och 20F3).", "41B", ["20F2", "20F3"]),
    ("sv-lagarna", "sv", "(se lagarna 47D och 16D1).", "45C4(b)", ["47D", "16D1"]),
    ("sv-subitem", "sv", "ändring enligt lag 45C4(b).", "47C", ["45C4(b)"]),
    ("sv-lag-lag", "sv", "i flera färger [se lag lag 50D2(a)], och", "51B2(a)", ["50D2(a)"]),
    ("sv-capital-lag", "sv", "samma spelare. Lag 64C kan gälla.", "64B2", ["64C"]),
    ("sv-respektive", "sv", "se lag 45 respektive lag 65.)", "44B", ["45", "65"]),
    ("sv-comma-och-lag", "sv", "(se lag 49, och lag 23 kan bli tillämplig)", "50", ["49", "23"]),
    ("sv-glued-joiner", "sv", "För lagarna 70och 71 inkluderar", "70C3", ["70", "71"]),
    ("sv-law-then-title", "sv", "men lag 16, Otillåtna upplysningar, kan gälla", "68", ["16"]),
    ("sv-bare-se", "sv", "från rätt hand (och se 47B).", "53A", ["47B"]),
    ("sv-rel-se-section", "sv", "upprepad (se B ), har", "41C", ["~41B"]),
    ("sv-rel-nedan", "sv", "är otillåtna (se E nedan).", "50C", ["~50E"]),
    ("sv-rel-i-list", "sv", "som uppräknats i A1 eller A2.", "43B1", ["~43A1", "~43A2"]),
    ("sv-rel-ovan-subitem", "sv", "(men B1(a) ovan gäller då).", "51B2(a)", ["~51B1(a)"]),
    ("sv-rel-item-ovan", "sv", "Oavsett vad som sägs i 1 ovan, om", "68B2", ["~68B1"]),
    ("sv-rel-enligt-paren", "sv", "ett ut- eller påspel enligt (a), får", "47E2(b)", ["~47E2(a)"]),
    ("sv-rel-enligt-letters", "sv", "godkänts enligt a eller b, kvarstår", "52B1(c)", ["~52B1(a)", "~52B1(b)"]),
    ("sv-rel-som-i", "sv", "ingen korrigering som i A efter en", "64B", ["~64A"]),
    ("sv-rel-direct-items", "sv", "Oavsett vad som sägs i 1 ovan", "71.2", ["~71.1"]),
    # -- Norwegian: bare numbers, glued forms, lost § signs, relative references -----------------------
    ("nb-se-section", "nb", "ytterligere korrigering (se 26B om utspillsbegrensninger)", "9B1", ["26B"]),
    ("nb-se-subitem-double-paren", "nb", "skal han justere scoren (se 12C1b)) og kan", "13A", ["12C1(b)"]),
    ("nb-se-subitem-one-paren", "nb", "tildele poeng direkte (se 12C2a) til enhver", "12C", ["12C2(a)"]),
    ("nb-lost-paragraph-sign", "nb", "4. Prosedyrestraff ( 90) kan ilegges", "16C", ["90"]),
    ("nb-lost-sign-spaced", "nb", "må tildeles ( 86 B kan gjelde). En", "13C", ["86B"]),
    ("nb-lost-sign-glued", "nb", "ut av mappen ( 7B) og lovene", "16A", ["7B"]),
    ("nb-men-se", "nb", "i overensstemmelse med lovene (men se 86A). 1 En", "6A", ["86A"]),
    ("nb-glued-no-keyword", "nb", "c) 16C gjelder for alle meldinger", "27B1(c)", ["16C"]),
    ("nb-glued-list", "nb", "Når TL er tilkalt anvender han 21B eller 40B3. 7 Unntatt", "20F5", ["21B", "40B3"]),
    ("nb-list", "nb", "Revoke (se 61, 62, 63 og 64). Rotasjon", "definitions", ["61", "62", "63", "64"]),
    ("nb-se-capital", "nb", "flere enn 13 kort. Se 14 for tilfeller", "13A", ["14"]),
    ("nb-se-ogsa", "nb", "før meldingsforløpet begynner (se også 13A). 5", "16B", ["13A"]),
    ("nb-i-law-full-stop", "nb", "mappe som beskrevet i 2. 2. De fire", "6A", ["2"]),
    ("nb-i-list", "nb", "betydninger av sesjon i 4, 12C2 og 91.) Side", "definitions", ["4", "12C2", "91"]),
    ("nb-rel-nedenfor", "nb", "normalt spill av mappen (se C2 nedenfor). 3.", "12B1", ["~12C2"]),
    ("nb-rel-under", "nb", "korrigeringer og/eller straff (se B4 under). 3.", "14A2", ["~14B4"]),
    ("nb-rel-se-ogsa", "nb", "ikke kan oppnås noen score (se også C1d)), tildeler", "12C2(a)", ["~12C1(d)"]),
    ("nb-rel-items-ovenfor", "nb", "3. Under 1 og 2 ovenfor kan det stilles", "20F3", ["~20F1", "~20F2"]),
    ("nb-rel-sections-ovenfor", "nb", "tilfeldig giv som under A og B ovenfor. F.", "6E", ["~6A", "~6B"]),
    ("nb-rel-subitem-under", "nb", "som beskrevet i 78D, 86B3 og d) under. c)", "12C1(b)", ["78D", "86B3", "~12C1(d)"]),
    ("nb-rel-subitems-over", "nb", "fra de beskrevet i a) og b) over. 3. I", "12C1(c)", ["~12C1(a)", "~12C1(b)"]),
    ("nb-not-over-running-text", "nb", "a) over hele bordet", "12C1(c)", []),
    ("nb-i-samsvar-med", "nb", "blindemanns kort i samsvar med 45) under eller", "7B3", ["45"]),
    ("nb-av-list", "nb", "(men for blindemann begrenset av 42 og 43). 4.", "9A3", ["42", "43"]),
    ("nb-brukes", "nb", "blant de kortene som er spilt, brukes 67. 2. Dersom", "14B1", ["67"]),
    ("nb-bare-after", "nb", "melde. 16 kan bli brukt, og", "20F1", ["16"]),
    ("nb-rel-som-under-item", "nb", "på samme måte som under 1 og av makkeren", "20F2", ["~20F1"]),
    ("nb-not-av-count", "nb", "en av 4 spillere", "7B", []),
    ("nb-not-med-date", "nb", "fra og med 1. september 2017", "title", []),
    ("nb-rel-som-i", "nb", "gjentatt (se 41B og 41C). Som i B kan ikke", "20C1", ["41B", "41C", "~20B"]),
    # -- German: § keyword with spaced labels, §§ lists, relative 'vorstehend', 'untenstehend', 'oben' ----
    ("de-paragraph", "de", "den Strafbestimmungen des § 90 für jede", "43B1", ["90"]),
    ("de-spaced-subitem", "de", "wie sie von § 45 C 4 b) gestattet wird", "47C", ["45C4(b)"]),
    ("de-spaced-item", "de", "(siehe aber § 62 C 2) und durch", "47D", ["62C2"]),
    ("de-section-word-follows", "de", "kommt § 40 C zur Anwendung.", "47E2(b)", ["40C"]),
    ("de-double-paragraph-list", "de", "Zielsetzung der §§ 69, 70 und 71 umfaßt", "69B", ["69", "70", "71"]),
    ("de-subitem-double-paren", "de", "(aber siehe § 43 B 2 b)). Die", "61B", ["43B2(b)"]),
    ("de-oder-list", "de", "sollen § 45 E (Fünfte Karte) oder § 58 B (Gleichzeitig)", "67A2", ["45E", "58B"]),
    ("de-rel-vorstehend-in", "de", "der vorstehend in A 1 oder A 2 aufgeführten", "43B1", ["~43A1", "~43A2"]),
    ("de-rel-in", "de", "Einschränkungen in A 1 oder A 2 nicht ein", "43B1", ["~43A1", "~43A2"]),
    ("de-rel-aus-vorstehend", "de", "sich aus vorstehend A 2 ergebenden", "43B3", ["~43A2"]),
    ("de-rel-subitem", "de", "ein Spiel gemäß vorstehend a) zu ändern", "47E2(b)", ["~47E2(a)"]),
    ("de-rel-subitems", "de", "gemäß vorstehend a) oder b) angenommen", "52B1(c)", ["~52B1(a)", "~52B1(b)"]),
    ("de-rel-absatz", "de", "(aber vorstehender Absatz B 1 a) findet", "51B2(a)", ["~51B1(a)"]),
    ("de-rel-untenstehend", "de", "[aber siehe untenstehend C], siehe", "53A", ["~53C"]),
    ("de-rel-range", "de", "in oben A bis E aufgeführten", "47F", ["~47A", "~47B", "~47C", "~47D", "~47E"]),
    # -- Dutch: artikel keyword, relative 'zie', 'hierboven' --------------------------------------------
    ("nl-zie-artikel", "nl", "(zie echter artikel 47E1). Dit", "53A", ["47E1"]),
    ("nl-subitem", "nl", "(maar zie artikel 43B2(b)).", "61B2(a)", ["43B2(b)"]),
    ("nl-artikelen", "nl", "zoals bepaald in artikelen 16 en 17", "55A", ["16", "17"]),
    ("nl-of-not-a-list", "nl", "zoals voorzien in artikel 53 of eisen dat", "55A", ["53"]),
    ("nl-rel-zie", "nl", "voorspelen (maar zie B). Als", "53A", ["~53B"]),
    ("nl-rel-hierboven", "nl", "rechtzetting (zie A hierboven), mag", "57B", ["~57A"]),
    ("nl-rel-item-hierboven", "nl", "in dezelfde kleur (zie B2 hierboven), past", "64C2(a)", ["~64B2"]),
    # -- not citations ----------------------------------------------------------------------------------
    ("nb-not-card-count", "nb", "inneholder nøyaktig 13 kort. Deretter", "6A", []),
    ("nb-not-board-numbers", "nb", "Mappe 1 5 9 13 Nord", "2", []),
    ("nb-not-date", "nb", "Gjelder fra og med 1. september 2017 Norsk", "title", []),
    ("nb-not-address", "nb", "Norsk Bridgeforbund, Sognsveien 75 A, 3. etasje 0855 Oslo", "colophon", []),
    ("nb-not-percentage", "nb", "middels (50% i parturnering) til", "12C1(d)", []),
    ("nb-not-i-number", "nb", "en spiller har i 13 kort", "13A", []),
    ("nb-not-subitem-label", "nb", "a) TL bør ... b) Under spillet skal", "20F1", []),
    ("nb-not-verb-se", "nb", "må han se på framsiden av sine kort", "6A", []),
    ("sv-not-lag-noun", "sv", "bortsett från vad denna lag säger, får", "47F2", []),
    ("sv-not-item-without-word", "sv", "i 2 färger", "46B3", []),
    ("de-not-lowercase", "de", "die untenstehenden Möglichkeiten", "50D2", []),
    ("nl-not-bare-letter", "nl", "de B van de blinde", "53A", []),
]


def expected_refs(targets: list[str]) -> list[tuple[str, bool]]:
    return [(target.lstrip("~"), target.startswith("~")) for target in targets]


@pytest.mark.parametrize(("language", "text", "node", "targets"), [case[1:] for case in GOLDEN],
                         ids=[case[0] for case in GOLDEN])
def test_golden(language, text, node, targets):
    refs = find_refs(text, language, node)
    assert [(ref.target, ref.relative) for ref in refs] == expected_refs(targets)
    for ref in refs:
        assert ref.node == node
        assert ref.raw and " ".join(ref.raw.split()) in " ".join(text.split())
        assert str(Citation.parse(ref.target)) == ref.target


def test_every_style_is_covered_in_every_language():
    languages = {case[1] for case in GOLDEN}
    assert languages == {"sv", "nb", "de", "nl"}
    for language in languages:
        cases = [case for case in GOLDEN if case[1] == language]
        assert any(any(t.startswith("~") for t in case[4]) for case in cases), language
        assert any(case[4] and not case[4][0].startswith("~") for case in cases), language


@pytest.mark.parametrize(("raw", "expected"), [
    ("se 12C1b))", "se 12C1b)"), ("lag lag 50D2(a)", "lag lag 50D2(a)"), ("( 90)", "90"), ("se E nedan", "se E nedan"),
    ("§§ 69, 70", "§§ 69"),
], ids=["nb-subitem", "sv-doubled", "nb-paren", "sv-relative", "de-list"])
def test_raw_text_of_the_first_citation(raw, expected):
    language = {"se 12C1b))": "nb", "( 90)": "nb", "§§ 69, 70": "de"}.get(raw, "sv")
    assert find_refs(raw, language, "50C")[0].raw == expected


def test_relative_reference_needs_a_provision_to_resolve_against():
    # a sub-item seen from a section has no item to belong to; a law-level citing place still resolves letters
    assert find_refs("enligt (a)", "sv", "47E") == []
    assert [r.target for r in find_refs("se E nedan", "sv", "50")] == ["50E"]
    assert find_refs("se E nedan", "sv", "preamble") == []


def test_unknown_language_has_no_references():
    assert find_refs("see Law 64B", "xx", "1") == []


def test_extract_refs_walks_intro_provisions_and_footnotes_in_order():
    article = Article(edition="sv-test", language="sv", law="50", title="T", intro="(se lag 57)",
                      nodes=[Node(id="50C", kind="section", label="C", text="(se E nedan)"),
                             Node(id="50E", kind="section", label="E", text="")],
                      footnotes=[Footnote(mark="*", text="se lag 59.", node="50C")])
    assert [(r.node, r.target, r.relative) for r in extract_refs(article)] == [
        ("50", "57", False), ("50C", "50E", True), ("50C", "59", False)]


def test_every_language_entry_names_its_words():
    required = {"keyword", "joiners", "relative_before", "relative_after"}
    for language, data in citation_data().items():
        assert required <= set(data), language


# -- the records ------------------------------------------------------------------------------------

def test_references_in_the_records(corpus):
    articles = list(corpus.all_articles())
    assert articles
    for article in articles:
        ids = set(article.node_ids()) | {article.law}
        for ref in article.refs:
            assert ref.node in ids, (article.edition, ref)
            assert str(Citation.parse(ref.target)) == ref.target
            if ref.relative:
                assert Citation.parse(ref.target).law == article.law
                # a partial article (de-1997's 43 has only section B) may cite what its source lacks
                assert ref.target in ids or article.partial, (article.edition, article.law, ref)
