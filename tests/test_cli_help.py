"""The command line explains itself: argument descriptions in --help, one "Did you mean", --version."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import click
from typer.testing import CliRunner

from rawdeal.cli import COMMANDS, app, load_command

ROOT = Path(__file__).resolve().parent.parent

runner = CliRunner()


def test_help_describes_every_argument() -> None:
    result = runner.invoke(app, ["run", "--help"], terminal_width=200)
    assert result.exit_code == 0
    assert "The saved game to start from." in result.stdout
    assert "Move file: one move per line" in result.stdout


def test_a_mistyped_command_is_suggested_once() -> None:
    result = runner.invoke(app, ["rn"], terminal_width=200)
    assert result.exit_code == 2
    assert result.output.count("Did you mean 'run'?") == 1


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout == f"rawdeal {version('rawdeal')}\n"


def test_every_command_shows_an_example() -> None:
    commands: list[list[str]] = []
    for name in COMMANDS:
        command = load_command(name)
        if isinstance(command, click.Group):
            commands += [[name, sub] for sub in command.list_commands(click.Context(command))]
        else:
            commands.append([name])
    assert ["course", "export"] in commands and ["gradescope", "bundle"] in commands
    for words in commands:
        result = runner.invoke(app, [*words, "--help"])
        assert result.exit_code == 0 and "Example: rawdeal " in result.stdout, words


def test_a_command_loads_only_its_own_module() -> None:
    """`rawdeal check` never imports the grading code: each command's module is loaded on demand."""
    code = ("import sys; from rawdeal.cli import main; sys.argv = ['rawdeal', 'check', 'decks/'];\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('rawdeal.cli.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.splitlines()[-1] == "['rawdeal.cli.common', 'rawdeal.cli.decks', 'rawdeal.cli.options']"


def test_shell_completion_is_offered() -> None:
    result = runner.invoke(app, ["--help"])
    assert "--install-completion" in result.stdout and "--show-completion" in result.stdout
