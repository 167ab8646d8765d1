"""The term hits of the checks kept between builds: each distinct text is matched against the termbase once.

What terms a text holds depends on the text, its language, the termbase and the matching code only, so the
checks stage keeps `{(language, nested): {text: hits}}` (lawtools.check.features.HIT_MEMO) in one marshal file
under the analyses cache, stamped with the fingerprint of the termbase and the check code; a file with another
stamp, or damaged, is an empty memo (the texts are matched again). A check run after a one-record change then
matches that record's changed texts only (and imports spaCy only then). Texts no longer seen are dropped once
the corpus no longer has them.
"""

from __future__ import annotations

import marshal
from pathlib import Path

from ..termbase import TermHit

FILE = "term-hits.marshal"
FORMAT = 1


def stamp_of(parts: dict[str, str]) -> str:
    """The memo's stamp: the given fingerprints (termbase, check code) and the versions of spaCy and its lookup
    tables, which decide the match keys."""
    from importlib.metadata import PackageNotFoundError, version

    from .fingerprint import combine

    versions = {}
    for name in ("spacy", "spacy-lookups-data"):
        try:
            versions[name] = version(name)
        except PackageNotFoundError:
            versions[name] = ""
    return combine({**parts, **versions})


def load(directory: Path | None, stamp: str) -> dict:
    """The memo stored under this stamp (empty when there is none, it is another stamp's, or it is damaged)."""
    if directory is None:
        return {}
    try:
        data = marshal.loads((directory / FILE).read_bytes())
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("stamp") != stamp:
            return {}
        return {tuple(group): {text: tuple(TermHit(*hit) for hit in hits) for text, hits in texts.items()}
                for group, texts in data["hits"].items()}
    except (OSError, ValueError, EOFError, TypeError, KeyError, AttributeError):
        return {}


def save(directory: Path | None, stamp: str, memo: dict, texts: dict[tuple, set[str]] | None = None) -> None:
    """Keep the memo for the next build (atomically; a failure costs only matching again). texts: each group's
    texts that the corpus still has; the others are dropped."""
    if directory is None:
        return
    from ..errors import WriteError
    from ..fsutil import atomic_write_bytes

    if texts is not None:
        memo = {group: {text: hits for text, hits in found.items() if text in texts.get(group, ())}
                for group, found in memo.items()}
    hits = {tuple(group): {text: tuple((h.concept, h.term, h.status, h.start, h.end, h.text, h.inside) for h in found)
                           for text, found in by_text.items()} for group, by_text in memo.items()}
    try:
        directory.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(directory / FILE, marshal.dumps({"format": FORMAT, "stamp": stamp, "hits": hits}))
    except (OSError, WriteError):
        pass


def corpus_texts(corpus) -> dict[tuple, set[str]]:
    """(language, nested) -> every text of the corpus the checks match terms in (what `save` keeps)."""
    from ..check.model import CheckContext

    context = CheckContext(corpus, [])
    found: dict[tuple, set[str]] = {}
    for edition in corpus.editions():
        language = corpus.language(edition)
        texts = {place.text for place in context.places(edition)}
        for nested in (False, True):
            found.setdefault((language, nested), set()).update(texts)
    return found
