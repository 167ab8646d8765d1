"""Showing findings to people: grouped by edition and law, most severe first within a provision."""

from __future__ import annotations

import textwrap
from collections import Counter

from .model import Finding, severity_rank


def render_findings(new: list[Finding], accepted_count: int = 0, unused_count: int = 0,
                    width: int | None = None) -> str:
    """A report grouped by edition, then law, one finding per entry wrapped to width, with a count at the end."""
    from ..table import terminal_width

    width = max(40, width or terminal_width())
    indent = " " * 15
    lines: list[str] = []
    edition = law = None
    for finding in new:
        if finding.edition != edition:
            edition, law = finding.edition, None
            count = sum(1 for f in new if f.edition == edition)
            lines.append(f"{edition} ({count} finding{'s' if count != 1 else ''})")
        if finding.law != law:
            law = finding.law
            lines.append(f"  law {law}" if law[:1].isdigit() else f"  {law}")
        head = f"    {finding.node:<10} {finding.severity:<7} {finding.code}: {finding.message}"
        lines.extend(textwrap.wrap(head, width, subsequent_indent=" " * 23, break_on_hyphens=False)
                     or [head])
        if finding.excerpt:
            lines.extend(textwrap.wrap(finding.excerpt, width, initial_indent=indent, subsequent_indent=indent,
                                       break_on_hyphens=False))
        for label, value in _details(finding):
            lines.extend(textwrap.wrap(f"{label}: {value}", width, initial_indent=indent,
                                       subsequent_indent=indent + "  ", break_on_hyphens=False))
    by_severity = Counter(f.severity for f in new)
    summary = ", ".join(f"{by_severity[s]} {s}" for s in sorted(by_severity, key=severity_rank, reverse=True))
    tail = f"{len(new)} finding(s)" + (f": {summary}" if summary else "")
    if accepted_count:
        tail += f"; {accepted_count} accepted in the baseline"
    if unused_count:
        tail += f"; {unused_count} baseline entr{'y' if unused_count == 1 else 'ies'} no longer needed"
    tail = "\n".join(textwrap.wrap(tail, width))
    lines += ["", tail] if lines else [tail]
    return "\n".join(lines)


def _details(finding: Finding) -> list[tuple[str, str]]:
    """Where the finding stands, what it was compared with and the suggested fix, as far as known."""
    found = []
    if finding.file:
        found.append(("at", f"{finding.file}:{finding.line}" if finding.line else finding.file))
    if finding.compared:
        found.append(("compared with", finding.compared))
    if finding.measured:
        found.append(("measured", finding.measured))
    if finding.suggestion:
        found.append(("fix", finding.suggestion))
    return found


def render_findings_markdown(findings: list[Finding]) -> str:
    """The consistency report as Markdown for the site: a table per edition."""
    lines = ["# Consistency report", ""]
    for edition in dict.fromkeys(f.edition for f in findings):
        rows = [f for f in findings if f.edition == edition]
        lines += [f"## {edition} ({len(rows)})", "",
                  "| Provision | Severity | Check | Message | Excerpt | Source | Compared with | Fix |",
                  "|---|---|---|---|---|---|---|---|"]
        for f in rows:
            where = f"{f.file}:{f.line}" if f.file and f.line else f.file
            cells = [f.node, f.severity, f.code, f.message, f.excerpt, where, f.compared, f.suggestion]
            lines.append("| " + " | ".join(_md(c) for c in cells) + " |")
        lines.append("")
    if not findings:
        lines.append("No findings.")
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    for char in "\\|*_[]<>`":
        text = text.replace(char, "\\" + char)
    return text.replace("\n", " ")
