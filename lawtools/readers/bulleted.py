"""Reader for bulleted handbooks (nl-2017): 'ARTIKEL N Title' headings, 'A. Title' sections, '- ' bullets.

Stages, each working on the previous one's output:

1. `_split`: the lines before the first law heading (part headings and front matter, named by the
   manifest) and one block of lines per law.
2. `_classify`: each line of a law becomes a `Row`: a section heading (`A. Title`), a bulleted section
   (`- A. text`), an item with a printed number (`- 1. text`, also `- 2. (a) text`), a sub-item
   (`- (b) text`), a footnote text (`- 2) text`), an unlabelled bullet, or a plain paragraph.
3. `_apply_hints`: the manifest's `hints` say what the layout cannot: where a section heading is missing,
   where an item has no bullet of its own, whether a bullet is text or an item. Each hint names the
   words its line begins with (never a line number) and must match exactly one line.
4. `_assign_roles`: within each section (or the law itself), unlabelled bullets become items numbered
   1, 2, ... (marked inferred) unless they are the section's own text: a lead-in ending with ':' before
   the items, or a single bullet.
5. `_emit`: Builder events. Footnote markers (`2)` in running text) are replaced by `text.anchor(n)`.

After it, every law of the block has been opened once, every line is in exactly one record, and every
inferred label or heading is marked `inferred` with an anomaly saying why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations

from ..errors import ManifestError
from ..manifest import Edition
from ..schema import Either, Int, List, Map, Str
from ..text import anchor
from .base import Builder, Document, Line, SourceText

_SECTION = re.compile(r"^(?P<label>[A-Z])\.\s+(?P<rest>\S.*)$")  # 'A. Title', or '- A. text' after the bullet
_BULLET = re.compile(r"^-\s+(?P<rest>.*)$")
_ITEM = re.compile(r"^(?P<label>\d+)\.\s+(?P<rest>.*)$")
_SUBITEM = re.compile(r"^\((?P<label>[a-z])\)\s+(?P<rest>.*)$")
_FOOTNOTE = re.compile(r"^(?P<label>\d+)\)\s+(?P<rest>.*)$")
_MARKER = re.compile(r"\s+(?P<mark>\d+\))")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_HINT_KEYS = {"starts", "section", "item", "as", "note"}


@dataclass
class Row:
    """One classified source line (or a gap a hint declares) of a law."""

    kind: str  # section | bsection | item | subitem | footnote | bullet | para | missing-section | missing-item
    line: int
    label: str = ""
    text: str = ""
    sublabel: str = ""  # '- 2. (a) text': item 2 with its first sub-item on the same line
    role: str = ""  # for bullets: 'text' or 'item', decided by a hint or by _assign_roles
    note: str = ""  # the hint's reason, for the anomaly message
    inferred_label: str = ""  # label inferred for an unlabelled item
    markers: list[int] = field(default_factory=list)  # footnote numbers whose markers stand in this text
    node_id: str = ""  # set while emitting: the provision the text went to


_TEXT = Str(max_length=2_000)
# the reader's manifest options (checked by lawtools.manifest.check_options before the reader runs)
OPTIONS = {
    "law_keyword": Str(nonempty=True, max_length=40),
    "headings": List(Map({"kind": Str(choices=("part", "chapter")), "starts": Str(nonempty=True)},
                         required=("starts",)), max_items=1_000),
    "front_matter": List(Map({"id": Str(pattern=r"[a-z][a-z0-9-]{0,39}", hint="a lowercase id such as preamble"),
                              "title": _TEXT, "starts": Str(nonempty=True)}, required=("id", "starts")),
                         max_items=1_000),
    # keyed by the words a line starts with, never by line numbers (a line number breaks when a line is added)
    "hints": List(Map({"starts": Str(nonempty=True), "section": Str(max_length=4),
                       "item": Either((Str(max_length=4), Int(1, 99))), "as": Str(choices=("text", "item")),
                       "note": _TEXT}, required=("starts",)), max_items=100_000),
}


def read(source: SourceText, edition: Edition) -> Document:
    """Parse a bulleted source into a Document of articles, part headings and front matter."""
    options = edition.options
    keyword = options.get("law_keyword")
    if not keyword:
        raise source.error(None, f"edition {edition.id}: the bulleted layout needs options.law_keyword "
                                 "(the word before the law number, e.g. ARTIKEL)")
    law_heading = re.compile(rf"^{re.escape(keyword)}\s+(?P<law>\d+)\s+(?P<title>\S.*)$")
    builder = Builder(edition, source)
    preamble, blocks = _split(source, law_heading)
    _read_preamble(builder, source, preamble, options)
    hints = _hints_by_line(source, options.get("hints", []))
    titles: dict[str, str] = {}
    for heading, lines in blocks:
        match = law_heading.match(heading.text.strip())
        law, title = match["law"], match["title"].strip()
        builder.check_declared(law, heading.number)
        builder.start_law(law, title, heading.number, heading=heading.text.strip())
        if title in titles:
            builder.anomaly("duplicate-title", f"line {heading.number}: the title of law {law} repeats the "
                            f"title of law {titles[title]} as printed", heading.number, law)
        titles.setdefault(title, law)
        entries = _apply_hints(source, [_classify(line) for line in lines], hints)
        _assign_roles(source, law, entries)
        _emit(builder, source, law, entries)
    if blocks:
        builder.check_all_read()
    unused = sorted(set(hints) - {line.number for _, lines in blocks for line in lines})
    if unused:
        raise source.error(unused[0], "a manifest hint names this line, but it is not inside a law")
    return builder.finish()


# -- stage 1: preamble and law blocks -------------------------------------------------------------

def _split(source: SourceText, law_heading: re.Pattern) -> tuple[list[Line], list[tuple[Line, list[Line]]]]:
    preamble: list[Line] = []
    blocks: list[tuple[Line, list[Line]]] = []
    for line in source.lines:
        if not line.text.strip():
            continue
        if law_heading.match(line.text.strip()):
            blocks.append((line, []))
        elif blocks:
            blocks[-1][1].append(line)
        else:
            preamble.append(line)
    return preamble, blocks


def _read_preamble(builder: Builder, source: SourceText, lines: list[Line], options: dict) -> None:
    headings = _option_entries(builder.edition.id, options, "headings", ("starts",))
    fronts = _option_entries(builder.edition.id, options, "front_matter", ("id", "starts"))
    for line in lines:
        text = line.text.strip()
        heading = next((h for h in headings if text.startswith(h["starts"])), None)
        front = next((f for f in fronts if text.startswith(f["starts"])), None)
        if heading:
            builder.heading(heading.get("kind", "part"), text, line.number)
        elif front:
            builder.front(front["id"], front.get("title", ""), [text], (line.number, line.number))
        else:
            raise source.error(line.number, "text before the first law heading that the manifest names neither "
                                            "as a heading nor as front matter (options.headings, front_matter)")


def _option_entries(edition_id: str, options: dict, name: str, required: tuple[str, ...]) -> list[dict]:
    """The manifest's options.<name> list, each entry checked to be a mapping with the required keys."""
    entries = options.get(name, []) or []
    for number, entry in enumerate(entries if isinstance(entries, list) else [entries], 1):
        if not isinstance(entries, list) or not isinstance(entry, dict) or not all(entry.get(k) for k in required):
            raise ManifestError(f"edition {edition_id}: options.{name} #{number} needs {', '.join(required)}")
    return entries


