"""Core bridge types: suits, ranks, cards, denominations, seats, sides, calls, contracts, deals and tricks.

All are frozen dataclasses or enums whose ``parse`` and ``str`` round-trip:

>>> str(Card.parse("SA")), str(Card.parse("h10")), str(Call.parse("1NT")), str(Call.parse("X"))
('SA', 'HT', '1NT', 'X')
>>> c = Contract.parse("4SX", declarer="S"); (c.level, str(c.denomination), c.doubling.name, c.declarer.name)
(4, 'S', 'DOUBLED', 'SOUTH')
>>> str(Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432").hand(Seat.EAST))
'.AKQJT98765432..'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from ..errors import NotationError

_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}


class _Lettered:
    """Enum mixin: always true, and printed as its letter (the class gives `letter`)."""

    letter: str

    def __bool__(self) -> bool:
        return True  # clubs and North are 0, but a seat or suit is never "no value"

    def __str__(self) -> str:
        return self.letter


class Suit(_Lettered, IntEnum):
    """A suit; the integer order is the Law 1A ranking (clubs lowest, spades highest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self.value]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """'S', 's', '♠' or 'spades' -> Suit.SPADES; NotationError lists the accepted letters."""
        key = _SUIT_SYMBOLS.get(text.strip(), text.strip()).upper()
        for suit in cls:
            if key in (suit.letter, suit.name, suit.name[:-1]):
                return suit
        raise NotationError(f"unknown suit {text!r} (expected one of C, D, H, S)")


class Rank(IntEnum):
    """A card's rank, two (2) to ace (14); the integer order is the Law 1A ranking."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self.value - 2]

    def __str__(self) -> str:
        return self.letter

    @property
    def is_honour(self) -> bool:
        """Ace, king, queen, jack or ten."""
        return self >= Rank.TEN

    @classmethod
    def parse(cls, text: str) -> Rank:
        """'A', 'k', 'T' or '10' -> a Rank; NotationError lists the accepted letters."""
        key = text.strip().upper()
        key = "T" if key == "10" else key
        if len(key) == 1 and key in "23456789TJQKA":
            return cls("23456789TJQKA".index(key) + 2)
        raise NotationError(f"unknown rank {text!r} (expected one of 2-9, T or 10, J, Q, K, A)")


@dataclass(frozen=True, order=True)
class Card:
    """A playing card; ordered by suit, then rank."""

    suit: Suit
    rank: Rank

    @classmethod
    def parse(cls, text: str) -> Card:
        """'SA', 'sa', 'S10', '♠A' (suit first, as PBN and LIN write cards) -> Card."""
        raw = text.strip()
        if len(raw) < 2:
            raise NotationError(f"not a card: {text!r} (expected suit then rank, like SA, HT, D10)")
        try:
            return cls(Suit.parse(raw[0]), Rank.parse(raw[1:]))
        except NotationError:
            raise NotationError(f"not a card: {text!r} (expected suit then rank, like SA, HT, D10)") from None

    def __str__(self) -> str:
        return f"{self.suit.letter}{self.rank.letter}"


HAND_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # PBN writes a hand's suits in this order


def full_deck() -> tuple[Card, ...]:
    """The 52 cards, clubs two first."""
    return tuple(Card(suit, rank) for suit in Suit for rank in Rank)


class Denomination(_Lettered, IntEnum):
    """A denomination; the integer order is the Law 18E ranking (clubs lowest, notrump highest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        return ("C", "D", "H", "S", "NT")[self.value]

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None at notrump."""
        return None if self is Denomination.NOTRUMP else Suit(self.value)

    @property
    def is_major(self) -> bool:
        return self in (Denomination.HEARTS, Denomination.SPADES)

    @classmethod
    def parse(cls, text: str) -> Denomination:
        """'NT', 'N', 'S', '♠' ... -> Denomination."""
        key = text.strip().upper()
        if key in ("N", "NT", "NOTRUMP", "SA"):  # SA: sans atout in French-language files
            return cls.NOTRUMP
        try:
            return cls(Suit.parse(text).value)
        except NotationError:
            raise NotationError(f"unknown denomination {text!r} (expected C, D, H, S or NT)") from None


class Side(Enum):
    """A partnership."""

    NS = "NS"
    EW = "EW"

    def __str__(self) -> str:
        return self.value

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @classmethod
    def parse(cls, text: str) -> Side:
        """'NS' or 'EW' (also 'N-S', 'E/W')."""
        key = re.sub(r"[^A-Z]", "", text.upper())
        for side in cls:
            if key in (side.value, side.value[::-1]):
                return side
        raise NotationError(f"unknown side {text!r} (expected NS or EW)")


class Seat(_Lettered, IntEnum):
    """A compass seat, numbered clockwise from North."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self.value]

    @property
    def lho(self) -> Seat:
        """The next seat clockwise (left-hand opponent)."""
        return Seat((self.value + 1) % 4)

    @property
    def partner(self) -> Seat:
        return Seat((self.value + 2) % 4)

    @property
    def rho(self) -> Seat:
        return Seat((self.value + 3) % 4)

    @property
    def side(self) -> Side:
        return Side.NS if self.value % 2 == 0 else Side.EW

    def after(self, steps: int) -> Seat:
        """The seat `steps` places clockwise from this one."""
        return Seat((self.value + steps) % 4)

    @classmethod
    def parse(cls, text: str) -> Seat:
        """'N', 'north', 'S' ... -> Seat; NotationError lists the accepted letters."""
        key = text.strip().upper()
        for seat in cls:
            if key in (seat.letter, seat.name):
                return seat
        raise NotationError(f"unknown seat {text!r} (expected N, E, S or W)")


class CallKind(Enum):
    """What a call is: a bid, a pass, a double or a redouble (Law 18A: pass, double, redouble are not bids)."""

    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"


_CALL_WORDS = {"P": CallKind.PASS, "PASS": CallKind.PASS, "X": CallKind.DOUBLE, "D": CallKind.DOUBLE,
               "DBL": CallKind.DOUBLE, "XX": CallKind.REDOUBLE, "R": CallKind.REDOUBLE, "RDBL": CallKind.REDOUBLE}
_BID = re.compile(r"^(?P<level>\d+)\s*(?P<denom>NT|N|SA|[CDHS♣♦♥♠])$", re.IGNORECASE)


@dataclass(frozen=True)
class Call:
    """A call: a bid (level and denomination), pass, double or redouble."""

    kind: CallKind
    level: int = 0
    denomination: Denomination | None = None

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID and not (1 <= self.level <= 7 and self.denomination is not None):
            raise NotationError(f"a bid names a level 1-7 and a denomination (Law 18A), not {self.level}")

    @classmethod
    def bid(cls, level: int, denomination: Denomination) -> Call:
        return cls(CallKind.BID, level, denomination)

    @classmethod
    def parse(cls, text: str) -> Call:
        """'1NT', '4s', 'Pass', 'P', 'X', 'XX', 'D', 'R' -> Call; NotationError lists the forms."""
        raw = text.strip()
        kind = _CALL_WORDS.get(raw.upper())
        if kind is not None:
            return cls(kind)
        match = _BID.match(raw)
        if match:
            level = int(match["level"])
            if not 1 <= level <= 7:
                raise NotationError(f"not a call: {text!r} (a bid's level is 1 to 7, Law 18A)")
            return cls.bid(level, Denomination.parse(match["denom"]))
        raise NotationError(f"not a call: {text!r} (expected a bid like 1C-7NT, or Pass/P, X, XX)")

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            return f"{self.level}{self.denomination}"
        return {CallKind.PASS: "Pass", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}[self.kind]


PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)


