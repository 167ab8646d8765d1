"""The environment variables lawtools reads, each checked: a value it cannot use stops with one clear line.

A setting given in the environment is a user's instruction; reading `LAWTOOLS_LOCK_TIMEOUT=abc` as the default,
or `LAWTOOLS_SEMANTIC=alway` as `auto`, would be a silent guess.
"""

from __future__ import annotations

import math
import os

from .errors import EnvironmentSettingError

SEARCH_BACKENDS = ("whoosh", "tantivy")  # the engines lawtools.search.index can build on


def choice(name: str, choices: tuple[str, ...], default: str) -> str:
    """$name, one of `choices` (case and surrounding spaces ignored); `default` when unset or empty."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value not in choices:
        raise EnvironmentSettingError(f"{name}={os.environ[name]!r} is not one of: {', '.join(choices)}")
    return value


def seconds(name: str, default: float) -> float:
    """$name as a finite number of seconds ≥ 0; `default` when unset or empty."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise EnvironmentSettingError(f"{name}={os.environ[name]!r} is not a number of seconds (0 or more)")
    return value


def search_backend() -> str:
    """$LAWTOOLS_SEARCH_BACKEND: the search engine (whoosh when unset), read without importing one."""
    return choice("LAWTOOLS_SEARCH_BACKEND", SEARCH_BACKENDS, "whoosh")