# -- stage 2: classify lines ----------------------------------------------------------------------

def _classify(line: Line) -> Row:
    text = line.text.strip()
    bullet = _BULLET.match(text)
    if not bullet:
        section = _SECTION.match(text)
        if section:
            return Row("section", line.number, section["label"], section["rest"].strip())
        return Row("para", line.number, text=text)
    rest = bullet["rest"].strip()
    for kind, pattern in (("bsection", _SECTION), ("footnote", _FOOTNOTE), ("subitem", _SUBITEM)):
        match = pattern.match(rest)
        if match:
            return Row(kind, line.number, match["label"], match["rest"].strip())
    item = _ITEM.match(rest)
    if item:
        sub = _SUBITEM.match(item["rest"].strip())
        if sub:
            return Row("item", line.number, item["label"], sub["rest"].strip(), sublabel=sub["label"])
        return Row("item", line.number, item["label"], item["rest"].strip())
    return Row("bullet", line.number, text=rest)


# -- stage 3: manifest hints ----------------------------------------------------------------------

def _hints_by_line(source: SourceText, hints: list[dict]) -> dict[int, dict]:
    """Place each hint on the one line whose text (after '- ') begins with its `starts` words.

    Hints are keyed by words, never by line numbers, so adding or removing a line elsewhere in the
    source leaves them valid; a hint whose words match no line, or more than one, is a SourceError.
    """
    bodies = []
    for line in source.lines:
        text = line.text.strip()
        bullet = _BULLET.match(text)
        bodies.append((line.number, bullet["rest"].strip() if bullet else text))
    by_line: dict[int, dict] = {}
    for hint in hints:
        unknown = set(hint) - _HINT_KEYS
        if not isinstance(hint, dict) or not isinstance(hint.get("starts"), str) or not hint["starts"] or unknown:
            if isinstance(hint, dict) and "line" in hint:
                raise source.error(None, f"manifest hint {hint!r}: hints are keyed by the words a line starts with "
                                         "('starts'), not by line numbers; remove 'line'")
            raise source.error(None, f"manifest hint {hint!r} needs 'starts' and may have only "
                                     f"{', '.join(sorted(_HINT_KEYS))}")
        matches = [number for number, body in bodies if body.startswith(hint["starts"])]
        if not matches:
            raise source.error(None, f"manifest hint does not match the source: no line begins with "
                                     f"{hint['starts']!r}")
        if len(matches) > 1:
            raise source.error(matches[1], f"manifest hint {hint['starts']!r} matches lines "
                                           f"{', '.join(map(str, matches))}; give more of the line's words")
        line = matches[0]
        if hint.get("as") not in (None, "text", "item"):
            raise source.error(line, f"manifest hint for this line: 'as' must be 'text' or 'item', not {hint['as']!r}")
        by_line[line] = hint
    return by_line


