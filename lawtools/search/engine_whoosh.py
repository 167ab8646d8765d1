"""The Whoosh engine (the embedded default): THE ONLY module that imports whoosh's index and query code.

Tokens are handed to Whoosh pre-analysed ("term|pos" strings read by `PreAnalyzed`), so no custom class is
pickled into the index; BM25F scores. Another engine (engine_tantivy) implements the same five methods.
"""

from __future__ import annotations

import marshal
import pickle
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

from ._quiet_imports import whoosh_without_network

with whoosh_without_network():
    from whoosh import index as whoosh_index
    from whoosh import query as wq
    from whoosh.analysis import Token as WhooshToken
    from whoosh.analysis import Tokenizer
    from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema
    from whoosh.scoring import BM25F

from .index import stored_spans
from .plan import Alternative, Filters, LazyHit, Plan, RawHit

NAME = "whoosh"
ORDERS = "orders.marshal"  # each document's "order" by docnum (hits say which row of the document table they are)
# What reading a damaged index (truncated, garbled or missing files) raises, from Whoosh or from json.
UNREADABLE = (OSError, ValueError, EOFError, KeyError, TypeError, AttributeError, struct.error,
              whoosh_index.IndexError, ImportError, pickle.UnpicklingError, IndexError, RecursionError, MemoryError,
              zlib.error)


