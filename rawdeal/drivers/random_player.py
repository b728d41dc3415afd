"""A random legal-move player: for benchmarks and invariant checks over many seeded games."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from rawdeal.engine.game import Game
from rawdeal.engine.moves import Arrange, Move, Surrender
from rawdeal.errors import RawdealError


@dataclass(frozen=True)
class GameRecord:
    seed: int
    moves: tuple[str, ...]
    winner: str
    how: str


class InvariantError(RawdealError):
    """A random game broke an invariant; the message holds the moves that reproduce it."""


def pick(game: Game, rnd: random.Random) -> Move:
    d = game.decision()
    assert d is not None
    choices = [m for m in d.moves if not isinstance(m, Surrender)] or list(d.moves)
    move = rnd.choice(choices)
    if isinstance(move, Arrange):
        titles = list(move.titles)
        rnd.shuffle(titles)
        move = Arrange(tuple(titles))
    return move


def check_invariants(game: Game, sizes: tuple[int, int]) -> None:
    """Each player's cards are all somewhere, exactly once."""
    for p, pl in enumerate(game.s.players):
        total = len(pl.arsenal) + len(pl.hand) + len(pl.ring) + len(pl.ringside)
        if game.s.playing is not None and game.s.playing.player == p and game.s.playing.card not in pl.ring \
                and game.s.playing.card not in pl.ringside:
            total += 1
        if total != sizes[p]:
            raise AssertionError(f"player {p} has {total} cards, expected {sizes[p]}")


def play_random(game: Game, seed: int, max_moves: int = 5000, check: bool = False) -> GameRecord:
    rnd = random.Random(seed)
    sizes = tuple(len(p.arsenal) + len(p.hand) + len(p.ring) + len(p.ringside) for p in game.s.players)
    played: list[str] = []
    try:
        while not game.over and len(played) < max_moves:
            move = pick(game, rnd)
            played.append(str(move))
            game.apply(move)
            if check:
                check_invariants(game, sizes)  # type: ignore[arg-type]
    except Exception as exc:  # a failing seed must print the move file that reproduces it
        moves = "\n".join(played)
        raise InvariantError(f"seed {seed}: {type(exc).__name__}: {exc}\nmove file to reproduce:\n{moves}") from exc
    winner = game.name(game.s.winner) if game.s.winner is not None else ""
    return GameRecord(seed, tuple(played), winner, game.s.how)


def tally(records: list[GameRecord]) -> Counter[str]:
    return Counter(r.how or "unfinished" for r in records)
