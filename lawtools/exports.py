"""Exports for translators' tools: aligned provisions as TMX, the termbase as TBX (via translate-toolkit).

TMX: one translation unit per pair of counterpart provisions: by the stored concordance when one is
given (2007 57C2 with 2017 57C3; `tuid` = source id, or `57C2=57C3` when the ids differ), else by node
id; the caption and text of each edition as its segment, the law and both ids as a note. TBX: one `termEntry`
per concept (`id` = concept id), the English term and every language's terms, each with its TBX
administrative status (preferred, admitted or deprecated) and note.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import NotFound
from .records import Corpus
from .termbase import Termbase, language_order

_STATUS = {"preferred": "preferredTerm-admn-sts", "variant": "admittedTerm-admn-sts",
           "deprecated": "deprecatedTerm-admn-sts"}


@dataclass
class Export:
    """An export's bytes and how many units or entries it holds."""

    data: bytes
    units: int
    format: str


def export_tmx(corpus: Corpus, source: str, target: str, concordance=None) -> Export:
    """Aligned provisions of two editions as a TMX 1.4 file (counterparts when given the concordance)."""
    from translate.storage import tmx

    if source == target:
        raise NotFound(f"source and target are the same edition ({source}); name two editions")
    corpus.check_edition(source)
    corpus.check_edition(target)
    source_lang, target_lang = corpus.language(source), corpus.language(target)
    store = tmx.tmxfile(sourcelanguage=source_lang, targetlanguage=target_lang)
    count = 0
    if concordance is not None and concordance.pair(source, target) is not None:
        count = _tmx_by_concordance(store, corpus, concordance, source, target)
        if count:
            return Export(bytes(store), count, "tmx")
    for law, article in corpus.articles(source).items():
        other = corpus.article(target, law)
        if other is None:
            continue
        pairs = [(law, article.title, other.title)]
        for node in article.walk():
            match = other.find(node.id)
            if match is not None:
                pairs.append((node.id, _segment(node.title, node.text), _segment(match.title, match.text)))
        for node_id, text_a, text_b in pairs:
            if not text_a or not text_b:
                continue
            store.addtranslation(text_a, source_lang, text_b, target_lang, context=node_id)
            unit = store.units[-1]
            unit.xmlelement.set("tuid", node_id)
            unit.addnote(f"{source} / {target}, law {law}, {node_id}")
            count += 1
    if not count:
        raise NotFound(f"{source} and {target} share no provisions (laws {_span(corpus, source)} and "
                       f"{_span(corpus, target)}); choose two editions with laws in common")
    return Export(bytes(store), count, "tmx")


def _tmx_by_concordance(store, corpus: Corpus, concordance, source: str, target: str) -> int:
    from .concordance.links import law_of
    from .concordance.views import tmx_pairs

    source_lang, target_lang = corpus.language(source), corpus.language(target)
    count = 0
    for link in tmx_pairs(concordance, source, target):
        text_a = _provision_text(corpus, source, link.from_node)
        text_b = _provision_text(corpus, target, link.to_node)
        if not text_a or not text_b:
            continue
        tuid = link.from_node if link.from_node == link.to_node else f"{link.from_node}={link.to_node}"
        store.addtranslation(text_a, source_lang, text_b, target_lang, context=tuid)
        unit = store.units[-1]
        unit.xmlelement.set("tuid", tuid)
        unit.addnote(f"{source} / {target}, law {law_of(link.from_node)}, {link.from_node} = {link.to_node} "
                     f"({link.relation}, concordance {link.score:.2f})")
        count += 1
    return count


def _provision_text(corpus: Corpus, edition: str, node_id: str) -> str:
    from .concordance.links import law_of

    article = corpus.article(edition, law_of(node_id))
    if article is None:
        return ""
    if node_id == article.law:
        return _segment(article.title, article.intro)
    node = article.find(node_id)
    return _segment(node.title, node.text) if node else ""


def _span(corpus: Corpus, edition: str) -> str:
    laws = list(corpus.articles(edition))
    return f"{laws[0]}-{laws[-1]}" if laws else "none"


def _segment(title: str, text: str) -> str:
    return "\n".join(part for part in (title, text) if part)


def export_tbx(termbase: Termbase, languages: tuple[str, ...] | None = None) -> Export:
    """The termbase as a TBX file: one entry per concept, English plus each language (default: every language
    the termbase names, a federation's own included)."""
    if languages is None:
        languages = tuple(language_order({code for c in termbase.concepts for code in c.terms}))
    from lxml import etree
    from translate.storage import tbx

    store = tbx.tbxfile(sourcelanguage="en")
    for concept in termbase.concepts:
        unit = store.addsourceunit(concept.en)
        unit.xmlelement.set("id", concept.id)
        if concept.note:
            descrip = etree.Element(unit.namespaced("descrip"), type="definition")
            descrip.text = concept.note
            unit.xmlelement.insert(0, descrip)
        for language in languages:
            terms = concept.terms.get(language, ())
            if not terms:
                continue
            unit.set_target_terms([t.term for t in terms], language)
            langset = unit.get_target_dom(language)
            for tig, term in zip(langset.findall(unit.namespaced("tig")), terms, strict=True):
                status = etree.SubElement(tig, unit.namespaced("termNote"), type="administrativeStatus")
                status.text = _STATUS[term.status]
                if term.note:
                    note = etree.SubElement(tig, unit.namespaced("note"))
                    note.text = term.note
    return Export(bytes(store), len(termbase.concepts), "tbx")
