"""Issue 9, fuzzing (a sample; tests/benchmarks/fuzz_campaign.py runs the full campaign): hostile structures
(hypothesis) and seeded mutations of the real files reach every reader lawtools has, and each either works
or raises one LawtoolsError — never another exception, never a hang."""

from __future__ import annotations

import json
import random

import pytest
import yaml
from fuzz_support import ROOT, run_case, seeds, target_manifest, target_pbn, target_record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SAMPLE = 12  # mutations per seed file in the normal test run
FUZZ = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

SEEDS = seeds()


@pytest.mark.parametrize("name", list(SEEDS), ids=list(SEEDS))
def test_seeded_mutations_of_real_files(name, tmp_path):
    from fuzz_support import mutate

    target, original = SEEDS[name]
    assert run_case(target, original, tmp_path / "pristine") is None or name == "baseline"
    rng = random.Random(f"issue-9-{name}")
    failures = []
    for number in range(SAMPLE):
        data = mutate(original, rng)
        problem = run_case(target, data, tmp_path / f"case-{number}")
        if problem:
            failures.append((number, problem))
    assert failures == []


def test_the_harness_reports_an_unexpected_exception(tmp_path):
    """The fuzz check can fail: a target raising something other than LawtoolsError is reported."""
    def broken(data, workdir):
        raise KeyError(data)

    assert run_case(broken, b"x", tmp_path).startswith("KeyError")


# -------------------------------------------------------------------------------------------- hypothesis

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
                    st.text(max_size=40), st.sampled_from(["", ".", "..", "a/b", "/etc", "sv-2007", "1-93", "71-41",
                                                           "1-100000000", "\x00", "x" * 300, "§"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(max_size=8), inner, max_size=4), max_leaves=12)

REAL = yaml.safe_load((ROOT / "corpus" / "editions.yaml").read_text(encoding="utf-8"))
FIELDS = sorted({key for entry in REAL["editions"] for key in entry} | {"options"})


@FUZZ
@given(index=st.integers(0, len(REAL["editions"]) - 1), field=st.sampled_from(FIELDS), value=values)
def test_any_value_in_any_manifest_field(tmp_path_factory, index, field, value):
    manifest = json.loads(json.dumps(REAL))
    manifest["editions"][index][field] = value
    data = yaml.safe_dump(manifest, allow_unicode=True).encode("utf-8")
    assert run_case(target_manifest, data, tmp_path_factory.mktemp("m")) is None


@FUZZ
@given(option=st.sampled_from(["unnumbered_pages", "label_after", "front_matter", "law_heading", "hints",
                               "headings", "part_heading"]), value=values, index=st.integers(0, 3))
def test_any_value_in_any_reader_option(tmp_path_factory, option, value, index):
    manifest = json.loads(json.dumps(REAL))
    manifest["editions"][index].setdefault("options", {})[option] = value
    data = yaml.safe_dump(manifest, allow_unicode=True).encode("utf-8")
    assert run_case(target_manifest, data, tmp_path_factory.mktemp("o")) is None


RECORD = json.loads((ROOT / "corpus" / "records" / "sv-2007" / "64.json").read_text(encoding="utf-8"))


@FUZZ
@given(path=st.lists(st.sampled_from(["nodes", 0, 1, "children", "text", "title", "id", "footnotes", "refs",
                                      "anomalies", "source", "lines", "kind", "intro", "law", "edition"]),
                     min_size=1, max_size=5), value=values)
def test_any_value_anywhere_in_a_record(tmp_path_factory, path, value):
    record = json.loads(json.dumps(RECORD))
    holder = record
    for key in path[:-1]:
        try:
            holder = holder[key]
        except (KeyError, IndexError, TypeError):
            break
    try:
        holder[path[-1]] = value
    except (TypeError, IndexError):
        return
    data = json.dumps(record, ensure_ascii=False).encode("utf-8")
    assert run_case(target_record, data, tmp_path_factory.mktemp("r")) is None


calls = st.sampled_from(["P", "Pass", "X", "XX", "1C", "7NT", "8S", "0H", "AP", "-", "*", "=1=", "$3", "^1", "!",
                         "1NT!", "{note}", "3Z", ""])
cards = st.sampled_from(["SA", "H2", "DT", "C9", "ST", "-", "--", "*", "XX", "S1", "^2", "HA!", "{c}"])
tag_values = st.one_of(st.text(max_size=12), st.sampled_from(
    ["14", "-1", "99999999999999999999", "NS 9 EW 4", "EW 14", "²", "٣", "3NT", "7NTXX", "8S", "N", "Q", "None",
     "All", "NS", "Both", "^S", "N:AKQJ.T98.765.432 - - -", ""]))


@FUZZ
@given(tags=st.dictionaries(st.sampled_from(["Board", "Dealer", "Vulnerable", "Contract", "Declarer", "Result",
                                             "Score", "Deal", "Auction", "Play", "Claim"]), tag_values, max_size=8),
       auction=st.lists(calls, max_size=40), play=st.lists(cards, max_size=60))
def test_any_pbn_board(tmp_path_factory, tags, auction, play):
    lines = [f'[{name} "{value.replace(chr(34), "")}"]' for name, value in tags.items() if name not in ("Auction",
                                                                                                      "Play")]
    lines += [f'[Auction "{tags.get("Auction", "N")[:2]}"]', " ".join(auction)]
    lines += [f'[Play "{tags.get("Play", "W")[:2]}"]', " ".join(play)]
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    assert run_case(target_pbn, data, tmp_path_factory.mktemp("p")) is None


def _declared_options() -> list[tuple[int, str]]:
    """(edition index, option name) for every option the real editions' readers declare."""
    import importlib

    from lawtools.manifest import load_manifest
    from lawtools.readers import LAYOUTS

    found = []
    for index, edition in enumerate(load_manifest(ROOT / "corpus" / "editions.yaml").editions):
        spec = getattr(importlib.import_module(LAYOUTS[edition.layout]), "OPTIONS", None) or {}
        found += [(index, name) for name in spec]
    return found


@pytest.mark.parametrize(("index", "option"), _declared_options())
def test_a_reader_option_left_empty_reads_as_empty_through_a_whole_ingest(tmp_path, index, option):
    """`hints:` with its entries deleted is null: the reader gets the checked value (an empty list), so the
    ingest succeeds or stops with one lawtools error (the seeded round-5 campaign found a TypeError here)."""
    from fuzz_support import target_ingest_manifest

    manifest = json.loads(json.dumps(REAL))
    manifest["editions"][index].setdefault("options", {})[option] = None
    data = yaml.safe_dump(manifest, allow_unicode=True).encode("utf-8")
    assert run_case(target_ingest_manifest, data, tmp_path) is None
