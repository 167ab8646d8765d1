"""Reference checks: targets missing from the edition, malformed citations, inconsistent citation style, and
citations that fit their sentence worse than a provision a slip away (`citation_fit.py`)."""

from __future__ import annotations

import re
from collections import Counter

from ..citation import Citation
from ..model import Article
from ..refs import citation_data, citations
from ..yamlio import package_data
from . import citation_fit
from .model import CheckContext, Finding, excerpt


def check(context: CheckContext) -> list[Finding]:
    """Every reference finding of the checked editions."""
    findings: list[Finding] = []
    for edition in context.editions:
        articles = context.articles(edition)
        language = context.corpus.language(edition)
        for article in articles.values():
            findings += _missing_targets(article, articles, context)
            findings += _targets_elsewhere(context, article, articles)
            findings += _self_references(article)
            findings += _no_such_law(article)
            findings += _malformed(article, language)
            findings += _repeated(article, language)
        findings += _style(edition, language, articles)
    return findings + citation_fit.check(context)


def _missing_targets(article: Article, articles: dict[str, Article],
                     context: CheckContext | None = None) -> list[Finding]:
    """References whose law is in this edition but whose provision is not. Where the edition has only part of the
    law, the editions that have all of it tell (as for a law the edition lacks, `_targets_elsewhere`)."""
    found = []
    for ref in article.refs:
        target = Citation.try_parse(ref.target)
        if target is None:
            continue
        law = articles.get(target.law)
        if law is None or (target.parent is None) or law.find(ref.target) is not None:
            continue
        sections = [Citation.parse(i).section for i in law.node_ids()]
        if law.partial and (target.section not in sections or target.section == sections[-1]):
            # the source lacks that part of a partial law (before its start, or after its cut): ask the others
            if context is not None:
                found += _targets_elsewhere(context, article,
                                            {k: v for k, v in articles.items() if k != target.law}, [ref])
            continue
        if _cut_from_word(article, ref.node, ref.raw):
            continue  # '§ 56 Anwendung' read as '§ 56 A': an extraction slip, not a reference
        found.append(Finding(article.edition, article.law, ref.node, "ref-missing-target", "error",
                             f"{ref.raw!r} refers to {ref.target}, which law {target.law} of this edition "
                             "does not have", _context(article, ref.node, ref.raw)))
    return found


def _targets_elsewhere(context: CheckContext, article: Article, articles: dict[str, Article],
                       refs: list | None = None) -> list[Finding]:
    """References to a law this edition lacks, checked against the editions that have the law.

    A provision no edition of the same year has is a warning (the same Laws are numbered alike); one
    that no edition of any year has, where one has its law, is reported as info (the Laws renumber).
    """
    info = context.corpus.edition_info
    year = info[article.edition].get("year")
    found = []
    for ref in article.refs if refs is None else refs:
        target = Citation.try_parse(ref.target)
        if target is None or target.parent is None or target.law in articles:
            continue
        having = [e for e in context.all_editions if e != article.edition and target.law in context.articles(e)
                  and not context.articles(e)[target.law].partial]
        if not having or any(context.articles(e)[target.law].find(ref.target) for e in having):
            continue
        same = [e for e in having if info[e].get("year") == year]
        if _cut_from_word(article, ref.node, ref.raw):
            continue
        where = ", ".join(same or having)
        severity = "warning" if same else "info"
        found.append(Finding(article.edition, article.law, ref.node, "ref-unknown-target", severity,
                             f"{ref.raw!r} refers to {ref.target}, which law {target.law} has in no edition "
                             f"({where}{'' if same else ', other years'})", _context(article, ref.node, ref.raw),
                             suggestion=_nearest(context, having[0], ref.target)))
    return found


def _nearest(context: CheckContext, edition: str, target: str) -> str:
    """The provisions of the cited law's parent that do exist, as a hint ('20F has 20F1-20F5')."""
    citation = Citation.parse(target)
    parent = citation.parent
    article = context.articles(edition)[citation.law]
    siblings = [n.id for n in article.walk() if (p := Citation.parse(n.id).parent) is not None and p == parent]
    return f"{parent} has {', '.join(siblings)} in {edition}" if siblings and parent is not None else ""


def _no_such_law(article: Article) -> list[Finding]:
    """A citation of a law number the Laws do not have (they number Laws 1-93 in every edition since 1987: the
    English titles, law_titles_en.yaml): a typing slip ('lag 97C' for 79C), found even where no edition of the
    corpus holds the law the citation meant."""
    laws = package_data("law_titles_en.yaml")["titles"]
    found = []
    for ref in article.refs:
        target = Citation.try_parse(ref.target)
        if target is None or target.law in laws or _cut_from_word(article, ref.node, ref.raw):
            continue
        found.append(Finding(article.edition, article.law, ref.node, "ref-no-such-law", "error",
                             f"{ref.raw!r} refers to Law {target.law}; the Laws have Laws 1-{len(laws)}",
                             _context(article, ref.node, ref.raw)))
    return found


