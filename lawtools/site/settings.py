"""A publisher's settings for the site, in one place: `corpus/site.yaml` beside the editions manifest.

A federation publishing its corpus sets its name, address, logo, which editions and languages to publish,
and its notice (copyright or permission) and disclaimer there, without touching code or mkdocs.yml. Every
key is optional; a missing file means the defaults below. The file::

    site:
      name: "Laws of Duplicate Bridge"          # the site's name (header, page titles)
      url: "https://bridge.example.org/laws/"   # where it is published: sitemap, canonical links, 404 page
      description: "..."                        # the description search engines show
      logo: assets/logo.svg                     # an image under site/ (default: a spade icon)
      editions: [sv-2007, nl-2017]              # the editions to publish, in this order (default: all)
      languages: [sv, nl]                       # or every edition in these languages (default: all)
      notice: "© 2017 World Bridge Federation. Translations published with permission of ..."
      disclaimer: "Not an official text; ..."
      search_by_meaning: true                   # the search page may rank by meaning (a ~23 MB download
                                                # the first time a query needs it; false: by words alone)

`lawtools site build --site-url URL` overrides `url` for one build (a preview under another address).
"""

from __future__ import annotations

import datetime
import html
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ManifestError
from ..records import Corpus
from ..yamlio import read_checked

FILE = "site.yaml"
DEFAULT_NOTICE = ("The national texts belong to their publishers, named on each edition's page; they are shown "
                  "here for study and comparison.")
DEFAULT_DISCLAIMER = ("Not an official publication: the texts are parsed from the sources automatically and may "
                      "contain errors. The printed edition of each federation is authoritative.")
_KEYS = {"name", "url", "description", "logo", "editions", "languages", "notice", "disclaimer", "search_by_meaning"}


@dataclass(frozen=True)
class SiteSettings:
    """What a publisher sets (see the module docstring); empty strings and lists mean the default."""

    name: str = ""
    url: str = ""
    description: str = ""
    logo: str = ""
    editions: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    notice: str = DEFAULT_NOTICE
    disclaimer: str = DEFAULT_DISCLAIMER
    search_by_meaning: bool = True
    path: Path | None = field(default=None, compare=False)

    def published(self, corpus: Corpus) -> list[str]:
        """The edition ids to publish, in order: the `editions` listed (else all), those in `languages`."""
        known = corpus.editions()
        unknown = [e for e in self.editions if e not in known]
        if unknown:
            raise ManifestError(f"{self.path or FILE}: site.editions names {', '.join(unknown)}, which have no "
                                f"records; editions with records: {', '.join(known)}")
        chosen = list(self.editions) or known
        if self.languages:
            chosen = [e for e in chosen if corpus.language(e) in self.languages]
        if not chosen:
            raise ManifestError(f"{self.path or FILE}: site.editions and site.languages leave no edition to publish")
        return chosen

    def restrict(self, corpus: Corpus) -> Corpus:
        """The corpus as published: only the chosen editions (the same corpus when that is all of them)."""
        chosen = self.published(corpus)
        if chosen == corpus.editions():
            return corpus
        published = Corpus(corpus.root, corpus.manifest)
        published.edition_info = {e: corpus.edition_info[e] for e in chosen}  # a cached_property: set it once
        return published


def load_settings(corpus_dir: Path) -> SiteSettings:
    """The settings in corpus_dir/site.yaml (defaults when there is none); ManifestError naming the key if wrong."""
    path = corpus_dir / FILE
    if not path.exists():
        return SiteSettings(path=path)
    from ..filespecs import SITE

    data = read_checked(path, SITE, ManifestError, "fix the setting (every key is described at the file's top)") or {}
    block = data.get("site", {}) if isinstance(data, dict) else None
    if not isinstance(block, dict):
        raise ManifestError(f"{path}: expected a mapping under 'site'")
    unknown = sorted(set(block) - _KEYS)
    if unknown:
        raise ManifestError(f"{path}: unknown site setting {', '.join(unknown)}; known: {', '.join(sorted(_KEYS))}")
    values: dict = {}
    for key in ("name", "url", "description", "logo", "notice", "disclaimer"):
        value = block.get(key)
        if value is not None and not isinstance(value, str):
            raise ManifestError(f"{path}: site.{key} must be text")
        if value is not None:
            values[key] = value.strip()
    for key in ("editions", "languages"):
        value = block.get(key) or []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ManifestError(f"{path}: site.{key} must be a list of {key[:-1]} ids")
        values[key] = tuple(value)
    meaning = block.get("search_by_meaning")
    if meaning is not None and not isinstance(meaning, bool):
        raise ManifestError(f"{path}: site.search_by_meaning must be true or false")
    if meaning is not None:
        values["search_by_meaning"] = meaning
    url = values.get("url", "")
    if url and not url.startswith(("http://", "https://")):
        raise ManifestError(f"{path}: site.url must start with http:// or https:// (got {url!r})")
    if url and not url.endswith("/"):
        values["url"] = url + "/"
    return SiteSettings(**values, path=path)


def build_date() -> datetime.date:
    """The day the site is built (SOURCE_DATE_EPOCH, when set, for reproducible builds)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date()
    return datetime.datetime.now(datetime.UTC).date()


def apply(config, settings: SiteSettings, url_override: str = "", editions: int = 0) -> None:
    """Put the settings into the mkdocs configuration: name, URL, description, logo and the footer's notice,
    disclaimer and build date (an override URL, from `lawtools site build --site-url`, wins)."""
    if settings.name:
        config.site_name = settings.name
    if url_override and not url_override.startswith(("http://", "https://")):
        raise ManifestError(f"--site-url must start with http:// or https:// (got {url_override!r})")
    url = url_override or settings.url
    if url:
        config.site_url = url if url.endswith("/") else url + "/"
    if settings.description:
        config.site_description = settings.description
    if settings.logo:
        config.theme["logo"] = settings.logo
    built = build_date().isoformat()
    parts = [f'<span class="lt-notice">{html.escape(settings.notice)}</span>' if settings.notice else "",
             f'<span class="lt-disclaimer">{html.escape(settings.disclaimer)}</span>' if settings.disclaimer else "",
             f'<span class="lt-built">Built on <time datetime="{built}">{built}</time> by lawtools'
             + (f" from {editions} editions" if editions else "") + ".</span>"]
    config.copyright = " ".join(p for p in parts if p)
