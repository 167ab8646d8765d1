"""The `lawtools` command: a thin layer that parses options, calls the library and formats its results.

Commands live in their own modules under `lawtools.commands` and are imported only when run, so a
single `lawtools search` pays for nothing but search (no spaCy, no mkdocs).
"""

from __future__ import annotations

import importlib
import sys

import click

from . import __version__
from .errors import LawtoolsError

# command name -> "module:attribute"; each module holds one click command or group.
COMMANDS = {
    "ingest": "lawtools.commands.corpus:ingest",
    "show": "lawtools.commands.corpus:show",
    "align": "lawtools.commands.corpus:align",
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


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        return getattr(importlib.import_module(module_name), attribute)

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
    try:
        cli.main(args=argv, prog_name="lawtools", standalone_mode=False)
    except LawtoolsError as error:
        click.echo(f"lawtools: {error}", err=True)
        return error.exit_code
    except click.exceptions.Abort:
        click.echo("lawtools: aborted", err=True)
        return 130
    except click.ClickException as error:
        error.show()
        return error.exit_code
    except click.exceptions.Exit as done:
        return done.exit_code
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
