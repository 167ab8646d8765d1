"""Computing the concordance of every pair of editions from the records (the only module that encodes).

For each pair that shares laws (the earlier Laws year on the `from` side), the units of the shared laws
are embedded (cached), their termbase concepts found, the pair features built and scored, and the
aligner's index pairs turned into `Link`s with a relation, a score and the evidence that decided them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from ..records import Corpus
from .align import align_pair
from .embed import EmbeddingCache, default_cache_path
from .features import FEATURES, PairFeatures, concept_sets, number_sets, pair_features
from .joint import PairView, composed, joint_logit, logit
from .links import Link
from .scoring import Params, load_params
from .store import edition_pairs, pivots
from .units import Unit, edition_units


@dataclass
class EditionEvidence:
    """What one edition's units carry into every pair: vectors, sentence vectors, concepts."""

    units: dict[str, list[Unit]]
    vectors: dict[str, np.ndarray] = field(default_factory=dict)      # unit key -> vector
    sentences: dict[str, np.ndarray] = field(default_factory=dict)    # unit key -> sentence vectors
    heads: dict[str, np.ndarray] = field(default_factory=dict)        # unit key -> caption vector
    concepts: dict[str, frozenset] = field(default_factory=dict)
    numbers: dict[str, frozenset] = field(default_factory=dict)


