"""The analyses the site shows, each read from its module only when that module exists in this checkout.

Every loader returns None when its module is absent, and the site then simply has no such section.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect

from ..records import Corpus
from .render_glossary import GlossaryConcept, GlossaryTerm, occurrences, word_index, words
from .render_rules import RuleDoc


def available(module: str) -> bool:
    """True when a lawtools module exists (its parent package too)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def load_rules() -> list[RuleDoc] | None:
    """Every registered rule function (lawtools.rules REGISTRY), or None without lawtools.rules."""
    if not available("lawtools.rules.registry"):
        return None
    registry = importlib.import_module("lawtools.rules.registry")
    docs = []
    for info in registry.rules():
        try:
            docstring = inspect.getdoc(info.function()) or info.summary
        except AttributeError:
            docstring = info.summary
        docs.append(RuleDoc(info.name, info.qualname, tuple(info.provisions), tuple(info.editions), info.signature,
                            docstring, info.example, info.result()))
    return docs


def termbase(corpus: Corpus):
    """The termbase beside the corpus (corpus/terms.yaml), loaded once and shared by the analyses, or None."""
    path = corpus.manifest.corpus_dir / "terms.yaml"
    if not available("lawtools.termbase") or not path.exists():
        return None
    return importlib.import_module("lawtools.termbase").load_termbase(path)


def _shared(function, shared_termbase) -> dict:
    """Keyword arguments handing the shared termbase to an analysis that accepts one (its matchers are costly)."""
    accepts = "termbase" in inspect.signature(function).parameters
    return {"termbase": shared_termbase} if accepts and shared_termbase is not None else {}


def load_diffs(corpus: Corpus, shared_termbase=None) -> dict[str, dict] | None:
    """law -> lawtools.diff result (JSON shape) for every law in more than one edition, or None without it."""
    if not available("lawtools.diff"):
        return None
    diff = importlib.import_module("lawtools.diff").diff
    options = _shared(diff, shared_termbase)
    results = {}
    for law in corpus.laws():
        having = [e for e in corpus.editions() if corpus.article(e, law) is not None]
        if len(having) > 1:
            results[law] = diff(corpus, law, **options).to_dict()
    return results


def load_findings(corpus: Corpus, shared_termbase=None) -> list[dict] | None:
    """Every lawtools.check finding (JSON shape), with "accepted" holding the baseline's reason for the ones
    corpus/check-baseline.yaml accepts; None without lawtools.check."""
    if not available("lawtools.check"):
        return None
    if available("lawtools.check.report"):
        return findings_json(importlib.import_module("lawtools.check.report").check_report(corpus))
    run_checks = importlib.import_module("lawtools.check").run_checks
    return [finding.to_dict() for finding in run_checks(corpus, **_shared(run_checks, shared_termbase))]


def findings_json(report) -> list[dict]:
    """A lawtools.check.report CheckReport as the site shows it: each finding's JSON with its "accepted" reason."""
    reasons = {finding: entry.reason for finding, entry in report.accepted}
    return [{**finding.to_dict(), "accepted": reasons.get(finding, "")} for finding in report.findings]


def load_glossary(corpus: Corpus, shared_termbase=None) -> list[GlossaryConcept] | None:
    """The termbase as glossary rows with each term's occurrences, or None without one."""
    if shared_termbase is None:
        return None
    places: dict[str, list[tuple[str, str, str]]] = {}  # edition -> (law, node, words)
    for edition in corpus.editions():
        found = places.setdefault(edition, [])
        for article in corpus.articles(edition).values():
            law = article.law
            found += [(law, law, words(article.title)), (law, law, words(article.intro))]
            for node in article.walk():
                found += [(article.law, node.id, words(node.title)), (article.law, node.id, words(node.text))]
            found += [(article.law, note.node or article.law, words(note.text)) for note in article.footnotes]
    indexes: dict[str, dict[str, list[int]]] = {}

    def index_of(edition: str) -> dict[str, list[int]]:
        if edition not in indexes:
            indexes[edition] = word_index(places[edition])
        return indexes[edition]

    from ..termbase import language_order

    concepts = []
    corpus_languages = {corpus.language(e) for e in corpus.editions()}
    for concept in shared_termbase.concepts:
        terms: dict[str, list[GlossaryTerm]] = {}
        # the termbase's languages and the corpus's (an English edition's terms are the concept's labels)
        for term in (t for language in language_order({*concept.terms, *corpus_languages})
                     for t in concept.terms_in(language)):
            editions = [e for e in corpus.editions() if corpus.language(e) == term.language
                        and (not term.editions or e in term.editions)]
            hits = dict.fromkeys(hit for e in editions for hit in occurrences(term.variants, places[e], index_of(e)))
            terms.setdefault(term.language, []).append(GlossaryTerm(term.term, term.status, tuple(term.forms),
                                                                    term.note, tuple(hits)))
        concepts.append(GlossaryConcept(concept.id, concept.en, concept.note, terms))
    return concepts


def load_concordance(corpus: Corpus) -> list[dict] | None:
    """The links of the concordance's computed edition pairs in the `lawtools concordance --json` shape
    (`{"from": "sv-2007:57C2", "to": ..., "relation": ...}`), or None when the corpus has none: law pages then
    pair rows by id. The pairs composed through them are left out: the rows they join are the rows the computed
    links join (site.pairing), so composing every pair of editions, which grows with their square, tells a page
    nothing more."""
    from ..concordance import load_concordance as stored
    from ..errors import NotFound

    try:
        concordance = stored(corpus.manifest.corpus_dir)
    except NotFound:
        return None
    return [link.to_dict() for pair in concordance.pairs for link in pair.links]
