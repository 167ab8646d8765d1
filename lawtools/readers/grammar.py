"""Reader for the `grammar` layout: an edition described by options, not by one source's syntax.

The text is first stripped of page furniture (`lawtools.readers.furniture`: page numbers, running
headers, in lines or in one-line-per-page text), then read as a stream of words that remembers where
each source line and page starts. The grammar, each part set by an option (`OPTIONS`):

- **Law headings**: `law_prefix` (a word or sign: `§`, `LAW`, `Lov`, `Artikel`, `ARTIKEL`; empty for
  a bare number), the number, an optional separator (`.`, `:`, a dash), and the title on the same line
  or (`law_title: next`) on the next one; `law_case: upper` requires an ALL-CAPS title (how a bare
  "41. SPELETS BÖRJAN" is told from an item). A heading stands at the start of a line (or, in paged
  text, after a sentence end) and its number is above the previous law's. A repeated or lower number
  in a heading-like line is reported (`law N appears twice` error, `law-out-of-sequence` anomaly).
- **Labels**: sections `A.` (or `A)`: `section_form`), items `1.` (or `1)`: `item_form`), sub-items
  `(a)` or `a)` (or `a.`: `subitem_form`), sub-sub-items `(i)`, also combined
  (`1. (a)`, `1.(a)`). A label opens a provision when it is the next in its sequence, or skips at most
  two labels (a `numbering-gap` anomaly, `lawtools.readers.labels`), at the start of a line, or with
  `inline: true` after a sentence end or another label. A label-like start of a line that does not fit
  (repeated, backwards, far ahead) stays text with an `unexpected-label` anomaly.
- **Titles**: a section's title is the rest of its line when that does not end a sentence (at most 15
  words, and the law goes on); inline, the words up to its first item's label, else the capitalised
  words up to the next capitalised word. Inline, an item's caption runs up to its first sub-item label.
- **Footnotes**: a bracketed full sentence in running text ("[Das ist die Fußnote.]"); `N)` opening a
  line when the law's text printed the marker `N)`; `*`, `**`, `***` opening a paragraph (after a blank
  line, or a sentence end in paged text), tied to the words marked with exactly that many asterisks.
- **Part headings**: a short unpunctuated line alone right above a law heading, or a line opening with
  one of the language's `part_words` ("Teil IV - Stiche").
- **Front matter**: lines before the first law heading are the `preamble` record; a heading-like line
  that ends with a page number or dot leaders is a table of contents entry, not a heading (unless the
  option `contents: false` says the source has none; inside the laws, such a line naming a later law
  is that law's heading), and so is a
  run of three or more headings with nothing between them whose first number is printed again later. When a section or
  item label appears there, the source starts inside the law before the first heading: it is kept as
  a partial law with a `partial-article` anomaly.
- **Back matter**: a heading from the language's `back_words` ("Index", "Register") alone on its line
  after the last law opens the record `back-matter`, which keeps the rest of the text.
- **Paragraphs**: a line after a blank line, or after a line that ended a sentence, starts a new
  paragraph; other lines continue it (a word broken by a hyphen is joined by the normaliser).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..manifest import Edition, check_options
from ..schema import Bool, List, Str
from ..text import anchor, language_data
from . import labels
from .base import SENTENCE_END, Builder, Document, SourceText
from .grammar_headings import ITEM, HeadingRules, section_pattern
from .grammar_matter import MatterRules
from .grammar_notes import FOOTNOTE, NUMBERED_NOTE, Note, NoteRules
from .notes import find_brackets
from .wordstream import Tok, capitalised, tokens

# The option schema of this layout (kept next to the reader; the manifest validator reads it).
OPTIONS = {  # checked against the manifest before the reader runs (lawtools.schema); defaults in Options
    # word or sign before a law's number ('§', 'LAW', 'Lov', 'Artikel'); '' for a bare number
    "law_prefix": Str(max_length=40),
    # the law's title on the heading's line or on the next line
    "law_title": Str(choices=("same", "next")),
    # upper: a heading's title is ALL CAPS (required for bare-number headings)
    "law_case": Str(choices=("upper", "any")),
    # sections and items may start inside a line, after a sentence end
    "inline": Bool(),
    # one line per printed page (furniture found per page)
    "paged": Bool(),
    # paragraphs open with a bullet ('- ', '• '); unnumbered bullets are inferred items
    "bullets": Bool(),
    # how sections are lettered: 'A.' or 'A)'
    "section_form": Str(choices=("A.", "A)")),
    # how items are numbered
    "item_form": Str(choices=("1.", "1)")),
    # how sub-items are lettered: '(a)' or 'a)' (both read), or 'a.'
    "subitem_form": Str(choices=("(a)", "a.")),
    # words that open a part heading above the laws
    "part_words": List(Str(nonempty=True, max_length=40), max_items=100),
    # before the first law, a heading-like line that ends in a number or dot leaders is a table of contents
    # entry; false: the source has no table of contents, so a law's title may end in a number
    "contents": Bool(),
}

SUBITEM = re.compile(r"^(?:\((?P<p>[a-z])\)|(?P<b>[a-z])\))$")
PAREN_ITEM = re.compile(r"^(?P<label>[1-9]\d?)\)$")
DOT_SUBITEM = re.compile(r"^(?P<label>[a-z])\.$")
ROMAN = re.compile(rf"^\((?P<label>{'|'.join(labels.ROMANS)})\)$")


def item_pattern(form: str) -> re.Pattern:
    """How an item label is printed in a layout whose option item_form is `form` ('1.' or '1)')."""
    return PAREN_ITEM if form == "1)" else ITEM


def reads_as_label(word: str, options: dict) -> bool:
    """True when `word` is printed as a label in one of the forms these (manifest) options read, whatever its
    place in the sequence (GrammarReader._kind_of judges that)."""
    patterns = [section_pattern(options.get("section_form", "A.")), item_pattern(options.get("item_form", "1.")),
                SUBITEM, ROMAN] + ([DOT_SUBITEM] if options.get("subitem_form") == "a." else [])
    return any(pattern.match(word) for pattern in patterns)


TITLE_END = (".", ":", ";", ",")  # a title may end with '?' ("B. Stort eller lite straffekort?")


@dataclass
class Options:
    """The options of a `grammar` edition, checked."""

    law_prefix: str = ""
    law_title: str = "same"
    law_case: str = "any"
    inline: bool = False
    paged: bool = False
    bullets: bool = False
    section_form: str = "A."
    item_form: str = "1."
    subitem_form: str = "(a)"
    part_words: tuple[str, ...] = ()
    contents: bool = True

    @classmethod
    def from_edition(cls, edition: Edition) -> Options:
        """Options from the manifest; ManifestError names a wrong one."""
        raw = check_options(edition, OPTIONS)  # ManifestError naming the option (and file:line:column)
        return cls(law_prefix=str(raw.get("law_prefix", "") or ""), law_title=raw.get("law_title", "same"),
                   law_case=raw.get("law_case", "any"), inline=bool(raw.get("inline", False)),
                   paged=bool(raw.get("paged", False)), bullets=bool(raw.get("bullets", False)),
                   section_form=raw.get("section_form", "A."), item_form=raw.get("item_form", "1."),
                   subitem_form=raw.get("subitem_form", "(a)"),
                   part_words=tuple(str(w) for w in raw.get("part_words", []) or []),
                   contents=bool(raw.get("contents", True)))


def read(source: SourceText, edition: Edition) -> Document:
    """Parse a source in the `grammar` layout."""
    return GrammarReader(source, edition, Options.from_edition(edition)).run()


def _heading_words(options: Options) -> frozenset[str]:
    """Every word that may open a heading followed by a number, case folded: this edition's law prefix and part
    words, and every language's law and part words (lawtools/data/languages.yaml)."""
    from ..text import language_words

    words = [options.law_prefix, *options.part_words, *language_words("law_words", "part_words")]
    return frozenset(w.casefold() for w in words if w)


