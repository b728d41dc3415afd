"""`rawdeal gradescope bundle`: Gradescope's autograder archive for a course bank."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rawdeal.cli import options as opt
from rawdeal.cli.common import errors

group = typer.Typer(help="Package grading for Gradescope.", no_args_is_help=True, add_completion=False,
                    pretty_exceptions_enable=False)


@group.callback()
def _group() -> None:
    """A group even while it holds one command, so `rawdeal gradescope COMMAND` keeps its form."""


@group.command("bundle")
def gradescope_bundle(
    root: Annotated[Path, typer.Argument(metavar="ROOT", help="The course bank: data/<cat>/ and data/<cat>-Tests/.")],
    out: Annotated[Path, opt.output("The autograder archive to write.", "ZIP")],
    command: Annotated[str, typer.Option(
        metavar="CMD", help="How to run a submission; {student} is its folder, {decks} the deck folder. "
             "Example: 'python3 {student}/main.py {decks}'.")],
    wheel: Annotated[Path | None, typer.Option(
        metavar="FILE", help="The rawdeal wheel to install (default: built from this source checkout with pip).")] = None,
    timeout: Annotated[float, opt.seconds("Seconds per run")] = 10.0,
    partial: Annotated[bool, typer.Option("--partial", help="Partial credit.")] = False,
    hidden: Annotated[list[str] | None, typer.Option(metavar="GLOB", help="Tests hidden until grades are published.")] = None,
    only: Annotated[list[str] | None, typer.Option(metavar="GLOB", help="Only the tests whose <cat>/<n> matches one GLOB (repeatable).")] = None,
    exclude: Annotated[list[str] | None, typer.Option(metavar="GLOB", help="Leave out the tests whose <cat>/<n> matches a GLOB (repeatable).")] = None,
    jobs: Annotated[int, opt.jobs("Runs in parallel")] = 1,
    setup: Annotated[str, typer.Option(
        metavar="CMD", help="Shell lines setup.sh runs once, after rawdeal: the course's tools, e.g. "
             "'apt-get install -y -qq dotnet-sdk-8.0' for a C# course.")] = "",
    build: Annotated[str, typer.Option(
        metavar="CMD", help="A shell command run once in each submission's folder before any test, e.g. "
             "'dotnet build -c Release -o out'; if it fails, the submission scores 0 with its output.")] = "",
) -> None:
    """Write Gradescope's autograder archive: setup.sh, run_autograder, a rawdeal wheel and the bank.

    Every run of one submission shares one HOME. The archive's README.md says which lines to adapt.

    Example: rawdeal gradescope bundle course-tests -o autograder.zip --command 'python3 main.py {decks}'"""
    with errors():
        from rawdeal.grading.bundle import BundleSettings, make_bundle
        from rawdeal.grading.protocol import PLACEHOLDERS
        from rawdeal.grading.runner import check_placeholders, split_command
        from rawdeal.io.files import check_outputs

        check_placeholders(command, PLACEHOLDERS)
        split_command(command)
        check_outputs({"--output": out}, {"--wheel": wheel})
        settings = BundleSettings(command, timeout, partial, tuple(hidden or ()), tuple(only or ()), jobs, setup, build,
                                  tuple(exclude or ()))
        count = make_bundle(root, settings, out, wheel)
        print(f"wrote {out}: {count} tests, setup.sh, run_autograder")
