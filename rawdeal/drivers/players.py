"""Computer players behind one interface, and a game between two of them.

A player answers `choose(game) -> Move` for the pending decision (`game.decision()`), and is seeded:
the same seeds give the same moves, so a game between bots replays byte for byte. `make_player`
is the one registry (`random`, `greedy`, `search`; `search:400` for a budget of 400 playouts,
`search:50ms` for 50 milliseconds a decision, which is not reproducible: it depends on the machine).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move, Surrender
from rawdeal.errors import UsageError

MAX_MOVES = 5000


class Player(Protocol):
    """Anything that answers the engine's decisions."""

    name: str

    def choose(self, game: Game) -> Move:
        """A legal move for the pending decision of `game` (which must not be over)."""
        ...


def candidates(game: Game) -> tuple[Move, ...]:
    """The legal moves worth considering: all of them but surrender while anything else is legal."""
    d = game.decision()
    assert d is not None, "the game is over"
    moves = d.moves
    if d.kind == "main" and len(moves) > 1:
        moves = tuple(m for m in moves if type(m) is not Surrender)
    return moves


class RandomPlayer:
    """Uniformly random legal moves (the same choices as `random_player.pick`)."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)

    def choose(self, game: Game) -> Move:
        from rawdeal.drivers.random_player import pick

        return pick(game, self.rnd)


PLAYERS = ("random", "greedy", "search")


def make_player(name: str, seed: int) -> Player:
    """The player called `name` (random, greedy, search, or search:N for N playouts), seeded."""
    kind, _, budget = name.partition(":")
    if kind == "random" and not budget:
        return RandomPlayer(seed)
    if kind == "greedy" and not budget:
        from rawdeal.drivers.greedy import GreedyPlayer

        return GreedyPlayer(seed)
    if kind == "search":
        from rawdeal.drivers.search import PLAYOUTS, SearchPlayer

        number = budget.removesuffix("ms")
        if budget and not (number.isascii() and number.isdigit() and len(number) < 10 and int(number) > 0):
            raise UsageError(f"player {name!r}: the budget after ':' is playouts or milliseconds, like search:400"
                             " or search:50ms")
        if budget.endswith("ms"):
            return SearchPlayer(seed, millis=int(number))
        return SearchPlayer(seed, int(budget) if budget else PLAYOUTS)
    raise UsageError(f"unknown player {name!r}: use one of {', '.join(PLAYERS)}"
                     " (search:N sets N playouts, search:Nms N milliseconds a decision)")


# Rough CPU cost of a decision, relative to the random player's (measured with benchmarks/bench_bots.py):
# for load balancing tournaments only, never for results.
COSTS = {"random": 1.0, "greedy": 20.0, "search": 300.0}


def player_cost(name: str) -> float:
    """The rough relative cost of a decision of player `name` (search:N scales with N playouts)."""
    kind, _, budget = name.partition(":")
    cost = COSTS.get(kind, COSTS["search"])
    if kind == "search" and budget:
        from rawdeal.drivers.search import PLAYOUTS

        number = int(budget.removesuffix("ms"))
        cost *= number / PLAYOUTS if not budget.endswith("ms") else number / 25
    return cost


def check_player(name: str) -> str:
    """`name` if the registry knows it; a UsageError otherwise (before any game starts)."""
    make_player(name, 0)
    return name


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game between two players ended: the winning seat (None: unfinished after max moves)."""

    winner: int | None
    how: str
    first: int
    moves: int


def play_match(game: Game, players: tuple[Player, Player], max_moves: int = MAX_MOVES) -> Outcome:
    """Let each seat's player answer its decisions until the game ends (or `max_moves`)."""
    first, played = game.s.current, 0
    while game.s.winner is None and played < max_moves:
        d = game.decision()
        assert d is not None
        game.apply(players[d.player].choose(game))
        played += 1
    return Outcome(game.s.winner, game.s.how or "unfinished", first, played)
