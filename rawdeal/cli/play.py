"""`rawdeal play`: a game at the terminal against a computer player or a second person."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rawdeal.cli import options as opt
from rawdeal.cli.common import commands_app, errors
from rawdeal.errors import UsageError

commands = commands_app()


@commands.command()
def play(
    decks: Annotated[list[Path] | None, typer.Argument(metavar="[A.txt B.txt]", help="The two decks (you play A).")] = None,
    vs: Annotated[str | None, typer.Option("--vs", metavar="PLAYER", help="The computer plays B: random, greedy, search "
                                           "or search:N (sampled worlds a checked decision); with --resume, the saved opponent unless given.")] = None,
    seed: Annotated[int | None, opt.seed("Seed of the shuffles and of the computer player "
                                         "(default: a fresh one, printed; the same seed deals the same game)")] = None,
    profile: opt.ProfileOption = None,
    unshuffled: opt.UnshuffledOption = False,
    record: Annotated[Path | None, opt.side_file("--record", "Record the moves here (with the opening save beside "
                                                 "it as MOVES.start.json, for rawdeal run).", "MOVES")] = None,
    save: Annotated[Path | None, opt.side_file("--save", "Where leaving saves the game (default: the --resume file, "
                                               "else rawdeal-game.json), with FILE.play.json beside it.")] = None,
    resume: Annotated[Path | None, typer.Option(metavar="FILE", help="Go on with a saved game, against the same "
                                                "opponent.")] = None,
    game_name: Annotated[str | None, typer.Option("--game", metavar="NAME", help="The game (rawdeal games lists them; default: Raw Deal).")] = None,
    option: Annotated[list[str] | None, typer.Option(metavar="NAME", help="A rules option of the game, repeatable.")] = None,
    lang: Annotated[str | None, typer.Option(metavar="LANG", help="The language of a game that has several (fightdrome: en or es).")] = None,
) -> None:
    """Play a game at the terminal: numbered legal moves, type a number or a move; card NAME and show N
    print a card's text and meaning; quit, Ctrl-C or the end of input save the game.

    Example: rawdeal play decks/the-rock.txt decks/hhh.txt --vs random --record moves.txt"""
    with errors():
        from rawdeal.cli import games
        from rawdeal.inputs import stdin_binary
        from rawdeal.io.files import check_outputs

        decks_in = {f"DECKS[{i}]": d for i, d in enumerate(decks or ())}
        check_outputs({"--record": record}, {**decks_in, "--resume": resume, "--save": save})
        check_outputs({"--save": save}, decks_in)  # saving over the game resumed is what leaving does
        stdin_binary()  # a closed standard input is said now, in one line
        if games.other_game(game_name, resume):
            if profile is not None or unshuffled:
                raise UsageError("--profile and --unshuffled are Raw Deal rules; another game takes --option")
            name = game_name or games.saved_game(resume)
            print(games.play(name, [str(d) for d in decks or ()], resume, vs, seed, option or (), record,
                             save or resume or Path("rawdeal-game.json"), lang))
            return
        from rawdeal.console.play import NEW_SAVE, play_session, start
        from rawdeal.console.screen import Screen

        if (resume is None) == (not decks or len(decks) != 2):
            raise UsageError("give two deck files, or --resume FILE")
        if resume is not None and seed is not None:
            raise UsageError("--seed deals a new game; a resumed game keeps its own")
        game, table, first = start(decks, resume, vs, seed, opt.rules(profile, unshuffled) == "course")
        screen = Screen()
        if first:
            screen.write(first, "note")
        ending = play_session(screen, game, table, record, save or resume or NEW_SAVE, resume is not None)
        if ending.message:
            screen.write(ending.message, "note")
        raise typer.Exit(ending.code)
