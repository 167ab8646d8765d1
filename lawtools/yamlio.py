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


@cache
def package_data(name: str) -> Any:
    """A YAML file shipped in lawtools/data, parsed once per process."""
    return load_yaml(resources.files("lawtools.data").joinpath(name).read_text(encoding="utf-8"))
