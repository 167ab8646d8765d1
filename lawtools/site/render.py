"""One law's page: every edition side by side aligned by node id, each edition in its own tab, footnotes.

Pure functions from records to Markdown with raw HTML blocks; nothing here imports mkdocs. Anchors are node
ids (`#64B3`) in the side-by-side view, so links are the same whatever the language; the tabs use
`<edition>-<id>` so ids stay unique on the page.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ..citation import Citation, node_sort_key
from ..model import Article, Node
from .escape import attr, text
from .inline import Link, Marker, render_inline
from .links import SiteMap, law_page


@dataclass(frozen=True)
class EditionLabel:
    """How an edition is named on the site."""

    id: str
    language: str
    language_name: str
    year: int

    @property
    def label(self) -> str:
        """'Svenska 2007'."""
        return f"{self.language_name} {self.year}"


@dataclass(frozen=True)
class RuleLink:
    """An executable function that implements (part of) a law, as linked from the law's page."""

    name: str
    href: str
    provisions: tuple[str, ...] = ()


@dataclass
class LawPage:
    """Everything a law page shows besides the records themselves."""

    law: str
    title_en: str
    editions: dict[str, EditionLabel]
    sitemap: SiteMap
    rules: list[RuleLink] = field(default_factory=list)
    diff_href: str | None = None
    differing: set[str] = field(default_factory=set)  # provisions that differ between editions (on the diff page)
    partial: set[str] = field(default_factory=set)  # editions that have the law only in part


def law_heading(law: str, title_en: str) -> str:
    """'Law 64 · Procedure after Establishment of a Revoke' (the reference title, or just 'Law 64')."""
    return f"Law {law} · {title_en}" if title_en else f"Law {law}"


def provision_link(src: str, sitemap: SiteMap, provision: str, missing: str = "") -> str:
    """A cited provision as code, linked from page src to where the site shows it (titled `missing` if nowhere)."""
    target = sitemap.link(src, provision)
    if target is None:
        title = f' title="{attr(missing)}"' if missing else ""
        return f"<code{title}>{text(provision)}</code>"
    return f'<a href="{attr(target)}"><code>{text(provision)}</code></a>'


def render_law(page: LawPage, articles: dict[str, Article]) -> str:
    """The Markdown of a law page from its articles (edition id -> article, in edition order)."""
    src = law_page(page.law)
    editions = [page.editions[e] for e in articles]
    ids = sorted({i for a in articles.values() for i in a.node_ids()}, key=node_sort_key)
    cells = {e: _CellRenderer(a, page.sitemap, src) for e, a in articles.items()}
    code = _code_links(page.rules)
    if page.diff_href:
        for node_id in page.differing:
            code[node_id] = (f'<a class="lt-differs" href="{attr(page.diff_href)}#{attr(node_id)}" '
                             f'title="differs between editions">≠ differs</a>') + code.get(node_id, "")
    parts = [f"# {text(law_heading(page.law, page.title_en))} {{#law-{page.law}}}", "", _lead(page, articles), ""]
    parts += ["## Side by side {#side-by-side}", "", _parallel_head(editions)]
    group: list[str] = [_row(page.law, "lt-law", editions, lambda e: cells[e].intro(), code.get(page.law, ""))]
    for node_id in ids:
        citation = Citation.try_parse(node_id)
        top_level = citation is not None and citation.depth == 1
        if top_level:
            parts += [_grid(group, editions), "", f"### {text(node_id)} {{#{attr(node_id)} .lt-section}}", ""]
            group = []
        depth = citation.depth if citation else 1
        group.append(_row(None if top_level else node_id, f"lt-depth-{depth}", editions,
                          lambda e, i=node_id: cells[e].node(i), code.get(node_id, "")))
    parts += [_grid(group, editions), ""]
    if len(articles) > 1:
        parts += ["## Each edition {#each-edition}", "", _tabs(page, articles, cells), ""]
    notes = _footnotes(page, articles)
    if notes:
        parts += ["## Footnotes {#footnotes}", "", notes, ""]
    return "\n".join(parts)


def _lead(page: LawPage, articles: dict[str, Article]) -> str:
    names = []
    for edition_id in articles:
        partial = " (partial)" if edition_id in page.partial else ""
        names.append(f'<span class="lt-chip">{text(page.editions[edition_id].label + partial)}</span>')
    parts = [f'<p class="lt-in">In {len(articles)} edition{"s" if len(articles) != 1 else ""}: {" ".join(names)}']
    if page.diff_href:
        parts.append(f' · <a href="{attr(page.diff_href)}">differences between editions</a>')
    parts.append("</p>")
    if page.rules:
        links = "".join(f'<li><a href="{attr(r.href)}"><code>{text(r.name)}</code></a> '
                        f'<span class="lt-muted">{text(", ".join(r.provisions))}</span></li>' for r in page.rules)
        parts.append(f'<div class="admonition example lt-rules"><p class="admonition-title">Implemented in code</p>'
                     f"<ul>{links}</ul></div>")
    return '<div class="lt-lead">' + "".join(parts) + "</div>"


