"""Running the stages of the main job in order, timing each and saying whether it ran or was skipped, and why."""

from __future__ import annotations

import resource
import time
from collections.abc import Callable
from pathlib import Path

from ..manifest import Manifest
from .stages import STAGES, Build, Outcome, Skip


def max_rss_mb() -> float:
    """This process's peak resident memory so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_build(manifest: Manifest, config_file: Path, *, force: bool = False, only: list[str] | None = None,
              say: Callable[[str], None] = print, on_stage: Callable[[Outcome], None] | None = None,
              progress: bool = True) -> tuple[list[Outcome], Build]:
    """Run every stage (or those named in only), each skipped when its inputs are unchanged unless force."""
    build = Build(manifest, config_file, force=force, say=say, progress=progress)
    outcomes = []
    for name, stage in STAGES:
        if only and name not in only:
            continue
        build.reason = ""
        started = time.perf_counter()
        try:
            detail = stage(build)
            outcome = Outcome(name, "ran", build.reason or "ran", detail)
        except Skip as skip:
            outcome = Outcome(name, "skipped", skip.reason, skip.detail)
        outcome.seconds = time.perf_counter() - started
        outcome.max_rss_mb = round(max_rss_mb(), 1)
        outcomes.append(outcome)
        if on_stage:
            on_stage(outcome)
    build.save()
    return outcomes, build
