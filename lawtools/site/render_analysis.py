"""Pages from the analyses: the consistency report (lawtools.check) here, a law's differences between editions
(lawtools.diff) in render_diff. Both take the analyses' JSON shapes (`DiffResult.to_dict()`,
`Finding.to_dict()`), so they depend on the documented data, not on the classes.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict

from .escape import attr, text
from .links import CHECK, SiteMap, edition_page, href
from .render import EditionLabel, law_heading, provision_link
from .render_diff import DiffMarks, render_diff  # noqa: F401 - where callers have found it

SEVERITY_ORDER = ("error", "warning", "info")


KNOWN = ("edition", "law", "node", "code", "severity", "message", "excerpt", "accepted", "line", "source", "file")


def render_check(findings: list[dict], editions: dict[str, EditionLabel], titles: dict[str, str],
                 sitemap: SiteMap, front_pages: set[tuple[str, str]], locate=None) -> str:
    """The consistency report: counts per edition and severity, a filter (law, edition, severity, code, words)
    and the findings grouped by edition and law, each with its source line and the baseline entry that
    would accept it. `locate(finding)` gives (source file, line) when the finding does not say."""
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
             f"orthography and footnotes, per edition.{baseline} Each finding links to the provision it concerns "
             "and names the source line.</p>"
             "<p>To accept a finding (it is not a problem in the source), copy its baseline entry into the list "
             "under <code>accepted:</code> in <code>corpus/check-baseline.yaml</code> and write the reason; "
             "<code>lawtools check</code> then stops reporting it.</p>", "</div>", ""]
    if not findings:
        return "\n".join([*parts, "<p>No findings.</p>", ""])
    show_accepted = any(accepted.values())
    head = "".join(f'<th scope="col">{s}</th>' for s in SEVERITY_ORDER) + (
        '<th scope="col">accepted</th>' if show_accepted else "")
    rows = "".join(
        f'<tr><th scope="row"><a href="#{attr(e)}">{text(editions[e].label if e in editions else e)}</a></th>'
        + "".join(f"<td>{counts[e].get(s, 0)}</td>" for s in SEVERITY_ORDER)
        + (f"<td>{accepted[e]}</td>" if show_accepted else "") + "</tr>" for e in order)
    parts += [f'<div class="lt-scroll"><table class="lt-table lt-check-summary"><thead><tr><th scope="col">Edition</th>'
              f"{head}</tr></thead><tbody>{rows}</tbody></table></div>", "", _filter(findings, editions, titles), ""]
    duplicates = Counter((f["edition"], f["node"], f["code"]) for f in findings)
    number = 0
    for edition in order:
        name = editions[edition].label if edition in editions else edition
        parts += [f"## {text(name)} {{#{attr(edition)}}}", ""]
        laws = sorted(by_edition[edition], key=_law_key)
        for law in laws:
            heading = law_heading(law, titles.get(law, "")) if law.isdigit() else law
            items = []
            for finding in _ordered(by_edition[edition][law]):
                number += 1
                items.append(_finding(finding, number, sitemap, front_pages, locate,
                                      duplicates[(finding["edition"], finding["node"], finding["code"])] > 1))
            parts += [f"### {text(heading)} {{#{attr(edition)}-{attr(law)}}}", "",
                      f'<ul class="lt-findings">{"".join(items)}</ul>', ""]
    return "\n".join(parts)


def _law_key(law: str):
    return (not law.isdigit(), int(law) if law.isdigit() else 0, law)


def _ordered(findings: list[dict]) -> list[dict]:
    """New findings before accepted ones, errors before warnings before notes."""
    return sorted(findings, key=lambda f: (bool(f.get("accepted")), SEVERITY_ORDER.index(f["severity"])
                                           if f["severity"] in SEVERITY_ORDER else 9))


def _filter(findings: list[dict], editions: dict[str, EditionLabel], titles: dict[str, str]) -> str:
    """The report's filter form (shown by the script; without it every finding is listed)."""
    def select(name: str, label: str, values: list[tuple[str, str]]) -> str:
        options = "".join(f'<option value="{attr(v)}">{text(shown)}</option>' for v, shown in values)
        return (f'<label class="lt-filter-field"><span>{label}</span><select name="{name}">'
                f'<option value="">all</option>{options}</select></label>')

    laws = sorted({f["law"] for f in findings}, key=_law_key)
    present = {f["edition"] for f in findings}
    fields = [
        select("law", "Law", [(law, f"{law} · {titles[law]}" if law in titles else law) for law in laws]),
        select("edition", "Edition", [(e, editions[e].label if e in editions else e)
                                      for e in [*editions, *sorted(present - set(editions))] if e in present]),
        select("severity", "Severity", [(s, s) for s in SEVERITY_ORDER if any(f["severity"] == s for f in findings)]),
        select("code", "Code", [(c, c) for c in sorted({f["code"] for f in findings})]),
        '<label class="lt-filter-field"><span>Words</span><input type="search" name="q" autocomplete="off"></label>',
    ]
    return (f'<form class="lt-filter lt-report" role="search" aria-label="Filter the findings" hidden>{"".join(fields)}'
            '<button type="reset" class="lt-button">Clear</button>'
            f'<p class="lt-filter-status" role="status" aria-live="polite">{len(findings)} findings</p></form>')


