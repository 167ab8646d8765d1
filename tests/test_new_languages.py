"""An edition in English, and one in a language lawtools has no data for, works end to end without error."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lawtools.cli import main
from lawtools.edition_add import add_edition

FIXTURE = Path(__file__).parent / "fixtures" / "site_corpus"

ENGLISH = """THE LAWS OF DUPLICATE BRIDGE

LAW 64
PROCEDURE AFTER ESTABLISHMENT OF A REVOKE

A. Rectification of Trick Transfer
When a revoke is established:
1. and the trick on which the revoke occurred was won by the offending player, at the end of play that trick is
transferred to the non-offending side.
2. and the trick on which the revoke occurred was not won by the offending player, one trick is transferred.

B. No Rectification
There is no rectification as in A above:
1. if the offending side did not win either the revoke trick or any subsequent trick.
2. if the revoke was on the twelfth trick.

INDEX

Revoke 64
"""

# a language with no entry in any data file (the code 'xq' is not assigned), in a layout of its own
MADE_UP = """Zorvek Kalu

KALU 64 Zimra vo revok

A. Zimra tak
Ven revok zu stabilo:
1. ek trik zu venno.
2. ek trik nu zu venno.
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    corpus = tmp_path / "corpus"
    shutil.copytree(FIXTURE, corpus)
    for language, text in (("en", ENGLISH), ("xq", MADE_UP)):
        source = tmp_path / f"{language}.txt"
        source.write_text(text, encoding="utf-8")
        report = add_edition(corpus / "editions.yaml", source, edition_id=f"{language}-2017", language=language,
                             year=2017)
        assert [law["law"] for law in report.laws] == ["64"]
        assert "64B2" in report.laws[0]["provisions"] or language == "xq"
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_made_up_language_gets_a_note_not_a_traceback(tmp_path):
    source = tmp_path / "xq.txt"
    source.write_text(MADE_UP.replace("KALU", "§"), encoding="utf-8")
    report = add_edition(tmp_path / "corpus" / "editions.yaml", source, edition_id="xq-2017", language="xq",
                         year=2017, dry_run=True)
    assert report.laws[0]["provisions"] == ["64A", "64A1", "64A2"]
    assert any("no data" in note for note in report.unsure)


def test_index_search_check_and_site_work_for_new_languages(project, capsys):
    assert main(["index"]) == 0
    capsys.readouterr()
    assert main(["search", "twelfth trick", "--lang", "en", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert results and results[0]["edition"] == "en-2017"
    assert main(["search", "revok", "--json"]) == 0
    capsys.readouterr()
    assert main(["show", "64A1", "--json"]) == 0
    shown = capsys.readouterr().out
    assert "en-2017" in shown
    assert main(["check", "--json", "--severity", "error"]) in (0, 1)
    findings = json.loads(capsys.readouterr().out)["findings"]
    noisy = [f for f in findings if f["edition"] in ("en-2017", "xq-2017")
             and f["code"] in ("foreign-character", "term-mismatch")]
    assert noisy == []
    from site_support import build

    build(project / "corpus" / "editions.yaml", project / "site")
    page = (project / "site" / "laws" / "64" / "index.html").read_text(encoding="utf-8")
    assert "Zimra" in page and "twelfth trick" in page
    # the glossary's English column: each concept's label, linked to where the English edition uses it
    glossary = (project / "site" / "glossary" / "index.html").read_text(encoding="utf-8")
    row = glossary.split('<tr id="revoke">', 1)[1].split("</tr>", 1)[0]
    english = row.split('<td lang="en"', 1)[1].split("</td>", 1)[0]
    assert "revoke" in english and "64" in english


@pytest.mark.parametrize("backend", ["whoosh", "tantivy"])
def test_termbase_languages_ahead_of_their_editions_on_either_engine(project, capsys, monkeypatch, backend):
    """A federation may write its language's terms before its edition is added (here Danish), and an English
    edition's own law titles share the field of the English titles every edition has: either engine indexes and
    searches such a corpus (before: Whoosh raised TermNotFound for 'text_da', tantivy panicked on a field defined
    twice)."""
    if backend == "tantivy":
        pytest.importorskip("tantivy")
    monkeypatch.setenv("LAWTOOLS_SEARCH_BACKEND", backend)
    terms = project / "corpus" / "terms.yaml"
    danish = "      da: [{term: renons, forms: [renonce]}]\n"
    terms.write_text(terms.read_text(encoding="utf-8").replace(
        "      nl: [{term: verzaking}", danish + "      nl: [{term: verzaking}", 1), encoding="utf-8")
    assert main(["index"]) == 0
    capsys.readouterr()
    assert main(["search", "twelfth trick", "--lang", "en", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["results"][0]["edition"] == "en-2017"
    assert main(["search", "revoke", "--json"]) == 0  # the concept carries its Danish term along
    found = json.loads(capsys.readouterr().out)
    assert found["concepts"][0]["concept"] == "revoke" and found["concepts"][0]["terms"]["da"] == ["renons"]
    assert "64" in {r["law"] for r in found["results"]}



def test_with_an_english_edition_english_is_a_native_query_language(project):
    """With an English edition, English is a query language with editions of its own (language.Guess.native; the
    page's lawquery.js nativeOf): an English query finds its own edition at full weight and reaches the others
    through the termbase for less (EXPANSION_BOOST), as a Swedish query does. Before, English was never native,
    so the other editions' terms weighed as much as the English edition's own words."""
    from lawtools.records import load_corpus
    from lawtools.search.api import Searcher
    from lawtools.search.clauses import EXPANSION_BOOST

    searcher = Searcher(load_corpus(project / "corpus" / "editions.yaml"), project / "build" / "index")
    parsed = searcher.parser.parse("revoke trick")
    assert parsed.languages.native == ("en",)
    boosts = {(a.language, a.field, a.terms): a.boost for c in parsed.plan.clauses for a in c.alternatives}
    assert max(b for (lang, field, _), b in boosts.items() if lang == "en" and field == "text") == 1.0
    expanded = {lang: b for (lang, field, _), b in boosts.items() if lang != "en" and field == "text"}
    assert set(expanded) >= {"sv", "de", "nl"} and all(b <= EXPANSION_BOOST for b in expanded.values())
    assert searcher.search("twelfth trick").groups[0].hits[0].edition == "en-2017"
    searcher.close()


def test_a_query_in_another_language_reaches_an_english_edition_through_the_termbase(project, capsys):
    """The termbase's English labels are an English edition's terms for search too: the Dutch 'verzaking' (revoke)
    finds the English edition's revokes beside the other editions' (before, English entries only named concepts)."""
    assert main(["index"]) == 0
    capsys.readouterr()
    assert main(["search", "verzaking", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert {"nl-2017", "en-2017"} <= {r["edition"] for r in found["results"]}
    english = [r for r in found["results"] if r["edition"] == "en-2017"]
    assert english[0]["law"] == "64"
