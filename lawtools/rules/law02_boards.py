"""Law 2: a board's number decides its dealer and vulnerability."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

from ..errors import NotationError, NotFound
from ..yamlio import package_data
from .cards import Seat, Side
from .registry import implements

TABLE_WORDS = Path(__file__).resolve().parent.parent / "data" / "rules_law2.yaml"


class Vulnerability(Enum):
    """Which sides are vulnerable on a board."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def __str__(self) -> str:
        return self.value

    def is_vulnerable(self, side: Side) -> bool:
        """True when `side` is vulnerable."""
        return self is Vulnerability.BOTH or self.value == side.value

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """PBN forms: None/Love/-, NS, EW, All/Both."""
        key = text.strip().upper()
        for names, value in ((("NONE", "LOVE", "-", "O", ""), cls.NONE), (("NS", "N-S", "N"), cls.NS),
                             (("EW", "E-W", "E"), cls.EW), (("ALL", "BOTH", "B"), cls.BOTH)):
            if key in names:
                return value
        raise NotationError(f"unknown vulnerability {text!r} (expected None, NS, EW or All)")


def _check(board: int) -> None:
    if not isinstance(board, int) or board < 1:
        raise NotationError(f"a board number is a positive integer, not {board!r}")


@implements("2", example="dealer(7)")
def dealer(board: int) -> Seat:
    """The dealer of a board: North on 1, East on 2, South on 3, West on 4, repeating."""
    _check(board)
    return Seat((board - 1) % 4)


@implements("2", example="vulnerability(7)")
def vulnerability(board: int) -> Vulnerability:
    """The vulnerability of a board, in the Law 2 cycle of sixteen boards."""
    _check(board)
    i = (board - 1) % 16
    return (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)[(i + i // 4) % 4]


@dataclass(frozen=True)
class BoardTable:
    """The board table as a Law 2 text prints it: dealer and vulnerability of boards 1-16, and the cycle."""

    dealers: dict[int, Seat]
    vulnerability: dict[int, Vulnerability]
    cycle: int

    def dealer(self, board: int) -> Seat:
        return self.dealers[(board - 1) % self.cycle + 1]

    def vulnerable(self, board: int) -> Vulnerability:
        return self.vulnerability[(board - 1) % self.cycle + 1]


@cache
def _words(language: str) -> dict:
    data = package_data(TABLE_WORDS.name)  # checked against its recorded shape (lawtools/shapes.py)
    if language not in data:
        raise NotFound(f"no Law 2 table words for {language!r} in {TABLE_WORDS.name}; known: {', '.join(data)}")
    return data[language]


def parse_board_table(text: str, language: str) -> BoardTable:
    """Parse the board table printed in a Law 2 text (words per language from data/rules_law2.yaml)."""
    words = _words(language)
    numbers = r"(\d+(?:\s+\d+)*)"
    dealers: dict[int, Seat] = {}
    for letter, name in words["seats"].items():
        match = re.search(rf"{re.escape(name)}\s+{words['dealer']}\s+{words['board']}\s+{numbers}", text)
        if not match:
            raise NotationError(f"Law 2 text: no dealer row for {name!r}")
        dealers.update({int(n): Seat.parse(letter) for n in match[1].split()})
    vul: dict[int, Vulnerability] = {}
    for key, label in words["vulnerability"].items():
        match = re.search(rf"{re.escape(label)}\s+{words['board']}\s+{numbers}", text)
        if not match:
            raise NotationError(f"Law 2 text: no vulnerability row for {label!r}")
        vul.update({int(n): Vulnerability[key] for n in match[1].split()})
    repeat = re.search(words["repeat"], text)
    if not repeat:
        raise NotationError("Law 2 text: no sentence saying how the table repeats")
    first, last = int(repeat[1]), int(repeat[2])
    if sorted(dealers) != list(range(1, first)) or sorted(vul) != list(range(1, first)):
        raise NotationError(f"Law 2 text: the table does not cover boards 1-{first - 1} exactly once each")
    return BoardTable(dealers, vul, last - first + 1)
