"""The mkdocs hook (registered under `hooks:` in mkdocs.yml): adds the pages generated from the records.

Thin on purpose, in the spirit of mkdocs-gen-files: `pages.plan_site` decides and renders every page;
this only loads the corpus, hands the pages to mkdocs as virtual files and puts them in the navigation
ahead of the hand-written pages listed in mkdocs.yml.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import sys
import time
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files, InclusionLevel

# mkdocs loads this file by path, not as part of the package: make `lawtools` importable when it is not
# installed (a fresh clone running `mkdocs build`), from the checkout this file lives in.
if importlib.util.find_spec("lawtools") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from lawtools.errors import LawtoolsError  # noqa: E402
from lawtools.records import load_corpus  # noqa: E402
from lawtools.site import incremental, search_page  # noqa: E402
from lawtools.site.pages import SitePlan, plan_site  # noqa: E402
from lawtools.site.settings import apply, load_settings  # noqa: E402

log = logging.getLogger("mkdocs.plugins.lawtools")
MANIFEST_KEY = "lawtools_manifest"
CACHE_KEY = "lawtools_cache"
SITE_URL_KEY = "lawtools_site_url"  # set by `lawtools site build --site-url`

_plan: SitePlan | None = None
_written = 0
_search: dict[str, str | bytes] = {}
_reused: set[str] = set()  # generated pages not rendered again: their output of the last build is linked in
_entries: dict[str, list] = {}  # page -> its entries in mkdocs-material's search index, as this build made them
_seen = 0
_files: Files | None = None
_state: incremental.PageState | None = None
_fingerprints: dict[str, str] = {}


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
    try:
        _search = search_page.site_files(published, meaning=settings.search_by_meaning)  # what the pages show
    except LawtoolsError as error:  # e.g. a damaged encoder model (search/e5_model.py)
        raise PluginError(str(error)) from None
    search_page.install_theme(config)  # the header's search box leads to search/ (not the theme's dropdown)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pages as virtual files; a hand-written page may not take a generated page's path.

    A page whose Markdown and shared inputs are those of the last build is not rendered again (see
    lawtools.site.incremental): its output is linked in from the site this build replaces.
    """
    global _files, _state, _seen
    assert _plan is not None
    generated = []
    _fingerprints.clear()
    for src in _plan.pages:
        if files.get_file_from_path(src) is not None:
            raise PluginError(f"lawtools: site/{src} is hand-written but the site generates that page; rename it")
        inclusion = InclusionLevel.NOT_IN_NAV if src in _plan.unlisted else InclusionLevel.UNDEFINED
        document = _plan.document(src)
        _fingerprints[src] = incremental.page_fingerprint(document)
        generated.append(File.generated(config, src, content=document, inclusion=inclusion))
        files.append(generated[-1])
    for src, content in _search.items():
        files.append(File.generated(config, src, content=content))
    _files, _seen = files, 0
    _reused.clear()
    _entries.clear()
    out = (config.extra or {}).get(incremental.SITE_KEY)
    cache = cache_dir(config)
    _state = None
    if out and cache is not None:
        previous = incremental.PageState.load(cache)
        site = os.path.relpath(out, cache)
        _state = incremental.PageState(incremental.shared_fingerprint(config, files), site, dict(_fingerprints))
        _state.dests = {file.src_uri: file.dest_uri for file in generated}
        if previous.shared == _state.shared and previous.site == site:
            for file in generated:
                src = file.src_uri
                if previous.pages.get(src) == _fingerprints[src] and src in previous.search \
                        and previous.unchanged_output(Path(out), file.dest_uri) \
                        and incremental.reuse(Path(out), Path(config.site_dir), file.dest_uri):
                    file.is_modified = lambda: False  # mkdocs' dirty build then neither reads nor renders it
                    _reused.add(src)
                    _entries[src] = previous.search[src]
    return files


def on_env(env, config: MkDocsConfig, files: Files):
    """Read the front matter of the pages not rendered again: the navigation of the others shows their titles."""
    for file in files.documentation_pages():
        if file.src_uri in _reused and file.page is not None and file.page.markdown is None:
            file.page.read_source(config)
    return env


def _search_index(config: MkDocsConfig):
    """mkdocs-material's search index of this build, or None without its search plugin."""
    for plugin in config.plugins.values():
        index = getattr(plugin, "search_index", None)
        if index is not None and hasattr(index, "entries"):
            return index
    return None


def on_page_context(context, page, config: MkDocsConfig, nav):
    """Keep the search entries the search plugin just made for this page (reused when it is not rendered)."""
    global _seen
    index = _search_index(config)
    _entries[page.file.src_uri] = index.entries[_seen:] if index is not None else []
    _seen = len(index.entries) if index is not None else 0
    return context


@event_priority(50)  # before the search plugin writes its index
def on_post_build(config: MkDocsConfig) -> None:
    """Put the search entries in page order (reused and rendered pages alike); leave the state for the next build."""
    index = _search_index(config)
    if index is not None and _files is not None:
        index.entries = [entry for file in _files.documentation_pages() for entry in _entries.get(file.src_uri, [])]
    cache = cache_dir(config)
    if _state is not None and cache is not None:
        _state.search = {src: entries for src, entries in _entries.items() if src in _fingerprints}
        _state.reused = len(_reused)
        _state.rendered = sorted(set(_fingerprints) - _reused)
        _state.save(cache)
    if _reused:
        log.info("lawtools: %d of %d generated pages rendered again, %d unchanged", len(_fingerprints) - len(_reused),
                 len(_fingerprints), len(_reused))


def on_post_page(output: str, page, config: MkDocsConfig) -> str:
    """Report progress every 25 pages written."""
    global _written
    _written += 1
    if _written % 25 == 0:
        log.info("lawtools: %d pages written", _written)
    return output
