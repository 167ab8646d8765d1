"""Pages about the corpus as a whole: home (coverage matrix), the list of laws, editions and their front matter."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import FrontMatter, Ref
from .escape import attr, text
from .inline import Link, render_inline
from .links import DIFF_INDEX, EDITIONS_INDEX, HOME, LAWS_INDEX, SiteMap, diff_page, edition_page, href, law_page
from .render import EditionLabel


@dataclass
class EditionInfo:
    """One edition as the site presents it (from edition.json and the manifest)."""

    label: EditionLabel
    title: str
    provenance: str
    laws: list[str]
    partial: set[str] = field(default_factory=set)
    front: list[FrontMatter] = field(default_factory=list)
    headings: list[dict] = field(default_factory=list)
    notes: str = ""
    source: str = ""


@dataclass
class Coverage:
    """Which laws exist where: the rows of the home page's matrix."""

    laws: list[str]
    titles: dict[str, str]
    editions: list[EditionInfo]
    diffs: set[str] = field(default_factory=set)
    rules: dict[str, int] = field(default_factory=dict)  # law -> number of functions implementing it
    all_laws: list[str] = field(default_factory=list)  # every law with a page (1-93), present or not

    def every(self) -> list[str]:
        """Every law with a page, those no edition has included."""
        return self.all_laws or self.laws


def render_home(coverage: Coverage, sections: dict[str, str]) -> str:
    """The home page: what the site is, how to search, and the laws x editions coverage matrix."""
    editions = coverage.editions
    langs = ", ".join(e.label.label for e in editions)  # "Norsk bokmål 2017, ..., Norsk bokmål 2007"
    links = "".join(f'<li><a href="{attr(href(HOME, src))}">{text(name)}</a></li>' for name, src in sections.items())
    parts = [
        "# The Laws of Duplicate Bridge, side by side",
        "",
        '<div class="lt-lead">',
        f"<p>{len(coverage.laws)} laws in {len(editions)} national editions ({text(langs)}), parsed from their "
        "sources into structured records and published here with every edition of a law on one page, aligned "
        "provision by provision: a translator reads 64B3 in each language on one row. Anchors are the "
        "provisions' own citations (<code>laws/64/#64B3</code>), the same in every language.</p>",
        f'<ul class="lt-sections">{links}</ul>' if links else "",
        "</div>",
        "",
        "## How to search {#how-to-search}",
        "",
        '<div class="lt-help"><p>Press <kbd>/</kbd> or use the search box. Type words in any of the '
        "languages: Swedish, Norwegian, German, Dutch or English (<em>revoke</em>, <em>felande</em>, "
        "<em>Revokestich</em>, <em>verzaking</em>, <em>stokking</em>). Words match from their beginning, so "
        "type the shorter form: <em>verzaking</em> also finds <em>verzakingen</em>, <em>Stich</em> finds "
        "<em>Stiche</em>. A result opens the law page at the section, with the words highlighted.</p>"
        "<p>For searches that know inflections and translate concepts between languages, use "
        "<code>lawtools search</code> on the command line.</p></div>",
        "",
        "## Coverage {#coverage}",
        "",
        _matrix(coverage, collapse=True),
        "",
    ]
    return "\n".join(parts)


