"""Plain-text tables for people: fixed columns, wrapped cells, no dependencies."""

from __future__ import annotations

import re
import shutil
import textwrap
import unicodedata
from collections.abc import Sequence

ANSI_SGR = re.compile(r"\x1b\[[0-9;]*m")


def display_width(text: str) -> int:
    """Columns a string takes in a terminal (wide East Asian characters count two; ANSI styles none)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in ANSI_SGR.sub("", text))


def terminal_width(default: int = 100) -> int:
    """The terminal's width, or `default` when output is not a terminal."""
    return shutil.get_terminal_size((default, 24)).columns


def render_table(headers: Sequence[str], rows: Sequence[Sequence[object]], *, width: int | None = None,
                 wrap: Sequence[int] = (), align_right: Sequence[int] = ()) -> str:
    """A table with a header rule; columns listed in `wrap` share the width left by the others."""
    width = width or terminal_width()
    cells = [[str(value) for value in row] for row in rows]
    columns = len(headers)
    natural = [max([display_width(headers[i])] + [max((display_width(x) for x in row[i].split("\n")), default=0)
                                                   for row in cells]) for i in range(columns)]
    gap = 2
    fixed = sum(natural[i] for i in range(columns) if i not in wrap) + gap * (columns - 1)
    if wrap:
        share = max(12, (width - fixed) // len(wrap))
        for i in wrap:
            natural[i] = min(natural[i], share)
    lines: list[str] = []
    for index, row in enumerate([[str(h) for h in headers], *cells]):
        wrapped = [_wrap(row[i], natural[i]) if i in wrap else row[i].split("\n") for i in range(columns)]
        height = max(len(parts) for parts in wrapped)
        for k in range(height):
            lines.append(_row([parts[k] if k < len(parts) else "" for parts in wrapped], natural, align_right, gap))
        if index == 0:
            lines.append(_row(["─" * n for n in natural], natural, (), gap))
    return "\n".join(line.rstrip() for line in lines)


def _wrap(text: str, width: int) -> list[str]:
    out: list[str] = []
    for paragraph in text.split("\n"):
        # never cut a long word that carries ANSI styles: the cut could fall inside an escape sequence
        out.extend(textwrap.wrap(paragraph, width, break_long_words="\x1b" not in paragraph) or [""])
    return out


def _row(values: Sequence[str], widths: Sequence[int], align_right: Sequence[int], gap: int) -> str:
    parts = []
    for i, (value, size) in enumerate(zip(values, widths, strict=True)):
        pad = " " * max(0, size - display_width(value))
        parts.append(pad + value if i in align_right else value + pad)
    return (" " * gap).join(parts)
