"""`rawdeal games`, `rawdeal rules GAME`, and the `--game` side of `new`, `run`, `moves` and `selfplay`:
every game other than Raw Deal goes through the generic interface (`rawdeal.games`) from here, so the
Raw Deal commands keep their own path (and bytes) and only hand over when asked for another game."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from rawdeal.cli.common import commands_app, errors, one_of
from rawdeal.errors import UsageError

commands = commands_app()


@commands.command()
def games() -> None:
    """List the games rawdeal plays (the names --game takes).

    Example: rawdeal games"""
    with errors():
        from rawdeal.games.registry import names, ruleset

        for name in names():
            rules = ruleset(name)
            print(f"{name:<12} {rules.title} (transcripts: {', '.join(rules.languages)})")


@commands.command()
def rules(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A game with a rules table: fightdrome.")],
    assumptions: Annotated[bool, typer.Option("--assumptions", help="Also list each gap the data file settles, with its quote.")] = False,
) -> None:
    """Print the table of a game's rulebook sections: where each rule is implemented and tested.

    Example: rawdeal rules fightdrome --assumptions"""
    with errors():
        if game.strip().lower() != "fightdrome":
            raise UsageError(f"no rules table for {game!r}: rawdeal rules fightdrome")
        from rawdeal.fightdrome.rulebook import assumptions_text, table

        print(table(), end="")
        if assumptions:
            print(assumptions_text(), end="")


def other_game(game: str | None, save: Path | None = None) -> bool:
    """Whether a command goes the generic way: --game names a game other than Raw Deal, or the save
    names one (a key `"game":` occurs in its bytes only as a key)."""
    if game is not None:
        from rawdeal.games.registry import ruleset

        if ruleset(game).name != "rawdeal":
            return True
    if save is not None and str(save) != "-":
        return b'"game":' in _save_bytes(save)
    return False


def _save_bytes(save: Path) -> bytes:
    """A save's bytes read as every input is (`rawdeal.inputs`: a regular file, capped; no FIFO
    hang); b"" when it cannot be read, and the game's own loader says why."""
    from rawdeal.inputs import SAVE_CAP, read_input

    try:
        return read_input(save, SAVE_CAP, "saved game")
    except UsageError:
        return b""


def saved_game(save: Path | None) -> str:
    """The game a save names (Raw Deal when it names none)."""
    import orjson

    from rawdeal.games.registry import game_of

    assert save is not None
    try:
        raw = orjson.loads(_save_bytes(save))
    except orjson.JSONDecodeError:
        return "rawdeal"  # the game's own loader reports what is wrong with the file
    return game_of(raw) if isinstance(raw, dict) else "rawdeal"


def new(game: str, setup: Sequence[str], seed: int, options: Sequence[str], output: Path | None) -> None:
    from rawdeal.games.registry import ruleset
    from rawdeal.games.saves import dumps
    from rawdeal.io.files import write_atomic

    state, _ = ruleset(game).start(tuple(setup), seed, tuple(options))
    data = dumps(state)
    if output is None:
        sys.stdout.write(data.decode("utf-8"))
    else:
        write_atomic(output, data)


def _lang(rules: Any, lang: str | None) -> str:
    if lang is None:
        return str(rules.languages[0])
    one_of("--lang", lang, *rules.languages)
    return lang


def raw_deal_language(lang: str | None) -> None:
    """Raw Deal's transcripts are in English only (the course's Spanish console is `rawdeal course`)."""
    if lang not in (None, "en"):
        raise UsageError(f"--lang {lang}: Raw Deal's transcripts are in en (the course's Spanish console: rawdeal course play)")


def _expected(game: str | None) -> str | None:
    if game is None:
        return None
    from rawdeal.games.registry import ruleset

    return ruleset(game).name


def run(game: str | None, save: Path, moves_file: Path, output: Path | None, fmt: str, lang: str | None) -> None:
    from rawdeal.games.replay import play_file
    from rawdeal.games.saves import dumps, read
    from rawdeal.games.transcript import Transcript
    from rawdeal.io.files import write_atomic

    rules, state = read(save, _expected(game))
    transcript = Transcript(rules, sys.stdout.write, _lang(rules, lang), jsonl=fmt == "jsonl")
    transcript.events(state.resume())
    play_file(rules, state, moves_file, transcript)
    if output is not None:
        write_atomic(output, dumps(state))


