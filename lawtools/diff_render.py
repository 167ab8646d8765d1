"""Showing a DiffResult to people: a side-by-side text table for the terminal and Markdown for the site.

Both are pure functions of the result. `render_diff_markdown(result)` is what the site calls for a
diff page; `render_diff_table(result, width=...)` is what `lawtools diff` prints.
"""

from __future__ import annotations

from .diff import DiffResult, ProvisionDiff, TextDiff
from .table import render_table

_EXCERPT = 160


def render_diff_table(result: DiffResult, width: int | None = None) -> str:
    """A side-by-side table (one column per edition, one row per provision), then differences and text diffs."""
    headers = ["provision", *result.editions]
    rows = [[_provision_label(p), *(_cell(p, e, plain=True) for e in result.editions)] for p in result.provisions]
    parts = [
        f"{result.citation} in {', '.join(result.editions)}"
        + (f" (not in {', '.join(result.absent)})" if result.absent else ""),
        render_table(headers, rows, width=width, wrap=range(1, len(headers))),
    ]
    summary = result.summary
    if len(result.editions) < 2:
        parts.append(f"Only {result.editions[0]} has {result.citation}: nothing to compare.")
    else:
        parts.append("Differences (" + str(len(summary)) + ")" if summary else "No differences between the editions.")
    parts.extend(f"  {line}" for line in summary)
    text_diffs = [(p.id, d) for p in result.provisions for d in p.text_diffs if d.similarity < 1]
    if text_diffs:
        parts.append("Wording ([-removed-] {+added+}):")
        for node_id, text_diff in text_diffs:
            parts.append(f"  {node_id} {text_diff.a} -> {text_diff.b} ({text_diff.similarity:.0%} alike): "
                         + _inline(text_diff, "[-{}-]", "{{+{}+}}"))
    return "\n".join(parts)


def render_diff_markdown(result: DiffResult) -> str:
    """The diff as a Markdown page section: summary list, side-by-side table, wording changes."""
    lines = [f"## {result.citation}: {', '.join(result.editions)}", ""]
    if result.absent:
        lines += [f"Not in {', '.join(result.absent)}.", ""]
    if result.summary:
        lines += ["### Differences", ""] + [f"- **{_md(s.split(': ', 1)[0])}**: {_md(s.split(': ', 1)[1])}"
                                            for s in result.summary] + [""]
    elif len(result.editions) < 2:
        lines += [f"Only {result.editions[0]} has {result.citation}: nothing to compare.", ""]
    else:
        lines += ["No differences between the editions.", ""]
    lines += ["| Provision | " + " | ".join(result.editions) + " |",
              "|---|" + "---|" * len(result.editions)]
    for p in result.provisions:
        cells = [_md(_cell(p, e, plain=False)).replace("\n", "<br>") for e in result.editions]
        lines.append(f"| {_md(_provision_label(p))} | " + " | ".join(cells) + " |")
    text_diffs = [(p.id, d) for p in result.provisions for d in p.text_diffs if d.similarity < 1]
    if text_diffs:
        lines += ["", "### Wording", ""]
        for node_id, text_diff in text_diffs:
            lines.append(f"- **{node_id}** {text_diff.a} → {text_diff.b} ({text_diff.similarity:.0%} alike): "
                         + _inline(text_diff, "~~{}~~", "**{}**", escape=True))
    return "\n".join(lines) + "\n"


def _provision_label(p: ProvisionDiff) -> str:
    return ("  " * max(0, p.depth - 1)) + p.id + (" ≠" if p.differs else "")


def _cell(p: ProvisionDiff, edition: str, plain: bool) -> str:
    if not p.present.get(edition):
        return "—"
    lines = []
    if p.titles.get(edition):
        lines.append(p.titles[edition])
    if p.children.get(edition):
        lines.append(f"[{p.children[edition]} {p.child_kind or 'children'}{'s' if p.child_kind else ''}]")
    text = p.texts.get(edition, "")
    if text:
        lines.append(text if len(text) <= _EXCERPT else text[: _EXCERPT - 1].rstrip() + "…")
    if p.refs.get(edition):
        lines.append("refs: " + ", ".join(p.refs[edition]))
    if p.numbers.get(edition):
        lines.append("numbers: " + ", ".join(p.numbers[edition]))
    others = [e for e, here in p.present.items() if here and e != edition]
    only_here = [c for c in p.concepts.get(edition, []) if others and any(c not in p.concepts[o] for o in others)]
    if only_here:
        lines.append("concepts: " + ", ".join("+" + c for c in only_here))
    if p.footnotes.get(edition):
        lines.append(f"footnotes: {len(p.footnotes[edition])}")
    return "\n".join(lines)


def _inline(text_diff: TextDiff, removed: str, added: str, escape: bool = False) -> str:
    pieces = []
    show = _md if escape else (lambda s: s)
    for op, old, new in text_diff.ops:
        if op == "equal":
            words = old.split()
            pieces.append(show(old if len(words) <= 8 else " ".join(words[:3] + ["…"] + words[-3:])))
        if op in ("delete", "replace") and old:
            pieces.append(removed.format(show(old)))
        if op in ("insert", "replace") and new:
            pieces.append(added.format(show(new)))
    return " ".join(piece for piece in pieces if piece)


def _md(text: str) -> str:
    for char in "\\|*_[]<>`":
        text = text.replace(char, "\\" + char)
    return text
