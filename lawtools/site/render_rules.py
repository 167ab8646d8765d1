"""The executable rules reference: each function with its signature, docstring, cited provisions and example."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..citation import Citation
from .escape import attr, text
from .links import RULES, SiteMap, href
from .render import RuleLink, law_heading, provision_link


# Not RuleInfo itself: a snapshot with the docstring read and the example run, so rendering stays pure (no imports).
@dataclass(frozen=True)
class RuleDoc:
    """What the reference shows of one rule function (from lawtools.rules' RuleInfo)."""

    name: str
    qualname: str
    provisions: tuple[str, ...]
    editions: tuple[int, ...]
    signature: str
    docstring: str
    example: str
    result: str


def rule_anchors(rules: list[RuleDoc]) -> dict[str, str]:
    """qualname -> anchor on the rules page: the function name, or its dotted path when names clash."""
    names = defaultdict(int)
    for rule in rules:
        names[rule.name] += 1
    return {r.qualname: r.name if names[r.name] == 1 else r.qualname.replace(".", "-") for r in rules}


def rules_for_law(law: str, rules: list[RuleDoc], from_src: str) -> list[RuleLink]:
    """The functions implementing provisions of one law, as links from a page to the rules reference."""
    anchors = rule_anchors(rules)
    links = []
    for rule in rules:
        cited = tuple(p for p in rule.provisions if Citation.parse(p).law == law)
        if cited:
            links.append(RuleLink(rule.name, href(from_src, RULES, anchors[rule.qualname]), cited))
    return links


def render_rules(rules: list[RuleDoc], sitemap: SiteMap, titles: dict[str, str] | None = None) -> str:
    """The reference page: one section per function, grouped under the law of the first provision it cites."""
    anchors = rule_anchors(rules)
    titles = titles or {}
    groups: dict[str, list[RuleDoc]] = defaultdict(list)
    for rule in rules:
        groups[Citation.parse(rule.provisions[0]).law if rule.provisions else ""].append(rule)
    parts = ["# Executable rules {#rules}", "", '<div class="lt-lead">',
             f"<p>{len(rules)} functions in <code>lawtools.rules</code> implement the mechanical Laws: card ranking, "
             "board dealer and vulnerability, the auction, the play of a trick, revokes and scoring. Each cites the "
             "provisions it implements; the law pages link back here. The example results below were computed "
             "when the site was built.</p>", "</div>", ""]
    for law in sorted(groups, key=lambda law: int(law) if law.isdigit() else 0):
        heading = law_heading(law, titles.get(law, "")) if law else "Other"
        parts += [f"## {text(heading)} {{#law-{attr(law or 'other')}}}", ""]
        parts += [_rule(rule, anchors, sitemap) for rule in groups[law]]
    return "\n".join(parts)


_NOWHERE = "not in any edition of the corpus"


def _rule(rule: RuleDoc, anchors: dict[str, str], sitemap: SiteMap) -> str:
    provisions = " ".join(provision_link(RULES, sitemap, p, _NOWHERE) for p in rule.provisions)
    years = ", ".join(str(y) for y in rule.editions)
    parts = [f"### `{rule.name}` {{#{attr(anchors[rule.qualname])}}}", "",
             f'<div class="lt-rule"><pre class="lt-signature"><code>{text(rule.signature)}</code></pre>',
             f'<p class="lt-rule-meta"><span class="lt-muted">Implements</span> {provisions}'
             f' <span class="lt-muted">· Laws of {text(years)} · <code>{text(rule.qualname)}</code></span></p>']
    if rule.docstring:
        parts.append("".join(f"<p>{text(p)}</p>" for p in rule.docstring.split("\n\n")))
    if rule.example:
        parts.append(f'<pre class="lt-example"><code>&gt;&gt;&gt; {text(rule.example)}\n'
                     f"{text(rule.result)}</code></pre>")
    parts += ["</div>", ""]
    return "\n".join(parts)


def law_pages_with_rules(rules: list[RuleDoc]) -> dict[str, int]:
    """Law number -> how many functions implement some provision of it."""
    counts: dict[str, int] = defaultdict(int)
    for rule in rules:
        for law in {Citation.parse(p).law for p in rule.provisions}:
            counts[law] += 1
    return dict(counts)