def moves(game: str | None, save: Path, fmt: str, lang: str | None) -> None:
    from rawdeal.games.saves import read

    rules, state = read(save, _expected(game))
    language = _lang(rules, lang)
    state.resume()
    turn = state.turn()
    winner = state.seat(state.winner or 0, language)
    if fmt == "json":
        import orjson

        data: dict[str, Any] = {"player": None, "kind": "over", "prompt": f"{winner} won ({state.how})", "moves": []}
        if turn is not None:
            data = {"player": state.seat(turn.player, language), "kind": turn.kind, "prompt": rules.prompt(turn, language),
                    "moves": [rules.move_text(m, language) for m in turn.moves]}
        sys.stdout.write(orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode() + "\n")
    elif turn is None:
        print(f"game over: {winner} won ({state.how})")
    else:
        print(f"{state.seat(turn.player, language)}: {rules.prompt(turn, language)}")
        for m in turn.moves:
            print(f"  {rules.move_text(m, language)}")


def selfplay(game: str, games_count: int, seed: int, options: Sequence[str], check: bool,
             failures: Path | None, jobs: int = 1) -> None:
    from rawdeal.games.randomplay import selfplay_jobs as play_games
    from rawdeal.games.registry import ruleset

    rules = ruleset(game)
    rules.start(rules.random_setup(seed), seed, tuple(options))  # bad options: say so before playing
    start = time.perf_counter()
    summary = play_games(rules, games_count, seed, tuple(options), check, jobs)
    elapsed = time.perf_counter() - start
    print("\n".join(summary.lines()))
    print(f"{summary.games / elapsed:.0f} games per second ({elapsed:.2f} s)", file=sys.stderr)
    failure = summary.failure
    if failure is not None:
        print(f"FAILED {failure}")
        flags = "".join(f" --option {o}" for o in options)
        print(f"reproduce: rawdeal new --game {rules.name}{flags} --seed {failure.seed} -o start.json"
              f" && rawdeal run start.json moves.txt")
        if failures is not None:
            _write_failure(rules, failure, summary.setup, options, failures)
            print(f"reproduce in: {failures}")
        raise typer.Exit(1)


def _write_failure(rules: Any, failure: Any, setup: tuple[str, ...], options: Sequence[str], folder: Path) -> None:
    from rawdeal.games.saves import dumps
    from rawdeal.io.files import write_atomic

    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / "moves.txt", "".join(f"{m}\n" for m in failure.moves))
    write_atomic(folder / "README.txt", f"{failure}\n")
    state, _ = rules.start(setup, failure.seed, tuple(options))
    write_atomic(folder / "start.json", dumps(state))


def play(game: str, setup: Sequence[str], resume: Path | None, vs: str | None, seed: int | None,
         options: Sequence[str], record: Path | None, save: Path, lang: str | None) -> str:
    """`rawdeal play --game NAME`: returns the closing line (who won, or where the game was saved). Without
    a seed, a fresh one, printed (the same seed deals the same game)."""
    from rawdeal.games.console import Console
    from rawdeal.games.players import make_player
    from rawdeal.games.registry import ruleset
    from rawdeal.games.saves import dumps, read
    from rawdeal.io.files import write_atomic

    rules = ruleset(game)
    language = _lang(rules, lang)
    if resume is not None and seed is not None:
        raise UsageError("--seed deals a new game; a resumed game keeps its own")
    if seed is None:
        import os

        seed = int.from_bytes(os.urandom(8), "big")
        if resume is None:
            print(f"seed {seed}")
    if resume is not None:
        rules, state = read(resume, rules.name)
        opening = state.resume()
    else:
        state, opening = rules.start(tuple(setup), seed, tuple(options))
    bots = {1: make_player(rules, vs, seed)} if vs else {}
    console = Console(rules, state, _input, print, _recorder(record, dumps(state), resume is not None), bots, language)
    console.events(opening)
    if console.run() == "over":
        return f"{state.seat(state.winner or 0, language)} wins ({state.how})"
    write_atomic(save, dumps(state))
    return f"game saved to {save}; go on with: rawdeal play --game {rules.name} --resume {save}"


def _recorder(record: Path | None, start: bytes, appending: bool) -> Any:
    """Append each move to the record as it is made (the opening save goes beside a new record)."""
    from rawdeal.io.files import write_atomic

    if record is None:
        return lambda move: None
    if not appending or not record.exists():
        opening = record.with_name(record.name + ".start.json")
        write_atomic(opening, start)
        write_atomic(record, f"# rawdeal play: replay with  rawdeal run {opening.name} {record.name}\n")

    def add(move: Any) -> None:
        with record.open("a", encoding="utf-8") as fh:
            fh.write(f"{move}\n")

    return add


def _input(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None
