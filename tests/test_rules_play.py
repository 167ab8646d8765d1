"""Law 44 (play of a trick), 46B (designation from dummy), 50-51 (penalty cards) and 57 (premature play)."""

from __future__ import annotations

import pytest

from lawtools.rules.cards import Card, Hand, Seat, Suit, Trick
from lawtools.rules.law01_ranking import denomination_ranking, outranks, suit_ranking
from lawtools.rules.law44_play import legal_cards, next_leader, trick_winner
from lawtools.rules.law46_designation import designated_card
from lawtools.rules.law50_51_penalty_cards import PenaltyKind, lead_options, penalty_card_kind, playable_cards
from lawtools.rules.law57_premature import partner_cards, premature_play_options, premature_play_rectified


def cards(text: str) -> frozenset[Card]:
    return Hand.parse(text).cards


def names(found) -> list[str]:
    return sorted(str(c) for c in found)


def test_law1_rankings():
    assert [s.letter for s in suit_ranking()] == ["S", "H", "D", "C"]
    assert [d.letter for d in denomination_ranking()] == ["NT", "S", "H", "D", "C"]
    assert outranks(Card.parse("HT"), Card.parse("H9"))
    with pytest.raises(ValueError):
        outranks(Card.parse("HT"), Card.parse("S9"))


@pytest.mark.parametrize(("hand", "led", "expected"), [
    ("AK.2..", None, ["H2", "SA", "SK"]), ("AK.2..", Suit.HEARTS, ["H2"]), ("AK.2..", Suit.CLUBS, ["H2", "SA", "SK"]),
], ids=["lead-44A", "follow-44C", "discard-44D"])
def test_legal_cards(hand, led, expected):
    assert names(legal_cards(cards(hand), led)) == expected


@pytest.mark.parametrize(("trick", "trump", "winner", "leader"), [
    ("SA S2 H3 SK", Suit.HEARTS, "H3", Seat.SOUTH), ("SA S2 H3 SK", None, "SA", Seat.NORTH),
    ("S2 SA H3 HK", Suit.HEARTS, "HK", Seat.WEST), ("D2 C3 C4 DT", Suit.SPADES, "DT", Seat.WEST),
], ids=["ruff-44E", "notrump-44F", "overruff-44E", "discards-44F"])
def test_trick_winner_and_next_leader(trick, trump, winner, leader):
    played = Trick.parse(trick, "N")
    assert str(trick_winner(played, trump)) == winner
    assert next_leader(played, trump) is leader


DUMMY = ".KQ4.A2.T98"


@pytest.mark.parametrize(("said", "trick", "edition", "card", "provision"), [
    ("high", "HJ", 2017, "HK", "46B1(a)"),
    ("win", "HJ", 2017, "HQ", "46B1(b)"),
    ("low", "HJ", 2017, "H4", "46B1(c)"),
    ("high", "H2 HJ H3", 1997, "HQ", "46B1"),  # 1997: fourth hand 'high' may be the lowest winner
    ("high", "H2 HJ H3", 2007, "HK", "46B1(a)"),
    ("C", "", 2017, "C8", "46B2"),
    ("A", "", 2017, "DA", "46B3(b)"),
    ("Q", "HJ", 2017, "HQ", "46B3(b)"),
    ("SA", "", 2017, None, "46B4"),
    ("", "", 2017, None, "46B5"),
], ids=lambda v: str(v))
def test_designated_card_law46b(said, trick, edition, card, provision):
    played = Trick.parse(trick, "E") if trick else None
    found = designated_card(said, cards(DUMMY), played, trump=None, edition=edition)
    assert (str(found.card) if found.card else None, found.provisions[0]) == (card, provision)


def test_rank_only_on_a_lead_continues_the_suit_dummy_won_in():
    found = designated_card("T", cards(".T4.T2.T98"), None, dummy_won_previous_in=Suit.DIAMONDS)
    assert (str(found.card), found.provisions) == ("DT", ("46B3(a)",))
    ambiguous = designated_card("T", cards(".T4.T2.T98"), None)
    assert ambiguous.card is None and ambiguous.provisions == ("46B3(b)",)


@pytest.mark.parametrize(("card", "deliberate", "count", "kind"), [
    ("H7", False, 1, PenaltyKind.MINOR), ("HT", False, 1, PenaltyKind.MAJOR), ("H7", True, 1, PenaltyKind.MAJOR),
    ("H7", False, 2, PenaltyKind.MAJOR),
], ids=str)
def test_penalty_card_kind_law50b(card, deliberate, count, kind):
    assert penalty_card_kind(Card.parse(card), deliberate, count) is kind


def test_playable_cards_with_penalty_cards():
    hand = cards(".A5.K3.")
    assert names(playable_cards(hand, Suit.CLUBS, {Card.parse("DK"): PenaltyKind.MAJOR})) == ["DK"]  # 50D1(a)
    assert names(playable_cards(hand, Suit.HEARTS, {Card.parse("DK"): PenaltyKind.MAJOR})) == ["H5", "HA"]  # 50D1(b)
    minor = {Card.parse("D7"): PenaltyKind.MINOR}
    assert names(playable_cards(hand, Suit.DIAMONDS, minor)) == ["D7", "DK"]  # 50C: D3 barred, honour allowed


def test_lead_options_laws_50d2_and_51b():
    assert [(o.action, o.provisions[0]) for o in lead_options([Card.parse("SK")])] == [
        ("require", "50D2(a)"), ("forbid", "50D2(a)"), ("none", "50D2(b)")]
    two_suits = lead_options([Card.parse("SK"), Card.parse("H4")])
    assert {o.provisions[0] for o in two_suits} == {"51B2(a)", "51B2(b)", "50D2(b)"}


def test_law57a_three_options_before_2017_and_four_since():
    assert [o.provision for o in premature_play_options(1997)] == ["57A1", "57A2", "57A3"]
    assert [o.provision for o in premature_play_options(2007)] == ["57A1", "57A2", "57A3"]
    assert [o.key for o in premature_play_options(2017)] == ["highest", "lowest", "require-other-suit",
                                                             "forbid-other-suit"]


def test_law57_partner_cards():
    hand = cards("K2.A5..")
    assert names(partner_cards(hand, Suit.SPADES, "lowest")) == ["S2"]
    assert names(partner_cards(hand, Suit.CLUBS, "highest")) == ["H5", "HA", "S2", "SK"]  # 57B: cannot comply
    assert names(partner_cards(hand, Suit.CLUBS, "require-other-suit", Suit.HEARTS)) == ["H5", "HA"]
    with pytest.raises(ValueError, match="no option 'require-other-suit' in the 2007 Laws"):
        partner_cards(hand, Suit.CLUBS, "require-other-suit", Suit.HEARTS, edition=2007)
    assert not premature_play_rectified(declarer_played_both=False, dummy_played=True)
