"""One law's page: every edition side by side aligned by node id, each edition in its own tab, footnotes.

Pure functions from records to Markdown with raw HTML blocks; nothing here imports mkdocs. Anchors are node
ids (`#64B3`) in the side-by-side view, so links are the same whatever the language; the tabs use
`<edition>-<id>` so ids stay unique on the page.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ..citation import Citation
from ..model import Article, Node
from .escape import attr, text
from .inline import Link, Marker, render_inline
from .links import SiteMap, href, law_page
from .pairing import Row, pair_rows


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
    links: list[dict] = field(default_factory=list)  # concordance links (pairing.pair_rows); none: pair by id
    previous: tuple[str, str] | None = None  # (law, English title) of the law before, and after
    next: tuple[str, str] | None = None
    coverage: dict[str, str] = field(default_factory=dict)  # edition -> the laws it has ('41–71'), for absent laws


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
    """The Markdown of a law page from its articles (edition id -> article, in edition order).

    The text comes first: an edition picker and sticky column heads, then one row per provision as
    `pairing.pair_rows` pairs them, each edition's footnotes beside the provision they annotate; then the
    functions implementing the law, the source notes (for maintainers, folded) and the previous/next law.
    """
    src = law_page(page.law)
    if not articles:
        return render_absent_law(page)
    editions = [page.editions[e] for e in articles]
    cells = {e: _CellRenderer(a, page.sitemap, src) for e, a in articles.items()}
    code = _code_links(page.rules)
    rows = pair_rows(page.law, articles, page.links)
    used = {r.key for r in rows} | {page.law}
    head = _print_head(editions)
    parts = [f"# {text(law_heading(page.law, page.title_en))} {{#law-{page.law}}}", "",
             "## Side by side {#side-by-side .lt-sr}", "", _picker(page, articles), ""]
    group: list[str] = [_row(page.law, "lt-law", editions, lambda e: cells[e].intro(), code.get(page.law, ""))]
    for row in rows:
        top_level = row.depth == 1 and Citation.try_parse(row.key) is not None
        if top_level:  # a section: its heading (the section's anchor), then a table of its provisions
            parts += [_table(group, head, editions), "", f"## {text(row.key)} {{#{attr(row.key)} .lt-section}}", ""]
            group = []
        differs = ""
        if page.diff_href and row.key in page.differing and row.relation == "same":
            differs = (f'<a class="lt-differs" href="{attr(page.diff_href)}#{attr(row.key)}" '
                       f'title="differs between editions">≠<span class="lt-sr"> differs between editions</span></a>')
        marker = _relation_marker(row, page) + differs + code.get(row.key, "")
        group.append(_row(None if top_level else row.key, f"lt-depth-{row.depth}", editions,
                          lambda e, r=row: cells[e].node(r.cells.get(e), r.key, used), marker, row))
    parts += [_table(group, head, editions), ""]
    if page.rules:
        links = "".join(f'<li><a href="{attr(r.href)}"><code>{text(r.name)}</code></a> '
                        f'<span class="lt-muted">{text(", ".join(r.provisions))}</span></li>' for r in page.rules)
        parts += ["## Implemented in code {#implemented-in-code}", "",
                  f'<ul class="lt-rules">{links}</ul>', ""]
    parts += [_source_notes(page, articles), "", _prev_next(page), ""]
    return "\n".join(parts)


def render_absent_law(page: LawPage) -> str:
    """The page of a law no edition of the corpus has: its English title and which laws each edition has."""
    covered = "".join(f"<li>{text(label.label)}: {text(page.coverage.get(edition, ''))}</li>"
                      for edition, label in page.editions.items())
    return "\n".join([
        f"# {text(law_heading(page.law, page.title_en))} {{#law-{page.law}}}", "",
        f'<div class="lt-absent-law"><p><strong>Law {text(page.law)} is not in these editions.</strong> '
        f"None of the {len(page.editions)} editions published here has the text of Law {text(page.law)}"
        + (f" (<em>{text(page.title_en)}</em>, as the 2017 Laws title it)" if page.title_en else "")
        + ".</p>", "<p>The editions have these laws:</p>", f"<ul>{covered}</ul></div>", "",
        _prev_next(page), ""])


def _picker(page: LawPage, articles: dict[str, Article]) -> str:
    """The head that sticks above the text: the edition picker (shown by the script; without it every edition
    shows) and the edition of each column. A <header>, as material's search indexer ends an exclusion at the
    first closing tag of the same name."""
    buttons = []
    for edition_id in articles:
        label = page.editions[edition_id]
        partial = " (partial)" if edition_id in page.partial else ""
        buttons.append(f'<button type="button" class="lt-ed" data-ed="{attr(edition_id)}" aria-pressed="true">'
                       f'<span lang="{attr(label.language)}">{text(label.label)}</span>{text(partial)}</button>')
    diff = (f'<a class="lt-difflink" href="{attr(page.diff_href)}">Differences</a>' if page.diff_href else "")
    editions = [page.editions[e] for e in articles]
    picker = (f'<div class="lt-picker" role="group" aria-label="Editions shown" hidden><span class="lt-picker-label" '
              f'aria-hidden="true">Show</span>{"".join(buttons)}{diff}</div>' if len(buttons) > 1 else "")
    return (f'<header class="lt-sticky lt-reading" data-law="{attr(page.law)}" '
            f'data-editions="{attr(" ".join(articles))}" data-search-exclude>{picker}{_parallel_head(editions)}'
            "</header>")


def _relation_marker(row: Row, page: LawPage) -> str:
    """A visible word for a row the pairing says changed or moved (with the other numbers), else nothing."""
    if row.moved or row.relation == "renumbered":
        numbers = ", ".join(f"{page.editions[e].label if e in page.editions else e} {n}"
                            for e, n in row.cells.items() if n and n != row.key)
        return f'<span class="lt-rel lt-rel-moved" title="{attr("numbered " + numbers)}">moved</span>'
    if row.relation in ("split", "merged", "new", "removed"):
        # the counterparts in words, not only on hover: a phone has none (an edition's name kept on one line)
        others = "; ".join(f'<span class="lt-rel-ed">{text(e)}</span> {text(", ".join(ids))}'
                           for e, ids in row.counterparts.items())
        shown = f'<span class="lt-rel-of">{others}</span>' if others else ""
        return f'<span class="lt-rel lt-rel-{attr(row.relation)}">{text(row.relation)}</span>{shown}'
    if row.relation == "changed":
        if page.diff_href:
            return f'<a class="lt-rel lt-rel-changed" href="{attr(page.diff_href)}#{attr(row.key)}">changed</a>'
        return '<span class="lt-rel lt-rel-changed">changed</span>'
    return ""


def _parallel_head(editions: list[EditionLabel]) -> str:
    """The row naming each column's edition, for the eye (each table has its own head for screen readers)."""
    cols = "".join(f'<div class="lt-cell">{text(e.label)}</div>' for e in editions)
    return (f'<div class="lt-parallel lt-parallel-head" style="--lt-cols: {len(editions)}" aria-hidden="true">'
            f'<div class="lt-row"><div class="lt-id"></div>{cols}</div></div>')


