"""A check run weighed against the baseline: what is new, what is accepted, which entries are stale."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..records import Corpus
from . import run_checks_with_notes
from .baseline import Accepted, load_baseline, split, unused
from .model import SEVERITIES, Finding, severity_rank


@dataclass
class CheckReport:
    """Every finding of a run, split by the baseline into new and accepted ones."""

    findings: list[Finding]
    new: list[Finding]
    accepted: list[tuple[Finding, Accepted]]
    stale: list[Accepted] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # checks that could not run for lack of language data

    def counts(self) -> dict[str, int]:
        """Number of findings per severity, most severe first, leaving out severities with none."""
        totals = {s: sum(1 for f in self.findings if f.severity == s) for s in reversed(SEVERITIES)}
        return {s: n for s, n in totals.items() if n}

    def failing(self, severity: str) -> list[Finding]:
        """New findings at or above `severity`: the ones that should fail a CI gate."""
        return [f for f in self.new if severity_rank(f.severity) >= severity_rank(severity)]


def check_report(corpus: Corpus, editions: list[str] | None = None, baseline: Path | None = None,
                 status: Callable[[str], None] | None = None) -> CheckReport:
    """Run every check and weigh the findings against the baseline (default: corpus/check-baseline.yaml); status:
    called with a line when a long step begins (see run_checks_with_notes)."""
    findings, notes = run_checks_with_notes(corpus, editions, status=status)
    if baseline is not None:  # a file the user named must exist; the default one is optional
        accepted = load_baseline(baseline, required=True)
    else:
        accepted = load_baseline(corpus.manifest.corpus_dir / "check-baseline.yaml")
    new, old = split(findings, accepted)
    stale = unused(accepted, findings) if not editions else []
    return CheckReport(findings, new, old, stale, notes)
