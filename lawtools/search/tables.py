"""Package data for the query path (search.yaml, stopwords.yaml, law_titles_en.yaml), read without YAML.

A keyword query needs three small YAML files of lawtools/data; parsing them (and importing PyYAML) was a
good part of a cold `lawtools search`. `package_table(name)` keeps a marshal copy of each parsed file in the
search cache (vectors.cache_dir()), tagged with the file's size and modification time: while the file is
unchanged the copy is read (a fraction of a millisecond); after an edit, or without a writable cache, the
YAML is parsed as before (yamlio.package_data) and the copy rewritten.
"""

from __future__ import annotations

import marshal
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data"
GLOSSARY = "english.yaml"  # English everyday words of the Laws per corpus language (termbase_index.py)


@cache
def package_table(name: str) -> Any:
    """The parsed YAML file lawtools/data/<name> (what yamlio.package_data returns), once per process."""
    from .vectors import cache_dir

    source = DATA / name
    try:
        stat = source.stat()
        tag = [name, stat.st_size, stat.st_mtime_ns]
    except OSError:
        tag = None
    where = cache_dir() if tag is not None else None
    copy = where / f"table-{name}.marshal" if where is not None else None
    if copy is not None:
        try:
            stored = marshal.loads(copy.read_bytes())
            if isinstance(stored, dict) and stored.get("tag") == tag and "data" in stored:
                return stored["data"]
        except (OSError, EOFError, ValueError, TypeError):
            pass
    from ..yamlio import package_data

    data = package_data(name)
    if copy is not None:
        try:
            from ..fsutil import atomic_write_bytes

            atomic_write_bytes(copy, marshal.dumps({"tag": tag, "data": data}))
        except (OSError, ValueError):
            pass  # data marshal cannot hold, or a read-only cache: parse the YAML next time too
    return data


def english_titles() -> dict[str, str]:
    """The English titles of the Laws (lawtools/data/law_titles_en.yaml), by law number."""
    return {str(law): title for law, title in (package_table("law_titles_en.yaml").get("titles") or {}).items()}


def glossary_digest() -> str:
    """A short digest of the English glossary file: part of the index settings, so an edit rebuilds the index."""
    return _digest(GLOSSARY)


def titles_digest() -> str:
    """A short digest of the English law titles (indexed, and encoded with the passage vectors): an edit
    rebuilds the index."""
    return _digest("law_titles_en.yaml")


def _digest(name: str) -> str:
    import hashlib

    try:
        return hashlib.sha256((DATA / name).read_bytes()).hexdigest()[:16]
    except OSError:
        return ""
