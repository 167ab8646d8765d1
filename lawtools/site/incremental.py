"""What a site build renders again: only the pages whose own text changed, and it writes only changed files.

mkdocs renders every page of every build. Each generated page's HTML is a function of its Markdown and of
what every page shares: the configuration (theme, extras, the publisher's settings, navigation), the list of
files, the versions of mkdocs and the theme and lawtools' site code. The last build's fingerprints of both are
kept beside the analyses cache (`site-pages.json`). When the shared fingerprint is unchanged, a page whose
Markdown is unchanged is not rendered: its HTML from the last build is linked into the staging directory the
site is built in (a hard link: the same file, not rewritten), its search entries (mkdocs-material's index) are
reused, and mkdocs builds the other pages (its `dirty` mode: a generated file says whether it changed). When
the shared fingerprint changed, every page is rendered. Either way, after the build, a file whose bytes equal
those of the site it replaces is linked back to that file, so an unchanged output file is never rewritten,
and the staging directory replaces the site whole, as before (a failed build keeps the old site).

The state is written only once the new site is in place (the hook leaves it `.pending`); without it (a first
build, a damaged file, another site directory) every page is rendered.
"""

from __future__ import annotations

import filecmp
import hashlib
import json
import logging
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from ..pipeline.fingerprint import PACKAGE, plain

STATE = "site-pages.json"
PENDING = "site-pages.pending.json"
SITE_KEY = "lawtools_site_out"  # config.extra: where the site goes (build_site sets it; its pages may be reused)
_OWN_KEYS = (SITE_KEY,)


def page_fingerprint(document: str) -> str:
    """The fingerprint of one generated page: its Markdown (front matter included)."""
    return hashlib.sha256(document.encode("utf-8")).hexdigest()[:24]


def _versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    found = []
    for name in ("mkdocs", "mkdocs-material", "markdown", "pymdown-extensions", "jinja2"):
        try:
            found.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            found.append(f"{name} -")
    return ", ".join(found)


