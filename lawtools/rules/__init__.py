"""The mechanical Laws as small, pure functions, each citing the provisions it implements.

Import the law modules you need (``from lawtools.rules.law77_scoring import score``); `load_all`
imports every one so that `registry.REGISTRY` is complete. Nothing here imports heavy libraries.
"""

from __future__ import annotations

import importlib

RULE_MODULES = (
    "law01_ranking",
    "law02_boards",
    "law17_22_auction",
    "law44_play",
    "law46_designation",
    "law50_51_penalty_cards",
    "law57_premature",
    "law61_64_revoke",
    "law77_scoring",
    "law78_methods",
    "replay",
)


def load_all() -> None:
    """Import every rule module, which registers its functions."""
    for name in RULE_MODULES:
        importlib.import_module(f"{__name__}.{name}")