class PreAnalyzed(Tokenizer):
    """Reads tokens that `encode_tokens` wrote ("term|pos" separated by spaces)."""

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        token = WhooshToken(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for item in value.split():
            term, _, pos = item.rpartition("|")
            token.text = term
            token.boost = 1.0
            token.stopped = False
            if positions:
                token.pos = start_pos + int(pos)
            if chars:
                token.startchar = token.endchar = start_char
            yield token


def encode_tokens(pairs: list[tuple[str, int]]) -> str:
    """(term, position) pairs as the text PreAnalyzed reads."""
    return " ".join(f"{term}|{pos}" for term, pos in pairs)


def schema(languages) -> Schema:
    """The Whoosh schema of the index: the id and stored fields, and three token fields per language."""
    fields = {
        "key": ID(stored=True, unique=True), "edition": ID(stored=True), "language": ID(stored=True),
        "law": ID(stored=True), "node": ID(stored=True), "title": STORED, "text": STORED, "law_title": STORED,
        "heading": STORED,
        "kind": STORED, "order": NUMERIC(stored=True), "lemmas": STORED, "title_lemmas": STORED, "spans": STORED,
    }
    for language in languages:
        fields[f"text_{language}"] = TEXT(analyzer=PreAnalyzed(), phrase=True)
        fields[f"parts_{language}"] = TEXT(analyzer=PreAnalyzed(), phrase=False)
        fields[f"context_{language}"] = TEXT(analyzer=PreAnalyzed(), phrase=True)
    fields["context_en"] = TEXT(analyzer=PreAnalyzed(), phrase=True)  # the law's English title, every edition
    return Schema(**fields)


SEGMENT_DOCS = 8192  # documents per segment of a full build: an update rewrites only the segments it deletes from


def write(staging: Path, analyzed) -> None:
    """Index the analysed corpus into the staging directory, in segments of SEGMENT_DOCS documents (in `order`:
    docnum order is document order, which is how ties are ranked)."""
    ix = whoosh_index.create_in(str(staging), schema(analyzed.languages))
    encoded: dict[tuple, tuple] = {}  # (language, text key) -> token fields: their names say the language
    orders = []  # docnum -> order: each writer appends a segment, numbered as its documents are added
    documents = analyzed.documents
    for start in range(0, len(documents), SEGMENT_DOCS):
        writer = ix.writer(limitmb=128)
        orders.extend(_add(writer, analyzed, documents[start:start + SEGMENT_DOCS], encoded))
        writer.commit(merge=False)
    (Path(staging) / ORDERS).write_bytes(marshal.dumps(orders))


def _add(writer, analyzed, documents, encoded: dict) -> list[int]:
    """Add the documents to the writer; their orders, as added."""
    orders = []
    for doc in documents:
        stored, tokens, key = analyzed.keyed_fields(doc)
        found = encoded.get((doc.language, key))
        if found is None:
            found = encoded[doc.language, key] = ({name: encode_tokens(pairs) for name, pairs in tokens.items()},
                                                      stored_spans(stored["spans"]))
        fields, stored["spans"] = found
        writer.add_document(**stored, **fields)
        orders.append(int(stored["order"]))
    return orders


def update(path: Path, analyzed, remove: list[str], add: list) -> None:
    """Change an index in place (a copy of the live one: see incremental.py): the documents whose key is in
    `remove` go, the documents `add` come in. Every segment that loses a document, and every small one (under a
    quarter of SEGMENT_DOCS, so updates do not pile up segments), is written again from the analysed corpus with
    the documents it keeps and the added ones; the other segments are kept as they are. No deleted document is
    left to count in the BM25 statistics, and every field length is the exact one (Whoosh's own merge copies
    lengths rounded to a byte, which moves the average field length): scores equal those of a full build."""
    path = Path(path)
    ix = whoosh_index.open_dir(str(path))
    old_orders = marshal.loads((path / ORDERS).read_bytes())
    if not isinstance(old_orders, list) or len(old_orders) != ix.doc_count_all():
        raise ValueError(f"{ORDERS} does not match the index")
    by_order = {doc.order: doc for doc in analyzed.documents}
    writer = ix.writer(limitmb=128)
    try:
        for key in remove:
            writer.delete_by_term("key", key)
        kept, orders, again, offset = [], [], [], 0
        for segment in writer.segments:
            count = segment.doc_count_all()
            if segment.has_deletions() or count < SEGMENT_DOCS // 4:
                # what it keeps was not changed, so it has the same order (and digest) in the corpus analysed now
                again.extend(by_order[old_orders[offset + i]] for i in range(count) if not segment.is_deleted(i))
            else:
                kept.append(segment)
                orders.extend(old_orders[offset:offset + count])
            offset += count
        written = sorted([*again, *add], key=lambda doc: doc.order)
        orders.extend(_add(writer, analyzed, written, {}))
        writer.commit(mergetype=lambda _writer, _segments: kept)  # the segments written again are dropped
    except BaseException:
        if not writer.is_closed:
            writer.cancel()
        raise
    (path / ORDERS).unlink()  # a hard link to the live index's file: replaced, never written through
    (path / ORDERS).write_bytes(marshal.dumps(orders))


def exists(path: Path) -> bool:
    """True when the directory holds a Whoosh index."""
    try:
        return whoosh_index.exists_in(str(path))
    except UNREADABLE:
        return False


class WhooshEngine:
    """An open Whoosh index."""

    name = NAME

    def __init__(self, path: Path, languages: list[str]):
        self.path = Path(path)
        self.languages = languages
        self._searcher = None
        self._ix = whoosh_index.open_dir(str(self.path))
        try:
            self._orders = marshal.loads((self.path / ORDERS).read_bytes())
        except FileNotFoundError:
            self._orders = None  # an index without it: hits read their stored fields for their ids
        if self._orders is not None and (not isinstance(self._orders, list)
                                         or len(self._orders) != self._ix.doc_count_all()):
            raise ValueError(f"{ORDERS} does not match the index")
        self.searcher.reader().doc_count()
        for field_name in self._ix.schema.names():
            if field_name.startswith("text_"):
                self.searcher.reader().doc_frequency(field_name, "")

    @property
    def searcher(self):
        if self._searcher is None:
            self._searcher = self._ix.searcher(weighting=BM25F())
        return self._searcher

    def doc_frequency(self, field_name: str, term: str) -> int:
        """How many documents have the term in the field (0 for a field the index lacks: the termbase may name a
        language no edition is in yet, as tantivy's answers too)."""
        if field_name not in self.searcher.schema:
            return 0
        return self.searcher.reader().doc_frequency(field_name, term)

    def search(self, plan: Plan, filters: Filters, limit: int = 200) -> list[RawHit]:
        """Documents matching the plan, best first."""
        query = self._query(plan, filters)
        if query is None:
            return []
        results = self.searcher.search(query, limit=limit, filter=self._filter(filters))
        reader = self.searcher.reader()
        orders = self._orders

        def read(docnum):
            return dict(reader.stored_fields(docnum))

        hits = [LazyHit(hit.score, hit.docnum, read, orders[hit.docnum] if orders else None) for hit in results]
        if orders:  # equal scores in document order, as a full build's docnums give them (an update's need not)
            hits.sort(key=lambda hit: (-hit.score, hit.order))
        return hits

    def lookup(self, node: str, law: str, filters: Filters) -> list[RawHit]:
        """The documents of one provision id in every edition (for citations), in manifest order."""
        query = wq.And([wq.Term("node", node), wq.Term("law", law)])
        results = self.searcher.search(query, limit=None, filter=self._filter(filters), sortedby="order")
        return [RawHit(1.0, dict(hit.fields())) for hit in results]

    def all_documents(self) -> Iterator[dict]:
        """Stored fields of every document."""
        yield from self.searcher.reader().all_stored_fields()

    def close(self) -> None:
        """Release the searcher."""
        if self._searcher is not None:
            self._searcher.close()
            self._searcher = None

    def _query(self, plan: Plan, filters: Filters):
        languages = [lang for lang in self.languages if not filters.languages or lang in filters.languages]
        per_language = []
        for language in languages:
            clauses = []
            for clause in plan.clauses:
                alts = [_alternative(a) for a in clause.alternatives if a.language in (language, "en")]
                if alts:
                    clauses.append(wq.Or(alts) if len(alts) > 1 else alts[0])
                elif plan.require_all:
                    clauses = []
                    break
            if clauses:
                main = wq.And(clauses) if plan.require_all else wq.Or(clauses)
                bonus = [_alternative(a) for a in plan.bonus if a.language in (language, "en")]
                main = wq.AndMaybe(main, wq.Or(bonus)) if bonus else main
                # the language's documents only (the English title field is in every edition), adding nothing to
                # a score: a boost of 0, not ConstantScoreQuery(..., 0.0), whose matcher reads a score of 0 as "no
                # score given" and adds 1 to every hit (Whoosh 2.7.4 ListMatcher.weight), which favoured laws with
                # many matching provisions over the other engine and the site's page
                per_language.append(wq.And([main, wq.Term("language", language, boost=0.0)]))
        if not per_language:
            return None
        return wq.Or(per_language) if len(per_language) > 1 else per_language[0]

    @staticmethod
    def _filter(filters: Filters):
        parts = []
        if filters.editions:
            parts.append(wq.Or([wq.Term("edition", e) for e in filters.editions]))
        if filters.languages:
            parts.append(wq.Or([wq.Term("language", lang) for lang in filters.languages]))
        if filters.law:
            parts.append(wq.Term("law", filters.law))
        return wq.And(parts) if parts else None


def _alternative(alt: Alternative):
    name = f"{alt.field}_{alt.language}"
    if alt.phrase:
        return wq.Phrase(name, list(alt.terms), slop=alt.slop, boost=alt.boost)
    if len(alt.terms) > 1:
        return wq.And([wq.Term(name, term) for term in alt.terms], boost=alt.boost)
    return wq.Term(name, alt.terms[0], boost=alt.boost)
Engine = WhooshEngine