class Computer:
    """Computes pair links for one corpus, sharing each edition's evidence between its pairs."""

    def __init__(self, corpus: Corpus, mode: str = "encoder", cache_path: Path | None = None,
                 params: Params | None = None, use_cache: bool = True):
        self.corpus = corpus
        self.mode = mode
        self.params = params or load_params(mode)
        self.cache = None
        if mode == "encoder":
            path = (cache_path or default_cache_path(corpus.manifest.corpus_dir)) if use_cache else None
            self.cache = EmbeddingCache(path)
        from ..corpus_terms import termbase_for

        self.termbase = termbase_for(corpus.manifest.corpus_dir)
        self._evidence: dict[str, EditionEvidence] = {}
        self._concepts: dict[tuple[str, str], frozenset] = {}  # (language, text) -> termbase concepts
        self._numbers: dict[tuple[str, str], frozenset] = {}   # (language, own text) -> quantities
        self._features: dict[tuple[str, str], PairFeatures] = {}

    def evidence(self, edition: str) -> EditionEvidence:
        """One edition's units and evidence, computed once."""
        if edition not in self._evidence:
            units = edition_units(self.corpus, edition)
            flat = [u for law in units.values() for u in law]
            ev = EditionEvidence(units)
            if self.cache is not None and flat:
                vectors = self.cache.embed([u.full for u in flat])
                ev.vectors = {u.key: v for u, v in zip(flat, vectors, strict=True)}
                heads = self.cache.embed([u.head for u in flat])
                ev.heads = {u.key: v for u, v in zip(flat, heads, strict=True)}
                sentences = [(u, s) for u in flat for s in u.sentences()]
                encoded = self.cache.embed([s for _, s in sentences]) if sentences else np.zeros((0, 384))
                grouped: dict[str, list] = {}
                for (u, _), v in zip(sentences, encoded, strict=True):
                    grouped.setdefault(u.key, []).append(v)
                ev.sentences = {k: np.stack(v) for k, v in grouped.items()}
            # per text, once: an edition whose provisions read like another's (a copy, a reissue) costs nothing
            fresh = list({(u.language, u.full): u for u in flat
                          if (u.language, u.full) not in self._concepts}.values())
            self._concepts.update(zip(((u.language, u.full) for u in fresh), concept_sets(fresh, self.termbase),
                                      strict=True))
            fresh = list({(u.language, u.own): u for u in flat if (u.language, u.own) not in self._numbers}.values())
            self._numbers.update(zip(((u.language, u.own) for u in fresh), number_sets(fresh), strict=True))
            ev.concepts = {u.key: self._concepts[(u.language, u.full)] for u in flat}
            ev.numbers = {u.key: self._numbers[(u.language, u.own)] for u in flat}
            self._evidence[edition] = ev
        return self._evidence[edition]

    def features(self, a: str, b: str) -> PairFeatures:
        """The feature tensor of the shared laws of editions a and b (computed once per pair)."""
        if (a, b) not in self._features:
            self._features[(a, b)] = self._pair_features(a, b)
        return self._features[(a, b)]

    def _pair_features(self, a: str, b: str) -> PairFeatures:
        ea, eb = self.evidence(a), self.evidence(b)
        shared = [law for law in ea.units if law in eb.units]
        ua = [u for law in shared for u in ea.units[law]]
        ub = [u for law in shared for u in eb.units[law]]
        encoded = self.cache is not None
        return pair_features(
            ua, ub,
            vectors_a=np.stack([ea.vectors[u.key] for u in ua]) if encoded and ua else None,
            vectors_b=np.stack([eb.vectors[u.key] for u in ub]) if encoded and ub else None,
            sentences_a=[ea.sentences.get(u.key, np.zeros((0, 384))) for u in ua] if encoded else None,
            sentences_b=[eb.sentences.get(u.key, np.zeros((0, 384))) for u in ub] if encoded else None,
            concepts_a=[ea.concepts[u.key] for u in ua], concepts_b=[eb.concepts[u.key] for u in ub],
            heads_a=np.stack([ea.heads[u.key] for u in ua]) if encoded and ua else None,
            heads_b=np.stack([eb.heads[u.key] for u in ub]) if encoded and ub else None,
            numbers_a=[ea.numbers[u.key] for u in ua], numbers_b=[eb.numbers[u.key] for u in ub])

    def pair_links(self, a: str, b: str) -> list[Link]:
        """The links of one edition pair aligned on its own evidence (before hand overrides)."""
        feats = self.features(a, b)
        return self._align(a, b, feats, self.params.probability(feats.values))

    def all_links(self, wanted: list[tuple[str, str]] | None = None) -> dict[tuple[str, str], list[Link]]:
        """The links of edition pairs (all by default) aligned jointly: each pair also hears the editions
        between them (joint.py); with a `joint` weight of 0 every pair is aligned on its own."""
        pairs = edition_pairs(self.corpus)
        wanted = pairs if wanted is None else wanted
        years = {e: self.corpus.year(e) for e in self.corpus.editions()}
        needed = set(wanted)
        if self.params.joint:
            for a, c in wanted:
                for b in pivots((a, c), pairs, years):
                    needed.update(p for p in pairs if set(p) in ({a, b}, {b, c}))
        # a pair's feature tensor is the largest thing computed (units x units x features): it is kept only for the
        # pairs aligned again below, so memory grows with the editions, not with the pairs computed
        again = {p for p in wanted if self.params.joint and pivots(p, pairs, years)}
        first, views = {}, {}
        for p in sorted(needed):
            feats = self.features(*p)
            probability = self.params.probability(feats.values)
            first[p] = self._align(p[0], p[1], feats, probability)
            if self.params.joint:
                views[frozenset(p)] = PairView(p[0], p[1], [u.id for u in feats.a], [u.id for u in feats.b],
                                               logit(probability), first[p])
            if p not in again:
                self._features.pop(p, None)
        if not self.params.joint:
            return {p: first[p] for p in wanted}
        out = {}
        for a, c in wanted:
            between = pivots((a, c), pairs, years)
            if not between:
                out[(a, c)] = first[(a, c)]
                continue
            feats = self.features(a, c)
            ids_a, ids_c = [u.id for u in feats.a], [u.id for u in feats.b]
            through = [composed(ids_a, ids_c, a, c, views[frozenset((a, b))], views[frozenset((b, c))], b)
                       for b in between]
            prob = 1.0 / (1.0 + np.exp(-joint_logit(views[frozenset((a, c))].logit, through, self.params.joint)))
            alone = {(k.from_node, k.to_node) for k in first[(a, c)]}
            note = "composed through " + ", ".join(between)
            out[(a, c)] = [k if (k.from_node, k.to_node) in alone else replace(k, evidence=(*k.evidence, note))
                           for k in self._align(a, c, feats, prob)]
            self._features.pop((a, c), None)
        return out

    def _align(self, a: str, b: str, feats: PairFeatures, prob: np.ndarray) -> list[Link]:
        pairs = aligned(feats, prob, self.params)
        return links_from_pairs(a, b, feats, prob, pairs, self.params, self._evidence[a], self._evidence[b],
                                {e: self.partial_laws(e) for e in (a, b)})

    def partial_laws(self, edition: str) -> set[str]:
        """The laws an edition's source has only in part (the records mark them `partial`)."""
        return {law for law, article in self.corpus.articles(edition).items() if article.partial}

    def save(self) -> None:
        """Keep the embeddings computed so far for the next run."""
        if self.cache is not None:
            self.cache.save()