def _print_head(editions: list[EditionLabel]) -> str:
    """A table's head: read out by screen readers with each cell, repeated on every printed page."""
    cols = "".join(f'<th class="lt-cell" scope="col" data-ed="{attr(e.id)}">{text(e.label)}</th>' for e in editions)
    return ('<thead class="lt-table-head" data-search-exclude><tr class="lt-row">'
            f'<th class="lt-id" scope="col">Provision</th>{cols}</tr></thead>')


def _table(rows: list[str], head: str, editions: list[EditionLabel]) -> str:
    """One section's provisions as a table (on screen each row is a grid; printed, a table row)."""
    if not rows:
        return ""
    return (f'<table class="lt-parallel-table" style="--lt-cols: {len(editions)}">{head}\n'
            '<tbody class="lt-parallel">\n' + "\n".join(rows) + "\n</tbody></table>\n")


def _code_links(rules: list[RuleLink]) -> dict[str, str]:
    """node id -> a one-letter link (ƒ) to each function implementing that provision, named in its title."""
    links: dict[str, list[str]] = defaultdict(list)
    for rule in rules:
        for provision in rule.provisions:
            links[provision].append(f'<a class="lt-impl" href="{attr(rule.href)}" title="implemented by '
                                    f'{attr(rule.name)}">ƒ<span class="lt-sr"> implemented by {text(rule.name)}'
                                    "</span></a>")
    return {node: "".join(items) for node, items in links.items()}


