"""Front matter, back matter and running headers in the word stream (layout `grammar`): what precedes the first law
heading (the preamble, a table of contents, the start of a law whose heading the source lacks), the back matter
after the last law ('Index', 'Register'), and a line next to page furniture that only names the current law.

Mixed into `lawtools.readers.grammar.GrammarReader`, which provides `toks`, `options`, `builder`, `source`,
`law`, `heading_words`, `back_words`, `contents_lines`, `event_end`, `_close_law` and the heading rules
(`grammar_headings.HeadingRules`: `_heading_at`, `_heading_form`, `_near_page`, `_section`).
"""

from __future__ import annotations

from .wordstream import Tok, capitalised


class MatterRules:
    """The preamble and table of contents, a partial first law, back matter, running headers."""

    def _running_header_at(self, i: int) -> bool:
        """A line next to page furniture that names the current law ('LAW 61', 'LAW 61 FAILURE TO FOLLOW SUIT')."""
        if not self._heading_form(i) or not self._near_page(self.toks[i].line):
            return False
        prefix = self.options.law_prefix
        word = self.toks[i + 1].text if prefix and self.toks[i].text == prefix else self.toks[i].text[len(prefix):]
        end = self._segment_end_index(i)
        title = " ".join(self.heading_words)
        line = " ".join(t.text for t in self.toks[i:end])
        return word.rstrip(".:") == self.law and (title.startswith(line) or end - i <= 2)

    def _running_header(self, i: int) -> int:
        """Cut the running header (and, when the heading's title is on the next line, that title) as furniture."""
        end = self._segment_end_index(i)
        lines = [(i, end)]
        rest = self.heading_words[end - i:]
        if rest and [t.text for t in self.toks[end:end + len(rest)]] == rest and self.toks[end].line_start:
            lines.append((end, end + len(rest)))
        for start, stop in lines:
            first, last = self.toks[start], self.toks[stop - 1]
            text = self.source.lines[first.line - 1].text[first.column:last.column + len(last.text)]
            self.builder.furniture(first.line, "running-header", text, first.column)
        self.event_end = lines[-1][1]
        return lines[-1][1]

    def _back_matter_at(self, i: int) -> bool:
        """A back-matter heading ('Index', 'Register') alone on its line, with no law heading after it."""
        end = self._segment_end_index(i)
        text = " ".join(t.text for t in self.toks[i:end]).strip(" :").lower()
        if text not in self.back_words or (end < len(self.toks) and not self.toks[end].blank_before):
            return False
        return not any(self._heading_at(j) is not None for j in range(end, len(self.toks)) if self.toks[j].line_start)

    def _back_matter(self, i: int) -> int:
        """Keep everything from the back-matter heading on as the record `back-matter`."""
        self._close_law()
        end = self._segment_end_index(i)
        heading = " ".join(t.text for t in self.toks[i:end])
        segments: dict[int, list[Tok]] = {}
        for tok in self.toks[end:]:
            segments.setdefault(tok.segment, []).append(tok)
        paragraphs = [" ".join(t.text for t in toks) for toks in segments.values()]
        self.builder.front("back-matter", heading, paragraphs, (self.toks[i].line, self.toks[-1].line), heading=heading)
        return len(self.toks)

    def _segment_end_index(self, i: int) -> int:
        end = i
        while end < len(self.toks) and self.toks[end].segment == self.toks[i].segment:
            end += 1
        return end

    def _front(self) -> int:
        """Keep what precedes the first law heading as the preamble; open a partial law if it holds labels."""
        first = next((i for i in range(len(self.toks)) if self._heading_at(i) is not None), None)
        if first is None:
            raise self.source.error(self.toks[0].line if self.toks else None, self._no_heading_message())
        first = self._after_contents(first)
        start = next((i for i in range(first) if self._partial_start(i)), None)
        end = start if start is not None else first
        segments: dict[int, list[Tok]] = {}
        for tok in self.toks[:end]:
            segments.setdefault(tok.segment, []).append(tok)
        paragraphs: list[str] = []
        for toks in segments.values():
            text = " ".join(t.text for t in toks)
            if paragraphs and paragraphs[-1].endswith("-"):  # a word broken across two lines or pages
                paragraphs[-1] = f"{paragraphs[-1]} {text}"
            else:
                paragraphs.append(text)
        if paragraphs:
            lines = (self.toks[0].line, self.toks[end - 1].line)
            self.builder.front("preamble", paragraphs[0], paragraphs, lines)
        if start is not None:
            number = int(self._heading_at(first)[0]) - 1
            law = str(number)
            self.builder.start_law(law, "", self.toks[start].line, partial=True)
            self.builder.anomaly("partial-article", (
                f"the source begins inside law {law} at line {self.toks[start].line}: its heading and everything "
                "before this provision are missing; no title is invented"), self.toks[start].line, node=law)
            self.law = law
        return end

    def _after_contents(self, first: int) -> int:
        """The first real heading: three or more headings in a row with nothing between them are a table of
        contents (kept in the preamble) when the same first number is printed again as a heading later."""
        run, i = [], first
        while (heading := self._heading_at(i)) is not None and (not run or int(heading[0]) > int(run[-1])):
            run.append(heading[0])
            i = heading[2]
        if len(run) < 3:
            return first
        for j in range(i, len(self.toks)):
            heading = self._heading_at(j) if self.toks[j].line_start else None
            if heading is not None and heading[0] == run[0]:
                return j
        return first

    def _partial_start(self, i: int) -> bool:
        tok = self.toks[i]
        if not tok.line_start or i + 1 >= len(self.toks):
            return False
        following = self.toks[i + 1]
        return bool(self._section(tok.text)) and tok.text[:1] != "A" and capitalised(following.text)

    def _no_heading_message(self) -> str:
        prefix = self.options.law_prefix
        form = f"'{prefix} 12{'' if prefix else '.'} Title'" if prefix or self.options.law_case != "upper" \
            else "'12. ALL-CAPS TITLE'"
        message = (f"no law heading found: expected lines like {form} (layout 'grammar', "
                   f"law_prefix {prefix!r}, title on the {self.options.law_title} line)")
        if self.contents_lines:
            line, words = min(self.contents_lines.items())
            count = len(self.contents_lines)
            message += (f"; {count} heading-like line{'s' if count > 1 else ''} end{'' if count > 1 else 's'} in a "
                        f"number or dot leaders and {'were' if count > 1 else 'was'} read as table of contents "
                        f"entries (first: line {line}, {words!r}): if they are the law headings, set the option "
                        "'contents: false'")
        return message
