"""The players by name: `random`, `greedy`, `search` (greedy's choice checked by playing the next
turns out: `bots.turns`), `omniscient` (the tree search shown the hidden cards: a ceiling for
measuring `search`); `search:16` for 16 sampled worlds a checked decision (`omniscient:400`: 400
playouts), `search:50ms` for 50 milliseconds, which is not reproducible: it depends on the machine.
"""

from __future__ import annotations

from rawdeal.bots.base import Player
from rawdeal.bots.greedy import GreedyPlayer
from rawdeal.bots.random import RandomPlayer
from rawdeal.bots.search import PLAYOUTS, OmniscientPlayer
from rawdeal.bots.turns import WORLDS, TurnSearchPlayer
from rawdeal.errors import UsageError

PLAYERS = ("random", "greedy", "search", "omniscient")


def make_player(name: str, seed: int) -> Player:
    """The player called `name` (random, greedy, search, omniscient; search:N for N worlds a checked
    decision, omniscient:N for N playouts), seeded."""
    kind, _, budget = name.partition(":")
    if kind == "random" and not budget:
        return RandomPlayer(seed)
    if kind == "greedy" and not budget:
        return GreedyPlayer(seed)
    if kind in ("search", "omniscient"):
        number = budget.removesuffix("ms")
        if budget and not (number.isascii() and number.isdigit() and len(number) < 10 and int(number) > 0):
            raise UsageError(f"player {name!r}: the budget after ':' is worlds (search), playouts (omniscient) or"
                             " milliseconds, like search:16 or search:50ms")
        if budget.endswith("ms"):
            return (OmniscientPlayer if kind == "omniscient" else TurnSearchPlayer)(seed, millis=int(number))
        if kind == "omniscient":
            return OmniscientPlayer(seed, int(budget) if budget else PLAYOUTS)
        return TurnSearchPlayer(seed, int(budget) if budget else WORLDS)
    raise UsageError(f"unknown player {name!r}: use one of {', '.join(PLAYERS)}"
                     " (search:N sets N sampled worlds, omniscient:N N playouts, search:Nms N milliseconds a decision)")


# Rough CPU cost of a decision, relative to the random player's (measured with benchmarks/bench_bots.py):
# for load balancing tournaments only, never for results.
COSTS = {"random": 1.0, "greedy": 20.0, "search": 300.0}


def player_cost(name: str) -> float:
    """The rough relative cost of a decision of player `name` (search:N and omniscient:N scale with N)."""
    kind, _, budget = name.partition(":")
    cost = COSTS.get(kind, COSTS["search"])
    if kind in ("search", "omniscient") and budget:
        number = int(budget.removesuffix("ms"))
        per = (WORLDS if kind == "search" else PLAYOUTS) if not budget.endswith("ms") else 25
        cost *= number / per
    return cost


def check_player(name: str) -> str:
    """`name` if the registry knows it; a UsageError otherwise (before any game starts)."""
    make_player(name, 0)
    return name
