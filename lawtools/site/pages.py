"""Which pages the site has, built from the corpus and whichever analysis modules exist.

A section whose module is not installed (diff, check, termbase, rules) is simply not generated: no page,
no navigation entry, no link to it.
"""

from __future__ import annotations

import html
import json
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..citation import Citation
from ..records import Corpus, law_ranges
from ..yamlio import package_data
from . import cache as site_cache
from . import page_memo, sources
from .links import (
    CHECK,
    DIFF_INDEX,
    EDITIONS_INDEX,
    GLOSSARY,
    HOME,
    LAWS_INDEX,
    RULES,
    SiteMap,
    diff_page,
    edition_page,
    href,
    law_page,
)
from .pairing import JOINING
from .render import EditionLabel, LawPage, law_heading, render_law
from .render_analysis import render_check
from .render_corpus import (
    Coverage,
    EditionInfo,
    render_diff_index,
    render_edition,
    render_editions_index,
    render_front,
    render_home,
    render_laws_index,
)
from .render_diff import DiffMarks, render_diff
from .render_glossary import render_glossary
from .render_rules import law_pages_with_rules, render_rules, rules_for_law


@dataclass
class SitePlan:
    """Generated pages (source path -> Markdown) and the navigation that lists them."""

    pages: dict[str, str] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)
    nav: list = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    hidden: dict[str, tuple[str, ...]] = field(default_factory=dict)  # src -> parts of the theme it hides
    unlisted: set[str] = field(default_factory=set)  # pages left out of the navigation on purpose
    memo: dict[str, int] = field(default_factory=dict)  # pages rendered / read back (page_memo)

    def add(self, src: str, title: str, body: str, hide: tuple[str, ...] = ()) -> None:
        """Add a page with its title (plain text) and Markdown body; `hide` names theme parts it does without
        (material's front matter `hide`: "toc", "navigation")."""
        self.pages[src] = body
        self.titles[src] = title
        if hide:
            self.hidden[src] = hide

    def document(self, src: str) -> str:
        """The page as mkdocs reads it: a front matter title, then the body.

        mkdocs puts page titles into <title> and the navigation without escaping, and would otherwise take
        them from the first heading with its character references decoded; the front matter title (escaped
        here, JSON-quoted so YAML reads it verbatim) takes precedence over both.
        """
        hide = "".join(f"\n  - {part}" for part in self.hidden.get(src, ()))
        return (f"---\ntitle: {json.dumps(html.escape(self.titles[src]))}\n" + (f"hide:{hide}\n" if hide else "")
                + f"---\n\n{self.pages[src]}")

    def entry(self, src: str) -> dict:
        """A navigation entry for a page."""
        return {html.escape(self.titles[src]): src}


@cache
def english_titles() -> dict[str, str]:
    """The 2017 Laws' English titles of Laws 1-93 (lawtools/data/law_titles_en.yaml)."""
    data = package_data("law_titles_en.yaml")
    return {str(k): v for k, v in data["titles"].items()}


@cache
def language_names() -> dict[str, str]:
    """Language code -> its name in that language (lawtools/data/languages.yaml)."""
    data = package_data("languages.yaml")
    return {code: entry["name"] for code, entry in data.items()}


def edition_infos(corpus: Corpus) -> list[EditionInfo]:
    """Every edition with records, as the site names and describes it."""
    names = language_names()
    infos = []
    for edition_id, data in corpus.edition_info.items():
        manifest = corpus.manifest.get(edition_id) if edition_id in corpus.manifest.ids() else None
        label = EditionLabel(edition_id, data["language"], names.get(data["language"], data["language"]),
                             int(data.get("year", manifest.year if manifest else 0)))
        infos.append(EditionInfo(
            label=label, title=data.get("title", ""), provenance=data.get("provenance", ""),
            laws=list(data["laws"]), partial=set(manifest.partial) if manifest else set(),
            front=corpus.front(edition_id), headings=data.get("headings", []),
            notes=manifest.notes if manifest else "", source=data.get("source", {}).get("file", ""),
        ))
    return infos


