"""Law 1 (card and suit ranking) and Law 18E (ranking of denominations)."""

from __future__ import annotations

from .cards import Card, Denomination, Rank, Suit
from .registry import implements


@implements("1A", example="suit_ranking()")
def suit_ranking() -> tuple[Suit, ...]:
    """The suits in descending rank: spades, hearts, diamonds, clubs."""
    return tuple(sorted(Suit, reverse=True))


@implements("1A", example="rank_ranking()[:3]")
def rank_ranking() -> tuple[Rank, ...]:
    """The ranks within a suit in descending order: ace, king, queen, jack, ten, nine ... two."""
    return tuple(sorted(Rank, reverse=True))


@implements("1A", example="outranks(Card.parse('SQ'), Card.parse('SJ'))")
def outranks(card: Card, other: Card) -> bool:
    """True when `card` ranks above `other` of the same suit; cards of different suits do not compare."""
    if card.suit is not other.suit:
        raise ValueError(f"{card} and {other} are of different suits; Law 1A ranks cards within a suit")
    return card.rank > other.rank


@implements("18E", example="denomination_ranking()")
def denomination_ranking() -> tuple[Denomination, ...]:
    """The denominations in descending rank: notrump, spades, hearts, diamonds, clubs."""
    return tuple(sorted(Denomination, reverse=True))