class Doubling(IntEnum):
    """Whether a contract is undoubled, doubled or redoubled."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    def __str__(self) -> str:
        return ("", "X", "XX")[self.value]


_CONTRACT = re.compile(r"^(?P<level>[1-7])\s*(?P<denom>NT|N|[CDHS♣♦♥♠])\s*(?P<dbl>XX|X|\*\*|\*)?$", re.IGNORECASE)


@dataclass(frozen=True)
class Contract:
    """A final contract: level, denomination, doubling and (when known) declarer."""

    level: int
    denomination: Denomination
    doubling: Doubling = Doubling.UNDOUBLED
    declarer: Seat | None = None

    @classmethod
    def parse(cls, text: str, declarer: Seat | str | None = None) -> Contract:
        """'4SX', '3NT', '6HXX', '7N' (with an optional declarer seat) -> Contract."""
        match = _CONTRACT.match(text.strip())
        if not match:
            raise NotationError(f"not a contract: {text!r} (expected level 1-7, denomination C/D/H/S/NT, "
                                "then X or XX, like 4SX or 3NT)")
        dbl = (match["dbl"] or "").upper().replace("*", "X")
        seat = Seat.parse(declarer) if isinstance(declarer, str) else declarer
        return cls(int(match["level"]), Denomination.parse(match["denom"]), Doubling(len(dbl)), seat)

    def __str__(self) -> str:
        return f"{self.level}{self.denomination}{self.doubling}"

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must win: book (six) plus the level."""
        return 6 + self.level


