"""A cache for the slow analyses (diffs, checks) between builds, each entry keyed by what it depends on.

The consistency findings are keyed by every record, the termbase, the check baseline and the code of the
checks; each law's diff by that law's records in every edition (with their languages and years), the termbase
and the diff code. So a changed record recomputes the findings and the diffs of its own law only, and nothing
is ever stale. `lawtools build` computes both in its own stages and the site reads them from here: each is
computed once per build. Diffs are kept one file per law (`diffs/<law>-<key>.json`), read one at a time.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import WriteError
from ..fsutil import atomic_write_text, clean_stale
from ..pipeline.fingerprint import Hasher, code, combine
from ..records import Corpus

_LINK_LAWS = re.compile(r'"(?:from|to)": "(\d+)')  # the law of each end of a stored link line


def cached(directory: Path | None, key: str, name: str, compute: Callable[[], Any]) -> Any:
    """compute() once per key: stored as JSON under directory (no caching when directory is None)."""
    if directory is None:
        return compute()
    found = load(directory, key, name)
    if found is not None:
        return found
    value = compute()
    try:
        store(directory, key, name, value)
    except (OSError, WriteError):  # a read-only or full disk costs the cache, not the build
        pass
    return value


def load(directory: Path, key: str, name: str) -> Any:
    """The stored entry for key, or None when there is none (or it is damaged: a build killed mid-write)."""
    path = directory / f"{name}-{key}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None


def store(directory: Path, key: str, name: str, value: Any) -> None:
    """Keep value as the entry for key, replacing older ones (a caller that computed it already can seed it)."""
    path = directory / f"{name}-{key}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.glob(f"{Path(name).name}-*.json"):
        if old != path:
            old.unlink(missing_ok=True)
    clean_stale(path.parent)  # temporary files of a build killed while writing another key
    atomic_write_text(path, json.dumps(value, ensure_ascii=False))  # whole or not at all


def record_files(corpus: Corpus) -> list[Path]:
    """Every record file of the corpus's editions (the manifest's, in its order)."""
    return [path for edition in corpus.manifest.ids() for path in sorted((corpus.root / edition).glob("*.json"))]


@dataclass
class Analyses:
    """The diffs and findings of one corpus, each computed at most once per key and kept under directory."""

    corpus: Corpus
    directory: Path | None
    hasher: Hasher = field(default_factory=Hasher)
    computed: dict[str, int] = field(default_factory=lambda: {"diffs": 0, "findings": 0})
    records: str = ""  # the records' hash when the caller has it (`lawtools build` computes it once)
    code_of: Callable[[str], str] | None = None  # likewise a stage's code fingerprint

    def _termbase_hash(self) -> str:
        return self.hasher.file(self.corpus.manifest.corpus_dir / "terms.yaml")

    def records_hash(self) -> str:
        """One hash of every record file of the corpus."""
        if not self.records:
            self.records = self.hasher.files(record_files(self.corpus), self.corpus.root)
        return self.records

    def _code(self, stage: str) -> str:
        return self.code_of(stage) if self.code_of else code(stage, self.hasher)

    def findings_inputs(self) -> dict[str, str]:
        """What the consistency findings depend on: every record, the termbase, the baseline, the checks' code,
        and the stored concordance (the checks compare a provision with its counterparts through it)."""
        corpus_dir = self.corpus.manifest.corpus_dir
        return {"records": self.records_hash(), "termbase": self._termbase_hash(),
                "baseline": self.hasher.file(corpus_dir / "check-baseline.yaml"), "code": self._code("checks"),
                "concordance": self.hasher.tree(corpus_dir / "concordance")}

    def findings_key(self) -> str:
        """The key of the consistency findings (see findings_inputs)."""
        return combine(self.findings_inputs())

    def findings_cached(self) -> bool:
        """True when the findings for the current key are stored."""
        return self.directory is not None and load(self.directory, self.findings_key(), "findings") is not None

    def diff_laws(self) -> list[str]:
        """Laws in more than one edition: the ones that have a diff."""
        counts: dict[str, int] = {}
        for info in self.corpus.edition_info.values():
            for law in info["laws"]:
                counts[law] = counts.get(law, 0) + 1
        return [law for law in self.corpus.laws() if counts.get(law, 0) > 1]

    def diff_inputs(self) -> dict[str, str]:
        """What every diff depends on besides its law's records and links: the termbase and the diff code."""
        return {"termbase": self._termbase_hash(), "code": self._code("diffs")}

    def _links_by_law(self) -> dict[str, str]:
        """law -> a hash of the stored concordance links that touch it (one link a line in each pair file), so
        a recomputed pair invalidates the diffs of the laws whose links changed, not every law's."""
        directory = self.corpus.manifest.corpus_dir / "concordance"
        found: dict[str, list[str]] = {}
        for path in sorted(directory.glob("*.yaml")) if directory.is_dir() else ():
            try:
                text = path.read_text(encoding="utf-8")
            except OSError:
                continue
            pair = "_" in path.stem  # a pair file; overrides.yaml touches every law
            for line in text.splitlines():
                if pair and not line.startswith("  - {"):  # its header (mode, fingerprint) is no link
                    continue
                for law in set(_LINK_LAWS.findall(line)) if pair else {"*"}:
                    found.setdefault(law, []).append(f"{path.name}:{line}")
        every = found.pop("*", [])
        return {law: combine({"links": "\n".join(lines), "every": "\n".join(every)}) for law, lines in found.items()}

    def diff_keys(self) -> dict[str, str]:
        """law -> the key of its diff: its records in every edition (with language and year), termbase, code."""
        shared = self.diff_inputs()
        links = self._links_by_law()
        keys = {}
        for law in self.diff_laws():
            having = [e for e, info in self.corpus.edition_info.items() if law in info["laws"]]
            editions = {e: [self.corpus.edition_info[e]["language"], self.corpus.edition_info[e].get("year"),
                            self.hasher.file(self.corpus.root / e / f"{law}.json")] for e in having}
            keys[law] = combine({**shared, "law": law, "editions": editions, "links": links.get(law, "")})
        return keys

    def findings(self, termbase=None, force: bool = False) -> list[dict] | None:
        """Every finding (JSON shape with "accepted"), computed once per key (or again, with force);
        None without lawtools.check."""
        from . import sources

        if not sources.available("lawtools.check"):
            return None

        def compute():
            self.computed["findings"] += 1
            return sources.load_findings(self.corpus, termbase)

        if force and self.directory is not None:
            value = compute()
            store(self.directory, self.findings_key(), "findings", value)
            return value
        return cached(self.directory, self.findings_key(), "findings", compute)

    def _diff_folder(self) -> Path | None:
        if self.directory is None:
            return None
        for legacy in self.directory.glob("diffs-*.json"):  # the one-file cache of every diff, before per-law files
            legacy.unlink(missing_ok=True)
        return self.directory / "diffs"

    def missing_diffs(self) -> list[str]:
        """Laws whose diff for the current key is not stored."""
        folder = self._diff_folder()
        return [law for law, key in self.diff_keys().items()
                if folder is None or not (folder / f"{law}-{key}.json").exists()]

    def refresh_diffs(self, termbase=None, laws: list[str] | None = None,
                      progress: Callable[[], None] | None = None) -> int:
        """Compute and store the diffs of the given laws (default: the missing ones), one at a time; how many."""
        diff = importlib.import_module("lawtools.diff").diff
        keys = self.diff_keys()
        folder = self._diff_folder()
        todo = self.missing_diffs() if laws is None else laws
        options = {"termbase": termbase} if termbase is not None else {}
        for law in todo:
            result = diff(self.corpus, law, **options).to_dict()
            self.computed["diffs"] += 1
            if folder is not None:
                store(folder, keys[law], law, result)
            if progress:
                progress()
        return len(todo)

    def each_diff(self, termbase=None) -> Iterator[tuple[str, dict]]:
        """(law, diff result JSON) for every law in more than one edition, each computed once per key."""
        diff = importlib.import_module("lawtools.diff").diff
        options = {"termbase": termbase} if termbase is not None else {}
        for law, key in self.diff_keys().items():
            def compute(law=law):
                self.computed["diffs"] += 1
                return diff(self.corpus, law, **options).to_dict()

            yield law, cached(self._diff_folder(), key, law, compute)

    def diffs(self, termbase=None) -> dict[str, dict] | None:
        """law -> diff result JSON (see each_diff); None without lawtools.diff."""
        from . import sources

        if self.directory is None:  # nothing to reuse: the site's own loader, all laws at once
            return sources.load_diffs(self.corpus, termbase)
        if not sources.available("lawtools.diff"):
            return None
        return dict(self.each_diff(termbase))
