"""Running mkdocs for `lawtools site build` / `serve`: the repository's mkdocs.yml, optionally another corpus."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import LawtoolsError, NotFound
from ..fsutil import (
    claim_output_dir,
    mark_owned,
    mark_owned_beside,
    remove_owned,
    remove_owned_beside,
    replace_owned_dir,
    staging_dir,
)
from .search_meaning import MEANING_FILES

SEARCH_INDEX = Path("search") / "index.json"  # the search page's index (site/search_page.py)


class SiteError(LawtoolsError):
    """The site did not build (mkdocs reported errors, or warnings under --strict)."""


@dataclass
class BuildResult:
    """Where the site was written and what it cost."""

    site_dir: Path
    pages: int
    seconds: float
    search_index_bytes: int
    search_meaning_bytes: int = 0  # what the search page fetches to rank by meaning (site/search_meaning.py)
    rendered: int = 0  # generated pages rendered by this build (the others were reused from the last one)
    reused: int = 0
    kept: int = 0  # output files left as they were (their bytes unchanged)
    written: int = 0  # output files written


def default_config() -> Path:
    """mkdocs.yml of the project this is run in (found upwards from the working directory; never lawtools'
    own copy, as the corpus is not: see manifest.default_manifest_path)."""
    from ..fsutil import working_directory

    here = working_directory()
    for directory in (here, *here.parents):
        if (directory / "mkdocs.yml").is_file():
            return directory / "mkdocs.yml"
    raise NotFound(f"no mkdocs.yml found in {here} or above it; run lawtools inside a project")


class _Relay(logging.Handler):
    """Forwards mkdocs' INFO-and-above log lines to a progress callback and keeps its warnings and errors."""

    def __init__(self, progress: Callable[[str], None] | None):
        super().__init__(logging.INFO)
        self.progress = progress
        self.problems: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.levelno >= logging.WARNING:
            self.problems.append(message)
            message = f"{record.levelname.lower()}: {message}"
        if self.progress:
            self.progress(message)


def _load(config_file: Path, manifest: Path | None, site_dir: Path | None, strict: bool, cache: bool,
          site_url: str = ""):
    from mkdocs.config import load_config

    from .hooks import CACHE_KEY, MANIFEST_KEY, SITE_URL_KEY

    overrides = {"site_dir": str(site_dir)} if site_dir else {}
    config = load_config(str(config_file), strict=strict, **overrides)
    if manifest is not None:
        config.extra[MANIFEST_KEY] = str(manifest.resolve())
    if not cache:
        config.extra.pop(CACHE_KEY, None)
    if site_url:
        config.extra[SITE_URL_KEY] = site_url
    return config


def _claim(site_dir: Path) -> None:
    """Refuse a site directory that is someone else's; mark ours (beside it: mkdocs empties it) before building."""

    claim_output_dir(site_dir, lambda d: (d / "index.html").is_file() and (d / "laws").is_dir())
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    mark_owned_beside(site_dir)


def build_site(config_file: Path | None = None, *, manifest: Path | None = None, site_dir: Path | None = None,
               strict: bool = True, progress: Callable[[str], None] | None = None, cache: bool = True,
               site_url: str = "") -> BuildResult:
    """Build the site with mkdocs from the records; SiteError when mkdocs fails (or warns, when strict).

    With cache (the default, when mkdocs.yml names a cache directory) diffs and checks are reused while
    records, termbase and code are unchanged. `site_url` publishes it under another address than the one
    corpus/site.yaml names (the sitemap, canonical links and the 404 page follow it).
    """
    from mkdocs.commands.build import build
    from mkdocs.exceptions import Abort, MkDocsException

    from . import incremental
    from .hooks import cache_dir

    started = time.perf_counter()
    rendered = reused = kept = written = 0
    relay = _Relay(progress)
    logger = logging.getLogger("mkdocs")
    logger.addHandler(relay)
    previous_level = logger.level
    logger.setLevel(logging.INFO)
    try:
        config = _load(config_file or default_config(), manifest, site_dir, strict, cache, site_url)
        out = Path(config.site_dir)
        _claim(out)  # mkdocs empties site_dir: never one lawtools did not create
        try:
            staging = staging_dir(out)  # built beside it, then swapped in whole: no half-built site on a failure
            state_dir = None
            quiet = incremental.QuietDirty()
            logging.getLogger("mkdocs.commands.build").addFilter(quiet)
            try:  # from here on, whatever fails takes the staging directory (and its marker) with it
                mark_owned_beside(staging)  # mkdocs empties the staging dir too, taking the marker inside with it
                config["site_dir"] = str(staging)
                state_dir = cache_dir(config)
                # with the analyses cache, pages unchanged since the last build are linked in, not rendered again
                reuse = state_dir is not None and (out / "index.html").is_file()
                if state_dir is not None:
                    config.extra[incremental.SITE_KEY] = str(out.resolve())
                incremental.discard(state_dir)
                build(config, dirty=reuse)
                if out.is_dir():  # an output file whose bytes are unchanged stays the very same file
                    kept, written = incremental.relink_unchanged(out, staging)
                mark_owned(staging)
                if out.is_dir():
                    mark_owned(out)
                replace_owned_dir(staging, out)
                pending = incremental.PageState.pending(state_dir)
                if pending is not None:
                    rendered, reused = len(pending.rendered), pending.reused
                incremental.commit(state_dir, out)
            finally:
                logging.getLogger("mkdocs.commands.build").removeFilter(quiet)
                incremental.discard(state_dir)
                if staging.exists():
                    remove_owned(staging)
                remove_owned_beside(staging)
        finally:
            if not out.exists():  # no site before and none now: no marker claiming one
                remove_owned_beside(out)
        config["site_dir"] = str(out)
    except (Abort, MkDocsException) as error:
        reasons = "; ".join(relay.problems[-3:]) or str(error)
        raise SiteError(f"the site did not build: {reasons}") from None
    except OSError as error:  # an output directory that cannot be created or written
        where = error.filename or site_dir or "the site directory"
        raise SiteError(f"the site did not build: cannot write {where}: {error.strerror or error}") from None
    finally:
        logger.setLevel(previous_level)
        logger.removeHandler(relay)
    out = Path(config.site_dir)
    index = out / SEARCH_INDEX
    pages = sum(1 for _ in out.rglob("index.html"))
    meaning = sum((out / name).stat().st_size for name in MEANING_FILES if (out / name).is_file())
    return BuildResult(out, pages, time.perf_counter() - started, index.stat().st_size if index.exists() else 0,
                       meaning, rendered if rendered or reused else pages, reused, kept, written)


def serve_site(config_file: Path | None = None, *, manifest: Path | None = None, address: str = "127.0.0.1:8000",
               open_browser: bool = False) -> None:
    """Serve the site with live reload until interrupted."""
    from mkdocs.commands.serve import serve

    from ..yamlio import read_yaml
    from .hooks import MANIFEST_KEY

    config_file = config_file or default_config()
    overrides = {}
    if manifest is not None:
        extra = (read_yaml(config_file) or {}).get("extra") or {}
        overrides["extra"] = {**extra, MANIFEST_KEY: str(manifest.resolve())}
    from mkdocs.exceptions import Abort, MkDocsException

    try:
        serve(str(config_file), dev_addr=address, open_in_browser=open_browser, **overrides)
    except (Abort, MkDocsException) as error:
        raise SiteError(f"the site could not be served: {error}") from None
    except OSError as error:  # the address is taken or cannot be bound
        raise SiteError(f"cannot serve on {address}: {error.strerror or error}") from None
