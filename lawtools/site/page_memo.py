"""Generated pages kept between builds, each under a key of exactly what its Markdown is made of.

`plan_site` used to render the Markdown of every page on every build (the incremental site build then found
most of it unchanged and left mkdocs' HTML as it was). With an analyses cache, a page with a memo key is
rendered only when its key is new: the key names what the page's renderer reads, hashed without rendering:

- what every page of its kind shares (`shared`): the lawtools code and data (the renderers, the reference
  titles, the language names), the editions as the site names them, the law order and each edition's laws,
  the site map (every law's provision ids, the laws with a differences page);
- what the page alone reads (`parts`): for a law page, the content hash of the law's record file in every
  edition (in edition order, as the corpus read them), its concordance links, rules, differing provisions,
  partial editions and neighbours; for a differences page, its diff's key (what the stored diff was computed
  from), its law's records and the glossary;
  for the consistency report, the findings and the records of the laws they are in (it locates them there);
  for an edition's overview and front matter pages, what the records say of the edition and its front matter.

Each page's Markdown is stored as `pages/<page>/markdown-<key>.json` under the analyses cache (one folder per
page, so storing one page never scans the others); without a cache directory every page is rendered, as
before. A damaged or missing entry is rendered again: the memo is an optimisation only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ..errors import WriteError
from ..pipeline.fingerprint import Hasher, code, combine, plain
from .cache import load, store

FOLDER = "pages"
NAME = "markdown"


def canonical(value) -> str:
    """A value as one JSON text that is the same in every process (sets sorted, dataclasses as dicts)."""
    return json.dumps(plain(value), sort_keys=True, ensure_ascii=False, default=str)


def site_code(directory: Path | None = None) -> str:
    """The fingerprint of the code and data every generated page depends on (all of lawtools, as for the site
    stage: erring towards rendering too often, never towards a stale page). With a cache directory the files'
    digests are kept there by size, mtime and inode (`pages/code-hashes.json`), so unchanged code is not reread."""
    hasher = Hasher(directory / FOLDER / "code-hashes.json" if directory is not None else None)
    fingerprint = code("site", hasher)
    hasher.save()
    return fingerprint


class PageMemo:
    """Markdown of generated pages by key; counts what it rendered and what it reused."""

    def __init__(self, directory: Path | None, shared: Callable[[], dict[str, str]]):
        """shared: what the pages share, hashed only when there is a memo (without one nothing is hashed)."""
        self.folder = directory / FOLDER if directory is not None else None
        self.shared = combine(shared()) if self.folder is not None else ""
        self.rendered: list[str] = []
        self.reused: list[str] = []

    def page(self, src: str, parts: Callable[[], dict[str, str]], render: Callable[[], str]) -> str:
        """The page's Markdown: stored under its key (`parts()`: what this page alone reads), else rendered
        (and stored)."""
        if self.folder is None:
            self.rendered.append(src)
            return render()
        key = combine({"shared": self.shared, "page": src, **parts()})
        where = self.folder / _slug(src)
        found = load(where, key, NAME)
        if isinstance(found, str):
            self.reused.append(src)
            return found
        body = render()
        self.rendered.append(src)
        try:
            store(where, key, NAME, body)
        except (OSError, WriteError):  # a read-only or full disk costs the memo, not the site
            pass
        return body

    def prune(self, pages: set[str]) -> None:
        """Forget the memo of pages the site no longer has (a cache that cannot be written keeps it)."""
        if self.folder is None or not self.folder.is_dir():
            return
        keep = {_slug(src) for src in pages}
        try:
            for folder in self.folder.iterdir():
                if folder.is_dir() and folder.name not in keep:
                    for old in folder.glob("*.json"):
                        old.unlink(missing_ok=True)
                    folder.rmdir()
        except OSError:  # read-only, or another build pruning at once: the stale entries only cost disk
            pass


def _slug(src: str) -> str:
    """A page's folder name: its source path with the separators replaced ('laws/64.md' -> 'laws~64.md')."""
    return src.replace("/", "~")