class GrammarReader(HeadingRules, MatterRules, NoteRules):
    """Turns the word stream into builder events; one instance reads one source."""

    def __init__(self, source: SourceText, edition: Edition, options: Options):
        self.source, self.edition, self.options = source, edition, options
        self.builder = Builder(edition, source)
        self.inline = options.inline or options.paged
        self.toks = tokens(source, self.builder, options.paged, options.bullets, _heading_words(options))
        self.bullet_roles: dict[int, str] = {}  # token index of an unlabelled bullet -> "item" or "text"
        self.inferred_run: list[tuple[str, int]] = []
        self.law: str | None = None
        self.notes: list[Note] = []
        self.note: Note | None = None
        self.buffer: list[Tok] = []
        self.heading_words: list[str] = []
        self.contents_lines: dict[int, str] = {}  # line -> a heading-like line read as a contents entry
        self.event_end = -1  # index just after the last heading, title or label: a label may follow there
        self.connectives = frozenset(language_data().get(edition.language, {}).get("conjunctions", []) or [])
        data = language_data()
        own = (data.get(edition.language) or {}).get("back_words")
        words = own if own is not None else [w for d in data.values() for w in d.get("back_words", []) or []]
        self.back_words = frozenset(w.lower() for w in words)

    # -- driving -------------------------------------------------------------------------------

    def run(self) -> Document:
        """Read the whole source."""
        i = self._front()
        while i < len(self.toks):
            i = self._step(i)
        self._close_law()
        return self.builder.finish()

    def _step(self, i: int) -> int:
        tok = self.toks[i]
        if tok.line_start and self.law is not None and not self.options.paged and self._running_header_at(i):
            return self._running_header(i)
        heading = self._heading_at(i)
        if heading is not None:
            return self._law_heading(i, *heading)
        if tok.line_start and not self.options.paged and self._part_at(i):
            return self._part(i)
        if tok.line_start and tok.blank_before and self.law is not None and self._back_matter_at(i):
            return self._back_matter(i)
        if self.note is not None:
            if self._note_continues(i):
                self.note.words.append(tok.text)
                self.note.end_line = tok.line
                return i + 1
            self.note = None
        if self._footnote_at(i):
            self._flush()
            self.note = Note(tok.text, [], tok.line, tok.line)
            self.notes.append(self.note)
            return i + 1
        label = self._label_at(i)
        if label is not None:
            self._end_run()
            return self._provision(i, *label)
        if tok.bullet and self.law is not None:
            if self._bullet_role(i) == "item":
                self._flush()
                node = self.builder.node("item", self.builder.expected("item"), tok.line, inferred=True)
                self.inferred_run.append((node.id, tok.line))
                self.event_end = i
            else:
                self._end_run()
        self.buffer.append(tok)
        return i + 1

    def _bullet_role(self, i: int) -> str:
        """Item or text for an unlabelled bullet: decided once for its run of unlabelled bullets.

        A single bullet is its provision's text; in a longer run every bullet is an item, except a first
        one that ends with ':' (the lead-in to the items).
        """
        if i in self.bullet_roles:
            return self.bullet_roles[i]
        toks, run, j = self.toks, [], i
        while j < len(toks):
            tok = toks[j]
            if tok.line_start and j != i:
                if not tok.bullet or self._kind_of(tok.text) or self._heading_at(j) is not None \
                        or NUMBERED_NOTE.match(tok.text) or FOOTNOTE.match(tok.text):
                    break
            if tok.line_start:
                run.append(j)
            j += 1
        if self.builder.last_label("item") is not None and not self.inferred_run:
            roles = ["text"] * len(run)  # printed items are open: an unnumbered bullet continues them
        elif len(run) == 1 and not self.inferred_run:
            roles = ["text"]
        else:
            lead = not self.inferred_run and self._segment_end(run[0]).text.endswith(":")
            roles = ["text" if lead and n == 0 else "item" for n in range(len(run))]
        self.bullet_roles.update(zip(run, roles, strict=True))
        return self.bullet_roles[i]

    def _segment_end(self, i: int) -> Tok:
        j = i
        while j + 1 < len(self.toks) and self.toks[j + 1].segment == self.toks[i].segment:
            j += 1
        return self.toks[j]

    def _end_run(self) -> None:
        """One anomaly for the items a run of bullets numbered by their order."""
        if not self.inferred_run:
            return
        (first, line), (last, end) = self.inferred_run[0], self.inferred_run[-1]
        span = f"{first}-{last}" if first != last else first
        self.builder.anomaly("inferred-label", f"lines {line}-{end}: the source prints these items as bullets "
                             f"without numbers; the numbers of {span} are inferred from their order", line,
                             node=first)
        self.inferred_run = []

    # -- law headings --------------------------------------------------------------------------

    def _law_heading(self, i: int, number: str, title_start: int, end: int) -> int:
        toks = self.toks
        if self.law == number and (toks[i].page_start or self._near_page(toks[i].line)) \
                and " ".join(t.text for t in toks[i:end]) == " ".join(self.heading_words):
            # a running header naming the current law: furniture, line by line
            for line in sorted({t.line for t in toks[i:end]}):
                words = [t for t in toks[i:end] if t.line == line]
                text = self.source.lines[line - 1].text[words[0].column:words[-1].column + len(words[-1].text)]
                self.builder.furniture(line, "running-header", text, words[0].column)
            return end
        words = [t.text for t in toks[i:end]]
        if self.options.paged and toks[i].page_start and self._repeated_on_page(i, end, words):
            # a running header naming the law whose heading comes later on this page
            last = toks[end - 1]
            text = self.source.lines[toks[i].line - 1].text[toks[i].column:last.column + len(last.text)]
            self.builder.furniture(toks[i].line, "running-header", text, toks[i].column)
            self.event_end = end
            return end
        self._close_law()
        title = " ".join(t.text for t in toks[title_start:end])
        heading = " ".join(t.text for t in toks[i:end])
        article = self.builder.start_law(number, title, toks[i].line, heading=heading)
        article.source["lines"][1] = toks[end - 1].line
        self.law, self.heading_words = number, [t.text for t in toks[i:end]]
        self.event_end = end
        return end

    def _repeated_on_page(self, i: int, end: int, words: list[str]) -> bool:
        toks, size = self.toks, end - i
        for j in range(end, len(toks) - size + 1):
            if toks[j].segment != toks[i].segment:
                return False
            if toks[j].text == words[0] and [t.text for t in toks[j:j + size]] == words:
                return True
        return False

    def _close_law(self) -> None:
        self._flush()
        if self.builder.article is not None:
            self._end_run()
        if self.law is not None and self.builder.article is not None:
            self._tie_notes()
        self.notes, self.note, self.law = [], None, None

    # -- part headings -------------------------------------------------------------------------

    def _part(self, i: int) -> int:
        self._close_law()
        toks = self.toks
        end = i
        while end < len(toks) and toks[end].segment == toks[i].segment:
            end += 1
        kind = "part"
        self.builder.heading(kind, " ".join(t.text for t in toks[i:end]), toks[i].line)
        return end

    # -- provisions ----------------------------------------------------------------------------

    def _labelish(self, word: str) -> bool:
        return self._kind_of(word, judge=False) is not None

    def _label_at(self, i: int) -> tuple[str, str] | None:
        """(kind, label) when a provision opens at token i."""
        if self.law is None:
            return None
        toks, tok = self.toks, self.toks[i]
        kind_label = self._kind_of(tok.text)
        if kind_label is None:
            return None
        kind, label = kind_label
        previous = toks[i - 1] if i else None
        after_label = previous is not None and previous.segment == tok.segment and self._labelish(previous.text) \
            and i - 1 not in ()
        boundary = tok.line_start or after_label or i == self.event_end or (
            self.inline and previous is not None and previous.text.endswith(SENTENCE_END))
        # "..., eller 2. begära ...": after a conjunction only the very next label counts
        joined = self.inline and previous is not None and previous.text.lower() in self.connectives \
            and labels.verdict(kind, label, self.builder.last_label(kind)) == "next" \
            and (kind != "section" or self.builder.last_label(kind) is not None)
        if not boundary and not joined:
            return None
        following = toks[i + 1] if i + 1 < len(toks) else None
        if following is None:
            return None
        if not tok.line_start and not after_label and not joined and i != self.event_end \
                and kind in ("section", "item") \
                and not (capitalised(following.text) or self._labelish(following.text)
                         or previous.text.endswith((":", ";"))
                         or (kind == "item" and self.builder.last_label(kind) is not None
                             and labels.verdict(kind, label, self.builder.last_label(kind)) == "next")):
            return None
        if tok.bullet and kind == "subitem" and label == "a" and (
                not self._holder(kind) or not self.builder.accepts(kind, label)):
            # '- (a) ...' with no item of its own to hold it: the bullet is an unnumbered item whose text
            # starts with its first sub-item
            self._flush()
            node = self.builder.node("item", self.builder.expected("item"), tok.line, inferred=True)
            self.inferred_run.append((node.id, tok.line))
            return kind, label
        if kind in ("subitem", "subsubitem") and not self._holder(kind):
            return None
        if self.builder.accepts(kind, label):
            return kind, label
        if tok.line_start and (tok.blank_before or not self.inline or (previous and previous.text.endswith(
                SENTENCE_END))):
            if kind != "subitem" or self.builder.last_label("item"):
                self.builder.unexpected_label(kind, label, tok.line, printed=tok.text)
        return None

    def _holder(self, kind: str) -> bool:
        """True when a provision that can hold a `kind` is open (an item for a sub-item, a sub-item for (i))."""
        container = self.builder.container(kind)
        return container is not None and container.kind == ("item" if kind == "subitem" else "subitem")

    def _kind_of(self, word: str, judge: bool = True) -> tuple[str, str] | None:
        """(kind, label) of a word printed like a label in this layout's forms (`judge`: tell (i) from (i))."""
        if match := self._section(word):
            return "section", match["label"]
        if match := item_pattern(self.options.item_form).match(word):
            return "item", match["label"]
        roman = ROMAN.match(word)
        sub = SUBITEM.match(word) or (DOT_SUBITEM.match(word) if self.options.subitem_form == "a." else None)
        if not judge:
            return ("subitem", "?") if sub or roman else None
        if roman and self.builder.last_label("subitem") and self.builder.stack and \
                self.builder.stack[-1].kind in ("subitem", "subsubitem"):
            letter = roman["label"]
            if not (sub and self.builder.accepts("subitem", letter) and self.builder.last_label("subitem") == "h"):
                return "subsubitem", letter
        if sub:
            return "subitem", sub.groupdict().get("label") or sub["p"] or sub["b"]
        return None

    def _provision(self, i: int, kind: str, label: str) -> int:
        self._flush()
        tok = self.toks[i]
        title, j = "", i + 1
        if kind == "section":
            j, title = self._section_title(i)
        elif kind == "item" and self.inline:
            j, title = self._caption_before_child(i, ("(a)", "a)", "a.")) or (j, "")
        self.builder.node(kind, label, tok.line, title=title)
        self.event_end = j
        return j

    def _caption_before_child(self, i: int, first_labels: tuple[str, ...]) -> tuple[int, str] | None:
        """Inline, a caption runs from the label to its first child's label ("C. Zwangsweises Spielen einer
        Karte 1. Karte ...", "4. Genannte oder bezeichnete Karte (a) Spiel ..."), when no sentence ends before."""
        toks = self.toks
        for end in range(i + 2, min(len(toks) - 1, i + 14)):
            if toks[end - 1].text.endswith(SENTENCE_END) or toks[end].segment - toks[i].segment > 2:
                return None
            if toks[end].text in first_labels and capitalised(toks[end + 1].text):
                return end, " ".join(t.text for t in toks[i + 1:end])
        return None

    def _section_title(self, i: int) -> tuple[int, str]:
        toks, tok = self.toks, self.toks[i]
        k = i + 1
        if k >= len(toks) or toks[k].segment != tok.segment:
            return k, ""
        if self.inline:
            caption = self._caption_before_child(i, ("1.", "1)"))
            if caption is not None:
                return caption
            end = self._mixed_title_end(k)
            if end is None or end >= len(toks) or not capitalised(toks[end].text) or toks[end - 1].text.endswith(
                    SENTENCE_END):
                return k, ""
            return end, " ".join(t.text for t in toks[k:end])
        end = k
        while end < len(toks) and toks[end].segment == tok.segment:
            end += 1
        rest = toks[k:end]
        if len(rest) > 15 or rest[-1].text.endswith(TITLE_END) or end >= len(toks) \
                or self._heading_at(end) is not None:
            return k, ""
        return end, " ".join(t.text for t in rest)

    # -- text ----------------------------------------------------------------------------------

    def _bracketed_notes(self, text: str, line: int) -> str:
        """Footnotes written inline as a bracketed full sentence ('[Das ist die Fußnote.]') leave the text;
        an anchor keeps their place (`lawtools.readers.notes`: other brackets are remarks and stay)."""
        if "[" not in text:
            return text
        try:
            brackets = [b for b in find_brackets(text) if b.footnote]
        except ValueError:
            return text  # unbalanced brackets: the text stays as printed
        article = self.builder.article
        node = self.builder.stack[-1].id if self.builder.stack else article.law
        for bracket in reversed(brackets):
            number = len(article.footnotes) + 1 + brackets.index(bracket)
            text = text[:bracket.start].rstrip() + anchor(number) + text[bracket.end:]
        for bracket in brackets:
            self.builder.footnote("", bracket.body, line, node=node)
        return text

    def _flush(self) -> None:
        """Hand the words gathered since the last event to the builder, one paragraph at a time."""
        if not self.buffer:
            return
        if self.builder.article is None:
            raise self.source.error(self.buffer[0].line, "text before the first law heading")
        paragraphs: list[tuple[int, list[Tok]]] = []
        for n, tok in enumerate(self.buffer):
            # a printed page breaks anywhere, even inside a word: in paged text a page is no paragraph
            new = not paragraphs or (not self.options.paged and tok.line_start and (tok.blank_before or (
                n and self.buffer[n - 1].text.endswith(SENTENCE_END))))
            if new:
                paragraphs.append((tok.line, [tok]))
            else:
                paragraphs[-1][1].append(tok)
        self.buffer = []
        for index, (line, words) in enumerate(paragraphs):
            text = "".join(("" if w.glued or not n else " ") + w.text for n, w in enumerate(words))
            text = self._bracketed_notes(text, line)
            target = self.builder.stack[-1] if self.builder.stack else self.builder.article
            current = target.text if self.builder.stack else target.intro
            starts_paragraph = index > 0 or (words[0].line_start and words[0].blank_before and not self.options.paged)
            if current and not starts_paragraph:
                self.builder.append_to_last(text, line)
            else:
                self.builder.text(text, line)
            for word in words[1:]:
                self.builder._touch(word.line)


