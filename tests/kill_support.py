"""Run one lawtools command with a fault injected at its Nth file-system operation (used by the atomicity tests).

    python kill_support.py MODE N COMMAND...     (run in the project directory)

MODE `kill`: the process dies (os._exit, no cleanup) right after the Nth operation; MODE `fail`: the Nth
operation raises OSError(ENOSPC) instead of running (a full disk). Operations counted: os.rename, os.replace,
os.mkdir, os.rmdir, os.unlink, os.open, os.write, os.chmod, shutil.rmtree, fsutil.exchange and
Path.write_text/write_bytes ($LAWTOOLS_FAULT_OPS, comma-separated, narrows the list). Exit 97 means the
fault fired; otherwise the command's own exit code. The number of operations seen is written to
$LAWTOOLS_OPS_FILE when the command ends normally.
"""

from __future__ import annotations

import errno
import os
import pathlib
import shutil
import sys

HERE = pathlib.Path(__file__).resolve().parent
FIRED = 97


def install(mode: str, target: int) -> list[int]:
    """Patch the file-system operations; returns the live counter."""
    from lawtools import fsutil

    count = [0]
    real_exit = os._exit

    def wrap(owner, name):
        original = getattr(owner, name)

        def patched(*args, **kwargs):
            count[0] += 1
            mine = count[0]  # operations nested inside this one (rmtree's unlinks) count on their own
            if mine == target and mode == "fail":
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(args[0]) if args else "")
            try:
                return original(*args, **kwargs)
            finally:  # after the operation, whether it succeeded or raised (mkdir of an existing directory)
                if mine == target and mode == "kill":
                    real_exit(FIRED)

        setattr(owner, name, patched)

    only = set(filter(None, os.environ.get("LAWTOOLS_FAULT_OPS", "").split(",")))  # e.g. "rename,replace"
    for name in ("rename", "replace", "mkdir", "rmdir", "unlink", "open", "write", "chmod"):
        if not only or name in only:
            wrap(os, name)
    for owner, name in ((shutil, "rmtree"), (fsutil, "exchange"), (pathlib.Path, "write_text"),
                        (pathlib.Path, "write_bytes")):
        if not only or name in only:
            wrap(owner, name)
    return count


def main() -> int:
    mode, target, *command = sys.argv[1:]
    sys.path.insert(0, str(HERE / "fixtures"))
    from lawtools import readers
    from lawtools.cli import main as lawtools_main

    readers.LAYOUTS["mini"] = "mini_reader"
    count = install(mode, int(target))
    code = lawtools_main(command)
    ops_file = os.environ.get("LAWTOOLS_OPS_FILE")
    if ops_file:
        pathlib.Path(ops_file).write_text(str(count[0]), encoding="utf-8")
    if mode == "fail" and count[0] >= int(target):
        return FIRED if code != 0 else code
    return code


if __name__ == "__main__":
    sys.exit(main())