def _apply_hints(source: SourceText, entries: list[Row], hints: dict[int, dict]) -> list[Row]:
    result: list[Row] = []
    for entry in entries:
        hint = hints.get(entry.line)
        if hint is None:
            result.append(entry)
            continue
        note = hint.get("note", "")
        if "section" in hint:
            result.append(Row("missing-section", entry.line, str(hint["section"]), note=note))
        if "item" in hint:
            if entry.kind != "subitem":
                raise source.error(entry.line, "manifest hint 'item' (an item without a bullet of its own) "
                                               "must name a sub-item line '- (a) ...'")
            result.append(Row("missing-item", entry.line, str(hint["item"]), note=note))
        if "as" in hint:
            if entry.kind not in ("bullet", "para"):
                raise source.error(entry.line, f"manifest hint 'as: {hint['as']}' names a line that is not an "
                                               "unlabelled bullet or paragraph")
            entry.role, entry.note = hint["as"], note
        result.append(entry)
    return result


# -- stage 4: which unlabelled bullets are items --------------------------------------------------

def _containers(entries: list[Row]) -> list[list[Row]]:
    """The entries of the law itself and of each section, in order; a section's heading comes first."""
    groups: list[list[Row]] = [[]]
    for entry in entries:
        if entry.kind in ("section", "bsection", "missing-section"):
            groups.append([])
        groups[-1].append(entry)
    return groups


def _assign_roles(source: SourceText, law: str, entries: list[Row]) -> None:
    for group in _containers(entries):
        head = group[0] if group and group[0].kind in ("section", "bsection", "missing-section") else None
        has_text = head is not None and head.kind == "bsection"
        printed = [e for e in group if e.kind == "item"]
        undecided = [e for e in group if e.kind == "bullet" and not e.role]
        if printed and undecided:
            raise source.error(undecided[0].line, f"an unlabelled bullet among printed item numbers in law {law}: "
                                                  "say in a manifest hint whether it is text or an item")
        if undecided:
            before = [e for e in group if e.line < undecided[0].line]
            has_text = has_text or any(e.kind == "para" or e.role == "text" for e in before)
        if undecided and not has_text and (undecided[0].text.endswith(":") or len(undecided) == 1):
            undecided[0].role = "text"
            undecided = undecided[1:]
        for entry in undecided:
            entry.role = "item"