def _matrix(coverage: Coverage, src: str = HOME, extra_columns: bool = True, collapse: bool = False) -> str:
    """Laws x editions: a row per law (those no edition has say so in words; with `collapse`, one row per run
    of them), a column per edition whose cells say yes / partial / no in text for screen readers."""
    head = "".join(f'<th scope="col"><a href="{attr(href(src, edition_page(e.label.id)))}">'
                   f'{_short_long(e.label.language, e.label.label)}</a></th>' for e in coverage.editions)
    diffs, rules = extra_columns and coverage.diffs, extra_columns and coverage.rules
    extra = ([("Δ", "Differences")] if diffs else []) + ([("ƒ", "Functions")] if rules else [])
    head += "".join(f'<th scope="col">{_short_long(short, long)}</th>' for short, long in extra)
    present = set(coverage.laws)
    rows = []
    every = coverage.every()
    width = 2 + len(coverage.editions) + len(extra)
    skip: set[str] = set()
    for index, law in enumerate(every):
        if law in skip:
            continue
        page = href(src, law_page(law))
        if collapse and law not in present:
            run = [law]
            for later in every[index + 1:]:
                if later in present:
                    break
                run.append(later)
            skip.update(run)
            if len(run) > 1:
                rows.append(f'<tr class="lt-missing"><th scope="row"><a href="{attr(page)}">{text(run[0])}–'
                            f'{text(run[-1])}</a></th><td class="lt-title" colspan="{width - 1}">'
                            f'<span class="lt-not-here">Laws {text(run[0])}–{text(run[-1])}: not in these '
                            f'editions</span></td></tr>')
                continue
        cells = []
        for edition in coverage.editions:
            if law in edition.partial:
                cells.append('<td class="lt-has lt-partial"><span aria-hidden="true">◐</span>'
                             '<span class="lt-sr">partial</span></td>')
            elif law in edition.laws:
                cells.append('<td class="lt-has"><span aria-hidden="true">●</span><span class="lt-sr">yes</span></td>')
            else:
                cells.append('<td class="lt-none"><span aria-hidden="true">·</span><span class="lt-sr">no</span></td>')
        if diffs:
            cells.append(f'<td><a href="{attr(href(src, diff_page(law)))}">diff<span class="lt-sr"> of Law '
                         f"{text(law)}</span></a></td>" if law in coverage.diffs else "<td></td>")
        if rules:
            count = coverage.rules.get(law, 0)
            cells.append(f"<td>{count}</td>" if count else "<td></td>")
        title = coverage.titles.get(law, "")
        absent = "" if law in present else ' <span class="lt-not-here">not in these editions</span>'
        missing = "" if law in present else ' class="lt-missing"'
        rows.append(f'<tr{missing}><th scope="row">'
                    f'<a href="{attr(page)}">{text(law)}</a></th>'
                    f'<td class="lt-title"><a href="{attr(page)}">{text(title)}</a>{absent}</td>{"".join(cells)}</tr>')
    return (f'<table class="lt-matrix"><thead><tr><th scope="col">Law</th>'
            f'<th scope="col">Title (2017 Laws)</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _short_long(short: str, long: str) -> str:
    """A label in two lengths; the stylesheet shows the short one on phones."""
    return f'<span class="lt-long">{text(long)}</span><span class="lt-short">{text(short)}</span>'


def render_laws_index(coverage: Coverage) -> str:
    """Every law 1-93 with the editions that have it; the laws no edition has are listed and say so."""
    every = coverage.every()
    missing = [law for law in every if law not in set(coverage.laws)]
    summary = (f"<p>{len(every)} laws; {len(coverage.laws)} of them are in at least one of the "
               f"{len(coverage.editions)} editions, {len(missing)} are in none (their pages say so). "
               "A row per law, a column per edition: ● the edition has the law, ◐ only in part, · not at all.</p>")
    return "\n".join(["# Laws", "", summary, "", _matrix(coverage, LAWS_INDEX, extra_columns=False), ""])


def render_editions_index(editions: list[EditionInfo]) -> str:
    """Every edition, grouped by language, each with its laws and links to its overview and front matter.

    The navigation lists this one page, not every edition: a navigation that grows with the editions is
    rendered into every page, which makes the site's build time grow with the square of the editions.
    """
    parts = ["# Editions {#editions}", "", f"<p>{len(editions)} edition(s) in "
             f"{len({e.label.language for e in editions})} language(s).</p>"]
    languages: dict[str, list[EditionInfo]] = {}
    for edition in editions:
        languages.setdefault(edition.label.language, []).append(edition)
    for language, members in languages.items():
        lang = attr(language)
        parts += ["", f"## {text(members[0].label.language_name)} {{#{lang}}}", "", '<ul class="lt-edition-list">']
        for edition in members:
            link = href(EDITIONS_INDEX, edition_page(edition.label.id))
            front = ", ".join(f'<a href="{attr(href(EDITIONS_INDEX, edition_page(edition.label.id, f.id)))}" '
                              f'lang="{lang}">{text(f.title)}</a>' for f in edition.front)
            count = len(edition.laws)
            span = "" if not count else edition.laws[0] if count == 1 else f"{edition.laws[0]}–{edition.laws[-1]}"
            laws = f"{count} law{'s' if count != 1 else ''}" + (f" ({text(span)})" if span else "")
            parts.append(f'<li><a href="{attr(link)}">{text(edition.label.label)}</a> '
                         f'<span lang="{lang}">{text(edition.title)}</span> <span class="lt-muted">{laws}</span>'
                         + (f"<br>Front matter: {front}" if front else "") + "</li>")
        parts.append("</ul>")
    return "\n".join(parts) + "\n"


def render_edition(edition: EditionInfo) -> str:
    """An edition's overview: title, provenance, laws, part headings and links to its front matter."""
    src = edition_page(edition.label.id)
    lang = attr(edition.label.language)
    parts = [f"# {text(edition.label.label)} {{#edition}}", "", '<div class="lt-lead">',
             f'<p class="lt-native-title" lang="{lang}">{text(edition.title)}</p>',
             f'<dl class="lt-facts"><dt>Edition id</dt><dd><code>{text(edition.label.id)}</code></dd>'
             f'<dt>Provenance</dt><dd lang="{lang}">{text(edition.provenance)}</dd></dl>']
    # for maintainers, folded: the source file and how the parser reads its layout
    notes = f"<p>{text(edition.notes)}</p>" if edition.notes else ""
    parts.append(f'<details class="lt-source-notes"><summary>Source notes</summary><p>Source: <code>'
                 f"{text(edition.source)}</code></p>{notes}</details>")
    parts.append("</div>")
    if edition.front:
        parts += ["", "## Front matter {#front-matter}", "", '<ul class="lt-law-list">' + "".join(
            f'<li><a href="{attr(href(src, edition_page(edition.label.id, f.id)))}" lang="{lang}">'
            f"{text(f.title)}</a></li>" for f in edition.front) + "</ul>"]
    laws = "".join(f'<li><a href="{attr(href(src, law_page(law)))}">{text(law)}</a>'
                   f'{" (partial)" if law in edition.partial else ""}</li>' for law in edition.laws)
    parts += ["", "## Laws {#laws}", "", f'<ul class="lt-law-grid">{laws}</ul>']
    if edition.headings:
        items = "".join(
            f'<li lang="{lang}">{text(h.get("title", ""))} <span class="lt-muted">'
            f'{text(", ".join(h.get("laws", [])))}</span></li>' for h in edition.headings)
        parts += ["", "## Parts and chapters {#headings}", "", f"<ul>{items}</ul>"]
    return "\n".join(parts) + "\n"


def render_front(front: FrontMatter, label: EditionLabel, sitemap: SiteMap | None = None) -> str:
    """A front matter record (foreword, introduction, definitions ...) with its cross-references linked."""
    lang = attr(label.language)
    src = edition_page(label.id, front.id)
    linker = _SequentialLinks(front.refs, sitemap, src)
    parts = [f"# {text(front.title)} {{#{attr(front.id)}}}", "",
             f'<p class="lt-muted">{text(label.label)} · front matter</p>', ""]
    if front.paragraphs:
        parts.append(f'<div class="lt-front" lang="{lang}">'
                     + "".join(f"<p>{linker.render(p)}</p>" for p in front.paragraphs) + "</div>")
    if front.entries:
        anchors = definition_anchors([e.term for e in front.entries])
        entries = "".join(f'<dt id="{attr(anchor)}">{linker.render(e.term)}</dt><dd>{linker.render(e.definition)}</dd>'
                          for anchor, e in zip(anchors, front.entries, strict=True))
        parts += ["", f'<dl class="lt-definitions" lang="{lang}">{entries}</dl>']
    return "\n".join(parts) + "\n"


class _SequentialLinks:
    """Links a front matter record's references, which name the record rather than a paragraph: they are
    taken in order, each in the first text (from the current one on) that contains its words."""

    def __init__(self, refs: list[Ref], sitemap: SiteMap | None, src: str):
        self.refs = list(refs) if sitemap else []
        self.sitemap, self.src, self.next = sitemap, src, 0

    def render(self, value: str) -> str:
        links, cursor = [], 0
        while self.next < len(self.refs):
            ref = self.refs[self.next]
            found = value.find(ref.raw, cursor) if ref.raw else -1
            if found < 0:
                break
            links.append(Link(ref.raw, self.sitemap.link(self.src, ref.target), ref.target))
            cursor = found + len(ref.raw)
            self.next += 1
        return render_inline(value, links)


def definition_anchors(terms: list[str]) -> list[str]:
    """The anchor of each defined term: 'term-' + the term with spaces as hyphens, numbered when repeated."""
    seen: dict[str, int] = {}
    anchors = []
    for term in terms:
        anchor = "term-" + "-".join(term.lower().split())
        seen[anchor] = seen.get(anchor, 0) + 1
        anchors.append(anchor if seen[anchor] == 1 else f"{anchor}-{seen[anchor]}")
    return anchors


def render_diff_index(coverage: Coverage, diffs: dict[str, dict]) -> str:
    """The list of laws with more than one edition, each with how many of its provisions differ."""
    rows = []
    for law, result in diffs.items():
        differing = sum(1 for p in result["provisions"] if p.get("differences"))
        rows.append(f'<tr><th scope="row"><a href="{attr(href(DIFF_INDEX, diff_page(law)))}">{text(law)}</a></th>'
                    f"<td>{text(coverage.titles.get(law, ''))}</td><td>{text(', '.join(result['editions']))}</td>"
                    f"<td>{differing} of {len(result['provisions'])}</td></tr>")
    return "\n".join([
        "# Differences between editions", "",
        "<p>Every law that more than one edition has, compared provision by provision with "
        "<code>lawtools diff</code>: structure, references, concepts, numbers and footnotes across languages, "
        "and wording within a language.</p>", "",
        '<table class="lt-matrix"><thead><tr><th>Law</th><th>Title (2017 Laws)</th><th>Editions</th>'
        f'<th>Provisions that differ</th></tr></thead><tbody>{"".join(rows)}</tbody></table>', ""])
