"""Structure that runs inline: law headings, sections, items and sub-items among the words of the text.

A PDF extraction keeps no line breaks, so labels ("A.", "1.", "a)", "(i)") stand among the words.
A token is taken as a label only when it is the label expected NEXT (after section A comes B; items
restart at 1 under a new section; sub-items a), b) under an item; roman (i), (ii) under a sub-item)
and its context fits: it follows a sentence end, a connective ("eller") or another label, and (for
sections and items) precedes a capitalised word or another label. Everything else is text, so
"13 kort", "se 26B", "(se 12C1b))", "mer enn13 kort" and "a) og b) over" stay words.

Input: `Tok`s in reading order, with page starts and footnote markers already identified (see
`lawtools.readers.pdfpages`). Each page starts with a running header naming the current law or the
law whose heading is the first on that page; the parser removes it as furniture and checks that.
Output: events on a `Builder`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..text import anchor
from .base import Builder, SourceText, is_all_caps

ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
SENTENCE_END = tuple(".:;!?)»")
SECTION_LABEL = re.compile(r"^[A-HJ-Z]\.$")
ROMAN_LABEL = rf"\((?:{'|'.join(ROMANS)})\)"  # (i) ... (x)
ANY_LABEL = re.compile(rf"^(?:\d{{1,2}}\.|[a-z]\)|{ROMAN_LABEL})$")


@dataclass
class Note:
    """A footnote's text as printed at the foot of its page."""

    number: int
    text: str
    line: int


@dataclass
class Tok:
    """One word of a page as printed (`glued`: no space before it), or a footnote marker (`note`)."""

    text: str
    line: int
    column: int
    glued: bool = False
    page_start: bool = False
    note: Note | None = None


def squash(text: str) -> str:
    """Letters only, lower case: compares 'TILDELING AV PLASS' with the contents' 'Tildelingavplass'."""
    return "".join(ch for ch in text.lower() if ch.isalpha())


def is_capitalised(word: str) -> bool:
    """True when a word starts (after an opening bracket or quote) with a capital letter."""
    stripped = word.lstrip("(«\"")
    return bool(stripped) and stripped[0].isupper()


