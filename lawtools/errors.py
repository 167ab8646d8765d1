"""Every error lawtools raises on purpose; the CLI turns them into one clear message and an exit code."""

from __future__ import annotations


class LawtoolsError(Exception):
    """Base class: an expected failure with a message fit for a user."""

    exit_code = 2


class SourceError(LawtoolsError):
    """A source file that cannot be read or does not match its layout; names the file and line."""

    def __init__(self, file: str, line: int | None, message: str, text: str | None = None):
        self.file, self.line, self.message, self.text = file, line, message, text
        where = f"{file}:{line}" if line else file
        detail = f"\n    {text.strip()[:160]}" if text and text.strip() else ""
        super().__init__(f"{where}: {message}{detail}")


class ManifestError(LawtoolsError):
    """The editions manifest is missing, malformed or names an unknown layout."""


class CitationError(LawtoolsError):
    """A citation that does not parse; the message lists the accepted forms."""


class NotFound(LawtoolsError):
    """A law, provision, edition or file that does not exist; the message lists what does."""

    exit_code = 1


class RecordError(LawtoolsError):
    """A record file under corpus/records that is missing or unreadable; names it and says to re-ingest."""


class StaleRecords(LawtoolsError):
    """The committed records differ from what the sources produce."""

    exit_code = 1


class NotationError(LawtoolsError):
    """Bridge notation that does not parse (a card, call, contract, deal or PBN/LIN file); names where."""

    def __init__(self, message: str, *, file: str | None = None, board: str | None = None, line: int | None = None):
        self.message, self.file, self.board, self.line = message, file, board, line
        where = ":".join(str(part) for part in (file, line) if part is not None)
        if board is not None:
            where = f"{where} board {board}" if where else f"board {board}"
        super().__init__(f"{where}: {message}" if where else message)


class TermbaseError(LawtoolsError):
    """The termbase (corpus/terms.yaml) is missing or malformed; the message names the concept."""


class SearchIndexError(LawtoolsError):
    """The search index is missing, stale or unreadable and cannot be rebuilt; says what to run."""


class BaselineError(LawtoolsError):
    """A check baseline file that cannot be read; the message names the file and entry."""


class FindingsFound(LawtoolsError):
    """`lawtools check` found new findings at or above the chosen severity (a CI gate, not a crash)."""

    exit_code = 1


class UnsafePath(LawtoolsError):
    """A path lawtools was asked to write that exists and is not its own; it refuses rather than delete it."""


class PackageDataError(LawtoolsError):
    """A data file shipped with lawtools (lawtools/data/*.yaml) that cannot be parsed; names it and its line."""


class WriteError(LawtoolsError):
    """A file or directory lawtools could not write (permissions, disk full); names the path."""


class LockBusy(LawtoolsError):
    """Another ingest or build holds the checkout's lock for longer than the timeout."""


class InputError(LawtoolsError):
    """An input file that is too large, not a regular file or otherwise refused before reading."""
class ConcordanceError(LawtoolsError):
    """The stored concordance or its override file is missing, malformed or names unknown provisions."""


class StaleConcordance(ConcordanceError):
    """The stored concordance was computed from other records, overrides or code; says what to run."""

    exit_code = 1


class EncoderMissing(LawtoolsError):
    """The concordance's optional encoder (the `concordance` extra) is not installed."""
class StageFailed(LawtoolsError):
    """A stage of `lawtools build` stopped with an expected error (run in its own process); keeps its exit code."""

    def __init__(self, message: str, exit_code: int = 2):
        super().__init__(message)
        self.exit_code = exit_code
class DefectError(LawtoolsError):
    """A planted-defect spec that cannot be applied (its words are not in the source, or occur more than once)."""


class EnvironmentSettingError(LawtoolsError):
    """An environment variable lawtools reads holds a value it cannot use; the message names it and the choices."""
