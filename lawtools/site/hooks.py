"""The mkdocs hook (registered under `hooks:` in mkdocs.yml): adds the pages generated from the records.

Thin on purpose, in the spirit of mkdocs-gen-files: `pages.plan_site` decides and renders every page;
this only loads the corpus, hands the pages to mkdocs as virtual files and puts them in the navigation
ahead of the hand-written pages listed in mkdocs.yml.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
import time
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel

# mkdocs loads this file by path, not as part of the package: make `lawtools` importable when it is not
# installed (a fresh clone running `mkdocs build`), from the checkout this file lives in.
if importlib.util.find_spec("lawtools") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from lawtools.errors import LawtoolsError  # noqa: E402
from lawtools.records import load_corpus  # noqa: E402
from lawtools.site import search_page  # noqa: E402
from lawtools.site.pages import SitePlan, plan_site  # noqa: E402
from lawtools.site.settings import apply, load_settings  # noqa: E402

log = logging.getLogger("mkdocs.plugins.lawtools")
MANIFEST_KEY = "lawtools_manifest"
CACHE_KEY = "lawtools_cache"
SITE_URL_KEY = "lawtools_site_url"  # set by `lawtools site build --site-url`

_plan: SitePlan | None = None
_written = 0
_search: dict[str, str] = {}


def manifest_path(config: MkDocsConfig) -> Path:
    """The editions manifest the site is built from: extra.lawtools_manifest, else corpus/ beside mkdocs.yml."""
    configured = (config.extra or {}).get(MANIFEST_KEY)
    base = Path(config.config_file_path).resolve().parent
    return (base / configured) if configured else base / "corpus" / "editions.yaml"


def cache_dir(config: MkDocsConfig) -> Path | None:
    """Where analyses are cached between builds: extra.lawtools_cache (relative to mkdocs.yml); none if unset."""
    configured = (config.extra or {}).get(CACHE_KEY)
    return Path(config.config_file_path).resolve().parent / configured if configured else None


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Render every page from the records and put them in the navigation."""
    global _plan, _written
    if not config.use_directory_urls:
        raise PluginError("lawtools: the site's links assume use_directory_urls: true")
    started = time.perf_counter()
    log.info("lawtools: rendering pages from the records of %s", manifest_path(config))
    try:
        corpus = load_corpus(manifest_path(config))
        settings = load_settings(corpus.manifest.corpus_dir)  # corpus/site.yaml: name, URL, editions, notice
        published = settings.restrict(corpus)
        apply(config, settings, (config.extra or {}).get(SITE_URL_KEY, ""), len(published.editions()))
        _plan = plan_site(published, progress=log.info, cache_dir=cache_dir(config))
    except LawtoolsError as error:
        raise PluginError(str(error)) from None
    _written = 0
    from lawtools.records import pending_notes

    for note in pending_notes():  # stale or hand-edited records: said, not fatal (a strict build would stop)
        log.info("lawtools: warning: %s", note)
    counts = ", ".join(f"{n} {what}" for what, n in _plan.counts.items())
    log.info("lawtools: %s rendered in %.1f s", counts, time.perf_counter() - started)
    config.nav = _plan.nav + list(config.nav or [])
    global _search  # the search page, its static index and the header box's script (site/search_page.py)
    _search = search_page.site_files(load_corpus(manifest_path(config)))
    search_page.install_theme(config)  # the header's search box leads to search/ (not the theme's dropdown)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pages as virtual files; a hand-written page may not take a generated page's path."""
    assert _plan is not None
    for src in _plan.pages:
        if files.get_file_from_path(src) is not None:
            raise PluginError(f"lawtools: site/{src} is hand-written but the site generates that page; rename it")
        inclusion = InclusionLevel.NOT_IN_NAV if src in _plan.unlisted else InclusionLevel.UNDEFINED
        files.append(File.generated(config, src, content=_plan.document(src), inclusion=inclusion))
    for src, content in _search.items():
        files.append(File.generated(config, src, content=content))
    return files


def on_post_page(output: str, page, config: MkDocsConfig) -> str:
    """Report progress every 25 pages written."""
    global _written
    _written += 1
    if _written % 25 == 0:
        log.info("lawtools: %d pages written", _written)
    return output
