"""Progress of a long stage: a bar on a terminal, a few plain lines when not on one (or when CI is set)."""

from __future__ import annotations

import os
import sys
from typing import TextIO

import click


def interactive(stream: TextIO) -> bool:
    """True when progress may redraw a line: stream is a terminal and CI is not set."""
    ci = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
    return not ci and hasattr(stream, "isatty") and stream.isatty()


class Progress:
    """Counts items of a stage; call `advance()` per item and `close()` at the end (or use as a context)."""

    STEPS = 4  # plain lines at 25 %, 50 %, 75 % and 100 %

    def __init__(self, label: str, total: int, stream: TextIO | None = None, enabled: bool = True):
        self.label, self.total, self.done = label, total, 0
        self.stream = stream or sys.stderr
        self.enabled = enabled and total > 1
        self._bar = None
        self._next_line = 1
        if self.enabled and interactive(self.stream):
            self._bar = click.progressbar(length=total, label=f"    {label}", file=self.stream, show_pos=True,
                                          show_eta=True)
            self._bar.__enter__()

    def advance(self, items: int = 1) -> None:
        """Count items as done."""
        self.done += items
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.update(items)
            return
        while self._next_line <= self.STEPS and self.done * self.STEPS >= self._next_line * self.total:
            click.echo(f"    {self.label}: {self.done}/{self.total}", file=self.stream)
            self._next_line += 1

    def close(self) -> None:
        """End the bar (the plain lines need no ending)."""
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