def _tree(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(f"{path.relative_to(folder)}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def shared_fingerprint(config, files) -> str:
    """The fingerprint of what every page's HTML shares (see the module docstring)."""
    settings = {key: config.get(key) for key in ("site_name", "site_url", "site_description", "site_author",
                                                 "copyright", "repo_url", "repo_name", "edit_uri", "nav",
                                                 "markdown_extensions", "mdx_configs", "extra_css",
                                                 "extra_javascript", "extra_templates", "use_directory_urls")}
    settings["extra"] = {k: v for k, v in (config.get("extra") or {}).items() if k not in _OWN_KEYS}
    theme = config.theme
    settings["theme"] = {"name": theme.name, "dirs": list(theme.dirs), "static": theme.static_templates,
                         **dict(theme.items())}
    settings["plugins"] = {name: dict(plugin.config) if hasattr(plugin, "config") else ""
                           for name, plugin in config.plugins.items()}
    own_theme = [d for d in config.theme.dirs if "site-packages" not in d and "dist-packages" not in d]
    parts = {
        "settings": json.dumps(plain(settings), sort_keys=True, default=str),
        "files": "\n".join(f"{f.src_uri}\0{f.dest_uri}" for f in files),
        "theme files": "\n".join(_tree(Path(d)) for d in own_theme if Path(d).is_dir()),
        "versions": _versions(),
        "site code": _tree(PACKAGE / "site"),
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:24]


@dataclass
class PageState:
    """The last build's fingerprints: shared, per page, each page's search entries and its output file."""

    shared: str = ""
    site: str = ""  # the site directory, relative to the cache directory (a project moved whole keeps both)
    pages: dict[str, str] = field(default_factory=dict)  # generated page -> fingerprint of its Markdown
    search: dict[str, list] = field(default_factory=dict)
    rendered: list[str] = field(default_factory=list)  # pages this build rendered (the others were reused)
    reused: int = 0
    dests: dict[str, str] = field(default_factory=dict)  # generated page -> its output file
    outputs: dict[str, list[int]] = field(default_factory=dict)  # output file -> [size, mtime_ns] as built

    @classmethod
    def load(cls, cache_dir: Path | None, name: str = STATE) -> PageState:
        """The state kept in cache_dir (empty when there is none or it is damaged)."""
        if cache_dir is None:
            return cls()
        try:
            data = json.loads((cache_dir / name).read_text(encoding="utf-8"))
            state = cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return cls()
        if not all(isinstance(getattr(state, f.name), type(getattr(cls(), f.name))) for f in fields(cls)):
            return cls()
        return state

    @classmethod
    def pending(cls, cache_dir: Path | None) -> PageState | None:
        """The state the hook left for the build that ends, or None."""
        if cache_dir is None or not (cache_dir / PENDING).exists():
            return None
        return cls.load(cache_dir, PENDING)

    def save(self, cache_dir: Path, name: str = PENDING) -> None:
        """Keep the state (by default as the pending one, which build_site commits once the site is in place)."""
        from ..fsutil import atomic_write_text

        cache_dir.mkdir(parents=True, exist_ok=True)
        atomic_write_text(cache_dir / name, json.dumps(asdict(self), ensure_ascii=False))

    def unchanged_output(self, site_dir: Path, dest: str) -> bool:
        """True when the page's output file in site_dir is the one the last build left (not edited since)."""
        try:
            stat = (site_dir / dest).stat()
        except OSError:
            return False
        return self.outputs.get(dest) == [stat.st_size, stat.st_mtime_ns]


def commit(cache_dir: Path | None, site_dir: Path) -> None:
    """The pending state becomes the state, with the output files of site_dir (the new site, in place)."""
    state = PageState.pending(cache_dir)
    if state is None or cache_dir is None:
        return
    for dest in state.dests.values():
        try:
            stat = (site_dir / dest).stat()
        except OSError:
            continue
        state.outputs[dest] = [stat.st_size, stat.st_mtime_ns]
    state.save(cache_dir, STATE)
    discard(cache_dir)


def discard(cache_dir: Path | None) -> None:
    """Forget the pending state (the build failed: the old site and its state stay)."""
    if cache_dir is not None:
        (cache_dir / PENDING).unlink(missing_ok=True)


def forget(cache_dir: Path | None) -> None:
    """Forget the state (the site is built from scratch)."""
    if cache_dir is not None:
        (cache_dir / STATE).unlink(missing_ok=True)
        discard(cache_dir)


def reuse(previous: Path, staging: Path, dest_uri: str) -> bool:
    """Link a page's output of the previous site into the staging directory; False when it has none."""
    source, target = previous / dest_uri, staging / dest_uri
    if not source.is_file():
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except FileExistsError:
        return True
    except OSError:  # another file system, or links not allowed: a copy is still not a render
        import shutil

        shutil.copy2(source, target)
    return True


def relink_unchanged(previous: Path, staging: Path) -> tuple[int, int]:
    """Make each staging file whose bytes equal the previous site's file at the same path that very file;
    (files kept as they were, files written)."""
    kept = written = 0
    if not previous.is_dir():
        return kept, sum(len(names) for _, _, names in os.walk(staging))
    for folder, _, names in os.walk(staging):
        for name in names:
            new = Path(folder) / name
            old = previous / new.relative_to(staging)
            try:
                same = old.is_file() and (os.path.samefile(old, new) or (
                    old.stat().st_size == new.stat().st_size and filecmp.cmp(old, new, shallow=False)))
            except OSError:
                same = False
            if not same:
                written += 1
                continue
            kept += 1
            if os.path.samefile(old, new):
                continue
            partial = new.with_name(f".{name}.relink")
            try:
                os.link(old, partial)
                partial.replace(new)
            except OSError:
                partial.unlink(missing_ok=True)
    return kept, written


class QuietDirty(logging.Filter):
    """Drops mkdocs' warning that a dirty build may leave stale navigation: here the shared fingerprint
    guarantees every page that could differ is rendered (the warning would fail a strict build)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "'dirty' build" not in record.getMessage()
