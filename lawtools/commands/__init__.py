"""Shared pieces of the CLI commands: one way to ask for JSON, one way to print results."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import click


def output_options(command: Callable) -> Callable:
    """Add `--json` to a command (machine output in the DESIGN.md shape); humans get tables."""
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for machines instead of a table.")(
        command
    )


def emit(data: Any, as_json: bool, human: Callable[[Any], str]) -> None:
    """Print `data` as stable JSON, or as the text `human(data)` renders."""
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        click.echo(human(data))
