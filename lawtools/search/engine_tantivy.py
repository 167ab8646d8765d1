"""The tantivy engine (optional extra `tantivy`): the same index as engine_whoosh, on tantivy-py.

Our tokens go in as tantivy PreTokenizedStrings on "raw" fields, so tantivy scores exactly the terms the
analysis produced (BM25, K1 1.2, B 0.75, per field); a Plan becomes tantivy term, phrase and boolean queries
with the same boosts. Chosen with LAWTOOLS_SEARCH_BACKEND=tantivy (or settings {"backend": "tantivy"}).
"""

from __future__ import annotations

import marshal
from collections.abc import Iterator
from pathlib import Path

import tantivy

from .analyzed import STORED
from .index import stored_spans
from .plan import Alternative, Filters, LazyHit, Plan, RawHit

NAME = "tantivy"
UNREADABLE = (OSError, ValueError, KeyError, TypeError, RuntimeError, EOFError, IndexError)
_IDS = ("key", "edition", "language", "law", "node")
_BLOB = "stored"  # every STORED field of a document: marshal of (its own fields, marshal of its _TEXTS)
_TEXTS = ("title", "text", "law_title", "lemmas", "title_lemmas", "spans")  # what documents of one text key share


def schema(languages) -> tantivy.Schema:
    """The tantivy schema: ids (raw, for filters and lookups), the order, the stored fields in one blob (one
    read per hit), and the token fields."""
    builder = tantivy.SchemaBuilder()
    for name in _IDS:
        builder.add_text_field(name, stored=False, tokenizer_name="raw", index_option="basic")
    builder.add_bytes_field(_BLOB, stored=True)
    builder.add_integer_field("order", stored=False, indexed=True, fast=True)
    # an English edition's own law titles and every edition's English law titles share `context_en` (as in the
    # Whoosh schema, where the second definition is the first): each field is added once
    names = dict.fromkeys([*(f"{kind}_{language}" for language in languages for kind in ("text", "parts", "context")),
                           "context_en"])
    for name in names:
        builder.add_text_field(name, stored=False, tokenizer_name="raw", index_option="position")
    return builder.build()


def write(staging: Path, analyzed) -> None:
    """Index the analysed corpus into the staging directory."""
    index = tantivy.Index(schema(analyzed.languages), path=str(staging))
    writer = index.writer(heap_size=50_000_000, num_threads=1)
    # (language, text key) -> the token fields (named by language) and the stored texts, built once
    built: dict[tuple, tuple] = {}
    own = [name for name in STORED if name not in _TEXTS]
    for doc in analyzed.documents:
        stored, tokens, key = analyzed.keyed_fields(doc)
        found = built.get((doc.language, key))
        if found is None:
            texts = {name: stored[name] for name in _TEXTS}
            texts["spans"] = stored_spans(texts["spans"])
            found = built[doc.language, key] = ([
                (name, tantivy.PreTokenizedString(" ".join(t for t, _ in pairs),
                                                  [tantivy.Token(t, p, 0, 0) for t, p in pairs]))
                for name, pairs in tokens.items() if pairs], marshal.dumps(texts))
        fields, texts = found
        document = tantivy.Document()
        for name in _IDS:
            document.add_text(name, stored[name])
        for name, value in fields:
            document.add_pre_tokenized_text(name, value)
        document.add_integer("order", int(stored["order"]))
        document.add_bytes(_BLOB, marshal.dumps(({name: stored[name] for name in own}, texts)))
        writer.add_document(document)
    writer.commit()
    writer.wait_merging_threads()


def exists(path: Path) -> bool:
    """True when the directory holds a tantivy index."""
    return (Path(path) / "meta.json").exists() and any(Path(path).glob("*.idx"))


