"""Law 44: the lead, following suit, the winner of a trick with and without trumps, the next leader."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, Seat, Suit, Trick
from .registry import implements


@implements("44A", "44C", "44D",
            example="sorted(map(str, legal_cards(Hand.parse('AK.2..').cards, Suit.HEARTS)))")
def legal_cards(hand: Iterable[Card], led_suit: Suit | None) -> frozenset[Card]:
    """The cards a player may play: any card to lead; a card of the led suit if he has one; else any card."""
    cards = frozenset(hand)
    if led_suit is None:
        return cards
    following = frozenset(c for c in cards if c.suit is led_suit)
    return following or cards


@implements("44C", example="must_follow(Hand.parse('AK.2..').cards, Suit.HEARTS)")
def must_follow(hand: Iterable[Card], led_suit: Suit | None) -> bool:
    """True when the player holds a card of the led suit and so must play one."""
    return led_suit is not None and any(c.suit is led_suit for c in hand)


@implements("44E", "44F", example="trick_winner(Trick.parse('SA S2 H3 SK', 'N'), trump=Suit.HEARTS)")
def trick_winner(trick: Trick, trump: Suit | None) -> Card:
    """The winning card: the highest trump if any was played, else the highest card of the suit led."""
    if not trick.cards:
        raise ValueError("an empty trick has no winner")
    trumps = [c for c in trick.cards if trump is not None and c.suit is trump]
    if trumps:
        return max(trumps, key=lambda c: c.rank)
    led = trick.led_suit
    return max((c for c in trick.cards if c.suit is led), key=lambda c: c.rank)


@implements("44E", "44F", "44G", example="next_leader(Trick.parse('SA S2 H3 SK', 'N'), trump=Suit.HEARTS)")
def next_leader(trick: Trick, trump: Suit | None) -> Seat:
    """The seat that leads to the next trick: the one that won this trick."""
    if not trick.complete:
        raise ValueError(f"trick {trick} is not complete (Law 44B: four cards make a trick)")
    winning = trick_winner(trick, trump)
    return next(seat for seat, card in trick.plays() if card == winning)

