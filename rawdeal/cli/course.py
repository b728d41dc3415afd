"""`rawdeal course play` and `rawdeal course export`: the course's reference console, byte for byte, and fresh banks."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from rawdeal.cli import options as opt
from rawdeal.cli.common import errors, progress

group = typer.Typer(help="The course's reference console, in its Spanish text, byte for byte.",
                    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)


@group.callback()
def _group() -> None:
    """A group even while it holds one command, so `rawdeal course COMMAND` keeps its form."""


@group.command("play")
def course_play(
    folder: Annotated[str, typer.Argument(metavar="DECK_FOLDER", help="Folder of *.txt decks, as the menu prints it "
                                                                      "(run from the folder that holds data/).")],
    inputs: Annotated[Path | None, typer.Option("--inputs", metavar="FILE",
                                                help="Read the answers from FILE (one a line) and echo each as "
                                                     "'INPUT: <answer>', as the course's test harness records it.")] = None,
    legacy: Annotated[bool, typer.Option("--legacy", help="The older harness of the 01-ValidDecks transcripts "
                                                          "(one more blank line before the first turn).")] = False,
) -> None:
    """Play the course's console game: deck menus, validation and the whole game, in Spanish.

    Exit 0 when the game ends or a deck is invalid; 1 if the answers run out. From the folder that
    holds data/ (only a transcript's INPUT: lines are read):

    Example: rawdeal course play data/08-Reversals --inputs data/08-Reversals-Tests/1.txt"""
    with errors():
        from rawdeal.course.console import CourseConsole, file_answers, stdin_answers

        out = sys.stdout.buffer

        def write(text: str) -> None:
            out.write(text.encode() + b"\n")

        if inputs is None:
            from rawdeal.inputs import stdin_binary

            stdin_binary()  # a closed standard input is said now, in one line
        answers = file_answers(inputs) if inputs is not None else stdin_answers(out.flush)
        try:
            CourseConsole(answers, write, echo=inputs is not None, legacy=legacy).play(folder)
        finally:
            out.flush()


@group.command("export")
def course_export(
    category: Annotated[str, typer.Option(metavar="NAME", help="The category folder, e.g. 12-Random.")],
    output: Annotated[Path | None, opt.output("The bank's root: data/ goes inside. [required]", "DIR")] = None,
    games: Annotated[int, opt.count("How many tests (console sessions) to write", 100_000)] = 20,
    seed: Annotated[int, opt.seed("The same seed writes the same bytes")] = 0,
    decks: Annotated[Path | None, typer.Option(metavar="FOLDER", help="Use these decks instead of random legal "
                                                                       "ones (invalid ones stay invalid).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the category if the bank already holds it "
                                                        "(the new one is written beside it, then swapped in whole).")] = False,
    old_out: opt.OldOutOption = None,
) -> None:
    """Write a fresh test bank in the course's layout: data/NAME/ decks and data/NAME-Tests/<n>.txt.
    A category the bank already holds is kept unless --force.

    Example: rawdeal course export -o bank --category 12-Random --games 5 --seed 7"""
    with errors():
        from rawdeal.cards import load_db
        from rawdeal.course.export import export_bank
        from rawdeal.io.files import check_outputs

        out = opt.required_output(output, old_out)
        check_outputs({"--output": out}, {"--decks": decks})
        with progress(games, "tests") as advance:
            summary = export_bank(out, category, games, seed, decks, force=force, progress=advance)
        print("\n".join(summary.lines(len(load_db().cards))))
