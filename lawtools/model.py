"""The record format (DESIGN.md): articles, provisions, footnotes, references and anomalies.

Records are the only thing downstream tools read. Key order is fixed by the dataclass field order,
so the JSON is stable; empty optional fields are left out to keep the files readable.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

KINDS = ("section", "item", "subitem", "subsubitem")


@dataclass
class Node:
    """One provision: a section (A), an item (1) or a sub-item ((a)), with its children."""

    id: str
    kind: str
    label: str
    title: str = ""
    text: str = ""
    children: list[Node] = field(default_factory=list)
    inferred: bool = False
    lines: list[int] = field(default_factory=list)

    def walk(self):
        """This node and every descendant, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class Footnote:
    """A footnote: its mark as printed (``*``, ``2``, ``2)``; empty for the bracketed German notes)."""

    mark: str
    text: str
    node: str
    nodes: list[str] = field(default_factory=list)
    offset: int | None = None
    lines: list[int] = field(default_factory=list)


@dataclass
class Ref:
    """A cross-reference in running text, normalised to a node id."""

    raw: str
    target: str
    node: str
    relative: bool = False


@dataclass
class Anomaly:
    """Something about the source that a reader should know: a gap, an inference, a partial article."""

    code: str
    node: str
    message: str
    line: int | None = None


@dataclass
class Article:
    """One law of one edition: the record written to ``corpus/records/<edition>/<law>.json``.

    `heading` is the law heading exactly as printed ("ARTIKEL 53 Accepteren ...", "§ 44: ...");
    `part` and `chapter` name the part headings above it (stored once in edition.json);
    `partial` marks an article the source has only in part.
    """

    edition: str
    language: str
    law: str
    title: str
    intro: str = ""
    nodes: list[Node] = field(default_factory=list)
    footnotes: list[Footnote] = field(default_factory=list)
    refs: list[Ref] = field(default_factory=list)
    anomalies: list[Anomaly] = field(default_factory=list)
    source: dict[str, Any] = field(default_factory=dict)
    heading: str = ""
    part: str = ""
    chapter: str = ""
    partial: bool = False
    intro_lines: list[int] = field(default_factory=list)

    def walk(self):
        """Every provision of the article, in document order."""
        for node in self.nodes:
            yield from node.walk()

    def node_ids(self) -> list[str]:
        """Ids of every provision, in document order."""
        return [node.id for node in self.walk()]

    def find(self, node_id: str) -> Node | None:
        """The provision with this id, or None."""
        return next((node for node in self.walk() if node.id == node_id), None)


@dataclass
class Entry:
    """A term and its definition (the Norwegian Definitions)."""

    term: str
    definition: str
    line: int | None = None


@dataclass
class FrontMatter:
    """A part of an edition that is not a law: title page, foreword, contents, definitions, preamble.

    `heading` is the part's heading exactly as printed, when the source prints one ("Forord til ...").
    """

    edition: str
    language: str
    id: str
    title: str
    paragraphs: list[str] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    source: dict[str, Any] = field(default_factory=dict)
    heading: str = ""
    refs: list[Ref] = field(default_factory=list)


@dataclass
class Heading:
    """A part or chapter heading that stands above a run of laws (German Teil/Abschnitt, Dutch Hoofdstuk)."""

    kind: str
    title: str
    line: int
    laws: list[str] = field(default_factory=list)


@dataclass
class Furniture:
    """A page number or running header that ingest removed from the text (`column`: where in the line)."""

    line: int
    kind: str
    text: str
    column: int | None = None


def to_dict(obj: Any) -> Any:
    """A record as plain data, dropping empty optional fields but keeping the DESIGN.md minimum."""
    if isinstance(obj, list):
        return [to_dict(item) for item in obj]
    if not hasattr(obj, "__dataclass_fields__"):
        return obj
    keep_always = {"edition", "language", "law", "title", "intro", "nodes", "footnotes", "refs",
                   "anomalies", "source", "id", "kind", "label", "text", "children", "mark", "node",
                   "raw", "target", "code", "message", "term", "definition", "paragraphs"}
    result = {}
    for f in fields(obj):
        value = getattr(obj, f.name)
        # `0` is a value (a furniture column, a footnote offset), not an empty field: compare by identity
        if f.name not in keep_always and (value is None or value is False or value in ("", [], {})):
            continue
        result[f.name] = to_dict(value) if isinstance(value, list) else value
    return result


def dumps(obj: Any) -> str:
    """Stable JSON for a record: UTF-8, two-space indent, field order as declared, newline at end."""
    return json.dumps(to_dict(obj), ensure_ascii=False, indent=2) + "\n"


def node_from_dict(data: dict) -> Node:
    """Rebuild a Node (and its children) from its JSON form."""
    data = dict(data)
    data["children"] = [node_from_dict(child) for child in data.get("children", [])]
    return Node(**data)


def article_from_dict(data: dict) -> Article:
    """Rebuild an Article from its JSON form."""
    data = dict(data)
    data["nodes"] = [node_from_dict(node) for node in data.get("nodes", [])]
    data["footnotes"] = [Footnote(**item) for item in data.get("footnotes", [])]
    data["refs"] = [Ref(**item) for item in data.get("refs", [])]
    data["anomalies"] = [Anomaly(**item) for item in data.get("anomalies", [])]
    return Article(**data)


def front_from_dict(data: dict) -> FrontMatter:
    """Rebuild a FrontMatter record from its JSON form."""
    data = dict(data)
    data["entries"] = [Entry(**item) for item in data.get("entries", [])]
    data["refs"] = [Ref(**item) for item in data.get("refs", [])]
    return FrontMatter(**data)

