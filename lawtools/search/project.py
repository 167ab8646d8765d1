"""Where the project's corpus is, without reading it: all a keyword search needs to start.

`project_corpus()` finds corpus/editions.yaml upwards from the working directory, as
manifest.default_manifest_path does, and returns a `LazyCorpus`: its records directory and termbase path
are known at once, and the corpus itself (records.load_corpus: the manifest's YAML, edition records,
freshness notes) is loaded on the first use of anything else (a filter, a citation note, an index rebuild).
So a plain query never imports PyYAML or the records module. Outside a project it loads the corpus at once,
which raises the manifest's own clear error.
"""

from __future__ import annotations

from pathlib import Path

MANIFEST = Path("corpus") / "editions.yaml"


class LazyCorpus:
    """A records.Corpus loaded on first use; `root` and `termbase_path` without loading it."""

    def __init__(self, manifest_path: Path):
        self.manifest_path = Path(manifest_path)
        self.root = self.manifest_path.parent / "records"
        self.termbase_path = self.manifest_path.parent / "terms.yaml"
        self._corpus = None

    def loaded(self):
        """The corpus itself (read now if not yet)."""
        if self._corpus is None:
            from ..records import load_corpus

            self._corpus = load_corpus(self.manifest_path)
        return self._corpus

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.loaded(), name)


def project_corpus():
    """The corpus of the project this runs in: a LazyCorpus, or the loaded corpus (or its error) when no
    manifest is found."""
    try:  # as fsutil.working_directory (not imported: a plain query needs none of the file-system helpers)
        here = Path.cwd().resolve()
    except OSError:
        from ..fsutil import working_directory

        here = working_directory()
    for directory in (here, *here.parents):
        candidate = directory / MANIFEST
        if candidate.is_file():
            return LazyCorpus(candidate)
    from ..records import load_corpus

    return load_corpus()
