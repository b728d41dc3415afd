"""The command line explains itself: argument descriptions in --help, one "Did you mean", --version."""

from __future__ import annotations

from importlib.metadata import version

from typer.testing import CliRunner

from rawdeal.cli import app

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