def plan_site(corpus: Corpus, progress=None, cache_dir: Path | None = None) -> SitePlan:
    """Every generated page of the site and its navigation (sections whose module is absent are left out).

    With a cache_dir, the slow analyses (diffs, checks) are reused from the last build (or from the stages of
    `lawtools build`) while what each depends on is unchanged (see site.cache); each analysis is keyed by the
    records it reads, so a site published with only some editions (site.yaml) keeps its own.
    """
    say = progress or (lambda message: None)
    analyses = site_cache.Analyses(corpus, cache_dir)  # each analysis keyed by its own inputs; `build` seeds them
    plan = SitePlan()
    editions = edition_infos(corpus)
    labels = {e.label.id: e.label for e in editions}
    titles = english_titles()
    laws = corpus.laws()
    sitemap = SiteMap(anchors={law: {law, *corpus.all_node_ids(law)} for law in laws})

    terms = sources.termbase(corpus)
    rules = _timed(say, "executable rules", sources.load_rules)
    diffs = _timed(say, "differences between editions", analyses.diffs, terms)
    findings = _timed(say, "consistency checks", analyses.findings, terms)
    glossary = _timed(say, "glossary", sources.load_glossary, corpus, terms)
    sitemap.diffs = set(diffs or {})
    coverage = Coverage(laws=laws, titles=titles, editions=editions, diffs=sitemap.diffs,
                        rules=law_pages_with_rules(rules) if rules else {}, all_laws=all_laws(laws, titles))

    every_law = coverage.every()
    concordance = sources.load_concordance(corpus)
    links_by_law = _links_by_law(concordance or [])  # one pass: every law page scanning every link grew
    # with laws x links
    ranges = {e.label.id: law_ranges(e.laws) for e in editions}
    absent = len(every_law) - len(laws)
    say(f"lawtools: rendering {len(laws)} law pages" + (f" and {absent} for laws no edition has" if absent else ""))
    @cache
    def shared() -> dict[str, str]:  # hashed once, only when there is a memo
        return {"code": page_memo.site_code(cache_dir), "labels": page_memo.canonical(labels),
                "ranges": page_memo.canonical(ranges), "laws": page_memo.canonical(every_law),
                "sitemap": page_memo.canonical(sitemap)}

    memo = page_memo.PageMemo(cache_dir, shared)  # pages rendered only when what they read changed
    for index, law in enumerate(every_law):
        articles = {e: corpus.article(e, law) for e in corpus.editions() if corpus.article(e, law) is not None}
        src = law_page(law)
        page = LawPage(law=law, title_en=titles.get(law, ""), editions=labels, sitemap=sitemap,
                       partial={e.label.id for e in editions if law in e.partial}
                       | {e for e, a in articles.items() if a.partial},
                       rules=rules_for_law(law, rules, src) if rules else [],
                       diff_href=href(src, diff_page(law)) if law in sitemap.diffs else None,
                       differing={p["id"] for p in diffs[law]["provisions"] if p.get("differences")}
                       if law in sitemap.diffs else set(),
                       links=links_by_law.get(law, []),
                       previous=(every_law[index - 1], titles.get(every_law[index - 1], "")) if index else None,
                       next=(every_law[index + 1], titles.get(every_law[index + 1], ""))
                       if index + 1 < len(every_law) else None,
                       coverage=ranges)
        def parts(page=page, articles=articles, law=law) -> dict[str, str]:
            own = {name: getattr(page, name) for name in ("law", "title_en", "rules", "diff_href", "differing",
                                                          "partial", "links", "previous", "next")}
            return {"page": page_memo.canonical(own), "records": page_memo.canonical(
                [(e, corpus.digest(corpus.root / e / f"{law}.json")) for e in articles])}

        body = memo.page(src, parts, lambda page=page, articles=articles: render_law(page, articles))
        # the columns need the width: the law's provisions are in the navigation's table of contents anyway
        plan.add(src, law_heading(law, page.title_en), body, hide=("toc",))
    plan.add(LAWS_INDEX, "All laws", render_laws_index(coverage))
    nav: list = [{"Home": HOME}, {"Laws": [plan.entry(LAWS_INDEX), *_law_nav(every_law, titles, set(laws))]}]
    listed = set(_flatten(nav))
    plan.unlisted = {law_page(law) for law in every_law} - listed
    sections = {"Laws": LAWS_INDEX}

    if diffs:
        marks = diff_marks(corpus, glossary)
        concepts = {c.id for c in glossary or []}
        # a differences page reads its diff, its law's references (marks.refs: from the law's records) and the
        # glossary's terms, besides what the law pages share
        # the terms as sets: diff_marks orders them by length only, ties as a set iterates (another process,
        # another order of the same marks)
        marked = {c: {language: set(words) for language, words in by.items()} for c, by in marks.terms.items()}
        diff_memo = page_memo.PageMemo(cache_dir, lambda: {**shared(), "concepts": page_memo.canonical(concepts),
                                                           "terms": page_memo.canonical(marked)})
        diff_keys = cache_dir and analyses.diff_keys()  # (only with a memo) what each stored diff was made from
        for law, result in diffs.items():
            def diff_parts(law=law) -> dict[str, str]:
                # the diff by its key, not its JSON: a diff computed in another process may list things in
                # another order that the page does not show
                having = [e for e in corpus.editions() if corpus.article(e, law) is not None]
                return {"diff": diff_keys.get(law, ""), "title": titles.get(law, ""), "records":
                        page_memo.canonical([(e, corpus.digest(corpus.root / e / f"{law}.json")) for e in having])}

            body = diff_memo.page(diff_page(law), diff_parts, lambda result=result, law=law: render_diff(
                result, titles.get(law, ""), labels, sitemap, concepts, marks))
            plan.add(diff_page(law), f"Differences · Law {law}", body)
        memo.rendered += diff_memo.rendered
        memo.reused += diff_memo.reused
        plan.add(DIFF_INDEX, "Differences", render_diff_index(coverage, diffs))
        entries = [{_law_entry(law, titles): diff_page(law)} for law in diffs]
        nav.append({"Differences": [plan.entry(DIFF_INDEX), *entries]})
        sections["Differences"] = DIFF_INDEX
    if findings is not None:
        front_pages = {(e.label.id, f.id) for e in editions for f in e.front}
        # the report reads the findings and, to locate those that do not say where they stand, the records of
        # the laws (and front matter) they are in
        def report_parts() -> dict[str, str]:
            located = sorted({(f.get("edition"), f.get("law")) for f in findings
                              if f.get("edition") in labels and f.get("law")})
            return {"findings": page_memo.canonical(findings), "front": page_memo.canonical(front_pages),
                    "records": page_memo.canonical([(e, law, corpus.digest(corpus.root / e / f"{law}.json"))
                                                    for e, law in located])}

        plan.add(CHECK, "Consistency report", memo.page(CHECK, report_parts, lambda: render_check(
            findings, labels, titles, sitemap, front_pages, locate=source_locator(corpus))))
        nav.append(plan.entry(CHECK))
        sections["Consistency report"] = CHECK
    if glossary:
        languages = {e.label.language: e.label.language_name for e in editions}
        plan.add(GLOSSARY, "Glossary", render_glossary(glossary, languages))
        nav.append(plan.entry(GLOSSARY))
        sections["Glossary"] = GLOSSARY
    if rules:
        plan.add(RULES, "Executable rules", render_rules(rules, sitemap, titles))
        nav.append(plan.entry(RULES))
        sections["Executable rules"] = RULES

    for edition in editions:  # listed on the editions page; the navigation has that page only (see there)
        overview = edition_page(edition.label.id)
        body = memo.page(overview, lambda e=edition: {"edition": page_memo.canonical(e)},
                         lambda edition=edition: render_edition(edition))
        plan.add(overview, edition.label.label, body)
        plan.unlisted.add(overview)
        for front in edition.front:
            src = edition_page(edition.label.id, front.id)
            body = memo.page(src, lambda f=front, e=edition: {"front": page_memo.canonical(f),
                                                               "label": page_memo.canonical(e.label)},
                             lambda front=front, edition=edition: render_front(front, edition.label, sitemap))
            plan.add(src, front.title, body)
            plan.unlisted.add(src)
    plan.add(EDITIONS_INDEX, "Editions", render_editions_index(editions))
    nav.append({"Editions": [plan.entry(EDITIONS_INDEX)]})
    sections["Editions"] = EDITIONS_INDEX

    plan.add(HOME, "Home", render_home(coverage, sections))
    plan.nav = nav
    plan.counts = {"laws": len(laws), "editions": len(editions), "pages": len(plan.pages)}
    plan.memo = {"rendered": len(memo.rendered), "reused": len(memo.reused)}
    memo.prune(set(plan.pages))
    if memo.reused:
        say(f"lawtools: {len(memo.reused)} page(s) read back, their inputs unchanged since the last build; "
            f"{len(memo.rendered)} rendered")
    return plan


