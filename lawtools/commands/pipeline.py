"""`lawtools build`: the main job, every stage in order (sources -> records -> index, checks, site)."""

from __future__ import annotations

import time

import click


def _stage(name: str):
    click.echo(click.style(f"==> {name}", bold=True))
    return time.perf_counter()


def _done(started: float, detail: str) -> None:
    click.echo(f"    {detail} ({time.perf_counter() - started:.1f} s)")


@click.command()
def build() -> None:
    """Run the main job: ingest the sources, then build what is derived from the records."""
    from ..ingest import build as build_records
    from ..ingest import records_dir, write
    from ..manifest import default_manifest_path, load_manifest

    manifest = load_manifest(default_manifest_path())
    started = _stage("ingest: sources -> corpus/records")
    results = build_records(manifest)
    changed = write(manifest, results)
    laws = sum(r.stats.laws for r in results)
    _done(started, f"{len(results)} editions, {laws} laws, every word kept; {len(changed)} record file(s) changed")

    started = _stage("search index: corpus/records -> build/index")
    from ..records import Corpus
    from ..search.index import open_index

    corpus = Corpus(records_dir(manifest), manifest)  # one reading of the fresh records for index and checks
    opened, info = open_index(corpus)
    opened.close()
    _done(started, f"{opened.meta.get('documents', 0)} provisions indexed" if info else "index already current")

    started = _stage("checks: consistency findings (corpus/check-baseline.yaml accepts known ones)")
    from ..check.report import check_report

    report = check_report(corpus)
    counts = ", ".join(f"{n} {severity}" for severity, n in report.counts().items()) or "none"
    _done(started, f"{len(report.findings)} finding(s): {counts}; {len(report.new)} new, "
                   f"{len(report.accepted)} accepted")

    started = _stage("site: corpus/records -> build/site")
    from ..site.build import build_site

    def progress(line: str) -> None:
        if line.startswith("lawtools:"):  # our stages; mkdocs' own lines stay out of the main job's output
            click.echo(f"    {line.removeprefix('lawtools: ')}")

    site = build_site(strict=True, progress=progress)
    _done(started, f"{site.pages} pages, search index {site.search_index_bytes / 1024:.0f} KiB")
    click.echo(f"    site: {site.site_dir / 'index.html'}")
