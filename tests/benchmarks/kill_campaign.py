"""The full kill-at-every-step campaign of issue 9 (the test suite tries the switching steps and a seeded sample).

    .venv/bin/python tests/benchmarks/kill_campaign.py [--sparse N] [--distinct] [--collect] [-k EXPRESSION]

Runs tests/test_reliability_steps.py and tests/test_reliability_atomic.py with LAWTOOLS_KILL_EVERY_STEP=1:
ingest (the small fixture and the five real editions), TMX and TBX export (fixture and real corpus), the site
build, `lawtools build`, `edition add`, `concordance --update` and `rules drift --update` are killed (and failed,
with a full disk) after every one of their file-system operations, each checked for old-or-new complete output
and no leftovers after the next run. Every command forks from one imported lawtools (tests/fork_server.py), and a
killed state alike to one already followed by a next run is checked once. At the end it prints, per test, the
operations the command makes and how many were faulted. Narrow it with -k, e.g. `-k tmx` or `-k "site and kill"`.
`--sparse N` faults every operation that is not a plain open or write (and the one after each) but only every Nth
open/write: `lawtools build` makes about 1,400 operations, most of them writes of cache and site files alike.
`--distinct` faults, of the operations alike in name and path (digits and hashes aside), the first and the last
(and the step after each such switch), in a seeded shuffled order: about 420 of the build's 1,400.
`--collect` goes on past a failed step (each is logged with `FAILED`, its project kept) and fails each test at
its end with every failed step, so one unattended run reports them all.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent


def main() -> int:
    log = Path(tempfile.mkdtemp(prefix="kill-campaign-")) / "steps.log"
    environment = {**os.environ, "LAWTOOLS_KILL_EVERY_STEP": "1", "LAWTOOLS_CAMPAIGN_LOG": str(log)}
    arguments = sys.argv[1:]
    if "--sparse" in arguments:
        at = arguments.index("--sparse")
        environment["LAWTOOLS_KILL_SPARSE"] = arguments[at + 1]
        del arguments[at:at + 2]
    if "--collect" in arguments:
        environment["LAWTOOLS_KILL_COLLECT"] = "1"
        arguments.remove("--collect")
    if "--distinct" in arguments:
        environment["LAWTOOLS_KILL_DISTINCT"] = "1"
        arguments.remove("--distinct")
    command = [sys.executable, "-m", "pytest", str(TESTS / "test_reliability_steps.py"),
               str(TESTS / "test_reliability_atomic.py"), "-q", "-p", "no:cacheprovider", *arguments]
    start = time.monotonic()
    code = subprocess.call(command, env=environment)
    print(f"\nkill campaign: pytest exit {code} in {time.monotonic() - start:.0f} s")
    if log.exists():
        print(log.read_text(encoding="utf-8"), end="")
    return code


if __name__ == "__main__":
    sys.exit(main())
