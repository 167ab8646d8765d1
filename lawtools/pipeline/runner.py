"""Running the stages of the main job in order, timing each and saying whether it ran or was skipped, and why.

With `isolate` (what `lawtools build` does) each group of stages (stages.GROUPS) runs in a forked child
process: what a stage loads (spaCy for the checks and diffs, Whoosh for the index, mkdocs and every page for the
site) is returned to the system when it ends, so the build's peak memory is that of its largest stage, not the
sum of all of them. The child prints each stage's line as it ends and sends back the outcomes, the stages'
state and the hash memo; an expected error in it stops the build with the same one-line message as in-process.
A process that already runs other threads (a library's worker pool, a test run that loaded the encoder) runs
the stages in-process instead: forking it could leave the child waiting on a lock no thread will release.
"""

from __future__ import annotations

import os
import pickle
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from ..errors import LawtoolsError, StageFailed
from ..fsutil import describe_os_error
from ..manifest import Manifest
from .stages import GROUPS, STAGES, Build, Outcome, Skip


def max_rss_mb() -> float:
    """This process's peak resident memory so far, in MB (0 where the platform cannot say)."""
    try:
        import resource
    except ImportError:  # not on POSIX
        return 0.0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_build(manifest: Manifest, config_file: Path, *, force: bool = False, only: list[str] | None = None,
              say: Callable[[str], None] = print, on_stage: Callable[[Outcome], None] | None = None,
              progress: bool = True, isolate: bool = False, skip: tuple[str, ...] = ()) -> tuple[list[Outcome], Build]:
    """Run every stage (or those named in only), each skipped when its inputs are unchanged unless force;
    the stages named in skip are not run at all (their line says so)."""
    build = Build(manifest, config_file, force=force, say=say, progress=progress)
    functions = dict(STAGES)
    outcomes: list[Outcome] = []
    for group in GROUPS:
        names = [name for name in group if (not only or name in only) and name not in skip]
        for name in group:
            if name in skip:
                outcome = Outcome(name, "skipped", "--skip: not run (what it produced before is used as it is)")
                outcomes.append(outcome)
                if on_stage:
                    on_stage(outcome)
        if not names:
            continue
        if isolate and _single_threaded():
            if names != ["ingest"]:  # hashed here once, so that every stage's child inherits them
                build.records_hash()
            done = _isolated(names, functions, build, on_stage)
        else:
            done = [_run(name, functions[name], build, on_stage) for name in names]
        if any(o.stage == "ingest" and o.status == "ran" for o in done):
            build.records_changed()
        outcomes += done
    build.save()
    return outcomes, build


def _run(name: str, stage: Callable[[Build], str], build: Build,
         on_stage: Callable[[Outcome], None] | None) -> Outcome:
    build.reason = ""
    started = time.perf_counter()
    try:
        detail = stage(build)
        outcome = Outcome(name, "ran", build.reason or "ran", detail)
    except Skip as skip:
        outcome = Outcome(name, "skipped", skip.reason, skip.detail)
    except OSError as error:  # a file operation the stage leaves unguarded (a cache's old entry on a full disk)
        raise StageFailed(describe_os_error(error.filename or build.corpus_dir, error, f"the {name} stage failed")
                          + "; run `lawtools build` again once that is fixed") from None
    outcome.seconds = time.perf_counter() - started
    outcome.max_rss_mb = round(max_rss_mb(), 1)
    if on_stage:
        on_stage(outcome)
        sys.stdout.flush()
    return outcome


def _single_threaded() -> bool:
    """True when this process may fork safely: it can, and it runs one thread (a fork copies the locks other
    threads hold, such as an encoder's or a library's worker pool, and the child can wait on them forever)."""
    if not hasattr(os, "fork"):
        return False
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:  # no /proc: only Python's own threads can be counted
        import threading

        return threading.active_count() == 1


def _isolated(names: list[str], functions: dict, build: Build,
              on_stage: Callable[[Outcome], None] | None) -> list[Outcome]:
    """Run stages in a forked child; take back their outcomes, their state and the hash memo."""
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run the stages, send what the parent needs, never return into the parent's code
        os.close(read_end)
        code = 0
        try:
            try:
                outcomes = [_run(name, functions[name], build, on_stage) for name in names]
                payload = {"outcomes": outcomes, "state": {n: build.state.get(n) for n in names},
                           "memo": build.hasher.memo, "site_index": build.site_index}
            except LawtoolsError as error:
                payload = {"error": str(error), "exit_code": error.exit_code}
            except BaseException:  # noqa: BLE001 - a bug: the parent shows the child's traceback
                payload = {"crash": traceback.format_exc()}
            with os.fdopen(write_end, "wb") as pipe:
                pickle.dump(payload, pipe)
        except BaseException:  # noqa: BLE001
            code = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    _, status, _ = os.wait4(pid, 0)
    try:
        payload = pickle.loads(data)
    except (pickle.UnpicklingError, EOFError):
        raise StageFailed(f"the {names[0]} stage ended without a result (exit status {status}); "
                          "run `lawtools build` again") from None
    if "error" in payload:
        raise StageFailed(payload["error"], payload["exit_code"])
    if "crash" in payload:
        raise RuntimeError(f"the {names[0]} stage failed:\n{payload['crash']}")
    for name, state in payload["state"].items():
        if state is not None:
            build.state[name] = state
    build.hasher.memo, build.hasher.dirty = payload["memo"], True
    build.site_index = payload["site_index"] or build.site_index
    return payload["outcomes"]
