"""Law 2: dealer and vulnerability by board number, against endplay and the table printed in nb-2017 Law 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawtools.errors import NotationError
from lawtools.rules.cards import Seat
from lawtools.rules.law02_boards import BoardTable, Vulnerability, dealer, parse_board_table, vulnerability

ROOT = Path(__file__).resolve().parent.parent


def assert_table_agrees(table: BoardTable) -> None:
    assert table.cycle == 16
    for board in range(1, 65):
        assert (dealer(board), vulnerability(board)) == (table.dealer(board), table.vulnerable(board)), board


def test_law2_agrees_with_the_table_in_the_nb_record():
    """The table is parsed from the record's text (lawtools/data/rules_law2.yaml says how it is printed)."""
    from lawtools.records import load_corpus
    from lawtools.rules.quote import provision_text

    article = load_corpus(ROOT / "corpus" / "editions.yaml").article("nb-2017", "2")
    assert_table_agrees(parse_board_table(provision_text(article, "2"), "nb"))


def test_law2_agrees_with_endplay_for_boards_1_to_64():
    types = pytest.importorskip("endplay.types")
    seats = {types.Player.north: Seat.NORTH, types.Player.east: Seat.EAST, types.Player.south: Seat.SOUTH,
             types.Player.west: Seat.WEST}
    vuls = {types.Vul.none: Vulnerability.NONE, types.Vul.ns: Vulnerability.NS, types.Vul.ew: Vulnerability.EW,
            types.Vul.both: Vulnerability.BOTH}
    for board in range(1, 65):
        assert dealer(board) is seats[types.Player.from_board(board)], board
        assert vulnerability(board) is vuls[types.Vul.from_board(board)], board


def test_table_parser_rejects_a_table_with_a_row_missing():
    text = "Nord Giver Mappe 1 5 9 13 Øst Giver Mappe 2 6 10 14 Syd Giver Mappe 3 7 11 15"
    with pytest.raises(NotationError, match="no dealer row for 'Vest'"):
        parse_board_table(text, "nb")


@pytest.mark.parametrize(("board", "seat", "vul"), [
    (1, Seat.NORTH, Vulnerability.NONE), (2, Seat.EAST, Vulnerability.NS), (16, Seat.WEST, Vulnerability.EW),
    (17, Seat.NORTH, Vulnerability.NONE), (13, Seat.NORTH, Vulnerability.BOTH),
], ids=lambda v: str(v))
def test_law2_examples(board, seat, vul):
    assert (dealer(board), vulnerability(board)) == (seat, vul)


def test_board_numbers_are_positive():
    with pytest.raises(NotationError):
        dealer(0)
