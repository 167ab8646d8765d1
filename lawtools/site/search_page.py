"""The site's search: a page at search/ and a static index built at site-build time from the CLI's analysis.

The index (search/index.json) holds what the browser needs to run the CLI's query plan without a server:
every provision's token positions per field (the same tokens analyzed.py gives Whoosh and tantivy: stems,
inflection forms, spaCy lemmas, compound parts, the law's title, its English title), document lengths for
BM25, what the page knows of words instead of a stemmer (site/search_words.py: every corpus and termbase
word's readings per language, the CLI's language evidence, common words), the stop words, the compiled
termbase (concepts with their terms in every language) and the citation keywords. The page's scripts read
`?q=` (and `&lang=`): search/lawquery.js detects the query's languages, corrects typos against the surface forms
and expands concepts into the CLI's query plan, search/lawrank.js scores it with BM25 and groups the provisions
by law, and search/lawsearch.js runs them (with search/lawmeaning.js for meaning, site/search_meaning.py) and
renders the laws inside #search-results (contract in DESIGN.md). Front matter and the glossary never outrank a
law. The header's search box (theme/partials/search.html, installed by `install_theme`) is a form that opens this
page; search/header.js makes Enter there open it too.

Registered in the mkdocs hook with `site_files(corpus)` and `install_theme(config)`.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..citation import KEYWORDS
from ..search.analysis import MAX_COMPOUND_PARTS, settings_for
from ..search.analyzed import analyze_corpus
from ..search.api import COUNTERPART_WEIGHT
from ..search.clauses import (
    COMPOUND_QUERY_BOOST,
    CONTEXT_BOOST,
    EXPANSION_BOOST,
    FOREIGN_BOOST,
    GLOSSARY_BOOST,
    PART_ALONE_BOOST,
    PART_BOOST,
    SCATTERED_BOOST,
    STATUS_BOOST,
    TITLE_EN_BOOST,
)
from ..search.fusion import K as RRF_K
from ..search.grouping import TITLE_WEIGHT
from ..search.index import default_settings
from ..search.index_build import cached_lexicon
from ..search.termbase_index import compile_termbase
from ..termbase import default_termbase_path
from . import search_meaning, search_words

PAGE = "search/index.md"
HEADER_SCRIPT = "search/header.js"
INDEX_FILE = "search/index.json"
# the page's scripts, in the order it loads them: the query plan, the ranking, then the page that runs them
SCRIPTS = ("lawquery.js", "lawrank.js", "lawsearch.js")


def page_markdown() -> str:
    """The search page: a form, the results container of the contract, and the engine's scripts."""
    return """---
title: Search
---

# Search

<form class="lawtools-search" action="./" method="get" role="search">
<input type="search" name="q" id="lawtools-search-q" aria-label="Search the Laws"
 placeholder="Search the Laws in any language">
<button type="submit">Search</button>
</form>

<p id="search-summary" aria-live="polite"></p>
<div id="search-results" data-state="loading"></div>

""" + "".join(f'<script src="{name}"></script>\n' for name in SCRIPTS)


def _href(doc) -> str:
    """The link from search/ to the document: the provision's anchor on its law page, or its front page."""
    if doc.law.isdigit():
        anchor = "" if doc.node == doc.law else f"#{doc.node}"
        return f"../laws/{doc.law}/{anchor}"
    return f"../editions/{doc.edition}/{doc.law}/"


