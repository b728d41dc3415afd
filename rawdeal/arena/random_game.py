"""One seeded game of random legal moves, checked: for selfplay, benchmarks and invariant checks.

The moves are the random player's (`rawdeal.bots.random.pick`); a seed fixes every choice, so a game
is replayed exactly from its seed, or from its move file, and a failure carries the moves that reproduce it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from rawdeal.engine.game import Game
from rawdeal.bots.base import MAX_MOVES
from rawdeal.bots.random import pick
from rawdeal.engine.moves import Move
from rawdeal.engine.invariants import card_lists as invariant_lists
from rawdeal.errors import RawdealError



@dataclass(frozen=True)
class GameRecord:
    seed: int
    moves: tuple[Move, ...]  # `str(move)` is its move-file line
    winner: str
    how: str


class InvariantError(RawdealError):
    """A random game broke an invariant or crashed the engine; `moves` reproduce it."""

    def __init__(self, seed: int, problem: str, moves: tuple[Move, ...]) -> None:
        self.seed, self.problem, self.moves = seed, problem, moves
        super().__init__(f"seed {seed}: {problem}\nmove file to reproduce:\n{move_file(moves)}")


def move_file(moves: tuple[Move, ...] | list[Move]) -> str:
    return "".join(f"{m}\n" for m in moves)


def card_lists(game: Game) -> list[list[int]]:
    """Each player's cards, sorted (`rawdeal.engine.invariants.card_lists`)."""
    return invariant_lists(game.s)


def check_invariants(game: Game, expected: list[list[int]]) -> None:
    """Each player's cards are all somewhere, exactly once (compared with `card_lists` at the start)."""
    for p, (now, then) in enumerate(zip(card_lists(game), expected)):
        if now != then:
            lost = Counter(then) - Counter(now)
            extra = Counter(now) - Counter(then)
            raise AssertionError(
                f"player {p} has {len(now)} cards, expected {len(then)}"
                f" (missing: {_names(game, lost)}; extra: {_names(game, extra)})")


def _names(game: Game, cards: Counter[int]) -> str:
    return ", ".join(f"{n} x {game.title(c)}" for c, n in sorted(cards.items())) or "none"


def play_random(game: Game, seed: int, max_moves: int = MAX_MOVES, check: bool = False) -> GameRecord:
    """Play random legal moves until the game ends (or `max_moves`); with `check`, test the card
    invariant after every move. Any failure raises InvariantError with the moves that reproduce it."""
    rnd = random.Random(seed)
    played: list[Move] = []
    listen, game.listen = game.listen, False  # nobody reads the events of these moves
    try:
        expected = card_lists(game)  # the cards at the start: each check compares with them
        s, apply, remember = game.s, game.apply, played.append
        while s.winner is None and len(played) < max_moves:
            move = pick(game, rnd)
            remember(move)
            apply(move)
            if check:
                check_invariants(game, expected)
        check_invariants(game, expected)
    except Exception as exc:  # a failing seed must give the move file that reproduces it
        raise InvariantError(seed, f"{type(exc).__name__}: {exc}", tuple(played)) from exc
    finally:
        game.listen = listen
    winner = game.name(game.s.winner) if game.s.winner is not None else ""
    return GameRecord(seed, tuple(played), winner, game.s.how)


def tally(records: list[GameRecord]) -> Counter[str]:
    return Counter(r.how or "unfinished" for r in records)
