"""Evidence that two provisions of two editions say the same thing, as feature matrices.

For editions A and B every pair of units gets a feature vector (`FEATURES`): the encoder's cosine
(whole provision, and caption or opening words), how far it stands out in its law's row and column
(Vecalign's normalisation by the neighbours), the best sentence-to-provision cosine (a sentence that
moved: 2007 62C3 is the closing sentence of 2017 61B), the termbase concepts both use, the quantities
both mention (`numbers.py`), the references both make, the wording (same language only), and
structure: same id, same kind, same parent id, one the parent of the other's namesake (a section's
text moved into its first item), relative position in the law, length. `scoring.py` turns a vector
into a probability; the aligner never reads features itself.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..numbers import quantities
from .units import Unit

ENCODER_FEATURES = ("encoder", "encoder_margin", "encoder_z", "sentence", "head", "head_margin")
LEXICAL_FEATURES = ("concepts", "numbers", "refs", "wording")
STRUCTURE_FEATURES = ("same_id", "same_kind", "same_parent", "family", "position", "length", "heading")
FEATURES = ENCODER_FEATURES + LEXICAL_FEATURES + STRUCTURE_FEATURES


@dataclass
class PairFeatures:
    """Feature tensors (|A| x |B| x len(FEATURES)) for two editions' units in shared laws."""

    a: list[Unit]
    b: list[Unit]
    values: np.ndarray
    same_law: np.ndarray  # |A| x |B| booleans

    def column(self, name: str) -> np.ndarray:
        """One feature as an |A| x |B| matrix."""
        return self.values[:, :, FEATURES.index(name)]


def _jaccard(sets_a: list[frozenset], sets_b: list[frozenset], empty: float = 0.0) -> np.ndarray:
    """Jaccard overlap of every pair of sets, rescaled to -1 (nothing shared) .. 1 (the same); `empty` where
    both sets are empty."""
    vocabulary = {x: k for k, x in enumerate(sorted(set().union(*sets_a, *sets_b), key=str))}
    if not vocabulary:
        return np.full((len(sets_a), len(sets_b)), empty, dtype=np.float32)
    members_a = np.zeros((len(sets_a), len(vocabulary)))
    members_b = np.zeros((len(sets_b), len(vocabulary)))
    for members, sets in ((members_a, sets_a), (members_b, sets_b)):
        for i, items in enumerate(sets):
            members[i, [vocabulary[x] for x in items]] = 1.0
    shared = members_a @ members_b.T
    union = members_a.sum(axis=1)[:, None] + members_b.sum(axis=1)[None, :] - shared
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(union > 0, shared / np.maximum(union, 1) * 2 - 1, empty).astype(np.float32)


def concept_sets(units: list[Unit], termbase) -> list[frozenset]:
    """The termbase concepts each unit's text uses (spaCy lookup lemmas; imported here only)."""
    if not units or termbase is None:
        return [frozenset() for _ in units]
    from ..terms_match import matcher_for

    matcher = matcher_for(termbase, units[0].language)
    return [frozenset(h.concept for h in hits) for hits in matcher.find_many([u.full for u in units])]


def number_sets(units: list[Unit]) -> list[frozenset]:
    """The quantities ('12th trick', '13 cards') each unit's own text mentions."""
    return [frozenset(q.label for q in quantities(u.own, u.language)) for u in units]


