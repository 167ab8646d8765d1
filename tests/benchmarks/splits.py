"""Dev and test splits shared by the benchmark scripts that plant defects in the real corpus (run as
`python tests/benchmarks/bench_*.py`): each provision is dev or test by a hash, fixed before any result is read."""

from __future__ import annotations

import hashlib

SPLITS = ("dev", "test")


def split_of(edition: str, node: str) -> str:
    """dev or test, by a hash of the provision (stable across runs and machines)."""
    return SPLITS[int(hashlib.sha1(f"{edition} {node}".encode()).hexdigest(), 16) % 2]


def share(part: int, whole: int) -> str:
    """'3/8 = 38%'."""
    return f"{part}/{whole} = {part / whole:.0%}" if whole else f"{part}/0"
