"""Why a provision matched and where: match explanations, highlighted snippets (no search engine here)."""

from __future__ import annotations

from .analysis import Token

SNIPPET_CHARS = 240


def why(how: str, reason) -> str:
    """A sentence on why a word matched: the termbase concept, a compound, an inflection, a lemma."""
    if how in ("termbase", "compound"):
        return reason.describe()
    if how in ("inflection", "lemma"):
        return f"{reason.query!r}: another form of the word ({how})"
    return f"{reason.query!r} ({how})"


def lemma_tokens(stored: str) -> list[Token]:
    tokens = []
    for item in stored.split():
        start, end, term = item.split(":", 2)
        tokens.append(Token("text", term, -1, int(start), int(end), "lemma"))
    return tokens


SOURCES = ("stem", "inflection", "lemma", "compound")


def token_spans(tokens: list[Token]) -> dict[str, list[int]]:
    """{"<field>|<term>": [start, end, source, start, end, source, ...]} of a text's tokens (source: an index
    into SOURCES): what `Spans` answers from, stored with each indexed document."""
    found: dict[str, list[int]] = {}
    for t in tokens:
        found.setdefault(f"{t.field}|{t.term}", []).extend((t.start, t.end, SOURCES.index(t.source)))
    return found


class Spans:
    """Where a text's terms are (from token_spans): `find` and `how_matched` as for a token list."""

    def __init__(self, spans: dict[str, list[int]]):
        self.spans = spans

    def find(self, field_name: str, terms: tuple[str, ...]) -> list[tuple[int, int]]:
        """Character spans of the words that carry the terms (all terms must be present)."""
        spans = []
        for term in terms:
            flat = self.spans.get(f"{field_name}|{term}")
            if not flat:
                return []
            spans.extend((flat[i], flat[i + 1]) for i in range(0, len(flat), 3))
        return sorted(set(spans))

    def first_of_each(self, field_name: str, terms: tuple[str, ...]) -> list[tuple[int, int]]:
        """The first span of each term, in text order ([] unless all are present): the words a match is shown
        by, each once ('kort … visat', not 'kort kort' where the text names the card twice before 'visat')."""
        firsts = []
        for term in terms:
            flat = self.spans.get(f"{field_name}|{term}")
            if not flat:
                return []
            firsts.append(min((flat[i], flat[i + 1]) for i in range(0, len(flat), 3)))
        return sorted(set(firsts))

    def how_matched(self, alt, found) -> str:
        """As how_matched, for these spans."""
        if alt.reason.concept:
            return "termbase"
        if alt.field == "parts" or alt.reason.how == "compound":
            return "compound"
        wanted = set(found)
        sources = set()
        for term in alt.terms:
            for key in (f"text|{term}", f"parts|{term}"):
                flat = self.spans.get(key) or []
                sources.update(SOURCES[flat[i + 2]] for i in range(0, len(flat), 3)
                               if (flat[i], flat[i + 1]) in wanted)
        if "stem" in sources:
            return "phrase" if alt.phrase else "word"
        return sorted(sources)[0] if sources else "word"


def find(tokens: list[Token], field_name: str, terms: tuple[str, ...]) -> list[tuple[int, int]]:
    """Character spans of the words that carry the terms (all terms must be present)."""
    spans = []
    for term in terms:
        found = [(t.start, t.end) for t in tokens if t.field == field_name and t.term == term]
        if not found:
            return []
        spans.extend(found)
    return sorted(set(spans))


def how_matched(alt, found, tokens: list[Token]) -> str:
    if alt.reason.concept:
        return "termbase"
    if alt.field == "parts" or alt.reason.how == "compound":
        return "compound"
    sources = {t.source for t in tokens if t.term in alt.terms and (t.start, t.end) in set(found)}
    if "stem" in sources:
        return "phrase" if alt.phrase else "word"
    return sorted(sources)[0] if sources else "word"


def snippet(text: str, spans: list[tuple[int, int]]) -> str:
    """About SNIPPET_CHARS characters of text around the first match, matches marked **like this**."""
    text = text.replace("\n", " ")
    spans = sorted({s for s in spans if s[1] <= len(text)})
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    begin = 0
    if merged and merged[0][0] > SNIPPET_CHARS // 3:
        begin = text.rfind(" ", 0, merged[0][0] - SNIPPET_CHARS // 4) + 1
    stop = min(len(text), begin + SNIPPET_CHARS)
    if stop < len(text):
        cut = text.rfind(" ", begin, stop)
        stop = cut if cut > begin else stop
    out, cursor = [], begin
    for start, end in merged:
        if start < begin or end > stop:
            continue
        out.append(escape(text[cursor:start]))
        out.append(f"**{escape(text[start:end])}**")
        cursor = end
    out.append(escape(text[cursor:stop]))
    return ("…" if begin > 0 else "") + "".join(out).strip() + ("…" if stop < len(text) else "")


def escape(text: str) -> str:
    """Asterisks of the text itself (footnote marks) escaped as in Markdown, so ** marks only matches."""
    return text.replace("*", "\\*")


BOLD, RESET = "\033[1m", "\033[0m"
PLAIN_MARKS = ("«", "»")


def for_terminal(marked: str, ansi: bool) -> str:
    """A snippet's **matches** as ANSI bold (ansi) or «plain marks», with Markdown escapes undone."""
    out: list[str] = []
    bold, i, span = False, 0, []
    while i < len(marked):
        if marked.startswith("\\*", i):
            (span if bold else out).append("*")
            i += 2
        elif marked.startswith("**", i):
            if bold:
                text = "".join(span)
                if ansi:  # each word on its own, so a wrapped line never leaves bold switched on
                    text = " ".join(f"{BOLD}{word}{RESET}" for word in text.split(" "))
                else:
                    text = f"{PLAIN_MARKS[0]}{text}{PLAIN_MARKS[1]}"
                out.append(text)
                span = []
            bold = not bold
            i += 2
        else:
            (span if bold else out).append(marked[i])
            i += 1
    if span:  # an unclosed mark: keep its text as it is
        out.append("**" + "".join(span))
    return "".join(out)