def diff_marks(corpus: Corpus, glossary) -> DiffMarks:
    """What diff pages mark in texts: references as each edition prints them, and the termbase's terms."""
    marks = DiffMarks()
    for edition in corpus.editions():
        found = marks.refs.setdefault(edition, {})
        for article in corpus.articles(edition).values():
            for ref in article.refs:
                found.setdefault(ref.node, []).append(ref.raw)
    for concept in glossary or []:
        marks.terms[concept.id] = {language: sorted({w for t in terms for w in (t.term, *t.forms) if w}, key=len,
                                                    reverse=True) for language, terms in concept.terms.items()}
    return marks


def source_locator(corpus: Corpus):
    """A function giving a finding's (source file, first line) from the records, or None when they do not say."""
    def locate(finding: dict):
        edition, law, node = finding.get("edition"), finding.get("law"), finding.get("node")
        if edition not in corpus.editions():
            return None
        article = corpus.article(edition, law) if law else None
        if article is None:
            front = next((f for f in corpus.front(edition) if f.id == law), None)
            lines = (front.source.get("lines") or []) if front else []
            file = front.source.get("file", "") if front else ""
            return (file, lines[0]) if file and lines else None
        file = article.source.get("file", "")
        found = article.find(node) if node else None
        lines = (found.lines if found and found.lines else article.intro_lines or article.source.get("lines") or [])
        return (file, lines[0]) if file and lines else None
    return locate


