"""Exports for translators' tools: aligned provisions as TMX, the termbase as TBX (via translate-toolkit).

TMX: one translation unit per provision that both editions have, `tuid` = node id (the alignment key),
the caption and text of each edition as its segment, the law number as a note. TBX: one `termEntry`
per concept (`id` = concept id), the English term and every language's terms, each with its TBX
administrative status (preferred, admitted or deprecated) and note.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import NotFound
from .records import Corpus
from .termbase import Termbase

_STATUS = {"preferred": "preferredTerm-admn-sts", "variant": "admittedTerm-admn-sts",
           "deprecated": "deprecatedTerm-admn-sts"}


@dataclass
class Export:
    """An export's bytes and how many units or entries it holds."""

    data: bytes
    units: int
    format: str


def export_tmx(corpus: Corpus, source: str, target: str) -> Export:
    """Aligned provisions of two editions as a TMX 1.4 file."""
    from translate.storage import tmx

    if source == target:
        raise NotFound(f"source and target are the same edition ({source}); name two editions")
    corpus.check_edition(source)
    corpus.check_edition(target)
    source_lang, target_lang = corpus.language(source), corpus.language(target)
    store = tmx.tmxfile(sourcelanguage=source_lang, targetlanguage=target_lang)
    count = 0
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


def _span(corpus: Corpus, edition: str) -> str:
    laws = list(corpus.articles(edition))
    return f"{laws[0]}-{laws[-1]}" if laws else "none"


def _segment(title: str, text: str) -> str:
    return "\n".join(part for part in (title, text) if part)


def export_tbx(termbase: Termbase, languages: tuple[str, ...] = ("sv", "nb", "de", "nl")) -> Export:
    """The termbase as a TBX file: one entry per concept, English plus each corpus language."""
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