# -- stage 5: builder events ----------------------------------------------------------------------

def _emit(builder: Builder, source: SourceText, law: str, entries: list[Row]) -> None:
    numbers: dict[str, int] = {}
    for entry in (e for e in entries if e.kind == "footnote"):
        if f"{entry.label})" in numbers:
            raise source.error(entry.line, f"a second footnote marked {entry.label}) in law {law}")
        numbers[f"{entry.label})"] = len(numbers) + 1
    for entry in entries:
        if entry.kind != "footnote":
            entry.text = _replace_markers(builder, source, entry, numbers)
    marked = {n for e in entries for n in e.markers}
    container = law
    counter = _Counter(law)
    for entry in entries:
        kind = entry.kind
        if kind in ("section", "bsection", "missing-section"):
            container = _emit_section(builder, law, entry, counter)
            continue
        if kind == "footnote":
            _emit_footnote(builder, law, entry, entries, numbers, marked, container)
            continue
        if kind == "missing-item":
            node = builder.node("item", counter.next_item(entry.label, entry.line, source), entry.line,
                                inferred=True)
            builder.anomaly("missing-item", f"line {entry.line}: sub-items follow item {counter.previous_id} "
                            f"without an item of their own; they are kept under an inferred item {node.id} with "
                            f"no text{_because(entry.note)}", entry.line, node.id)
            counter.previous_id = node.id
            continue
        if kind == "item":
            node = builder.node("item", counter.next_item(entry.label, entry.line, source, printed=True), entry.line)
            counter.previous_id = node.id
            if entry.sublabel:
                node = builder.node("subitem", entry.sublabel, entry.line)
            builder.text(entry.text, entry.line)
            entry.node_id = node.id
        elif kind == "subitem":
            node = builder.node("subitem", entry.label, entry.line)
            builder.text(entry.text, entry.line)
            entry.node_id = node.id
        elif entry.role == "item":
            label = counter.next_item("", entry.line, source)
            node = builder.node("item", label, entry.line, inferred=True)
            counter.previous_id = node.id
            counter.inferred.append((node.id, entry.line))
            builder.text(entry.text, entry.line)
            entry.node_id = node.id
        else:  # text of the section or of the law itself
            if counter.items:
                # As in every reader: an unlabelled paragraph after a list stays with the last provision, so
                # the reading order survives; the anomaly says it may speak for the whole section.
                last = builder.stack[-1].id
                builder.anomaly("paragraph-after-list", f"line {entry.line}: an unlabelled paragraph follows the "
                                f"list of {container}; kept with {last}, though it may speak for the whole of "
                                f"{container}{_because(entry.note)}", entry.line, last)
                entry.node_id = last
            else:
                entry.node_id = container
            builder.text(entry.text, entry.line)
    counter.flush(builder)


def _emit_section(builder: Builder, law: str, entry: Row, counter: _Counter) -> str:
    counter.flush(builder)
    expected = _LETTERS[counter.sections] if counter.sections < len(_LETTERS) else "?"
    if entry.label != expected:
        what = "a manifest hint" if entry.kind == "missing-section" else "the heading"
        raise builder.source.error(entry.line, f"{what} gives section {entry.label} of law {law} where section "
                                               f"{expected} is expected (is a heading missing? say so in a "
                                               "manifest hint)")
    counter.sections += 1
    counter.reset(f"{law}{entry.label}")
    if entry.kind == "missing-section":
        node = builder.node("section", entry.label, entry.line, inferred=True)
        builder.anomaly("missing-heading", f"line {entry.line}: the source has no heading for section {node.id}; "
                        f"what follows is kept under an inferred section {node.id} with no title"
                        f"{_because(entry.note)}", entry.line, node.id)
    elif entry.kind == "bsection":
        node = builder.node("section", entry.label, entry.line)
        builder.text(entry.text, entry.line)
        entry.node_id = node.id
    else:
        node = builder.node("section", entry.label, entry.line, title=entry.text)
    return node.id


