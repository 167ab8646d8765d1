"""The `lawtools rules` commands: DESIGN.md JSON shapes, human output and one-line errors."""

from __future__ import annotations

import json

import pytest

from lawtools.cli import main
from lawtools.rules.registry import rules


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_json_has_the_design_shape(capsys):
    code, out, _ = run(capsys, "rules", "score", "4SX", "11", "--vulnerable", "--json")
    assert code == 0
    assert json.loads(out) == {"contract": "4SX", "tricks": 11, "vulnerable": True, "score": 990, "provisions": ["77"]}


def test_score_for_people(capsys):
    code, out, _ = run(capsys, "rules", "score", "3NT", "7")
    assert (code, out.strip()) == (0, "3NT with 7 tricks: -100 (Law 77)")


@pytest.mark.parametrize(("args", "message"), [
    (("rules", "score", "4SY", "11"), "lawtools: not a contract: '4SY'"),
    (("rules", "score", "8NT", "11"), "lawtools: not a contract: '8NT'"),
    (("rules", "score", "4S", "14"), "declarer wins 0 to 13 tricks"),
    (("rules", "replay", "missing.pbn"), "lawtools: missing.pbn: no such file"),
    (("rules", "replay", "README.md", "--edition", "fr-2017"), "unknown edition 'fr-2017'; give an edition id"),
    (("rules", "replay", "README.md", "--edition", "fr-2017"), "give an edition id inside a project"),
    (("rules", "replay", "README.md", "--edition", "2001"), "no rules for the 2001 Laws; known years"),
    (("rules", "replay", "tests"), "lawtools: tests: is a directory"),
    (("rules", "replay", "tests/__empty__.pbn"), "__empty__.pbn: no boards"),
], ids=["suit", "level", "tricks", "file", "edition", "edition-outside-project", "year", "directory", "empty"])
def test_errors_are_one_line(capsys, args, message, tmp_path, monkeypatch):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "__empty__.pbn").write_text("\n  \n", encoding="utf-8")  # blank: no boards
    (tmp_path / "README.md").write_text("# not PBN\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *args)
    assert code != 0 and message in err and "Traceback" not in err


def test_list_json_gives_every_rule_with_its_provisions_and_example_result(capsys):
    code, out, _ = run(capsys, "rules", "list", "--json")
    data = json.loads(out)
    assert code == 0 and [r["qualname"] for r in data["rules"]] == [r.qualname for r in rules()]
    score = next(r for r in data["rules"] if r["name"] == "score")
    assert (score["provisions"], score["result"]) == (["77"], "990")
    assert {a["law"] for a in data["absent"]} == {"22", "27", "36", "39", "77", "78"}


def test_list_for_people(capsys):
    code, out, _ = run(capsys, "rules", "list")
    assert code == 0 and "revoke_adjustment" in out and "Cited laws absent from the corpus: 22" in out


def test_the_rules_group_is_listed_in_the_top_level_help(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "rules" in out and "replay PBN/LIN boards" in out


DEAL = '[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]'


@pytest.mark.parametrize(("auction", "shown"), [("Pass Pass Pass Pass", "Pass"), ("1NT 2NT Pass", "—")],
                         ids=["passed-out", "unfinished"])
def test_replay_table_tells_a_passed_out_board_from_an_unfinished_auction(tmp_path, capsys, auction, shown):
    pbn = tmp_path / "b.pbn"
    pbn.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n{DEAL}\n[Auction "N"]\n{auction}\n',
                   encoding="utf-8")
    code, out, _ = run(capsys, "rules", "replay", str(pbn))
    row = out.split("\n")[2].split()
    assert code == 0 and row[:2] == ["1", shown] and "1 board replayed" in out
