"""Computer players for any game, written against the `State` interface only.

- `random`: a uniformly random legal move (the ruleset's `avoid` moves last).
- `greedy`: each legal move tried on a view of the game (what the player may know, the rest dealt again)
  and the position scored by the ruleset's own `evaluate`; the best, ties to the first.
- `search:N`: flat Monte Carlo over information sets: for each legal move, N playouts from fresh views
  (`rollout` random moves, or to the end, then the evaluation read as a win chance), the best average.
Every player draws its randomness from a seed, so a tournament is reproducible.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

from rawdeal.engine import rng
from rawdeal.errors import UsageError
from rawdeal.games.protocol import Ruleset, State, Turn

PLAYERS = ("random", "greedy", "search")
PLAYOUTS = 16
ROLLOUT = 8  # moves a playout looks ahead before the evaluation judges it (deeper: no better at Fightdrome, slower)


class Player(Protocol):
    def choose(self, state: State, turn: Turn) -> Any: ...


class RandomPlayer:
    def __init__(self, rules: Ruleset, seed: int) -> None:
        self.rules, self.r = rules, seed & 0xFFFFFFFFFFFFFFFF

    def choose(self, state: State, turn: Turn) -> Any:
        moves = tuple(m for m in turn.moves if str(m) not in self.rules.avoid) or turn.moves
        self.r, i = rng.below(self.r, len(moves))
        return moves[i]


class GreedyPlayer:
    def __init__(self, rules: Ruleset, seed: int) -> None:
        self.rules, self.r = rules, seed & 0xFFFFFFFFFFFFFFFF

    def choose(self, state: State, turn: Turn) -> Any:
        if len(turn.moves) == 1:
            return turn.moves[0]
        self.r, world_seed = rng.next_state(self.r)
        best, best_value = turn.moves[0], float("-inf")
        for move in turn.moves:
            world = state.view(turn.player, world_seed)
            _quiet(world)
            world.apply(_same(world, move))
            value = self.rules.evaluate(world, turn.player)
            if value > best_value:
                best, best_value = move, value
        return best


class SearchPlayer:
    def __init__(self, rules: Ruleset, seed: int, playouts: int = PLAYOUTS, rollout: int = ROLLOUT) -> None:
        self.rules, self.r, self.playouts, self.rollout = rules, seed & 0xFFFFFFFFFFFFFFFF, playouts, rollout

    def choose(self, state: State, turn: Turn) -> Any:
        if len(turn.moves) == 1:
            return turn.moves[0]
        best, best_score = turn.moves[0], float("-inf")
        for move in turn.moves:
            score = sum(self._playout(state, turn.player, move) for _ in range(self.playouts))
            if score > best_score:
                best, best_score = move, score
        return best

    def _playout(self, state: State, me: int, move: Any) -> float:
        self.r, world_seed = rng.next_state(self.r)
        world = state.view(me, world_seed)
        _quiet(world)
        world.apply(_same(world, move))
        for _ in range(self.rollout):
            turn = world.turn()
            if turn is None:
                break
            moves = tuple(m for m in turn.moves if str(m) not in self.rules.avoid) or turn.moves
            self.r, i = rng.below(self.r, len(moves))
            world.apply(moves[i])
        value = self.rules.evaluate(world, me)
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, value))))  # a win chance: smooth in the evaluation


def _quiet(state: State) -> None:
    if hasattr(state, "listen"):
        state.listen = False  # nobody reads a simulation's events


def _same(world: State, move: Any) -> Any:
    """The move as the view offers it (a game may make new move values for a copy)."""
    turn = world.turn()
    assert turn is not None
    return next((m for m in turn.moves if m is move), None) or next(m for m in turn.moves if str(m) == str(move))


def make_player(rules: Ruleset, name: str, seed: int) -> Player:
    """The player called `name`: random, greedy, search or search:N (N playouts a move)."""
    kind, _, budget = name.strip().partition(":")
    if kind == "random" and not budget:
        return RandomPlayer(rules, seed)
    if kind == "greedy" and not budget:
        return GreedyPlayer(rules, seed)
    if kind == "search" and (not budget or (budget.isascii() and budget.isdigit() and 0 < int(budget) < 100_000)):
        return SearchPlayer(rules, seed, int(budget) if budget else PLAYOUTS)
    raise UsageError(f"unknown player {name!r}: use random, greedy, search or search:N (N playouts a move)")