@dataclass(frozen=True)
class Deal:
    """Four hands, indexed by Seat; a hand of a seat in `unknown` was not given (PBN '-')."""

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]
    unknown: frozenset[Seat] = field(default_factory=frozenset)

    def hand(self, seat: Seat) -> Hand:
        return Hand(self.hands[seat])

    def holder(self, card: Card) -> Seat | None:
        """The seat dealt this card, or None when the card is in an unknown hand."""
        for seat in Seat:
            if card in self.hands[seat]:
                return seat
        return None

    @classmethod
    def parse(cls, text: str) -> Deal:
        """A PBN deal: 'N:AKQ.JT9.876.5432 ...' (first seat, then hands clockwise; '-' for an unknown hand)."""
        raw = text.strip()
        match = re.match(r"^([NESWnesw])\s*:\s*(.*)$", raw)
        if not match:
            raise NotationError(f"not a deal: {text!r} (expected 'N:' or E:, S:, W: then four hands)")
        first = Seat.parse(match[1])
        parts = match[2].split()
        if len(parts) != 4:
            raise NotationError(f"a deal has four hands, found {len(parts)} in {text!r}")
        hands: list[frozenset[Card]] = [frozenset()] * 4
        unknown = set()
        seen: dict[Card, Seat] = {}
        for offset, part in enumerate(parts):
            seat = first.after(offset)
            if part == "-":
                unknown.add(seat)
                continue
            hand = _parse_hand(part, seat)
            for card in hand:
                if card in seen:
                    raise NotationError(f"impossible deal: {card} is dealt to both {seen[card].name.title()} "
                                        f"and {seat.name.title()}")
                seen[card] = seat
            hands[seat] = hand
        if len(unknown) == 1:  # PBN: the fourth hand may be left out and is the rest of the deck
            (seat,) = unknown
            rest = frozenset(full_deck()) - frozenset(seen)
            if len(rest) == 13:
                hands[seat], unknown = rest, set()
        return cls(tuple(hands), frozenset(unknown))  # type: ignore[arg-type]

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """The PBN deal string starting with `first`."""
        parts = ["-" if first.after(i) in self.unknown else str(self.hand(first.after(i))) for i in range(4)]
        return f"{first.letter}:" + " ".join(parts)

    def __str__(self) -> str:
        return self.to_pbn()


def _parse_hand(text: str, seat: Seat) -> frozenset[Card]:
    suits = text.split(".")
    if len(suits) != 4:
        raise NotationError(f"{seat.name.title()}'s hand {text!r} has {len(suits)} suits; expected four "
                            "separated by dots, spades first (S.H.D.C)")
    cards = []
    for suit, holding in zip(HAND_ORDER, suits, strict=True):
        for letter in holding.replace("10", "T"):
            try:
                cards.append(Card(suit, Rank.parse(letter)))
            except NotationError:
                raise NotationError(f"{seat.name.title()}'s hand {text!r}: {letter!r} is not a rank") from None
    hand = frozenset(cards)
    if len(hand) != len(cards):
        raise NotationError(f"impossible deal: {seat.name.title()}'s hand {text!r} holds a card twice")
    if len(hand) != 13:
        raise NotationError(f"impossible deal: {seat.name.title()}'s hand {text!r} has {len(hand)} cards, not 13")
    return hand


@dataclass(frozen=True)
class Hand:
    """A set of cards with the suit-by-suit helpers the Laws need."""

    cards: frozenset[Card]

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(sorted(self.cards, reverse=True))

    def suit(self, suit: Suit) -> list[Card]:
        """The cards of a suit, highest first."""
        return sorted((c for c in self.cards if c.suit is suit), reverse=True)

    def without(self, *cards: Card) -> Hand:
        return Hand(self.cards - frozenset(cards))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """'AKQ.JT9.876.5432' (spades first); any number of cards."""
        suits = text.split(".")
        if len(suits) != 4:
            raise NotationError(f"not a hand: {text!r} (expected four suits separated by dots, spades first)")
        return cls(frozenset(Card(s, Rank.parse(r)) for s, h in zip(HAND_ORDER, suits, strict=True)
                             for r in h.replace("10", "T")))

    def __str__(self) -> str:
        return ".".join("".join(c.rank.letter for c in self.suit(s))
                        for s in HAND_ORDER)


@dataclass(frozen=True)
class Trick:
    """The cards played to one trick, in the order played, starting with the leader's."""

    leader: Seat
    cards: tuple[Card, ...] = ()

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def next_to_play(self) -> Seat:
        return self.leader.after(len(self.cards))

    def plays(self) -> list[tuple[Seat, Card]]:
        """(seat, card) pairs in the order played."""
        return [(self.leader.after(i), card) for i, card in enumerate(self.cards)]

    def add(self, card: Card) -> Trick:
        if self.complete:
            raise NotationError("a trick has four cards (Law 44B)")
        return Trick(self.leader, self.cards + (card,))

    @classmethod
    def parse(cls, text: str, leader: Seat | str) -> Trick:
        """'SA S2 S5 SK' with the leader's seat -> Trick."""
        seat = Seat.parse(leader) if isinstance(leader, str) else leader
        return cls(seat, tuple(Card.parse(t) for t in text.split()))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)