def _self_references(article: Article) -> list[Finding]:
    """A provision citing itself: usually a wrong number ('see 53B' written inside 53B)."""
    return [Finding(article.edition, article.law, ref.node, "ref-self", "warning",
                    f"{ref.raw!r} in {ref.node} refers to the provision itself", _context(article, ref.node, ref.raw))
            for ref in article.refs if ref.target == ref.node]


def _malformed(article: Article, language: str) -> list[Finding]:
    """A citation keyword followed by a law number glued to a word ('lagarna 70och 71')."""
    data = citation_data().get(language, {})
    if "keyword" not in data:
        return []
    pattern = re.compile(rf"(?<!\w)(?:{data['keyword']})\s*(?P<cite>[1-9]\d?)(?P<word>[^\W\d_]{{2,}})")
    found = []
    for node_id, text in _texts(article):
        for match in pattern.finditer(text):
            found.append(Finding(article.edition, article.law, node_id, "ref-malformed", "warning",
                                 f"citation {match.group(0)!r}: the number is glued to the word "
                                 f"{match.group('word')!r}", excerpt(text, match.start(), match.end())))
    return found


def _repeated(article: Article, language: str) -> list[Finding]:
    """A citation that names one provision twice ('§§ 69, 70 und 70'): one of the two has slipped."""
    found = []
    for node_id, text in _texts(article):
        for start, end, made in citations(text, language, node_id):
            targets = [ref.target for ref in made]
            twice = sorted({t for t in targets if targets.count(t) > 1})
            if twice:
                found.append(Finding(article.edition, article.law, node_id, "ref-repeated", "warning",
                                     f"{text[start:end]!r} cites {', '.join(twice)} twice: one of them may have "
                                     "slipped", excerpt(text, start, end)))
    return found


def _style(edition: str, language: str, articles: dict[str, Article]) -> list[Finding]:
    """Citations written unlike the edition's usual way: without its keyword, or with other spacing."""
    data = citation_data().get(language, {})
    if "keyword" not in data:
        return []
    keyword = re.compile(rf"(?:{data['keyword']})\s*\d", re.IGNORECASE)
    refs = [(article, ref) for article in articles.values() for ref in article.refs if not ref.relative]
    keyed = [(a, r) for a, r in refs if keyword.match(r.raw)]
    bare = [(a, r) for a, r in refs if not keyword.match(r.raw) and not r.raw[:1].isdigit()]  # digits: list pieces
    found = []
    if keyed and len(bare) * 10 <= len(keyed):
        usual = Counter(re.sub(r"\s*\d.*$", "", r.raw).strip().lower() for _, r in keyed).most_common(1)[0][0]
        for article, ref in bare:
            found.append(Finding(edition, article.law, ref.node, "ref-style", "info",
                                 f"citation {ref.raw!r} has no citation keyword, unlike this edition's other "
                                 f"citations ('{usual} {ref.target}')", _context(article, ref.node, ref.raw),
                                 compared=f"{edition} elsewhere: {len(keyed)} citations with the keyword, "
                                          f"{len(bare)} without"))
    styles = Counter(_spacing(r.raw) for _, r in refs if re.search(r"\d\s?[A-H]", r.raw))
    total = sum(styles.values())
    if total >= 10 and len(styles) > 1:
        usual, count = styles.most_common(1)[0]
        for article, ref in refs:
            style = _spacing(ref.raw) if re.search(r"\d\s?[A-H]", ref.raw) else usual
            if style != usual and styles[style] * 10 <= total:
                found.append(Finding(edition, article.law, ref.node, "ref-style", "info",
                                     f"citation {ref.raw!r} is written {style}; this edition writes its citations "
                                     f"{usual}", _context(article, ref.node, ref.raw),
                                     compared=f"{edition} elsewhere: {count} of {total} citations written {usual}"))
    return found


def _spacing(raw: str) -> str:
    body = re.sub(r"^\D*", "", raw)
    return "spaced ('45 C 4')" if re.search(r"\d\s+[A-H]|[A-H]\s+\d", body) else "compact ('45C4')"


def _texts(article: Article):
    if article.intro:
        yield article.law, article.intro
    for node in article.walk():
        if node.text:
            yield node.id, node.text
    for note in article.footnotes:
        yield note.node or article.law, note.text


def _cut_from_word(article: Article, node_id: str, raw: str) -> bool:
    """True when every occurrence of the raw citation in the provision runs on into a word."""
    ends = [(text, m.end()) for where, text in _texts(article) if where == node_id and raw in text
            for m in re.finditer(re.escape(raw), text)]
    return bool(ends) and raw[-1:].isalpha() and all(end < len(text) and text[end].isalpha() for text, end in ends)


def _context(article: Article, node_id: str, raw: str) -> str:
    for where, text in _texts(article):
        if where == node_id and raw in text:
            start = text.index(raw)
            return excerpt(text, start, start + len(raw))
    return raw
