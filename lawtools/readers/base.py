"""What every reader shares: loading a source safely, and building articles from a stream of events.

Stages (each a pure function of its input):

1. `load_source(path)` -> `SourceText`: the file's lines, exactly as written. After it, the text
   is valid UTF-8 without BOM, without CR, without NUL, and not empty; otherwise `SourceError`
   names the file and line.
2. A layout reader turns the lines into events on a `Builder` (law, section, item, text,
   footnote, anomaly), each carrying the source line it came from.
3. `Builder.finish()` -> `Document`: articles with node ids derived from the nesting
   (the builder owns id construction, so every reader produces the same ids for the same
   structure), front matter, part headings and removed furniture.

Text normalisation and reference extraction happen after this, in `lawtools.ingest`, the same
way for every layout.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..citation import Citation
from ..errors import InputError, SourceError
from ..fsutil import read_limited_bytes
from ..manifest import Edition
from ..model import Anomaly, Article, Entry, Footnote, FrontMatter, Furniture, Heading, Node
from ..text import ANCHOR
from . import labels

MAX_SOURCE_BYTES = 16 * 1024 * 1024  # a source text larger than this is refused (the real ones are < 1 MB)
MAX_PARAGRAPHS = 2_000  # paragraphs in one provision (real ones have a handful); more is refused, not slow


@dataclass(frozen=True)
class Line:
    """One source line with its 1-based number."""

    number: int
    text: str


@dataclass(frozen=True)
class SourceText:
    """A validated source file: its label for messages, its lines and the SHA-256 of its bytes."""

    label: str
    lines: tuple[Line, ...]
    sha256: str = ""

    def error(self, line: int | None, message: str) -> SourceError:
        """A SourceError pointing at `line` of this source, quoting it."""
        text = self.lines[line - 1].text if line and 0 < line <= len(self.lines) else None
        return SourceError(self.label, line, message, text)


def load_source(path: Path, label: str | None = None, encoding: str = "utf-8") -> SourceText:
    """Read a source file, refusing empty, binary, undecodable, BOM-prefixed or CRLF input.

    With another `encoding` than utf-8 (declared in the manifest, as `lawtools edition add` writes it),
    the bytes are decoded with that codec, a byte-order mark is dropped and CRLF/CR become LF.
    """
    label = label or str(path)
    try:  # a regular file within the size cap: a FIFO, a device or /dev/zero is refused without reading
        data = read_limited_bytes(path, label, MAX_SOURCE_BYTES)
    except InputError as error:
        message = str(error).removeprefix(f"{label}: ")
        raise SourceError(label, None, "source file not found" if message == "file not found" else message) from None
    if encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
        return source_from_text(decode_declared(data, label, encoding), label, hashlib.sha256(data).hexdigest())
    if not data.strip():
        raise SourceError(label, None, "source file is empty")
    if data.startswith(b"\xef\xbb\xbf"):
        raise SourceError(label, 1, "starts with a byte-order mark (BOM); save the file as UTF-8 without BOM")
    codec = _utf16_codec(data)
    if codec:
        raise SourceError(label, None, f"looks like UTF-16 text: declare `encoding: {codec}` for this edition in "
                                       "the manifest, or save the file as UTF-8")
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise SourceError(label, line, "contains a NUL byte: this looks like a binary file, not a text source")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        message = f"byte 0x{data[error.start]:02x} at column {column} is not valid UTF-8"
        raise SourceError(label, line, message) from None
    if "\r" in text:
        line = text[: text.index("\r")].count("\n") + 1
        raise SourceError(label, line, "has Windows (CRLF) or CR line endings; convert the file to LF line endings")
    raw_lines = text.split("\n")
    if raw_lines and raw_lines[-1] == "":
        raw_lines.pop()
    return SourceText(label, tuple(Line(i, t) for i, t in enumerate(raw_lines, 1)), hashlib.sha256(data).hexdigest())


def _utf16_codec(data: bytes) -> str:
    """The UTF-16 codec the bytes look written in (a byte-order mark, or NULs in most high bytes), else ""."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    head = data[:4096]
    if len(head) < 16:
        return ""
    even, odd = head[0::2].count(0) / len(head[0::2]), head[1::2].count(0) / len(head[1::2])
    if odd > 0.6 and even == 0:
        return "utf-16-le"
    if even > 0.6 and odd == 0:
        return "utf-16-be"
    return ""


def decode_declared(data: bytes, label: str, encoding: str) -> str:
    """Bytes decoded with a declared codec; BOM dropped, line endings made LF; SourceError names the line."""
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SourceError(label, line, f"byte 0x{data[error.start]:02x} is not valid {encoding}") from None
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise SourceError(label, line, f"contains a NUL character after decoding as {encoding}: not a text source")
    return text


