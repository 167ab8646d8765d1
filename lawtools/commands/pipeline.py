"""`lawtools build`: the main job, every stage in order (sources -> records -> index, checks, diffs, site).

Each stage is skipped when the fingerprints of its inputs are those of its last run (see lawtools.pipeline).
"""

from __future__ import annotations

import json
import time

import click

from ..pipeline.stages import STAGES


@click.command()
@click.option("--force", is_flag=True, help="Run every stage even if its inputs are unchanged.")
@click.option("--json", "as_json", is_flag=True, help="Print the stages as JSON (ran or skipped, why, seconds).")
@click.option("--quiet", "-q", is_flag=True, help="No progress display, only the stage lines.")
@click.option("--skip", "skip", multiple=True, type=click.Choice([name for name, _ in STAGES]),
              help="Do not run this stage (repeatable): what it produced before is used as it is.")
def build(force: bool, as_json: bool, quiet: bool, skip: tuple[str, ...]) -> None:
    """Run the main job: ingest the sources, then build what is derived from the records, skipping what is current."""
    from ..manifest import default_manifest_path, load_manifest
    from ..pipeline.runner import max_rss_mb, run_build
    from ..site.build import default_config

    started = time.perf_counter()
    manifest = load_manifest(default_manifest_path())
    say = (lambda line: click.echo(line, err=True)) if as_json else click.echo

    def show(outcome) -> None:
        if not as_json:
            click.echo(outcome.line())

    outcomes, done = run_build(manifest, default_config(), force=force, say=say, on_stage=show,
                               progress=not quiet, isolate=True, skip=skip)
    seconds = time.perf_counter() - started
    site = done.site_index or (done.site_dir / "index.html")
    if as_json:
        click.echo(json.dumps({"stages": [o.to_dict() for o in outcomes], "seconds": round(seconds, 3),
                               "max_rss_mb": round(max_rss_mb(), 1), "site": str(site)}, indent=2))
        return
    ran = [o.stage for o in outcomes if o.status == "ran"]
    click.echo(f"built in {seconds:.1f} s ({', '.join(ran) if ran else 'nothing'} ran); site: {site}")
