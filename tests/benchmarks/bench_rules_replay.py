"""Replay cost against parse cost on the real bridge data (run: python tests/benchmarks/bench_rules_replay.py).

Prints the time to replay every board as a ratio of the time to parse the same files, both measured here.
"""

from __future__ import annotations

import time
from pathlib import Path

from lawtools.rules.lin import read_lin
from lawtools.rules.pbn import read_pbn
from lawtools.rules.replay import replay_file

DATA = Path(__file__).resolve().parents[3] / "shared" / "bridge-data"


def timed(function, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    files = sorted(p for p in DATA.iterdir() if p.suffix in (".pbn", ".lin"))
    parse = timed(lambda: [read_lin(p) if p.suffix == ".lin" else read_pbn(p) for p in files])
    replay = timed(lambda: [replay_file(p, 2017) for p in files])
    boards = sum(len(replay_file(p, 2017)) for p in files)
    print(f"{len(files)} files, {boards} boards: parse {parse * 1000:.1f} ms, replay {replay * 1000:.1f} ms, "
          f"replay/parse = {replay / parse:.1f}x")


if __name__ == "__main__":
    main()
