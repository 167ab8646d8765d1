"""Run one lawtools command with a fault injected at its Nth file-system operation (used by the atomicity tests).

    python kill_support.py MODE N COMMAND...     (run in the project directory)

MODE `kill`: the process dies (os._exit, no cleanup) right after the Nth operation; MODE `fail`: the Nth
operation raises OSError(ENOSPC) instead of running (a full disk). Operations counted: os.rename, os.replace,
os.mkdir, os.rmdir, os.unlink, os.open, os.write, os.chmod, shutil.rmtree, fsutil.exchange and
Path.write_text/write_bytes ($LAWTOOLS_FAULT_OPS, comma-separated, narrows the list). Exit 97 means the
fault fired (or death by SIGKILL, when it fired in a forked stage of `lawtools build`: the whole command dies);
otherwise the command's own exit code. Operations are counted across forked children. The number seen is written to
$LAWTOOLS_OPS_FILE when the command ends normally, and the name of each, one a line, to $LAWTOOLS_OPS_LOG
(so a test can pick the steps that switch a tree, and sample the many alike ones between them).
"""

from __future__ import annotations

import errno
import os
import pathlib
import shutil
import signal
import sys

HERE = pathlib.Path(__file__).resolve().parent
FIRED = 97


OPERATIONS = ("rename", "replace", "mkdir", "rmdir", "unlink", "open", "write", "chmod", "rmtree", "exchange",
              "write_text", "write_bytes", "link")
TWO_PATHS = ("rename", "replace", "exchange", "link")  # the operations whose second argument is a path too
_LOG_SIZE = 1 << 20  # operations logged (one byte each) beyond this are counted but not named


class Counter:
    """The operation count and the operations' names, in memory shared with forked children (`lawtools build`
    runs its stages in child processes), so step N is the Nth operation of the whole command."""

    def __init__(self):
        import mmap

        self.memory = mmap.mmap(-1, 8 + _LOG_SIZE)  # anonymous and MAP_SHARED: a fork sees the same pages

    def next(self, name: str) -> int:
        number = int.from_bytes(self.memory[:8], "little") + 1
        self.memory[:8] = number.to_bytes(8, "little")
        if number <= _LOG_SIZE:
            self.memory[7 + number] = OPERATIONS.index(name) + 1
        return number

    @property
    def value(self) -> int:
        return int.from_bytes(self.memory[:8], "little")

    def names(self) -> list[str]:
        return [OPERATIONS[code - 1] for code in self.memory[8:8 + min(self.value, _LOG_SIZE)]]


def install(mode: str, target: int) -> Counter:
    """Patch the file-system operations; returns the live counter."""
    from lawtools import fsutil

    count = Counter()
    real_exit, real_kill, first = os._exit, os.kill, os.getpid()
    real_open, real_write, real_close = os.open, os.write, os.close
    paths_log = os.environ.get("LAWTOOLS_OPS_PATHS")  # a probe run: each operation's number, name and paths

    def note(number: int, name: str, args: tuple) -> None:
        where = " ".join(os.fsdecode(a) if isinstance(a, (str, bytes, os.PathLike)) else "-" for a in args[:2])
        handle = real_open(paths_log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            real_write(handle, f"{number}\t{name}\t{where}\n".encode("utf-8", "surrogateescape"))
        finally:
            real_close(handle)

    def die() -> None:
        if os.getpid() != first:  # a forked stage of `lawtools build`: the whole command dies, not one child
            real_kill(first, signal.SIGKILL)
        real_exit(FIRED)

    def wrap(owner, name):
        original = getattr(owner, name)

        def patched(*args, **kwargs):
            mine = count.next(name)  # operations nested inside this one (rmtree's unlinks) count on their own
            if paths_log and mine <= _LOG_SIZE:
                note(mine, name, () if name == "write" else args[:2] if name in TWO_PATHS else args[:1])
            if mine == target and mode == "fail":
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(args[0]) if args else "")
            try:
                return original(*args, **kwargs)
            finally:  # after the operation, whether it succeeded or raised (mkdir of an existing directory)
                if mine == target and mode == "kill":
                    die()

        setattr(owner, name, patched)

    only = set(filter(None, os.environ.get("LAWTOOLS_FAULT_OPS", "").split(",")))  # e.g. "rename,replace"
    for name in ("rename", "replace", "mkdir", "rmdir", "unlink", "open", "write", "chmod", "link"):
        if not only or name in only:
            wrap(os, name)
    for owner, name in ((shutil, "rmtree"), (fsutil, "exchange"), (pathlib.Path, "write_text"),
                        (pathlib.Path, "write_bytes")):
        if not only or name in only:
            wrap(owner, name)
    return count


def register_test_layout() -> None:
    """The tests' 'mini' layout (tests/fixtures/mini_reader.py) as a reader lawtools knows."""
    if str(HERE / "fixtures") not in sys.path:
        sys.path.insert(0, str(HERE / "fixtures"))
    from lawtools import readers

    readers.LAYOUTS["mini"] = "mini_reader"


def execute(mode: str, target: int, command: list[str]) -> int:
    """Run `lawtools COMMAND` in this process with the fault installed; the exit code as main() returns it."""
    from lawtools.cli import main as lawtools_main

    register_test_layout()
    count = install(mode, target)
    code = lawtools_main(command)
    seen, names = count.value, count.names()  # before this function's own writes are counted
    ops_file = os.environ.get("LAWTOOLS_OPS_FILE")
    if ops_file:
        pathlib.Path(ops_file).write_text(str(seen), encoding="utf-8")
    ops_log = os.environ.get("LAWTOOLS_OPS_LOG")
    if ops_log:
        pathlib.Path(ops_log).write_text("".join(f"{name}\n" for name in names), encoding="utf-8")
    if mode == "fail" and seen >= target:
        return FIRED if code != 0 else code
    return code


def main() -> int:
    mode, target, *command = sys.argv[1:]
    return execute(mode, int(target), command)


if __name__ == "__main__":
    sys.exit(main())
