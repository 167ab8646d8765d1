"""Term/definition entries of a Definitions section whose headwords run into the text.

Headwords cannot be found by heuristics alone ("Han blir blindemann" is no headword), so the
manifest lists them; this module verifies that each occurs, in order, at an entry boundary.
"""

from __future__ import annotations

from ..model import Entry
from .base import SourceText

ENTRY_END = tuple(".!?)»")


def find_entries(source: SourceText, words: list[tuple[str, int]], terms: list[str], part: str,
                 unpunctuated: frozenset[str] = frozenset()) -> list[Entry]:
    """Split the words of a definitions section into entries at the listed headwords.

    An entry boundary is where the previous definition ends with a full stop (or ')', '»', '?', '!'),
    unless the manifest lists the previous headword as `unpunctuated` (printed without a full stop).
    """
    starts: list[int] = []
    cursor = 0
    for term in terms:
        wanted = term.split()
        position = next((p for p in range(cursor, len(words) - len(wanted) + 1)
                         if [w for w, _ in words[p:p + len(wanted)]] == wanted), None)
        line = words[min(cursor, len(words) - 1)][1] if words else None
        if position is None:
            after = f" after {terms[len(starts) - 1]!r}" if starts else ""
            raise source.error(line, f"{part}: headword {term!r} not found{after}")
        if not starts and position != 0:
            raise source.error(words[0][1], f"{part}: the first headword {term!r} should open the section, "
                               f"found {words[0][0]!r}")
        if starts and position == cursor:
            raise source.error(words[position][1], f"{part}: headword {terms[len(starts) - 1]!r} has no definition")
        if starts:
            previous, ending = terms[len(starts) - 1], words[position - 1][0]
            if previous in unpunctuated and ending.endswith(ENTRY_END):
                raise source.error(words[position][1], f"{part}: the definition of {previous!r} ends with "
                                   f"{ending!r}; it is listed as unpunctuated in the manifest, remove it there")
            if previous not in unpunctuated and not ending.endswith(ENTRY_END):
                raise source.error(words[position][1], f"{part}: headword {term!r} does not stand at an entry "
                                   f"boundary: it follows {ending!r}, not the end of the definition of {previous!r}")
        starts.append(position)
        cursor = position + len(wanted)
    entries = []
    for k, (term, start) in enumerate(zip(terms, starts, strict=True)):
        end = starts[k + 1] if k + 1 < len(starts) else len(words)
        definition = " ".join(w for w, _ in words[start + len(term.split()):end])
        if not definition:
            raise source.error(words[start][1], f"{part}: headword {term!r} has no definition")
        entries.append(Entry(term=term, definition=definition, line=words[start][1]))
    return entries
