"""`rawdeal play`: a game at the terminal against a computer player or a second person."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rawdeal.cli.common import commands_app, errors
from rawdeal.errors import UsageError

commands = commands_app()


@commands.command()
def play(
    decks: Annotated[list[Path] | None, typer.Argument(metavar="[A.txt B.txt]", help="The two decks (you play A).")] = None,
    vs: Annotated[str | None, typer.Option("--vs", metavar="PLAYER", help="The computer plays B: random, greedy, search or search:N (playouts).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the shuffles and of the computer player.")] = 0,
    unshuffled: Annotated[bool, typer.Option("--unshuffled", help="Course rules: never shuffle.")] = False,
    record: Annotated[Path | None, typer.Option(metavar="MOVES", help="Record the moves here (with the opening "
                                                "save beside it as MOVES.start.json, for rawdeal run).")] = None,
    save: Annotated[Path, typer.Option(metavar="FILE", help="Where quitting saves the game.")] = Path("rawdeal-game.json"),
    resume: Annotated[Path | None, typer.Option(metavar="FILE", help="Go on with a saved game.")] = None,
) -> None:
    """Play a game at the terminal: numbered legal moves, type a number or a move; quit saves.

    Example: rawdeal play decks/the-rock.txt decks/hhh.txt --vs random --record moves.txt"""
    with errors():
        from rawdeal.console.play import play_session

        if (resume is None) == (not decks or len(decks) != 2):
            raise UsageError("give two deck files, or --resume FILE")
        print(play_session(decks, resume, vs, seed, unshuffled, record, save))
