"""Core bridge types: parse/str round trips and clear errors for bad notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lawtools.errors import NotationError
from lawtools.rules.cards import (
    Call,
    CallKind,
    Card,
    Contract,
    Deal,
    Denomination,
    Doubling,
    Hand,
    Rank,
    Seat,
    Side,
    Suit,
    Trick,
    full_deck,
)

DEAL = "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"


@pytest.mark.parametrize(("text", "expected"), [("SA", "SA"), ("h10", "HT"), ("♦Q", "DQ"), ("c2", "C2")], ids=str)
def test_card_parse(text, expected):
    assert str(Card.parse(text)) == expected


@given(st.sampled_from(full_deck()))
def test_card_round_trip(card):
    assert Card.parse(str(card)) == card


@pytest.mark.parametrize("text", ["1NT", "7C", "3S", "Pass", "X", "XX"])
def test_call_round_trip(text):
    assert str(Call.parse(text)) == text


@pytest.mark.parametrize(("text", "kind"), [("P", CallKind.PASS), ("pass", CallKind.PASS), ("D", CallKind.DOUBLE),
                                            ("R", CallKind.REDOUBLE), ("2n", CallKind.BID)], ids=str)
def test_call_aliases(text, kind):
    assert Call.parse(text).kind is kind


@given(st.integers(1, 7), st.sampled_from(list(Denomination)), st.sampled_from(list(Doubling)),
       st.sampled_from(list(Seat)))
def test_contract_round_trip(level, denomination, doubling, seat):
    contract = Contract(level, denomination, doubling, seat)
    assert Contract.parse(str(contract), declarer=seat) == contract


def test_contract_fields():
    contract = Contract.parse("4SX", declarer="S")
    assert (contract.level, contract.denomination, contract.doubling, contract.declarer) == (
        4, Denomination.SPADES, Doubling.DOUBLED, Seat.SOUTH)
    assert contract.tricks_needed == 10


def test_deal_parse_and_round_trip():
    deal = Deal.parse(DEAL)
    assert str(deal.hand(Seat.EAST)) == "Q5.KJ52.KQ874.T8"
    assert deal.holder(Card.parse("SA")) is Seat.SOUTH
    assert Deal.parse(str(deal)) == deal
    assert Deal.parse(deal.to_pbn(Seat.WEST)) == deal


def test_deal_fills_one_missing_hand():
    deal = Deal.parse("N:KT8.A96.A95.7542 - AJ92.874.JT6.AQ3 7643.QT3.32.KJ96")
    assert str(deal.hand(Seat.EAST)) == "Q5.KJ52.KQ874.T8"
    assert not deal.unknown


@pytest.mark.parametrize(("text", "message"), [
    ("ZA", "not a card"), ("S1", "not a card"), ("", "not a card"),
], ids=["suit", "rank", "empty"])
def test_bad_cards(text, message):
    with pytest.raises(NotationError, match=message):
        Card.parse(text)


@pytest.mark.parametrize(("text", "message"), [
    ("8NT", "level is 1 to 7"), ("1Z", "not a call"), ("XXX", "not a call"),
], ids=["level", "denomination", "xxx"])
def test_bad_calls(text, message):
    with pytest.raises(NotationError, match=message):
        Call.parse(text)


@pytest.mark.parametrize(("text", "message"), [
    ("N:KT8.A96.A95.75423 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96", "14 cards"),
    ("N:KT8.A96.A95.7542 K5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96", "SK is dealt to both"),
    ("N:KT8.A96.A95 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96", "3 suits"),
    ("N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3", "four hands"),
    ("X:KT8.A96.A95.7542", "not a deal"),
    ("N:KT8.A96.A95.754Z Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96", "'Z' is not a rank"),
], ids=["14-cards", "duplicate", "three-suits", "three-hands", "seat", "rank"])
def test_impossible_deals(text, message):
    with pytest.raises(NotationError, match=message):
        Deal.parse(text)


def test_seats_and_sides():
    assert (Seat.NORTH.lho, Seat.NORTH.partner, Seat.NORTH.rho) == (Seat.EAST, Seat.SOUTH, Seat.WEST)
    assert Seat.WEST.side is Side.EW and Side.parse("N-S") is Side.NS
    assert Suit.parse("♠") is Suit.SPADES and Rank.parse("10") is Rank.TEN


def test_trick_order():
    trick = Trick.parse("SA S2 H3 SK", "W")
    assert [s for s, _ in trick.plays()] == [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]
    assert trick.led_suit is Suit.SPADES and trick.complete
    assert str(Hand.parse("AK.2..").without(Card.parse("SA"))) == "K.2.."
