"""The CLI as a whole: every command and option has help (STYLE.md item 9); human output fits 80 columns."""

from __future__ import annotations

import click
import pytest

from lawtools.cli import COMMANDS, SUMMARIES, cli, main


def walk(command: click.Command, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    """(path, command) for a command and everything under it."""
    found = [(path, command)]
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            found.extend(walk(command.get_command(ctx, name), path + (name,)))
    return found


TREE = walk(cli)


def test_the_tree_holds_every_registered_command_and_subcommands():
    top = {path[0] for path, _ in TREE if len(path) == 1}
    assert top == set(COMMANDS) == set(SUMMARIES)
    assert any(len(path) == 2 for path, _ in TREE)  # groups (rules, export, site) are walked too


@pytest.mark.parametrize(("path", "command"), TREE, ids=[" ".join(p) or "lawtools" for p, _ in TREE])
def test_command_has_a_one_line_summary_and_help_runs(path, command, capsys):
    assert (command.help or "").strip(), f"{' '.join(path)} has no docstring/help"
    summary = command.get_short_help_str(limit=200)
    assert summary.strip() and "\n" not in summary
    if path and len(path) == 1:
        assert SUMMARIES[path[0]].strip() and "\n" not in SUMMARIES[path[0]]
    assert main([*path, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Usage: lawtools") and summary.split()[0] in out
    for param in command.params:
        if isinstance(param, click.Option) and param.name != "help":
            assert (param.help or "").strip(), f"{' '.join(path)} {param.opts[0]} has no help"


@pytest.mark.parametrize("args", [("align",), ("rules", "list"), ("check",), ("show", "64B"), ("diff", "64"),
                                  ("ingest", "--check"), ("concordance", "--law", "57")],
                         ids=["align", "rules-list", "check", "show", "diff", "ingest", "concordance"])
def test_human_output_fits_80_columns(args, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    main(list(args))
    lines = capsys.readouterr().out.split("\n")
    assert lines and max(len(line) for line in lines) <= 80


def readme_commands() -> list[str]:
    """The `lawtools ...` lines of the README's console blocks (the site commands are tested in test_site_*,
    `build` in test_pipeline, on a throwaway project)."""
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    lines = re.findall(r"^\$ \.venv/bin/lawtools (.+)$", readme, flags=re.M)
    return [line.split("  #")[0].strip() for line in lines if not line.startswith(("site ", "build"))]


@pytest.mark.parametrize("line", readme_commands())
def test_readme_commands_run(line, request, tmp_path, capsys):
    import shlex
    from pathlib import Path

    args = shlex.split(line)
    if args == ["ingest"]:
        args = ["ingest", "--check"]  # the same work without rewriting the committed records
    if any(a.startswith("../shared/") for a in args):
        shared = Path(request.getfixturevalue("shared_dir"))  # skips when ../shared is absent
        args = [str(shared / a.removeprefix("../shared/")) if a.startswith("../shared/") else a for a in args]
    args = [str(tmp_path / "out.tmx") if a == "build/sv-de.tmx" else a for a in args]
    if args[:2] == ["edition", "add"]:  # the README's edition is in the corpus already: the same run, writing nothing
        args = [f"{a}-readme" if args[n - 1] == "--id" else a for n, a in enumerate(args)] + ["--dry-run"]
    assert main(args) == 0, capsys.readouterr().err
