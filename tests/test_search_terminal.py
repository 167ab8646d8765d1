"""Search results for people: highlights as ANSI bold on a terminal, «marks» elsewhere, at 80 columns."""

from __future__ import annotations

import json

import pytest
from search_support import make_project

from lawtools.cli import main
from lawtools.search.highlight import BOLD, RESET, for_terminal
from lawtools.table import display_width

CASES = {
    "plain": ("Den **felande** spelaren", False, "Den «felande» spelaren"),
    "ansi-per-word": ("ett **stort straffkort**.", True, f"ett {BOLD}stort{RESET} {BOLD}straffkort{RESET}."),
    "footnote-escapes": ("**straffkort**\\*\\* se lag 50", False, "«straffkort»** se lag 50"),
    "escape-inside-match": ("**a\\*b** c", False, "«a*b» c"),
    "unclosed": ("x **y", False, "x **y"),
    "no-marks": ("ingen träff", True, "ingen träff"),
}


@pytest.mark.parametrize(("marked", "ansi", "expected"), CASES.values(), ids=CASES.keys())
def test_for_terminal(marked, ansi, expected):
    assert for_terminal(marked, ansi) == expected


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return make_project(tmp_path_factory.mktemp("terminal-project"))


def run(project, monkeypatch, capsys, *args):
    monkeypatch.chdir(project)
    monkeypatch.delenv("LAWTOOLS_INDEX_DIR", raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    code = main(list(args))
    return code, capsys.readouterr().out


def test_piped_output_marks_matches_plainly_within_80_columns(project, monkeypatch, capsys):
    code, out = run(project, monkeypatch, capsys, "search", "straffkort")
    assert code == 0 and "«" in out and "»" in out
    assert "**" not in out.replace("»**", "") and "\\*" not in out and "\x1b" not in out
    assert all(display_width(line) <= 80 for line in out.split("\n"))


def test_json_snippets_keep_their_markdown_marks(project, monkeypatch, capsys):
    code, out = run(project, monkeypatch, capsys, "search", "straffkort", "--json")
    snippets = [hit["snippet"] for hit in json.loads(out)["results"]]
    assert code == 0 and any("**" in s for s in snippets) and not any("«" in s for s in snippets)
