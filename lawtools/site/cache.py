"""A cache for the slow analyses (diffs, checks) between site builds, keyed by everything they depend on.

The key hashes the records, the termbase and every file of the lawtools package (code and data), so any
change to an input or to the code that computes the analyses makes a fresh computation; nothing is stale.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent.parent


def fingerprint(corpus_dir: Path) -> str:
    """A hash of the records, the termbase and the lawtools package (code and data)."""
    digest = hashlib.sha256()
    files = sorted((corpus_dir / "records").rglob("*.json"))
    files += [corpus_dir / "terms.yaml"] if (corpus_dir / "terms.yaml").exists() else []
    files += sorted(p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix in (".py", ".yaml", ".yml", ".json"))
    for path in files:
        digest.update(str(path).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def cached(directory: Path | None, key: str, name: str, compute: Callable[[], Any]) -> Any:
    """compute() once per key: stored as JSON under directory (no caching when directory is None)."""
    if directory is None:
        return compute()
    path = directory / f"{name}-{key}.json"
    if path.exists():
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):  # a damaged entry: compute it again
            pass
    value = compute()
    try:
        store(directory, key, name, value)
    except OSError:  # a read-only or full disk costs the cache, not the build
        pass
    return value


def store(directory: Path, key: str, name: str, value: Any) -> None:
    """Keep value as the entry for key, replacing older ones (a caller that computed it already can seed it)."""
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob(f"{name}-*.json"):
        old.unlink()
    path = directory / f"{name}-{key}.json"
    partial = path.with_suffix(".partial")
    partial.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
    partial.replace(path)  # whole or not at all
