"""Laws 50 and 51: major and minor penalty cards, what their holder must play, and declarer's lead options."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from .cards import Card, Suit
from .law44_play import legal_cards
from .registry import implements


class PenaltyKind(Enum):
    """A minor or a major penalty card (Law 50B)."""

    MINOR = "minor"
    MAJOR = "major"


@implements("50B", example="penalty_card_kind(Card.parse('H7'), deliberate=False)")
def penalty_card_kind(card: Card, deliberate: bool, penalty_cards: int = 1) -> PenaltyKind:
    """Minor for a single card below a ten exposed inadvertently; major for an honour, a deliberately exposed
    card, or any penalty card of a defender who has two or more."""
    if penalty_cards >= 2 or deliberate or card.rank.is_honour:
        return PenaltyKind.MAJOR
    return PenaltyKind.MINOR


@implements("44C", "50C", "50D1(a)", "50D1(b)", "51A",
            example="sorted(map(str, playable_cards(Hand.parse('.A5.K3.').cards, Suit.CLUBS, "
                    "{Card.parse('DK'): PenaltyKind.MAJOR})))")
def playable_cards(hand: Iterable[Card], led_suit: Suit | None,
                   penalty_cards: Mapping[Card, PenaltyKind]) -> frozenset[Card]:
    """The cards a defender holding penalty cards may play (declarer chooses among several major ones)."""
    cards = frozenset(hand) | frozenset(penalty_cards)
    legal = legal_cards(cards, led_suit)  # following suit comes first (44C, 50D1(b))
    majors = frozenset(c for c in legal if penalty_cards.get(c) is PenaltyKind.MAJOR)
    if majors:
        return majors  # played at the first legal opportunity; with two or more, declarer designates (51A)
    minors = [c for c in legal if penalty_cards.get(c) is PenaltyKind.MINOR]
    if minors:
        barred = {c for c in legal if c not in penalty_cards and not c.rank.is_honour
                  and any(m.suit is c.suit for m in minors)}
        return legal - barred
    return legal


@dataclass(frozen=True)
class LeadOption:
    """One choice declarer has when the partner of a defender with major penalty cards is to lead."""

    action: str  # "require", "forbid" or "none"
    suit: Suit | None
    picked_up: tuple[Card, ...]  # penalty cards that cease to be penalty cards
    provisions: tuple[str, ...]


@implements("50D2", "50D2(a)", "50D2(b)", "51B1(a)", "51B1(b)", "51B2(a)", "51B2(b)",
            example="[o.action for o in lead_options([Card.parse('SK')])]")
def lead_options(major_penalty_cards: Iterable[Card]) -> list[LeadOption]:
    """Declarer's options when the partner of a defender with major penalty cards is to lead."""
    cards = sorted(set(major_penalty_cards), reverse=True)
    if not cards:
        return []
    suits = sorted({c.suit for c in cards}, reverse=True)
    options = []
    if len(cards) == 1:
        (card,) = cards
        options += [LeadOption("require", card.suit, (card,), ("50D2(a)",)),
                    LeadOption("forbid", card.suit, (card,), ("50D2(a)",))]
    else:
        for suit in suits:
            in_suit = tuple(c for c in cards if c.suit is suit)
            several = len(suits) > 1
            options += [
                LeadOption("require", suit, in_suit, ("51B2(a)", "51B1(a)") if several else ("51B1(a)",)),
                LeadOption("forbid", suit, in_suit, ("51B2(b)",) if several else ("51B1(b)",)),
            ]
    options.append(LeadOption("none", None, (), ("50D2(b)",)))
    return options
