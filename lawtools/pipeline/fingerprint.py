"""Fingerprints of a stage's inputs: content hashes of files, with a stat memo so unchanged files are not reread.

A digest is reused while the file's size, mtime and inode are those it was computed for (the search index's
freshness check works the same way); anything else rereads the file. The memo is an optimisation only:
without it (a fresh checkout, a damaged memo) every file is hashed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
# Code is what the package ships to run or render: modules, data, and the site's scripts, styles and templates
# (lawtools/search/static/lawsearch.js, lawtools/site/theme/): a changed script rebuilds the pages that load it.
CODE_SUFFIXES = (".py", ".yaml", ".yml", ".json", ".js", ".css", ".html")

# What each stage's code is, as parts of the lawtools package: the package's top-level modules and data
# (shared by every stage) except those known to serve other stages only, plus the stage's own packages.
# Leaving a module out errs towards running a stage too often, never towards a stale result.
_NOT_INGEST = {"align.py", "concepts.py", "corpus_terms.py", "diff.py", "diff_render.py", "exports.py",
               "lemma_tables.py", "table.py", "termbase.py", "terms_match.py", "cli.py"}
CODE = {
    "ingest": (("readers",), _NOT_INGEST),
    "index": (("search",), set()),
    "checks": (("check",), set()),
    "concordance": (("concordance",), set()),
    "diffs": (("concordance",), set()),  # counterpart pairing through the concordance, once it lands
    "site": (("*",), set()),  # the site shows every analysis: all of the package
}


class Hasher:
    """sha256 of files, memoised by (size, mtime, inode) in a JSON file (None: no memo kept)."""

    def __init__(self, memo: Path | None = None):
        self.memo_path = memo
        self.memo: dict[str, list] = {}
        self.dirty = False
        if memo is not None:
            try:
                loaded = json.loads(memo.read_text(encoding="utf-8"))
                self.memo = loaded if isinstance(loaded, dict) else {}
            except (OSError, ValueError):
                self.memo = {}

    def file(self, path: Path) -> str:
        """The content hash of one file ("" for a missing file)."""
        try:
            stat = path.stat()
        except OSError:
            return ""
        key = str(path)
        signature = [stat.st_size, stat.st_mtime_ns, stat.st_ino]
        known = self.memo.get(key)
        if isinstance(known, list) and known[:3] == signature and len(known) == 4:
            return known[3]
        from ..fsutil import regular_bytes

        data = regular_bytes(path, 1 << 30)  # a device or FIFO (a symlink to /dev/zero) is never read
        if data is None:
            return "not a regular file"
        digest = hashlib.sha256(data).hexdigest()
        self.memo[key] = [*signature, digest]
        self.dirty = True
        return digest

    def files(self, paths: Iterable[Path], root: Path | None = None) -> str:
        """One hash over several files: their paths (relative to root) and contents."""
        digest = hashlib.sha256()
        for path in paths:
            name = path.relative_to(root) if root and path.is_relative_to(root) else path
            digest.update(f"{name}\0{self.file(path)}\n".encode())
        return digest.hexdigest()

    def tree(self, root: Path, pattern: str = "*") -> str:
        """One hash over every file under root matching pattern (sorted; hidden files left out)."""
        paths = sorted(p for p in root.rglob(pattern) if p.is_file() and not _hidden(p, root))
        return self.files(paths, root) if root.exists() else ""

    def save(self) -> None:
        """Keep the memo for the next run (atomically; a failure only costs rehashing next time)."""
        if self.memo_path is None or not self.dirty:
            return
        from ..errors import WriteError
        from ..fsutil import atomic_write_text

        try:
            self.memo_path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.memo_path, json.dumps(self.memo))
            self.dirty = False
        except (OSError, WriteError):
            pass


def _hidden(path: Path, root: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(root).parts)


def code_files(stage: str) -> list[Path]:
    """The lawtools code and data files a stage's results depend on."""
    packages, excluded = CODE[stage]
    files = [p for p in sorted(PACKAGE.glob("*")) if p.is_file() and p.suffix in CODE_SUFFIXES
             and p.name not in excluded]
    if packages == ("*",):
        return sorted(p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix in CODE_SUFFIXES
                      and "__pycache__" not in p.parts)
    for folder in ("data", *packages):
        files += sorted(p for p in (PACKAGE / folder).rglob("*") if p.is_file() and p.suffix in CODE_SUFFIXES
                        and "__pycache__" not in p.parts)
    return files


def code(stage: str, hasher: Hasher) -> str:
    """The fingerprint of a stage's code."""
    return hasher.files(code_files(stage), PACKAGE)


def combine(parts: dict[str, str]) -> str:
    """One short fingerprint of named parts."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:20]


def plain(value):
    """A value as JSON can hold it the same way in every run and process (dataclasses and mappings as dicts,
    sets sorted, anything else by its repr), for keys made of settings and page fields."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict) or hasattr(value, "items") and callable(value.items):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)
