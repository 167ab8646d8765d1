"""Corpus commands: ingest (sources -> records), show (one provision everywhere, or its history), align
(coverage), edition add."""

from __future__ import annotations

from dataclasses import asdict

import click

from ..errors import StaleRecords
from . import emit, output_options


@click.command()
@click.option("--check", is_flag=True, help="Write nothing; exit 1 when the committed records are not current.")
@click.option("--edition", "editions", multiple=True, metavar="E", help="Only this edition (repeatable).")
@output_options
def ingest(check: bool, editions: tuple[str, ...], as_json: bool) -> None:
    """Parse every edition's source into structured per-article records (corpus/records/)."""
    from ..ingest import build, stale, write
    from ..manifest import default_manifest_path, load_manifest

    manifest = load_manifest(default_manifest_path())
    results = build(manifest, list(editions) or None)
    changed = stale(manifest, results) if check else write(manifest, results)
    summary = {"editions": [asdict(r.stats) for r in results], "changed": changed, "checked": check}
    emit(summary, as_json, _render_ingest)
    if check and changed:
        raise StaleRecords(f"{len(changed)} record file(s) differ from what the sources produce; run `lawtools ingest`")


def _render_ingest(summary: dict) -> str:
    import textwrap

    from ..table import render_table, terminal_width

    # short heads so the table fits 80 columns; the legend under the table spells them out
    headers = ["edition", "laws", "provisions", "notes", "refs", "anomalies", "furniture", "front", "words"]
    rows = [[s["edition"], s["laws"], s["provisions"], s["footnotes"], s["references"], s["anomalies"],
             s["furniture"], s["front_matter"], s["words"]] for s in summary["editions"]]
    table = render_table(headers, rows, align_right=range(1, len(headers)))
    table += "\n" + textwrap.fill("notes = footnotes, refs = references, furniture = page furniture removed, "
                                 "front = front-matter records, words = words kept", terminal_width())
    verb = "differ from the sources" if summary["checked"] else "written"
    changed = summary["changed"]
    if not changed:
        return f"{table}\n\nrecords are current"
    listing = "".join(f"\n  {path}" for path in changed[:20])
    if len(changed) > 20:
        listing += f"\n  ... and {len(changed) - 20} more"
    return f"{table}\n\n{len(changed)} record file(s) {verb}:{listing}"


@click.command()
@click.argument("citation")
@click.option("--edition", "editions", multiple=True, metavar="E", help="Only this edition (repeatable).")
@click.option("--by-id", is_flag=True, help="Pair provisions by id, not by the concordance.")
@click.option("--history", is_flag=True, help="The provision through the editions (counterpart in each year).")
@output_options
def show(citation: str, editions: tuple[str, ...], by_id: bool, history: bool, as_json: bool) -> None:
    """Show one provision (e.g. 64B, 'lag 64', '§ 45 C 4 b)') in every edition that has it, side by side.

    Rows pair counterparts from the stored concordance (2007 57C2 beside 2017 57C3) unless --by-id.
    """
    from ..align import parallel
    from ..concordance.views import stored_concordance
    from ..records import load_corpus

    corpus = load_corpus()
    conc = None if by_id else stored_concordance(corpus)
    if history:
        _show_history(corpus, conc, citation, list(editions), as_json)
        return
    view = parallel(corpus, citation, list(editions) or None, conc)
    emit(view.to_dict() if as_json else view, as_json, _render_show)


def _show_history(corpus, conc, citation: str, editions: list[str], as_json: bool) -> None:
    from ..citation import Citation
    from ..concordance.views import history, reference_edition, render_history
    from ..errors import NotFound

    if conc is None:
        raise NotFound("no stored concordance to follow a provision through the editions; "
                       "run `lawtools concordance --update`")
    cited = Citation.parse(citation)
    edition = reference_edition(corpus, cited, [corpus.check_edition(e) for e in editions] or corpus.editions())
    if edition is None:
        raise NotFound(f"{cited} is in no edition{' of ' + ', '.join(editions) if editions else ''}")
    steps = history(corpus, conc, edition, str(cited))
    data = {"provision": str(cited), "edition": edition, "history": [s.to_dict() for s in steps]}
    emit(data, as_json, lambda _: render_history(str(cited), edition, steps))


def _render_show(view) -> str:
    from ..table import render_table

    editions = view.editions
    header = [f"{e} · {view.articles[e].law}. {view.titles[e]}".strip() for e in editions]
    rows = []
    for row in view.rows:
        cells = []
        for e in editions:
            node = row.cells.get(e)
            if node is None:
                relation = row.relations.get(e)
                cells.append(f"— ({relation})" if relation in ("new", "removed") else "—")
                continue
            title = f" {node.title}" if node.title and node.kind != "law" else ""
            marker = " (inferred)" if node.inferred else ""
            relation = row.relations.get(e)
            moved = f" {relation}" if relation and relation != "same" else ""
            cells.append(f"[{row.ids.get(e, row.id)}{marker}]{moved}{title}\n{node.text}".rstrip())
        rows.append(cells)
    text = render_table(header, rows, wrap=range(len(editions)))
    if view.reference:
        text += f"\n\nrows pair counterparts (concordance; {view.reference} leads)"
    for note in view.notes:
        text += f"\n  {note}"
    for warning in view.warnings:
        text += f"\nwarning: {warning}"
    return text