def _emit_footnote(builder: Builder, law: str, entry: Row, entries: list[Row], numbers: dict[str, int],
                   marked: set[int], container: str) -> None:
    number = numbers[f"{entry.label})"]
    nodes = [e.node_id for e in entries if number in e.markers and e.node_id]
    if number not in marked:
        builder.anomaly("footnote-without-marker", f"line {entry.line}: no marker {entry.label}) stands in the "
                        f"running text of law {law}; the footnote is attached to {container}", entry.line, container)
        nodes = [container]
    builder.footnote(f"{entry.label})", entry.text, entry.line, node=nodes[0] if nodes else "", nodes=nodes)


def _replace_markers(builder: Builder, source: SourceText, entry: Row, numbers: dict[str, int]) -> str:
    """Replace footnote markers ('slag 2) kan', 'aangegeven 1))') by anchors; references like '50)' stay.

    A marker is a footnote's mark after a space whose ')' closes no parenthesis: removing the markers
    must leave the parentheses balanced, and only one choice of candidates may do so.
    """
    text = entry.text
    excess = text.count(")") - text.count("(")
    if excess <= 0:
        return text
    candidates = [m for m in _MARKER.finditer(text) if m["mark"] in numbers]
    if not candidates:
        stray = [m["mark"] for m in _MARKER.finditer(text)]
        if stray:
            builder.anomaly("marker-without-footnote", f"line {entry.line}: {', '.join(stray)} looks like a "
                            "footnote marker, but the law has no footnote with that mark; it is kept in the text",
                            entry.line)
        return text
    choices = [chosen for chosen in combinations(candidates, excess) if _balanced(_without(text, chosen))]
    if len(choices) != 1:
        raise source.error(entry.line, f"cannot tell which of {', '.join(m['mark'] for m in candidates)} are "
                                       "footnote markers and which close a parenthesis")
    for match in reversed(choices[0]):
        number = numbers[match["mark"]]
        entry.markers.insert(0, number)
        text = text[:match.start()] + anchor(number) + text[match.end():]
    return text


def _without(text: str, matches: tuple[re.Match, ...]) -> str:
    for match in reversed(matches):
        text = text[:match.start()] + text[match.end():]
    return text


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def _because(note: str) -> str:
    return f" ({note})" if note else ""


class _Counter:
    """Item numbering inside the current section (or law): printed numbers, inferred ones, and gaps."""

    def __init__(self, law: str) -> None:
        self.sections = 0
        self.reset(law)

    def reset(self, container: str) -> None:
        """A new section (`container`: its id): numbering starts again at 1."""
        self.container = container
        self.items = 0
        self.previous_id = ""
        self.inferred: list[tuple[str, int]] = []

    def next_item(self, label: str, line: int, source: SourceText, printed: bool = False) -> str:
        """The next item label; a printed or hinted label must be the next number in sequence."""
        expected = str(self.items + 1)
        if label and label != expected:
            what = "the printed number" if printed else "a manifest hint"
            raise source.error(line, f"{what} gives item {label} where item {expected} is expected")
        self.items += 1
        return expected

    def flush(self, builder: Builder) -> None:
        """One anomaly per section for the items whose numbers were inferred, once the run of bullets ends."""
        if not self.inferred:
            return
        first, last = self.inferred[0], self.inferred[-1]
        if len(self.inferred) > 1:
            what = (f"lines {first[1]}-{last[1]}: the source prints these items as bullets without numbers; "
                    f"the numbers of {first[0]}-{last[0]} are inferred from their order")
        else:
            what = (f"line {first[1]}: the source prints this item as a bullet without a number; "
                    f"the number of {first[0]} is inferred from its position")
        builder.anomaly("inferred-label", what, first[1], self.container)
        self.inferred = []
