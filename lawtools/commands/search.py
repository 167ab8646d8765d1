"""Search commands: `lawtools index` (build the search index) and `lawtools search QUERY`."""

from __future__ import annotations

import click

from . import emit, output_options


@click.command()
@click.option("--force", is_flag=True, help="Rebuild even when the index is current.")
@output_options
def index(force: bool, as_json: bool) -> None:
    """Build the search index (build/index/) from the records; a current index is left alone."""
    from ..records import load_corpus
    from ..search.index import open_index

    corpus = load_corpus()
    opened, info = open_index(corpus, rebuild="force" if force else "auto")
    summary = {"path": str(opened.path), "documents": opened.meta.get("documents", 0), "rebuilt": info is not None,
               "reason": info.reason if info else "the index is current",
               "seconds": round(info.seconds, 2) if info else 0.0, "settings": opened.meta.get("settings", {})}
    opened.close()
    emit(summary, as_json, _render_index)


def _render_index(summary: dict) -> str:
    if not summary["rebuilt"]:
        return f"{summary['path']}: {summary['documents']} provisions; {summary['reason']}"
    return (f"{summary['path']}: indexed {summary['documents']} provisions in {summary['seconds']} s "
            f"({summary['reason']})")


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--lang", metavar="L", help="Only provisions in this language (sv, nb, de, nl).")
@click.option("--edition", metavar="E", help="Only this edition (e.g. sv-2007).")
@click.option("--law", metavar="N", help="Only this law (e.g. 64).")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 100), help="Laws to show.")
@output_options
def search(query: tuple[str, ...], lang: str | None, edition: str | None, law: str | None, limit: int,
           as_json: bool) -> None:
    """Find provisions by words (any corpus language or English), "phrases" or a citation (64B, lag 64, § 64).

    A phrase keeps its quotes inside the query: lawtools search '"tolfte stick"'.
    """
    from ..search.api import search as run

    result = run(" ".join(query), lang=lang, edition=edition, law=law, limit=limit)
    emit(result.to_dict(), as_json, _render_search)


def _render_search(data: dict) -> str:
    import os
    import sys
    import textwrap

    from ..search.highlight import for_terminal
    from ..table import render_table, terminal_width

    # matches in bold on a terminal; «marked» in a pipe or a file (and with NO_COLOR set)
    ansi = sys.stdout.isatty() and not os.environ.get("NO_COLOR")

    lines = []
    if data["index"].get("rebuilt"):
        done = "updated" if data["index"].get("updated") else "rebuilt"  # an update's reason: N of M re-indexed
        lines.append(f"(search index {done}: {data['index']['reason']})")
    for correction in data["corrections"]:
        lines.append(f"Corrected {correction['from']!r} to {correction['to']!r}.")
    for concept in data["concepts"]:
        terms = "; ".join(f"{lang} {', '.join(terms)}" for lang, terms in concept["terms"].items())
        lines.append(f"{concept['query']!r} is the concept '{concept['en']}': {terms}")
    lines.extend(data["notes"])
    width = terminal_width()
    lines = [wrapped for line in lines for wrapped in (textwrap.wrap(line, width) or [""])]
    if not data["results"]:
        lines.append(f"No provision matches {data['query']!r}.")
        if data["did_you_mean"]:
            lines.append(f"Did you mean: {', '.join(data['did_you_mean'])}?")
        return "\n".join(lines)
    rows = []
    more = {group["law"]: group["more"] for group in data["groups"]}
    for i, hit in enumerate(data["results"]):
        why = ", ".join(dict.fromkeys(
            f"{m['term']} ({m['how']}{': ' + m['concept'] if m['concept'] else ''})" for m in hit["matched"]))
        text = f"{hit['title']}\n{for_terminal(hit['snippet'], ansi)}\n→ {why}"
        rows.append([hit["law"], f"{hit['edition']}\n{hit['node']}", text, f"{hit['score']:.2f}"])
        last_of_law = i + 1 == len(data["results"]) or data["results"][i + 1]["law"] != hit["law"]
        if last_of_law and more.get(hit["law"]):
            rows.append(["", "", f"(+{more[hit['law']]} more matching provisions in this law: --law {hit['law']})",
                         ""])
    lines.append(render_table(["law", "provision", "text", "score"], rows, wrap=[2], align_right=[3]))
    return "\n".join(lines)
