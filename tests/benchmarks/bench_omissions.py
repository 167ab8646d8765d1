"""Benchmark: how many dropped sentences the length check across counterparts reports, dev and test apart.

Run: PYTHONPATH=. python tests/benchmarks/bench_omissions.py [--split dev|test] [--by-edition]

The planted-defect harness (bench_mutations.py) has seven `sentence-dropped` defects per split: too few to tune
the omission check on. This one drops, in turn, every sentence of every provision of the real corpus that has
counterparts (check.pairs) and a second sentence, and asks `counterparts.omissions` (the checks that report
`possible-omission`: by length, `_length`, and by sentence, `sentence_match.lost`) about the provision without it,
against the counterparts' unchanged text. It also counts the clean provisions the same checks report as they are
(false alarms, on the real text). Each provision is dev or test by a hash of its edition and id, fixed before any
result was looked at: tune on dev, report both.

Prints per split: drops reported / drops, and clean provisions reported / clean provisions; with --by-edition,
the drops per edition. Also the time of the whole pass against a plain pass over the same sentences (a regex
split and the length of each shortened text), measured in the same run. Writes nothing.
"""

from __future__ import annotations

import argparse
import re
import time
from dataclasses import dataclass, replace
from pathlib import Path

from splits import SPLITS, share, split_of  # tests/benchmarks/splits.py, beside this script

from lawtools.check import counterparts
from lawtools.check.model import CheckContext
from lawtools.check.pairs import pairing
from lawtools.records import load_corpus

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "corpus" / "editions.yaml"
SENTENCE = re.compile(r"[^.!?;:]+[.!?;:]+\s*")  # a sentence up to its closing mark, with the space after it
@dataclass
class Tally:
    drops: int = 0
    reported: int = 0
    clean: int = 0
    false_alarms: int = 0


def measure(editions: list[str] | None = None) -> tuple[dict[str, Tally], dict[tuple[str, str], Tally], float, float]:
    """(split -> tally, (split, edition) -> tally of its drops, seconds of the check pass and of the plain pass)."""
    corpus = load_corpus(MANIFEST)
    context = CheckContext(corpus, editions or corpus.editions())
    pairs_of = pairing(context)
    features = pairs_of.features
    tallies = {split: Tally() for split in SPLITS}
    by_edition: dict[tuple[str, str], Tally] = {}
    cases = []
    started = time.perf_counter()
    for edition in context.editions:
        for node, feature in features.by_edition(edition).items():
            pairs = [p for p in pairs_of.counterparts(edition, node) if p.edition != edition]
            if not pairs:
                continue
            theirs = [(p, features.get(p.edition, p.node)) for p in pairs]
            split = split_of(edition, node)
            tally = tallies[split]
            tally.clean += 1
            if counterparts.omissions(context, feature, theirs):
                tally.false_alarms += 1  # reported as it stands: a drop there says nothing
                continue
            sentences = SENTENCE.findall(feature.text)
            if len(sentences) < 2:
                continue
            mine = by_edition.setdefault((split, edition), Tally())
            for k in range(len(sentences)):
                text = "".join(sentences[:k] + sentences[k + 1:]).strip()
                cases.append(text)
                found = bool(counterparts.omissions(context, replace(feature, text=text), theirs))
                for each in (tally, mine):
                    each.drops += 1
                    each.reported += found
    checked = time.perf_counter() - started
    started = time.perf_counter()
    for text in cases:  # the plain pass: split again and measure, nothing weighed
        len(SENTENCE.findall(text))
    plain = time.perf_counter() - started
    return tallies, by_edition, checked, plain


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=SPLITS, help="one split only (default: both)")
    parser.add_argument("--by-edition", action="store_true", help="the drops of each edition")
    args = parser.parse_args()
    tallies, by_edition, checked, plain = measure()
    for split in (args.split,) if args.split else SPLITS:
        tally = tallies[split]
        print(f"{split:<5} drops reported {share(tally.reported, tally.drops)}; "
              f"clean provisions reported {share(tally.false_alarms, tally.clean)}")
        if args.by_edition:
            for (where, edition), mine in sorted(by_edition.items()):
                if where == split:
                    print(f"  {edition}: {share(mine.reported, mine.drops)}")
    print(f"time: check pass {checked:.2f} s, plain pass {plain:.4f} s ({checked / max(plain, 1e-9):.0f}x)")


if __name__ == "__main__":
    main()
