"""`rawdeal new`, `run` and `moves`: a game from two decks, a move file applied, the legal moves."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from rawdeal.cli.common import MAX_SEED, commands_app, errors, one_of
from rawdeal.errors import UsageError

commands = commands_app()


@commands.command()
def new(
    deck_a: Annotated[Path | None, typer.Argument(help="Deck of player 1 (chooses first); with --game fightdrome, a character SLEEVE/STACK (none: dealt from the supply).")] = None,
    deck_b: Annotated[Path | None, typer.Argument(help="Deck of player 2 (with --game fightdrome: a character).")] = None,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Seed of the game's random generator (standard rules), 0 to 2^64-1.")] = 0,
    unshuffled: Annotated[bool, typer.Option("--unshuffled", help="Course rules: never shuffle, ties go to player 1.")] = False,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the opening save here (default: stdout).")] = None,
    game_name: Annotated[str | None, typer.Option("--game", metavar="NAME", help="The game (rawdeal games lists them; default: Raw Deal).")] = None,
    option: Annotated[list[str] | None, typer.Option(metavar="NAME", help="A rules option of the game, repeatable (fightdrome: match, quieres-fama, espacio-para-respirar, ultimo-suspiro, torneo-epico).")] = None,
    pool: Annotated[str, typer.Option("--pool", help="course (the course's cards) or classic (the Classic pool's playable cards).")] = "course",
) -> None:
    """Start a game from two decks and write the opening save.

    Example: rawdeal new decks/the-rock.txt decks/hhh.txt --seed 7 -o game.json
    """
    with errors():
        from rawdeal.cli import games

        if games.other_game(game_name):
            assert game_name is not None
            if unshuffled:
                raise UsageError(f"--unshuffled is a Raw Deal rule; {game_name} takes --option")
            return games.new(game_name, [str(d) for d in (deck_a, deck_b) if d is not None], seed, option or (), output)
        if option:
            raise UsageError("--option is for other games (--game NAME); Raw Deal's rules are --unshuffled")
        if deck_a is None or deck_b is None:
            raise UsageError("give two deck files (or --game NAME for another game)")
        from rawdeal.decks import read_deck
        from rawdeal.engine.setup import new_game
        from rawdeal.io.files import write_atomic
        from rawdeal.io.save import dumps

        one_of("--pool", pool, "course", "classic")
        profile = "course" if unshuffled else "standard"
        if pool == "classic":
            from rawdeal.engine.classic import new_classic_game
            from rawdeal.engine.words import Profile

            game, _ = new_classic_game((read_deck(deck_a), read_deck(deck_b)), Profile(profile), seed)
        else:
            game, _ = new_game(read_deck(deck_a), read_deck(deck_b), profile, seed)
        data = dumps(game)
        if output is None:
            sys.stdout.write(data.decode("utf-8"))
        else:
            write_atomic(output, data)


@commands.command()
def run(
    save: Annotated[Path, typer.Argument(help="The saved game to start from.")],
    moves_file: Annotated[Path, typer.Argument(metavar="MOVES", help="Move file: one move per line; - reads standard input.")],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the final save here.")] = None,
    fmt: Annotated[str, typer.Option("--format", help="Transcript format: text or jsonl.")] = "text",
    game_name: Annotated[str | None, typer.Option("--game", metavar="NAME", help="The game (rawdeal games lists them; default: Raw Deal, or the save's).")] = None,
    lang: Annotated[str | None, typer.Option(metavar="LANG", help="Transcript language of a game that has several (fightdrome: en or es).")] = None,
) -> None:
    """Apply a move file to a saved game and print the transcript.

    Example: rawdeal run game.json moves.txt -o after.json  (or: echo end | rawdeal run game.json -)
    """
    with errors():
        one_of("--format", fmt, "text", "jsonl")
        from rawdeal.cli import games

        if games.other_game(game_name, save):
            return games.run(game_name, save, moves_file, output, fmt, lang)
        games.raw_deal_language(lang)
        from rawdeal.replay.movefile import replay
        from rawdeal.io.files import write_atomic
        from rawdeal.io.save import dumps, read_save

        game = read_save(save)
        replay(game, moves_file, sys.stdout.write, jsonl=fmt == "jsonl")  # streamed as it is played
        if output is not None:
            write_atomic(output, dumps(game))


@commands.command()
def moves(
    save: Annotated[Path, typer.Argument(help="The saved game.")],
    fmt: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
    game_name: Annotated[str | None, typer.Option("--game", metavar="NAME", help="The game (rawdeal games lists them; default: Raw Deal, or the save's).")] = None,
    lang: Annotated[str | None, typer.Option(metavar="LANG", help="Transcript language of a game that has several (fightdrome: en or es).")] = None,
) -> None:
    """Show whose decision is pending in a saved game and its legal moves.

    Example: rawdeal moves game.json --format json
    """
    with errors():
        from rawdeal.io.save import read_save

        one_of("--format", fmt, "text", "json")
        from rawdeal.cli import games

        if games.other_game(game_name, save):
            return games.moves(game_name, save, fmt, lang)
        games.raw_deal_language(lang)
        game = read_save(save)
        game.resume()
        d = game.decision()
        if fmt == "json":
            import orjson

            data: dict[str, Any] = {"player": None, "kind": "over", "prompt": f"{game.name(game.s.winner or 0)} won by {game.s.how}",
                    "cards": [], "moves": []} if d is None else {
                "player": game.name(d.player), "kind": d.kind, "prompt": d.prompt, "cards": list(d.cards),
                "moves": [str(m) for m in d.moves]}
            sys.stdout.write(orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode() + "\n")
        elif d is None:
            print(f"game over: {game.name(game.s.winner or 0)} won by {game.s.how}")
        else:
            print(d.prompt)
            for m in d.moves:
                print(f"  {m}")
