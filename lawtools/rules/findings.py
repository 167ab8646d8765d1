"""What a replay returns: findings (with the provisions that decide them), revokes found, and each board's outcome."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, Seat

MARKS = {"^I": "insufficient bid accepted", "^S": "skipped player", "^R": "unnoticed revoke",
         "^L": "lead out of turn accepted"}


@dataclass
class Finding:
    """Something the replay found, with the provisions that decide it (DESIGN.md shape)."""

    code: str
    severity: str  # "error", "warning" or "info"
    provisions: tuple[str, ...]
    message: str
    line: int | None = None
    quotes: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "severity": self.severity, "provisions": list(self.provisions),
                                "message": self.message}
        if self.line is not None:
            data["line"] = self.line
        if self.quotes:
            data["quotes"] = self.quotes
        return data


@dataclass
class Revoke:
    """A failure to follow suit found in a replayed play."""

    offender: Seat
    trick: int
    card: Card
    led: Card
    line: int


@dataclass
class BoardReplay:
    """The outcome of replaying one board."""

    file: str
    board: str
    contract: str | None
    declarer: str | None
    tricks: int | None
    score: int | None
    tags: dict[str, str | None]
    findings: list[Finding] = field(default_factory=list)
    tricks_played: int = 0
    play_complete: bool = False
    revokes: list[Revoke] = field(default_factory=list)
    room: str | None = None
    play: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of one board in `lawtools rules replay --json`."""
        return {"file": self.file, "board": self.board, "contract": self.contract, "declarer": self.declarer,
                "tricks": self.tricks, "score": self.score, "tags": self.tags,
                "room": self.room, "tricks_played": self.tricks_played, "play_complete": self.play_complete,
                "play": self.play,
                "findings": [f.to_dict() for f in self.findings]}


