"""Laws 17-22: calling order, sufficiency, doubles and redoubles, end of auction, final contract and declarer."""

from __future__ import annotations

import pytest

from lawtools.rules.cards import Call, Seat
from lawtools.rules.law17_22_auction import (
    auction_ended,
    can_double,
    can_redouble,
    check_call,
    final_contract,
    is_sufficient,
    replay_auction,
    supersedes,
)


def calls(text: str) -> list[Call]:
    return [Call.parse(t) for t in text.split()]


@pytest.mark.parametrize(("bid", "previous", "expected"), [
    ("1S", "1H", True), ("1H", "1S", False), ("1NT", "1S", True), ("2C", "1NT", True), ("1C", "1C", False),
    ("7C", "6NT", True),
], ids=lambda v: str(v))
def test_supersedes_law18b(bid, previous, expected):
    assert supersedes(Call.parse(bid), Call.parse(previous)) is expected


@pytest.mark.parametrize(("so_far", "call", "code", "provisions"), [
    ("1S", "1H", "insufficient-bid", ("18D", "27")),
    ("1NT P P", "1S", "insufficient-bid", ("18D", "27")),
    ("", "X", "inadmissible-double", ("19A1", "36")),
    ("1H P", "X", "inadmissible-double", ("19A1", "36")),  # partner's bid
    ("1H X", "X", "inadmissible-double", ("19A1", "36")),
    ("1H P P X", "XX", None, None),
    ("1H X P", "XX", "inadmissible-redouble", ("19B1", "36")),  # own side's double
    ("1H", "XX", "inadmissible-redouble", ("19B1", "36")),
    ("1H P P P", "1S", "call-after-auction", ("22A", "39")),
    ("P P P P", "P", "call-after-auction", ("22A", "39")),
    ("1H P P", "X", None, None),
    ("1H X", "XX", None, None),
    ("1H X P P", "XX", None, None),
    ("1H X XX", "XX", "inadmissible-redouble", ("19B1", "36")),
], ids=lambda v: str(v))
def test_check_call(so_far, call, code, provisions):
    problem = check_call(calls(so_far), Call.parse(call))
    assert (problem.code, problem.provisions) == (code, provisions) if code else problem is None


@pytest.mark.parametrize(("text", "ended"), [
    ("P P P P", True), ("P P P", False), ("1C P P P", True), ("1C P P", False), ("P 1C X P P", False),
    ("P 1C X P P P", True), ("P 1C X P P XX P P P", True),
], ids=str)
def test_auction_ended(text, ended):
    assert auction_ended(calls(text)) is ended


@pytest.mark.parametrize(("dealer", "text", "contract", "declarer"), [
    (Seat.NORTH, "1S P 4S X P P P", "4SX", Seat.NORTH),
    (Seat.EAST, "P 1H P 2C P 2H P 4H P P P", "4H", Seat.SOUTH),  # South bid hearts first for N-S
    (Seat.SOUTH, "1D 1S 3H 4S 4NT X P P 5C X 5H X P P P", "5HX", Seat.NORTH),
    (Seat.WEST, "1NT X XX P P P", "1NTXX", Seat.WEST),
    (Seat.NORTH, "1C X 1S P P P", "1S", Seat.SOUTH),  # a later bid cancels the double (19C)
], ids=lambda v: str(v))
def test_final_contract(dealer, text, contract, declarer):
    result = final_contract(dealer, calls(text))
    assert (str(result), result.declarer) == (contract, declarer)


def test_passed_out():
    result = replay_auction(Seat.NORTH, calls("P P P P"))
    assert result.passed_out and result.contract is None and not result.problems


def test_is_sufficient_with_no_bid_so_far():
    assert is_sufficient(Call.parse("1C"), calls("P P"))
    assert can_double(calls("1C")) and not can_redouble(calls("1C P"))


def test_replay_keeps_an_insufficient_bid_as_accepted():
    result = replay_auction(Seat.NORTH, calls("1S 1H P P P"))
    assert [(i, p.code) for i, p in result.problems] == [(1, "insufficient-bid")]
    assert str(result.contract) == "1H" and result.contract.declarer is Seat.EAST


@pytest.mark.parametrize(("text", "expected"), [("1C", True), ("7NT", True), ("8NT", False), ("0S", False),
                                                ("Pass", False), ("4Z", False)], ids=str)
def test_bid_form_law18a(text, expected):
    from lawtools.rules.law17_22_auction import is_bid_form

    assert is_bid_form(text) is expected
