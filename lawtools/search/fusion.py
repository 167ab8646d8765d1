"""Reciprocal rank fusion of ranked lists (Cormack et al. 2009): score = sum of weight / (K + rank).

Used to fuse the BM25 ranking of laws with the semantic (passage vector) ranking. K = 60 is the usual
constant; the semantic weight was chosen on the dev sets (queries_dev.yaml, and from the fourth round on also the
round-4 dev half; see RESULTS.md): fourth round, with the English glossary, old dev / round-4 dev: weight 1.0
0.894 / 0.716, 0.5 0.923 / 0.718 (K 30 the same, K 10 0.921 / 0.717), 1.5 0.910 / 0.716; a weight per query
language (English 1.5, others 0.5) 0.913 / 0.729.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

K = 60
SEMANTIC_WEIGHT = 0.5
SEMANTIC_DEPTH = 20  # laws of each ranking that take part: BM25, the passages, the titles (the page too)
# an English query's laws by their English titles' vectors (vectors.nearest_laws); fifth round, old dev / round-4
# dev: 0 0.923 / 0.696, 0.5 0.920 / 0.727, 1.0 0.920 / 0.732, 2.0 0.917 / 0.735
TITLE_SEMANTIC_WEIGHT = 1.0


def rrf(rankings: Sequence[tuple[Sequence[Hashable], float]], k: int = K) -> list[tuple[Hashable, float]]:
    """[(item, fused score)] best first, from (ranked items, weight) pairs; ties keep first-list order."""
    scores: dict[Hashable, float] = {}
    for items, weight in rankings:
        for rank, item in enumerate(items, 1):
            scores[item] = scores.get(item, 0.0) + weight / (k + rank)
    order = {item: i for i, item in enumerate(scores)}
    return sorted(scores.items(), key=lambda pair: (-pair[1], order[pair[0]]))
