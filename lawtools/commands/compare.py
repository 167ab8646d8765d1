"""Compare and check commands: diff (one provision across editions), check (consistency findings), export."""

from __future__ import annotations

from pathlib import Path

import click

from . import emit, output_options


@click.command()
@click.argument("citation")
@click.option("--editions", metavar="E1,E2", help="Only these editions, comma-separated (default: all).")
@click.option("--markdown", is_flag=True, help="Print Markdown (as on the site) instead of a table.")
@click.option("--by-id", is_flag=True, help="Pair provisions by id, not by the concordance.")
@output_options
def diff(citation: str, editions: str | None, markdown: bool, by_id: bool, as_json: bool) -> None:
    """Compare a law or provision across editions: structure, references, terms, numbers, wording.

    Rows pair counterparts from the stored concordance (2007 57C2 beside 2017 57C3) unless --by-id.
    """
    from ..concordance.views import stored_concordance
    from ..diff import diff as run_diff
    from ..diff_render import render_diff_markdown, render_diff_table
    from ..records import load_corpus

    selected = [e.strip() for e in editions.split(",") if e.strip()] if editions else None
    corpus = load_corpus()
    result = run_diff(corpus, citation, selected, concordance=None if by_id else stored_concordance(corpus))
    if markdown and not as_json:
        click.echo(render_diff_markdown(result), nl=False)
        return
    emit(result.to_dict(), as_json, lambda _: render_diff_table(result))


@click.command()
@click.option("--edition", "editions", multiple=True, metavar="E", help="Only this edition (repeatable).")
@click.option("--severity", type=click.Choice(["info", "warning", "error"]), default="error", show_default=True,
              help="Exit non-zero when a new finding is at least this severe.")
@click.option("--show", type=click.Choice(["info", "warning", "error"]), default="info", show_default=True,
              help="List only findings at least this severe.")
@click.option("--baseline", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Accepted findings (default: corpus/check-baseline.yaml).")
@click.option("--all", "show_all", is_flag=True, help="Also list the findings the baseline accepts.")
@click.option("--markdown", is_flag=True, help="Print the report as Markdown (as on the site).")
@output_options
def check(editions: tuple[str, ...], severity: str, show: str, baseline: Path | None, show_all: bool,
          markdown: bool, as_json: bool) -> None:
    """Consistency findings per edition and law; exit 1 when a new finding reaches --severity."""
    from ..check import severity_rank
    from ..check.render import render_findings, render_findings_markdown
    from ..check.report import check_report
    from ..records import load_corpus

    report = check_report(load_corpus(), list(editions) or None, baseline,
                          status=lambda line: click.echo(f"lawtools: {line}", err=True))
    for note in report.notes:
        click.echo(f"lawtools: note: {note}", err=True)
    shown = report.findings if show_all else report.new
    listed = [f for f in shown if severity_rank(f.severity) >= severity_rank(show)]
    data = {
        "findings": [f.to_dict() for f in listed],
        "new": len(report.new),
        "accepted": [{**f.to_dict(), "reason": a.reason} for f, a in report.accepted],
        "unused_baseline": [a.__dict__ for a in report.stale],
        "notes": report.notes,
    }
    if markdown and not as_json:
        click.echo(render_findings_markdown(listed), nl=False)
    else:
        emit(data, as_json, lambda _: render_findings(listed, len(report.accepted), len(report.stale)))
    failing = report.failing(severity)
    if failing:
        from ..errors import FindingsFound

        raise FindingsFound(f"{len(failing)} new finding(s) of severity {severity} or above "
                            "(accept them with a reason in the baseline file if they are not to be fixed)")


@click.group()
def export() -> None:
    """Export aligned provisions (TMX) or the termbase (TBX) for translators' tools."""


@export.command("tmx")
@click.option("--source", required=True, metavar="E1", help="Source edition, e.g. sv-2007.")
@click.option("--target", required=True, metavar="E2", help="Target edition, e.g. de-1997.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write here (default: stdout).")
@click.option("--by-id", is_flag=True, help="Pair provisions by id, not by the concordance.")
def export_tmx(source: str, target: str, output: Path | None, by_id: bool) -> None:
    """Counterpart provisions of two editions as TMX translation units (by the concordance, else by id)."""
    from ..concordance.views import stored_concordance
    from ..exports import export_tmx as build
    from ..records import load_corpus

    corpus = load_corpus()
    _write(build(corpus, source, target, None if by_id else stored_concordance(corpus)), output)


@export.command("tbx")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write here (default: stdout).")
def export_tbx(output: Path | None) -> None:
    """The termbase (corpus/terms.yaml) as TBX, with each term's administrative status."""
    from ..corpus_terms import termbase_for
    from ..exports import export_tbx as build
    from ..records import load_corpus

    _write(build(termbase_for(load_corpus().manifest.corpus_dir)), output)


def _write(result, output: Path | None) -> None:
    if output is None:
        click.echo(result.data.decode("utf-8"), nl=False)
        return
    from ..fsutil import atomic_write_bytes

    atomic_write_bytes(output, result.data)  # a temporary file renamed over the target: old file or new, never half
    click.echo(f"wrote {result.units} {'units' if result.format == 'tmx' else 'entries'} to {output}", err=True)