def _parallel_head(editions: list[EditionLabel]) -> str:
    cols = "".join(f'<div class="lt-cell">{text(e.label)}</div>' for e in editions)
    # a <header>, not a <div>: material's search indexer ends an exclusion at the first closing tag of the same name
    return (f'<header class="lt-parallel lt-parallel-head" style="--lt-cols: {len(editions)}" aria-hidden="true" '
            f'data-search-exclude><div class="lt-row"><div class="lt-id"></div>{cols}</div></header>\n')


def _grid(rows: list[str], editions: list[EditionLabel]) -> str:
    if not rows:
        return ""
    return f'<div class="lt-parallel" style="--lt-cols: {len(editions)}">\n' + "\n".join(rows) + "\n</div>\n"


def _code_links(rules: list[RuleLink]) -> dict[str, str]:
    """node id -> links to the functions implementing that provision (shown beside its row)."""
    links: dict[str, list[str]] = defaultdict(list)
    for rule in rules:
        for provision in rule.provisions:
            links[provision].append(f'<a class="lt-impl" href="{attr(rule.href)}" title="implemented by '
                                    f'{attr(rule.name)}"><code>ƒ {text(rule.name)}</code></a>')
    return {node: "".join(items) for node, items in links.items()}


def _row(node_id: str | None, css: str, editions: list[EditionLabel], cell, code: str = "") -> str:
    ident = f' id="{attr(node_id)}"' if node_id else ""
    link = f'<a href="#{attr(node_id)}">{text(node_id)}</a>' if node_id else ""
    label = f'<span class="lt-id">{link}{code}</span>'
    body = "".join(
        f'<div class="lt-cell" lang="{attr(e.language)}" data-edition="{attr(e.label)}">{cell(e.id)}</div>'
        for e in editions
    )
    return f'<div class="lt-row {css}"{ident}>{label}{body}</div>'


class _CellRenderer:
    """Renders one edition's provisions of a law: text with links, footnote markers and anomalies."""

    def __init__(self, article: Article, sitemap: SiteMap, src: str):
        self.article = article
        self.nodes = {node.id: node for node in article.walk()}
        self.links: dict[str, list[Link]] = defaultdict(list)
        for ref in article.refs:
            self.links[ref.node].append(Link(ref.raw, sitemap.link(src, ref.target), ref.target))
        self.markers: dict[str, list[Marker]] = defaultdict(list)
        for number, note in enumerate(article.footnotes, 1):
            mark = note.mark or str(number)
            html = (f'<sup class="lt-fn"><a href="#{attr(_note_id(article.edition, number))}" '
                    f'title="{attr(note.text[:200])}">{text(mark)}</a></sup>')
            for target in _note_targets(note, article.law):
                offset = note.offset if target == (note.node or article.law) else None
                self.markers[target].append(_marker(self._text(target), mark, offset, html))
        self.anomalies: dict[str, list[str]] = defaultdict(list)
        for anomaly in article.anomalies:
            where = anomaly.node if anomaly.node in self.nodes else article.law
            self.anomalies[where].append(
                f'<div class="lt-anomaly" data-code="{attr(anomaly.code)}"><span class="lt-anomaly-code">'
                f'{text(anomaly.code)}</span> {text(anomaly.message)}</div>')

    def _text(self, node_id: str) -> str:
        node = self.nodes.get(node_id)
        return node.text if node else self.article.intro if node_id == self.article.law else ""

    def intro(self) -> str:
        """The law's title as the edition prints it, its introductory text and law-level anomalies."""
        law = self.article.law
        heading = " · ".join(h for h in (self.article.part, self.article.chapter) if h)
        parts = [f'<p class="lt-part">{text(heading)}</p>' if heading else "",
                 f'<p class="lt-native-title">{text(self.article.title)}</p>']
        if self.article.intro or self.markers.get(law):
            parts.append(f"<p>{render_inline(self.article.intro, self.links[law], self.markers[law])}</p>")
        parts += self.anomalies.get(law, [])
        return "".join(parts)

    def node(self, node_id: str) -> str:
        """One provision's own text (children have rows of their own), or a dash when the edition lacks it."""
        node = self.nodes.get(node_id)
        if node is None:
            return '<span class="lt-absent" title="not in this edition">—</span>'
        return self._body(node)

    def _body(self, node: Node) -> str:
        css, hint = ("lt-label lt-inferred", ' title="inferred: the source does not print this number or letter"') \
            if node.inferred else ("lt-label", "")
        label = f'<span class="{css}"{hint}>{text(_printed_label(node))}</span> ' if node.label else ""
        title = f"<strong>{text(node.title)}</strong> " if node.title else ""
        body = render_inline(node.text, self.links[node.id], self.markers[node.id])
        parts = [f"<p>{label}{title}{body}</p>", *self.anomalies.get(node.id, [])]
        return "".join(parts)

    def tree(self, nodes: list[Node], edition: str) -> str:
        """The edition's provisions nested as in the source, each with an anchor and a link to its row."""
        out = []
        for node in nodes:
            out.append(f'<div class="lt-node lt-{attr(node.kind)}" id="{attr(edition)}-{attr(node.id)}">'
                       f'<a class="lt-id" href="#{attr(node.id)}" title="side by side">{text(node.id)}</a>'
                       f"{self._body(node)}{self.tree(node.children, edition)}</div>")
        return "".join(out)


