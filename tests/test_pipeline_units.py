"""The build's memo units, without building: what a unit's key reads, computed in time linear in the editions."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lawtools.pipeline.fingerprint import Hasher
from lawtools.records import load_corpus
from lawtools.site.page_memo import PageMemo, canonical

ROOT = Path(__file__).resolve().parent.parent


def test_a_page_is_rendered_once_per_key_and_read_back_as_rendered(tmp_path):
    calls = []

    def page(code: str, records: str, text: str, directory=tmp_path) -> str:
        def render():
            calls.append(text)
            return text

        return PageMemo(directory, lambda: {"code": code}).page("laws/1.md", lambda: {"records": records}, render)

    assert page("c", "a", "one") == "one"
    assert page("c", "a", "new") == "one"  # read back
    assert page("c", "b", "two") == "two"  # its records changed
    assert page("d", "b", "three") == "three"  # what every page shares changed
    assert calls == ["one", "two", "three"]
    folder = tmp_path / "pages" / "laws~1.md"
    assert len(list(folder.glob("*.json"))) == 1  # the older keys are gone
    next(folder.glob("*.json")).write_text("{not json", encoding="utf-8")
    assert page("d", "b", "again") == "again"  # a damaged entry is rendered again
    PageMemo(tmp_path, dict).prune({"laws/2.md"})
    assert not folder.exists()
    assert page("d", "b", "uncached", directory=None) == "uncached"
    assert page("d", "b", "uncached again", directory=None) == "uncached again"


def test_a_key_is_the_same_in_every_process_whatever_the_order_of_a_set():
    assert canonical({"b": {"y", "x"}, "a": [1, ("z",)]}) == canonical({"a": [1, ["z"]], "b": {"x", "y"}})
    assert canonical({"x"}) != canonical({"x", "y"})


# ------------------------------------------------------------------ the checks' units on a corpus of clones

CLONED = {"sv-2007": ("sv-9001", "sv-9002", "sv-9003"), "nl-2017": ("nl-9001", "nl-9002", "nl-9003")}
EDITED, EDITED_LAW = "sv-9002", "54"  # a clone in the middle of its language's editions, and a law sv and nl share


@pytest.fixture(scope="module")
def clones(tmp_path_factory):
    """A project of two real editions, each cloned three times under new ids (no concordance), ingested."""
    import yaml

    from lawtools.ingest import build, write
    from lawtools.manifest import load_manifest

    corpus = tmp_path_factory.mktemp("clones") / "corpus"
    (corpus / "sources").mkdir(parents=True)
    manifest = yaml.safe_load((ROOT / "corpus" / "editions.yaml").read_text(encoding="utf-8"))
    entries = []
    for entry in manifest["editions"]:
        if entry["id"] in CLONED:
            shutil.copy2(ROOT / "corpus" / entry["source"], corpus / entry["source"])
            entries += [{**entry, "id": new} for new in (entry["id"], *CLONED[entry["id"]])]
    (corpus / "editions.yaml").write_text(yaml.safe_dump({"editions": entries}, allow_unicode=True), encoding="utf-8")
    for name in ("terms.yaml", "check-baseline.yaml"):
        shutil.copy2(ROOT / "corpus" / name, corpus / name)
    loaded = load_manifest(corpus / "editions.yaml")
    write(loaded, build(loaded))
    return corpus


def edit_record(corpus: Path, edition: str, law: str) -> None:
    """One more word in the first provision text of one record (its provision ids stay as they were)."""
    path = corpus / "records" / edition / f"{law}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    stack = list(record["nodes"])
    while stack:
        node = stack.pop(0)
        if len(node["text"]) > 40:
            node["text"] = node["text"].replace(" ", " lagen ", 1)
            break
        stack = node["children"] + stack
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")


def check_units(corpus: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, per_run: int | None = None) -> tuple:
    """The checks stage's units over the corpus: (the run, the calls of the check run with their families)."""
    import lawtools.check
    from lawtools.pipeline import checks

    calls = []
    run_checks = lawtools.check.run_checks_with_notes

    def counted(*args, **kwargs):
        calls.append(kwargs.get("families_of"))
        return run_checks(*args, **kwargs)

    monkeypatch.setattr(lawtools.check, "run_checks_with_notes", counted)
    found = load_corpus(corpus / "editions.yaml")
    plan = checks.unit_plan(found, Hasher(), {"code": "c", "termbase": "t"}, cache)
    return checks.run_units(found, cache, plan.keys, stamp="s", parts=plan.parts, rekey=plan.rekey,
                            per_run=per_run or checks.EDITIONS_PER_RUN), calls


