"""Reader for the `plain` layout (sv-2007): a web page saved as plain lines.

What the layout looks like, and how each piece becomes an event on the `Builder`:

- A **preamble**: the first block of lines (up to the first blank line) before any law heading,
  kept as the front-matter record `preamble`, one paragraph per line.
- **Part headings**: a short line standing alone (blank lines around it, at most four words, not
  ALL CAPS, no digits, no closing punctuation) right above a law heading ("Spelet") -> `builder.heading("part",
  ...)`, before the first law or between two laws.
- **Law headings** `NN. ALL CAPS TITLE`: every letter upper case and the number higher than the
  previous law's; a following ALL-CAPS line that is not a section heading continues the title
  ("46. ... AV KORT" + "FRÅN TRÄKARLEN"). A numbered line that begins with a capitalised word
  ("1. När spelföraren ...") is an item, never a law. Every law number must be one the manifest
  declares, and every declared law must have a heading.
- **Sections** `A. Title` on their own line, with the next expected letter; the line that follows
  without a blank line is the section's text. A letter that skips one or two (a heading lost before it) opens
  its section, with a `numbering-gap` anomaly, when the section's content follows: its text on the next line,
  or its first item after a blank line. A line that is only the next letter (`E.`) is that section
  printed without its heading: opened with no title, and an anomaly (`missing-heading`) says so.
- **Items** `1. text` and **sub-items** `(a) text`, each a paragraph after a blank line, with the next
  expected number or letter; `1. (a) text` opens item 1 and its sub-item (a) at once. Items directly
  under a law (Law 71) get the ids `71.1`, `71.2`. A label out of sequence is not structure: the
  paragraph is kept as text and an anomaly (`unexpected-label`) says so.
- **Broken sentences**: a non-blank line directly below a text line (no blank line between) continues
  that paragraph (`Builder.append_to_last`); the same holds for footnote texts.
- **Paragraphs after a list** (43B3's "Spelet fortsätter ...", 69B's and 71's "Brickan får ett nytt
  resultat ..."): the layout cannot show whether such an unlabelled paragraph continues the last item
  or closes the list and speaks for the whole provision (the printed Laws differ from case to case),
  and the record format has no place for text *after* a provision's children. So the paragraph is
  always kept with the innermost open provision, which keeps reading order, and an anomaly
  (`paragraph-after-list`) marks every such case for a human to judge.
- **Footnotes** `*`, `**`, `***` printed after the law (continuation lines joined). Each is tied to
  its markers in the law's text: a word immediately followed by exactly that many asterisks
  ("bordet*", "Spelföraren**", "egen***"). `node` is the provision of the first marker, `nodes`
  every provision with one, `offset` the first marker's position in its normalised text. The
  asterisks stay in the text. A marker without a footnote text and a footnote without a marker are
  anomalies (`footnote-missing`, `footnote-unanchored`); when an earlier law's footnote with the same
  mark cites this law (as Law 70's "För lagarna 70och 71 ..." cites 71), the anomaly for a marker
  left without text (`footnote-elsewhere`) points at that footnote instead. In sv-2007 this never
  fires: Law 71 prints its own copy of the footnote on the file's last line (608, which has no
  newline), so 71.2's "normalt*" is tied to it.

Anything before the first law heading that looks like structure (a section, item or footnote line),
or prose after the preamble, means the file is not in this layout: `SourceError` names file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..manifest import Edition
from ..model import Article
from ..refs import find_refs
from ..text import normalise
from .base import Builder, Document, Line, SourceText, is_all_caps

LAW = re.compile(r"^(?P<number>[1-9]\d?)\.\s+(?P<title>\S.*)$")
SECTION = re.compile(r"^(?P<letter>[A-Z])\.\s+(?P<title>\S.*)$")
BARE_SECTION = re.compile(r"^(?P<letter>[A-Z])\.$")  # a section label printed without its caption
ITEM = re.compile(r"^(?P<number>[1-9]\d?)\.\s+(?P<rest>\S.*)$")
SUBITEM = re.compile(r"^\((?P<letter>[a-z])\)\s+(?P<rest>\S.*)$")
FOOTNOTE = re.compile(r"^(?P<mark>\*{1,3})\s+(?P<text>\S.*)$")
PART_MAX_WORDS = 4


def marker_pattern(mark: str) -> re.Pattern:
    """A footnote marker: a word immediately followed by exactly `mark` (e.g. 'egen**')."""
    return re.compile(rf"(?<=[^\W_]){re.escape(mark)}(?!\*)")


ANY_MARKER = re.compile(r"(?<=[^\W_])\*+")


@dataclass
class _Note:
    """A footnote text as printed after a law, before it is tied to its markers."""

    mark: str
    text: str
    line: int
    end_line: int


@dataclass
class _Law:
    """What the reader remembers about the law being read."""

    article: Article
    notes: list[_Note] = field(default_factory=list)


# the reader's manifest options (checked by lawtools.manifest.check_options before the reader runs): none yet
OPTIONS: dict = {}


def read(source: SourceText, edition: Edition) -> Document:
    """Parse a `plain` source into articles, the preamble and part headings."""
    return _PlainReader(source, edition).run()


class _PlainReader:
    def __init__(self, source: SourceText, edition: Edition):
        self.source, self.edition = source, edition
        self.builder = Builder(edition, source)
        self.lines = source.lines
        self.law: _Law | None = None
        self.served: dict[str, list[tuple[str, str]]] = {}  # law -> [(mark, serving law)] from footnote texts
        # what the previous non-blank line was: heading, section, text, note (footnote text), or none
        self.previous = "none"
        self.blank_before = True

    # -- driving ------------------------------------------------------------------------------

    def run(self) -> Document:
        index = self._preamble()
        while index < len(self.lines):
            line = self.lines[index]
            if not line.text.strip():
                self.blank_before = True
                index += 1
                continue
            index = self._line(index)
            self.blank_before = False
        self._close_law()
        document = self.builder.finish()
        self.builder.check_all_read()
        return document

    def _line(self, index: int) -> int:
        """Handle the non-blank line at `index`; return the index of the next line to read."""
        line = self.lines[index]
        text = line.text.strip()
        if self._is_law_heading(text):
            return self._law_heading(index)
        if self._is_part_heading(index):
            self._close_law()
            self.builder.heading("part", text, line.number)
            return index + 1
        if self.law is None:
            return self._before_first_law(index)
        if self.previous == "note":
            return self._in_footnotes(line, text)
        note = FOOTNOTE.match(text)
        if note and self.blank_before:
            self._start_note(note, line)
            return index + 1
        section = SECTION.match(text)
        if section and (section["letter"] == self._next_section_letter()
                        or (self.builder.accepts("section", section["letter"]) and self._content_follows(index))):
            self.builder.node("section", section["letter"], line.number, title=section["title"].strip())
            self.previous = "section"
            return index + 1
        if section and self.blank_before and self._content_follows(index):
            self.builder.unexpected_label("section", section["letter"], line.number, printed=f"{section['letter']}.")
        bare = BARE_SECTION.match(text)
        if bare:
            return self._bare_section(bare["letter"], index)
        if self.previous == "text" and not self.blank_before:
            self.builder.append_to_last(text, line.number)
            return index + 1
        self._paragraph(text, line.number)
        self.previous = "text"
        return index + 1

    def _bare_section(self, letter: str, index: int) -> int:
        """A line that is only a section label ('E.'): the next section printed without its caption, opened with
        no title and recorded (`missing-heading`); any other letter is out of sequence and kept as text."""
        line = self.lines[index]
        if letter != self._next_section_letter():
            self.builder.unexpected_label("section", letter, line.number, printed=f"{letter}.")
            self._paragraph(line.text.strip(), line.number)
            self.previous = "text"
            return index + 1
        node = self.builder.node("section", letter, line.number)
        self.builder.anomaly("missing-heading", f"line {line.number}: section {node.id} is printed as '{letter}.' "
                             "without its heading; kept as a section with no title", line.number, node.id)
        self.previous = "section"
        return index + 1

    # -- before the first law -----------------------------------------------------------------

    def _preamble(self) -> int:
        """Keep the first block of lines as front matter `preamble`; return where reading resumes."""
        index = 0
        block: list[Line] = []
        while index < len(self.lines) and self.lines[index].text.strip():
            line = self.lines[index]
            if self._is_law_heading(line.text.strip()):
                break
            self._refuse_structure(line)
            block.append(line)
            index += 1
        if block:
            self.builder.front("preamble", block[0].text.strip(), [line.text for line in block],
                               (block[0].number, block[-1].number))
        return index

    def _is_part_heading(self, index: int) -> bool:
        """A short line alone between blank lines, directly above a law heading ('Spelet')."""
        line = self.lines[index]
        following = self._next_nonblank(index + 1)
        single = index + 1 >= len(self.lines) or not self.lines[index + 1].text.strip()
        return (self.blank_before and single and following is not None and _looks_like_part(line.text)
                and self._is_law_heading(self.lines[following].text.strip()))

    def _before_first_law(self, index: int) -> int:
        line = self.lines[index]
        self._refuse_structure(line)
        raise self.source.error(line.number, "expected a law heading like '41. SPELETS BÖRJAN' (number, full stop, "
                                             "ALL-CAPS title) or a part heading after the preamble (layout 'plain')")

    def _refuse_structure(self, line: Line) -> None:
        text = line.text.strip()
        for pattern, what in ((SECTION, "a section heading"), (ITEM, "a numbered item"),
                              (SUBITEM, "a sub-item"), (FOOTNOTE, "a footnote")):
            if pattern.match(text):
                raise self.source.error(line.number, f"{what} before the first law heading: this is not the "
                                                     "'plain' layout (laws start with lines like '41. SPELETS BÖRJAN')")

    # -- laws ---------------------------------------------------------------------------------

    def _is_law_heading(self, text: str) -> bool:
        """'NN. ALL CAPS TITLE' (see the module docstring for a number not above the previous law's)."""
        match = LAW.match(text)
        if not match or not is_all_caps(match["title"]):
            return False
        articles = self.builder.document.articles
        if not articles or int(match["number"]) > int(articles[-1].law):
            return True
        # a lower or repeated number: an ALL-CAPS item when it fits the item sequence, else a law heading
        # out of place (a repeated block or misprint), which start_law reports
        return self.law is None or not self.builder.accepts("item", match["number"])

    def _content_follows(self, index: int) -> bool:
        """True when what follows the line at `index` reads as a section's content: its text on the next line, or,
        after blank lines, its first numbered item (a section that is a list: 'B. Förklaringen upprepas', a blank
        line, '1. Tävlingsledaren ...')."""
        if index + 1 < len(self.lines) and self.lines[index + 1].text.strip():
            return True
        following = next((line.text.strip() for line in self.lines[index + 1:] if line.text.strip()), "")
        item = ITEM.match(following)
        return bool(item) and item["number"] == "1"

    def _law_heading(self, index: int) -> int:
        line = self.lines[index]
        match = LAW.match(line.text.strip())
        assert match is not None
        heading_lines = [line.text.strip()]
        index += 1
        while index < len(self.lines):
            text = self.lines[index].text.strip()
            if not text or not is_all_caps(text) or SECTION.match(text) or LAW.match(text) or ITEM.match(text):
                break
            heading_lines.append(text)
            index += 1
        number = match["number"]
        self.builder.check_declared(number, line.number)
        self._close_law()
        title = " ".join([match["title"].strip(), *heading_lines[1:]])
        article = self.builder.start_law(number, title, line.number, heading=" ".join(heading_lines))
        article.source["lines"][1] = self.lines[index - 1].number
        self.law = _Law(article)
        self.previous = "heading"
        return index

    def _close_law(self) -> None:
        if self.law is not None:
            self._tie_footnotes(self.law)
        self.law = None
        self.previous = "none"

    # -- provisions ---------------------------------------------------------------------------

    def _paragraph(self, text: str, line: int) -> None:
        """A paragraph after a blank line (or right below a heading): item, sub-item or plain text."""
        item = ITEM.match(text)
        if item:
            if item["number"] == self._next_item_number() or self.builder.accepts("item", item["number"]):
                self.builder.node("item", item["number"], line)
                rest = item["rest"]
                subitem = SUBITEM.match(rest)
                if subitem and subitem["letter"] == "a":
                    self.builder.node("subitem", "a", line)
                    rest = subitem["rest"]
                self.builder.text(rest, line)
                return
            self._unexpected("item", item["number"], self._next_item_number(), line)
            self.builder.text(text, line)
            return
        subitem = SUBITEM.match(text)
        if subitem:
            expected = self._next_subitem_letter()
            if subitem["letter"] == expected or (expected and self.builder.accepts("subitem", subitem["letter"])):
                self.builder.node("subitem", subitem["letter"], line)
                self.builder.text(subitem["rest"], line)
                return
            self._unexpected("sub-item", f"({subitem['letter']})", f"({expected})" if expected else None, line)
            self.builder.text(text, line)
            return
        stack = self.builder.stack
        if self.blank_before and stack and stack[-1].kind in ("item", "subitem"):
            self.builder.anomaly(
                "paragraph-after-list",
                f"an unlabelled paragraph follows the list in {stack[-1].id}; kept with {stack[-1].id}, "
                "though it may speak for the whole provision that holds the list", line)
        self.builder.text(text, line)

    def _unexpected(self, what: str, label: str, expected: str | None, line: int) -> None:
        wanted = f"expected {expected}" if expected else "no open item to hold it"
        self.builder.anomaly("unexpected-label", f"a paragraph starts like {what} {label} ({wanted}); kept as text",
                             line)

    def _container(self, kinds: tuple[str, ...]):
        for node in reversed(self.builder.stack):
            if node.kind in kinds:
                return node
        return None

    def _next_section_letter(self) -> str:
        assert self.law is not None
        sections = [n for n in self.law.article.nodes if n.kind == "section"]
        return chr(ord("A") + len(sections))

    def _next_item_number(self) -> str:
        assert self.law is not None
        section = self._container(("section",))
        siblings = section.children if section else self.law.article.nodes
        return str(1 + sum(1 for n in siblings if n.kind == "item"))

    def _next_subitem_letter(self) -> str | None:
        item = self._container(("item",))
        if item is None:
            return None
        return chr(ord("a") + sum(1 for n in item.children if n.kind == "subitem"))

    # -- footnotes ----------------------------------------------------------------------------

    def _start_note(self, match: re.Match, line: Line) -> None:
        assert self.law is not None
        self.law.notes.append(_Note(match["mark"], match["text"].strip(), line.number, line.number))
        self.previous = "note"

    def _in_footnotes(self, line: Line, text: str) -> int:
        assert self.law is not None
        note = FOOTNOTE.match(text)
        if note and self.blank_before:
            self._start_note(note, line)
        elif not self.blank_before:
            last = self.law.notes[-1]
            last.text, last.end_line = f"{last.text} {text}", line.number
        else:
            raise self.source.error(line.number, f"expected a footnote ('* text') or the next law heading after the "
                                                 f"footnotes of law {self.law.article.law} (layout 'plain')")
        return line.number  # index of the next line (line numbers are 1-based)

    def _tie_footnotes(self, law: _Law) -> None:
        article = law.article
        places = [(article.law, article.intro)] + [(node.id, node.text) for node in article.walk()]
        marks_in_text: dict[str, list[str]] = {}
        for node_id, text in places:
            for marker in ANY_MARKER.finditer(text):
                ids = marks_in_text.setdefault(marker.group(0), [])
                if node_id not in ids:
                    ids.append(node_id)
        printed = {note.mark for note in law.notes}
        for note in law.notes:
            nodes = marks_in_text.get(note.mark, [])
            if not nodes:
                self.builder.footnote(note.mark, note.text, note.line, node=article.law, end_line=note.end_line)
                self.builder.anomaly("footnote-unanchored", f"footnote '{note.mark}' has no marker in the text of "
                                     f"law {article.law}", note.line, node=article.law)
            else:
                first = nodes[0]
                text = article.intro if first == article.law else article.find(first).text
                offset = marker_pattern(note.mark).search(normalise(text, article.language))
                self.builder.footnote(note.mark, note.text, note.line, node=first, nodes=nodes,
                                      offset=offset.start() if offset else None, end_line=note.end_line)
            for target in find_refs(note.text, article.language, article.law):
                if target.target != article.law:
                    self.served.setdefault(target.target, []).append((note.mark, article.law))
        for mark, nodes in marks_in_text.items():
            if mark in printed:
                continue
            line = self._node_line(article, nodes[0])
            serving = [law for served_mark, law in self.served.get(article.law, []) if served_mark == mark]
            if serving:
                self.builder.anomaly(
                    "footnote-elsewhere", f"marker '{mark}' in {', '.join(nodes)} has no footnote in law "
                    f"{article.law}; the footnote '{mark}' of law {serving[-1]} says it serves law {article.law} too",
                    line, node=nodes[0])
            else:
                self.builder.anomaly("footnote-missing", f"marker '{mark}' in {', '.join(nodes)} has no footnote "
                                     f"text in law {article.law}", line, node=nodes[0])

    @staticmethod
    def _node_line(article: Article, node_id: str) -> int | None:
        node = article.find(node_id)
        if node is not None and node.lines:
            return node.lines[0]
        return article.intro_lines[0] if article.intro_lines else None

    # -- helpers ------------------------------------------------------------------------------

    def _next_nonblank(self, index: int) -> int | None:
        while index < len(self.lines):
            if self.lines[index].text.strip():
                return index
            index += 1
        return None


def _looks_like_part(text: str) -> bool:
    """A part heading: a short capitalised line without digits or closing punctuation ('Spelet', not 'Se lag 54D')."""
    text = text.strip()
    words = text.split()
    return (0 < len(words) <= PART_MAX_WORDS and text[0].isupper() and not is_all_caps(text)
            and text[-1] not in ".:;,!?)]" and not any(ch.isdigit() for ch in text))
