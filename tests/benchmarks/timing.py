"""Timing helpers shared by the benchmark scripts (run as `python tests/benchmarks/bench_*.py`)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_time(function: Callable[[], object], repeat: int) -> float:
    """Median wall-clock seconds of `repeat` calls of `function`."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)