def _timed(say, what: str, load, *args):
    """Run one analysis loader, reporting what it found and how long it took (or that its module is absent)."""
    started = time.perf_counter()
    result = load(*args)
    if result is None:
        say(f"lawtools: {what}: module not present, section left out")
    else:
        say(f"lawtools: {what}: {len(result)} in {time.perf_counter() - started:.1f} s")
    return result


def _flatten(nav) -> list[str]:
    """Every page source path a navigation lists."""
    if isinstance(nav, str):
        return [nav]
    items = nav.values() if isinstance(nav, dict) else nav
    return [src for item in items for src in _flatten(item)]


def all_laws(laws: list[str], titles: dict[str, str]) -> list[str]:
    """Every law with a page: Laws 1-93 of the reference titles and any other law an edition has, in order."""
    numbers = set(titles) | set(laws)
    return sorted(numbers, key=lambda law: (not law.isdigit(), int(law) if law.isdigit() else 0, law))


def _law_of(end) -> str | None:
    """The law of a concordance link's end ('sv-2007:57C2' is in Law 57), or None."""
    citation = Citation.try_parse(end.split(":", 1)[1]) if isinstance(end, str) and ":" in end else None
    return citation.law if citation is not None else None


def _laws_of(link: dict) -> list[str]:
    """The laws of a concordance link's ends, in order, each once."""
    return list(dict.fromkeys(law for law in map(_law_of, (link.get("from"), link.get("to"))) if law))


def _links_by_law(links: list[dict]) -> dict[str, list[dict]]:
    """law -> the concordance links with an end in it, in the links' order; for a link across two laws, also the
    joining links of its end in the other law (so the page names what stands beside that end there: 2007 62C3,
    whose rule 2017 61B3 closes with, stands beside nb-2007 62C3)."""
    found: dict[str, list[dict]] = {}
    joining: dict[str, list[dict]] = {}  # 'sv-2007:62C3' -> its same / changed / renumbered links
    across: list[dict] = []  # links whose ends are in two laws
    for link in links:
        laws = _laws_of(link)
        for law in laws:
            found.setdefault(law, []).append(link)
        if len(laws) == 2:
            across.append(link)
        if link.get("relation") in JOINING:
            for end in (link.get("from"), link.get("to")):
                joining.setdefault(end, []).append(link)
    for link in across:
        for end, other in ((link["from"], link["to"]), (link["to"], link["from"])):
            page = found[_law_of(other)]  # the page where `end` stands outside its law
            page += [j for j in joining.get(end, []) if j not in page]
    return found


def _law_nav(laws: list[str], titles: dict[str, str], present: set[str]) -> list:
    """Laws grouped in runs of consecutive numbers that editions have ('Laws 1–20', each law listed) or lack
    ('Laws 21–40: not in these editions', one entry; those pages link on with previous/next)."""
    runs: list[list[str]] = []
    for law in laws:
        if runs and law.isdigit() and runs[-1][-1].isdigit() and int(law) == int(runs[-1][-1]) + 1 \
                and (law in present) == (runs[-1][-1] in present):
            runs[-1].append(law)
        else:
            runs.append([law])
    groups = []
    for run in runs:
        name = f"Laws {run[0]}–{run[-1]}" if len(run) > 1 else f"Law {run[0]}"
        if run[0] in present:
            groups.append({name: [{_law_entry(law, titles): law_page(law)} for law in run]})
        else:  # one entry for the run (every page of the site carries the navigation): its first law's page
            groups.append({f"{name}: not in these editions": law_page(run[0])})
    return groups


def _law_entry(law: str, titles: dict[str, str]) -> str:
    """A law's navigation label, '64 · Procedure after Establishment of a Revoke' (or '64'), escaped."""
    return html.escape(f"{law} · {titles.get(law, '')}".rstrip(" ·"))