def _finding(finding: dict, number: int, sitemap: SiteMap, front_pages: set[tuple[str, str]], locate,
             ambiguous: bool) -> str:
    """One finding: severity, place, code, message, excerpt, any further fields, source line, baseline entry."""
    edition, law, node = finding["edition"], finding["law"], finding["node"]
    if (edition, law) in front_pages:
        where = f'<a href="{attr(href(CHECK, edition_page(edition, law)))}"><code>{text(node)}</code></a>'
    else:
        where = provision_link(CHECK, sitemap, node)
    excerpt = f'<q class="lt-excerpt">{text(finding["excerpt"])}</q>' if finding.get("excerpt") else ""
    extra = [(k, v) for k, v in finding.items() if k not in KNOWN and v not in (None, "", [], {})]
    details = ("<dl class=\"lt-finding-more\">" + "".join(
        f"<dt>{text(k.replace('_', ' '))}</dt><dd>{text(_value(v))}</dd>" for k, v in extra) + "</dl>") if extra else ""
    place = _source_line(finding, locate)
    if finding.get("accepted"):
        tail = (f'<span class="lt-accepted-reason"><span class="lt-badge">accepted</span> '
                f'{text(finding["accepted"])}</span>')
    else:
        entry_id = f"baseline-{number}"
        tail = (f'<details class="lt-baseline"><summary>Baseline entry</summary>'
                f'<pre><code id="{entry_id}">{text(baseline_entry(finding, ambiguous))}</code></pre>'
                f'<button type="button" class="lt-copy lt-button" data-copy="{entry_id}">Copy</button></details>')
    css = " lt-is-accepted" if finding.get("accepted") else ""
    data = "".join(f' data-{k}="{attr(str(finding.get(k, "")))}"' for k in ("law", "edition", "severity", "code"))
    return (f'<li class="lt-finding lt-{attr(finding["severity"])}{css}"{data}><span class="lt-severity">'
            f'{text(finding["severity"])}</span> {where} <code class="lt-code">{text(finding["code"])}</code> '
            f"{text(finding['message'])} {excerpt}{details}{place}{tail}</li>")


def _value(value) -> str:
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_value(v)}" for k, v in value.items())
    return str(value)


def _source_line(finding: dict, locate) -> str:
    """'corpus/sources/sv-2007.txt:438' from the finding's own fields, else from where the records put it."""
    source = finding.get("source") or finding.get("file")  # the check's JSON names it `file`
    line = finding.get("line")
    if isinstance(source, dict):
        line = line or source.get("line") or (source.get("lines") or [None])[0]
        source = source.get("file")
    if (not source or not line) and locate is not None:
        found = locate(finding)
        if found:
            source, line = source or found[0], line or found[1]
    if not source:
        return ""
    where = f"{source}:{line}" if line else str(source)
    return f'<span class="lt-source-line">source: <code>{text(where)}</code></span>'


def baseline_entry(finding: dict, with_match: bool = False) -> str:
    """The entry of corpus/check-baseline.yaml (lawtools/check/baseline.py) that accepts this finding; `match`
    narrows it to this finding when others share its edition, node and code. The reason is left to write."""
    lines = [f"  - edition: {json.dumps(finding['edition'], ensure_ascii=False)}",
             f"    node: {json.dumps(str(finding['node']), ensure_ascii=False)}",
             f"    code: {json.dumps(finding['code'], ensure_ascii=False)}"]
    if with_match:
        words = finding.get("excerpt") or finding.get("message", "")
        lines.append(f"    match: {json.dumps(words, ensure_ascii=False)}")
    lines.append('    reason: ""  # required: say why this is not a problem')
    return "\n".join(lines)
