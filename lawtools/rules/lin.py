"""A small reader for BBO LIN files (vugraph and hand records), giving the same `Game` objects as the PBN reader.

LIN is a flat run of ``key|value|`` pairs. Used here: ``qx`` starts a board (``o46``: open room, board 46),
``md`` the deal (dealer digit 1=S 2=W 3=N 4=E, then hands South, West, North, East; the last may be empty),
``sv`` vulnerability (o, n, e, b), ``mb`` a call (``p``, ``d``, ``r``, ``1N``; ``!`` alerts), ``pc`` a card
in the order played, ``mc`` a claim (declarer's total tricks), ``rs`` the results of all boards in ``qx``
order (``4HE=``, ``4SWx-4``). Everything else (comments, names, annotations, page breaks) is skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import NotationError
from .cards import Call, Card, Contract, Seat
from .pbn import Game, Marked, Token, read_text

_PAIR = re.compile(r"([A-Za-z]{2})\|([^|]*)\|")
_DEALER = {"1": Seat.SOUTH, "2": Seat.WEST, "3": Seat.NORTH, "4": Seat.EAST}
_VUL = {"o": "None", "0": "None", "n": "NS", "e": "EW", "b": "All"}
_RESULT = re.compile(r"^(?P<level>[1-7])(?P<denom>[CDHSN])(?P<declarer>[NESW])(?P<dbl>x{0,2})(?P<result>=|[+-]\d+)$",
                     re.IGNORECASE)


def parse_lin(text: str, file: str = "<lin>") -> list[Game]:
    """Every board in a LIN text, as PBN-like games (tags Board, Room, Dealer, Vulnerable, Deal, Auction ...)."""
    games: list[Game] = []
    results: list[str] = []
    current: Game | None = None
    line, counted = 1, 0  # the line of the pair, counted on from the previous pair's start
    for match in _PAIR.finditer(text):
        key, value = match[1].lower(), match[2]
        line += text.count("\n", counted, match.start())
        counted = match.start()
        if key == "rs":
            results = value.split(",")
        elif key == "qx":
            current = Game(file, line)
            games.append(current)
            room, number = value[:1], value[1:]
            _tag(current, "Board", number if number.isdigit() else value, line)
            _tag(current, "Room", {"o": "Open", "c": "Closed"}.get(room, room), line)
        elif key == "md":
            current = current or _new(games, file, line)
            _deal(current, value, line)
        elif current is None:
            continue
        elif key == "sv":
            _tag(current, "Vulnerable", _VUL.get(value.lower(), value), line)
        elif key == "mb":
            current.sections.setdefault("Auction", []).append(Token(_call(value, current, line), line))
        elif key == "pc":
            current.sections.setdefault("PlaySequence", []).append(Token(value, line))
        elif key == "mc":
            _tag(current, "Claim", value, line)
    for game, result in zip(games, results, strict=False):
        _result(game, result)
    return games


def _new(games: list[Game], file: str, line: int) -> Game:
    game = Game(file, line)
    games.append(game)
    return game


def _tag(game: Game, name: str, value: str, line: int) -> None:
    game.tags[name] = value
    game.tag_lines[name] = line


def _deal(game: Game, value: str, line: int) -> None:
    dealer_digit, hands_text = value[:1], value[1:]
    if dealer_digit not in _DEALER:
        raise game.error(f"md: dealer digit {dealer_digit!r} is not 1-4", line=line)
    hands = hands_text.rstrip(",").split(",")
    if not 3 <= len(hands) <= 4:
        raise game.error(f"md: expected three or four hands, found {len(hands)}", line=line)
    pbn = [_hand(h, game, line) if h else "-" for h in hands] + ["-"] * (4 - len(hands))
    dealer = _DEALER[dealer_digit]
    _tag(game, "Dealer", dealer.letter, line)
    _tag(game, "Deal", "S:" + " ".join(pbn), line)  # LIN lists South, West, North, East
    _tag(game, "Auction", dealer.letter, line)
    game.sections.setdefault("Auction", [])


def _hand(text: str, game: Game, line: int) -> str:
    suits = dict.fromkeys("SHDC", "")
    current = None
    for char in text.upper():
        if char in suits:
            current = char
        elif current is None:
            raise game.error(f"md: hand {text!r} does not start with a suit letter", line=line)
        else:
            suits[current] += char
    return ".".join(suits[s] for s in "SHDC")


def _call(value: str, game: Game, line: int) -> str:
    raw = value.strip().rstrip("!").upper()
    text = {"P": "Pass", "D": "X", "R": "XX"}.get(raw, raw)
    try:
        return str(Call.parse(text))
    except NotationError as error:
        raise game.error(f"mb: {error.message}", line=line) from None


def _result(game: Game, text: str) -> None:
    match = _RESULT.match(text.strip())
    if not match:
        if text.strip().upper() in ("PASS", "P", "AP"):
            _tag(game, "Contract", "Pass", game.line)
        return
    contract = Contract.parse(f"{match['level']}{match['denom']}{match['dbl'].upper()}", match["declarer"])
    offset = 0 if match["result"] == "=" else int(match["result"])
    _tag(game, "Contract", str(contract), game.line)
    _tag(game, "Declarer", match["declarer"].upper(), game.line)
    _tag(game, "Result", str(contract.tricks_needed + offset), game.line)


def play_sequence(game: Game) -> list[Marked]:
    """The cards of a LIN game in the order they were played."""
    cards = []
    for token in game.sections.get("PlaySequence", []):
        try:
            cards.append(Marked(Card.parse(token.text), token.line))
        except NotationError as error:
            raise game.error(f"pc: {error.message}", line=token.line) from None
    return cards


def read_lin(path: Path) -> list[Game]:
    """Every board in a LIN file."""
    return parse_lin(read_text(path), str(path))
