"""Hostile scenarios of issue 9, round three: whole-project situations a user produces by hand, run through the
command line as a user would (in-process, `lawtools.cli.main`), shared by tests/test_reliability_hostile.py (a
sample) and tests/benchmarks/fuzz_campaign.py (the full seeded campaign, `--classes`).

Each class is a generator: `make(rng, project) -> Case`, which damages a scratch copy of the real corpus (or
makes a source file, a working directory, a file-system fault) and names the commands to run. `run_scenario`
runs them and returns what went wrong, if anything:

- a traceback: an exception other than a LawtoolsError reaching the CLI's last line of defence (exit 3), or
  any exception escaping `main`;
- a hang: a command still running after the time limit;
- an unclear failure: a non-zero exit whose stderr is not `lawtools: ...` lines;
- a silent guess: a command that succeeds on a hand-edited record without a word about it, or a source read
  in the wrong encoding without a word;
- a lost file: a file outside the scratch directory, or one the scenario says must survive, is gone.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from fuzz_support import Hang, mutate, time_limit

ROOT = Path(__file__).resolve().parent.parent
NB2007 = ROOT.parent / "shared" / "editions" / "nb-2007.txt"
CLEAN_EXITS = (0, 1, 2, 130)


@dataclass
class Case:
    """One hostile scenario: the commands to run in `cwd`, and what must hold afterwards."""

    commands: list[list[str]]
    cwd: Path
    keep: list[Path] = field(default_factory=list)  # files that must still exist afterwards
    edited: bool = False  # a record was edited by hand: success needs a warning
    expect_words: tuple[str, ...] = ()  # a source in another encoding: ingest must read these words, or refuse
    expect_in: str = "nb-2031"  # the edition whose records must hold them
    fault: Callable[[], contextlib.AbstractContextManager] | None = None  # e.g. a read-only build/, package data
    env: dict[str, str] = field(default_factory=dict)


def scratch_project(where: Path) -> Path:
    """A copy of the real corpus (records, sources, concordance, termbase, site settings) under where/."""
    if not (where / "corpus").exists():
        shutil.copytree(ROOT / "corpus", where / "corpus", symlinks=True,
                        ignore=shutil.ignore_patterns(".lawtools.lock"))
    return where


# ---------------------------------------------------------------------------------------------- structured edits

HOSTILE_VALUES = [None, True, 0, -1, 10**30, 1.5, float("inf"), "", " ", "\x00", "x" * 5000, "../../etc/passwd",
                  "§ 64", "64B", "nb-2007:64B", [], {}, [None], {"a": None}, [[[[[]]]]], "\ud800"]


def _hostile(rng: random.Random):
    value = rng.choice(HOSTILE_VALUES)
    if rng.random() < 0.1:  # deep nesting
        for _ in range(rng.choice((50, 500, 5000))):
            value = [value]
    return value


def edit_structure(data, rng: random.Random, edits: int | None = None):
    """Random structural edits of parsed JSON/YAML data: replace, delete, duplicate or retype a value."""
    for _ in range(edits or rng.randint(1, 3)):
        holders: list = []
        _holders(data, holders)
        if not holders:
            return _hostile(rng)
        holder, key = rng.choice(holders)
        action = rng.randrange(5)
        if action == 0:
            holder[key] = _hostile(rng)
        elif action == 1:
            del holder[key]
        elif action == 2 and isinstance(holder, list):
            holder.insert(key, json.loads(json.dumps(holder[key], default=str)) if _plain(holder[key]) else None)
        elif action == 3 and isinstance(holder[key], str):
            holder[key] = holder[key] * rng.randint(2, 50) if rng.random() < 0.5 else holder[key][::-1]
        elif action == 4 and isinstance(holder, dict):
            holder[f"{key}\u0301"] = holder.pop(key)  # a key that looks the same, and is not
        else:
            holder[key] = str(holder[key])
    return data


def _holders(node, found: list, depth: int = 0) -> None:
    """(container, key) for every value in parsed data, down to a depth of 12."""
    if depth > 12:
        return
    if isinstance(node, dict):
        found.extend((node, k) for k in list(node))
        for v in node.values():
            _holders(v, found, depth + 1)
    elif isinstance(node, list):
        found.extend((node, i) for i in range(len(node)))
        for v in node:
            _holders(v, found, depth + 1)


def _plain(value) -> bool:
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError, RecursionError):
        return False


def _dump_json(data) -> bytes:
    try:
        return json.dumps(data, ensure_ascii=False, indent=2).encode("utf-8", "surrogatepass")
    except (RecursionError, ValueError):
        return b"[" * 100_000


def _dump_yaml(data) -> bytes:
    try:
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False).encode("utf-8", "surrogatepass")
    except (RecursionError, yaml.YAMLError, ValueError):
        return b"- " * 50_000


def _damage_bytes(original: bytes, rng: random.Random) -> bytes:
    return mutate(original, rng)


# ---------------------------------------------------------------------------------------------- the classes

def overrides(rng: random.Random, work: Path) -> Case:
    """corpus/concordance/overrides.yaml edited by hand: structurally or byte by byte, then listed and checked."""
    project = scratch_project(work)
    path = project / "corpus" / "concordance" / "overrides.yaml"
    original = path.read_bytes()
    data = yaml.safe_load(original) or {}
    if rng.random() < 0.5:
        if not isinstance(data, dict) or not data.get("overrides"):
            data = {"overrides": [{"from": "sv-2007:64B", "to": "nl-2017:64B", "relation": "same", "reason": "x"}]}
        path.write_bytes(_dump_yaml(edit_structure(data, rng)))
    else:
        path.write_bytes(_damage_bytes(original, rng))
    return Case([["concordance", "--law", "64", "--json"], ["concordance", "--check"],
                 ["export", "tmx", "--source", "sv-2007", "--target", "nl-2017", "-o", str(work / "out.tmx")]],
                project)


def pair_file(rng: random.Random, work: Path) -> Case:
    """A stored concordance pair file edited by hand, then read by the listing, show and TMX export."""
    project = scratch_project(work)
    path = rng.choice(sorted((project / "corpus" / "concordance").glob("*_*.yaml")))
    original = path.read_bytes()
    if rng.random() < 0.5:
        path.write_bytes(_dump_yaml(edit_structure(yaml.safe_load(original), rng)))
    else:
        path.write_bytes(_damage_bytes(original, rng))
    a, b = path.stem.split("_")
    return Case([["concordance", "--edition", a, "--json"], ["show", "64", "--json"],
                 ["export", "tmx", "--source", a, "--target", b, "-o", str(work / "out.tmx")]], project)


def site_yaml(rng: random.Random, work: Path) -> Case:
    """corpus/site.yaml edited by hand, read as the site build reads it (the settings, then the pages' plan)."""
    project = scratch_project(work)
    path = project / "corpus" / "site.yaml"
    original = path.read_bytes()
    if rng.random() < 0.6:
        path.write_bytes(_dump_yaml(edit_structure(yaml.safe_load(original), rng)))
    else:
        path.write_bytes(_damage_bytes(original, rng))
    return Case([["_settings"]], project)


def terms_edit(rng: random.Random, work: Path) -> Case:
    """corpus/terms.yaml edited structurally (a concept without terms, a term that is a list, ...), then used."""
    project = scratch_project(work)
    path = project / "corpus" / "terms.yaml"
    path.write_bytes(_dump_yaml(edit_structure(yaml.safe_load(path.read_bytes()), rng, rng.randint(1, 6))))
    return Case([["diff", "64", "--json"], ["export", "tbx", "-o", str(work / "out.tbx")], ["_termbase"]], project)


def record_edit(rng: random.Random, work: Path) -> Case:
    """A record of nb-2007 edited by hand (still JSON): every command must refuse it or say it was edited."""
    project = scratch_project(work)
    records = sorted((project / "corpus" / "records" / "nb-2007").glob("*.json"))
    path = rng.choice([p for p in records if p.stem.isdigit()])
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_bytes(_dump_json(edit_structure(data, rng)))
    law = path.stem
    return Case([["show", law, "--edition", "nb-2007", "--json"], ["diff", law, "--json"], ["align", "--json"]],
                project, edited=True)


def symlinks(rng: random.Random, work: Path) -> Case:
    """Symlinks inside corpus/: to /dev/zero, to a directory, in a loop, dangling, or out of the project."""
    project = scratch_project(work)
    corpus = project / "corpus"
    outside = work / "outside.txt"
    outside.write_text("a file of the user's, outside the project\n", encoding="utf-8")
    candidates = [corpus / "records" / "nb-2007" / "64.json", corpus / "records" / "nb-2007" / "edition.json",
                  corpus / "records" / "nb-2007", corpus / "sources" / "nb-2007.txt", corpus / "terms.yaml",
                  corpus / "concordance" / "sv-2007_nl-2017.yaml", corpus / "concordance", corpus / "site.yaml",
                  corpus / "records" / "stamp.json", corpus / "check-baseline.yaml"]
    victim = rng.choice(candidates)
    kind = rng.choice(["dev-zero", "loop", "dangling", "outside", "directory", "to-records"])
    if victim.is_dir() and not victim.is_symlink():
        shutil.rmtree(victim)
    elif victim.exists() or victim.is_symlink():
        victim.unlink()
    target = {"dev-zero": Path("/dev/zero"), "loop": victim, "dangling": work / "missing",
              "outside": outside, "directory": corpus / "records",
              "to-records": corpus / "records" / "sv-2007"}[kind]
    victim.symlink_to(target)
    commands = [["show", "64", "--json"], ["ingest", "--check"], ["concordance", "--check"],
                ["export", "tbx", "-o", str(work / "out.tbx")]]
    return Case(commands, project, keep=[outside])


def no_corpus(rng: random.Random, work: Path) -> Case:
    """A working directory with no corpus above it (and maybe a stray file named like one)."""
    work.mkdir(parents=True, exist_ok=True)
    stray = rng.choice([None, "corpus", "editions.yaml", "mkdocs.yml", "build"])
    keep = []
    if stray:
        (work / stray).write_text("not a lawtools file\n", encoding="utf-8")
        keep.append(work / stray)
    commands = [["show", "64"], ["search", "revoke"], ["ingest"], ["ingest", "--check"], ["check"], ["align"],
                ["diff", "64"], ["concordance"], ["concordance", "--update", "--no-encoder"], ["index"],
                ["export", "tbx"], ["rules", "drift"], ["site", "build", "-q"], ["build", "-q"]]
    return Case(rng.sample(commands, 5), work, keep=keep, env={"HOME": str(work)})


def _source_text(rng: random.Random) -> str:
    text = NB2007.read_text(encoding="utf-8")
    lines = text.splitlines()
    start = rng.randrange(0, max(1, len(lines) - 60))
    return "\n".join(lines[start:start + rng.randint(20, 120)]) + "\n"


def sources(rng: random.Random, work: Path) -> Case:
    """A new edition's source: very long lines, binary junk, CRLF, BOM, UTF-16 (with and without BOM), NULs."""
    work.mkdir(parents=True, exist_ok=True)
    project = scratch_project(work)
    text = _source_text(rng)
    kind = rng.choice(["long-line", "binary", "crlf", "bom", "utf-16", "utf-16-le-nobom", "utf-16-be", "nul",
                       "latin-1", "cr-only", "mixed"])
    expect: tuple[str, ...] = ()
    words = [w for w in text.split() if len(w) > 4 and w.isalpha()][:3]
    if kind == "long-line":
        data = (text.replace("\n", " ") * rng.randint(1, 30)).encode("utf-8")
    elif kind == "binary":
        data = bytes(rng.randrange(256) for _ in range(rng.randint(1, 200_000)))
    elif kind == "crlf":
        data, expect = text.replace("\n", "\r\n").encode("utf-8"), tuple(words)
    elif kind == "bom":
        data, expect = b"\xef\xbb\xbf" + text.encode("utf-8"), tuple(words)
    elif kind == "utf-16":
        data, expect = text.encode("utf-16"), tuple(words)
    elif kind == "utf-16-le-nobom":
        data, expect = text.encode("utf-16-le"), tuple(words)
    elif kind == "utf-16-be":
        data, expect = text.encode("utf-16"), tuple(words)
        data = b"\xfe\xff" + text.encode("utf-16-be")
    elif kind == "nul":
        data = text.encode("utf-8").replace(b" ", b"\x00", rng.randint(1, 50))
    elif kind == "latin-1":
        data, expect = text.encode("latin-1", "replace"), tuple(w for w in words if w.isascii() or True)
    elif kind == "cr-only":
        data, expect = text.replace("\n", "\r").encode("utf-8"), tuple(words)
    else:
        data = text.encode("utf-8")[: len(text) // 2] + text.encode("utf-16")[len(text):]
    if rng.random() < 0.5:  # an existing edition's source replaced by it, then ingested
        (project / "corpus" / "sources" / "nb-2007.txt").write_bytes(data)
        return Case([["ingest"], ["show", "5", "--edition", "nb-2007"]], project, expect_words=expect,
                    expect_in="nb-2007")
    source = work / f"source-{kind}.txt"
    source.write_bytes(data)
    return Case([["edition", "add", str(source), "--id", "nb-2031", "--language", "nb", "--year", "2017"]],
                project, keep=[source], expect_words=expect)


def _read_only(prefix: Path):
    """File-system writes under prefix fail with EROFS (a read-only build/): root ignores chmod, so a fault."""
    prefix_text = str(prefix)
    names = ("open", "mkdir", "rename", "replace", "unlink", "rmdir")

    @contextlib.contextmanager
    def fault():
        originals = {name: getattr(os, name) for name in names}

        def guard(name):
            original = originals[name]

            def patched(path, *args, **kwargs):
                writing = name != "open" or (args and args[0] & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
                if writing and os.fspath(path).startswith(prefix_text) if isinstance(path, (str, Path)) else False:
                    raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fspath(path))
                return original(path, *args, **kwargs)

            return patched

        for name in names:
            setattr(os, name, guard(name))
        real_open = io.open

        def guarded_open(file, mode="r", *args, **kwargs):
            if isinstance(file, (str, Path)) and any(c in mode for c in "wax+") and \
                    os.fspath(file).startswith(prefix_text):
                raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fspath(file))
            return real_open(file, mode, *args, **kwargs)

        import builtins

        builtins.open = guarded_open
        try:
            yield
        finally:
            builtins.open = real_open
            for name, original in originals.items():
                setattr(os, name, original)

    return fault


def read_only_build(rng: random.Random, work: Path) -> Case:
    """build/ (index, caches, site) cannot be written: searches, index, site and build say so or cope."""
    project = scratch_project(work)
    if rng.random() < 0.5:  # an index already there (stale or current) under the read-only build/
        (project / "build" / "index").mkdir(parents=True)
        (project / "build" / "index" / "meta.json").write_text('{"version": 0}', encoding="utf-8")
    commands = [["search", "revoke", "--json"], ["index"], ["show", "64"],
                ["export", "tbx", "-o", str(project / "build" / "out.tbx")]]
    return Case(rng.sample(commands, 3), project, fault=_read_only(project / "build"),
                env={"LAWTOOLS_INDEX_DIR": ""})


def _package_data(directory: Path):
    """lawtools' package data read from `directory` (a copy with one file damaged) instead of lawtools/data."""

    @contextlib.contextmanager
    def fault():
        import types

        from lawtools import yamlio

        real = yamlio.resources
        yamlio.resources = types.SimpleNamespace(files=lambda package: directory)
        yamlio.package_data.cache_clear()
        try:
            yield
        finally:
            yamlio.resources = real
            yamlio.package_data.cache_clear()

    return fault


def check_yaml(rng: random.Random, work: Path) -> Case:
    """lawtools/data/check.yaml edited by a maintainer (a copy of the package data), then `check` runs."""
    project = scratch_project(work)
    data = work / "data"
    shutil.copytree(ROOT / "lawtools" / "data", data)
    path = data / "check.yaml"
    original = path.read_bytes()
    if rng.random() < 0.6:
        path.write_bytes(_dump_yaml(edit_structure(yaml.safe_load(original), rng)))
    else:
        path.write_bytes(_damage_bytes(original, rng))
    edition = rng.choice(["nb-2007", "sv-2007", "de-1997"])
    return Case([["check", "--edition", edition, "--json"]], project, fault=_package_data(data))


def manifest_later(rng: random.Random, work: Path) -> Case:
    """corpus/editions.yaml edited by hand (an edition's values retyped, deleted, doubled), then ingest and the
    commands that read what ingest accepted (show, search, diff, align, check, the site's settings): a value
    accepted at ingest must not fail later (the issue's `language: xx`, `title: null`)."""
    project = scratch_project(work)
    path = project / "corpus" / "editions.yaml"
    data = yaml.safe_load(path.read_bytes())
    entry = rng.choice(data["editions"])
    edit_structure(entry, rng, rng.randint(1, 3))  # one edition's values, keeping the rest whole
    path.write_bytes(_dump_yaml(data))
    # (search is left out: with records that changed it first builds its index, vectors and all, for minutes)
    later = [["show", "64", "--json"], ["diff", "64", "--json"], ["align", "--json"],
             ["check", "--edition", "nb-2007", "--json"], ["export", "tbx", "-o", str(work / "out.tbx")],
             ["_settings"], ["concordance", "--check"]]
    return Case([["ingest"], *rng.sample(later, 3)], project, env={"LAWTOOLS_INDEX_DIR": ""})


def index_dir(rng: random.Random, work: Path) -> Case:
    """LAWTOOLS_INDEX_DIR at a path lawtools did not make: an existing file, a directory of the user's, a path under
    a file, a symlink to one or to nothing: search and index refuse it or use it, and delete nothing."""
    project = scratch_project(work)
    kind = rng.choice(["file", "foreign-dir", "under-file", "symlink-to-dir", "dangling-symlink"])
    mine = work / "users"
    keep = []
    if kind in ("file", "under-file"):
        mine.write_text("the user's notes\n", encoding="utf-8")
        keep.append(mine)
    elif kind in ("foreign-dir", "symlink-to-dir"):
        mine.mkdir()
        (mine / "thesis.txt").write_text("the user's thesis\n", encoding="utf-8")
        keep.append(mine / "thesis.txt")
    target = {"under-file": mine / "index", "symlink-to-dir": work / "link", "dangling-symlink": work / "link"}.get(
        kind, mine)
    if kind == "symlink-to-dir":
        target.symlink_to(mine)
    elif kind == "dangling-symlink":
        target.symlink_to(work / "nowhere")
    commands = [["search", "revoke", "--json"], ["index"], ["index", "--force"], ["search", "lag 64"]]
    return Case(rng.sample(commands, 2), project, keep=keep, env={"LAWTOOLS_INDEX_DIR": str(target)})


# Each shipped data file, and commands that read it (the checks, the diffs, citations, search's analysis, the site's
# titles, the concordance's parameters, the rules' tables).
DATA_READERS = {
    "check.yaml": [["check", "--edition", "nb-2007", "--json"]],
    "languages.yaml": [["check", "--edition", "sv-2007", "--json"], ["show", "lag 64"]],
    "citations.yaml": [["show", "§ 64 B 3"], ["search", "lag 64", "--json"]],
    "numbers.yaml": [["diff", "64"], ["check", "--edition", "de-1997", "--json"]],
    "concepts.yaml": [["diff", "61"]],
    "inflection.yaml": [["diff", "45"], ["export", "tbx", "-o", "{project}/out.tbx"]],
    "law_titles_en.yaml": [["search", "revoke", "--json"]],
    "search.yaml": [["search", "straffkort", "--json"]],
    "stopwords.yaml": [["search", "och det är", "--json"]],
    "concordance.yaml": [["concordance", "--update", "--no-encoder"]],
    "rules_absent.yaml": [["rules", "list"]],
    "rules_law2.yaml": [["rules", "list"], ["rules", "drift"]],
}


def package_data_file(rng: random.Random, work: Path) -> Case:
    """Any shipped data file (lawtools/data/*.yaml, a copy) edited by a maintainer or damaged, then a command that
    reads it runs: a clear refusal naming the file, or a result, never a traceback."""
    project = scratch_project(work)
    data = work / "data"
    shutil.copytree(ROOT / "lawtools" / "data", data)
    name = rng.choice(sorted(DATA_READERS))
    path = data / name
    original = path.read_bytes()
    if rng.random() < 0.7:
        path.write_bytes(_dump_yaml(edit_structure(yaml.safe_load(original), rng)))
    else:
        path.write_bytes(_damage_bytes(original, rng))
    commands = [[part.replace("{project}", str(project)) for part in argv] for argv in DATA_READERS[name]]
    command = rng.choice(commands)
    if command[0] == "search":  # a search needs the index: a built one ($LAWTOOLS_FUZZ_INDEX), not minutes of its own
        if os.environ.get("LAWTOOLS_FUZZ_INDEX"):
            shutil.copytree(_index_template(), project / "build" / "index", symlinks=True)
        else:
            command = ["show", "64B3", "--json"]
    return Case([command], project, fault=_package_data(data), env={"LAWTOOLS_INDEX_DIR": ""})


_INDEX_TEMPLATE: dict[str, Path] = {}


def _index_template() -> Path:
    """A built search index of the real corpus, made once per process ($LAWTOOLS_FUZZ_INDEX: one built before)."""
    given = os.environ.get("LAWTOOLS_FUZZ_INDEX")
    if given:
        return Path(given)
    if "index" not in _INDEX_TEMPLATE:
        import tempfile

        where = scratch_project(Path(tempfile.mkdtemp(prefix="fuzz-index-template-")))
        code, _, err = run_command(["index"], where, 3600)
        assert code == 0, err
        _INDEX_TEMPLATE["index"] = where / "build" / "index"
    return _INDEX_TEMPLATE["index"]


def index_files(rng: random.Random, work: Path) -> Case:
    """One file of a built search index damaged (flipped bits, cut short, JSON edited, emptied), then two searches
    and a `show`: each answers (from a rebuilt index, or without it) or refuses clearly, the second as well."""
    project = scratch_project(work)
    shutil.copytree(_index_template(), project / "build" / "index", symlinks=True)
    files = sorted(p for p in (project / "build" / "index").rglob("*") if p.is_file() and p.name != ".lawtools-owned")
    path = rng.choice(files)
    original = path.read_bytes()
    roll = rng.random()
    if roll < 0.3 and path.suffix == ".json":
        try:
            path.write_bytes(_dump_json(edit_structure(json.loads(original), rng)))
        except ValueError:
            path.write_bytes(_damage_bytes(original, rng))
    elif roll < 0.45:
        path.write_bytes(original[:rng.randrange(max(len(original), 1))])
    elif roll < 0.5:
        path.write_bytes(b"")
    else:
        path.write_bytes(_damage_bytes(original, rng))
    query = rng.choice(["revoke", "straffkort", "lag 64", "Revoke after the trick", "§ 45 C 4 b)"])
    return Case([["search", query, "--json"], ["search", query, "--limit", "3"], ["show", "64B3"]], project,
                env={"LAWTOOLS_INDEX_DIR": ""})


CLASSES: dict[str, Callable[[random.Random, Path], Case]] = {
    "overrides": overrides, "pair-file": pair_file, "site-yaml": site_yaml, "terms-edit": terms_edit,
    "record-edit": record_edit, "symlinks": symlinks, "no-corpus": no_corpus, "sources": sources,
    "read-only-build": read_only_build, "check-yaml": check_yaml, "package-data": package_data_file,
    "index-files": index_files, "manifest-later": manifest_later, "index-dir": index_dir,
}


# ---------------------------------------------------------------------------------------------- running a case

def _library(command: str, cwd: Path) -> tuple[int, str]:
    """Library entry points with no command of their own (the site settings, the termbase as the site reads it)."""
    from lawtools.errors import LawtoolsError

    try:
        if command == "_settings":
            from lawtools.site.settings import load_settings

            load_settings(cwd / "corpus")
        else:
            from lawtools.corpus_terms import termbase_for

            termbase_for(cwd / "corpus")
    except LawtoolsError as error:
        return 2, f"lawtools: {error}\n"
    return 0, ""


def run_command(argv: list[str], cwd: Path, seconds: float) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `lawtools ARGV` run in-process in cwd."""
    from lawtools.cli import main

    out, err = io.StringIO(), io.StringIO()
    previous = Path.cwd()
    os.chdir(cwd)
    try:
        with time_limit(seconds), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            if argv[0].startswith("_"):
                code, text = _library(argv[0], cwd)
                err.write(text)
            else:
                code = main(argv)
    finally:
        os.chdir(previous)
    return code, out.getvalue(), err.getvalue()


def run_scenario(case: Case, seconds: float = 60) -> list[str]:
    """What went wrong running the case's commands (empty: every command worked or refused clearly)."""
    problems = []
    saved = {k: os.environ.get(k) for k in case.env}
    os.environ.update(case.env)
    for key, value in case.env.items():
        if value == "":
            os.environ.pop(key, None)
    try:
        for argv in case.commands:
            label = " ".join(argv)[:60]
            try:
                with (case.fault() if case.fault else contextlib.nullcontext()):
                    code, out, err = run_command(argv, case.cwd, seconds)
            except Hang as error:
                problems.append(f"hang: {label}: {error}")
                continue
            except BaseException as error:  # noqa: BLE001 - what escaped main is the finding
                if isinstance(error, KeyboardInterrupt):
                    raise
                problems.append(f"traceback: {label}: {type(error).__name__}: {str(error)[:160]}")
                continue
            if "internal error (Hang: " in err:  # the time limit fired inside main, whose catch-all reported it
                problems.append(f"hang: {label}: {err.strip()[-240:]}")
            elif code == 3 or "Traceback" in err:
                problems.append(f"traceback: {label}: {err.strip()[-240:]}")
            elif code not in CLEAN_EXITS:
                problems.append(f"unclear: {label}: exit {code}: {err.strip()[-200:]}")
            elif code == 2 and not _clear(err):
                problems.append(f"unclear: {label}: exit 2 without a lawtools: line ({err.strip()[-200:]!r})")
            elif code == 0 and case.edited and argv[0] in ("show", "diff", "align") and not _warned_about_records(err):
                problems.append(f"silent: {label}: a hand-edited record was used without a warning")
            elif code == 0 and case.expect_words and (argv[:2] == ["edition", "add"] or argv == ["ingest"]):
                problems += _check_words(case)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    problems += [f"lost: {path}" for path in case.keep if not path.exists() and not path.is_symlink()]
    return problems


def _warned_about_records(err: str) -> bool:
    """A warning line that names the records (not some other warning, e.g. a stale concordance)."""
    return any(line.startswith("lawtools: ") and "records" in line and ("nb-2007" in line or "ingest" in line)
               for line in err.splitlines())


def _clear(err: str) -> bool:
    """stderr of a refusal: `lawtools: ...` lines, each maybe followed by an indented excerpt of the source."""
    lines = [line for line in err.splitlines() if line.strip()]
    return bool(lines) and all(line.startswith(("lawtools: ", "    ")) for line in lines) and \
        any(line.startswith("lawtools: ") and "warning:" not in line for line in lines)


def _check_words(case: Case) -> list[str]:
    """A source in another encoding, ingested: its words are in the records, or the guess was wrong."""
    records = case.cwd / "corpus" / "records" / case.expect_in
    text = " ".join(p.read_text(encoding="utf-8") for p in records.glob("*.json")) if records.is_dir() else ""
    missing = [w for w in case.expect_words if w not in text]
    return [f"silent: {case.expect_in}'s source was read wrongly (missing {missing})"] if missing else []