def all_children(feats: PairFeatures) -> tuple[list[list[int]], list[list[int]]]:
    """Per unit of A and B: the indices of its items that have text (an item that is only a caption
    stands for its own items: 2007 61B2 is a caption over 61B2(a) and (b))."""
    return _items(feats.a), _items(feats.b)


def _items(units: list[Unit]) -> list[list[int]]:
    index = {(u.law, u.id): k for k, u in enumerate(units)}

    def items(unit: Unit) -> list[int]:
        found = []
        for c in unit.children:
            k = index.get((unit.law, c))
            if k is not None:
                found += [k] if units[k].text.strip() else items(units[k])
        return found

    return [items(u) for u in units]


def heading_children(feats: PairFeatures) -> tuple[list[list[int]], list[list[int]]]:
    """Per unit of A and B: the indices of its children if it is a heading without text, else []."""
    out = []
    for units in (feats.a, feats.b):
        index = {(u.law, u.id): k for k, u in enumerate(units)}
        out.append([[index[(u.law, c)] for c in u.children if (u.law, c) in index] if not u.text.strip() else []
                    for u in units])
    return out[0], out[1]


def aligned(feats: PairFeatures, prob: np.ndarray, params: Params) -> list[tuple[int | None, int | None]]:
    """`align_pair` on a pair's features: the laws, headings, lengths, sentence similarities and content
    probability it reads, all from `feats`."""
    return align_pair(prob, feats.same_law, [u.law for u in feats.a], [u.law for u in feats.b], params,
                      heading_children(feats), ([len(u.own) for u in feats.a], [len(u.own) for u in feats.b]),
                      (feats.column("sentence"), all_children(feats)), content_probability(params, feats, prob),
                      feats.column("same_id") > 0, feats.column("refs"))


def content_probability(params: Params, feats: PairFeatures, prob: np.ndarray) -> np.ndarray | None:
    """`prob` without the same-id evidence (align_pair's `content`); None when neither the shift test nor
    `attach_content` reads it."""
    if not params.shift and not params.attach_content:
        return None
    odds = logit(prob)
    return 1.0 / (1.0 + np.exp(-(odds - params.weights.get("same_id", 0.0) * feats.column("same_id"))))