def build_index(corpus, termbase_path=None, files: dict[str, bytes] | None = None) -> dict:
    """The static index (see the module docstring) for a corpus. With `files` (a dict), and the encoder
    installed, the index has a `meaning` block and `files` gets what it names (site/search_meaning.py)."""
    termbase_path = termbase_path or default_termbase_path()
    settings = default_settings()
    analyzed = analyze_corpus(corpus, termbase_path, settings)
    docs, lengths, postings = [], {}, {}
    for number, doc in enumerate(analyzed.documents):
        stored, tokens = analyzed.fields(doc)
        docs.append([doc.edition, doc.language, doc.law, doc.node, stored["heading"], _href(doc),
                     1 if doc.law.isdigit() else 0, doc.text[:200]])
        for name, pairs in tokens.items():
            lengths.setdefault(name, {})[number] = len(pairs)
            for term, pos in pairs:
                entry = postings.setdefault(name, {}).setdefault(term, {})
                entry.setdefault(number, []).append(pos)
    post = {name: {term: [[d, *sorted(p)] for d, p in sorted(by_doc.items())] for term, by_doc in terms.items()}
            for name, terms in postings.items()}
    termbase = compile_termbase(termbase_path, analyzed.analyzers)
    lexicon = cached_lexicon([*analyzed.languages, "en"])
    words = search_words.word_tables(analyzed, postings, termbase, lexicon)
    concepts = [{"id": c["id"], "en": c["en"], **({"glossary": True} if c.get("glossary") else {}),
                 "entries": [_entry(e) for e in c["entries"]]}
                for c in termbase["concepts"]]
    stop = {lang: sorted(analyzed.analyzers[lang].stopwords) for lang in [*analyzed.languages, "en"]}
    counts = {lang: {w: n for w, n in analyzed.vocabularies[lang].counts.items()} for lang in analyzed.languages}
    meaning = None
    if files is not None and analyzed.documents and settings.get("semantic") and search_meaning.available():
        meaning, binaries = search_meaning.meaning_files(analyzed, termbase["concepts"], lexicon, words["surface"])
        files.update(binaries)
    return {"version": 1, **({"meaning": meaning} if meaning else {}), "languages": analyzed.languages,
            "docs": docs, "lengths": lengths, "post": post,
            **words, "stop": stop, "concepts": concepts, "counts": counts,
            "keywords": sorted(KEYWORDS, key=len, reverse=True),
            "suffixes": {lang: sorted(settings_for(lang).get("suffixes", []), key=len, reverse=True)
                         for lang in [*analyzed.languages, "en"]},
            "particles": {lang: sorted(analyzed.analyzers[lang].particles) for lang in analyzed.languages
                          if analyzed.analyzers[lang].particles},
            "editions": {e: corpus.language(e) for e in corpus.editions()},
            "compounds": {lang: {"linking": analyzed.analyzers[lang].linking[1:],
                                 "elided": list(analyzed.analyzers[lang].elided),
                                 "min_part": analyzed.analyzers[lang].min_part, "max_parts": MAX_COMPOUND_PARTS}
                          for lang in analyzed.languages if analyzed.analyzers[lang].compounds},
            "boosts": {"part": PART_BOOST, "context": CONTEXT_BOOST, "expansion": EXPANSION_BOOST,
                       "foreign": FOREIGN_BOOST, "title_en": TITLE_EN_BOOST, "status": STATUS_BOOST,
                       "title": TITLE_WEIGHT, "compound": COMPOUND_QUERY_BOOST, "scattered": SCATTERED_BOOST,
                       "glossary": GLOSSARY_BOOST, "alone": PART_ALONE_BOOST, "counterpart": COUNTERPART_WEIGHT,
                       "rrf_k": RRF_K}}


def _entry(entry: dict) -> list:
    """A compiled term as the browser reads it: [language, words, status, occurs], then, for a term with stop
    words, the term word by word ("" for a word of `words`, a stop word as itself) and whether it matches only
    so (termbase_index._mark_written)."""
    found = [entry["language"], entry["words"], entry["status"], bool(entry["occurs"])]
    if any(entry.get("stops", ())):
        found += [entry["stops"], 1 if entry.get("written") else 0]
    return found


THEME_DIR = Path(__file__).resolve().parent / "theme"  # partials/search.html: the header's search box


def install_theme(config) -> None:
    """Put the header's search box (THEME_DIR, in front of the theme's own templates) and its script into
    an mkdocs config: the header box leads to search/, mkdocs-material's own search UI never shows."""
    if str(THEME_DIR) not in config.theme.dirs:
        config.theme.dirs.insert(0, str(THEME_DIR))
    if HEADER_SCRIPT not in config.extra_javascript:
        config.extra_javascript.append(HEADER_SCRIPT)


def _static(name: str) -> str:
    found = search_meaning.static_file(name)
    if found is None:
        raise FileNotFoundError(f"lawtools/search/static/{name} is missing from the installed package")
    return found.decode("utf-8")


def site_files(corpus, meaning: bool = True) -> dict[str, str | bytes]:
    """{site path: content} of the search page, its engine, its index and the header script, and with
    `meaning` (and the encoder installed) the query encoder and the passage vectors."""
    binaries: dict[str, bytes] = {}
    index = build_index(corpus, files=binaries if meaning else None)
    return {PAGE: page_markdown(), **{f"search/{name}": _static(name) for name in SCRIPTS},
            HEADER_SCRIPT: _static("header.js"),
            INDEX_FILE: json.dumps(index, ensure_ascii=False, separators=(",", ":")), **binaries}
