"""Text normalisation shared by every layout: Unicode NFC, one space between words, broken words joined.

Paragraphs inside one provision are separated by a single newline; everything else is single spaces.
Footnote anchors (``ANCHOR_OPEN`` n ``ANCHOR_CLOSE``) that readers leave where a layout marker stood
survive normalisation so that ingest can turn them into character offsets.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from .yamlio import package_data

ANCHOR_OPEN, ANCHOR_CLOSE = "\ue000", "\ue001"
ANCHOR = re.compile(f"{ANCHOR_OPEN}(\\d+){ANCHOR_CLOSE}")

# Marks a text export carries that are not text: a soft hyphen (a place a word may break), a zero-width space, a word
# joiner, a stray byte-order mark. Removed, so that 'spille\u00adfører' is the word 'spillefører' (to search and
# to the checks). The zero-width (non-)joiners stay: they spell words in some scripts.
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u2060\ufeff"), None)
# Typographic ligatures (U+FB00-FB06: 'ﬁ', 'ﬂ', 'ﬀ', ...) as their letters, which NFC leaves joined
_LIGATURES = {code: unicodedata.normalize("NFKC", chr(code)) for code in range(0xFB00, 0xFB07)}
_SPACES = re.compile(r"[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]+")
_BROKEN_WORD = re.compile(r"(?<=[^\W\d_])- (?=([^\W\d_]+))")


@cache
def language_data() -> dict:
    """The per-language facts in lawtools/data/languages.yaml."""
    return package_data("languages.yaml")


def language_words(*keys: str) -> list[str]:
    """Every language's words under these keys of languages.yaml ('law_words', 'part_words'), in file order, once."""
    return list(dict.fromkeys(w for data in language_data().values() for key in keys for w in data.get(key) or ()))


def anchor(number: int) -> str:
    """The placeholder a reader leaves in text where footnote `number` was marked."""
    return f"{ANCHOR_OPEN}{number}{ANCHOR_CLOSE}"


def normalise(text: str, language: str) -> str:
    """NFC, single spaces, paragraphs on their own lines, words broken by a hyphen and space joined; soft hyphens and
    zero-width spaces removed, typographic ligatures as their letters."""
    text = unicodedata.normalize("NFC", text.translate(_INVISIBLE).translate(_LIGATURES))
    paragraphs = []
    for paragraph in text.split("\n"):
        paragraph = _SPACES.sub(" ", paragraph).strip()
        if paragraph:
            paragraphs.append(join_broken_words(paragraph, language))
    return "\n".join(paragraphs)


def join_broken_words(text: str, language: str) -> str:
    """'regu- lerende' -> 'regulerende', 'Nord- Syd' -> 'Nord-Syd'; 'ut- eller påspel' stays."""
    conjunctions = set(language_data().get(language, {}).get("conjunctions", []))

    def join(match: re.Match) -> str:
        following = match.group(1)
        if following.lower() in conjunctions:
            return match.group(0)
        return "" if following[0].islower() else "-"

    return _BROKEN_WORD.sub(join, text)


def extract_anchors(text: str) -> tuple[str, dict[int, int]]:
    """Remove footnote anchors from normalised text; return the text and {footnote number: offset}."""
    offsets: dict[int, int] = {}
    pieces, position, last = [], 0, 0
    for match in ANCHOR.finditer(text):
        pieces.append(text[last:match.start()])
        position += match.start() - last
        offsets[int(match.group(1))] = position
        last = match.end()
    pieces.append(text[last:])
    cleaned = "".join(pieces)
    # an anchor between two spaces leaves a double space behind
    if "  " in cleaned:
        return extract_anchors_fixup(cleaned, offsets)
    return cleaned, offsets


def extract_anchors_fixup(text: str, offsets: dict[int, int]) -> tuple[str, dict[int, int]]:
    """Collapse double spaces left by removed anchors, moving offsets accordingly."""
    result, removed_before = [], []
    removed = 0
    for char in text:
        if char == " " and result and result[-1] == " ":
            removed += 1
        else:
            result.append(char)
        removed_before.append(removed)
    adjusted = {n: off - (removed_before[off - 1] if off > 0 else 0) for n, off in offsets.items()}
    return "".join(result).strip(), adjusted
