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


def test_every_command_shows_an_example() -> None:
    commands = [([c.name or c.callback.__name__.replace("_", "-")], c) for c in app.registered_commands]  # type: ignore[union-attr]
    for group in app.registered_groups:
        commands += [([group.name, c.name or c.callback.__name__.replace("_", "-")], c)  # type: ignore[list-item, union-attr]
                     for c in group.typer_instance.registered_commands]  # type: ignore[union-attr]
    for words, _ in commands:
        result = runner.invoke(app, [*words, "--help"])
        assert result.exit_code == 0 and "Example: rawdeal " in result.stdout, words


def test_shell_completion_is_offered() -> None:
    result = runner.invoke(app, ["--help"])
    assert "--install-completion" in result.stdout and "--show-completion" in result.stdout
