"""A bare baseline for the relevance sets: Whoosh with each language's Snowball stemmer and stop list, one
field per language, the query's words OR-ed in every language, laws ranked by their best provision.

No termbase, compounds, typo correction, citations or grouping tricks: what an off-the-shelf index gives.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass

from whoosh import index as whoosh_index
from whoosh import qparser
from whoosh.analysis import LanguageAnalyzer
from whoosh.fields import ID, STORED, TEXT, Schema

from lawtools.search.documents import corpus_documents

SNOWBALL = {"sv": "sv", "nb": "no", "de": "de", "nl": "nl"}


@dataclass
class BaselineResult:
    laws: list[str]


class BareWhoosh:
    """Whoosh + Snowball over the corpus documents; `search(query, lang=...) -> .laws`."""

    def __init__(self, corpus):
        fields = {"law": STORED, "language": ID(stored=True), "edition": ID(stored=True)}
        languages = sorted({corpus.language(e) for e in corpus.editions()})
        self.languages = [lang for lang in languages if lang in SNOWBALL]
        for lang in self.languages:
            fields[f"text_{lang}"] = TEXT(analyzer=LanguageAnalyzer(SNOWBALL[lang]))
        self._dir = tempfile.TemporaryDirectory()
        self.ix = whoosh_index.create_in(self._dir.name, Schema(**fields))
        writer = self.ix.writer()
        for doc in corpus_documents(corpus):
            if doc.language in self.languages:
                writer.add_document(law=doc.law, language=doc.language, edition=doc.edition,
                                    **{f"text_{doc.language}": f"{doc.title}\n{doc.text}\n{doc.law_title}"})
        writer.commit()
        self.searcher = self.ix.searcher()

    def search(self, query: str, lang: str | None = None, edition: str | None = None, limit: int = 10):
        languages = [lang] if lang else self.languages
        parser = qparser.MultifieldParser([f"text_{x}" for x in languages], self.ix.schema,
                                          group=qparser.OrGroup)
        hits = self.searcher.search(parser.parse(query), limit=500)
        laws: list[str] = []
        for hit in hits:
            if hit["law"] not in laws:
                laws.append(hit["law"])
        return BaselineResult(laws[:limit])
