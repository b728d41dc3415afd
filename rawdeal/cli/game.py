"""`rawdeal new`, `run` and `moves`: a game from two decks, a move file applied, the legal moves."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from rawdeal.cli import options as opt
from rawdeal.cli.common import commands_app, errors
from rawdeal.errors import UsageError

commands = commands_app()


@commands.command()
def new(
    deck_a: Annotated[Path | None, typer.Argument(help="Deck of player 1 (chooses first); with --game fightdrome, a character SLEEVE/STACK (none: dealt from the supply).")] = None,
    deck_b: Annotated[Path | None, typer.Argument(help="Deck of player 2 (with --game fightdrome: a character).")] = None,
    seed: Annotated[int, opt.seed("Seed of the game's random generator (the shuffles)")] = 0,
    profile: opt.ProfileOption = None,
    unshuffled: opt.UnshuffledOption = False,
    output: Annotated[Path | None, opt.output("Write the opening save here (default: standard output).")] = None,
    game_name: Annotated[str | None, typer.Option("--game", metavar="NAME", help="The game (rawdeal games lists them; default: Raw Deal).")] = None,
    option: Annotated[list[str] | None, typer.Option(metavar="NAME", help="A rules option of the game, repeatable (fightdrome: match, quieres-fama, espacio-para-respirar, ultimo-suspiro, torneo-epico).")] = None,
    pool: Annotated[opt.Pool, typer.Option("--pool", help="course (the course's cards) or classic (the Classic pool's playable cards).")] = opt.Pool.course,
) -> None:
    """Start a game from two decks and write the opening save.

    Example: rawdeal new decks/the-rock.txt decks/hhh.txt --seed 7 -o game.json
    """
    with errors():
        from rawdeal.cli import games
        from rawdeal.io.files import check_outputs, write_atomic

        check_outputs({"--output": output}, {"DECK_A": deck_a, "DECK_B": deck_b})
        if games.other_game(game_name):
            assert game_name is not None
            if unshuffled or profile is not None:
                raise UsageError(f"--profile and --unshuffled are Raw Deal rules; {game_name} takes --option")
            return games.new(game_name, [str(d) for d in (deck_a, deck_b) if d is not None], seed, option or (), output)
        if option:
            raise UsageError("--option is for other games (--game NAME); Raw Deal's rules are --profile")
        if deck_a is None or deck_b is None:
            raise UsageError("give two deck files (or --game NAME for another game)")
        from rawdeal.decks import read_deck
        from rawdeal.engine.setup import new_game
        from rawdeal.io.save import dumps

        rules = opt.rules(profile, unshuffled)
        if pool is opt.Pool.classic:
            from rawdeal.engine.classic import new_classic_game
            from rawdeal.engine.words import Profile

            game, _ = new_classic_game((read_deck(deck_a), read_deck(deck_b)), Profile(rules), seed)
        else:
            game, _ = new_game(read_deck(deck_a), read_deck(deck_b), rules, seed)
        data = dumps(game)
        if output is None:
            sys.stdout.write(data.decode("utf-8"))
        else:
            write_atomic(output, data)


@commands.command()
def run(
    save: Annotated[Path, typer.Argument(help="The saved game to start from.")],
    moves_file: Annotated[Path, typer.Argument(metavar="MOVES", help="Move file: one move per line; - reads standard input.")],
    output: Annotated[Path | None, opt.output("Write the final save here.")] = None,
    fmt: Annotated[opt.StreamFormat, typer.Option("--format", help="Transcript format: text or jsonl (one JSON object a line).")] = opt.StreamFormat.text,
    game_name: Annotated[str | None, typer.Option("--game", metavar="NAME", help="The game (rawdeal games lists them; default: Raw Deal, or the save's).")] = None,
    lang: Annotated[str | None, typer.Option(metavar="LANG", help="Transcript language of a game that has several (fightdrome: en or es).")] = None,
) -> None:
    """Apply a move file to a saved game and print the transcript.

    Example: rawdeal run saves/midgame.json saves/midgame-moves.txt -o after.json  (or: echo end | rawdeal run game.json -)
    """
    with errors():
        from rawdeal.cli import games
        from rawdeal.io.files import check_outputs, write_atomic

        check_outputs({"--output": output}, {"SAVE": save, "MOVES": moves_file})
        if games.other_game(game_name, save):
            return games.run(game_name, save, moves_file, output, fmt.value, lang)
        games.raw_deal_language(lang)
        from rawdeal.io.save import dumps, read_save
        from rawdeal.replay.movefile import replay

        check_outputs({"--output": output}, {"SAVE": save, "MOVES": moves_file})
        game = read_save(save)
        replay(game, moves_file, sys.stdout.write, jsonl=fmt is opt.StreamFormat.jsonl)  # streamed as it is played
        if output is not None:
            write_atomic(output, dumps(game))


@commands.command()
def moves(
    save: Annotated[Path, typer.Argument(help="The saved game.")],
    fmt: opt.FormatOption = opt.Format.text,
    game_name: Annotated[str | None, typer.Option("--game", metavar="NAME", help="The game (rawdeal games lists them; default: Raw Deal, or the save's).")] = None,
    lang: Annotated[str | None, typer.Option(metavar="LANG", help="Transcript language of a game that has several (fightdrome: en or es).")] = None,
) -> None:
    """Show whose decision is pending in a saved game and its legal moves.

    Example: rawdeal moves saves/midgame.json --format json
    """
    with errors():
        from rawdeal.io.save import read_save

        from rawdeal.cli import games

        if games.other_game(game_name, save):
            return games.moves(game_name, save, fmt.value, lang)
        games.raw_deal_language(lang)
        game = read_save(save)
        game.resume()
        d = game.decision()
        if fmt is opt.Format.json:
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
