"""Law 77 scoring against a golden table of our own and against endplay; Law 78 matchpoints and IMPs."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from lawtools.rules.cards import Contract, Denomination, Doubling, Seat
from lawtools.rules.law77_scoring import score
from lawtools.rules.law78_methods import imps, matchpoints

GOLDEN = Path(__file__).parent / "data" / "rules" / "score_golden.csv"


def golden_rows() -> list[tuple[str, int, bool, int]]:
    with GOLDEN.open(encoding="utf-8") as handle:
        return [(r["contract"], int(r["tricks"]), r["vulnerable"] == "1", int(r["score"]))
                for r in csv.DictReader(handle)]


def test_golden_table_covers_every_combination():
    rows = golden_rows()
    keys = {(c, t, v) for c, t, v, _ in rows}
    assert len(rows) == len(keys) == 7 * 5 * 3 * 14 * 2


@pytest.mark.parametrize("level", range(1, 8), ids=lambda n: f"level{n}")
def test_score_matches_golden_table(level):
    wrong = [(c, t, v, expected, score(Contract.parse(c), t, v)) for c, t, v, expected in golden_rows()
             if c.startswith(str(level)) and score(Contract.parse(c), t, v) != expected]
    assert wrong == []


@pytest.mark.parametrize(("contract", "tricks", "vulnerable", "expected"), [
    ("3NT", 9, False, 400), ("4SX", 11, True, 990), ("1NTXX", 7, False, 560), ("7NTXX", 13, True, 2980),
    ("3NTX", 5, False, -800), ("6S", 13, False, 1010), ("2HX", 8, True, 670), ("4HXX", 8, True, -1000),
], ids=lambda v: str(v))
def test_score_hand_checked_against_the_law77_table(contract, tricks, vulnerable, expected):
    assert score(Contract.parse(contract), tricks, vulnerable) == expected


def test_score_agrees_with_endplay_on_every_combination():
    types = pytest.importorskip("endplay.types")
    denoms = {Denomination.CLUBS: types.Denom.clubs, Denomination.DIAMONDS: types.Denom.diamonds,
              Denomination.HEARTS: types.Denom.hearts, Denomination.SPADES: types.Denom.spades,
              Denomination.NOTRUMP: types.Denom.nt}
    penalties = {Doubling.UNDOUBLED: types.Penalty.passed, Doubling.DOUBLED: types.Penalty.doubled,
                 Doubling.REDOUBLED: types.Penalty.redoubled}
    checked, wrong = 0, []
    for level in range(1, 8):
        for denomination in Denomination:
            for doubling in Doubling:
                ours_contract = Contract(level, denomination, doubling, Seat.NORTH)
                for tricks in range(14):
                    theirs = types.Contract(level=level, denom=denoms[denomination], declarer=types.Player.north,
                                            penalty=penalties[doubling], result=tricks - level - 6)
                    for vulnerable in (False, True):
                        expected = theirs.score(types.Vul.ns if vulnerable else types.Vul.none)
                        checked += 1
                        if score(ours_contract, tricks, vulnerable) != expected:
                            wrong.append((str(ours_contract), tricks, vulnerable, expected))
    assert checked == 2940
    assert wrong == []


@pytest.mark.parametrize(("difference", "expected"), [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (450, 10), (490, 10), (500, 11), (-620, -12), (1500, 17),
    (3990, 23), (4000, 24), (7600, 24),
], ids=str)
def test_imps_follow_the_law78b_scale(difference, expected):
    assert imps(difference) == expected


def test_matchpoints_give_one_per_lower_score_and_a_half_per_tie():
    assert matchpoints([420, 420, 450, -50]) == [1.5, 1.5, 3.0, 0.0]
    assert sum(matchpoints([1, 2, 3, 4, 5])) == 10  # n(n-1)/2 matchpoints are shared on a board


def test_imps_match_the_scoreimp_tags_of_the_realbridge_teams_match(shared_dir):
    """Two tables of a teams match play each board; ScoreIMP (NS) is the IMPs for NS's score minus the other NS's."""
    from collections import defaultdict

    from lawtools.rules.pbn import read_pbn
    from lawtools.rules.replay import replay_game

    games = read_pbn(shared_dir / "bridge-data" / "realbridge-2021-qualifier.pbn")
    tables = defaultdict(list)
    for game in games:
        tables[(game.board, frozenset((game.tags["HomeTeam"], game.tags["VisitTeam"])))].append(game)
    checked = 0
    for pair in (p for p in tables.values() if len(p) == 2):
        ns = []
        for game in pair:
            board = replay_game(game, 2017)
            declarer = board.declarer or "N"
            ns.append(board.score if declarer in "NS" else -board.score)
        for game, mine, other in ((pair[0], ns[0], ns[1]), (pair[1], ns[1], ns[0])):
            tagged = int(game.tags["ScoreIMP"].split()[1])
            assert imps(mine - other) == tagged, (game.board, game.line, mine, other, tagged)
            checked += 1
    assert checked >= 280
