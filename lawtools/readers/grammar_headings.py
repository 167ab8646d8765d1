"""Where a law heading, a part heading or a table-of-contents line stands in the word stream (layout `grammar`).

Mixed into `lawtools.readers.grammar.GrammarReader`, which provides `toks`, `options`, `builder`,
`edition`, `law` (the open law's number), `inline` and `_labelish`.
"""

from __future__ import annotations

import re

from .base import SENTENCE_END, is_all_caps
from .wordstream import capitalised, has_letters

SECTION = re.compile(r"^(?P<label>[A-Z])\.$")
PAREN_SECTION = re.compile(r"^(?P<label>[A-Z])\)$")  # section_form 'A)'
ITEM = re.compile(r"^(?P<label>[1-9]\d?)\.$")
NUMBER = re.compile(r"^(?P<n>[1-9]\d{0,2})(?P<sep>[.:]?)$")
DASHES = ("-", "–", "—")


def section_pattern(form: str) -> re.Pattern:
    """How a section label is printed in a layout whose option section_form is `form` ('A.' or 'A)')."""
    return PAREN_SECTION if form == "A)" else SECTION


class HeadingRules:
    """Law headings (prefix, number, separator, title on this or the next line, case), parts, contents."""

    def _section(self, word: str) -> re.Match | None:
        """A section label in this layout's form: 'A.' or, with section_form 'A)', 'A)'."""
        return section_pattern(self.options.section_form).match(word)

    def _previous_law(self) -> int | None:
        """The number of the last law opened; None before the first (or after one not numbered)."""
        articles = self.builder.document.articles
        return int(articles[-1].law) if articles and articles[-1].law.isdigit() else None

    def _heading_at(self, i: int) -> tuple[str, int, int] | None:
        """(law number, index of the first title word, index after the title) when a law heading starts at i."""
        toks = self.toks
        tok = toks[i]
        if not (tok.line_start or tok.page_start or i == getattr(self, "event_end", -1)
                or (self.inline and i and toks[i - 1].text.endswith(SENTENCE_END))):
            return None
        prefix = self.options.law_prefix
        j = i
        if prefix:
            if tok.text == prefix:
                j = i + 1
            elif tok.text.startswith(prefix) and NUMBER.match(tok.text[len(prefix):]):
                j = i  # "§44:"
            else:
                return None
            if j >= len(toks) or (j > i and toks[j].segment != tok.segment):
                return None
        word = toks[j].text[len(prefix):] if j == i and prefix else toks[j].text
        match = NUMBER.match(word)
        if not match or (not prefix and not match["sep"]):
            return None
        number = match["n"]
        k = j + 1
        if k < len(toks) and toks[k].segment == tok.segment and toks[k].text in DASHES:
            k += 1
        title_start = k
        end = self._title_end(i, title_start)
        if end is None:
            return None
        if not self._number_fits(number, i, title_start, end):
            return None
        if not self.options.paged and self.options.contents and self._contents_entry(title_start) \
                and not self._later_law(number):
            self.contents_lines.setdefault(tok.line, " ".join(t.text for t in toks[i:end]))
            return None
        return number, title_start, end

    def _later_law(self, number: str) -> bool:
        """True when a law is open and `number` comes after it: inside the laws, a heading whose title ends in a
        number ('LAW 2 - TITLE 2') is that law's heading; only before the first law can it be a contents entry
        (a contents list after the laws starts again at a low number)."""
        previous = self._previous_law()
        return previous is not None and int(number) > previous

    def _contents_entry(self, k: int) -> bool:
        """A heading-like line of a table of contents: it ends with a page number or dot leaders lead to one."""
        toks = self.toks
        if k >= len(toks) or toks[k].segment != toks[k - 1].segment:
            return False
        end = k
        while end < len(toks) and toks[end].segment == toks[k].segment:
            end += 1
        words = [t.text for t in toks[k:end]]
        return len(words) >= 2 and (words[-1].isdigit() or any(".." in w or "…" in w for w in words))

    def _title_end(self, i: int, k: int) -> int | None:
        """Index after the heading's title starting at k, or None when what follows is no title."""
        toks, tok = self.toks, self.toks[i]
        upper = self.options.law_case == "upper"
        same_line = k < len(toks) and toks[k].segment == tok.segment
        if self.options.paged or (self.inline and not tok.line_start):
            end = k
            while end < len(toks) and end - k < 16 and not toks[end].page_start and (
                    is_all_caps(toks[end].text) or not has_letters(toks[end].text)) \
                    and not self._section(toks[end].text) and not ITEM.match(toks[end].text):
                end += 1
            if upper:
                return end if end > k else None
            return self._mixed_title_end(k)
        if self.options.law_title == "next":
            if same_line or k >= len(toks):
                return None
            segment = toks[k].segment
            end = k
            while end < len(toks) and toks[end].segment == segment:
                end += 1
            title = [t.text for t in toks[k:end]]
            if len(title) > 20 or (upper and not is_all_caps(" ".join(title))) or not capitalised(title[0]) \
                    or self._labelish(toks[k].text):
                return None
            return end
        if not same_line:
            return None
        end = k
        while end < len(toks) and toks[end].segment == tok.segment:
            end += 1
        title = [t.text for t in toks[k:end]]
        if upper:
            caps = k
            while caps < end and (is_all_caps(toks[caps].text) or not has_letters(toks[caps].text)):
                caps += 1
            if caps == k:
                return None
            end = caps
            # an ALL-CAPS line right below continues the title ("46. ... AV KORT" + "FRÅN TRÄKARLEN")
            while end < len(toks) and toks[end].line_start and not toks[end].blank_before and not \
                    self._labelish(toks[end].text) and not self._heading_form(end):
                segment = toks[end].segment
                run = end
                while run < len(toks) and toks[run].segment == segment:
                    run += 1
                if not is_all_caps(" ".join(t.text for t in toks[end:run])):
                    break
                end = run
            return end
        if len(title) > 20 or title[-1].endswith((",", ";")) or not capitalised(title[0]):
            return None
        return end

    def _mixed_title_end(self, k: int) -> int | None:
        toks = self.toks
        if k >= len(toks) or not capitalised(toks[k].text):
            return None
        end = k + 1
        while end < len(toks) and end - k < 12 and not capitalised(toks[end].text) \
                and not self._labelish(toks[end].text) and not toks[end].page_start:
            end += 1
        return end

    def _near_page(self, line: int) -> bool:
        """True when a page number or running header was cut within three lines of `line`."""
        return any(abs(f.line - line) <= 3 for f in self.builder.document.furniture)

    def _number_fits(self, number: str, i: int, title_start: int, end: int) -> bool:
        if number == self.law and self._near_page(self.toks[i].line):
            return True  # perhaps the current law's running header (_law_heading compares it with the heading)
        previous = self._previous_law() or 0
        declared = self.edition.laws
        if int(number) > previous and (not declared or number in declared or not self.edition.options.get("strict")):
            return True
        # a lower or repeated number: a heading out of place only when it stands alone as a heading would
        tok = self.toks[i]
        if self.options.law_prefix:  # 'LAW 12' alone on its line can be nothing but a heading
            return tok.line_start and tok.blank_before and not self.options.paged
        return tok.line_start and tok.blank_before and not self.options.paged and not self.inline \
            and (not self.builder.stack or not self.builder.accepts("item", number))

    def _part_at(self, i: int) -> bool:
        toks = self.toks
        segment = toks[i].segment
        end = i
        while end < len(toks) and toks[end].segment == segment:
            end += 1
        words = [t.text for t in toks[i:end]]
        if self._labelish(words[0]) or len(words) > 10:
            return False
        if words[0] in self.options.part_words and len(words) > 1:
            return any(self._heading_at(n) is not None for n in range(end, min(len(toks), end + 40))
                       if toks[n].line_start)
        alone = toks[i].blank_before and (end >= len(toks) or toks[end].blank_before)
        return alone and len(words) <= 4 and not words[-1].endswith(SENTENCE_END) and end < len(toks) \
            and self._heading_at(end) is not None and not any(ch.isdigit() for w in words for ch in w)

    def _heading_form(self, i: int) -> bool:
        """True when the words at i start like a law heading (prefix and number), whatever follows."""
        toks, prefix = self.toks, self.options.law_prefix
        word = toks[i].text
        if prefix and word == prefix:
            return i + 1 < len(toks) and bool(NUMBER.match(toks[i + 1].text))
        if prefix and word.startswith(prefix):
            return bool(NUMBER.match(word[len(prefix):]))
        match = NUMBER.match(word)
        return not prefix and bool(match) and bool(match["sep"])