def pair_features(a: list[Unit], b: list[Unit], *, vectors_a: np.ndarray | None, vectors_b: np.ndarray | None,
                  sentences_a: list[np.ndarray] | None = None, sentences_b: list[np.ndarray] | None = None,
                  concepts_a: list[frozenset] | None = None, concepts_b: list[frozenset] | None = None,
                  heads_a: np.ndarray | None = None, heads_b: np.ndarray | None = None,
                  numbers_a: list[frozenset] | None = None, numbers_b: list[frozenset] | None = None) -> PairFeatures:
    """The feature tensor of every pair of units of A and B (encoder features 0 when vectors are None;
    quantities found here unless given)."""
    n, m = len(a), len(b)
    values = np.zeros((n, m, len(FEATURES)), dtype=np.float32)
    same_law = np.array([[ua.law == ub.law for ub in b] for ua in a], dtype=bool).reshape(n, m)

    def put(name: str, matrix: np.ndarray) -> None:
        values[:, :, FEATURES.index(name)] = matrix

    if vectors_a is not None and vectors_b is not None and n and m:
        cos = vectors_a @ vectors_b.T
        put("encoder", cos)
        put("encoder_margin", _margin(cos, same_law))
        put("encoder_z", _zscore(cos, same_law))
        put("sentence", _sentence_cos(cos, vectors_a, vectors_b, sentences_a, sentences_b))
    if heads_a is not None and heads_b is not None and n and m:
        head = heads_a @ heads_b.T
        put("head", head)
        put("head_margin", _margin(head, same_law))
    if concepts_a is not None and concepts_b is not None:
        put("concepts", _jaccard(concepts_a, concepts_b))
    put("numbers", _jaccard(number_sets(a) if numbers_a is None else numbers_a,
                            number_sets(b) if numbers_b is None else numbers_b))
    put("refs", _jaccard([u.refs for u in a], [u.refs for u in b]))
    if a and b and a[0].language == b[0].language:
        from rapidfuzz.distance import Indel
        from rapidfuzz.process import cdist

        put("wording", cdist([u.full for u in a], [u.full for u in b], scorer=Indel.normalized_similarity,
                             workers=1) * 2 - 1)
    ids_a, ids_b = [u.id for u in a], [u.id for u in b]
    put("same_id", np.array([[x == y for y in ids_b] for x in ids_a], dtype=np.float32).reshape(n, m))
    put("same_kind", np.array([[ua.kind == ub.kind for ub in b] for ua in a], dtype=np.float32).reshape(n, m))
    put("same_parent", np.array([[ua.parent is not None and ua.parent == ub.parent for ub in b] for ua in a],
                                dtype=np.float32).reshape(n, m))
    put("family", np.array([[ua.id == ub.parent or ub.id == ua.parent for ub in b] for ua in a],
                           dtype=np.float32).reshape(n, m))
    put("position", _position(a, b, same_law))
    length_a = np.log1p([len(u.own) for u in a]).reshape(n, 1)
    length_b = np.log1p([len(u.own) for u in b]).reshape(1, m)
    put("length", -np.abs(length_a - length_b))
    heading_a = np.array([not u.text.strip() for u in a], dtype=np.float32).reshape(n, 1)
    heading_b = np.array([not u.text.strip() for u in b], dtype=np.float32).reshape(1, m)
    put("heading", -np.abs(heading_a - heading_b))
    return PairFeatures(a, b, values, same_law)


def _margin(cos: np.ndarray, same_law: np.ndarray) -> np.ndarray:
    """How much a pair's cosine beats the best alternative in its law, for both of its provisions."""
    masked = np.where(same_law, cos, -np.inf)
    n, m = cos.shape
    if n == 0 or m == 0:
        return np.zeros_like(cos)
    out = []
    for axis_values in (masked, masked.T):
        top = np.sort(axis_values, axis=1)[:, ::-1]
        first = top[:, :1]
        second = top[:, 1:2] if top.shape[1] > 1 else np.full_like(first, -np.inf)
        other = np.where(axis_values >= first, second, first)  # the best other cell of the row
        out.append(other)
    best_other = np.maximum(out[0], out[1].T)
    margin = np.where(np.isfinite(best_other), cos - best_other, 0.0)
    return np.clip(np.where(same_law, margin, 0.0), -0.3, 0.3).astype(np.float32)


def _zscore(cos: np.ndarray, same_law: np.ndarray) -> np.ndarray:
    """The cosine against the law's other pairs (mean and spread of the law's block)."""
    out = np.zeros_like(cos)
    rows_by_law: dict[int, list[int]] = {}
    for i in range(cos.shape[0]):
        cols = tuple(np.nonzero(same_law[i])[0])
        if cols:
            rows_by_law.setdefault(hash(cols), []).append(i)
    for rows in rows_by_law.values():
        cols = np.nonzero(same_law[rows[0]])[0]
        block = cos[np.ix_(rows, cols)]
        spread = block.std() if block.size > 1 else 0.0
        out[np.ix_(rows, cols)] = (block - block.mean()) / (spread + 0.02)
    return np.clip(out, -4, 4)


def _sentence_cos(cos, vectors_a, vectors_b, sentences_a, sentences_b) -> np.ndarray:
    """The best cosine between one provision and one sentence of the other (or the whole, if higher)."""
    best = cos.copy()
    if sentences_b:
        for j, vs in enumerate(sentences_b):
            if len(vs):
                best[:, j] = np.maximum(best[:, j], (vectors_a @ vs.T).max(axis=1))
    if sentences_a:
        for i, vs in enumerate(sentences_a):
            if len(vs):
                best[i, :] = np.maximum(best[i, :], (vs @ vectors_b.T).max(axis=0))
    return best


def _position(a: list[Unit], b: list[Unit], same_law: np.ndarray) -> np.ndarray:
    size_a: dict[str, int] = {}
    size_b: dict[str, int] = {}
    for u in a:
        size_a[u.law] = size_a.get(u.law, 0) + 1
    for u in b:
        size_b[u.law] = size_b.get(u.law, 0) + 1
    pa = np.array([u.order / max(1, size_a[u.law] - 1) for u in a]).reshape(-1, 1)
    pb = np.array([u.order / max(1, size_b[u.law] - 1) for u in b]).reshape(1, -1)
    return np.where(same_law, -np.abs(pa - pb), -1.0).astype(np.float32)
