"""TMX and TBX exports load back in translate-toolkit with the alignment keys and term statuses intact."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree
from translate.storage import tbx, tmx

from lawtools.corpus_terms import PROJECT_TERMBASE
from lawtools.errors import NotFound
from lawtools.exports import export_tbx, export_tmx
from lawtools.records import load_corpus
from lawtools.termbase import load_termbase

FIXTURE = Path(__file__).parent / "fixtures" / "compare" / "corpus" / "editions.yaml"


@pytest.fixture(scope="module")
def mini():
    return load_corpus(FIXTURE)


def test_tmx_units_are_keyed_by_node_id(mini):
    result = export_tmx(mini, "sv-2007", "nl-2017")
    store = tmx.tmxfile.parsestring(result.data)
    units = {unit.getid(): unit for unit in store.units}
    assert len(units) == result.units
    assert "64B7" in units and "64B8" not in units and "64C" not in units  # only provisions both have
    assert units["57A3"].source.startswith("förbjuda den felandes partner")
    assert units["57A3"].target.startswith("eisen dat de partner")
    assert units["64"].source == "NÄR EN REVOKE ETABLERATS"


def test_tmx_is_well_formed_tmx_1_4(mini):
    root = etree.fromstring(export_tmx(mini, "sv-2007", "de-1997").data)
    assert root.tag == "tmx" and root.get("version") == "1.4"
    header = root.find("header")
    assert {"creationtool", "segtype", "o-tmf", "adminlang", "srclang", "datatype"} <= set(header.attrib)
    xml_lang = "{http://www.w3.org/XML/1998/namespace}lang"
    for tu in root.iter("tu"):
        assert tu.get("tuid")
        assert [tuv.get(xml_lang) for tuv in tu.findall("tuv")] == ["sv", "de"]
        assert all(tuv.find("seg") is not None for tuv in tu.findall("tuv"))


def test_tmx_needs_two_editions(mini):
    with pytest.raises(NotFound):
        export_tmx(mini, "sv-2007", "sv-2007")
    with pytest.raises(NotFound):
        export_tmx(mini, "sv-2007", "xx-1999")


def test_tbx_entries_and_statuses_load_back():
    termbase = load_termbase(PROJECT_TERMBASE)
    result = export_tbx(termbase)
    store = tbx.tbxfile.parsestring(result.data)
    assert len(store.units) == len(termbase.concepts) == result.units
    by_id = {unit.getid(): unit for unit in store.units}
    dummy = termbase.get("dummy")
    unit = by_id["dummy"]
    assert unit.source == dummy.en
    nl_terms = unit._get_terms(unit.get_target_dom("nl"))
    expected = {t.term: t.status for t in dummy.terms["nl"]}
    assert {t.text for t in nl_terms} == set(expected)
    status = {"preferred": "preferredTerm-admn-sts", "variant": "admittedTerm-admn-sts",
              "deprecated": "deprecatedTerm-admn-sts"}
    assert {t.text: t.administrative_status for t in nl_terms} == {k: status[v] for k, v in expected.items()}


def test_tbx_is_martif():
    root = etree.fromstring(export_tbx(load_termbase(PROJECT_TERMBASE)).data)
    assert root.tag == "martif" and root.get("type") == "TBX"
    ids = [entry.get("id") for entry in root.iter("termEntry")]
    assert len(ids) == len(set(ids)) and all(ids)


@pytest.mark.parametrize("args", [("tbx",), ("tmx", "--source", "sv-2007", "--target", "de-1997")], ids=["tbx", "tmx"])
def test_output_into_a_missing_directory_is_one_line(tmp_path, capsys, args):
    from lawtools.cli import main

    target = tmp_path / "no-such-dir" / "out.xml"
    assert main(["export", *args, "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"lawtools: {target}: cannot write") and err.count("\n") == 1
