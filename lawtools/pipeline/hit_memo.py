"""The term hits of the checks kept between builds: each distinct text is matched against the termbase once.

What terms a text holds depends on the text, its language, the termbase and the matching code only, so the
checks stage keeps `{(language, nested): {text: hits}}` (lawtools.check.features.HIT_MEMO) in one marshal file
under the analyses cache, stamped with the fingerprint of the termbase and the check code; a file with another
stamp, or damaged, is an empty memo (the texts are matched again). A check run after a one-record change then
matches that record's changed texts only (and imports spaCy only then). Texts the corpus no longer has are
dropped whenever the texts matched anew add up to a tenth of the memo (pipeline.checks.run_units).
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
        memo = {}
        for (language, nested), texts in data["hits"].items():
            if not isinstance(language, str) or not isinstance(nested, bool):
                return {}
            group = memo[language, nested] = {}
            for text, hits in texts.items():
                if not isinstance(text, str) or not all(map(_valid, hits)):
                    return {}  # a damaged memo is no memo: a wrong offset would misplace a finding
                group[text] = tuple(TermHit(*hit) for hit in hits)
        return memo
    except (OSError, ValueError, EOFError, TypeError, KeyError, AttributeError, RecursionError, MemoryError):
        return {}


_SHAPE = (str, str, str, int, int, str, str)


def _valid(hit) -> bool:
    return isinstance(hit, tuple) and len(hit) == len(_SHAPE) and all(
        isinstance(value, kind) and not isinstance(value, bool) for value, kind in zip(hit, _SHAPE, strict=True))


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
