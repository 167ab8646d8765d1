"""Scoring a concordance against a gold one read by hand (tests/data/concordance/gold_*.yaml).

Link F1 over (from, to) pairs, where a provision with no counterpart is the pair (id, None) or
(None, id); recall on gold links between different ids (renumbered, moved, split parts); and recall on
gold new/removed provisions. Only laws of the chosen split count, and a gold link naming a provision
the records lack is set aside (reported in `missing`), so gold for an edition not yet ingested is inert.

    python -m lawtools.concordance.evaluate [--split dev] [--gold tests/data/concordance] [--errors]

scores the stored concordance (corpus/concordance/, composed pairs included) per gold file and in total.
Score the test split once, at the end of a round: tuning reads dev only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..yamlio import read_yaml
from .links import Link, law_of

Pair = tuple[str | None, str | None]


@dataclass
class Gold:
    """One gold file: an edition pair and its links per law, each law dev or test."""

    from_edition: str
    to_edition: str
    laws: dict[str, tuple[str, list[Pair]]]  # law -> (split, links)

    def links(self, split: str | None = None) -> set[Pair]:
        """The gold pairs of one split (all when None)."""
        return {p for law, (s, pairs) in self.laws.items() if split in (None, s) for p in pairs}

    def split_laws(self, split: str | None = None) -> set[str]:
        """The laws of one split."""
        return {law for law, (s, _) in self.laws.items() if split in (None, s)}


def read_gold(path: Path) -> Gold:
    """A gold file: `"FROM TO [relation]"` strings, `-` for no counterpart."""
    data = read_yaml(path)
    laws = {}
    for law, entry in data["laws"].items():
        pairs = []
        for text in entry["links"]:
            parts = text.split()
            a, b = (None if x == "-" else x for x in parts[:2])
            pairs.append((a, b))
        laws[str(law)] = (entry["split"], pairs)
    return Gold(data["from"], data["to"], laws)


def gold_files(directory: Path) -> list[Gold]:
    """Every gold file in a directory, in name order."""
    return [read_gold(p) for p in sorted(directory.glob("gold_*.yaml"))]


@dataclass
class Score:
    """Counts behind link F1, cross-id recall and new/removed recall."""

    true_positive: int = 0
    predicted: int = 0
    gold: int = 0
    moved_found: int = 0
    moved: int = 0
    lone_found: int = 0
    lone: int = 0
    missing: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def add(self, other: Score) -> None:
        """Sum another score into this one."""
        for name in ("true_positive", "predicted", "gold", "moved_found", "moved", "lone_found", "lone"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.missing += other.missing
        self.errors += other.errors

    @property
    def precision(self) -> float:
        return self.true_positive / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.true_positive / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def moved_recall(self) -> float:
        return self.moved_found / self.moved if self.moved else 1.0

    @property
    def lone_recall(self) -> float:
        return self.lone_found / self.lone if self.lone else 1.0

    def summary(self) -> str:
        """One line: F1 (P/R), cross-id recall, new/removed recall."""
        return (f"F1 {self.f1:.3f} (P {self.precision:.3f} R {self.recall:.3f}; {self.gold} gold links)  "
                f"cross-id {self.moved_found}/{self.moved} = {self.moved_recall:.2f}  "
                f"new/removed {self.lone_found}/{self.lone} = {self.lone_recall:.2f}")


def score_pair(gold: Gold, links: Iterable[Link], ids_from: set[str], ids_to: set[str],
               split: str | None = None) -> Score:
    """Score one edition pair's links against its gold, on the laws of a split."""
    laws = gold.split_laws(split)
    expected = set()
    score = Score()
    for a, b in gold.links(split):
        if (a is not None and a not in ids_from) or (b is not None and b not in ids_to):
            score.missing.append(f"{gold.from_edition}:{a} {gold.to_edition}:{b}")
            continue
        expected.add((a, b))
    predicted = {(k.from_node, k.to_node) for k in links
                 if any(law_of(n) in laws for n in (k.from_node, k.to_node) if n)}
    score.gold, score.predicted = len(expected), len(predicted)
    score.true_positive = len(expected & predicted)
    for a, b in expected:
        if a and b and a != b:
            score.moved += 1
            score.moved_found += (a, b) in predicted
        if a is None or b is None:
            score.lone += 1
            score.lone_found += (a, b) in predicted
    for a, b in sorted(expected - predicted, key=str):
        score.errors.append(f"missed {gold.from_edition}:{a} -> {gold.to_edition}:{b}")
    for a, b in sorted(predicted - expected, key=str):
        score.errors.append(f"extra  {gold.from_edition}:{a} -> {gold.to_edition}:{b}")
    return score


def id_only_links(from_edition: str, to_edition: str, ids_from: list[str], ids_to: list[str]) -> list[Link]:
    """The baseline: provisions with the same id are counterparts; the rest are new or removed."""
    common = set(ids_from) & set(ids_to)
    links = [Link(from_edition, i, to_edition, i, "same", 1.0) for i in ids_from if i in common]
    links += [Link(from_edition, i, to_edition, None, "removed", 1.0) for i in ids_from if i not in common]
    links += [Link(from_edition, None, to_edition, i, "new", 1.0) for i in ids_to if i not in common]
    return links


def score_stored(conc, corpus, golds: list[Gold], split: str | None = None) -> dict[str, Score]:
    """Score a stored concordance against each gold file whose pair it holds (keyed `from_to`)."""
    scores = {}
    for gold in golds:
        pair = conc.pair(gold.from_edition, gold.to_edition)
        if pair is None or gold.from_edition not in corpus.editions() or gold.to_edition not in corpus.editions():
            continue
        links = pair.links if pair.from_edition == gold.from_edition else [k.reversed() for k in pair.links]
        ids = [{i for a in corpus.articles(e).values() for i in [a.law, *a.node_ids()]}
               for e in (gold.from_edition, gold.to_edition)]
        scores[f"{gold.from_edition}_{gold.to_edition}"] = score_pair(gold, links, ids[0], ids[1], split)
    return scores


def main(argv: list[str] | None = None) -> None:
    import argparse

    from ..manifest import default_manifest_path
    from ..records import load_corpus
    from .links import load_concordance

    parser = argparse.ArgumentParser(description="Score the stored concordance against the gold.")
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--gold", type=Path, default=Path("tests/data/concordance"))
    parser.add_argument("--manifest", type=Path, default=None)
    parser.add_argument("--errors", action="store_true", help="List the missed and extra links.")
    args = parser.parse_args(argv)
    corpus = load_corpus(args.manifest or default_manifest_path())
    conc = load_concordance(corpus.manifest.corpus_dir)
    split = None if args.split == "all" else args.split
    total = Score()
    for name, score in score_stored(conc, corpus, gold_files(args.gold), split).items():
        total.add(score)
        print(f"{name:18} {score.summary()}")
        if args.errors:
            print("".join(f"    {e}\n" for e in score.errors + [f"missing {m}" for m in score.missing]), end="")
    print(f"{'total ' + args.split:18} {total.summary()}")


if __name__ == "__main__":
    main()
