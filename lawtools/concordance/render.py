"""The concordance for people: a table of links (at most 80 columns by default)."""

from __future__ import annotations

from ..table import render_table
from .links import Link

_MARK = {"same": "=", "changed": "≠", "renumbered": "→", "split": "<", "merged": ">", "new": "+", "removed": "-"}


def render_links(links: list[Link], width: int = 80) -> str:
    """Links as a table: from, relation, to, score and the first pieces of evidence."""
    if not links:
        return "no links"
    rows = []
    for k in links:
        evidence = "; ".join(e for e in k.evidence if not e.startswith("model "))[:200]
        rows.append([k.from_key or "—", f"{_MARK[k.relation]} {k.relation}", k.to_key or "—",
                     f"{k.score:.2f}" + ("*" if k.confirmed else ""), evidence])
    table = render_table(["from", "relation", "to", "score", "evidence"], rows, width=width, wrap=[4],
                         align_right=[3])
    changed = sum(k.relation != "same" for k in links)
    return f"{table}\n\n{len(links)} links, {changed} not 'same'; * confirmed by hand (overrides.yaml)"
