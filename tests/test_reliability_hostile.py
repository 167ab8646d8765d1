"""Issue 9, round three: hostile whole-project situations (tests/hostile_support.py) through the command line — a
seeded sample of each class; tests/benchmarks/fuzz_campaign.py --classes runs the full campaign. Each command works,
or refuses with `lawtools:` lines; never a traceback, a hang, a lost file, or a hand-edited record used silently."""

from __future__ import annotations

import random

import pytest
from hostile_support import CLASSES, Case, run_scenario

SAMPLE = 3  # cases per class in the normal test run


@pytest.mark.parametrize("name", list(CLASSES), ids=list(CLASSES))
def test_hostile_scenarios(name, tmp_path):
    rng = random.Random(f"issue-9-round-3-{name}")
    failures = []
    for number in range(SAMPLE):
        case = CLASSES[name](rng, tmp_path / f"case-{number}")
        failures += [f"#{number}: {problem}" for problem in run_scenario(case)]
    assert failures == []


def test_the_scenario_harness_reports_a_silent_guess(tmp_path):
    """The harness can fail: a command that succeeds without a warning where an edit was declared is reported
    (here nothing was edited, so lawtools rightly says nothing, and the harness must flag the missing warning)."""
    from hostile_support import scratch_project

    project = scratch_project(tmp_path / "p")
    problems = run_scenario(Case([["show", "64", "--edition", "nb-2007", "--json"]], project, edited=True))
    assert any(p.startswith("silent:") for p in problems), problems


def test_the_scenario_harness_reports_a_lost_file(tmp_path):
    kept = tmp_path / "kept.txt"
    problems = run_scenario(Case([["--version"]], tmp_path, keep=[kept]))
    assert problems == [f"lost: {kept}"]

