"""Laws 61-64: what a revoke is, when it is established, and the trick adjustment after play, by edition.

The three editions differ (read in corpus/sources: de-1997 § 64, sv-2007 lag 64, nl-2017 artikel 64):

- 1997: 64B lists six exceptions (B1-B6); 64A2 also transfers a later trick that the offender won with a
  card he could legally have played to the revoke trick.
- 2007: seven exceptions: B7, both sides revoked on the same board; a footnote to 64A says a trick won
  by dummy is not won by declarer.
- 2017: eight: B7 asks that both revokes be established, and B8 excludes a revoke corrected under 62C3
  (both sides revoked in one trick and only one side had played to the next); B3 names a penalty card or
  a card from dummy (earlier: any card faced on the table, dummy's included); 63A4 adds acquiescence in a
  claim as a way a revoke is established.

The rules take the facts of a case (who revoked, who won which trick, and the circumstances that the
exceptions name) and return the number of tricks transferred with the provisions that decide it.
Law 64C (the Director's equity) is not mechanical and is only cited as a reminder. The 1997 text has no
footnote on dummy's tricks; "the offending player" is read literally there too (dummy is another player).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, Seat, Suit
from .editions import LATEST
from .law44_play import must_follow
from .registry import implements


@implements("61A", "44C", example="is_revoke(Hand.parse('A2.K..').cards, Card.parse('HK'), Suit.SPADES)")
def is_revoke(hand: Iterable[Card], card: Card, led_suit: Suit | None) -> bool:
    """True when playing `card` from `hand` fails to follow the led suit while the player holds one."""
    return led_suit is not None and card.suit is not led_suit and must_follow(hand, led_suit)


@implements("63A1", "63A2", "63A3", "63A4",
            example="established_by(played_to_next_trick=True, claimed=False)")
def established_by(played_to_next_trick: bool, claimed: bool, acquiesced: bool = False,
                   edition: int = LATEST, designated_next: bool = False) -> str | None:
    """The provision that establishes a revoke (the offending side played to the next trick, named a card for
    it, claimed or, since 2017, acquiesced in the opponents' claim), or None while it is not established."""
    if played_to_next_trick:
        return "63A1"
    if designated_next:
        return "63A2"
    if claimed:
        return "63A3"
    if acquiesced and edition >= 2017:
        return "63A4"
    return None


@dataclass(frozen=True)
class RevokeCase:
    """The facts Law 64 needs about one established revoke.

    `later_winners` are the seats that won each trick after the revoke trick, as played.
    `later_wins_with_revoke_suit` counts later tricks the offender won with a card he could legally have
    played to the revoke trick (only the 1997 Laws use it). `failed_to_play` names what the offender failed
    to play when that was a faced card: "penalty-card", "dummy-card" or another "faced-card".
    `other_side_revoke` is "established" or "corrected" when the other side also revoked on the board;
    `same_trick_double_revoke` marks the situation of 2017's 62C3 (both sides revoked in one trick and only
    one side had played to the next trick).
    """

    offender: Seat
    declarer: Seat
    trick: int
    revoke_trick_winner: Seat
    later_winners: tuple[Seat, ...] = ()
    later_wins_with_revoke_suit: int = 0
    repeated_same_suit: bool = False
    failed_to_play: str | None = None
    noticed_after_next_board_call: bool = False
    noticed_after_round: bool = False
    other_side_revoke: str | None = None
    same_trick_double_revoke: bool = False

    @property
    def offending_side(self):
        return self.offender.side

    def offender_won_revoke_trick(self) -> bool:
        """The offending player won it; a trick won by dummy is not won by declarer (footnote to 64A)."""
        return self.revoke_trick_winner == self.offender

    def side_won_revoke_trick(self) -> bool:
        return self.revoke_trick_winner.side is self.offending_side

    def side_later_tricks(self) -> int:
        return sum(1 for seat in self.later_winners if seat.side is self.offending_side)


@dataclass(frozen=True)
class RevokeAdjustment:
    """Tricks transferred to the non-offending side after play, and the provisions that decide it."""

    transferred: int
    provisions: tuple[str, ...]
    explanation: str


def _exception(case: RevokeCase, edition: int) -> tuple[str, str] | None:
    """The 64B item that excludes an adjustment, with its reason, or None."""
    if not case.side_won_revoke_trick() and case.side_later_tricks() == 0:
        return "64B1", "the offending side won neither the revoke trick nor any later trick"
    if case.repeated_same_suit:
        return "64B2", "a subsequent revoke in the same suit by the same player"
    if case.failed_to_play in ("penalty-card", "dummy-card") or (case.failed_to_play == "faced-card"
                                                                 and edition < 2017):
        return "64B3", f"the revoke was a failure to play a {case.failed_to_play.replace('-', ' ')}"
    if case.noticed_after_next_board_call:
        return "64B4", "attention was drawn after the non-offending side called on the next board"
    if case.noticed_after_round:
        return "64B5", "attention was drawn after the round ended"
    if case.trick == 12:
        return "64B6", "the revoke was in the twelfth trick (62D: it must be corrected)"
    if edition >= 2017 and case.same_trick_double_revoke:
        return "64B8", "both sides revoked in one trick and the revokes were corrected under 62C3"
    if edition == 2007 and (case.other_side_revoke or case.same_trick_double_revoke):
        return "64B7", "both sides revoked on the same board"
    if edition >= 2017 and case.other_side_revoke == "established":
        return "64B7", "both sides revoked on the same board and both revokes were established"
    return None


_EXCEPTIONS = {1997: ("64B1", "64B2", "64B3", "64B4", "64B5", "64B6"),
               2007: ("64B1", "64B2", "64B3", "64B4", "64B5", "64B6", "64B7"),
               2017: ("64B1", "64B2", "64B3", "64B4", "64B5", "64B6", "64B7", "64B8")}


@implements("64B1", "64B2", "64B3", "64B4", "64B5", "64B6", "64B7", "64B8", example="exceptions(2007)")
def exceptions(edition: int = LATEST) -> tuple[str, ...]:
    """The items of 64B (no adjustment after an established revoke) in the Laws of this year."""
    return _EXCEPTIONS[edition]


@implements("64A", "64A1", "64A2", "64B", "64B1", "64B2", "64B3", "64B4", "64B5", "64B6", "64B7", "64B8", "64C",
            example="revoke_adjustment(RevokeCase(Seat.EAST, Seat.SOUTH, 5, Seat.EAST, (Seat.WEST, Seat.SOUTH)),"
                    " 2017).transferred")
def revoke_adjustment(case: RevokeCase, edition: int = LATEST) -> RevokeAdjustment:
    """The tricks transferred after play for an established revoke, in the Laws of this year."""
    if edition not in _EXCEPTIONS:
        raise ValueError(f"no revoke rules for {edition}; known: {', '.join(map(str, _EXCEPTIONS))}")
    excluded = _exception(case, edition)
    if excluded is not None:
        provision, reason = excluded
        return RevokeAdjustment(0, ("64B", provision, "64C"), f"no adjustment ({provision}): {reason}")
    available = int(case.side_won_revoke_trick()) + case.side_later_tricks()
    if case.offender_won_revoke_trick():
        transferred = 1 + min(1, case.side_later_tricks())
        return RevokeAdjustment(transferred, ("64A", "64A1", "64C"),
                                f"the offender won the revoke trick: it and {transferred - 1} later trick(s) "
                                "of the offending side are transferred (64A1)")
    transferred, provisions = 1, ["64A", "64A2"]
    explanation = "the offending side won the revoke trick or a later trick: one trick is transferred (64A2)"
    if edition < 2007 and case.later_wins_with_revoke_suit > 0 and available > 1:
        transferred += 1
        explanation += ("; 1997: also the later trick the offender won with a card he could legally have "
                        "played to the revoke trick")
    return RevokeAdjustment(transferred, (*provisions, "64C"), explanation)


def adjust_declarer_tricks(declarer_tricks: int, declarer: Seat, adjustments: Sequence[tuple[Seat, int]]) -> int:
    """Declarer's tricks after transfers: each (offender, tricks) moves tricks away from the offender's side."""
    for offender, transferred in adjustments:
        declarer_tricks += -transferred if offender.side is declarer.side else transferred
    return max(0, min(13, declarer_tricks))