def links_from_pairs(a: str, b: str, feats: PairFeatures, prob: np.ndarray,
                     pairs: list[tuple[int | None, int | None]], params: Params,
                     ev_a: EditionEvidence, ev_b: EditionEvidence,
                     partial: dict[str, set[str]] | None = None) -> list[Link]:
    """Links with relations, scores and evidence for the aligner's index pairs. `partial` names, per edition,
    the laws its source has only in part: a provision without counterpart in such a law of the other edition
    may lie past where that source stops, and its link says so."""
    partial = partial or {}
    per_a: dict[int, int] = {}
    per_b: dict[int, int] = {}
    for i, j in pairs:
        if i is not None and j is not None:
            per_a[i] = per_a.get(i, 0) + 1
            per_b[j] = per_b.get(j, 0) + 1
    links = []
    for i, j in pairs:
        if i is not None and j is not None:
            ua, ub = feats.a[i], feats.b[j]
            p = float(prob[i, j])
            if per_a[i] > 1:
                relation = "split"
            elif per_b[j] > 1:
                relation = "merged"
            elif ua.id == ub.id:
                relation = "same" if p >= params.changed else "changed"
            else:
                relation = "renumbered"
            evidence = pair_evidence(feats, i, j, p, ev_a, ev_b)
            links.append(Link(a, ua.id, b, ub.id, relation, round(p, 3), tuple(evidence)))
        elif i is not None:
            links.append(_unpaired(a, feats.a[i].id, b, None, "removed", prob[i, :], feats.b,
                                   _cut(b, feats.a[i].law, partial)))
        else:
            links.append(_unpaired(a, None, b, feats.b[j].id, "new", prob[:, j], feats.a,
                                   _cut(a, feats.b[j].law, partial)))
    return links


def _cut(edition: str, law: str, partial: dict[str, set[str]]) -> tuple[str, ...]:
    """The note for a provision without counterpart in a law the other edition's source has only in part."""
    if law in partial.get(edition, ()):
        return (f"{edition} has Law {law} only in part: the counterpart may lie past where its source stops",)
    return ()


def _unpaired(a, from_node, b, to_node, relation, row: np.ndarray, others: list[Unit],
              notes: tuple[str, ...] = ()) -> Link:
    if len(row):
        k = int(np.argmax(row))
        best = float(row[k])
        evidence = (f"no counterpart: closest {others[k].id} at {best:.2f}",)
    else:
        best, evidence = 0.0, ("no provision of the other edition in this law",)
    return Link(a, from_node, b, to_node, relation, round(1.0 - best, 3), (*evidence, *notes))


def pair_evidence(feats: PairFeatures, i: int, j: int, p: float, ev_a: EditionEvidence,
                  ev_b: EditionEvidence) -> list[str]:
    """Why two provisions were linked, as short readable facts."""
    ua, ub = feats.a[i], feats.b[j]
    value = dict(zip(FEATURES, feats.values[i, j].tolist(), strict=True))
    out = [f"model {p:.2f}"]
    if value["encoder"]:
        note = " (best in law)" if value["encoder_margin"] > 0 else ""
        out.append(f"encoder {value['encoder']:.2f}{note}")
        if value["sentence"] > value["encoder"] + 0.02:
            out.append(f"sentence {value['sentence']:.2f}")
    if ua.language == ub.language:
        out.append(f"wording {(value['wording'] + 1) / 2:.2f}")
    shared = sorted(ev_a.concepts.get(ua.key, frozenset()) & ev_b.concepts.get(ub.key, frozenset()))
    if shared:
        out.append("concepts " + ", ".join(shared[:4]) + (" …" if len(shared) > 4 else ""))
    na, nb = ev_a.numbers.get(ua.key, frozenset()), ev_b.numbers.get(ub.key, frozenset())
    if na & nb:
        out.append("numbers " + ", ".join(sorted(na & nb)))
    elif na or nb:
        out.append(f"numbers differ: {', '.join(sorted(na)) or '—'} / {', '.join(sorted(nb)) or '—'}")
    if ua.refs & ub.refs:
        out.append("refs " + ", ".join(sorted(ua.refs & ub.refs)))
    nested = ub.id.startswith(ua.id) or ua.id.startswith(ub.id)
    if ua.law == ub.law and ua.id != ub.id and nested and "law" not in (ua.kind, ub.kind):
        whole, item = (ua, ub) if ub.id.startswith(ua.id) else (ub, ua)
        out.append(f"{whole.edition} {whole.id} undivided, {item.edition} {item.id} one of its items")
    out.append("same id" if ua.id == ub.id else f"moved {ua.id} → {ub.id}")
    if ua.law != ub.law:
        out.append(f"moved law {ua.law} → {ub.law}")
    return out
