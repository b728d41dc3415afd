"""Setting up `rawdeal play`: a new or resumed game, the computer player, the record and the save."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rawdeal.console.interactive import Bot, Session
from rawdeal.bots.registry import make_player
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move
from rawdeal.io.files import write_atomic
from rawdeal.io.save import dumps, read_save


def make_bot(name: str, seed: int) -> Bot:
    """A computer player of the registry (random, greedy, search, search:N)."""
    return make_player(name, seed).choose


def _start(decks: list[Path] | None, resume: Path | None, seed: int, unshuffled: bool) -> Game:
    if resume is not None:
        return read_save(resume)
    from rawdeal.decks import read_deck
    from rawdeal.engine.setup import new_game

    assert decks is not None
    game, _ = new_game(read_deck(decks[0]), read_deck(decks[1]), "course" if unshuffled else "standard", seed)
    return game


def play_session(decks: list[Path] | None, resume: Path | None, vs: str | None, seed: int, unshuffled: bool,
                 record: Path | None, save: Path) -> str:
    """Play at the terminal; returns the closing line (who won, or where the game was saved)."""
    game = _start(decks, resume, seed, unshuffled)
    bots = {1: make_bot(vs, seed + game.s.turn)} if vs else {}
    moves = _recorder(record, game, appending=resume is not None)
    session = Session(game, _read, print, moves, bots)
    session.events(game.resume())
    outcome = session.run()
    if outcome == "over":
        return f"{game.name(game.s.winner or 0)} wins by {game.s.how}"
    write_atomic(save, dumps(game))
    return f"game saved to {save}; go on with: rawdeal play --resume {save}"


def _recorder(record: Path | None, game: Game, appending: bool) -> Callable[[Move], None]:
    """Append each move to the record as it is made (the opening save goes beside a new record)."""
    if record is None:
        return lambda move: None
    if not appending or not record.exists():
        start = record.with_name(record.name + ".start.json")
        write_atomic(start, dumps(game))
        write_atomic(record, f"# rawdeal play: replay with  rawdeal run {start.name} {record.name}\n")

    def add(move: Move) -> None:
        with record.open("a", encoding="utf-8") as fh:
            fh.write(f"{move}\n")

    return add


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None
