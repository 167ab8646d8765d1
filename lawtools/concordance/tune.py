"""Fit the scoring model on the dev gold laws and report dev and test scores for every evidence mode.

    python -m lawtools.concordance.tune [--gold tests/data/concordance] [--manifest corpus/editions.yaml] [--write]

Only `split: dev` laws are fitted on (the logistic weights, then the aligner's thresholds by grid search);
`split: test` laws are only measured. `--write` stores the fitted values in lawtools/data/concordance.yaml.

    python -m lawtools.concordance.tune --cv K [--nested [--drop FEATURE] [--write]]

reads dev alone in K folds of laws: `--cv` refits the weights per fold (the stored thresholds), `--nested`
the weights and the thresholds per fold, the honest estimate of the whole procedure; it is how the stored
thresholds are chosen (`consensus`), and how a feature (`--drop`) earns its place: a change stays only when
it raises the nested dev F1 by at least 0.005 (about 1.5 of ~290 links)
without lowering cross-id or new/removed recall.
"""

from __future__ import annotations

import argparse
import itertools
from dataclasses import replace
from pathlib import Path

import numpy as np
import yaml

from ..manifest import default_manifest_path
from ..records import load_corpus
from .compute import Computer, aligned, links_from_pairs
from .evaluate import Gold, Score, gold_files, id_only_links, score_pair
from .scoring import MODES, Params, fit_logistic, load_params, used_features

DATA = Path(__file__).resolve().parent.parent / "data" / "concordance.yaml"


def usable(corpus, golds: list[Gold]) -> list[Gold]:
    """Gold files of the pairs the concordance computes (plan.py), whose two editions both have records; a
    composed pair's gold measures composition (evaluate.score_stored), not the computed pairs' model."""
    from .store import edition_pairs

    have = set(corpus.editions())
    computed = {frozenset(p) for p in edition_pairs(corpus)}
    return [g for g in golds if g.from_edition in have and g.to_edition in have
            and frozenset((g.from_edition, g.to_edition)) in computed]


def training_rows(computer: Computer, golds: list[Gold], split: str = "dev"):
    """Feature rows and labels of every same-law pair in the gold laws of a split."""
    xs, ys = [], []
    for gold in golds:
        feats = computer.features(gold.from_edition, gold.to_edition)
        positives = gold.links(split)
        laws = gold.split_laws(split)
        for i, ua in enumerate(feats.a):
            for j, ub in enumerate(feats.b):
                if ua.law in laws and (feats.same_law[i, j] or (ua.id, ub.id) in positives):
                    xs.append(feats.values[i, j])
                    ys.append((ua.id, ub.id) in positives)
    return np.array(xs), np.array(ys, dtype=float)


def evaluate(computer: Computer, golds: list[Gold], params: Params, split: str | None, joint: bool = False) -> Score:
    """The concordance's score on the gold laws of a split, with these parameters; with `joint`, as
    stored (pairs composed through the editions between them, joint.py; slower, so not in the grid)."""
    total = Score()
    if joint and params.joint:
        saved, computer.params = computer.params, params
        try:
            stored = computer.all_links([(g.from_edition, g.to_edition) for g in golds])
        finally:
            computer.params = saved
        for gold in golds:
            a, b = gold.from_edition, gold.to_edition
            total.add(score_pair(gold, stored[(a, b)], _ids(computer, a), _ids(computer, b), split))
        return total
    for gold in golds:
        a, b = gold.from_edition, gold.to_edition
        feats = computer.features(a, b)
        prob = params.probability(feats.values)
        pairs = aligned(feats, prob, params)
        links = links_from_pairs(a, b, feats, prob, pairs, params, computer.evidence(a), computer.evidence(b))
        total.add(score_pair(gold, links, _ids(computer, a), _ids(computer, b), split))
    return total


def evaluate_id_only(computer: Computer, golds: list[Gold], split: str | None) -> Score:
    """The id-only baseline's score on the gold laws of a split."""
    total = Score()
    for gold in golds:
        a, b = gold.from_edition, gold.to_edition
        shared = set(computer.evidence(a).units) & set(computer.evidence(b).units)
        ids_a = [u.id for law in shared for u in computer.evidence(a).units[law]]
        ids_b = [u.id for law in shared for u in computer.evidence(b).units[law]]
        links = id_only_links(a, b, ids_a, ids_b)
        total.add(score_pair(gold, links, _ids(computer, a), _ids(computer, b), split))
    return total


