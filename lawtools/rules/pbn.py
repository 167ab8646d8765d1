"""A small PBN reader: games as tags and sections, each with the line it came from.

Why our own and not endplay's: endplay is a heavy optional extra, and a replay needs every token's line
for its errors. PBN as read here (PBN 1.0/2.1): ``%`` lines are escapes, ``;`` starts a rest-of-line
comment, ``{...}`` is a comment that may span lines, a blank line ends a game, ``[Name "value"]`` is a tag
and the lines after a tag (until the next tag) are its section. A value ``#`` repeats the previous
game's value. Files are UTF-8, or Latin-1 when they are not valid UTF-8 (as PBN 1.0 prescribed).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import NotationError
from .cards import Call, CallKind, Card, Seat


@dataclass(frozen=True)
class Token:
    """One word of a section, with its line."""

    text: str
    line: int


@dataclass
class Game:
    """One PBN game: its tags (name -> value), the line of each tag, and each section's tokens."""

    file: str
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    sections: dict[str, list[Token]] = field(default_factory=dict)

    @property
    def board(self) -> str:
        return self.tags.get("Board", "?")

    def error(self, message: str, tag: str | None = None, line: int | None = None) -> NotationError:
        """A NotationError naming this game's file, board and the tag's (or given) line."""
        where = line or (self.tag_lines.get(tag) if tag else None) or self.line
        return NotationError(message, file=self.file, board=self.board, line=where)

    def get(self, tag: str) -> str | None:
        """A tag's value, or None when absent or empty."""
        value = self.tags.get(tag)
        return value if value not in (None, "") else None


MAX_FILE_BYTES = 32 * 1024 * 1024  # a PBN or LIN file larger than this is refused before reading


