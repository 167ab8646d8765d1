"""Reader for text extracted from a printed book, one line per page (layout `pdfpages`, nb-2017).

Stages, each checked against the source (a mismatch is a SourceError naming the line):

1. `split_pages`: every non-empty line is a page, pages are separated by blank lines. After the first
   `unnumbered_pages` pages, each page ends with its page number, one more than the page before; the
   number is removed as furniture.
2. `split_front`: the pages before the first law heading are front matter, assigned to the parts the
   manifest lists (`front_matter`, each with the words it `starts` with) and kept as records:
   title page, colophon, contents (one paragraph per entry), foreword, introduction and definitions
   (term/definition entries, headwords listed in the manifest and verified in order).
3. `law_tokens`: on each law page the footnote texts at the page foot are cut off and their markers
   (bare digits in running text, numbered 1, 2, ... through the book) identified.
4. `lawtools.readers.inline.LawParser` removes each page's running header and reads laws,
   sections, items and sub-items from the words, which run on from page to page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import ManifestError
from ..manifest import Edition
from ..model import Entry
from ..schema import Int, List, Map, Str
from .base import Builder, Document, SourceText, is_all_caps
from .inline import ROMAN_LABEL, LawParser, Note, Tok, is_capitalised
from .pdfterms import find_entries

FRONT_KINDS = ("text", "pages", "contents", "definitions")
CONTENTS_ENTRY = re.compile(r"(\S.*?)\s*\.{2,}\s*(\d+)")
GLUED_LABEL = re.compile(rf"^({ROMAN_LABEL})(\S+)$")


@dataclass
class Page:
    """One printed page: its source line, the words of that line and its page number (if printed)."""

    line: int
    words: list[tuple[int, str]]  # (column, word) without the page number
    number: int | None = None

    def text(self) -> str:
        """The words of the page, single-spaced."""
        return " ".join(word for _, word in self.words)


@dataclass
class FrontPart:
    """A front matter part declared in the manifest."""

    id: str
    title: str
    starts: str
    kind: str = "text"
    heading: str = ""
    running_header: str = ""
    terms: list[str] = field(default_factory=list)
    unpunctuated: frozenset[str] = frozenset()
    pages: list[Page] = field(default_factory=list)


@dataclass
class Options:
    """The `options` of a pdfpages edition in the manifest."""

    unnumbered_pages: int
    front: list[FrontPart]
    connectives: frozenset[str]


# the reader's manifest options (checked by lawtools.manifest.check_options before the reader runs)
OPTIONS = {
    "unnumbered_pages": Int(0, 100_000),
    "label_after": List(Str(nonempty=True, max_length=40), max_items=1_000),
    "front_matter": List(Map({
        "id": Str(pattern=r"[a-z][a-z0-9-]{0,39}", hint="a lowercase id such as foreword"),
        "title": Str(nonempty=True, max_length=500), "starts": Str(nonempty=True, max_length=500),
        "kind": Str(choices=FRONT_KINDS),
        "heading": Str(max_length=500), "running_header": Str(max_length=500),
        "terms": List(Str(nonempty=True, max_length=200), max_items=10_000),
        "unpunctuated": List(Str(nonempty=True, max_length=200), max_items=10_000),
    }, required=("id", "title", "starts")), max_items=1_000),
}


def read(source: SourceText, edition: Edition) -> Document:
    """Parse a one-line-per-page source into front matter records and laws."""
    options = parse_options(edition)
    builder = Builder(edition, source)
    pages = split_pages(source, builder, options.unnumbered_pages)
    law_pages = split_front(source, pages, options.front, edition)
    titles: dict[str, str] = {}
    for part in options.front:
        titles.update(read_front(builder, source, part))
    parser = LawParser(builder, source, edition.laws, titles, options.connectives)
    parser.run(law_tokens(source, law_pages))
    return builder.finish()


def parse_options(edition: Edition) -> Options:
    """The reader's options from the manifest; ManifestError names the edition and the wrong field."""
    raw = edition.options or {}
    parts = []
    for number, entry in enumerate(raw.get("front_matter", []), 1):
        if not isinstance(entry, dict) or not all(entry.get(key) for key in ("id", "title", "starts")):
            raise ManifestError(f"edition {edition.id}: front_matter #{number} needs id, title and starts")
        kind = entry.get("kind", "text")
        if kind not in FRONT_KINDS:
            raise ManifestError(f"edition {edition.id}: front_matter {entry['id']}: unknown kind {kind!r}; "
                                f"known kinds: {', '.join(FRONT_KINDS)}")
        if kind == "definitions" and not entry.get("terms"):
            raise ManifestError(f"edition {edition.id}: front_matter {entry['id']}: definitions need a terms list")
        parts.append(FrontPart(id=entry["id"], title=entry["title"], starts=entry["starts"], kind=kind,
                               heading=entry.get("heading", ""), running_header=entry.get("running_header", ""),
                               terms=[str(t) for t in entry.get("terms", [])],
                               unpunctuated=frozenset(str(t) for t in entry.get("unpunctuated", []))))
    return Options(unnumbered_pages=int(raw.get("unnumbered_pages", 0)), front=parts,
                   connectives=frozenset(raw.get("label_after", [])))


