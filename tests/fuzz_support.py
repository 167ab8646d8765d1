"""The fuzz targets and mutators shared by tests/test_reliability_fuzz.py (a sample) and
tests/benchmarks/fuzz_campaign.py (the full seeded campaign).

Each target takes bytes, feeds them to one reader of lawtools through its public entry point and returns
normally or raises LawtoolsError; anything else (a traceback class, a hang) is a failure. `mutate` makes
seeded byte-level mutations of real files: bit flips, deleted or duplicated spans, inserted hostile
snippets, truncation.
"""

from __future__ import annotations

import random
import shutil
import signal
import tempfile
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = ROOT.parent / "shared" / "bridge-data"

SNIPPETS = [b"\x00", b"\xff\xfe", b"&a [*a]", b"*a", b"{", b"}", b"[", b"]", b'"', b"\n- ", b": ", b"null", b"-1",
            b"99999999999999999999", b"1e999", b"NaN", b"\\u0000", b"\r\n", b"\xc3", b"../", b"/etc/passwd", b"yes",
            b"[" * 2000, b"{" * 2000, b'"a":' * 50, b"\t", b"mc|99|", b'[Result "14"]', b"pc|", b"md|", b"|"]


class Hang(Exception):
    """A target ran longer than its time limit."""


@contextmanager
def time_limit(seconds: float):
    """Raise Hang when the block runs longer than `seconds` (SIGALRM; main thread only)."""
    def alarm(signum, frame):
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def mutate(data: bytes, rng: random.Random, rounds: int | None = None) -> bytes:
    """A seeded mutation of `data`: 1-4 edits of flips, deletions, duplications, insertions, truncation."""
    buffer = bytearray(data)
    for _ in range(rounds or rng.randint(1, 4)):
        if not buffer:
            buffer.extend(rng.choice(SNIPPETS))
            continue
        position = rng.randrange(len(buffer))
        kind = rng.randrange(6)
        if kind == 0:
            buffer[position] ^= 1 << rng.randrange(8)
        elif kind == 1:
            del buffer[position:position + rng.randint(1, 200)]
        elif kind == 2:
            span = buffer[position:position + rng.randint(1, 400)]
            buffer[position:position] = span * rng.randint(1, 30)
        elif kind == 3:
            buffer[position:position] = rng.choice(SNIPPETS)
        elif kind == 4:
            del buffer[position:]
        else:
            buffer[position] = rng.randrange(256)
    return bytes(buffer)


# ---------------------------------------------------------------------------------------------- targets

def target_manifest(data: bytes, workdir: Path) -> None:
    """Load a manifest; when it loads, read every edition's reader options too."""
    from lawtools.manifest import check_options, load_manifest
    from lawtools.readers import LAYOUTS

    path = workdir / "editions.yaml"
    path.write_bytes(data)
    manifest = load_manifest(path)
    for edition in manifest.editions:
        import importlib

        reader = importlib.import_module(LAYOUTS[edition.layout])
        check_options(edition, getattr(reader, "OPTIONS", {}))


def target_ingest_manifest(data: bytes, workdir: Path) -> None:
    """A mutated manifest through ingest of the real sources (records written to a scratch corpus)."""
    from lawtools.ingest import build, write
    from lawtools.manifest import load_manifest

    corpus = workdir / "corpus"
    if not (corpus / "sources").exists():
        shutil.copytree(ROOT / "corpus" / "sources", corpus / "sources")
    path = corpus / "editions.yaml"
    path.write_bytes(data)
    manifest = load_manifest(path)
    before = {p.name for p in corpus.iterdir()}
    write(manifest, build(manifest))
    assert (corpus / "records").is_dir() and before <= {p.name for p in corpus.iterdir()}


def _scratch_corpus(workdir: Path) -> Path:
    corpus = workdir / "corpus"
    if not corpus.exists():
        shutil.copytree(ROOT / "corpus", corpus, ignore=shutil.ignore_patterns(".lawtools.lock", "sources"))
    return corpus


