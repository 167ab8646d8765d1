"""Corpus commands: ingest (sources -> records), show (one provision everywhere), align (coverage)."""

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
    from ..table import render_table

    headers = ["edition", "laws", "provisions", "footnotes", "references", "anomalies", "furniture",
               "front matter", "words kept"]
    rows = [[s["edition"], s["laws"], s["provisions"], s["footnotes"], s["references"], s["anomalies"],
             s["furniture"], s["front_matter"], s["words"]] for s in summary["editions"]]
    table = render_table(headers, rows, align_right=range(1, len(headers)))
    verb = "differ from the sources" if summary["checked"] else "written"
    tail = f"{len(summary['changed'])} record file(s) {verb}" if summary["changed"] else "records are current"
    return f"{table}\n\n{tail}"