# -- pages -------------------------------------------------------------------------------------------


def split_pages(source: SourceText, builder: Builder, unnumbered: int) -> list[Page]:
    """One page per non-empty line; page numbers checked to run on and removed as furniture."""
    pages: list[Page] = []
    previous_blank = True
    for line in source.lines:
        if not line.text.strip():
            previous_blank = True
            continue
        if not previous_blank:
            raise source.error(line.number, "expected one line per page with a blank line between pages; "
                                            "this line follows the previous page directly")
        previous_blank = False
        words = [(m.start(), m.group()) for m in re.finditer(r"\S+", line.text)]
        page = Page(line.number, words)
        if len(pages) >= unnumbered:
            column, last = words[-1]
            if not last.isdigit():
                raise source.error(line.number, f"expected the page number at the end of the line, found {last!r}")
            expected = pages[-1].number + 1 if pages and pages[-1].number is not None else int(last)
            if int(last) != expected:
                raise source.error(line.number, f"expected page number {expected} at the end of the line, found {last}")
            page.number, page.words = int(last), words[:-1]
            builder.furniture(line.number, "page-number", last, column)
        pages.append(page)
    return pages


def split_front(source: SourceText, pages: list[Page], parts: list[FrontPart], edition: Edition) -> list[Page]:
    """Assign the pages before the first law heading to the declared front parts; return the law pages."""
    first_law = edition.laws[0] if edition.laws else "1"
    heading = re.compile(rf"^{re.escape(first_law)}\. \S+")
    start = next((n for n, page in enumerate(pages) if len(page.words) > 1 and heading.match(page.text())
                  and is_all_caps(page.words[1][1])), None)
    if start is None:
        raise source.error(pages[-1].line if pages else None,
                           f"no page starts with the running header of law {first_law} (layout 'pdfpages')")
    current = -1
    for page in pages[:start]:
        if current + 1 < len(parts) and _starts(page, parts[current + 1]):
            current += 1
        elif current < 0:
            expected = f"front matter '{parts[0].id}' starting {parts[0].starts!r}" if parts else "a law page"
            raise source.error(page.line, f"expected {expected}")
        parts[current].pages.append(page)
    if current + 1 < len(parts):
        missing = parts[current + 1]
        raise source.error(pages[start].line, f"front matter '{missing.id}' (starting {missing.starts!r}) "
                                              "was not found before the first law")
    return pages[start:]


def _starts(page: Page, part: FrontPart) -> bool:
    text = page.text()
    if part.running_header and text.startswith(part.running_header + " "):
        text = text[len(part.running_header) + 1:]
    return text.startswith(part.starts.rstrip()) and (text[len(part.starts.rstrip()):][:1] in ("", " "))


# -- front matter ------------------------------------------------------------------------------------


def read_front(builder: Builder, source: SourceText, part: FrontPart) -> dict[str, str]:
    """Keep one front part as a record; return law titles when the part is the table of contents."""
    words: list[tuple[str, int]] = []
    for page in part.pages:
        page_words = list(page.words)
        if part.running_header:
            header = part.running_header
            if page_words and page_words[0][1] == header:
                builder.furniture(page.line, "running-header", header, page_words[0][0])
                page_words = page_words[1:]
            elif page_words and page_words[-1][1] == header:
                builder.furniture(page.line, "running-footer", header, page_words[-1][0])
                page_words = page_words[:-1]
        words.extend((word, page.line) for _, word in page_words)
    lines = (part.pages[0].line, part.pages[-1].line)
    heading = ""
    if part.heading:
        size = len(part.heading.split())
        if [w for w, _ in words[:size]] != part.heading.split():
            raise source.error(lines[0], f"front matter '{part.id}' should begin with its heading {part.heading!r}")
        heading, words = part.heading, words[size:]
    text = " ".join(word for word, _ in words)
    titles: dict[str, str] = {}
    entries: list[Entry] = []
    if part.kind == "pages":
        paragraphs = [" ".join(w for w, line in words if line == page.line) for page in part.pages]
    elif part.kind == "contents":
        paragraphs, titles = _contents(text)
    elif part.kind == "definitions":
        paragraphs = []
        entries = find_entries(source, words, part.terms, part.id, part.unpunctuated)
    else:
        paragraphs = [text]
    builder.front(part.id, part.title, paragraphs, lines, entries, heading=heading)
    return titles