@click.command()
@output_options
def align(as_json: bool) -> None:
    """The coverage matrix: laws x editions, with each law's provisions and where structures differ."""
    from ..align import coverage
    from ..concordance.views import stored_concordance
    from ..records import load_corpus

    corpus = load_corpus()
    result = coverage(corpus, stored_concordance(corpus))
    emit(result.to_dict() if as_json else result, as_json, _render_align)


def _render_align(result) -> str:
    import textwrap

    from ..table import render_table, terminal_width

    rows = []
    for alignment in result.alignments:
        cells = [alignment.law]
        for e in result.editions:
            cell = result.cells[alignment.law].get(e)
            cells.append("·" if cell is None else f"{cell.provisions}{' partial' if cell.partial else ''}")
        notes = [f"only {e}: {' '.join(ids)}" for e, ids in alignment.only_in.items()]
        only = {i for ids in alignment.only_in.values() for i in ids}
        for edition, ids in alignment.missing_from.items():
            shared_elsewhere = [i for i in ids if i not in only]
            if shared_elsewhere:
                notes.append(f"not in {edition}: {' '.join(shared_elsewhere)}")
        if alignment.renumbered:
            notes.append("renumbered: " + ", ".join(alignment.renumbered))
        cells.append("; ".join(notes) if notes else ("same structure" if len(alignment.editions) > 1 else ""))
        rows.append(cells)
    table = render_table(["law", *result.editions, "structure differences"], rows,
                         wrap=[len(result.editions) + 1], align_right=range(1, len(result.editions) + 1))
    note = "Cells give the number of provisions (sections, items, sub-items); · = law not in that edition."
    return table + "\n\n" + textwrap.fill(note, terminal_width())


@click.group()
def edition() -> None:
    """Editions of the corpus: add a new one from its text."""


@edition.command("add")
@click.argument("source", type=click.Path(dir_okay=False, path_type=str))
@click.option("--id", "edition_id", required=True, metavar="ID", help="Edition id, <language>-<year> (e.g. en-2017).")
@click.option("--language", required=True, metavar="LANG", help="ISO 639-1 code of the text (e.g. en, da, fr).")
@click.option("--year", required=True, type=int, help="Year of the Laws the edition translates (1997, 2007, 2017).")
@click.option("--title", default=None, help="The edition's title (default: the first line of its text).")
@click.option("--provenance", default=None, help="Publisher, translator or web source, as the source states it.")
@click.option("--encoding", default=None, metavar="E", help="Text encoding (default: detected).")
@click.option("--dry-run", is_flag=True, help="Show the manifest entry and the report; write nothing.")
@output_options
def add(source: str, edition_id: str, language: str, year: int, title: str | None, provenance: str | None,
        encoding: str | None, dry_run: bool, as_json: bool) -> None:
    """Copy SOURCE into corpus/sources/, detect its layout, append its manifest entry and ingest it."""
    from pathlib import Path

    from ..edition_add import add_edition
    from ..manifest import default_manifest_path

    report = add_edition(default_manifest_path(), Path(source), edition_id=edition_id, language=language,
                         year=year, title=title, encoding=encoding, dry_run=dry_run, provenance=provenance)
    emit(report.to_dict() if as_json else report, as_json, _render_add)


def _render_add(report) -> str:
    from ..table import render_table

    table = render_table(["edition", "laws", "provisions", "notes", "refs", "anomalies"],
                         [[report.edition, len(report.laws), report.provisions, report.footnotes, report.references,
                           report.anomalies]], align_right=range(1, 6))
    import textwrap

    from ..table import terminal_width

    def wrap(item: str) -> list[str]:
        return textwrap.wrap(item, terminal_width(), initial_indent="  ", subsequent_indent="    ") or ["  "]

    lines = [table, "", f"layout {report.layout}, encoding {report.encoding}", "detected:"]
    lines += [line for item in report.detected for line in wrap(item)]
    lines.append("unsure:" if report.unsure else "unsure: nothing")
    lines += [line for item in report.unsure for line in wrap(item)]
    if report.dry_run:
        lines += ["", "manifest entry (dry run: nothing written):", report.entry.rstrip()]
    else:
        lines += ["", f"added {report.edition}: {len(report.written)} file(s) written"]
    return "\n".join(lines)