def source_from_text(text: str, label: str, sha256: str = "") -> SourceText:
    """A SourceText from already-decoded text (LF line endings); SourceError when it holds nothing."""
    if not text.strip():
        raise SourceError(label, None, "source file is empty")
    raw_lines = text.split("\n")
    if raw_lines and raw_lines[-1] == "":
        raw_lines.pop()
    return SourceText(label, tuple(Line(i, t) for i, t in enumerate(raw_lines, 1)), sha256)


@dataclass
class Document:
    """What a reader produces for one edition, before normalisation and reference extraction."""

    articles: list[Article] = field(default_factory=list)
    front: list[FrontMatter] = field(default_factory=list)
    headings: list[Heading] = field(default_factory=list)
    furniture: list[Furniture] = field(default_factory=list)


_KIND_DEPTH = {"section": 1, "item": 2, "subitem": 3, "subsubitem": 4}


class Builder:
    """Builds one edition's articles from reader events; it alone turns nesting into node ids."""

    def __init__(self, edition: Edition, source: SourceText):
        self.edition, self.source = edition, source
        self.document = Document()
        self.article: Article | None = None
        self.stack: list[Node] = []  # open nodes, outermost first
        self._ids: set[str] = set()
        self._paragraphs: dict[int, int] = {}  # id(node or article) -> paragraphs added (MAX_PARAGRAPHS)
        self._part: Heading | None = None
        self._chapter: Heading | None = None

    # -- laws and their structure -------------------------------------------------------------

    def start_law(self, law: str, title: str, line: int, *, heading: str = "", partial: bool = False) -> Article:
        """Open a new article (`heading`: the heading line as printed); closes the previous one.

        A law the manifest does not declare, or one that appears twice, is a SourceError; a law whose
        number is lower than the previous law's is an `law-out-of-sequence` anomaly.
        """
        if any(a.law == law for a in self.document.articles):
            first = next(a for a in self.document.articles if a.law == law)
            raise self.source.error(line, f"law {law} appears twice (first at line {first.source['lines'][0]})")
        self.check_declared(law, line)
        previous = self.document.articles[-1] if self.document.articles else None
        self.article = Article(
            edition=self.edition.id, language=self.edition.language, law=law, title=title, heading=heading,
            source={"file": self.edition.source_label, "lines": [line, line]},
            part=self._part.title if self._part else "", chapter=self._chapter.title if self._chapter else "",
            partial=partial or law in self.edition.partial,
        )
        for heading in (self._part, self._chapter):
            if heading is not None:
                heading.laws.append(law)
        self.stack, self._ids = [], set()
        self.document.articles.append(self.article)
        if previous is not None and law.isdigit() and previous.law.isdigit() and int(law) < int(previous.law):
            self.anomaly("law-out-of-sequence", f"law {law} follows law {previous.law}; laws are printed in "
                         "ascending order (a heading misprinted or laws moved?)", line, node=law)
        return self.article

    def check_declared(self, law: str, line: int) -> None:
        """Refuse a law heading whose number the manifest does not declare (when it declares any)."""
        laws = self.edition.laws
        if laws and law not in laws:
            raise self.source.error(line, f"law {law} is not among the laws the manifest declares for "
                                          f"{self.edition.id} ({laws[0]}-{laws[-1]})")

    def check_all_read(self) -> None:
        """Refuse a document that lacks a heading for some law the manifest declares (file:line where it was due)."""
        read = {a.law for a in self.document.articles}
        missing = [law for law in self.edition.laws if law not in read]
        if missing:
            before = [a for a in self.document.articles if a.law.isdigit() and int(a.law) < int(missing[0])]
            line = before[-1].source["lines"][1] if before else None
            after = f" (expected after law {before[-1].law}, which ends here)" if before else ""
            raise self.source.error(line, f"the manifest declares laws {', '.join(missing)} for {self.edition.id}, "
                                          f"but the source has no heading for them{after}")

    def heading(self, kind: str, title: str, line: int) -> None:
        """A part or chapter heading that applies to the laws that follow it."""
        heading = Heading(kind, title, line)
        self.document.headings.append(heading)
        if kind == "part":
            self._part, self._chapter = heading, None
        else:
            self._chapter = heading

    def container(self, kind: str) -> Node | None:
        """The open provision that a new provision of `kind` would go under (None: the law itself)."""
        depth = _KIND_DEPTH[kind]
        return next((n for n in reversed(self.stack) if _KIND_DEPTH[n.kind] < depth), None)

    def last_label(self, kind: str) -> str | None:
        """The label of the last provision of `kind` in the container a new one would go under."""
        parent = self.container(kind)
        siblings = parent.children if parent else (self.article.nodes if self.article else [])
        return next((n.label for n in reversed(siblings) if n.kind == kind), None)

    def expected(self, kind: str) -> str:
        """The label a new provision of `kind` should have here (A, B ...; 1, 2 ...; a, b ...)."""
        return labels.next_label(kind, self.last_label(kind))

    def judge(self, kind: str, label: str) -> str:
        """How `label` fits here: 'next', 'gap', 'repeat' or 'back' (lawtools.readers.labels)."""
        return labels.verdict(kind, label, self.last_label(kind))

    def accepts(self, kind: str, label: str) -> bool:
        """True when `label` may open a provision here: the next label, or a small gap (recorded as an anomaly)."""
        return labels.acceptable(kind, label, self.last_label(kind))

    def unexpected_label(self, kind: str, label: str, line: int, *, printed: str = "") -> None:
        """Record a label-like start of text that is not the next label, kept as text (`unexpected-label`)."""
        expected = self.expected(kind)
        what = {"repeat": "repeats the previous label", "back": "comes before the previous label",
                "gap": "skips labels"}.get(self.judge(kind, label), "is out of sequence")
        self.anomaly("unexpected-label", f"text starts like {kind} {printed or label}, which {what} (expected "
                     f"{expected}); kept as text of {self.stack[-1].id if self.stack else self.article.law}", line)

    def node(self, kind: str, label: str, line: int, *, title: str = "", inferred: bool = False) -> Node:
        """Open a provision of `kind` with `label` under the nearest open provision that can hold it.

        A label that does not follow the previous one of its kind in the same container is recorded
        as a `numbering-gap` anomaly (except where a partial law begins).
        """
        article = self._require_article(line)
        depth = _KIND_DEPTH[kind]
        while self.stack and _KIND_DEPTH[self.stack[-1].kind] >= depth:
            self.stack.pop()
        parent = self.stack[-1] if self.stack else None
        if parent is None and kind in ("subitem", "subsubitem"):
            raise self.source.error(line, f"{kind} '{label}' of law {article.law} has no enclosing item")
        base = Citation.parse(parent.id) if parent else Citation(article.law)
        node_id = str(base.child(label))
        previous = self.last_label(kind)
        starts_partial = previous is None and article.partial and not article.nodes
        if not inferred and not starts_partial and labels.verdict(kind, label, previous) != "next":
            owner = parent.id if parent else article.law
            self.anomaly("numbering-gap", f"{kind} {label} of {owner} follows {previous or 'nothing'}; expected "
                         f"{labels.next_label(kind, previous)}", line, node=owner)
        if node_id in self._ids:
            raise self.source.error(line, f"provision {node_id} appears twice in law {article.law}")
        self._ids.add(node_id)
        node = Node(id=node_id, kind=kind, label=label, title=title, inferred=inferred, lines=[line, line])
        (parent.children if parent else article.nodes).append(node)
        self.stack.append(node)
        self._touch(line)
        return node

    def text(self, text: str, line: int) -> None:
        """Add a paragraph to the innermost open provision (or to the law's intro before any)."""
        article = self._require_article(line)
        text = text.strip()
        if not text:
            return
        self._count_paragraph(article, line)
        if self.stack:
            node = self.stack[-1]
            node.text = _extend(node, "text", "\n", text)
            node.lines[1] = max(node.lines[1], line)
        else:
            article.intro = _extend(article, "intro", "\n", text)
            article.intro_lines = [article.intro_lines[0] if article.intro_lines else line, line]
        self._touch(line)

    def append_to_last(self, text: str, line: int) -> None:
        """Continue the last paragraph (a sentence broken across source lines)."""
        target = self.stack[-1] if self.stack else self._require_article(line)
        self._count_paragraph(self._require_article(line), line)
        attribute = "text" if self.stack else "intro"
        setattr(target, attribute, _extend(target, attribute, " ", text.strip()))
        if self.stack:
            self.stack[-1].lines[1] = max(self.stack[-1].lines[1], line)
        self._touch(line)

    def footnote(self, mark: str, text: str, line: int, *, node: str = "", nodes: list[str] | None = None,
                 offset: int | None = None, end_line: int | None = None) -> Footnote:
        """Record a footnote of the current law; `node` is where its (first) marker stands."""
        article = self._require_article(line)
        note = Footnote(mark=mark, text=text.strip(), node=node, nodes=list(nodes or ([node] if node else [])),
                        offset=offset, lines=[line, end_line or line])
        article.footnotes.append(note)
        self._touch(end_line or line)
        return note

    def anomaly(self, code: str, message: str, line: int | None, node: str = "") -> None:
        """Record something a reader of the record should know about the source."""
        article = self._require_article(line)
        article.anomalies.append(Anomaly(code=code, node=node or (self.stack[-1].id if self.stack else article.law),
                                         message=message, line=line))

    # -- everything that is not a law -----------------------------------------------------------

    def front(self, front_id: str, title: str, paragraphs: list[str], lines: tuple[int, int],
              entries: list[Entry] | None = None, *, heading: str = "") -> FrontMatter:
        """Keep a piece of front matter (title page, foreword, definitions ...) as its own record.

        `heading`: the part's heading as printed in the source, when it has one.
        """
        record = FrontMatter(edition=self.edition.id, language=self.edition.language, id=front_id, title=title,
                             paragraphs=[p for p in paragraphs if p.strip()], entries=entries or [],
                             source={"file": self.edition.source_label, "lines": list(lines)}, heading=heading)
        if any(existing.id == front_id for existing in self.document.front):
            raise self.source.error(lines[0], f"front matter '{front_id}' appears twice")
        self.document.front.append(record)
        return record

    def furniture(self, line: int, kind: str, text: str, column: int | None = None) -> None:
        """Note a page number or running header removed from the text (`column`: its start in the line)."""
        self.document.furniture.append(Furniture(line=line, kind=kind, text=text, column=column))

    def finish(self) -> Document:
        """The document; raises when the source held no law at all.

        A declared law missing between two present ones is a `missing-law` anomaly; a law whose last
        provision stops mid-sentence gets a `cut-off` anomaly.
        """
        if not self.document.articles:
            raise self.source.error(None, f"no law headings found for layout '{self.edition.layout}'")
        self._check_missing_laws()
        for article in self.document.articles:
            self._check_cut_off(article)
        return self.document

    def _check_missing_laws(self) -> None:
        """A declared law missing between two laws that are present is a `missing-law` anomaly."""
        present = [a.law for a in self.document.articles]
        declared = list(self.edition.laws)
        positions = [declared.index(law) for law in present if law in declared]
        if not positions:
            return
        for law in declared[min(positions):max(positions) + 1]:
            if law in present:
                continue
            after = next((a for a in self.document.articles if a.law in declared
                          and declared.index(a.law) > declared.index(law)), None)
            if after is not None:
                after.anomalies.append(Anomaly(
                    code="missing-law", node=after.law, line=after.source["lines"][0],
                    message=f"law {law} is declared in the manifest but has no heading before law {after.law} "
                            "(a heading lost, or the law left out of the source?)"))

    def _check_cut_off(self, article: Article) -> None:
        nodes = list(article.walk())
        target = nodes[-1] if nodes else None
        text = ANCHOR.sub("", target.text if target else article.intro).rstrip(" *")
        if not text or text.endswith(SENTENCE_END):
            return
        declared = " (the manifest declares it partial)" if article.law in self.edition.partial else ""
        words = " ".join(text.split()[-6:])
        article.anomalies.append(Anomaly(
            code="cut-off", node=target.id if target else article.law, line=article.source["lines"][1],
            message=f"law {article.law} ends mid-sentence ('... {words}'): the source is cut off here{declared}"))

    # -- internals ----------------------------------------------------------------------------

    def _require_article(self, line: int | None) -> Article:
        if self.article is None:
            raise self.source.error(line, f"text before the first law heading (layout '{self.edition.layout}')")
        return self.article

    def _count_paragraph(self, article: Article, line: int) -> None:
        """Refuse a provision that grows past MAX_PARAGRAPHS lines of text (hostile input, or a wrong layout)."""
        target = self.stack[-1] if self.stack else article
        count = self._paragraphs[id(target)] = self._paragraphs.get(id(target), 0) + 1
        if count > MAX_PARAGRAPHS:
            where = self.stack[-1].id if self.stack else f"law {article.law}"
            raise self.source.error(line, f"{where} has more than {MAX_PARAGRAPHS:,} lines of text, which no "
                                          f"provision of the Laws has; is this the right layout "
                                          f"('{self.edition.layout}')?")

    def _touch(self, line: int) -> None:
        if self.article is not None:
            self.article.source["lines"][1] = max(self.article.source["lines"][1], line)


def _extend(target: object, attribute: str, separator: str, text: str) -> str:
    """getattr(target, attribute) + separator + text (just text when empty), in amortised linear time.

    The attribute is cleared first so the local string is the only reference: CPython then grows it in
    place instead of copying it, which keeps a provision with thousands of paragraphs linear to build.
    """
    current = getattr(target, attribute)
    if not current:
        return text
    setattr(target, attribute, "")
    current += separator
    current += text
    return current


SENTENCE_END = tuple(".!?:;)]»\"”’")
CAPS_LETTERS = re.compile(r"[^\W\d_]")


def is_all_caps(text: str) -> bool:
    """True when every letter of `text` is upper case and there is at least one letter."""
    letters = CAPS_LETTERS.findall(text)
    return bool(letters) and all(ch.isupper() for ch in letters)