class LawParser:
    """Turns the words of the law pages into laws and provisions on a Builder."""

    def __init__(self, builder: Builder, source: SourceText, laws: tuple[str, ...], titles: dict[str, str],
                 connectives: frozenset[str]):
        self.builder, self.source, self.laws = builder, source, laws
        self.titles, self.connectives = titles, connectives
        self.law: str | None = None
        self.law_words: list[str] = []
        self.section, self.item, self.sub, self.roman = "", 0, "", 0
        self.buffer: list[tuple[str, int, bool]] = []
        self.after_label = True
        self.previous = ""  # the previous word of running text (markers excluded)
        self.page_line = 0
        self.page_header: str | None = None
        self.page_headings: list[str] = []
        self.marked_nodes: set[str] = set()

    # -- driving -------------------------------------------------------------------------------

    def run(self, toks: list[Tok]) -> None:
        """Parse every token; raise SourceError when headers, headings or laws do not fit."""
        i = 0
        while i < len(toks):
            tok = toks[i]
            if tok.page_start:
                self._end_page()
                i = self._header(toks, i)
                continue
            if tok.note is not None:
                self._marker(tok)
                i += 1
                continue
            j = self._label(toks, i)
            if j is not None:
                i = j
                continue
            self._word(tok)
            i += 1
        self._flush()
        self._end_page()
        missing = [law for law in self.laws if law not in {a.law for a in self.builder.document.articles}]
        if missing:
            last = self.builder.article
            line = last.source["lines"][1] if last else None
            raise self.source.error(line, f"expected the heading of law {missing[0]}"
                                    + (f" ('{self.titles[missing[0]]}' in the contents)" if missing[0] in self.titles
                                       else "") + " after this line; none found")

    # -- page headers --------------------------------------------------------------------------

    def _header(self, toks: list[Tok], i: int) -> int:
        """Remove the running header at the start of a page; remember which law it names."""
        tok = toks[i]
        self.page_line, self.page_headings = tok.line, []
        for law, expected in ((self.law, self.law_words), (self._next_law(), None)):
            if law is None or tok.text != f"{law}.":
                continue
            end = self._title_end(toks, i + 1, law, expected, header=True)
            if end is not None:
                text = self.source.lines[tok.line - 1].text
                last = toks[end - 1]
                self.builder.furniture(tok.line, "running-header", text[tok.column: last.column + len(last.text)],
                                       tok.column)
                self.page_header = law
                return end
        current = f"law {self.law}" if self.law else "no law yet"
        raise self.source.error(tok.line, f"expected a running header naming law {self._next_law() or self.law} "
                                f"or the current law ({current}) at the start of the page")

    def _end_page(self) -> None:
        if self.page_header is not None and self.page_header != self.law and self.page_header not in self.page_headings:
            raise self.source.error(self.page_line, f"the running header names law {self.page_header}, "
                                    "but its heading is not on this page")
        self.page_header = None

    # -- labels --------------------------------------------------------------------------------

    def _label(self, toks: list[Tok], i: int) -> int | None:
        """When toks[i] starts a law heading or a provision, emit it and return the next index."""
        word = toks[i].text
        following = toks[i + 1] if i + 1 < len(toks) else None
        next_law = self._next_law()
        if next_law and word == f"{next_law}." and self._context():
            end = self._title_end(toks, i + 1, next_law, None, header=False)
            if end is not None:
                return self._law_heading(toks, i, end)
        if self.law is None:
            return None
        if word == f"{self._next_section()}." and self._context() and self._opens(following):
            return self._section(toks, i)
        if word == f"{self.item + 1}." and self._context() and self._opens(following):
            return self._provision(toks[i], "item", str(self.item + 1), i + 1)
        if self.item and word == f"{self._next_sub()})" and (self._context() or self.previous in self.connectives):
            return self._provision(toks[i], "subitem", self._next_sub(), i + 1)
        if self.sub and self.roman < len(ROMANS) and word == f"({ROMANS[self.roman]})" and self._context():
            return self._provision(toks[i], "subsubitem", ROMANS[self.roman], i + 1)
        return self._out_of_sequence(toks, i, following)

    def _out_of_sequence(self, toks: list[Tok], i: int, following: Tok | None) -> int | None:
        """A label in label context that is not the next one: a small gap opens it, anything else is flagged.

        Only where a label could stand (after a sentence end or a label, before a capitalised word), so
        "se 5." or "13 kort" in running text are never taken for labels.
        """
        word, tok = toks[i].text, toks[i]
        if not self._context() or not self._opens(following):
            return None
        if SECTION_LABEL.match(word):
            kind, label = "section", word[0]
        elif re.fullmatch(r"[1-9]\d?\.", word):
            kind, label = "item", word[:-1]
        else:
            return None
        if self.builder.accepts(kind, label):
            return self._section(toks, i) if kind == "section" else self._provision(tok, kind, label, i + 1)
        if kind == "item" or self.builder.last_label("section"):
            self.builder.unexpected_label(kind, label, tok.line, printed=word)
        return None

    def _context(self) -> bool:
        return self.after_label or self.previous.endswith(SENTENCE_END)

    @staticmethod
    def _opens(tok: Tok | None) -> bool:
        """A section or item label precedes a capitalised word, another label or a footnote marker."""
        return tok is not None and (tok.note is not None or is_capitalised(tok.text) or bool(ANY_LABEL.match(tok.text)))

    def _next_law(self) -> str | None:
        if self.law is None:
            return self.laws[0] if self.laws else None
        position = self.laws.index(self.law) + 1 if self.law in self.laws else len(self.laws)
        return self.laws[position] if position < len(self.laws) else None

    def _next_section(self) -> str:
        return chr(ord(self.section) + 1) if self.section else "A"

    def _next_sub(self) -> str:
        return chr(ord(self.sub) + 1) if self.sub else "a"

    def _title_end(self, toks: list[Tok], start: int, law: str, expected: list[str] | None, *,
                   header: bool) -> int | None:
        """End of the ALL-CAPS law title starting at `start`, matched to the title we expect for `law`."""
        run = start
        while run < len(toks) and toks[run].note is None and not toks[run].page_start \
                and is_all_caps(toks[run].text) and not SECTION_LABEL.match(toks[run].text) \
                and toks[run].line == toks[start - 1].line:
            run += 1
        if run == start:
            return None
        target = squash(" ".join(expected)) if expected is not None else squash(self.titles.get(law, ""))
        if target:
            for end in range(start + 1, run + 1):
                if squash(" ".join(t.text for t in toks[start:end])) == target:
                    return end
            return None
        if header:  # no contents to compare with: the header repeats the heading later on the page
            words = [t.text for t in toks[start - 1:run]]
            for end in range(run, start, -1):
                size = end - start + 1
                for k in range(end, len(toks) - size + 1):
                    if toks[k].line != toks[start].line:
                        break
                    if [t.text for t in toks[k:k + size]] == words[:size]:
                        return end
            return None
        return run

    def _law_heading(self, toks: list[Tok], i: int, end: int) -> int:
        self._flush()
        law, line = toks[i].text.rstrip("."), toks[i].line
        if toks[i].line == self.page_line and not self.page_headings and self.page_header != law:
            raise self.source.error(line, f"the running header names law {self.page_header}, but the first law "
                                    f"heading on this page is law {law}")
        self.page_headings.append(law)
        words = [t.text for t in toks[i + 1:end]]
        self.builder.start_law(law, " ".join(words), line, heading=" ".join([toks[i].text, *words]))
        self.law, self.law_words = law, words
        self.section, self.item, self.sub, self.roman = "", 0, "", 0
        self.after_label = True
        return self._title_markers(toks, end, law)

    def _section(self, toks: list[Tok], i: int) -> int:
        self._flush()
        j = i + 1
        if j < len(toks) and toks[j].note is None and is_capitalised(toks[j].text) \
                and not ANY_LABEL.match(toks[j].text):
            j += 1
            while j < len(toks) and toks[j].note is None and not toks[j].page_start \
                    and not is_capitalised(toks[j].text) and not ANY_LABEL.match(toks[j].text):
                j += 1
        title = _join(toks[i + 1:j])
        label = toks[i].text.rstrip(".")
        node = self.builder.node("section", label, toks[i].line, title=title)
        self.section, self.item, self.sub, self.roman = label, 0, "", 0
        self.after_label = True
        return self._title_markers(toks, j, node.id)

    def _provision(self, tok: Tok, kind: str, label: str, following: int) -> int:
        self._flush()
        self.builder.node(kind, label, tok.line)
        if kind == "item":
            self.item, self.sub, self.roman = int(label), "", 0
        elif kind == "subitem":
            self.sub, self.roman = label, 0
        else:
            self.roman += 1
        self.after_label = True
        return following

    def _title_markers(self, toks: list[Tok], j: int, node_id: str) -> int:
        """Footnote markers right after a heading or section title belong to that law or section."""
        while j < len(toks) and toks[j].note is not None:
            note = toks[j].note
            self.builder.footnote(toks[j].text, note.text, note.line, node=node_id)
            j += 1
        return j

    # -- text ----------------------------------------------------------------------------------

    def _word(self, tok: Tok) -> None:
        self.buffer.append((tok.text, tok.line, tok.glued))
        self.previous, self.after_label = tok.text, False

    def _marker(self, tok: Tok) -> None:
        """A footnote marker in running text: the note joins the law; an anchor keeps its place."""
        article = self.builder.article
        if article is None:
            raise self.source.error(tok.line, "a footnote marker before the first law heading")
        node_id = self.builder.stack[-1].id if self.builder.stack else article.law
        self.builder.footnote(tok.text, tok.note.text, tok.note.line, node=node_id)
        self.buffer.append((anchor(len(article.footnotes)), tok.line, True))

    def _flush(self) -> None:
        """Hand the words gathered since the last label to the builder, one call per source line."""
        if not self.buffer:
            return
        groups: list[tuple[int, str]] = []
        for text, line, glued in self.buffer:
            if groups and groups[-1][0] == line:
                groups[-1] = (line, groups[-1][1] + ("" if glued else " ") + text)
            else:
                groups.append((line, text))
        self.buffer = []
        for line, text in groups:
            target = self.builder.stack[-1] if self.builder.stack else self.builder.article
            current = target.text if self.builder.stack else target.intro
            if current:
                self.builder.append_to_last(text, line)
            else:
                self.builder.text(text, line)
            node_id = self.builder.stack[-1].id if self.builder.stack else self.builder.article.law
            if "( )" in text and node_id not in self.marked_nodes:
                self.marked_nodes.add(node_id)
                self.builder.anomaly("lost-symbols", "empty parentheses where the printed text has suit symbols "
                                     "(lost in the PDF extraction)", line)


def _join(toks: list[Tok]) -> str:
    return "".join(("" if t.glued or not n else " ") + t.text for n, t in enumerate(toks))
