"""Shared helpers for the search tests: a small fixture project and the real corpus (when it has records)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from lawtools.manifest import load_manifest
from lawtools.model import Article, Entry, FrontMatter, Node, dumps
from lawtools.records import Corpus

ROOT = Path(__file__).resolve().parent.parent
TERMS = ROOT / "corpus" / "terms.yaml"

# Provisions copied from the sources (shortened), enough to exercise every route of the search.
FIXTURE = {
    ("sv-2007", "sv"): [
        Article("sv-2007", "sv", "50", "BEHANDLING AV STRAFFKORT", nodes=[
            Node("50B", "section", "B", "Stort eller litet straffkort?",
                 "Ett enda kort under tia, som visats oavsiktligt blir ett litet straffkort. Varje honnörskort "
                 "blir ett stort straffkort."),
            Node("50C", "section", "C", "Bestämmelser för litet straffkort",
                 "Straffkortsinnehavarens partner drabbas inte av utspelsbegränsningar."),
        ]),
        Article("sv-2007", "sv", "64", "NÄR EN REVOKE ETABLERATS", nodes=[
            Node("64B", "section", "B", "Ingen korrigering", "Det blir ingen korrigering efter en etablerad revoke",
                 children=[Node("64B6", "item", "6", "", "om revoken skedde i det tolfte sticket.")]),
        ]),
    ],
    ("de-1997", "de"): [
        Article("de-1997", "de", "50", "Behandlung einer Strafkarte", nodes=[
            Node("50B", "section", "B", "Haupt- oder Nebenstrafkarte?",
                 "Jede beliebige Karte im Range einer Figur wird zur Hauptstrafkarte."),
        ]),
        Article("de-1997", "de", "64", "Verfahren nach Vollendung eines Revokes", nodes=[
            Node("64B", "section", "B", "Keine Strafe verhängt", "Die Strafvorschriften finden keine Anwendung:",
                 children=[Node("64B6", "item", "6", "Revoke im zwölften Stich", "auf ein Revoke im zwölften Stich.")]),
        ]),
    ],
    ("nl-2017", "nl"): [
        Article("nl-2017", "nl", "62", "Herstel van een verzaking", nodes=[
            Node("62A", "section", "A", "Verzaking moet hersteld worden",
                 "Een speler moet zijn verzaking herstellen indien de aandacht erop gevestigd is."),
        ]),
        Article("nl-2017", "nl", "64", "De gang van zaken na het voldongen worden van een verzaking", nodes=[
            Node("64B", "section", "B", "Geen automatische aanpassing van het aantal slagen", "",
                 children=[Node("64B6", "item", "6", "", "de verzaking in de twaalfde slag plaatsvindt;")]),
        ]),
    ],
    ("nb-2017", "nb"): [
        Article("nb-2017", "nb", "16", "LOVLIG OG URETTMESSIG INFORMASJON", nodes=[
            Node("16B", "section", "B", "Uvedkommende informasjon fra makker",
                 "All uvedkommende informasjon fra makker som kan indikere en melding eller et spill er urettmessig."),
        ]),
    ],
}

MANIFEST = """editions:
""" + "".join(
    f"""  - {{id: {edition}, language: {language}, year: {edition[-4:]}, title: t, provenance: p, laws: "1-71",
      layout: plain, source: sources/{edition}.txt}}
""" for edition, language in FIXTURE)


def make_project(root: Path) -> Path:
    """A project directory with corpus/editions.yaml, corpus/terms.yaml and fixture records; returns root."""
    corpus = root / "corpus"
    (corpus / "records").mkdir(parents=True, exist_ok=True)
    (corpus / "editions.yaml").write_text(MANIFEST, encoding="utf-8")
    shutil.copy(TERMS, corpus / "terms.yaml")
    for (edition, language), articles in FIXTURE.items():
        folder = corpus / "records" / edition
        folder.mkdir(parents=True, exist_ok=True)
        front = []
        for article in articles:
            (folder / f"{article.law}.json").write_text(dumps(article), encoding="utf-8")
        if language == "nb":
            definitions = FrontMatter(edition, language, "definitions", "Definisjoner", entries=[
                Entry("Straffekort", "Et kort som skal behandles etter reglene i 50."),
                Entry("Blindemann", "Spilleførerens makker."),
            ])
            (folder / "definitions.json").write_text(dumps(definitions), encoding="utf-8")
            front = ["definitions"]
        info = {"edition": edition, "language": language, "laws": [a.law for a in articles], "front_matter": front}
        (folder / "edition.json").write_text(json.dumps(info), encoding="utf-8")
    return root


def fixture_corpus(root: Path) -> Corpus:
    """The Corpus of a fixture project made by make_project."""
    manifest = load_manifest(root / "corpus" / "editions.yaml")
    return Corpus(manifest.corpus_dir / "records", manifest)


def real_corpus() -> Corpus:
    """The project's corpus (or the one $LAWTOOLS_SEARCH_MANIFEST names); skips when it has no records yet."""
    path = Path(os.environ.get("LAWTOOLS_SEARCH_MANIFEST", ROOT / "corpus" / "editions.yaml"))
    manifest = load_manifest(path)
    records = manifest.corpus_dir / "records"
    if not any(records.glob("*/edition.json")):
        pytest.skip(f"no records under {records} yet (run `lawtools ingest`)")
    return Corpus(records, manifest)


_REAL_INDEX: list[Path] = []


def real_index_dir() -> Path:
    """One index directory for the real corpus shared by every test module of a run (built once, then
    found fresh), so the real-corpus search tests do not each rebuild the index."""
    if not _REAL_INDEX:
        import atexit
        import tempfile

        folder = Path(tempfile.mkdtemp(prefix="lawtools-real-index-"))
        atexit.register(shutil.rmtree, folder, True)
        _REAL_INDEX.append(folder / "index")
    return _REAL_INDEX[0]