def target_record(data: bytes, workdir: Path, name: str = "sv-2007/64.json") -> None:
    """A record file replaced by `data`, read through the Corpus (articles, front matter)."""
    from lawtools.manifest import load_manifest
    from lawtools.records import Corpus

    corpus = _scratch_corpus(workdir)
    (corpus / "records" / name).write_bytes(data)
    loaded = Corpus(corpus / "records", load_manifest(corpus / "editions.yaml"))
    edition = name.split("/")[0]
    for article in loaded.articles(edition).values():
        for node in article.walk():
            str(node.text).split()
    loaded.front(edition)


def target_edition_info(data: bytes, workdir: Path) -> None:
    """edition.json replaced by `data`, read through the Corpus."""
    target_record(data, workdir, "nb-2017/edition.json")


def target_termbase(data: bytes, workdir: Path) -> None:
    """A termbase file, loaded."""
    from lawtools.termbase import load_termbase

    path = workdir / "terms.yaml"
    path.write_bytes(data)
    load_termbase(path)


def target_baseline(data: bytes, workdir: Path) -> None:
    """A check baseline file, loaded."""
    from lawtools.check.baseline import load_baseline

    path = workdir / "baseline.yaml"
    path.write_bytes(data)
    load_baseline(path, required=True)


def target_drift(data: bytes, workdir: Path) -> None:
    """A drift hash table, loaded."""
    from lawtools.rules.drift import load_recorded

    path = workdir / "rules_provisions.json"
    path.write_bytes(data)
    load_recorded(path)


def _replay(data: bytes, workdir: Path, suffix: str) -> None:
    from lawtools.rules.replay import replay_file

    path = workdir / f"boards{suffix}"
    path.write_bytes(data)
    for year in (1997, 2007, 2017):
        replay_file(path, year)


def target_pbn(data: bytes, workdir: Path) -> None:
    """A PBN file, replayed under each Laws year."""
    _replay(data, workdir, ".pbn")


def target_lin(data: bytes, workdir: Path) -> None:
    """A LIN file, replayed under each Laws year."""
    _replay(data, workdir, ".lin")


def seeds() -> dict[str, tuple[Callable[[bytes, Path], None], bytes]]:
    """target name -> (target, the real file its mutations start from)."""
    corpus = ROOT / "corpus"
    found = {
        "manifest": (target_manifest, (corpus / "editions.yaml").read_bytes()),
        "record": (target_record, (corpus / "records" / "sv-2007" / "64.json").read_bytes()),
        "edition-info": (target_edition_info, (corpus / "records" / "nb-2017" / "edition.json").read_bytes()),
        "termbase": (target_termbase, (corpus / "terms.yaml").read_bytes()),
        "baseline": (target_baseline, (corpus / "check-baseline.yaml").read_bytes()),
        "drift": (target_drift, (ROOT / "lawtools" / "data" / "rules_provisions.json").read_bytes()),
    }
    if BRIDGE.is_dir():
        found["pbn"] = (target_pbn, (BRIDGE / "pbn-verifier-correct_10.pbn").read_bytes())
        found["lin"] = (target_lin, (BRIDGE / "usbf-sf-2010.lin").read_bytes()[:12_000])
    return found


def run_case(target: Callable[[bytes, Path], None], data: bytes, workdir: Path | None = None,
             seconds: float = 20) -> str | None:
    """None when the target returned or raised LawtoolsError (with a one-line message); else what went wrong."""
    from lawtools.errors import LawtoolsError

    own = workdir is None
    workdir = Path(tempfile.mkdtemp(prefix="lawtools-fuzz-")) if own else workdir
    workdir.mkdir(parents=True, exist_ok=True)
    try:
        with time_limit(seconds):
            target(data, workdir)
    except LawtoolsError as error:
        if not str(error).strip():
            return "an empty error message"
        return None
    except Hang as error:
        return f"hang: {error}"
    except BaseException as error:  # noqa: BLE001 - the point of a fuzz target
        if isinstance(error, KeyboardInterrupt):
            raise
        return f"{type(error).__name__}: {str(error)[:200]}"
    finally:
        if own:
            shutil.rmtree(workdir, ignore_errors=True)
    return None
