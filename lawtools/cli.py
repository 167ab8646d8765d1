"""The `lawtools` command: a thin layer that parses options, calls the library and formats its results.

Commands live in their own modules under `lawtools.commands` and are imported only when run, so a
single `lawtools search` pays for nothing but search (no spaCy, no mkdocs).
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from . import __version__
from .errors import LawtoolsError

# command name -> "module:attribute"; each module holds one click command or group.
COMMANDS = {
    "ingest": "lawtools.commands.corpus:ingest",
    "show": "lawtools.commands.corpus:show",
    "align": "lawtools.commands.corpus:align",
    "edition": "lawtools.commands.corpus:edition",
    "concordance": "lawtools.commands.concordance:concordance",
    "build": "lawtools.commands.pipeline:build",
    "site": "lawtools.commands.site:site",
    "rules": "lawtools.commands.rules:rules",
    "diff": "lawtools.commands.compare:diff",
    "check": "lawtools.commands.compare:check",
    "export": "lawtools.commands.compare:export",
    "index": "lawtools.commands.search:index",
    "search": "lawtools.commands.search:search",
}

# One-line help for each command, so `lawtools --help` lists them without importing any.
SUMMARIES = {
    "ingest": "Parse every edition's source into structured per-article records.",
    "show": "Show one provision in every edition that has it, side by side.",
    "align": "The coverage matrix: laws x editions, with each law's provisions and structure differences.",
    "edition": "Add a federation's edition from its text alone: encoding, layout and options detected.",
    "concordance": "Counterpart provisions across editions and Laws years: list, --check, --update.",
    "build": "The main job: ingest, search index, consistency checks and the documentation site.",
    "site": "Build or preview the documentation site generated from the records.",
    "rules": "The mechanical Laws as code: score a contract, list the rules, replay PBN/LIN boards.",
    "diff": "Compare a law or provision across editions: structure, references, terms, numbers, wording.",
    "check": "Consistency findings translators can act on; exit 1 on new findings of a chosen severity.",
    "export": "Export aligned provisions as TMX or the termbase as TBX for translators' tools.",
    "index": "Build the search index from the records (rebuilt automatically when they change).",
    "search": "Find provisions by words in any language or English, phrases or citations.",
}


# Commands that write build output: one at a time per checkout (the lock ingest also takes to write records).
LOCKED = ("build", "site")

# Commands a player or director runs to look something up: the console entry ends them without tearing the
# interpreter down (see `entry`). They write nothing but the search index, whose files are closed and renamed
# into place before the command returns.
LOOKUPS = ("search", "show")


def _with_project_lock(name: str, callback):
    """The command's callback, run holding the checkout's lock (waits for another build, or fails clearly)."""
    import functools

    @functools.wraps(callback)
    def locked(*args, **kwargs):
        ctx = click.get_current_context()
        if ctx.invoked_subcommand != "serve":  # a preview server runs for hours: it must not block builds
            from .fsutil import lock
            from .ingest import LOCK_FILE
            from .manifest import default_manifest_path

            try:
                path = default_manifest_path().parent / LOCK_FILE
            except LawtoolsError:  # not inside a project (e.g. `site build --manifest elsewhere`): nothing to lock
                path = None
            if path is not None:
                ctx.with_resource(lock(path, f"lawtools {name}", optional=True))
        return callback(*args, **kwargs)

    locked._locked = True  # type: ignore[attr-defined]
    return locked


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        command = getattr(importlib.import_module(module_name), attribute)
        if name in LOCKED and not getattr(command.callback, "_locked", False):
            command.callback = _with_project_lock(name, command.callback)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, SUMMARIES.get(name, "")) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup)
@click.version_option(version=__version__, prog_name="lawtools")
def cli() -> None:
    """The Laws of Duplicate Bridge: searchable, comparable and executable across languages and editions."""


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; expected errors become one message on stderr and an exit code, never a traceback."""
    records = sys.modules.get("lawtools.records")
    if records is not None:
        records.pending_notes()  # notes from earlier work in this process are not this command's
    try:
        return _run(argv)
    finally:
        _print_notes()


def entry() -> None:
    """The `lawtools` executable and `python -m lawtools`: main(), then the process's exit. A look-up's output is
    flushed and the process ends at once (os._exit), as mypy's `util.hard_exit` does: freeing every object of
    a search (the index's vocabularies and termbase, Whoosh's modules) at interpreter exit was 15-20 ms of a
    ~110 ms cold query, and nothing of a look-up needs the clean-up (no atexit work, no open file). Other
    commands, and main() called in a process that goes on, exit normally."""
    code = main()
    if next((arg for arg in sys.argv[1:] if not arg.startswith("-")), None) in LOOKUPS:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # a closed pipe (`| head`): what could be written was
                pass
        os._exit(code)
    sys.exit(code)


def _run(argv: list[str] | None) -> int:
    try:
        cli.main(args=argv, prog_name="lawtools", standalone_mode=False)
    except LawtoolsError as error:
        _print_notes()
        click.echo(f"lawtools: {error}", err=True)
        return error.exit_code
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo("lawtools: aborted", err=True)
        return 130
    except click.ClickException as error:
        error.show()
        return error.exit_code
    except click.exceptions.Exit as done:
        return done.exit_code
    except BrokenPipeError:
        return 0
    except OSError as error:  # a file system problem no command anticipated: still one line
        if os.environ.get("LAWTOOLS_DEBUG"):
            raise
        where = f"{error.filename}: " if error.filename else ""
        click.echo(f"lawtools: {where}{error.strerror or error}", err=True)
        return 2
    except (RecursionError, MemoryError) as error:
        if os.environ.get("LAWTOOLS_DEBUG"):
            raise
        click.echo(f"lawtools: an input is too large or too deeply nested ({type(error).__name__}); "
                   "run `lawtools ingest --check` to find a damaged record", err=True)
        return 2
    except Exception as error:  # noqa: BLE001 - the last line of defence: a bug is still one line, not a traceback
        if os.environ.get("LAWTOOLS_DEBUG"):
            raise
        click.echo(f"lawtools: internal error ({type(error).__name__}: {str(error)[:200]}); please report it "
                   "(set LAWTOOLS_DEBUG=1 to see the traceback)", err=True)
        return 3
    return 0


def _print_notes() -> None:
    """Freshness warnings gathered while the command read the records (stale or hand-edited records)."""
    records = sys.modules.get("lawtools.records")
    if records is None:
        return
    for note in records.pending_notes():
        click.echo(f"lawtools: warning: {note}", err=True)


if __name__ == "__main__":
    sys.exit(main())
