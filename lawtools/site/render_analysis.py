"""Pages from the analyses: a law's differences between editions (lawtools.diff) and the consistency report
(lawtools.check). Both take the analyses' JSON shapes (`DiffResult.to_dict()`, `Finding.to_dict()`), so they
depend on the documented data, not on the classes.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from .escape import attr, text
from .links import CHECK, GLOSSARY, SiteMap, diff_page, edition_page, href, law_page
from .render import EditionLabel, law_heading, provision_link

SEVERITY_ORDER = ("error", "warning", "info")


def render_diff(result: dict, title_en: str, editions: dict[str, EditionLabel], sitemap: SiteMap,
                concepts: set[str] = frozenset()) -> str:
    """A law's differences page: what differs provision by provision, then wording changes within a language.

    Concepts named in the differences ("concept revoke: ...") link to the glossary when it has them.
    """
    law = result["citation"]
    src = diff_page(law)
    names = {e: editions[e].label if e in editions else e for e in result["editions"]}
    provisions = result["provisions"]
    differing = [p for p in provisions if p.get("differences")]
    reworded = [p for p in provisions if any(d["similarity"] < 1 for d in p.get("text_diffs", []))]
    parts = [f"# Differences · Law {text(law)} {{#differences}}", "",
             '<div class="lt-lead">', f'<p class="lt-subtitle">{text(title_en)}</p>' if title_en else "",
             f'<p>Law {text(law)} compared in {len(result["editions"])} editions: '
             + " ".join(f'<span class="lt-chip">{text(names[e])}</span>' for e in result["editions"])
             + f'. <a href="{attr(href(src, law_page(law)))}">Read the law side by side</a>.</p>',
             f"<p>{len(differing)} of {len(provisions)} provisions differ in structure, references, concepts, "
             f"numbers or footnotes" + (f"; {len(reworded)} worded differently within a language" if reworded
                                        else "") + ".</p>",
             "</div>", ""]
    if differing:
        table = _differences_table(result, differing, src, sitemap, concepts)
        parts += ["## Provisions that differ {#provisions}", "", table, ""]
    same = [p["id"] for p in provisions if not p.get("differences")]
    if same:
        links = " ".join(provision_link(src, sitemap, i) for i in same)
        parts += ["## Provisions alike in every edition {#alike}", "", f'<p class="lt-id-list">{links}</p>', ""]
    if reworded:
        parts += ["## Wording within a language {#wording}", "", _wording(reworded, names, src, sitemap), ""]
    return "\n".join(parts)


_CONCEPT = re.compile(r"^concept (?P<id>[a-z0-9-]+):")


def _difference(note: str, src: str, concepts: set[str]) -> str:
    """One difference as HTML, its concept linked to the glossary when the glossary has it."""
    match = _CONCEPT.match(note)
    if not match or match["id"] not in concepts:
        return text(note)
    link = f'<a href="{attr(href(src, GLOSSARY, match["id"]))}">{text(match["id"])}</a>'
    return f"concept {link}{text(note[match.end('id'):])}"


def _differences_table(result: dict, provisions: list[dict], src: str, sitemap: SiteMap, concepts: set[str]) -> str:
    rows = []
    for provision in provisions:
        present = "".join(
            f'<span class="lt-presence {"lt-yes" if provision["present"].get(e) else "lt-no"}" '
            f'title="{attr(e)}">{text(e)}</span>' for e in result["editions"])
        notes = "".join(f"<li>{_difference(note, src, concepts)}</li>" for note in provision["differences"])
        rows.append(f'<tr id="{attr(provision["id"])}"><th scope="row">{provision_link(src, sitemap, provision["id"])}'
                    f'</th><td>{present}</td><td><ul class="lt-diff-notes">{notes}</ul></td></tr>')
    head = "<tr><th>Provision</th><th>Editions</th><th>Differences</th></tr>"
    return f'<table class="lt-table lt-diff"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def _wording(provisions: list[dict], names: dict[str, str], src: str, sitemap: SiteMap) -> str:
    blocks = []
    for provision in provisions:
        for change in provision["text_diffs"]:
            if change["similarity"] >= 1:
                continue
            words = []
            for op, old, new in change["ops"]:
                if op == "equal":
                    words.append(text(old))
                    continue
                if old:
                    words.append(f"<del>{text(old)}</del>")
                if new:
                    words.append(f"<ins>{text(new)}</ins>")
            blocks.append(
                f'<div class="lt-wording"><p class="lt-wording-head">{provision_link(src, sitemap, provision["id"])} '
                f'{text(names.get(change["a"], change["a"]))} → {text(names.get(change["b"], change["b"]))} '
                f'<span class="lt-muted">{change["similarity"]:.0%} alike</span></p><p>{" ".join(words)}</p></div>')
    return "\n".join(blocks)


def render_check(findings: list[dict], editions: dict[str, EditionLabel], titles: dict[str, str],
                 sitemap: SiteMap, front_pages: set[tuple[str, str]]) -> str:
    """The consistency report: counts per edition and severity, then findings grouped by edition and law."""
    by_edition: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for finding in findings:
        by_edition[finding["edition"]][finding["law"]].append(finding)
    order = [e for e in editions if e in by_edition] + sorted(set(by_edition) - set(editions))
    counts = {e: Counter(f["severity"] for fs in by_edition[e].values() for f in fs) for e in order}
    accepted = {e: sum(1 for fs in by_edition[e].values() for f in fs if f.get("accepted")) for e in order}
    baseline = (f" {sum(accepted.values())} of them were read and accepted (<code>corpus/check-baseline.yaml</code>) "
                "and say why; the others are new." if any(accepted.values()) else "")
    parts = ["# Consistency report {#report}", "", '<div class="lt-lead">',
             f"<p>{len(findings)} findings from <code>lawtools check</code>: structure, references, terminology, "
             f"orthography and footnotes, per edition.{baseline} Each finding links to the provision it concerns."
             "</p>", "</div>", ""]
    if not findings:
        return "\n".join([*parts, "<p>No findings.</p>", ""])
    show_accepted = any(accepted.values())
    head = "".join(f"<th>{s}</th>" for s in SEVERITY_ORDER) + ("<th>accepted</th>" if show_accepted else "")
    rows = "".join(
        f'<tr><th scope="row"><a href="#{attr(e)}">{text(editions[e].label if e in editions else e)}</a></th>'
        + "".join(f"<td>{counts[e].get(s, 0)}</td>" for s in SEVERITY_ORDER)
        + (f"<td>{accepted[e]}</td>" if show_accepted else "") + "</tr>" for e in order)
    parts += [f'<table class="lt-table lt-check-summary"><thead><tr><th>Edition</th>{head}</tr></thead>'
              f"<tbody>{rows}</tbody></table>", ""]
    for edition in order:
        name = editions[edition].label if edition in editions else edition
        parts += [f"## {text(name)} {{#{attr(edition)}}}", ""]
        laws = sorted(by_edition[edition], key=lambda law: (not law.isdigit(), int(law) if law.isdigit() else 0, law))
        for law in laws:
            heading = law_heading(law, titles.get(law, "")) if law.isdigit() else law
            parts += [f"### {text(heading)} {{#{attr(edition)}-{attr(law)}}}", "",
                      _findings(by_edition[edition][law], edition, law, sitemap, front_pages), ""]
    return "\n".join(parts)


def _findings(findings: list[dict], edition: str, law: str, sitemap: SiteMap,
              front_pages: set[tuple[str, str]]) -> str:
    items = []
    for finding in sorted(findings, key=lambda f: (bool(f.get("accepted")), SEVERITY_ORDER.index(f["severity"])
                                                   if f["severity"] in SEVERITY_ORDER else 9)):
        node = finding["node"]
        if (edition, law) in front_pages:
            where = f'<a href="{attr(href(CHECK, edition_page(edition, law)))}"><code>{text(node)}</code></a>'
        else:
            where = provision_link(CHECK, sitemap, node)
        excerpt = f'<q class="lt-excerpt">{text(finding["excerpt"])}</q>' if finding.get("excerpt") else ""
        reason = (f'<span class="lt-accepted-reason"><span class="lt-badge">accepted</span> '
                  f'{text(finding["accepted"])}</span>' if finding.get("accepted") else "")
        css = " lt-is-accepted" if finding.get("accepted") else ""
        items.append(f'<li class="lt-finding lt-{attr(finding["severity"])}{css}"><span class="lt-severity">'
                     f'{text(finding["severity"])}</span> {where} <code class="lt-code">{text(finding["code"])}</code> '
                     f"{text(finding['message'])} {excerpt}{reason}</li>")
    return f'<ul class="lt-findings">{"".join(items)}</ul>'