def _ids(computer: Computer, edition: str) -> set[str]:
    return {u.id for law in computer.evidence(edition).units.values() for u in law}


def fit(computer: Computer, golds: list[Gold], mode: str, base: Params | None = None,
        features: tuple[str, ...] | None = None) -> Params:
    """Weights by logistic regression on dev pairs, then thresholds by grid search on dev link F1; the
    other settings as in `base` (the stored ones by default), the weights over `features` (the mode's)."""
    x, y = training_rows(computer, golds, "dev")
    weights, bias = fit_logistic(x, y, features or used_features(mode), l2=0.1)
    params = replace(base or load_params(mode), weights=weights, bias=bias)
    best, best_key = params, (-1.0,)
    grid = np.round(np.arange(0.2, 0.95, 0.1), 2)
    for match, move, attach in itertools.product(grid, grid, grid):
        if attach < move:
            continue
        trial = replace(params, match=float(match), move=float(move), attach=float(attach))
        score = evaluate(computer, golds, trial, "dev")
        key = (round(score.f1, 4), score.moved_recall, move + attach, -abs(match - 0.5))  # ties: stricter
        if key > best_key:
            best, best_key = trial, key
    return best


def restricted(golds: list[Gold], laws: set[str], split: str = "dev") -> list[Gold]:
    """The gold files cut down to some laws of one split (the folds of `cross_validate`)."""
    return [Gold(g.from_edition, g.to_edition, {law: entry for law, entry in g.laws.items()
                                                 if law in laws and entry[0] == split}) for g in golds]


def cross_validate(computer: Computer, golds: list[Gold], folds: int = 4, mode: str = "encoder",
                   base: Params | None = None) -> Score:
    """Dev link scores of weights fitted without the law scored: the dev laws (every gold file's together)
    are dealt into `folds` folds by law number; each fold is scored with the logistic weights refitted on
    the others (the aligner's thresholds as in `base`, the stored ones by default). Dev alone, and a fitted
    model no longer sees the answers it is scored on, so its misses are worth reading."""
    base = base or load_params(mode)
    laws = sorted({law for g in golds for law in g.split_laws("dev")}, key=lambda x: (len(x), x))
    total = Score()
    for k in range(folds):
        held = {law for n, law in enumerate(laws) if n % folds == k}
        x, y = training_rows(computer, restricted(golds, set(laws) - held), "dev")
        weights, bias = fit_logistic(x, y, used_features(mode), l2=0.1)
        total.add(evaluate(computer, restricted(golds, held), replace(base, weights=weights, bias=bias), "dev"))
    return total


THRESHOLDS = ("match", "move", "attach")


def nested_cross_validate(computer: Computer, golds: list[Gold], folds: int = 4, mode: str = "encoder",
                          base: Params | None = None, features: tuple[str, ...] | None = None,
                          ) -> tuple[Score, list[Params]]:
    """Dev link scores of the whole fitting procedure run without the laws scored: the folds of
    `cross_validate`, but each fold's weights AND thresholds (`fit`: the logistic regression, then the grid)
    come from the other folds' dev laws only, so nothing scored was seen by any choice. Returns the summed
    score (each dev law scored once) and the parameters each fold chose."""
    base = base or load_params(mode)
    laws = sorted({law for g in golds for law in g.split_laws("dev")}, key=lambda x: (len(x), x))
    total, chosen = Score(), []
    for k in range(folds):
        held = {law for n, law in enumerate(laws) if n % folds == k}
        params = fit(computer, restricted(golds, set(laws) - held), mode, base, features)
        chosen.append(params)
        total.add(evaluate(computer, restricted(golds, held), params, "dev"))
    return total, chosen