def read_text(path: Path) -> str:
    """The file's text: UTF-8 when valid, else Latin-1 (a regular file of at most MAX_FILE_BYTES)."""
    from ..errors import InputError
    from ..fsutil import read_limited_bytes

    try:
        data = read_limited_bytes(Path(path), str(path), MAX_FILE_BYTES)
    except InputError as error:
        raise NotationError(str(error).removeprefix(f"{path}: "), file=str(path)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _tokens(text: str, file: str) -> Iterator[tuple[str, str, int]]:
    """(kind, text, line) tokens: "[", "]", "string", "word" and "end" (a blank line that ends a game)."""
    i, line, n = 0, 1, len(text)
    line_start = True
    while i < n:
        char = text[i]
        if char == "\n":
            line += 1
            i += 1
            j = i
            while j < n and text[j] in " \t\r":
                j += 1
            if j < n and text[j] == "\n" or j >= n:
                yield "end", "", line
            line_start = True
            continue
        if char in " \t\r":
            i += 1
            continue
        if line_start and char == "%":
            while i < n and text[i] != "\n":
                i += 1
            continue
        line_start = False
        if char == ";":
            while i < n and text[i] != "\n":
                i += 1
        elif char == "{":
            close = text.find("}", i)
            if close < 0:
                raise NotationError("a comment opened with '{' is never closed", file=file, line=line)
            line += text.count("\n", i, close)
            i = close + 1
        elif char in "[]":
            yield char, char, line
            i += 1
        elif char == '"':
            j, out = i + 1, []
            while j < n and text[j] != '"':
                if text[j] == "\\" and j + 1 < n:
                    j += 1
                if text[j] == "\n":
                    raise NotationError("a tag value's string is not closed on its line", file=file, line=line)
                out.append(text[j])
                j += 1
            if j >= n:
                raise NotationError("a tag value's string is never closed", file=file, line=line)
            yield "string", "".join(out), line
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in ' \t\r\n[]";{':
                j += 1
            yield "word", text[i:j], line
            i = j


def parse_pbn(text: str, file: str = "<pbn>") -> list[Game]:
    """Every game in a PBN text, in order; games without tags (comments only) are left out."""
    games: list[Game] = []
    previous: dict[str, str] = {}
    current: Game | None = None
    section: str | None = None
    stream = _tokens(text, file)
    for kind, value, line in stream:
        if kind == "end":
            if current is not None and current.tags:
                games.append(current)
                previous = current.tags
            current, section = None, None
        elif kind == "[":
            name, tag_value = _tag(stream, line, file, current)
            if tag_value == "#":
                tag_value = previous.get(name, "")
            if current is None:
                current = Game(file, line)
            current.tags[name] = tag_value.strip()
            current.tag_lines[name] = line
            current.sections.setdefault(name, [])
            section = name
        elif kind == "word" and current is not None and section is not None:
            current.sections[section].append(Token(value, line))
        else:
            raise NotationError(f"unexpected {value!r} outside a tag (expected [Name \"value\"])",
                                file=file, board=current.board if current else None, line=line)
    if current is not None and current.tags:
        games.append(current)
    return games


def _tag(stream: Iterator[tuple[str, str, int]], line: int, file: str, game: Game | None) -> tuple[str, str]:
    parts = []
    for kind, value, at in stream:
        if kind == "]":
            break
        if kind == "end" or kind == "[" or len(parts) == 2:
            raise NotationError('malformed tag (expected [Name "value"])', file=file,
                                board=game.board if game else None, line=at)
        parts.append((kind, value))
    else:
        raise NotationError("a tag opened with '[' is never closed", file=file, line=line)
    if len(parts) != 2 or parts[0][0] != "word" or parts[1][0] != "string":
        raise NotationError('malformed tag (expected [Name "value"])', file=file,
                            board=game.board if game else None, line=line)
    return parts[0][1], parts[1][1]


def read_pbn(path: Path) -> list[Game]:
    """Every game in a PBN file; NotationError names the file and line of anything malformed."""
    return parse_pbn(read_text(path), str(path))


# --- sections -----------------------------------------------------------------------------------------

_NOTE = re.compile(r"^=\d+=$")
_NAG = re.compile(r"^\$\d+$")


def _section_seat(game: Game, tag: str) -> Seat:
    """The seat a section tag names ([Auction "N"], [Play "E"]); NotationError when absent or not a seat."""
    first = game.get(tag)
    if first is None:
        raise game.error(f"no [{tag}] tag")
    try:
        return Seat.parse(first)
    except NotationError as error:
        raise game.error(f"[{tag}]: {error}", tag) from None


def _is_annotation(text: str) -> bool:
    """A note reference (=1=), a NAG ($3) or a suffix annotation (!, ?!) standing as its own token."""
    return bool(_NOTE.match(text) or _NAG.match(text)) or text in ("!", "?", "!!", "??", "!?", "?!")


@dataclass(frozen=True)
class Marked:
    """A call or card from a section, with its line and any irregularity marks (PBN ``^I``, ``^R`` ...)."""

    value: object  # Call, Card, or None for '-' (unknown)
    line: int
    marks: tuple[str, ...] = ()


def auction_tokens(game: Game, limit: int | None = None) -> tuple[Seat, list[Marked]]:
    """The seat of the auction's first column and its calls ('AP' expanded to passes; '-' is None).

    With `limit`, reading stops after limit + 1 calls (enough to tell the auction is too long).
    """
    seat = _section_seat(game, "Auction")
    calls: list[Marked] = []
    pending: list[str] = []
    for token in game.sections.get("Auction", []):
        if limit is not None and len(calls) > limit:
            break
        text = token.text
        if _is_annotation(text):
            continue
        if text.startswith("^"):  # an irregularity mark names the call that follows it
            pending.append(text)
            continue
        if text.upper() == "AP":  # all pass: the passes that end the auction
            bid = any(m.value is not None and m.value.kind is not CallKind.PASS for m in calls)
            passes = 3 if bid else 4 - sum(1 for m in calls if m.value is not None)
            calls.extend(Marked(Call.parse("Pass"), token.line) for _ in range(max(passes, 0)))
            continue
        if text in ("*", "+"):
            break
        if set(text) == {"-"}:
            calls.append(Marked(None, token.line, tuple(pending)))
            pending = []
            continue
        try:
            calls.append(Marked(Call.parse(text.rstrip("!?")), token.line, tuple(pending)))
            pending = []
        except NotationError as error:
            raise game.error(f"[Auction]: {error.message}", line=token.line) from None
    return seat, calls


def play_rows(game: Game) -> tuple[Seat, list[list[Marked]]]:
    """The opening leader's seat and the rows of [Play]: four columns in fixed seat order from that seat."""
    seat = _section_seat(game, "Play")
    rows: list[list[Marked]] = []
    row: list[Marked] = []
    pending: list[str] = []
    for token in game.sections.get("Play", []):
        text = token.text
        if _is_annotation(text):
            continue
        if text.startswith("^"):  # an irregularity mark names the card that follows it
            pending.append(text)
            continue
        if text == "*":
            break
        if set(text) == {"-"}:  # unknown card; some writers use "--"
            row.append(Marked(None, token.line, tuple(pending)))
        else:
            try:
                row.append(Marked(Card.parse(text), token.line, tuple(pending)))
            except NotationError as error:
                raise game.error(f"[Play]: {error.message}", line=token.line) from None
        pending = []
        if len(row) == 4:
            rows.append(row)
            row = []
            if len(rows) > 13:  # a deal has 13 tricks: one row more is enough to report the excess
                break
    if row:
        rows.append(row)
    return seat, rows
