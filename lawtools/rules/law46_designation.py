"""Law 46B: which card from dummy an incomplete designation ("high", "low", "win", a suit, a rank) names.

The 1997 Laws put "high", "win" and "low" in one item (46B1) and let "high" in fourth position mean the
lowest winning card; the 2007 and 2017 Laws split them into 46B1(a), (b) and (c) without that option.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import NotationError
from .cards import Card, Rank, Suit, Trick
from .editions import LATEST
from .law44_play import legal_cards, trick_winner
from .registry import implements

WORDS = {"high": "high", "top": "high", "low": "low", "small": "low", "win": "win", "anything": "any",
         "any": "any", "": "any"}


@dataclass(frozen=True)
class Designation:
    """The card deemed designated (None when the Law leaves the choice to someone), and why."""

    card: Card | None
    provisions: tuple[str, ...]
    note: str = ""


def _winning(cards: Iterable[Card], trick: Trick, trump: Suit | None) -> list[Card]:
    return sorted((c for c in cards if trick_winner(trick.add(c), trump) == c), key=lambda c: c.rank)


@implements("46A", "46B1", "46B1(a)", "46B1(b)", "46B1(c)", "46B2", "46B3(a)", "46B3(b)", "46B4", "46B5",
            example="designated_card('win', Hand.parse('.KQ4..').cards, Trick.parse('HJ', 'E')).card")
def designated_card(designation: str, dummy: Iterable[Card], trick: Trick | None = None, trump: Suit | None = None,
                    edition: int = LATEST, dummy_won_previous_in: Suit | None = None) -> Designation:
    """The card from dummy that declarer is deemed to have designated with an incomplete designation."""
    hand = frozenset(dummy)
    leading = trick is None or not trick.cards
    legal = legal_cards(hand, None if trick is None else trick.led_suit)
    raw = designation.strip()
    word = WORDS.get(raw.lower())
    b1 = {"high": "46B1(a)", "win": "46B1(b)", "low": "46B1(c)"} if edition >= 2007 else dict.fromkeys(
        ("high", "win", "low"), "46B1")
    if word == "any":
        return Designation(None, ("46B5",), "neither suit nor rank: either defender may designate dummy's card")
    if word in ("high", "low"):
        suits = {c.suit for c in legal}
        if len(suits) != 1:
            return Designation(None, (b1[word],), f"{word!r} names no suit and dummy's legal cards are in "
                               f"{len(suits)} suits: declarer must name the suit")
        if word == "high" and edition < 2007 and trick is not None and len(trick.cards) == 3:
            winners = _winning(legal, trick, trump)
            if winners:
                return Designation(winners[0], ("46B1",), "1997: 'high' in fourth position may be deemed "
                                   "the lowest winning card")
        ordered = sorted(legal, key=lambda c: c.rank)
        return Designation(ordered[-1] if word == "high" else ordered[0], (b1[word],))
    if word == "win":
        if leading or trick is None:
            return Designation(None, (b1["win"],), "'win' on a lead names no card: declarer must designate one")
        winners = _winning(legal, trick, trump)
        if not winners:
            return Designation(None, (b1["win"],), "no card in dummy wins the trick")
        return Designation(winners[0], (b1["win"],))
    try:
        return _suit_or_rank(raw, hand, legal, leading, dummy_won_previous_in)
    except NotationError:
        raise NotationError(f"unknown designation {designation!r} (expected high, low, win, a suit like S, "
                            "a rank like Q, a card like SQ, or nothing)") from None


def _suit_or_rank(raw: str, hand: frozenset[Card], legal: frozenset[Card], leading: bool,
                  won_in: Suit | None) -> Designation:
    if len(raw) >= 2 and raw[0].upper() in "SHDC" and raw[1:].upper() in ("A", "K", "Q", "J", "T", "10", *"98765432"):
        card = Card.parse(raw)
        if card not in hand:
            return Designation(None, ("46B4",), f"{card} is not in dummy: the designation is void and "
                               "declarer may designate any legal card")
        return Designation(card, ("46A",))
    if raw.upper() in ("S", "H", "D", "C"):
        suit = Suit.parse(raw)
        cards = sorted((c for c in hand if c.suit is suit), key=lambda c: c.rank)
        if not cards:
            return Designation(None, ("46B4",), f"dummy has no {suit.name.lower()}: the designation is void")
        return Designation(cards[0], ("46B2",))
    rank = Rank.parse(raw)
    if leading and won_in is not None and Card(won_in, rank) in hand:
        return Designation(Card(won_in, rank), ("46B3(a)",),
                           "on a lead, dummy continues the suit in which it won the previous trick")
    options = sorted(c for c in legal if c.rank is rank)
    if len(options) == 1:
        return Designation(options[0], ("46B3(b)",))
    if not options:
        return Designation(None, ("46B4",), f"dummy has no legal card of rank {rank}: the designation is void")
    return Designation(None, ("46B3(b)",), f"dummy has {len(options)} legal cards of rank {rank}: "
                       "declarer must say which")
