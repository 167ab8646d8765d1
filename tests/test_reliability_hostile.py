"""Issue 9, round three: hostile whole-project situations (tests/hostile_support.py) through the command line — a
seeded sample of each class; tests/benchmarks/fuzz_campaign.py --classes runs the full campaign. Each command works,
or refuses with `lawtools:` lines; never a traceback, a hang, a lost file, or a hand-edited record used silently."""

from __future__ import annotations

import random

import pytest
from hostile_support import CLASSES, Case, run_scenario

SAMPLE = 2  # cases per class in the normal test run
# index-files builds the real corpus's search index (with its vectors) before its first case: minutes, so it runs in
# the campaign; tests/test_reliability_index.py covers damaged index files in the normal run
SAMPLED = [name for name in CLASSES if name != "index-files"]


@pytest.mark.parametrize("name", SAMPLED, ids=SAMPLED)
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



@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_source_declared_utf8_names_its_codec_and_ingests_once_declared(codec, tmp_path):
    """A UTF-16 source under a utf-8 manifest entry is refused with the codec to declare (not "binary"), and
    ingests with every word once that codec is declared."""
    from reliability_support import OLD, make_project, run, snapshot

    project = make_project(tmp_path / "p")
    source = project / "corpus" / "sources" / "sv-1001.txt"
    source.write_bytes(OLD["sv-1001"].encode(codec))
    refused = run(project, "ingest")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
    assert f"declare `encoding: {codec}`" in refused.stderr and not (project / "corpus" / "records").exists()
    manifest = project / "corpus" / "editions.yaml"
    text = manifest.read_text(encoding="utf-8")
    entry = text.index("- id: sv-1001")
    layout = text.index("  layout: mini", entry)
    manifest.write_text(text[:layout] + f"  encoding: {codec}\n" + text[layout:], encoding="utf-8")
    done = run(project, "ingest")
    assert done.returncode == 0, done.stderr
    records = b" ".join(snapshot(project / "corpus" / "records" / "sv-1001").values()).decode("utf-8")
    assert "Text of A" in records and "Only." in records


@pytest.mark.parametrize("victim", ["sv-1001/edition.json", "sv-1001/1.json", "stamp.json"])
@pytest.mark.parametrize("command", [("ingest", "--check"), ("search", "Text", "--json"), ("show", "1A"),
                                     ("ingest",)])
def test_a_record_that_is_a_symlink_to_dev_zero_is_never_read(victim, command, tmp_path):
    """A record (or edition.json, or the stamp) replaced by a symlink to /dev/zero: every command refuses it or
    counts it as changed, in bounded memory (a read of it filled 20 GB before, in ingest --check's comparison)."""
    import resource
    import subprocess
    import sys

    from reliability_support import KILL, env, make_project, run

    project = make_project(tmp_path / "p")
    assert run(project, "ingest").returncode == 0
    path = project / "corpus" / "records" / victim
    path.unlink()
    path.symlink_to("/dev/zero")

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (6 << 30, 6 << 30))

    done = subprocess.run([sys.executable, str(KILL), "none", "0", *command], cwd=project, env=env(),
                          capture_output=True, text=True, timeout=300, preexec_fn=limit)
    assert done.returncode in (0, 1, 2), done.stderr[-800:]
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr[-800:]
    assert "MemoryError" not in done.stderr, "it was read"
    if done.returncode:
        assert done.stderr.strip().splitlines()[-1].startswith("lawtools: "), done.stderr[-800:]