def readers_of(corpus: Path, edition: str, law: str) -> set[str]:
    """The editions whose cross-edition checks read that law of that edition, by the checks' own pairing: a
    provision of the law is one of their counterparts, or a counterpart of one of those."""
    from lawtools.check.model import CheckContext
    from lawtools.check.pairs import pairing

    found = load_corpus(corpus / "editions.yaml")
    pairs_of = pairing(CheckContext(found, found.editions()))
    readers = set()
    for other in found.editions():
        article = found.article(other, law)
        for node in article.walk() if article is not None and other != edition else ():
            firsts = pairs_of.counterparts(other, node.id)
            seconds = [q for p in firsts for q in pairs_of.counterparts(p.edition, p.node)]
            if any(p.edition == edition for p in firsts + seconds):
                readers.add(other)
    return readers


def test_a_changed_record_reruns_exactly_the_units_that_read_it(clones, tmp_path, monkeypatch):
    from lawtools.check import FAMILIES, run_checks
    from lawtools.pipeline.checks import PARTS

    corpus = tmp_path / "corpus"
    shutil.copytree(clones, corpus)
    cache = tmp_path / "cache"
    cold, calls = check_units(corpus, cache, monkeypatch)
    editions = load_corpus(corpus / "editions.yaml").editions()
    assert len(cold.checked) == len(cold.keys) == 2 * len(editions) and len(calls) == 1  # every unit, one run
    again, calls = check_units(corpus, cache, monkeypatch)
    assert again.checked == [] and calls == [] and again.findings == cold.findings

    readers = readers_of(corpus, EDITED, EDITED_LAW)
    assert readers and len(readers) < len(editions) - 1  # some editions compare the law with it, not all
    edit_record(corpus, EDITED, EDITED_LAW)
    changed, calls = check_units(corpus, cache, monkeypatch)
    # both units of a reader: references confirm a citation its counterparts make too
    expected = [f"{EDITED} own", f"{EDITED} across"] + [f"{e} {part}" for e in sorted(readers) for part in PARTS]
    assert sorted(changed.checked) == sorted(expected)
    assert calls == [{EDITED: FAMILIES, **dict.fromkeys(readers, FAMILIES)}]  # one run
    assert changed.why[f"{EDITED} own"] == "own records changed"
    assert all(changed.why[f"{e} {part}"] == f"compared records of {EDITED_LAW} changed"
               for e in readers for part in PARTS)
    # what the units hold is what a full check run over the changed records finds
    fresh = run_checks(load_corpus(corpus / "editions.yaml"))
    assert [{k: v for k, v in f.items() if k != "accepted"} for f in changed.findings] == [f.to_dict() for f in fresh]


def test_pairs_known_from_the_records_are_those_the_bound_keeps_of_every_pair(clones, monkeypatch):
    """The counterparts chosen without comparing content equal the first `max_counterparts` of all of them."""
    from lawtools.check import pairs
    from lawtools.check.model import CheckContext

    corpus = load_corpus(clones / "editions.yaml")
    bounded = pairs.Pairing(CheckContext(corpus, corpus.editions()))
    settings = dict(pairs._settings())
    monkeypatch.setattr(pairs, "_settings", lambda: {**settings, "max_counterparts": 0})
    every = pairs.Pairing(CheckContext(corpus, corpus.editions()))
    unbounded = {(e, n.id): every.counterparts(e, n.id) for e in corpus.editions()
                 for a in corpus.articles(e).values() for n in a.walk()}
    monkeypatch.setattr(pairs, "_settings", lambda: settings)
    compared = 0
    for (edition, node_id), found in unbounded.items():
        known = bounded.id_partners(edition, node_id)
        assert bounded.counterparts(edition, node_id) == bounded._bounded(edition, found)
        if known is not None:
            assert known == bounded._bounded(edition, found)
            compared += bool(found)
    assert compared > 100


