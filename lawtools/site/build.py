"""Running mkdocs for `lawtools site build` / `serve`: the repository's mkdocs.yml, optionally another corpus."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import LawtoolsError, NotFound

SEARCH_INDEX = Path("search") / "search_index.json"


class SiteError(LawtoolsError):
    """The site did not build (mkdocs reported errors, or warnings under --strict)."""


@dataclass
class BuildResult:
    """Where the site was written and what it cost."""

    site_dir: Path
    pages: int
    seconds: float
    search_index_bytes: int


def default_config() -> Path:
    """mkdocs.yml of the project this is run in (found upwards from the working directory, else lawtools' own,
    as the corpus is: see manifest.default_manifest_path)."""
    here = Path.cwd().resolve()
    for directory in (here, *here.parents):
        if (directory / "mkdocs.yml").exists():
            return directory / "mkdocs.yml"
    package_root = Path(__file__).resolve().parents[2] / "mkdocs.yml"
    if package_root.exists():
        return package_root
    raise NotFound("no mkdocs.yml found in this directory or above it")


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

    started = time.perf_counter()
    relay = _Relay(progress)
    logger = logging.getLogger("mkdocs")
    logger.addHandler(relay)
    previous_level = logger.level
    logger.setLevel(logging.INFO)
    try:
        config = _load(config_file or default_config(), manifest, site_dir, strict, cache, site_url)
        build(config)
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
    return BuildResult(out, sum(1 for _ in out.rglob("index.html")), time.perf_counter() - started,
                       index.stat().st_size if index.exists() else 0)


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