class TantivyEngine:
    """An open tantivy index."""

    name = NAME

    def __init__(self, path: Path, languages: list[str]):
        self.path = Path(path)
        self.languages = languages
        self._schema = schema(languages)
        self._index = tantivy.Index.open(str(self.path))
        self._searcher = self._index.searcher()
        self._searcher.num_docs  # noqa: B018 - read now, so a damaged index fails here

    def doc_frequency(self, field_name: str, term: str) -> int:
        """How many documents have the term in the field."""
        try:
            return self._searcher.doc_freq(field_name, term)
        except ValueError:
            return 0

    def search(self, plan: Plan, filters: Filters, limit: int = 200) -> list[RawHit]:
        """Documents matching the plan, best first."""
        query = self._query(plan, filters)
        if query is None:
            return []
        hits = self._searcher.search(query, limit, count=False).hits
        if not hits:
            return []
        orders = self._searcher.fast_field_values("order", [address for _, address in hits])
        return [LazyHit(score, address, self._stored, order)
                for (score, address), order in zip(hits, orders, strict=True)]

    def lookup(self, node: str, law: str, filters: Filters) -> list[RawHit]:
        """The documents of one provision id in every edition (for citations), in manifest order."""
        must = [self._term("node", node), self._term("law", law), *self._filter(filters)]
        query = tantivy.Query.boolean_query([(tantivy.Occur.Must, q) for q in must])
        hits = self._searcher.search(query, 10_000, count=False).hits
        return sorted((RawHit(1.0, self._stored(a)) for _, a in hits), key=lambda r: r.fields["order"])

    def all_documents(self) -> Iterator[dict]:
        """Stored fields of every document."""
        hits = self._searcher.search(tantivy.Query.all_query(), max(1, self._searcher.num_docs), count=False).hits
        for _, address in hits:
            yield self._stored(address)

    def close(self) -> None:
        """Nothing to release (tantivy's searcher is reference counted)."""

    # ------------------------------------------------------------------------------------------ queries
    def _stored(self, address) -> dict:
        found = marshal.loads(self._searcher.doc(address).to_dict()[_BLOB][0])
        if not (isinstance(found, tuple) and len(found) == 2 and isinstance(found[0], dict)
                and isinstance(found[1], bytes)):
            raise ValueError("a stored document is not its fields and texts")
        fields, texts = found[0], marshal.loads(found[1])
        if not isinstance(texts, dict):
            raise ValueError("a stored document's texts are not a mapping")
        fields.update(texts)
        return fields

    def _term(self, name: str, value: str):
        return tantivy.Query.term_query(self._schema, name, value)

    def _filter(self, filters: Filters) -> list:
        parts = []
        for name, values in (("edition", filters.editions), ("language", filters.languages)):
            if values:
                parts.append(_any([self._term(name, v) for v in values]))
        if filters.law:
            parts.append(self._term("law", filters.law))
        return [tantivy.Query.const_score_query(p, 0.0) for p in parts]

    def _alternative(self, alt: Alternative):
        name = f"{alt.field}_{alt.language}"
        if alt.phrase:
            # a plan's slop is Whoosh's (1: the words side by side); tantivy's counts the positions between
            query = tantivy.Query.phrase_query(self._schema, name, list(alt.terms), slop=max(0, alt.slop - 1))
        elif len(alt.terms) > 1:
            query = tantivy.Query.boolean_query([(tantivy.Occur.Must, self._term(name, t)) for t in alt.terms])
        else:
            query = self._term(name, alt.terms[0])
        return query if alt.boost == 1.0 else tantivy.Query.boost_query(query, alt.boost)

    def _query(self, plan: Plan, filters: Filters):
        languages = [lang for lang in self.languages if not filters.languages or lang in filters.languages]
        per_language = []
        for language in languages:
            clauses = []
            for clause in plan.clauses:
                alts = [self._alternative(a) for a in clause.alternatives if a.language in (language, "en")]
                if alts:
                    clauses.append(_any(alts))
                elif plan.require_all:
                    clauses = []
                    break
            if not clauses:
                continue
            occur = tantivy.Occur.Must if plan.require_all else tantivy.Occur.Should
            parts = [(occur, c) for c in clauses]
            if not plan.require_all:
                parts = [(tantivy.Occur.Must, _any(clauses))]
            bonus = [self._alternative(a) for a in plan.bonus if a.language in (language, "en")]
            if bonus:
                parts.append((tantivy.Occur.Should, _any(bonus)))
            parts.append((tantivy.Occur.Must, tantivy.Query.const_score_query(self._term("language", language), 0.0)))
            per_language.append(tantivy.Query.boolean_query(parts))
        if not per_language:
            return None
        query = _any(per_language)
        extra = self._filter(filters)
        if extra:
            query = tantivy.Query.boolean_query([(tantivy.Occur.Must, q) for q in [query, *extra]])
        return query


def _any(queries: list):
    """A disjunction (scores add up, as in Whoosh's Or)."""
    if len(queries) == 1:
        return queries[0]
    return tantivy.Query.boolean_query([(tantivy.Occur.Should, q) for q in queries])
Engine = TantivyEngine
