"""Where each generated page lives and how pages link to each other (directory URLs, relative hrefs)."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from ..citation import Citation

HOME = "index.md"
LAWS_INDEX = "laws/index.md"
CHECK = "check.md"
GLOSSARY = "glossary.md"
RULES = "rules.md"
DIFF_INDEX = "diff/index.md"
EDITIONS_INDEX = "editions/index.md"


def law_page(law: str) -> str:
    """Source path of a law's page."""
    return f"laws/{law}.md"


def diff_page(law: str) -> str:
    """Source path of a law's differences page."""
    return f"diff/{law}.md"


def edition_page(edition: str, page: str = "index") -> str:
    """Source path of an edition's page (its overview, or one front matter record)."""
    return f"editions/{edition}/{page}.md"


def url_of(src: str) -> str:
    """The site URL (relative to the site root) mkdocs gives a source path with use_directory_urls."""
    stem = src[:-3] if src.endswith(".md") else src
    if stem == "index":
        return ""
    if stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def href(from_src: str, to_src: str, anchor: str = "") -> str:
    """A relative link from one page to another page (and anchor), as written in the built HTML."""
    fragment = f"#{anchor}" if anchor else ""
    if from_src == to_src:
        return fragment or "./"
    relative = posixpath.relpath(url_of(to_src) or ".", url_of(from_src) or ".")
    return ("./" if relative == "." else relative + "/") + fragment


@dataclass
class SiteMap:
    """What the site has: law pages and the provision ids each can be linked to."""

    anchors: dict[str, set[str]] = field(default_factory=dict)  # law -> node ids present on its page
    diffs: set[str] = field(default_factory=set)  # laws with a differences page

    def resolve(self, target: str) -> tuple[str, str] | None:
        """(law page, anchor) for a cited provision: the provision, else its nearest enclosing one on the page."""
        citation = Citation.try_parse(target)
        if citation is None or citation.law not in self.anchors:
            return None
        present = self.anchors[citation.law]
        for candidate in [citation, *reversed(citation.ancestors())]:
            if str(candidate) in present:
                return law_page(citation.law), str(candidate)
        return law_page(citation.law), ""

    def link(self, from_src: str, target: str) -> str | None:
        """A relative href from a page to a cited provision, or None when the site lacks that law."""
        resolved = self.resolve(target)
        return href(from_src, *resolved) if resolved else None