def _row(node_id: str | None, css: str, editions: list[EditionLabel], cell, marker: str = "",
         pairing: Row | None = None) -> str:
    ident = f' id="{attr(node_id)}"' if node_id else ""
    link = f'<a href="#{attr(node_id)}">{text(node_id)}</a>' if node_id else ""
    label = f'<th class="lt-id" scope="row">{link}{marker}</th>' if link else f'<td class="lt-id">{marker}</td>'
    relation = f' data-relation="{attr(pairing.relation)}"' if pairing and pairing.relation != "same" else ""
    body = "".join(
        f'<td class="lt-cell" lang="{attr(e.language)}" data-ed="{attr(e.id)}" data-edition="{attr(e.label)}">'
        f"{cell(e.id)}</td>" for e in editions)
    return f'<tr class="lt-row {css}"{ident}{relation}>{label}{body}</tr>'


class _CellRenderer:
    """Renders one edition's provisions of a law: text with links, footnote markers and the notes themselves."""

    def __init__(self, article: Article, sitemap: SiteMap, src: str):
        self.article = article
        self.nodes = {node.id: node for node in article.walk()}
        self.links: dict[str, list[Link]] = defaultdict(list)
        for ref in article.refs:
            self.links[ref.node].append(Link(ref.raw, sitemap.link(src, ref.target), ref.target))
        self.markers: dict[str, list[Marker]] = defaultdict(list)
        self.notes: dict[str, list[str]] = defaultdict(list)  # node -> the footnotes shown beside it
        for number, note in enumerate(article.footnotes, 1):
            mark = note.mark or str(number)
            note_id = _note_id(article.edition, number)
            html = (f'<sup class="lt-fn"><a href="#{attr(note_id)}" '
                    f'title="{attr(note.text[:200])}">{text(mark)}</a></sup>')
            targets = _note_targets(note, article.law)
            for target in targets:
                offset = note.offset if target == (note.node or article.law) else None
                self.markers[target].append(_marker(self._text(target), mark, offset, html))
            home = targets[0] if targets[0] in self.nodes else article.law
            self.notes[home].append(f'<small class="lt-note" id="{attr(note_id)}"><span class="lt-mark">'
                                    f"{text(mark)}</span> {text(note.text)}</small>")

    def _text(self, node_id: str) -> str:
        node = self.nodes.get(node_id)
        return node.text if node else self.article.intro if node_id == self.article.law else ""

    def intro(self) -> str:
        """The law's title as the edition prints it, its introductory text and its law-level footnotes."""
        law = self.article.law
        heading = " · ".join(h for h in (self.article.part, self.article.chapter) if h)
        parts = [f'<p class="lt-part">{text(heading)}</p>' if heading else "",
                 f'<p class="lt-native-title">{text(self.article.title)}</p>']
        if self.article.intro or self.markers.get(law):
            parts.append(f"<p>{render_inline(self.article.intro, self.links[law], self.markers[law])}</p>")
        parts += self.notes.get(law, [])
        return "".join(parts)

    def node(self, node_id: str | None, row_key: str = "", used: set[str] = frozenset()) -> str:
        """One provision's own text (children have rows of their own), or a dash when the edition lacks it.

        The cell is the anchor `<edition>-<id>` (a link to one edition's text); a provision on a row named
        by another number also keeps its own number as an anchor when no row has it.
        """
        if node_id is None:
            return '<span class="lt-absent" title="not in this edition">—</span>'
        node = self.nodes[node_id]
        anchors = f'<span class="lt-anchor" id="{attr(self.article.edition)}-{attr(node_id)}"></span>'
        if node_id != row_key and node_id not in used:
            anchors += f'<span class="lt-anchor" id="{attr(node_id)}"></span>'
        return anchors + self._body(node)

    def _body(self, node: Node) -> str:
        css, hint = ("lt-label lt-inferred", ' title="inferred: the source does not print this number or letter"') \
            if node.inferred else ("lt-label", "")
        label = f'<span class="{css}"{hint}>{text(_printed_label(node))}</span> ' if node.label else ""
        title = f"<strong>{text(node.title)}</strong> " if node.title else ""
        body = render_inline(node.text, self.links[node.id], self.markers[node.id])
        return "".join([f"<p>{label}{title}{body}</p>", *self.notes.get(node.id, [])])

    def anomalies(self, src_link) -> list[str]:
        """The edition's anomalies in this law as list items, each linked to its provision."""
        items = []
        for anomaly in self.article.anomalies:
            where = anomaly.node if anomaly.node in self.nodes else self.article.law
            line = f", line {anomaly.line}" if anomaly.line else ""
            items.append(f'<li class="lt-anomaly" data-code="{attr(anomaly.code)}">{src_link(where)} '
                         f'<code class="lt-anomaly-code">{text(anomaly.code)}</code> {text(anomaly.message)}'
                         f"{text(line)}</li>")
        return items


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


