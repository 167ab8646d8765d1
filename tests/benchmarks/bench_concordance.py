"""Computing the concordance against the plain id match, in one run: time, peak memory and gold scores.

    PYTHONPATH=. python tests/benchmarks/bench_concordance.py [--pairs sv-2007:nl-2017,...] [--cold] [--gold]

Per edition pair: the id match (provisions with the same id are counterparts), the lexical concordance
(no encoder), the encoder concordance of the pair alone with the embedding cache warm (what a
recomputation after a records change costs), the joint one (what `lawtools concordance --update` stores:
the pair also composed through the editions of a year in between, whose pairs are computed too; the
same as the pair alone when there is none) and, with --cold, with an empty cache (every text encoded).
With --all, the contradictions between pairs under composition, independent and joint. Peak memory is the
Python heap's peak (tracemalloc, which numpy's arrays report to). --gold adds link F1 on the held-out
gold (tests/data/concordance) for each method, dev and test laws separately.

    PYTHONPATH=. python tests/benchmarks/bench_concordance.py --scales 1,5,20

With --scales, the corpus with every edition cloned S times (in memory: a clone reads its original's
records under a new id of the same language and year): the pairs computed under the plan (plan.py) against
every pair that shares a law, the time to compute them (encoder, warm cache: clones' texts are cached)
against the id match of every sharing pair, the time to compose one pair on read, and to read every link
of every pair (the uncomputed ones composed; their number grows with the square, their links too).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from lawtools.concordance.compute import Computer  # noqa: E402
from lawtools.concordance.evaluate import Score, gold_files, id_only_links, score_pair  # noqa: E402
from lawtools.concordance.store import edition_pairs  # noqa: E402
from lawtools.records import load_corpus  # noqa: E402


def measure(function):
    """(result, seconds, peak MiB) of one call."""
    tracemalloc.start()
    started = time.perf_counter()
    result = function()
    seconds = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return result, seconds, peak / 2**20


def id_match(corpus, a, b):
    """The baseline: same id, same provision."""
    shared = [law for law in corpus.articles(a) if law in corpus.articles(b)]
    ids = [[i for law in shared for i in ([law] if corpus.article(e, law).intro else [])
            + corpus.article(e, law).node_ids()] for e in (a, b)]  # a law's own text is a provision when it has one
    return id_only_links(a, b, *ids)


def concordance(corpus, a, b, mode, cache_path=None, joint=False):
    """A fresh computer (nothing shared between measurements) computing one pair, alone or jointly."""
    computer = Computer(corpus, mode, cache_path=cache_path)
    links = computer.all_links([(a, b)])[(a, b)] if joint else computer.pair_links(a, b)
    computer.save()
    return links


class ClonedCorpus:
    """The corpus with every edition `scale` times: clone k of an edition reads its records under a new id."""

    def __init__(self, corpus, scale: int):
        self.base = corpus
        self.manifest = corpus.manifest
        self.original: dict[str, str] = {}
        numbers: dict[str, int] = {}
        for e in corpus.editions():
            self.original[e] = e
            language = corpus.language(e)
            for _ in range(1, scale):  # an unused id of the manifest's form; the year is the original's
                numbers[language] = numbers.get(language, 3000) + 1
                self.original[f"{language}-{numbers[language]}"] = e
        self.edition_info = {e: corpus.edition_info[o] for e, o in self.original.items()}

    def editions(self) -> list[str]:
        return list(self.original)

    def articles(self, edition):
        return self.base.articles(self.original[edition])

    def article(self, edition, law):
        return self.base.article(self.original[edition], law)

    def language(self, edition):
        return self.base.language(self.original[edition])


def scales(corpus, values: list[int]) -> None:
    """Pairs computed and time at clone scales, against the id match of every pair that shares a law."""
    from lawtools.concordance.compose import compose
    from lawtools.concordance.links import Concordance, PairFile
    from lawtools.concordance.plan import make_plan

    print(f"{'scale':>5} {'editions':>8} {'computed':>8} {'sharing':>8} {'id s':>8} {'concordance s':>13} "
          f"{'× id':>6} {'s/pair':>7} {'compose 1 pair s':>16} {'read all pairs s':>16}")
    warm = Computer(corpus, "encoder")  # spaCy, the term matchers and the cache file load once, outside the timings
    for edition in corpus.editions():
        warm.evidence(edition)
    for scale in values:
        cloned = ClonedCorpus(corpus, scale)
        plan = make_plan(cloned)
        sharing = plan.sharing()
        _, id_seconds, _ = measure(lambda: [id_match(cloned, a, b) for a, b in sharing])  # noqa: B023
        computer = Computer(cloned, "encoder")
        links, seconds, peak = measure(lambda: computer.all_links(plan.computed))  # noqa: B023
        stored = {frozenset(p): PairFile(p[0], p[1], "", "encoder", k) for p, k in links.items()}
        composed = [p for p in sharing if frozenset(p) not in stored]
        compose_seconds = 0.0
        if composed:
            _, compose_seconds, _ = measure(lambda: compose(plan, stored, *composed[-1]))  # noqa: B023
        # what a reader of every link pays (the site, the checks): every pair, the uncomputed ones composed
        _, read_seconds, _ = measure(lambda: Concordance(list(stored.values()), plan).links)  # noqa: B023
        print(f"{scale:5} {len(cloned.editions()):8} {len(plan.computed):8} {len(sharing):8} {id_seconds:8.2f} "
              f"{seconds:13.2f} {seconds / max(id_seconds, 1e-6):6.0f} {seconds / len(plan.computed):7.3f} "
              f"{compose_seconds:16.4f} {read_seconds:16.2f}")
    if len(values) > 1:
        import math

        for low, high in zip(values, values[1:], strict=False):
            counts = [len(make_plan(ClonedCorpus(corpus, s)).computed) for s in (low, high)]
            print(f"computed pairs grow as scale^{math.log(counts[1] / counts[0]) / math.log(high / low):.2f} "
                  f"from x{low} to x{high} (every pair that shares a law: scale^2)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", help="Comma-separated a:b pairs (default: sv-2007:nl-2017).")
    parser.add_argument("--all", action="store_true", help="Every edition pair of the corpus.")
    parser.add_argument("--cold", action="store_true", help="Also time the encoder with an empty cache.")
    parser.add_argument("--gold", action="store_true", help="Also score each method on the gold.")
    parser.add_argument("--scales", help="Comma-separated clone scales (e.g. 1,5,20): pairs computed and time.")
    args = parser.parse_args()
    corpus = load_corpus()
    if args.scales:
        scales(corpus, [int(x) for x in args.scales.split(",")])
        return
    if args.all:
        pairs = edition_pairs(corpus)
    else:
        pairs = [tuple(p.split(":")) for p in (args.pairs or "sv-2007:nl-2017").split(",")]
    golds = {(g.from_edition, g.to_edition): g for g in gold_files(ROOT / "tests" / "data" / "concordance")}
    warm = Computer(corpus, "lexical")  # load spaCy and build the term matchers once, outside the timings
    for edition in {e for pair in pairs for e in pair}:
        warm.evidence(edition)
    print(f"{'pair':24} {'method':18} {'seconds':>8} {'× id':>7} {'peak MiB':>9}  gold F1 dev / test")
    for a, b in pairs:
        runs = [("id match", lambda a=a, b=b: id_match(corpus, a, b)),
                ("lexical", lambda a=a, b=b: concordance(corpus, a, b, "lexical")),
                ("encoder (warm)", lambda a=a, b=b: concordance(corpus, a, b, "encoder")),
                ("encoder joint", lambda a=a, b=b: concordance(corpus, a, b, "encoder", joint=True))]
        if args.cold:
            cold = Path(tempfile.mkdtemp()) / "cold.npz"
            runs.append(("encoder (cold)", lambda a=a, b=b, cold=cold: concordance(corpus, a, b, "encoder", cold)))
        baseline = None
        for name, run in runs:
            links, seconds, peak = measure(run)
            baseline = baseline or max(seconds, 1e-6)
            scores = ""
            gold = golds.get((a, b))
            if args.gold and gold is not None:
                ids = [{i for art in corpus.articles(e).values() for i in [art.law, *art.node_ids()]} for e in (a, b)]
                parts = []
                for split in ("dev", "test"):
                    score: Score = score_pair(gold, links, ids[0], ids[1], split)
                    parts.append(f"{score.f1:.3f}")
                scores = " / ".join(parts)
            print(f"{a + ' ' + b:24} {name:18} {seconds:8.3f} {seconds / baseline:7.0f} {peak:9.1f}  {scores}")
    if args.all:
        from lawtools.concordance.compose import compose, contradictions
        from lawtools.concordance.links import PairFile
        from lawtools.concordance.plan import make_plan

        computer = Computer(corpus, "encoder")
        alone = {p: computer.pair_links(*p) for p in pairs}
        joint = computer.all_links(pairs)
        plan = make_plan(corpus)
        stored = {frozenset(p): PairFile(p[0], p[1], "", "encoder", k) for p, k in joint.items()}
        every = dict(joint)
        for a, b in plan.sharing():
            if frozenset((a, b)) not in stored:
                every[(a, b)] = compose(plan, stored, a, b).links
        print(f"contradictions under composition: {len(contradictions(alone))} computed pairs alone, "
              f"{len(contradictions(joint))} joint; {len(contradictions(every))} over all {len(every)} pairs "
              "(the others composed on read)")

if __name__ == "__main__":
    main()
