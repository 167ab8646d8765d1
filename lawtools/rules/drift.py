"""The drift check: a hash of each cited provision's text per edition, so a changed text gets a review.

``lawtools/data/rules_provisions.json`` records, for every provision the rules cite, a short hash of its
text in each edition that has it. When a record's text changes (a reader fix, a new source), the
comparison lists the provision and the rules that cite it; someone checks the code still follows the
text and then runs ``lawtools rules drift --update``.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..citation import Citation, node_sort_key
from ..errors import RecordError
from ..fsutil import atomic_write_text
from ..records import Corpus, load_json_file
from ..schema import Map, SchemaViolation, Str
from ..yamlio import format_key_path, locate
from .quote import provision_text
from .registry import is_absent, provisions_index

HASH_FILE = Path(__file__).resolve().parent.parent / "data" / "rules_provisions.json"
HASH_TABLE = Map(open=True, required=("provisions",), fields={
    "about": Str(),
    "provisions": Map(open=True, values=Map(open=True, values=Str(pattern=r"[0-9a-f]{16}", hint="a 16-digit hash"))),
})


def text_hash(text: str) -> str:
    """A short, whitespace- and normalisation-insensitive hash of a provision's text."""
    normal = " ".join(unicodedata.normalize("NFC", text).split())
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()[:16]


def current_hashes(corpus: Corpus, provisions: list[str] | None = None) -> dict[str, dict[str, str]]:
    """provision -> edition -> hash of its text now, for the cited provisions present in the corpus."""
    cited = provisions if provisions is not None else list(provisions_index())
    table: dict[str, dict[str, str]] = {}
    for provision in sorted(cited, key=node_sort_key):
        if is_absent(provision):
            continue
        law = Citation.parse(provision).law
        for edition in corpus.editions():
            article = corpus.article(edition, law)
            text = provision_text(article, provision) if article is not None else None
            if text is not None:
                table.setdefault(provision, {})[edition] = text_hash(text)
    return table


@dataclass(frozen=True)
class Drift:
    """A cited provision whose text changed, appeared or disappeared in one edition."""

    provision: str
    edition: str
    change: str  # "changed", "added" or "removed"
    rules: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"provision": self.provision, "edition": self.edition, "change": self.change,
                "rules": list(self.rules)}


def compare(recorded: dict[str, dict[str, str]], current: dict[str, dict[str, str]],
            rules: dict[str, list[str]] | None = None) -> list[Drift]:
    """Differences between recorded and current hashes, each with the rules citing the provision."""
    rules = rules or {}
    drifts = []
    for provision in sorted(set(recorded) | set(current), key=node_sort_key):
        before, now = recorded.get(provision, {}), current.get(provision, {})
        for edition in sorted(set(before) | set(now)):
            if edition not in now:
                change = "removed"
            elif edition not in before:
                change = "added"
            elif before[edition] != now[edition]:
                change = "changed"
            else:
                continue
            drifts.append(Drift(provision, edition, change, tuple(rules.get(provision, ()))))
    return drifts


def load_recorded(path: Path = HASH_FILE) -> dict[str, dict[str, str]]:
    """The committed hashes (empty when the file does not exist yet)."""
    if not path.exists():
        return {}
    fix = "restore it from git, or review the rules and run `lawtools rules drift --update`"
    try:
        data = load_json_file(path, what="provision hash table", fix=fix)
    except RecordError as error:
        detail = str(error).removeprefix(str(path)).lstrip(":0123456789 ").removesuffix(f"; {fix}")
        raise RecordError(f"{path}: not a provision hash table ({detail}); {fix}") from None
    try:
        return HASH_TABLE.check(data)["provisions"]
    except SchemaViolation as violation:  # e.g. merge-conflict markers left in the file, a hash that is a number
        line, column = locate(path.read_text(encoding="utf-8", errors="replace"), violation.path)
        at = f"{path}:{line}:{column}" if line else str(path)
        raise RecordError(f"{at}: not a provision hash table ({format_key_path(violation.path)}: "
                          f"{violation.message}); {fix}") from None


def write_recorded(table: dict[str, dict[str, str]], path: Path = HASH_FILE) -> None:
    """Write the hashes, in citation order, as stable JSON."""
    data = {"about": "sha256[:16] of each cited provision's text per edition; see lawtools/rules/drift.py",
            "provisions": {p: dict(sorted(table[p].items())) for p in sorted(table, key=node_sort_key)}}
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def check(corpus: Corpus, path: Path = HASH_FILE) -> list[Drift]:
    """The drift between the committed hashes and the corpus as it is now."""
    index = {p: [r.qualname for r in infos] for p, infos in provisions_index().items()}
    return compare(load_recorded(path), current_hashes(corpus), index)
