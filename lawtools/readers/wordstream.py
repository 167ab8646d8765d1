"""The words of a source in reading order, with where each stands: its line, column, line and page start.

Page furniture is cut first (`lawtools.readers.furniture`), so readers see only content. A bullet
opening a line (when the layout has bullets) is dropped and the word after it marked `bullet`; a
combined label ("1.(a)") is split in two.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .base import Builder, SourceText
from .furniture import find as find_furniture

BULLETS = ("-", "•", "–", "·", "▪", "◦")
GLUED = re.compile(r"^(?P<first>[1-9]\d?\.|[A-Z]\.)(?P<second>\([a-z]{1,4}\)|[a-z]\))$")


@dataclass
class Tok:
    """One word with where it stands: its line, column, and whether it starts a line, paragraph or page."""

    text: str
    line: int
    column: int
    line_start: bool = False
    blank_before: bool = False
    page_start: bool = False
    segment: int = 0
    glued: bool = False
    bullet: bool = False


def tokens(source: SourceText, builder: Builder | None, paged: bool, bullets: bool = False,
           heading_words: frozenset[str] = frozenset()) -> list[Tok]:
    """The words of the source in reading order, furniture removed (and recorded on `builder`).

    With `bullets`, a bullet opening a line is dropped and the word after it starts the line (`bullet`);
    `heading_words`: as `furniture.find`.
    """
    cuts, segments = find_furniture(source.lines, paged, heading_words)
    if builder is not None:
        for cut in cuts:
            builder.furniture(cut.line, cut.kind, cut.text, cut.column)
    toks: list[Tok] = []
    for number, segment in enumerate(segments):
        words = list(segment.words)
        bulleted = bullets and len(words) > 1 and words[0][1] in BULLETS
        if bulleted:
            words = words[1:]
        for k, (column, word) in enumerate(words):
            first = k == 0
            if first and bulleted:
                toks.append(Tok(word, segment.line, column, True, segment.blank_before, segment.page_start, number,
                                bullet=True))
                continue
            match = GLUED.match(word)
            if match:
                toks.append(Tok(match["first"], segment.line, column, first, first and segment.blank_before,
                                first and segment.page_start, number))
                toks.append(Tok(match["second"], segment.line, column + len(match["first"]), segment=number,
                                glued=True))
                continue
            toks.append(Tok(word, segment.line, column, first, first and segment.blank_before,
                            first and segment.page_start, number))
    return toks


def has_letters(word: str) -> bool:
    """True when the word holds a letter."""
    return any(ch.isalpha() for ch in word)


def capitalised(word: str) -> bool:
    """True when a word starts (after an opening bracket or quote) with a capital, a digit or §."""
    stripped = word.lstrip("(«\"„‚'“‘")
    return bool(stripped) and (stripped[0].isupper() or stripped[0].isdigit() or stripped[0] == "§")