def _note_targets(note, law: str) -> list[str]:
    """The provisions a footnote is marked in: its own node first, then any others that carry its mark."""
    first = note.node or law
    return [first, *(n for n in note.nodes if n != first)]


def _marker(value: str, mark: str, offset: int | None, html: str) -> Marker:
    """Where a footnote's marker goes in a text: at the recorded offset (on the printed mark, when the text
    keeps it there), else on the printed mark if it is a symbol the text shows (*, †), else after the text."""
    if offset is not None:
        keeps = bool(mark) and value[offset:offset + len(mark)] == mark
        return Marker(offset, html, len(mark) if keeps else 0)
    symbol = bool(mark) and not any(c.isalnum() for c in mark)
    found = value.find(mark) if symbol else -1
    return Marker(found, html, len(mark)) if found >= 0 else Marker(None, html)


def _printed_label(node: Node) -> str:
    if node.kind == "section":
        return f"{node.label}."
    if node.kind == "item":
        return f"{node.label}."
    return f"({node.label})" if not node.label.startswith("(") else node.label


def _source(article: Article) -> str:
    """Where the edition's text of the law stands in its source file."""
    lines = article.source.get("lines") or []
    where = f", lines {lines[0]}–{lines[-1]}" if len(lines) >= 2 else ""
    if not article.source.get("file"):
        return ""
    return (f'<p class="lt-source" lang="en">Source: <code>{text(article.source["file"])}</code>{text(where)}'
            f'{" (the source has this law only in part)" if article.partial else ""}</p>')


def _note_id(edition: str, number: int) -> str:
    return f"fn-{edition}-{number}"


def _tabs(page: LawPage, articles: dict[str, Article], cells: dict[str, _CellRenderer]) -> str:
    inputs, labels, blocks = [], [], []
    for index, (edition_id, article) in enumerate(articles.items()):
        label = page.editions[edition_id]
        tab_id = f"lt-tab-{edition_id}"
        inputs.append(f'<input{" checked" if index == 0 else ""} id="{attr(tab_id)}" name="lt-tabs" type="radio">')
        labels.append(f'<label for="{attr(tab_id)}">{text(label.label)}</label>')
        cell = cells[edition_id]
        blocks.append(f'<div class="tabbed-block"><div class="lt-edition" lang="{attr(label.language)}">'
                      f"{cell.intro()}{cell.tree(article.nodes, edition_id)}{_source(article)}</div></div>")
    # wrapped in a <section> because material's search indexer ends an exclusion at the first closing tag
    # of the same name, and the tabs are all <div>s: the text is indexed once, in the side-by-side view
    return (f'<section class="lt-tabs-wrap" data-search-exclude><div class="tabbed-set tabbed-alternate lt-tabs" '
            f'data-tabs="1:{len(articles)}">{"".join(inputs)}<div class="tabbed-labels">{"".join(labels)}</div>\n'
            f'<div class="tabbed-content">\n' + "\n".join(blocks) + "\n</div>\n</div></section>")


def _footnotes(page: LawPage, articles: dict[str, Article]) -> str:
    sections = []
    for edition_id, article in articles.items():
        if not article.footnotes:
            continue
        label = page.editions[edition_id]
        items = []
        for number, note in enumerate(article.footnotes, 1):
            targets = note.nodes or [note.node or article.law]
            back = " ".join(f'<a class="lt-back" href="#{attr(t)}">↩ {text(t)}</a>' for t in targets)
            items.append(f'<li id="{attr(_note_id(edition_id, number))}"><span class="lt-mark">'
                         f"{text(note.mark or str(number))}</span> {text(note.text)} {back}</li>")
        sections.append(f'<div class="lt-notes" lang="{attr(label.language)}"><p class="lt-notes-title">'
                        f'{text(label.label)}</p><ul>{"".join(items)}</ul></div>')
    return "\n".join(sections)
