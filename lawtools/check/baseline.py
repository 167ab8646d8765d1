"""The check baseline: findings a user has accepted, each with a reason, so they stop being reported.

File format (YAML)::

    accepted:
      - edition: de-1997
        node: "43"
        code: partial-article
        match: "optional text that must occur in the finding's message or excerpt"
        reason: "The source starts inside § 43; nothing to fix."

An entry accepts every finding with the same edition, node and code (and, when `match` is given, whose
message or excerpt contains it). `reason` is required: accepting a finding is a decision worth a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import BaselineError
from ..yamlio import read_checked
from .model import Finding


@dataclass(frozen=True)
class Accepted:
    """One baseline entry."""

    edition: str
    node: str
    code: str
    reason: str
    match: str = ""

    def covers(self, finding: Finding) -> bool:
        """True when this entry accepts the finding."""
        return (finding.edition, finding.node, finding.code) == (self.edition, self.node, self.code) and (
            not self.match or self.match in finding.message or self.match in finding.excerpt)


def load_baseline(path: Path, required: bool = False) -> list[Accepted]:
    """The accepted findings in a baseline file (an empty list when it does not exist and is not required)."""
    if not path.exists():
        if required:
            raise BaselineError(f"{path}: no such baseline file")
        return []
    from ..filespecs import BASELINE

    data = read_checked(path, BASELINE, BaselineError, "fix the entry by hand (the format is described at the "
                        "file's top)") or {}
    entries = data.get("accepted", []) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise BaselineError(f"{path}: expected a mapping with a list under 'accepted'")
    accepted = []
    for number, entry in enumerate(entries, 1):
        missing = [k for k in ("edition", "node", "code", "reason") if not isinstance(entry, dict) or not entry.get(k)]
        if missing:
            raise BaselineError(f"{path}: accepted entry #{number} lacks {', '.join(missing)}")
        accepted.append(Accepted(str(entry["edition"]), str(entry["node"]), str(entry["code"]), str(entry["reason"]),
                                 str(entry.get("match", "") or "")))
    return accepted


def split(findings: list[Finding], accepted: list[Accepted]) -> tuple[list[Finding], list[tuple[Finding, Accepted]]]:
    """The findings no entry accepts, and the accepted ones with the entry that accepts each."""
    new, old = [], []
    for finding in findings:
        entry = next((a for a in accepted if a.covers(finding)), None)
        if entry is None:
            new.append(finding)
        else:
            old.append((finding, entry))
    return new, old


def unused(accepted: list[Accepted], findings: list[Finding]) -> list[Accepted]:
    """Baseline entries that accept nothing any more (the problem was fixed: the entry can go)."""
    return [a for a in accepted if not any(a.covers(f) for f in findings)]
