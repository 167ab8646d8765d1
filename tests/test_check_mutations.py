"""The mutation harness: defect specs located by words, planted alone in a copy of the corpus, and a sample
of the planted defects (tests/mutations/defects.yaml) that `lawtools check` must catch. The full set, with
recall per class for dev and test, is tests/benchmarks/bench_mutations.py."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import pytest

from lawtools.check.mutate import Defect, Harness, load_defects
from lawtools.errors import DefectError

ROOT = Path(__file__).resolve().parent.parent
DEFECTS = ROOT / "tests" / "mutations" / "defects.yaml"

# One defect per kind of check, from the dev split (what each one plants is in its `note`).
SAMPLE = [
    "sv-2007-typo-1",              # motspelare -> motspelaie: counterparts and spelling
    "de-1997-term-misspelt-1",     # a misspelt termbase term
    "nl-2017-repeated-segment-1",  # a phrase written twice
    "sv-2007-unbalanced-3",        # a bracket lost
    "de-1997-duplicated-item-1",   # an item copied in twice
    "nb-2017-untranslated-1",      # an English word left in Norwegian
    "nl-2017-number-1",            # a number changed: compared with sv-2007 and de-1997
    "sv-2007-missing-reference-2",  # a citation of a provision the law does not have
    "sv-2007-punctuation-1",       # a lost full stop at the end of a provision
    "de-1997-missing-heading-1",   # a caption lost where the counterpart has one
    "sv-2007-missing-heading-1",   # 'E.' left without its caption: section E stays, reported where it stands
    "de-1997-wrong-ordinal-1",     # 'zweite' -> 'dritte' in a caption
    "nb-2017-untranslated-3",      # 'kortstokk' -> 'pack': English where the counterpart names the concept
    "nl-2017-term-synonym-1",      # 'blinde' -> 'dummy': a stray rendering, reported where it stands
    "nl-2017-punctuation-3",       # a footnote's full stop lost
]


@pytest.fixture(scope="module")
def defects():
    return {d.id: d for d in load_defects(DEFECTS)}


def test_a_locator_must_be_unique():
    with pytest.raises(DefectError, match="occurs 2 times"):
        Defect("x", "sv-2007", "typo", "lag").apply("se lag 45 och lag 46")
    with pytest.raises(DefectError, match="occurs 0 times"):
        Defect("x", "sv-2007", "typo", "finns inte").apply("se lag 45")
    assert Defect("x", "sv-2007", "typo", "lag", "lga", within="och lag").apply("se lag 45 och lag 46") == \
        "se lag 45 och lga 46"


def test_duplicate_ops():
    text = "första raden\n1. Spelföraren väljer.\nsista raden"
    assert Defect("x", "e", "c", "väljer", op="duplicate").apply(text) == \
        "första raden\n1. Spelföraren väljer väljer.\nsista raden"
    assert Defect("x", "e", "c", "Spelföraren", op="duplicate-line").apply(text) == \
        "första raden\n1. Spelföraren väljer.\n1. Spelföraren väljer.\nsista raden"


def test_every_defect_applies_to_its_source_and_each_class_has_dev_and_test(defects, manifest):
    sources = {e.id: e.source.read_text(encoding="utf-8") for e in manifest.editions}
    for defect in defects.values():
        assert defect.apply(sources[defect.edition]) != sources[defect.edition], defect.id
    per_cell = Counter((d.cls, d.edition) for d in defects.values())
    assert all(n >= 3 for (cls, _), n in per_cell.items() if cls != "sentence-dropped"), per_cell
    splits = Counter((d.cls, d.split) for d in defects.values())
    assert all(splits[(cls, "dev")] and splits[(cls, "test")] for cls, _ in splits)
    assert len({d.cls for d in defects.values()}) >= 15


def test_a_sample_of_planted_defects_is_caught(defects):
    with Harness(ROOT / "corpus") as harness:
        outcomes = [harness.run(defects[i]) for i in SAMPLE]
        again = harness.check()
    missed = [(o.defect.id, o.laws) for o in outcomes if not o.caught]
    assert missed == []
    for outcome in outcomes:
        assert all(f.edition == outcome.defect.edition and f.law in outcome.laws for f in outcome.new)
    # a defect is reported where it stands, not in the laws or editions around it (the false alarms of the harness)
    noisy = {o.defect.id: [(f.edition, f.node, f.code) for f in o.elsewhere] for o in outcomes if o.elsewhere}
    assert noisy == {}
    # the copy is restored after each defect: checking it again gives the clean findings
    assert [f.to_dict() for f in again] == [f.to_dict() for f in harness.clean_findings]


# Defects whose edits moved figures of findings elsewhere: the usual length ratio of two editions (a heading line
# lost, an item twice), a counterpart's sentence count (a phrase written twice).
MESSAGE_SAMPLE = ["de-1997-missing-heading-3", "de-1997-duplicated-item-3", "nb-2017-repeated-segment-1",
                  "sv-2007-number-1", "nl-2017-term-synonym-1"]


def test_a_defect_leaves_the_messages_of_findings_elsewhere_as_they_were(defects):
    """A finding outside the defect's edition and law that the clean corpus has too keeps its message word for word:
    figures that depend on the edition at large go in `measured` or `compared`, so a comparison of two runs that
    keys findings by their message sees no new finding there."""
    with Harness(ROOT / "corpus") as harness:
        clean = defaultdict(set)
        for finding in harness.clean_findings:
            clean[(finding.edition, finding.node, finding.code)].add(finding.message)
        runs, check = [], harness.check
        harness.check = lambda: runs.append(check()) or runs[-1]
        moved = {}
        for defect_id in MESSAGE_SAMPLE:
            outcome = harness.run(defects[defect_id])
            elsewhere = [f for f in runs[-1] if not (f.edition == outcome.defect.edition and f.law in outcome.laws)]
            moved[defect_id] = [f.message for f in elsewhere
                                if (key := (f.edition, f.node, f.code)) in clean and f.message not in clean[key]]
    assert {k: v for k, v in moved.items() if v} == {}


def test_the_omission_benchmark_drops_each_sentence_of_paired_provisions_and_counts_what_is_reported():
    bench = _bench("bench_omissions")
    tallies, by_edition, _, _ = bench.measure(["nb-2017"])
    assert set(tallies) == {"dev", "test"} and {edition for _, edition in by_edition} == {"nb-2017"}
    for tally in tallies.values():
        assert tally.clean > tally.false_alarms and tally.drops >= tally.reported
    assert sum(t.drops for t in tallies.values()) == sum(t.drops for t in by_edition.values()) > 20
    assert any(t.reported for t in tallies.values())  # the length check reports some drops: the harness measures it
    assert bench.split_of("nb-2017", "7A") == bench.split_of("nb-2017", "7A")


def _bench(name: str):
    import importlib.util
    import sys

    if str(ROOT / "tests/benchmarks") not in sys.path:
        sys.path.insert(0, str(ROOT / "tests/benchmarks"))  # the scripts import their helpers from beside them
    spec = importlib.util.spec_from_file_location(name, ROOT / f"tests/benchmarks/{name}.py")
    bench = sys.modules[name] = importlib.util.module_from_spec(spec)  # its dataclass looks itself up
    spec.loader.exec_module(bench)
    return bench


def test_the_citation_swap_benchmark_rewrites_one_label_and_weighs_each_swap():
    bench = _bench("bench_citation_fit")
    assert bench.swapped_raw("lag 68B2", "68B2", "68B1") == "lag 68B1"
    assert bench.swapped_raw("§ 16 C 2", "16C2", "16D2") == "§ 16 D 2"
    assert bench.swapped_raw("Law 45", "45", "54") == "Law 54"
    assert bench.swapped_raw("lag 68B2", "68B2", "67A2") is None  # two labels apart: no slip of one
    tallies, by_edition, _, _, _ = bench.measure()
    assert set(tallies) == {"dev", "test"} and sum(t.swaps for t in by_edition.values()) > 500
    for tally in tallies.values():
        assert 0 < tally.doubted < tally.swaps and tally.false_alarms <= tally.clean
    # the shipped check doubts no clean citation of the real corpus (the clean corpus's ref-doubtful findings)
    assert sum(t.false_alarms for t in tallies.values()) == 0


def test_a_provision_lost_across_years_is_reported_where_it_is_lost():
    """sv-2007 loses the heading line of 47E, so its items fall under 47D: the concordance links de-1997 47E to
    sv-2007 47E, which is gone, so sv-2007 is told what it lacks; the provisions the Laws of 2007 added (47F1, 47F2,
    which the concordance calls new) are not listed, and de-1997, which lost nothing, gets no new finding."""
    defect = Defect("lost-47E", "sv-2007", "missing-heading", "E. Ändrat spel efter en felaktig upplysning\n")
    with Harness(ROOT / "corpus") as harness:
        outcome = harness.run(defect)
    lost = [f for f in outcome.new if f.code == "edition-difference"]
    assert [(f.edition, f.law) for f in lost] == [("sv-2007", "47")]
    assert "47E (de-1997" in lost[0].message and "47F1" not in lost[0].message
    assert not [f for f in outcome.elsewhere if f.edition == "de-1997"]
