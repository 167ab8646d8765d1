"""Law 57: a defender's premature lead or play, declarer's options, and when there is no rectification.

57A gives declarer three options in the 1997 and 2007 Laws (highest, lowest, forbid a named other suit)
and four in the 2017 Laws (which add: require a card of a named other suit).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card, Suit
from .editions import LATEST
from .registry import implements


@dataclass(frozen=True)
class PrematureOption:
    """One option of declarer's under 57A: what the offender's partner must (or must not) play."""

    key: str  # "highest", "lowest", "require-other-suit", "forbid-other-suit"
    provision: str
    description: str


_OPTIONS = {
    1997: (("highest", "57A1", "partner plays his highest card of the suit led"),
           ("lowest", "57A2", "partner plays his lowest card of the suit led"),
           ("forbid-other-suit", "57A3", "partner may not play a card of a different suit named by declarer")),
    2017: (("highest", "57A1", "partner plays his highest card of the suit led"),
           ("lowest", "57A2", "partner plays his lowest card of the suit led"),
           ("require-other-suit", "57A3", "partner plays a card of a different suit named by declarer"),
           ("forbid-other-suit", "57A4", "partner may not play a card of a different suit named by declarer")),
}


@implements("57A", "57A1", "57A2", "57A3", "57A4", example="[o.key for o in premature_play_options(2007)]")
def premature_play_options(edition: int = LATEST) -> tuple[PrematureOption, ...]:
    """Declarer's options after a defender's premature lead or play: three before 2017, four since."""
    return tuple(PrematureOption(*row) for row in _OPTIONS[2017 if edition >= 2017 else 1997])


@implements("57A1", "57A2", "57A3", "57A4", "57B",
            example="sorted(map(str, partner_cards(Hand.parse('K2.A5..').cards, Suit.SPADES, 'highest')))")
def partner_cards(hand: Iterable[Card], led_suit: Suit, option: str, named_suit: Suit | None = None,
                  edition: int = LATEST) -> frozenset[Card]:
    """The cards the offender's partner may play under declarer's chosen option (any card if he cannot comply)."""
    keys = {o.key for o in premature_play_options(edition)}
    if option not in keys:
        raise ValueError(f"no option {option!r} in the {edition} Laws; options: {', '.join(sorted(keys))}")
    cards = frozenset(hand)
    following = sorted((c for c in cards if c.suit is led_suit), key=lambda c: c.rank)
    if option in ("highest", "lowest"):
        if not following:
            return cards  # 57B: cannot comply, so any card (Law 59)
        return frozenset({following[-1] if option == "highest" else following[0]})
    if named_suit is None or named_suit is led_suit:
        raise ValueError(f"option {option!r} needs a named suit other than the suit led")
    legal = frozenset(following) or cards
    if option == "require-other-suit":
        named = frozenset(c for c in legal if c.suit is named_suit)
        return named or legal
    return frozenset(c for c in legal if c.suit is not named_suit) or legal


@implements("57C", "57C1", "57C2", example="premature_play_rectified(declarer_played_both=True, dummy_played=False)")
def premature_play_rectified(declarer_played_both: bool, dummy_played: bool) -> bool:
    """False when there is no rectification: declarer has played from both hands, or dummy has played (57C)."""
    return not (declarer_played_both or dummy_played)
