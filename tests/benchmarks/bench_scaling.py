"""Benchmark: ingest and replay time at 1x, 10x and 100x input, to show both grow linearly (issue 9).

Run: python tests/benchmarks/bench_scaling.py [--scales 1 10 100] [--repeat N]

Inputs, each built in memory and written to a scratch project (nothing of the checkout is written):
  ingest-structured  a paragraphs-layout source, 93 laws x 3 sections x 3 items, each item's text k lines
  ingest-hostile     the issue's case: one law followed by k x 2,500 lines of '§ 4' (1 MB at 100x); past
                     MAX_PARAGRAPHS lines in one provision ingest refuses it, so this times the refusal
  replay             pbn-verifier-correct_10.pbn (10 boards) repeated k times
  replay-lin         usbf-sf-2010.lin (its first 12,000 characters, whole boards) repeated k times
  replay-auction     the issue's case: one PBN board whose auction is k x 10 KB of calls (1 MB at 100x)
For each it prints the median seconds, the time per unit of input relative to 1x (1.00 = linear; growth
above ~2 at 100x would mean a quadratic spot) and, as the baseline measured in the same run, a plain
read-and-split of the same bytes.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from timing import median_time  # tests/benchmarks/timing.py, beside this script

ROOT = Path(__file__).resolve().parents[2]
PBN = ROOT.parent / "shared" / "bridge-data" / "pbn-verifier-correct_10.pbn"
LIN = ROOT.parent / "shared" / "bridge-data" / "usbf-sf-2010.lin"
MANIFEST = """editions:
  - id: de-9001
    language: de
    year: 1997
    title: T
    provenance: P
    laws: "1-93"
    layout: paragraphs
    source: sources/de-9001.txt
    options: {law_heading: "§", part_heading: "Teil", chapter_heading: "Abschnitt"}
"""


def structured(k: int) -> str:
    lines = []
    for law in range(1, 94):
        lines.append(f"§ {law}: Gesetz Nummer {law}")
        for section in "ABC":
            lines.append(f"{section}. Abschnitt {section} von Gesetz {law}")
            for item in range(1, 4):
                lines.append(f"{item}. Der Spieler soll die Karte zeigen, wenn er nicht an der Reihe ist;")
                lines.extend(f"und der Partner darf nicht ausspielen, bis der Leiter entscheidet {n}."
                             for n in range(k - 1))
    return "\n".join(lines) + "\n"


def hostile(k: int) -> str:
    return "§ 4: Titel\n" + "§ 4\n" * (2_500 * k)


def baseline(text: str) -> int:
    return sum(len(line.split()) for line in text.split("\n"))


def time_ingest(text: str, repeat: int) -> float:
    from lawtools.ingest import build
    from lawtools.manifest import load_manifest

    with tempfile.TemporaryDirectory() as scratch:
        corpus = Path(scratch) / "corpus"
        (corpus / "sources").mkdir(parents=True)
        (corpus / "sources" / "de-9001.txt").write_text(text, encoding="utf-8")
        (corpus / "editions.yaml").write_text(MANIFEST, encoding="utf-8")
        manifest = load_manifest(corpus / "editions.yaml")
        return median_time(lambda: _refused_or_built(build, manifest), repeat)


def _refused_or_built(build, manifest) -> None:
    from lawtools.errors import LawtoolsError

    try:
        build(manifest)
    except LawtoolsError:  # a hostile input refused (a provision of more than MAX_PARAGRAPHS lines) still counts
        pass


def long_auction(board: str, k: int) -> str:
    """The first board of `board` with its auction replaced by k x 10 KB of calls."""
    head = board.split("[Auction", 1)[0]
    calls = ("1C 1D 1H 1S 1NT 2C X XX Pass " * 300)[:10_000]
    return head + '[Auction "N"]\n' + "\n".join([calls] * k) + "\n"


def time_replay(text: str, repeat: int, suffix: str = ".pbn") -> float:
    from lawtools.rules.replay import replay_file

    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / f"boards{suffix}"
        path.write_text(text, encoding="latin-1")
        return median_time(lambda: _refused_or_replayed(replay_file, path), repeat)


def _refused_or_replayed(replay_file, path: Path) -> None:
    from lawtools.errors import LawtoolsError

    try:
        replay_file(path, 2017)
    except LawtoolsError:  # a file over the size cap, refused, still counts
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scales", type=int, nargs="*", default=[1, 10, 100])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cases = {"ingest-structured": (structured, time_ingest), "ingest-hostile": (hostile, time_ingest)}
    if PBN.is_file():
        board_text = PBN.read_text(encoding="latin-1")
        cases["replay"] = (lambda k: board_text * k, time_replay)
        cases["replay-auction"] = (lambda k: long_auction(board_text, k), time_replay)
    if LIN.is_file():
        lin_text = LIN.read_text(encoding="latin-1")[:12_000]
        lin_text = lin_text[:lin_text.rfind("\n") + 1]  # whole lines (boards) only
        cases["replay-lin"] = (lambda k: lin_text * k, lambda text, repeat: time_replay(text, repeat, ".lin"))
    worst = 0.0
    for name, (make, timer) in cases.items():
        first = None
        print(f"{name}")
        times = []
        for k in args.scales:
            text = make(k)
            seconds = timer(text, 1 if k >= 100 else args.repeat)
            plain = median_time(lambda t=text: baseline(t), args.repeat)
            first = first or seconds / k
            growth = (seconds / k) / first
            if k == max(args.scales):
                worst = max(worst, growth)
            times.append((k, seconds))
            print(f"  {k:4}x  {len(text.encode()) / 1024:9.0f} KiB  {seconds:8.3f} s  per-unit vs 1x {growth:5.2f}"
                  f"  baseline read-and-split {plain:7.4f} s ({seconds / plain:7.0f}x)")
        if len(times) >= 2:  # time ~ size^b between the two largest inputs (1.0 = linear, 2.0 = quadratic)
            import math

            (k1, t1), (k2, t2) = times[-2], times[-1]
            print(f"  fitted growth between {k1}x and {k2}x: time ~ size^{math.log(t2 / t1) / math.log(k2 / k1):.2f}")
    print(f"\nworst per-unit growth at {max(args.scales)}x: {worst:.2f} (1.00 = linear)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