def consensus(chosen: list[Params]) -> dict[str, float]:
    """The thresholds to store from the folds' choices, a rule fixed before any nested result was read: per
    threshold, the upper median of the folds' values (the stricter middle one when the folds are even in
    number), so no single fold decides and a tie leans strict. Order statistics keep `attach >= move`."""
    return {name: sorted(getattr(p, name) for p in chosen)[len(chosen) // 2] for name in THRESHOLDS}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gold", type=Path, default=Path("tests/data/concordance"))
    parser.add_argument("--manifest", type=Path, default=None)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--errors", action="store_true", help="List the wrong links of each split.")
    parser.add_argument("--cv", type=int, default=0, metavar="K",
                        help="Only cross-validate the stored model on dev in K folds of laws (cross_validate).")
    parser.add_argument("--nested", action="store_true",
                        help="With --cv: refit weights and thresholds per fold (nested_cross_validate); with "
                             "--write, store the encoder's weights fitted on all dev and the folds' consensus "
                             "thresholds.")
    parser.add_argument("--drop", action="append", default=[], metavar="FEATURE",
                        help="With --nested: fit without this feature (repeatable), to weigh what it adds.")
    args = parser.parse_args(argv)
    if (args.nested or args.drop) and not args.cv:
        parser.error("--nested and --drop go with --cv K")
    if args.drop and not args.nested:
        parser.error("--drop goes with --nested")
    unknown = set(args.drop) - set(used_features("encoder"))
    if unknown:
        parser.error(f"not an encoder feature: {', '.join(sorted(unknown))}")
    corpus = load_corpus(args.manifest or default_manifest_path())
    golds = usable(corpus, gold_files(args.gold))
    computer = Computer(corpus, "encoder")
    if args.nested:
        _nested(computer, golds, args)
        computer.save()
        return
    if args.cv:
        score = cross_validate(computer, golds, args.cv)
        print(f"{'cv ' + str(args.cv):8} dev   {score.summary()}")
        if args.errors:
            print("\n".join("    " + e for e in score.errors))
        computer.save()
        return
    fitted = {}
    stored_dev = 0.0
    for split in ("dev", "test"):  # what is stored now, before refitting
        score = evaluate(computer, golds, load_params("encoder"), split, joint=True)
        stored_dev = score.f1 if split == "dev" else stored_dev
        print(f"{'stored':8} {split:5} {score.summary()}")
    for mode in MODES:
        params = fit(computer, golds, mode)
        fitted[mode] = params
        for split in ("dev", "test"):
            score = evaluate(computer, golds, params, split, joint=True)
            print(f"{mode:8} {split:5} {score.summary()}")
            if args.errors:
                print("\n".join("    " + e for e in score.errors))
    for split in ("dev", "test"):
        print(f"{'id-only':8} {split:5} {evaluate_id_only(computer, golds, split).summary()}")
    computer.save()
    if args.write and evaluate(computer, golds, fitted["encoder"], "dev", joint=True).f1 < stored_dev:
        print("the refit scores below the stored model on dev: kept lawtools/data/concordance.yaml")
    elif args.write:
        write(fitted)


def _nested(computer: Computer, golds: list[Gold], args) -> None:
    """`--cv K --nested`: the nested score, each fold's thresholds, their consensus; `--write` stores it."""
    base = load_params("encoder")
    features = tuple(f for f in used_features("encoder") if f not in args.drop)
    score, chosen = nested_cross_validate(computer, golds, args.cv, "encoder", base, features)
    label = f"nested {args.cv}" + "".join(f" -{f}" for f in args.drop)
    print(f"{label:8} dev   {score.summary()}")
    for k, p in enumerate(chosen):
        print(f"    fold {k}: " + " ".join(f"{t} {getattr(p, t):g}" for t in THRESHOLDS))
    agreed = consensus(chosen)
    print("    consensus: " + " ".join(f"{t} {v:g}" for t, v in agreed.items()))
    if args.errors:
        print("\n".join("    " + e for e in score.errors))
    if args.write:
        x, y = training_rows(computer, golds, "dev")
        weights, bias = fit_logistic(x, y, features, l2=0.1)
        write({"encoder": replace(base, weights=weights, bias=bias, **agreed)})


def write(fitted: dict[str, Params]) -> None:
    """Store fitted modes in lawtools/data/concordance.yaml, keeping its comments, `pairs` and other modes."""
    text = DATA.read_text(encoding="utf-8")
    header = "".join(line + "\n" for line in text.splitlines() if line.startswith("#"))
    stored = yaml.safe_load(text)
    for m, p in fitted.items():
        stored["modes"][m] = {"weights": p.weights, "bias": p.bias, "match": p.match, "move": p.move,
                              "attach": p.attach, "changed": p.changed, "items": p.items,
                              "items_margin": p.items_margin, "attach_ratio": p.attach_ratio,
                              "attach_content": p.attach_content, "shift": p.shift,
                              "moved_sentence": p.moved_sentence, "moved_changed": p.moved_changed,
                              "moved_cited": p.moved_cited, "swap": p.swap,
                              "held_sentence": p.held_sentence, "held_level": p.held_level,
                              "joint": p.joint}
    DATA.write_text(header + yaml.safe_dump(stored, sort_keys=False, width=110), encoding="utf-8")
    print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
