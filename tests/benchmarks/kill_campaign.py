"""The full kill-at-every-step campaign of issue 9 (the test suite tries the switching steps and a seeded sample).

    .venv/bin/python tests/benchmarks/kill_campaign.py [-k EXPRESSION]

Runs tests/test_reliability_steps.py with LAWTOOLS_KILL_EVERY_STEP=1: the site build, `lawtools build`,
`edition add` and the rest are killed (and failed, with a full disk) after every one of their file-system
operations, each checked for old-or-new complete output and no leftovers after the next run. It takes long (a
site build per step): narrow it with -k, e.g. `-k tmx` or `-k "site and kill"`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent


def main() -> int:
    environment = {**os.environ, "LAWTOOLS_KILL_EVERY_STEP": "1"}
    command = [sys.executable, "-m", "pytest", str(TESTS / "test_reliability_steps.py"), "-q", "-p",
               "no:cacheprovider", *sys.argv[1:]]
    return subprocess.call(command, env=environment)


if __name__ == "__main__":
    sys.exit(main())
