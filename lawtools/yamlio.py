"""One way to read YAML: libyaml's fast safe loader when present, and package data by file name."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """Parse YAML text safely (raises yaml.YAMLError on bad input)."""
    return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader


def read_yaml(path: Path) -> Any:
    """Parse a UTF-8 YAML file."""
    return load_yaml(path.read_text(encoding="utf-8"))


def describe_error(path: Path, error: Exception) -> str:
    """One line for a YAML file that cannot be read: `path:line: not valid YAML: problem`, or not UTF-8."""
    if isinstance(error, UnicodeDecodeError):
        return f"{path}: not UTF-8 text (byte {error.start})"
    if isinstance(error, OSError):
        return f"{path}: cannot read: {error.strerror or error}"
    mark = getattr(error, "problem_mark", None)
    where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
    return f"{where}: not valid YAML: {getattr(error, 'problem', None) or 'cannot parse'}"


@cache
def package_data(name: str) -> Any:
    """A YAML file shipped in lawtools/data, parsed once per process."""
    return load_yaml(resources.files("lawtools.data").joinpath(name).read_text(encoding="utf-8"))
