"""Page furniture found from the text itself: page numbers and running headers, in lines or in pages.

Two shapes of source are told apart by `is_paged`: text extracted one line per printed page (long
lines separated by blank lines) and text in lines (a paragraph or a printed line per line).

- **Pages**: a page ends with its page number when the last words of the pages count up by one
  (the first pages may be unnumbered); a running header is the run of words that most pages begin with.
- **Lines**: a page number is a line holding only a number (also '- 12 -', 'Page 12', 'Side 12'),
  the numbers counting up; a running header is a short line, printed three or more times, that stands
  next to a page number or between blank lines, and is not structure; or one that holds the page number
  ('Lovboka 2007 – side 7'): the same text around a page word and a number that counts up (without the page
  word, 'Lovboka 2007    7', 'Spelregels 7', only on a line of its own, and one word and a number only when the
  word opens no heading: `find`'s `heading_words`).

`find()` returns what to remove (line, column, text) and the content segments that remain; both are
pure functions of the lines, so the reader and the layout detector see the same furniture.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .base import Line

_PAGE_WORD = r"(?:page|side|seite|sida|pagina|página|sivu|strona)"  # 'Page 12', 'Side 12'
PAGE_NUMBER_LINE = re.compile(rf"^\s*(?:[-–—]\s*)?(?:{_PAGE_WORD}\s+)?(?P<n>\d{{1,4}})(?:\s*[-–—])?\s*$",
                              re.IGNORECASE)
# A running header that holds the page number ('Lovboka 2007 – side 7', 'Laws of Duplicate Bridge · Page 12 of 80'):
# the text around a page word (or the Dutch 'blz.') and its number is the same on every page, and the numbers count up
PAGE_IN_LINE = re.compile(rf"^(?P<before>.{{0,80}}?)(?<!\w)(?:{_PAGE_WORD}|blz\.?)\s*"
                          r"(?P<n>\d{1,4})(?P<after>(?:\s*(?:/|of|av|von|van|af|de|di)\s*\d{1,4})?.{0,80})$",
                          re.IGNORECASE)
STRUCTURE = re.compile(r"^\s*(?:[A-Z]\.|\d{1,2}\.|\(?[a-z]\)|§|\*)")
PAGED_WORDS = 60


@dataclass(frozen=True)
class Cut:
    """A piece of furniture: its line, its start column (None: the whole line) and its text."""

    line: int
    kind: str
    text: str
    column: int | None = None


@dataclass(frozen=True)
class Segment:
    """A run of content on one source line, after the furniture is cut out."""

    line: int
    words: tuple[tuple[int, str], ...]  # (column, word)
    blank_before: bool
    page_start: bool = False
    indent: int = 0


def words_of(text: str) -> list[tuple[int, str]]:
    """(column, word) for every whitespace-separated word of a line."""
    return [(m.start(), m.group()) for m in re.finditer(r"\S+", text)]


def is_paged(lines: tuple[Line, ...]) -> bool:
    """True when most non-blank lines are whole pages (long lines with blank lines between)."""
    content = [line for line in lines if line.text.strip()]
    if len(content) < 2:
        return False
    long = sum(1 for line in content if len(line.text.split()) >= PAGED_WORDS)
    return long >= 0.6 * len(content)


def find(lines: tuple[Line, ...], paged: bool | None = None,
         heading_words: frozenset[str] = frozenset()) -> tuple[list[Cut], list[Segment]]:
    """The furniture of a source and its content segments (see the module docstring). `heading_words` (case
    folded): the words that open a heading followed by a number ('Lov 5', 'Kapittel 3'); a line of another word and a
    number that counts up ('Spelregels 7') is then a running header too. Without them it is left as text."""
    paged = is_paged(lines) if paged is None else paged
    return _pages(lines) if paged else _lines(lines, heading_words)


def _pages(lines: tuple[Line, ...]) -> tuple[list[Cut], list[Segment]]:
    pages = [(line, words_of(line.text)) for line in lines if line.text.strip()]
    cuts: list[Cut] = []
    numbered = _counting([(n, words[-1][1]) for n, (_, words) in enumerate(pages)])
    header = _common_prefix([words for _, words in pages])
    segments = []
    for n, (line, words) in enumerate(pages):
        words = list(words)
        if n in numbered:
            column, text = words.pop()
            cuts.append(Cut(line.number, "page-number", text, column))
        if header and [w for _, w in words[:len(header)]] == header:
            start = words[0][0]
            end = words[len(header) - 1][0] + len(words[len(header) - 1][1])
            cuts.append(Cut(line.number, "running-header", line.text[start:end], start))
            words = words[len(header):]
        segments.append(Segment(line.number, tuple(words), True, page_start=True))
    return cuts, segments


def _counting(candidates: list[tuple[int, str]]) -> set[int]:
    """Indexes whose word is a number one more than the previous numbered one (a run of at least 3)."""
    best: list[int] = []
    run: list[int] = []
    last: int | None = None
    for index, word in candidates:
        if not word.isdigit():
            continue
        value = int(word)
        if last is not None and value == last + 1:
            run.append(index)
        else:
            run = [index]
        last = value
        if len(run) > len(best):
            best = list(run)
    return set(best) if len(best) >= 3 else set()


def _common_prefix(pages: list[list[tuple[int, str]]]) -> list[str]:
    """The longest run of words (at least two) that at least 60 % of the pages begin with."""
    if len(pages) < 3:
        return []
    best: list[str] = []
    for size in range(2, 13):
        counts = Counter(tuple(w for _, w in words[:size]) for words in pages if len(words) > size)
        if not counts:
            break
        prefix, count = counts.most_common(1)[0]
        if count < 0.6 * len(pages):
            break
        best = list(prefix)
    return best


def _lines(lines: tuple[Line, ...], heading_words: frozenset[str] = frozenset()) -> tuple[list[Cut], list[Segment]]:
    cuts: list[Cut] = []
    numbers = [(k, m["n"]) for k, line in enumerate(lines) if (m := PAGE_NUMBER_LINE.match(line.text))]
    page_lines = _counting(numbers)
    headed = _headed_page_numbers(lines, heading_words) - page_lines
    near_page = {k + d for k in page_lines | headed for d in (-3, -2, -1, 1, 2, 3)}
    short = Counter(line.text.strip() for line in lines
                    if line.text.strip() and len(line.text.split()) <= 10 and not STRUCTURE.match(line.text))
    headers = set()
    for k, line in enumerate(lines):
        text = line.text.strip()
        if short.get(text, 0) >= 3 and (k in near_page or _alone(lines, k)) and not text.endswith((".", ":", ";")):
            headers.add(k)
    segments: list[Segment] = []
    blank = True
    page_start = False
    for k, line in enumerate(lines):
        if k in page_lines:
            cuts.append(Cut(line.number, "page-number", line.text))
            page_start = True
            continue
        if k in headers or k in headed:
            cuts.append(Cut(line.number, "running-header", line.text))
            page_start = True
            continue
        if not line.text.strip():
            blank = True
            continue
        words = words_of(line.text)
        segments.append(Segment(line.number, tuple(words), blank, page_start, indent=words[0][0]))
        blank, page_start = False, False
    return cuts, segments


def _headed_page_numbers(lines: tuple[Line, ...], heading_words: frozenset[str] = frozenset()) -> set[int]:
    """Lines that are a running header holding the page number: short, not structure, the same text around a page
    word and its number on three or more lines, whose numbers count up (`_counting`); without a page word, a line
    standing alone that is the same text but for one number counting up ('Lovboka 2007    7', 'Die Regeln 7 / 90'),
    the text two or more words, or one word that opens no heading (`find`)."""
    groups: dict[tuple[str, ...], list[tuple[int, str]]] = {}
    for k, line in enumerate(lines):
        text = line.text.strip()
        if not text or len(text.split()) > 12 or STRUCTURE.match(text) or PAGE_NUMBER_LINE.match(text):
            continue
        if m := PAGE_IN_LINE.match(text):
            key = ("page word", m["before"].strip().lower(), re.sub(r"\d+", "#", m["after"]).strip().lower())
            groups.setdefault(key, []).append((k, m["n"]))
        elif _alone(lines, k):
            for shape, number in _around_a_number(text, heading_words):
                groups.setdefault(("alone", shape), []).append((k, number))
    return set().union(*(_counting(found) for found in groups.values() if len(found) >= 3))


def _around_a_number(text: str, heading_words: frozenset[str]) -> list[tuple[str, str]]:
    """(the line with one of its numbers as '@', that number) for each number of the line whose other words could be
    a running header's: one of letters at least, and two or more words, or one that opens no heading (a law's
    heading 'LAW 12', 'Lov 5' is such a word and its number)."""
    found = []
    for number in re.finditer(r"(?<![\w.])\d{1,4}(?![\w.])", text):
        rest = (text[:number.start()] + " " + text[number.end():]).split()
        if not any(any(c.isalpha() for c in w) for w in rest):
            continue
        if len(rest) == 1 and (not heading_words or rest[0].strip(".:-–").casefold() in heading_words):
            continue
        shape = " ".join((text[:number.start()] + "@" + text[number.end():]).lower().split())
        found.append((shape, number.group()))
    return found


def _alone(lines: tuple[Line, ...], k: int) -> bool:
    before = k == 0 or not lines[k - 1].text.strip()
    after = k + 1 >= len(lines) or not lines[k + 1].text.strip()
    return before and after
