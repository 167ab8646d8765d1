"""Reader for the 'paragraphs' layout: HTML-derived lines with '§ N: Title' headings (de-1997).

One source line is one paragraph. Line kinds, tried in this order:

- a line of three or more asterisks frames a footnote block (the frames are furniture, the line
  between them, ``* [text]``, is the footnote);
- ``§ N: Title`` starts law N (the keyword comes from the edition's `law_heading` option);
- ``Teil II - Title`` / ``Abschnitt I - Title`` are part and chapter headings (keywords from the
  `part_heading` and `chapter_heading` options): structure above the laws that follow, not text;
- ``A. Title`` opens a section, ``1. Caption`` an item, ``a) Caption`` a sub-item;
- anything else is a paragraph of the innermost open provision (or of the law's intro).

Captions: the words after a label are the provision's title (caption) unless they read as running
text: ending in ``.``, ``;``, ``:`` or ``,``, or holding a footnote marker or a bracket. Then they are
the provision's text and the provision has no title; a label alone on its line has neither.

Lines before the first structural line are the preamble (front matter ``preamble``). When provisions
come before the first law heading, the source starts inside a law: its number is the number of the
first law heading minus one, which the manifest must declare in `partial` (else SourceError); the
article is kept with ``partial=True``, an empty title (none is invented) and a ``partial-article`` anomaly.

Footnotes follow the bracket rule of `lawtools.readers.notes` (a capitalised full sentence in square
brackets is a footnote; "[aber siehe untenstehend C]" is a remark and stays in the text). A footnote's
text leaves the running text and a `lawtools.text.anchor` stands where its marker stood: at the
asterisk when a word marked ``*`` precedes the bracket in the same paragraph (mark ``*``), else where
the bracket stood (mark ``""``), with the space before the bracket removed.

An asterisk marker with no bracket after it ("normalen*" in § 70) refers to a framed footnote block:
the nearest block before it, else the first after it. Such a block is recorded once, in the law of its
first marker, because that is where its marker and the reader of the note meet (de-1997: the block
printed after § 69 is recorded in § 70, whose 70C3 and 70D carry its two ``*`` markers); the law where
it is printed is named in a ``footnote-block`` anomaly. A block no marker refers to is recorded where it
stands (``unreferenced-footnote``). A bracketed footnote that repeats a block's text word for word
(§§ 69 B and 71 C repeat the block printed after § 69) stays a footnote of its own law and gets a
``shared-footnote`` anomaly naming the block and the law that holds it. Markers in a law other than
the block's stay in the text with a ``footnote-elsewhere`` anomaly.

Labels are checked for gaps (A, B, C ...; 1, 2, 3 ...; a, b, c ...): a gap is a ``numbering-gap``
anomaly, except where a partial law begins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import ManifestError, SourceError
from ..manifest import Edition
from ..schema import Str
from ..text import anchor, normalise
from .base import Builder, Document, SourceText
from .notes import Inline, parse_inline

# the reader's manifest options (checked by lawtools.manifest.check_options before the reader runs)
OPTIONS = {
    "law_heading": Str(nonempty=True, max_length=40),      # '§' in '§ 44: Reihenfolge ...'
    "part_heading": Str(nonempty=True, max_length=40),     # 'Teil' in 'Teil IV - Stiche'
    "chapter_heading": Str(nonempty=True, max_length=40),  # 'Abschnitt' in 'Abschnitt III - Das Revoke'
}

FRAME = re.compile(r"^\*{3,}\s*$")
BLOCK_NOTE = re.compile(r"^(?P<mark>\*+)\s*\[(?P<text>[^\[\]]*)\]\s*$")
SECTION = re.compile(r"^(?P<label>[A-H])\.(?:\s+(?P<rest>.*))?$")
ITEM = re.compile(r"^(?P<label>[1-9]\d?)\.(?:\s+(?P<rest>.*))?$")
SUBITEM = re.compile(r"^(?P<label>[a-z])\)(?:\s+(?P<rest>.*))?$")
SENTENCE_END = (".", ";", ":", ",")

LABEL_KINDS = (("section", SECTION), ("item", ITEM), ("subitem", SUBITEM))


@dataclass(frozen=True)
class Patterns:
    """The heading patterns built from the edition's per-language options."""

    law: re.Pattern
    part: re.Pattern
    chapter: re.Pattern

    @classmethod
    def from_edition(cls, edition: Edition) -> Patterns:
        """Patterns from `law_heading`, `part_heading` and `chapter_heading`; ManifestError when one is missing."""
        missing = [name for name in OPTIONS if not edition.options.get(name)]
        if missing:
            raise ManifestError(f"edition {edition.id}: layout 'paragraphs' needs the options "
                                f"{', '.join(missing)} in corpus/editions.yaml (e.g. law_heading: '§')")
        law, part, chapter = (re.escape(str(edition.options[name])) for name in OPTIONS)
        return cls(
            law=re.compile(rf"^{law}\s*(?P<law>[1-9]\d?)\s*:\s*(?P<title>.*)$"),
            part=re.compile(rf"^{part}\s+[IVXLC]+\s+-\s+\S"),
            chapter=re.compile(rf"^{chapter}\s+[IVXLC]+\s+-\s+\S"),
        )