def _source_notes(page: LawPage, articles: dict[str, Article]) -> str:
    """For maintainers, folded: where each edition's text stands in its source, and the anomalies found there."""
    blocks = []
    for edition_id, article in articles.items():
        cell = _CellRenderer(article, page.sitemap, law_page(page.law))
        items = cell.anomalies(lambda node: f'<a href="#{attr(node)}"><code>{text(node)}</code></a>')
        blocks.append(f'<div class="lt-notes-edition"><p class="lt-notes-title">{text(page.editions[edition_id].label)}'
                      f"</p>{_source(article)}" + (f'<ul class="lt-anomalies">{"".join(items)}</ul>' if items else "")
                      + "</div>")
    count = sum(len(a.anomalies) for a in articles.values())
    summary = f"Source notes ({count} anomal{'y' if count == 1 else 'ies'})" if count else "Source notes"
    return (f'<details class="lt-source-notes" id="source-notes"><summary>{summary}</summary>'
            '<p class="lt-muted">For maintainers: where the text stands in each source file and what the parser '
            f'noticed there.</p>{"".join(blocks)}</details>')


def _prev_next(page: LawPage) -> str:
    """Links to the law before and after this one (every law 1-93 has a page)."""
    links = []
    for which, rel, neighbour in (("lt-prev", "prev", page.previous), ("lt-next", "next", page.next)):
        if neighbour:
            law, title = neighbour
            arrow = ("← ", "") if rel == "prev" else ("", " →")
            target = href(law_page(page.law), law_page(law))
            links.append(f'<a class="{which}" rel="{rel}" href="{attr(target)}">{arrow[0]}'
                         f'<span class="lt-muted">{"Previous" if rel == "prev" else "Next"}</span> '
                         f"{text(law_heading(law, title))}{arrow[1]}</a>")
    return f'<nav class="lt-prevnext" aria-label="Previous and next law">{"".join(links)}</nav>' if links else ""
