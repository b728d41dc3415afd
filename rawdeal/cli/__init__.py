"""The `rawdeal` command line: thin commands over pure library functions.

Each command lives in a module of this package by concern (`decks`, `game`, `play`, `cards`, `arena`,
`scenarios`, `grading`, `course`, `gradescope`, `view`), and the root group imports only the module of the
command being run (click's lazily loading group: `LazyGroup`), so `rawdeal check` never pays for the
grading code, and `rawdeal --help` or a "did you mean" still see every command. Heavy libraries (lark,
jsonschema, the engine) are imported inside the commands that need them.
"""

from __future__ import annotations

from typing import Annotated, Any

import click
import typer
from typer.core import TyperGroup

# Command name -> "module:attribute". An attribute named `group` is a group of commands (`rawdeal
# course play`); any other names the module's `commands` Typer and the function registered in it.
COMMANDS = {
    "check": "decks:check",
    "new": "game:new",
    "run": "game:run",
    "moves": "game:moves",
    "play": "play:play",
    "cards": "cards:cards",
    "card": "cards:card",
    "selfplay": "arena:selfplay",
    "tournament": "arena:tournament",
    "import-tests": "scenarios:import_tests",
    "verify": "scenarios:verify",
    "grade": "grading:grade",
    "diff": "grading:diff",
    "view": "view:view",
    "course": "course:group",
    "gradescope": "gradescope:group",
    "games": "games:games",
    "rules": "games:rules",
    "serve": "serve:group",
    "submit": "submit:submit",
}


def load_command(name: str) -> click.Command | None:
    """The click command called `name`, built from its module's Typer (None: no such command)."""
    target = COMMANDS.get(name)
    if target is None:
        return None
    from importlib import import_module

    module_name, _, attribute = target.partition(":")
    module = import_module(f"rawdeal.cli.{module_name}")
    if attribute == "group":
        command = typer.main.get_command(module.group)
    else:
        single = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
        single.registered_commands += [c for c in module.commands.registered_commands
                                       if c.callback is not None and c.callback.__name__ == attribute]
        command = typer.main.get_command(single)
    command.name = name
    return command


class LazyGroup(TyperGroup):
    """The root group: its commands are the table `COMMANDS`, each loaded when first asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*super().list_commands(ctx), *COMMANDS]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return super().get_command(ctx, cmd_name) or load_command(cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        """click's resolution, with "Did you mean" drawn from every command, loaded or not."""
        try:
            return click.Group.resolve_command(self, ctx, args)
        except click.UsageError as error:
            from difflib import get_close_matches

            matches = get_close_matches(args[0], self.list_commands(ctx)) if args else []
            if matches:
                error.message = f"{error.message.rstrip('.')}. Did you mean {', '.join(map(repr, matches))}?"
            raise


app = typer.Typer(
    name="rawdeal",
    cls=LazyGroup,
    help="Rules engine, batch tool and grading service for the Raw Deal card game.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def _version(show: bool) -> None:
    if show:
        from importlib.metadata import PackageNotFoundError, version

        try:
            print(f"rawdeal {version('rawdeal')}")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
            print("rawdeal (not installed)")
        raise typer.Exit(0)


@app.callback()
def _root(
    show_version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print rawdeal's version and exit.")] = False,
) -> None:
    """Rules engine, batch tool and grading service for the Raw Deal card game."""


def main() -> None:
    """The `rawdeal` program: rawdeal's own process, so it may keep the dataclass cache (`classdefs`).

    A closed standard output is said in one line (exit 2); a reader that stops early (`rawdeal cards
    | head -1`) ends the program quietly, as it would end `cat`."""
    import os
    import sys

    if sys.stdout is None or sys.stderr is None:
        if sys.stderr is not None:
            print("rawdeal: standard output is closed; send it to a file or a pipe (> out.txt)", file=sys.stderr)
        raise SystemExit(2)
    from rawdeal.classdefs import install

    install()
    try:
        app()
    except BrokenPipeError:
        _quiet_stdout(os, sys)
        raise SystemExit(1) from None
    finally:
        try:
            sys.stdout.flush()
        except BrokenPipeError:  # what was left in the buffer when the reader went away
            _quiet_stdout(os, sys)


def _quiet_stdout(os: Any, sys: Any) -> None:
    """Point standard output at /dev/null, so the interpreter's last flush finds no closed pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