# -- framed footnote blocks -----------------------------------------------------------------------


@dataclass
class Block:
    """An asterisk-framed footnote block: its frame lines, its note and where it is recorded."""

    first: int          # opening frame line
    last: int           # closing frame line
    note_line: int
    mark: str
    text: str
    law: str = ""       # law under which it is printed
    home: str = ""      # law that records it (the law of its first marker, else `law`)
    referenced: bool = False  # some '*' marker without its own bracket refers to it
    number: int = 0     # its 1-based footnote number in `home` once recorded


# -- the reader -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Classified:
    """One source line with its kind and parsed parts."""

    number: int
    kind: str           # blank, frame, block, law, part, chapter, section, item, subitem, text
    text: str
    label: str = ""
    rest: str = ""


def classify(source: SourceText, patterns: Patterns) -> list[Classified]:
    """Give every line its kind; frames must come in pairs around one '* [note]' line."""
    result: list[Classified] = []
    in_frame = False
    for line in source.lines:
        text = line.text.strip()
        if in_frame:
            if FRAME.match(text):
                result.append(Classified(line.number, "frame", line.text))
                in_frame = False
            elif BLOCK_NOTE.match(text):
                result.append(Classified(line.number, "block", line.text))
            elif text:
                raise source.error(line.number, "expected '* [footnote text]' or a closing '****' line "
                                                "inside a framed footnote block")
            continue
        if not text:
            result.append(Classified(line.number, "blank", line.text))
        elif FRAME.match(text):
            result.append(Classified(line.number, "frame", line.text))
            in_frame = True
        elif match := patterns.law.match(text):
            result.append(Classified(line.number, "law", text, match["law"], match["title"].strip()))
        elif patterns.part.match(text):
            result.append(Classified(line.number, "part", text))
        elif patterns.chapter.match(text):
            result.append(Classified(line.number, "chapter", text))
        else:
            for kind, pattern in LABEL_KINDS:
                if match := pattern.match(text):
                    result.append(Classified(line.number, kind, text, match["label"], (match["rest"] or "").strip()))
                    break
            else:
                result.append(Classified(line.number, "text", text))
    if in_frame:
        opening = max(c.number for c in result if c.kind == "frame")
        raise source.error(opening, "this '****' frame opens a footnote block that is never closed")
    return result


def is_caption(rest: str) -> bool:
    """True when the words after a label are a caption, not running text."""
    return bool(rest) and not rest.endswith(SENTENCE_END) and "[" not in rest and "*" not in rest


def _next_label(kind: str, label: str) -> str:
    return str(int(label) + 1) if kind == "item" else chr(ord(label) + 1)


_FIRST_LABEL = {"section": "A", "item": "1", "subitem": "a"}
DEPTH = {"section": 1, "item": 2, "subitem": 3}


