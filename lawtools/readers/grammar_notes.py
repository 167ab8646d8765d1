"""Footnotes in the word stream (layout `grammar`): `*`, `**`, `***` opening a paragraph, or `N)` opening a line
when the law's text printed the marker `N)`; each footnote's text runs until a labelled line, a new bullet or a
blank line, and is tied, when the law closes, to the provisions whose text carries its marker (an unanchored
footnote is an anomaly).

Mixed into `lawtools.readers.grammar.GrammarReader`, which provides `toks`, `options`, `builder`, `law`,
`inline`, `notes`, `buffer` and `_kind_of`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .base import SENTENCE_END
from .plain import marker_pattern
from .wordstream import capitalised

FOOTNOTE = re.compile(r"^\*{1,3}$")
NUMBERED_NOTE = re.compile(r"^[1-9]\d?\)$")  # '2)' opening a footnote's text, marked '... slag 2) kan'


@dataclass
class Note:
    """A footnote being read: its mark, its words, and the lines it spans."""

    mark: str
    words: list[str] = field(default_factory=list)
    line: int = 0
    end_line: int = 0


class NoteRules:
    """Where a footnote starts, whether it continues, and what it is tied to."""

    def _footnote_at(self, i: int) -> bool:
        toks = self.toks
        if self.law is not None and toks[i].line_start and NUMBERED_NOTE.match(toks[i].text) and i + 1 < len(toks) \
                and self.options.item_form != "1)":
            return self._marked_before(toks[i].text, i)
        if self.law is None or not FOOTNOTE.match(toks[i].text) or i + 1 >= len(toks):
            return False
        if self.options.paged or not toks[i].line_start:
            return bool(i) and toks[i - 1].text.endswith(SENTENCE_END) and capitalised(toks[i + 1].text) \
                and (self.options.paged or self.inline)
        return toks[i].blank_before or bool(self.notes)

    def _marked_before(self, mark: str, i: int) -> bool:
        """True when running text of the current law printed `mark` ('slag 2) kan') before token i."""
        article = self.builder.article
        texts = [article.intro, *(n.text for n in article.walk()), *(t.text for t in self.buffer)]
        words = " ".join(texts).split()
        return mark in words[1:] and any(a != mark for a in words[:1]) or mark in " ".join(texts).split()

    def _note_continues(self, i: int) -> bool:
        tok = self.toks[i]
        if self._footnote_at(i):
            return False
        if self.options.paged or self.inline and not tok.line_start:
            return True
        if tok.line_start and (tok.bullet or self._kind_of(tok.text) is not None):
            return False  # a labelled line or a new bullet ends the footnote's text
        return not tok.line_start or not tok.blank_before

    def _tie_notes(self) -> None:
        article = self.builder.article
        places = [(article.law, article.intro)] + [(node.id, node.text) for node in article.walk()]
        for note in self.notes:
            pattern = marker_pattern(note.mark) if note.mark.startswith("*") else \
                re.compile(rf"(?<=\s){re.escape(note.mark)}(?=\s|$)")
            nodes = [node_id for node_id, text in places if pattern.search(text)]
            self.builder.footnote(note.mark, " ".join(note.words), note.line, node=nodes[0] if nodes else article.law,
                                  nodes=nodes or [article.law], end_line=note.end_line)
            if not nodes:
                self.builder.anomaly("footnote-unanchored", f"footnote '{note.mark}' has no marker in the text of "
                                     f"law {article.law}", note.line, node=article.law)
