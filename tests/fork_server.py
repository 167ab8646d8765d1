"""A process with lawtools and its heavy libraries imported once, forking one child per command: the kill-at-every-
step campaign runs hundreds of site builds, and a fresh interpreter spends most of a small build importing mkdocs,
the theme and spaCy.

    server = ForkServer()                        # starts `python fork_server.py` (imports, then waits)
    done = server.run(project, "kill", 12, ["site", "build", "-q"], env={...})   # a CompletedProcess
    server.close()

Each request forks the waiting process; the child takes the request's working directory and environment, installs
kill_support's fault (MODE `kill`/`fail`/`none` at operation N), runs `lawtools ARGV` with its output in files and
exits with the command's code (97 when the fault fired, -9 when it fired in a forked stage of `lawtools build`,
as with kill_support run as a script). Nothing runs in the server itself, so every child starts from the same
freshly imported state: no command's caches carry over to the next. A command that needs another copy of the
package (PYTHONPATH to a copy) must run as a plain subprocess instead (`reliability_support.run_faulty`).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PRELOAD = ("lawtools.cli", "lawtools.commands.corpus", "lawtools.commands.site", "lawtools.commands.pipeline",
           "lawtools.commands.compare", "lawtools.commands.concordance", "lawtools.commands.search",
           "lawtools.commands.rules", "lawtools.ingest", "lawtools.records", "lawtools.site.build",
           "lawtools.site.hooks", "lawtools.pipeline.runner", "lawtools.diff", "lawtools.check.report",
           "lawtools.terms_match", "lawtools.exports", "lawtools.edition_add", "lawtools.concordance",
           "mkdocs.commands.build", "material.plugins.search.plugin", "pymdownx.superfences", "pymdownx.tabbed",
           "numpy")


def _serve() -> int:
    import importlib

    sys.path.insert(0, str(HERE / "fixtures"))
    sys.path.insert(0, str(HERE))
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    import kill_support

    kill_support.register_test_layout()
    import mini_reader  # noqa: F401 - imported once here, not in every child

    requests, replies = sys.stdin.buffer, sys.stdout.buffer
    replies.write(json.dumps({"ready": threading.active_count()}).encode() + b"\n")
    replies.flush()
    for line in requests:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(request)  # never returns
        code = _wait(pid, request.get("timeout", 600))
        replies.write(json.dumps({"returncode": code}).encode() + b"\n")
        replies.flush()
    return 0


def _wait(pid: int, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            os.killpg(pid, signal.SIGKILL)  # the child and any stage it forked
            os.waitpid(pid, 0)
            return -999  # a hang: the caller reports it
        time.sleep(0.005)


def _child(request: dict) -> None:
    code = 70
    try:
        os.setpgid(0, 0)
        out = os.open(request["stdout"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        err = os.open(request["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(out, 1)
        os.dup2(err, 2)
        for fd in (out, err, null):
            os.close(fd)
        sys.stdin = open(0, encoding="utf-8", closefd=False)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        import kill_support

        code = kill_support.execute(request["mode"], int(request["target"]), request["argv"])
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException:  # a traceback is what the campaign looks for: print it as Python would
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


class ForkServer:
    """The client side: one server process, requests one at a time."""

    def __init__(self, env: dict[str, str] | None = None):
        environment = {**(env or os.environ), "PYTHONPATH": str(ROOT)}
        environment.pop("LAWTOOLS_INDEX_DIR", None)
        self.env = environment
        self.process = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--serve"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment, cwd=ROOT)
        hello = json.loads(self.process.stdout.readline())
        self.threads = hello["ready"]
        self.scratch = Path(tempfile.mkdtemp(prefix="fork-server-"))

    def run(self, cwd: Path, mode: str, target: int, argv: list[str], env: dict | None = None,
            timeout: float = 600) -> subprocess.CompletedProcess:
        out, err = self.scratch / "out", self.scratch / "err"
        request = {"cwd": str(cwd), "mode": mode, "target": target, "argv": list(argv),
                   "env": {**self.env, **(env or {})}, "timeout": timeout, "stdout": str(out), "stderr": str(err)}
        self.process.stdin.write(json.dumps(request).encode() + b"\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        read = lambda path: path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""  # noqa: E731
        return subprocess.CompletedProcess(argv, reply["returncode"], read(out), read(err))

    def close(self) -> None:
        import shutil

        self.process.stdin.close()
        self.process.wait(timeout=60)
        shutil.rmtree(self.scratch, ignore_errors=True)


if __name__ == "__main__" and sys.argv[1:] == ["--serve"]:
    sys.exit(_serve())
