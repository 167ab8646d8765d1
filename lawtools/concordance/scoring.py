"""From evidence to a probability: a logistic model over the features, fitted on the dev gold laws.

The weights live in `lawtools/data/concordance.yaml` (data, not code), one set per evidence mode:
`encoder` (every feature) and `lexical` (no encoder: concepts, numbers, references, wording and
structure). `tune.py` refits them from the dev half of `tests/data/concordance/`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..yamlio import package_data
from .features import ENCODER_FEATURES, FEATURES

MODES = ("encoder", "lexical")


@dataclass(frozen=True)
class Params:
    """A fitted model and the aligner's thresholds for one evidence mode."""

    mode: str
    weights: dict[str, float]
    bias: float
    match: float   # the monotone alignment keeps a pair when its probability is above this
    move: float    # a provision left over links to one elsewhere (renumbered, moved law) above this
    attach: float  # a provision left over joins one already linked (split or merge) above this
    changed: float  # a pair with the same id below this holds a different rule ('changed')
    items: float = 0.0  # an undivided provision joins its counterpart's items while this share of their
    #                     length fits in it (join.into_items); 0 turns the pass off
    items_margin: float = 0.0  # an item joins the undivided provision when their similarity is within this of
    #                            the item's best in its law (join.into_items)
    attach_ratio: float = 0.0  # a leftover joins a linked provision only above this share of that provision's
    #                            best link's probability (align_pair; 0 turns the test off)
    shift: float = 0.0  # a law's siblings move one label as a run when the alignment without the same-id evidence
    #                     gains this much more in content probability than the one with it (align_pair; 0: off)
    attach_content: bool = False  # a leftover joins a namesake linked outside its family by its probability
    #                               without the same-id evidence (align_pair)
    swap: float = 0.0  # two pairs exchange partners when crossed they gain this much more content probability
    #                   (order.swapped; 0: off)
    held_sentence: float = 0.0  # a leftover joins the linked provision whose sentence reads like it by this much
    #                            more than the law's next best (join.held_sentence; 0: off)
    held_level: float = 0.0  # where the order places a leftover (join.in_order), it joins without the lead when
    #                          its similarity reaches this quantile of the pair's linked similarities (0: off)
    moved_sentence: float = 0.0  # a same-id pair gives way when one side reads this much more like a sentence of
    #                             another provision of the law (order.moved_out; 0: off)
    moved_changed: float = 0.0  # moved_sentence's margin for a same-id pair read as a changed rule (probability
    #                            below `changed`; 0: moved_sentence's)
    moved_cited: bool = False  # moved_out also looks in other laws, at provisions citing what the rule cites
    joint: float = 0.0  # weight of each pivot edition's composed evidence against the pair's own (joint.py)

    def vector(self) -> np.ndarray:
        """The weights in FEATURES order."""
        return np.array([self.weights.get(name, 0.0) for name in FEATURES], dtype=np.float32)

    def probability(self, values: np.ndarray) -> np.ndarray:
        """P(counterparts) for a feature tensor (... x len(FEATURES))."""
        logits = values @ self.vector() + self.bias
        return 1.0 / (1.0 + np.exp(-logits))


def load_params(mode: str = "encoder") -> Params:
    """The fitted parameters of an evidence mode from lawtools/data/concordance.yaml."""
    data = package_data("concordance.yaml")["modes"][mode]
    return Params(mode, dict(data["weights"]), float(data["bias"]), joint=float(data.get("joint", 0.0)),
                  items=float(data.get("items", 0.0)), items_margin=float(data.get("items_margin", 0.0)),
                  attach_ratio=float(data.get("attach_ratio", 0.0)), shift=float(data.get("shift", 0.0)),
                  attach_content=bool(data.get("attach_content", False)),
                  moved_sentence=float(data.get("moved_sentence", 0.0)), swap=float(data.get("swap", 0.0)),
                  moved_changed=float(data.get("moved_changed", 0.0)),
                  moved_cited=bool(data.get("moved_cited", False)),
                  held_sentence=float(data.get("held_sentence", 0.0)), held_level=float(data.get("held_level", 0.0)),
                  **{k: float(data[k]) for k in ("match", "move", "attach", "changed")})


def used_features(mode: str) -> tuple[str, ...]:
    """The features an evidence mode may weigh."""
    return FEATURES if mode == "encoder" else tuple(f for f in FEATURES if f not in ENCODER_FEATURES)


def fit_logistic(x: np.ndarray, y: np.ndarray, names: tuple[str, ...], l2: float = 0.01,
                 steps: int = 3000, rate: float = 0.5) -> tuple[dict[str, float], float]:
    """Weights and bias of a class-balanced L2 logistic regression (plain gradient descent)."""
    columns = [FEATURES.index(n) for n in names]
    x = x[:, columns].astype(np.float64)
    y = y.astype(np.float64)
    mean, spread = x.mean(axis=0), x.std(axis=0)
    spread[spread < 1e-6] = 1.0
    x = (x - mean) / spread  # fitted on standardised features, returned for the raw ones
    positive = max(1.0, y.sum())
    weight = np.where(y > 0, len(y) / (2 * positive), len(y) / (2 * max(1.0, len(y) - positive)))
    w = np.zeros(x.shape[1])
    b = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w + b)))
        g = (p - y) * weight
        w -= rate * (x.T @ g / len(y) + l2 * w)
        b -= rate * g.mean()
    w, b = w / spread, b - float((w * mean / spread).sum())
    return {n: round(float(v), 4) for n, v in zip(names, w, strict=True)}, round(float(b), 4)