def test_term_hits_kept_from_an_earlier_run_match_nothing_again(clones, tmp_path, monkeypatch):
    import lawtools.terms_match
    from lawtools.check import run_checks_with_notes
    from lawtools.pipeline import hit_memo

    corpus = load_corpus(clones / "editions.yaml")
    memo: dict = {}
    first = run_checks_with_notes(corpus, ["sv-2007", "nl-2017"], memo=memo)
    hit_memo.save(tmp_path, "s", memo, hit_memo.corpus_texts(corpus))
    assert hit_memo.load(tmp_path, "another stamp") == {}
    kept = hit_memo.load(tmp_path, "s")
    assert kept == memo

    def refused(*args, **kwargs):
        raise AssertionError("a text was matched again")

    monkeypatch.setattr(lawtools.terms_match, "matcher_for", refused)
    assert run_checks_with_notes(load_corpus(clones / "editions.yaml"), ["sv-2007", "nl-2017"], memo=kept) == first
    (tmp_path / hit_memo.FILE).write_bytes(b"\x00 damaged")
    assert hit_memo.load(tmp_path, "s") == {}
    import marshal

    for hits in ({("sv", False): {"a text": (("c", "t", "preferred", "0", 1, "a", ""),)}},  # an offset not a number
                 {("sv", False): {"a text": (("c", "t"),)}}, {("sv", "no"): {}}, []):
        (tmp_path / hit_memo.FILE).write_bytes(marshal.dumps({"format": hit_memo.FORMAT, "stamp": "s", "hits": hits}))
        assert hit_memo.load(tmp_path, "s") == {}


# ------------------------------------------------------------------ the same clones, paired through a concordance

@pytest.fixture(scope="module")
def linked(clones, tmp_path_factory):
    """The clones with a computed concordance: the checks pair their provisions by content (check.yaml
    use_concordance), so a unit's key is what its last check run read (pipeline.checks._Reads)."""
    from lawtools.concordance.store import update

    corpus = tmp_path_factory.mktemp("linked") / "corpus"
    shutil.copytree(clones, corpus)
    update(load_corpus(corpus / "editions.yaml"), "encoder", cache_path=corpus.parent / "embeddings")
    return corpus


def stored_reads(cache: Path) -> dict[str, dict]:
    """unit -> what its last check run read, as stored beside its findings."""
    found = {}
    for path in sorted((cache / "checks").glob("*/*-*.json")):
        part = path.stem.split("-", 1)[0]
        if part in ("own", "across"):
            found[f"{path.parent.name} {part}"] = json.loads(path.read_text(encoding="utf-8"))["reads"]
    return found


def test_checks_that_pair_by_content_rerun_exactly_the_units_that_read_a_changed_record(linked, tmp_path,
                                                                                         monkeypatch):
    from lawtools.check import run_checks
    from lawtools.concordance.store import update
    from lawtools.yamlio import package_data

    # the shipped setting: otherwise this test would measure the id pairing
    assert package_data("check.yaml")["pairing"]["use_concordance"]
    corpus = tmp_path / "corpus"
    shutil.copytree(linked, corpus)
    cache = tmp_path / "cache"
    cold, calls = check_units(corpus, cache, monkeypatch)
    editions = load_corpus(corpus / "editions.yaml").editions()
    assert len(cold.checked) == 2 * len(editions) and len(calls) == 1
    again, calls = check_units(corpus, cache, monkeypatch)
    assert again.checked == [] and calls == [] and again.findings == cold.findings

    reads = stored_reads(cache)
    readers = sorted(unit for unit, read in reads.items() if [EDITED, EDITED_LAW] in read["records"])
    assert readers and len(readers) < 2 * (len(editions) - 1)  # some units read the law of that edition, not all
    assert all(not read["records"] or any(row[0] != EDITED for row in read["records"]) for read in reads.values())
    edit_record(corpus, EDITED, EDITED_LAW)
    changed, calls = check_units(corpus, cache, monkeypatch)
    assert sorted(changed.checked) == sorted({f"{EDITED} own", f"{EDITED} across", *readers})
    assert len(calls) == 1
    assert all(changed.why[unit] == f"read records of {EDITED} {EDITED_LAW} changed" for unit in readers)
    fresh = run_checks(load_corpus(corpus / "editions.yaml"))
    assert [{k: v for k, v in f.items() if k != "accepted"} for f in changed.findings] == [f.to_dict() for f in fresh]

    # the concordance recomputed for the changed record (as the build does): what its links say reaches the units
    update(load_corpus(corpus / "editions.yaml"), "encoder", cache_path=linked.parent / "embeddings")
    relinked, _ = check_units(corpus, cache, monkeypatch)
    assert all(unit not in relinked.checked or "read links" in relinked.why[unit] for unit in relinked.keys)
    fresh = run_checks(load_corpus(corpus / "editions.yaml"))
    assert [{k: v for k, v in f.items() if k != "accepted"} for f in relinked.findings] == [f.to_dict() for f in fresh]


