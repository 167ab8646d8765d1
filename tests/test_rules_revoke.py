"""Laws 61-64: revoke, establishment and the trick adjustment, clause by clause, edition by edition.

Declarer is South in every case; East (a defender) revokes unless the case says otherwise. Each row gives
the tricks transferred and the deciding provision for the 1997, 2007 and 2017 Laws, read from
corpus/sources (de-1997 § 64, sv-2007 lag 64, nl-2017 artikel 64).
"""

from __future__ import annotations

import pytest

from lawtools.rules.cards import Card, Hand, Seat, Suit
from lawtools.rules.law61_64_revoke import (
    RevokeCase,
    adjust_declarer_tricks,
    established_by,
    exceptions,
    is_revoke,
    revoke_adjustment,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def case(**changes) -> RevokeCase:
    fields = {"offender": E, "declarer": S, "trick": 5, "revoke_trick_winner": E, "later_winners": (W, S, S)}
    fields.update(changes)
    return RevokeCase(**fields)


CASES = [
    # id, case, {year: (transferred, deciding provision)}
    ("A1-offender-won-revoke-trick-and-a-later-one", case(), {y: (2, "64A1") for y in (1997, 2007, 2017)}),
    ("A1-offender-won-revoke-trick-only", case(later_winners=(S, S, N)), {y: (1, "64A1") for y in (1997, 2007, 2017)}),
    ("A2-partner-won-revoke-trick", case(revoke_trick_winner=W, later_winners=(S, N)),
     {y: (1, "64A2") for y in (1997, 2007, 2017)}),
    ("A2-side-won-a-later-trick", case(revoke_trick_winner=S, later_winners=(S, W, N)),
     {y: (1, "64A2") for y in (1997, 2007, 2017)}),
    ("A2-1997-later-trick-won-with-a-card-of-the-revoke-suit",
     case(revoke_trick_winner=W, later_winners=(S, E, N), later_wins_with_revoke_suit=1),
     {1997: (2, "64A2"), 2007: (1, "64A2"), 2017: (1, "64A2")}),
    ("A2-1997-extra-trick-capped-by-tricks-won",
     case(revoke_trick_winner=S, later_winners=(S, E, N), later_wins_with_revoke_suit=1),
     {y: (1, "64A2") for y in (1997, 2007, 2017)}),
    ("A2-dummy-won-the-revoke-trick-for-the-revoking-declarer",
     case(offender=S, revoke_trick_winner=N, later_winners=(N, E)), {y: (1, "64A2") for y in (1997, 2007, 2017)}),
    ("B1-offending-side-won-nothing", case(revoke_trick_winner=S, later_winners=(S, N, S)),
     {y: (0, "64B1") for y in (1997, 2007, 2017)}),
    ("B2-second-revoke-same-suit-same-player", case(repeated_same_suit=True),
     {y: (0, "64B2") for y in (1997, 2007, 2017)}),
    ("B3-failure-to-play-a-card-from-dummy", case(offender=N, revoke_trick_winner=N, failed_to_play="dummy-card"),
     {y: (0, "64B3") for y in (1997, 2007, 2017)}),
    ("B3-failure-to-play-a-penalty-card", case(failed_to_play="penalty-card"),
     {y: (0, "64B3") for y in (1997, 2007, 2017)}),
    ("B3-other-faced-card-only-before-2017", case(failed_to_play="faced-card"),
     {1997: (0, "64B3"), 2007: (0, "64B3"), 2017: (2, "64A1")}),
    ("B4-noticed-after-the-next-board-was-called", case(noticed_after_next_board_call=True),
     {y: (0, "64B4") for y in (1997, 2007, 2017)}),
    ("B5-noticed-after-the-round", case(noticed_after_round=True), {y: (0, "64B5") for y in (1997, 2007, 2017)}),
    ("B6-twelfth-trick", case(trick=12, later_winners=(W,)), {y: (0, "64B6") for y in (1997, 2007, 2017)}),
    ("B7-both-sides-established-revokes", case(other_side_revoke="established"),
     {1997: (2, "64A1"), 2007: (0, "64B7"), 2017: (0, "64B7")}),
    ("B7-other-side-revoke-was-corrected", case(other_side_revoke="corrected"),
     {1997: (2, "64A1"), 2007: (0, "64B7"), 2017: (2, "64A1")}),
    ("B8-both-revoked-in-one-trick-corrected-under-62C3", case(same_trick_double_revoke=True),
     {1997: (2, "64A1"), 2007: (0, "64B7"), 2017: (0, "64B8")}),
]


@pytest.mark.parametrize(("year"), [1997, 2007, 2017])
@pytest.mark.parametrize(("name", "revoke", "expected"), CASES, ids=[c[0] for c in CASES])
def test_revoke_adjustment(name, revoke, expected, year):
    adjustment = revoke_adjustment(revoke, year)
    transferred, provision = expected[year]
    assert adjustment.transferred == transferred
    assert provision in adjustment.provisions


def test_every_clause_of_64a_and_64b_is_covered_in_each_edition():
    for year in (1997, 2007, 2017):
        decided = {provision for _, _, expected in CASES for t, provision in [expected[year]]}
        assert set(exceptions(year)) | {"64A1", "64A2"} <= decided, year


def test_the_editions_list_six_seven_and_eight_exceptions():
    assert [len(exceptions(y)) for y in (1997, 2007, 2017)] == [6, 7, 8]


@pytest.mark.parametrize(("next_trick", "claimed", "acquiesced", "year", "expected"), [
    (True, False, False, 2007, "63A1"), (False, True, False, 1997, "63A3"), (False, False, True, 2017, "63A4"),
    (False, False, True, 2007, None), (False, False, False, 2017, None),
], ids=str)
def test_established_by(next_trick, claimed, acquiesced, year, expected):
    assert established_by(next_trick, claimed, acquiesced, year) == expected


def test_naming_a_card_for_the_next_trick_establishes_the_revoke_63a2():
    assert established_by(False, False, edition=1997, designated_next=True) == "63A2"


def test_is_revoke_law61a():
    hand = Hand.parse("A2.K..").cards
    assert is_revoke(hand, Card.parse("HK"), Suit.SPADES)
    assert not is_revoke(hand, Card.parse("S2"), Suit.SPADES)
    assert not is_revoke(hand, Card.parse("HK"), Suit.CLUBS)
    assert not is_revoke(hand, Card.parse("HK"), None)


def test_adjust_declarer_tricks_moves_tricks_between_sides():
    assert adjust_declarer_tricks(9, S, [(E, 2)]) == 11
    assert adjust_declarer_tricks(9, S, [(N, 1)]) == 8
