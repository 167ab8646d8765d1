"""Site commands: build the documentation site from the records, or preview it."""

from __future__ import annotations

from pathlib import Path

import click

_manifest = click.option("--manifest", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                         help="Build from another corpus (its editions.yaml); default: corpus/editions.yaml.")
_config = click.option("--config", "config_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                       help="The mkdocs configuration; default: mkdocs.yml of this project.")


@click.group()
def site() -> None:
    """Build or preview the documentation site (mkdocs-material) generated from the records."""


@site.command()
@_config
@_manifest
@click.option("--site-dir", type=click.Path(file_okay=False, path_type=Path),
              help="Output directory; default: build/site.")
@click.option("--no-strict", is_flag=True, help="Do not fail on mkdocs warnings.")
@click.option("--no-cache", is_flag=True, help="Recompute diffs and checks even if nothing changed.")
@click.option("--site-url", default="", metavar="URL",
              help="Publish under this address instead of site.url in corpus/site.yaml.")
@click.option("--quiet", "-q", is_flag=True, help="Print only where the site is.")
def build(config_file: Path | None, manifest: Path | None, site_dir: Path | None, no_strict: bool, no_cache: bool,
          site_url: str, quiet: bool) -> None:
    """Build the site into build/site and print where it is."""
    from ..site.build import build_site

    progress = None if quiet else (lambda line: click.echo(f"  {line}", err=True))
    result = build_site(config_file, manifest=manifest, site_dir=site_dir, strict=not no_strict, progress=progress,
                        cache=not no_cache, site_url=site_url)
    if not quiet:
        click.echo(f"built {result.pages} pages in {result.seconds:.1f} s; search index "
                   f"{result.search_index_bytes / 1024:.0f} KiB", err=True)
    click.echo(f"site: {result.site_dir / 'index.html'}")


@site.command()
@_config
@_manifest
@click.option("--address", "-a", default="127.0.0.1:8000", show_default=True, help="Host and port to serve on.")
@click.option("--open", "open_browser", is_flag=True, help="Open the site in a browser.")
def serve(config_file: Path | None, manifest: Path | None, address: str, open_browser: bool) -> None:
    """Serve the site with live reload (rebuilds when records or site/ change)."""
    from ..site.build import serve_site

    click.echo(f"serving on http://{address}/ (Ctrl-C to stop)", err=True)
    serve_site(config_file, manifest=manifest, address=address, open_browser=open_browser)
