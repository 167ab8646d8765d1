"""The rules registry: every cited provision exists in the corpus or is declared absent; RuleInfo is stable."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lawtools.citation import Citation
from lawtools.rules.editions import LAW_YEARS, resolve_year
from lawtools.rules.registry import RuleInfo, absent_laws, provisions_index, rules

ROOT = Path(__file__).resolve().parent.parent
CITED = sorted(provisions_index(), key=lambda p: Citation.parse(p).sort_key())


@pytest.mark.parametrize("provision", CITED)
def test_every_cited_provision_exists_in_an_edition_with_that_law_or_is_declared_absent(provision, corpus, manifest):
    law = Citation.parse(provision).law
    covering = [e.id for e in manifest.editions if law in e.laws]
    if law in absent_laws():
        assert covering == [], f"Law {law} is declared absent but {covering} contain it"
        return
    assert covering, f"{provision}: no edition contains Law {law}; declare it in lawtools/data/rules_absent.yaml"
    with_records = [e for e in covering if e in corpus.editions()]
    if with_records and corpus.provisions(provision, with_records):
        return
    pending = [e for e in covering if e not in with_records]
    if pending:
        pytest.skip(f"{provision} is not in {with_records or 'any record'}; no records yet for {', '.join(pending)}")
    raise AssertionError(f"{provision} is in none of {with_records}")


def test_absent_laws_are_in_no_edition_records(corpus):
    for law in absent_laws():
        assert all(corpus.article(e, law) is None for e in corpus.editions()), law


def test_each_absent_law_is_cited_by_some_rule():
    cited_laws = {Citation.parse(p).law for p in provisions_index()}
    assert set(absent_laws()) <= cited_laws


def test_rule_info_shape_is_stable():
    info = rules()[0]
    assert list(info.to_dict()) == ["name", "qualname", "provisions", "editions", "signature", "summary", "example",
                                    "result"]
    assert [f for f in RuleInfo.__dataclass_fields__] == ["name", "qualname", "provisions", "editions", "signature",
                                                          "summary", "example"]


@pytest.mark.parametrize("info", rules(), ids=lambda r: r.name)
def test_every_rule_is_documented_with_a_running_example(info):
    assert info.summary and info.provisions and set(info.editions) <= set(LAW_YEARS)
    assert info.function().__rule__ is info
    assert info.example.startswith(info.name) or info.name in info.example
    assert info.result() != ""


def test_the_registry_covers_the_laws_the_issue_names():
    laws = {Citation.parse(p).law for p in provisions_index()}
    assert {"1", "2", "17", "18", "19", "22", "44", "46", "50", "51", "57", "61", "63", "64", "77", "78"} <= laws


def test_editions_resolve_by_id_or_year(manifest):
    assert [resolve_year(e, manifest) for e in ("de-1997", "sv-2007", "nl-2017", "nb-2017", "2007", 1997)] == [
        1997, 2007, 2017, 2017, 2007, 1997]
    from lawtools.errors import NotFound

    with pytest.raises(NotFound, match="known years: 1997, 2007, 2017"):
        resolve_year("2001", manifest)
    with pytest.raises(NotFound, match="unknown edition 'fr-2017'"):
        resolve_year("fr-2017", manifest)


def test_importing_the_rules_pulls_in_no_heavy_library():
    code = ("import sys, lawtools.rules as r; r.load_all(); import lawtools.rules.replay, lawtools.commands.rules; "
            "heavy = [m for m in ('spacy', 'whoosh', 'endplay', 'mkdocs', 'rapidfuzz') if m in sys.modules]; "
            "print(heavy); sys.exit(1 if heavy else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert done.returncode == 0, done.stdout + done.stderr


def test_rules_citing_a_provision_include_those_citing_its_parts():
    from lawtools.rules.registry import rules_citing

    assert {r.name for r in rules_citing("64B")} == {"exceptions", "revoke_adjustment"}
    assert {r.name for r in rules_citing("44")} >= {"legal_cards", "trick_winner", "next_leader", "is_revoke"}
    assert rules_citing("45") == []