def _contents(text: str) -> tuple[list[str], dict[str, str]]:
    """Contents entries ('1. Kortstokken... 18'), one paragraph each, and law number -> title."""
    paragraphs, titles, last = [], {}, 0
    for match in CONTENTS_ENTRY.finditer(text):
        if text[last:match.start()].strip():
            paragraphs.append(text[last:match.start()].strip())
        paragraphs.append(match.group(0))
        if number := re.match(r"(\d+)\.\s+(.*)", match.group(1)):
            titles[number.group(1)] = number.group(2)
        last = match.end()
    if text[last:].strip():
        paragraphs.append(text[last:].strip())
    return paragraphs, titles


# -- law pages and footnotes ---------------------------------------------------------------------------


def law_tokens(source: SourceText, pages: list[Page]) -> list[Tok]:
    """The words of the law pages in reading order, footnote texts cut from each page foot."""
    toks: list[Tok] = []
    expected = 1
    for page in pages:
        page_toks = [Tok(word, page.line, column) for column, word in page.words]
        page_toks, found = _footnotes(source, page, page_toks, expected)
        if found == expected and _footnotes(source, page, page_toks, expected + 1)[1] > expected + 1:
            raise source.error(page.line, f"footnote {expected + 1} is on this page, but footnote {expected} "
                                          "(its text or its marker) was never found")
        expected = found
        first = len(toks)
        for tok in page_toks:
            if tok.note is None and (match := GLUED_LABEL.match(tok.text)):
                toks.append(Tok(match.group(1), tok.line, tok.column, tok.glued))
                toks.append(Tok(match.group(2), tok.line, tok.column + len(match.group(1)), True))
            else:
                toks.append(tok)
        if first == len(toks):
            raise source.error(page.line, "a page with nothing but its page number")
        toks[first].page_start = True
    return toks


def _footnotes(source: SourceText, page: Page, toks: list[Tok], expected: int) -> tuple[list[Tok], int]:
    """Cut the footnote texts from the page foot and turn their markers into marker tokens."""
    starts: list[int] = []
    number = expected
    while True:
        position = _note_start(toks, number, starts[-1] if starts else 0)
        if position is None:
            break
        starts.append(position)
        number += 1
    if not starts:
        return toks, expected
    body = toks[:starts[0]]
    notes = []
    for k, position in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(toks)
        notes.append(Note(expected + k, " ".join(t.text for t in toks[position + 1:end]), page.line))
    cursor = 0
    for note in notes:
        candidates = [n for n in range(cursor, len(body)) if _is_marker(body[n].text, note.number)]
        if not candidates:
            if note is notes[0]:  # no marker at all: the digits at the foot were running text, not a note
                return toks, expected
            raise source.error(page.line, f"footnote {note.number} at the foot of the page has no marker in the text")
        if len(candidates) > 1:
            found = ", ".join(repr(_context(body, n)) for n in candidates)
            raise source.error(page.line, f"footnote {note.number}: more than one possible marker ({found})")
        marker = candidates[0]
        word = body[marker].text
        rest = word[len(str(note.number)):]
        body[marker] = Tok(str(note.number), page.line, body[marker].column, body[marker].glued, note=note)
        if rest:
            body.insert(marker + 1, Tok(rest, page.line, body[marker].column + len(str(note.number)), True))
            marker += 1
        cursor = marker + 1
    return body, expected + len(notes)


def _note_start(toks: list[Tok], number: int, after: int) -> int | None:
    """The last 'N Word' at which footnote N's text can start: N, then a capitalised word."""
    for position in range(len(toks) - 2, after, -1):
        word = toks[position + 1].text
        if toks[position].text == str(number) and is_capitalised(word) and (len(word) == 1 or not is_all_caps(word)):
            return position
    return None


def _is_marker(word: str, number: int) -> bool:
    """A bare footnote number in running text: '1', '7,' or '5.TLskal' (but not the item label '5.')."""
    mark = str(number)
    if word == mark:
        return True
    return word.startswith(mark) and word != mark + "." and not word[len(mark)].isalnum()


def _context(toks: list[Tok], n: int) -> str:
    return " ".join(t.text for t in toks[max(0, n - 2): n + 3])
