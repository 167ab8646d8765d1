"""Checks a built site: every internal link points to a page that exists and to an anchor on that page."""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


@dataclass(frozen=True)
class BrokenLink:
    """A link in a built page whose target page or anchor does not exist."""

    page: str
    href: str
    reason: str


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if values.get(key):
                self.ids.add(values[key])
        if tag == "a" and values.get("href"):
            self.hrefs.append(values["href"])


def _parse(path: Path) -> _Collector:
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


def _target_file(site: Path, page: Path, path: str) -> Path:
    if not path:
        return page
    base = site if path.startswith("/") else page.parent
    target = (base / unquote(path).lstrip("/")).resolve()
    if target.is_dir() or path.endswith("/"):
        target = target / "index.html"
    return target


def broken_links(site_dir: Path) -> tuple[list[BrokenLink], int]:
    """Every broken internal link in the HTML pages under site_dir, and how many internal links were checked."""
    site = site_dir.resolve()
    parsed = {path: _parse(path) for path in site.rglob("*.html")}
    broken, checked = [], 0
    for page, collector in parsed.items():
        for href in collector.hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            checked += 1
            target = _target_file(site, page, parts.path)
            where = str(page.relative_to(site))
            if not target.is_relative_to(site) or not target.exists():
                broken.append(BrokenLink(where, href, "no such page"))
                continue
            if parts.fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(BrokenLink(where, href, "no such anchor"))
    return broken, checked
