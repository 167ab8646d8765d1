"""A footnote's numbers against its provision and the provision's counterparts (run by `counterparts.py`).

A footnote restates what its provision says ('a hand of 13 cards'), so a number in it that neither the provision
(with its ancestors and descendants), nor a counterpart of it in another edition, nor their footnotes state is
likely a slip: '13 kort' became '31 kort'. A footnote of a whole law is held against that law in every edition
that has it. As in the provisions' own comparison, only numbers of 2 and above count, and citations are left out.
"""

from __future__ import annotations

from ..citation import Citation
from ..model import Article, Footnote
from ..numbers import Number, numbers_in
from .features import cited_spans
from .model import CheckContext, Finding, excerpt
from .pairs import pairing

# What a provision's features say it states: a footnote's number is accounted for when it is any of these
_STATED = ("numbers", "maybe_numbers", "caption_numbers", "ordinals", "maybe_ordinals")


def check(context: CheckContext, edition: str) -> list[Finding]:
    """The footnote number findings of one edition."""
    pairs_of = pairing(context)
    language = context.corpus.language(edition)
    found = []
    for article in context.articles(edition).values():
        if article.partial:
            continue  # an extract: what it lacks may state the number
        for note in article.footnotes:
            node = note.node or article.law
            stated = [n for n in _note_numbers(article, note, language) if n.value > 1]
            if not stated:
                continue
            if node == article.law:
                others = [(e, node) for e in context.corpus.editions()
                          if e != edition and node in context.articles(e)]
            else:
                others = [(p.edition, p.node) for p in pairs_of.counterparts(edition, node) if p.edition != edition]
            if not others:
                continue
            known = _stated_at(context, edition, node, besides=note)
            for other, at in others:
                known |= _stated_at(context, other, at)
            odd = [n for n in stated if n.value not in known]
            if odd:
                found.append(_finding(context, article, note, node, odd[0], others))
    return found


def _finding(context: CheckContext, article: Article, note: Footnote, node: str, odd: Number,
             others: list[tuple[str, str]]) -> Finding:
    def named(at: str) -> str:
        return f"Law {at}" if at == article.law else at

    names = ", ".join(dict.fromkeys(f"{e} {named(n)}" for e, n in others))
    features = pairing(context).features
    quoted = next((f for f in (features.get(e, n) for e, n in others) if f is not None and f.text), None)
    mark = f"footnote {note.mark}" if note.mark else "the footnote"
    return Finding(article.edition, article.law, node, "number-mismatch", "warning",
                   f"{mark} says {odd.text}, which neither {named(node)} of this edition nor {names} state",
                   excerpt(note.text, odd.start, odd.end),
                   compared=f"{quoted.edition} {quoted.node}: {quoted.quote()}" if quoted else "")


def _note_numbers(article: Article, note: Footnote, language: str) -> list[Number]:
    """The numbers of a footnote's text, its citations left out (and words that may be numbers: no)."""
    skip = cited_spans(note.text, [ref for ref in article.refs if ref.node == note.node])
    return numbers_in(note.text, language, skip, [])


def _stated_at(context: CheckContext, edition: str, node: str, besides: Footnote | None = None) -> set[int]:
    """Every number a provision, its ancestors and its descendants state, and their footnotes other than
    `besides` (a whole law: all of it), ambiguous number words included."""
    features = pairing(context).features
    cited = Citation.try_parse(node)
    article = context.articles(edition).get(cited.law if cited else node)
    if article is None:
        return set()
    if node == article.law:
        known = set().union(*(getattr(f, name) for f in features.by_edition(edition).values()
                              if f.law == article.law for name in _STATED))
    else:
        known = set().union(*(features.around(edition, node, name) for name in _STATED))
    language = context.corpus.language(edition)
    for note in article.footnotes:
        where = note.node or article.law
        if note is not besides and (node == article.law or where == node or _related(where, node)):
            known |= {n.value for n in _note_numbers(article, note, language)}
    return known


def _related(a: str, b: str) -> bool:
    """True when one provision id contains the other (an ancestor, a descendant or the same)."""
    x, y = Citation.try_parse(a), Citation.try_parse(b)
    return bool(x and y and (x.contains(y) or y.contains(x)))
