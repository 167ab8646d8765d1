"""Shared pieces of the reliability tests: a small project in the test layout, snapshots, leftovers, subprocess runs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KILL = Path(__file__).resolve().parent / "kill_support.py"

OLD = {
    "sv-1001": "LAW 1 FIRST\nIntro.\nA. Section\nText of A, see lag 1B.\nB. Other\nText of B.\nLAW 2 SECOND\nOnly.\n",
    "sv-1002": "LAW 3 THIRD\nA. One\nText one.\n",
}
NEW = {
    "sv-1001": "LAW 1 FIRST\nIntro changed.\nA. Section\nText of A.\nLAW 2 SECOND\nOnly now.\nLAW 4 FOURTH\nNew.\n",
    "sv-1002": "LAW 3 THIRD\nA. One\nText one, changed.\nB. Two\nMore.\n",
}
# Two editions in two languages sharing laws 1 and 2: the concordance, TMX export and diffs have work to do.
SHARED_OLD = {
    "sv-1001": OLD["sv-1001"],
    "nb-1001": "LAW 1 FØRSTE\nInnledning.\nA. Del\nTekst av A, se lov 1B.\nB. Annen\nTekst av B.\nLAW 2 ANDRE\nBare.\n",
}
SHARED_NEW = {
    "sv-1001": NEW["sv-1001"],
    "nb-1001": "LAW 1 FØRSTE\nInnledning endret.\nA. Del\nTekst av A.\nLAW 2 ANDRE\nBare nå.\nLAW 4 FJERDE\nNy.\n",
}
ALLOWED_IN_CORPUS = {"editions.yaml", "sources", "records", ".lawtools.lock", "terms.yaml", "concordance",
                     "site.yaml", "check-baseline.yaml"}


def make_project(root: Path, sources: dict[str, str] = OLD, laws: str = "1-93") -> Path:
    """A project under `root` with one 'mini'-layout edition per source (its laws `laws`); returns root."""
    corpus = root / "corpus"
    (corpus / "sources").mkdir(parents=True, exist_ok=True)
    from mini_reader import manifest_entry  # tests/fixtures, on the path once conftest has run

    entries = []
    for edition, text in sources.items():
        (corpus / "sources" / f"{edition}.txt").write_text(text, encoding="utf-8")
        entries.append(manifest_entry(edition, edition.split("-")[0], laws))
    (corpus / "editions.yaml").write_text("editions:\n" + "".join(entries), encoding="utf-8")
    return root


def set_sources(root: Path, sources: dict[str, str]) -> None:
    """Replace the project's source texts."""
    for edition, text in sources.items():
        (root / "corpus" / "sources" / f"{edition}.txt").write_text(text, encoding="utf-8")


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file under `directory` (relative path -> bytes); {} when it does not exist."""
    if not directory.exists():
        return {}
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def leftovers(root: Path) -> list[str]:
    """Staging directories, temporary files or other debris lawtools left in the project."""
    corpus = root / "corpus"
    found = [name for name in os.listdir(corpus) if name not in ALLOWED_IN_CORPUS]
    records = corpus / "records"
    if records.is_dir():
        found += [f"records/{p.relative_to(records)}" for p in records.rglob(".*") if p.name != ".lawtools-owned"]
    for directory in (root, root / "build", corpus / "concordance", *(root.glob("*.d"))):
        if directory.is_dir():
            found += [str(p.relative_to(root)) for p in directory.iterdir() if ".tmp-" in p.name or
                      ".staging-" in p.name or ".old-" in p.name]
    return sorted(found)


def env() -> dict[str, str]:
    """The environment for a lawtools subprocess running this checkout."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    environment.pop("LAWTOOLS_INDEX_DIR", None)
    return environment


SERVER = None  # a fork_server.ForkServer: when set, runs fork from its imported process instead of starting Python


def run_faulty(root: Path, mode: str, target: int, *command: str, ops_file: Path | None = None,
               timeout: float = 120, extra_env: dict | None = None) -> subprocess.CompletedProcess:
    """Run `lawtools COMMAND` in `root` with a fault at file-system operation `target` (see kill_support)."""
    environment = {**env(), **(extra_env or {})}
    if ops_file is not None:
        environment["LAWTOOLS_OPS_FILE"] = str(ops_file)
    if SERVER is not None and "PYTHONPATH" not in (extra_env or {}):  # (a copy of the package needs its own Python)
        done = SERVER.run(root, mode, target, list(command), env=environment, timeout=timeout)
        if done.returncode == -999:
            raise subprocess.TimeoutExpired(command, timeout, done.stdout, done.stderr)
        return done
    return subprocess.run([sys.executable, str(KILL), mode, str(target), *command], cwd=root, env=environment,
                          capture_output=True, text=True, timeout=timeout)


def run(root: Path, *command: str, timeout: float = 120, extra_env: dict | None = None) -> subprocess.CompletedProcess:
    """Run `lawtools COMMAND` in `root` (the test layout registered) with no fault."""
    return run_faulty(root, "none", 0, *command, timeout=timeout, extra_env=extra_env)


def state_key(root: Path) -> str:
    """A digest of every path and file under root (names, kinds, bytes): two projects a kill left alike have one.

    The process-and-random part of a staging or temporary name (`.site.staging-4711-x1y2`) is left out: every
    killed run has its own pid, and the next run treats any dead process's debris alike."""
    import hashlib
    import re

    digest = hashlib.blake2b(digest_size=16)
    for path in sorted(root.rglob("*")):
        name = re.sub(r"((?:staging|tmp|old|building)-)[^/]*", r"\1*", str(path.relative_to(root)))
        digest.update(name.encode("utf-8", "surrogateescape") + b"\0")
        if path.is_symlink():
            digest.update(b"L" + os.readlink(path).encode("utf-8", "surrogateescape"))
        elif path.is_file():
            digest.update(b"F" + hashlib.blake2b(path.read_bytes(), digest_size=16).digest())
        else:
            digest.update(b"D")
    return digest.hexdigest()


def copy_project(source: Path, target: Path) -> Path:
    """A copy of a project directory (records and all)."""
    shutil.copytree(source, target, symlinks=True)
    return target


def make_site_project(root: Path, sources: dict[str, str] = OLD, laws: str = "1-93") -> Path:
    """A 'mini' project that `lawtools site build` and `lawtools build` run in: the sources, the site pages and a
    mkdocs.yml (this checkout's, its hook named by absolute path; output in build/site, caches in build/cache)."""
    from site_support import write_mkdocs_config

    make_project(root, sources, laws)
    shutil.copy2(ROOT / "tests" / "fixtures" / "site_corpus" / "terms.yaml", root / "corpus" / "terms.yaml")
    shutil.copytree(ROOT / "site", root / "site")
    write_mkdocs_config(root)
    return root


def build_leftovers(root: Path) -> list[str]:
    """Debris under build/ (staging trees, temporary files, markers of trees that are gone) at any depth."""
    build = root / "build"
    if not build.is_dir():
        return []
    found = []
    for path in build.rglob("*"):
        name = path.name
        if ".tmp-" in name or ".staging-" in name or ".old-" in name or name.endswith(".partial"):
            found.append(str(path.relative_to(root)))
        elif name.startswith(".") and name.endswith(".lawtools-owned") and name != ".lawtools-owned":
            if not (path.parent / name[1:-len(".lawtools-owned")]).exists():
                found.append(str(path.relative_to(root)))
    return sorted(found)