@pytest.mark.parametrize("source, edition", [("clones", EDITED), ("clones", "nl-9001"), ("real", "nl-2017"),
                                             ("real", "de-1997"), ("real", "nb-2007")])
def test_what_a_check_run_records_as_read_is_all_it_reads_of_other_editions(linked, tmp_path, monkeypatch, source,
                                                                           edition):
    """Every record of another edition that the checks of `edition` did not record as read is rewritten (each word
    spelt backwards: the same ids, lengths and ratios, other words and terms): its findings stay as they were. On
    the real corpus the pairs cross years through the concordance (renumbered provisions, mapped citations)."""
    from lawtools.check import run_checks

    corpus = tmp_path / "corpus"
    shutil.copytree(linked if source == "clones" else ROOT / "corpus", corpus)
    cache = tmp_path / "cache"
    before, _ = check_units(corpus, cache, monkeypatch)
    read = stored_reads(cache)
    kept = {tuple(row) for part in ("own", "across") for row in read[f"{edition} {part}"]["records"]}
    rewritten = 0
    for path in sorted((corpus / "records").glob("*/*.json")):
        other, law = path.parent.name, path.stem
        if other == edition or (other, law) in kept or not law[:1].isdigit():
            continue
        record = json.loads(path.read_text(encoding="utf-8"))
        stack = list(record["nodes"])
        while stack:
            node = stack.pop()
            node["text"] = " ".join(word[::-1] for word in node["text"].split(" "))
            stack += node["children"]
        path.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
        rewritten += 1
    assert rewritten > 10  # the editions share most laws: most of what they have is not read
    after = [f.to_dict() for f in run_checks(load_corpus(corpus / "editions.yaml")) if f.edition == edition]
    assert after == [{k: v for k, v in f.items() if k != "accepted"} for f in before.findings
                     if f["edition"] == edition]


@pytest.mark.parametrize("reads", [None, "x", {"records": [["sv-2007"]], "links": [], "ratios": []},
                                   {"records": [["no-such-edition", "54"]], "links": [], "ratios": []}])
def test_a_unit_whose_recorded_reads_are_damaged_or_name_a_lost_edition_is_checked_again(linked, tmp_path,
                                                                                       monkeypatch, reads):
    corpus = tmp_path / "corpus"
    shutil.copytree(linked, corpus)
    cache = tmp_path / "cache"
    cold, _ = check_units(corpus, cache, monkeypatch)
    path = next((cache / "checks" / EDITED).glob("across-*.json"))
    value = json.loads(path.read_text(encoding="utf-8"))
    value["reads"] = reads
    path.write_text(json.dumps(value), encoding="utf-8")
    again, calls = check_units(corpus, cache, monkeypatch)
    assert again.checked == [f"{EDITED} across"] and len(calls) == 1
    assert again.findings == cold.findings
    third, calls = check_units(corpus, cache, monkeypatch)  # its reads recorded anew
    assert third.checked == [] and calls == []


def test_editions_checked_a_few_at_a_time_find_and_read_what_one_run_does(linked, tmp_path, monkeypatch):
    """The stale editions are checked in runs of EDITIONS_PER_RUN, so that the stage's memory does not grow with
    the corpus: three runs of three give one run's findings."""
    one, calls = check_units(linked, tmp_path / "one", monkeypatch)
    assert len(calls) == 1
    several, calls = check_units(linked, tmp_path / "several", monkeypatch, per_run=3)
    editions = load_corpus(linked / "editions.yaml").editions()
    assert [list(call) for call in calls] == [editions[k:k + 3] for k in range(0, len(editions), 3)]
    assert several.findings == one.findings
    # a run records what its editions' checks asked, and what it asked for the others it checked (a counterpart's
    # own counterparts): apart, a unit reads no more than together
    alone, together = stored_reads(tmp_path / "several"), stored_reads(tmp_path / "one")
    assert alone.keys() == together.keys()
    for unit, read in alone.items():
        assert all({tuple(row) for row in rows} <= {tuple(row) for row in together[unit][name]}
                   for name, rows in read.items()), unit