class ParagraphsReader:
    """Turns classified lines into builder events; one instance reads one source."""

    def __init__(self, source: SourceText, edition: Edition):
        self.source, self.edition = source, edition
        self.patterns = Patterns.from_edition(edition)
        self.builder = Builder(edition, source)
        self.lines = classify(source, self.patterns)
        self.blocks: list[Block] = []
        self._last_label: dict[tuple[str, str], str] = {}  # (parent id, kind) -> last label
        self._partial_law = ""

    # -- passes -------------------------------------------------------------------------------

    def read(self) -> Document:
        """Read the whole source."""
        first_structure = self._preamble()
        if first_structure is None:
            raise self._no_law_error()
        self._plan(first_structure)
        for line in self.lines[first_structure:]:
            self._line(line)
        return self.builder.finish()

    def _preamble(self) -> int | None:
        """Keep the lines before the first structural line as front matter; return that line's index."""
        index = next((i for i, c in enumerate(self.lines) if c.kind not in ("text", "blank")), None)
        if index is None:
            return None
        paragraphs = [c.text for c in self.lines[:index] if c.kind == "text"]
        if paragraphs:
            numbers = [c.number for c in self.lines[:index] if c.kind == "text"]
            self.builder.front("preamble", paragraphs[0], paragraphs, (numbers[0], numbers[-1]))
        return index

    def _plan(self, start: int) -> None:
        """Work out which law each line belongs to, the partial law, and where each footnote block goes."""
        heads = [i for i, c in enumerate(self.lines) if c.kind == "law"]
        if not heads:
            raise self._no_law_error()
        first_law = self.lines[heads[0]]
        orphans = [c for c in self.lines[start:heads[0]] if c.kind in ("section", "item", "subitem")]
        law = ""
        if orphans:
            law = str(int(first_law.label) - 1)
            if law not in self.edition.partial:
                raise self.source.error(orphans[0].number, (
                    f"provision before the first law heading ({first_law.text!r}, line {first_law.number}): "
                    f"the source would start inside law {law}, but the manifest does not declare it in "
                    f"'partial' (layout 'paragraphs' expects '{self.edition.options['law_heading']} N: Title')"))
            self._partial_law = law
        block: Block | None = None
        markers: list[tuple[int, str]] = []  # (line, law) of asterisk markers without their own bracket
        for line in self.lines[start:]:
            if line.kind == "law":
                law = line.label
            if line.kind == "frame" and block is None:
                block = Block(first=line.number, last=line.number, note_line=0, mark="", text="", law=law)
            elif line.kind == "frame" and block is not None:
                block.last = line.number
                self.blocks.append(block)
                block = None
            elif line.kind == "block" and block is not None:
                if block.note_line:
                    raise self.source.error(line.number, "a framed footnote block holds one '* [text]' line; "
                                                         f"this is its second (the first is line {block.note_line})")
                match = BLOCK_NOTE.match(line.text.strip())
                block.note_line, block.mark, block.text = line.number, match["mark"], match["text"].strip()
            elif line.kind in ("text", "section", "item", "subitem"):
                text = line.text if line.kind == "text" else line.rest
                if line.kind == "text" or not is_caption(text):
                    markers.extend((line.number, law) for _ in self._inline(text, line.number).unpaired)
        for block in self.blocks:
            if not block.note_line:
                raise self.source.error(block.first, "this framed footnote block holds no '* [footnote text]' line")
            referring = [law for number, law in markers if self._block_for(number) is block]
            block.home = referring[0] if referring else block.law
            block.referenced = bool(referring)

    # -- one line -----------------------------------------------------------------------------

    def _line(self, line: Classified) -> None:
        b = self.builder
        if line.kind == "blank":
            return
        if line.kind == "law":
            if not line.rest:
                b.start_law(line.label, "", line.number, heading=line.text)
                b.anomaly("missing-title", f"the heading of law {line.label} has no title", line.number)
            else:
                b.start_law(line.label, line.rest, line.number, heading=line.text)
        elif line.kind in ("part", "chapter"):
            b.heading(line.kind, line.text, line.number)
        elif line.kind == "frame":
            b.furniture(line.number, "footnote-frame", line.text)
        elif line.kind == "block":
            self._block_line(line)
        elif line.kind == "text":
            self._text(line.text, line.number)
        else:
            self._provision(line)

    def _provision(self, line: Classified) -> None:
        b = self.builder
        if b.article is None:
            law = self._partial_law
            b.start_law(law, "", line.number, partial=True)
            b.anomaly("partial-article", (
                f"the source begins inside law {law} at line {line.number} ({line.text[:40]!r}): its heading "
                "and everything before this provision are missing; no title is invented"), line.number, node=law)
        rest = line.rest
        caption = rest if is_caption(rest) else ""
        b.node(line.kind, line.label, line.number, title=caption)
        if rest and not caption:
            self._text(rest, line.number)

    # -- text and footnotes -------------------------------------------------------------------

    def _inline(self, text: str, number: int) -> Inline:
        try:
            return parse_inline(text)
        except ValueError as error:
            raise self.source.error(number, f"unbalanced footnote brackets: {error}") from None

    def _text(self, text: str, number: int) -> None:
        """Add a paragraph, moving footnotes out of it and leaving anchors where their markers stood."""
        b = self.builder
        inline = self._inline(text, number)
        paired_brackets = set(inline.pairs.values())
        out: list[str] = []
        position = 0
        events = sorted([(m, "marker", None) for m in inline.markers]
                        + [(br.start, "bracket", i) for i, br in enumerate(inline.brackets) if br.footnote])
        shared: list[Block] = []
        for start, what, index in events:
            out.append(text[position:start])
            if what == "marker":
                if start in inline.pairs:
                    note = inline.brackets[inline.pairs[start]].body
                    out.append(anchor(self._footnote("*", note, number, shared)))
                else:
                    out.append(self._block_marker(number))
                position = start + 1
            else:
                bracket = inline.brackets[index]
                out[-1] = out[-1].rstrip()
                if index not in paired_brackets:
                    out.append(anchor(self._footnote("", bracket.body, number, shared)))
                position = bracket.end
        out.append(text[position:])
        b.text("".join(out), number)
        for block in shared:
            b.anomaly("shared-footnote", (
                f"this footnote repeats word for word the framed footnote block at line {block.note_line} "
                f"(printed after law {block.law}), which is recorded once, in law {block.home}"), number)

    def _footnote(self, mark: str, text: str, number: int, shared: list[Block]) -> int:
        b = self.builder
        b.footnote(mark, text, number)
        for block in self.blocks:
            if normalise(block.text, self.edition.language) == normalise(text, self.edition.language):
                shared.append(block)
        return len(b.article.footnotes)

    def _block_for(self, number: int) -> Block | None:
        before = [block for block in self.blocks if block.last < number]
        after = [block for block in self.blocks if block.first > number]
        return before[-1] if before else (after[0] if after else None)

    def _block_marker(self, number: int) -> str:
        """The anchor for an asterisk without its own bracket, or the asterisk itself when it cannot be tied."""
        b = self.builder
        block = self._block_for(number)
        law = b.article.law
        if block is None:
            b.anomaly("unmatched-marker", "an asterisk marker with no footnote text in its paragraph and no "
                      "framed footnote block in the source; the '*' is kept in the text", number)
            return "*"
        if block.home != law:
            b.anomaly("footnote-elsewhere", (f"this '*' marker refers to the framed footnote block at line "
                      f"{block.note_line}, recorded in law {block.home}; the '*' is kept in the text"), number)
            return "*"
        if not block.number:
            b.footnote(block.mark, block.text, block.note_line)
            block.number = len(b.article.footnotes)
            if block.law != law:
                b.anomaly("footnote-block", (
                    f"footnote {block.number} is the framed footnote block printed after law {block.law} "
                    f"(lines {block.first}-{block.last}); it is recorded once, here, where its first "
                    f"'{block.mark}' marker stands"), number)
        return anchor(block.number)

    def _block_line(self, line: Classified) -> None:
        """A framed block's note: recorded here only when no marker anywhere refers to it."""
        block = next(block for block in self.blocks if block.note_line == line.number)
        if not block.referenced:
            self.builder.footnote(block.mark, block.text, block.note_line)
            block.number = len(self.builder.article.footnotes)
            self.builder.anomaly("unreferenced-footnote", (
                f"the framed footnote block at lines {block.first}-{block.last} has no '{block.mark}' marker "
                "that refers to it; it is recorded in the law it follows"), line.number, node=block.law)

    # -- errors -------------------------------------------------------------------------------

    def _no_law_error(self) -> SourceError:
        keyword = self.edition.options["law_heading"]
        return self.source.error(1, f"no '{keyword} N: Title' law heading anywhere in the file "
                                    f"({len(self.source.lines)} lines): it does not match layout 'paragraphs'")


def read(source: SourceText, edition: Edition) -> Document:
    """Parse a 'paragraphs' layout source (see the module docstring for the rules)."""
    return ParagraphsReader(source, edition).read()
