"""Tournament results: win rates with 95% confidence intervals, the first-player advantage, endings.

A win counts 1, an unfinished game (a draw) 1/2. Intervals are Wilson score intervals, which stay
inside [0, 1] and behave for small samples and rates near 0 or 1.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rawdeal.arena.tournament import Entrant, GameResult, GameSpec

Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class Rate:
    """Wins and draws out of games, for one side."""

    wins: int = 0
    draws: int = 0
    games: int = 0

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.games)

    def add(self, won: bool, drawn: bool) -> Rate:
        return Rate(self.wins + won, self.draws + drawn, self.games + 1)


def wilson(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate p observed over n trials."""
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Standings:
    entrants: tuple[str, ...]
    overall: tuple[Rate, ...]
    matrix: tuple[tuple[Rate, ...], ...]  # matrix[i][j]: entrant i against entrant j
    first: Rate  # how the player who took the first turn fared
    ended: tuple[tuple[str, int], ...]  # (how, games), most frequent first
    moves: int


def standings(entrants: Sequence[Entrant], specs: Sequence[GameSpec], results: Sequence[GameResult]) -> Standings:
    tally = Tally(len(entrants))
    for r in sorted(results, key=lambda r: r.index):
        tally.add(specs[r.index].seats, r)
    return tally.standings(entrants)


class Tally:
    """Standings counted as games finish, so a tournament never keeps its results (flat memory)."""

    def __init__(self, n: int) -> None:
        self.overall = [Rate() for _ in range(n)]
        self.matrix = [[Rate() for _ in range(n)] for _ in range(n)]
        self.first, self.ended, self.moves = Rate(), Counter[str](), 0

    def add(self, seats: tuple[int, int], r: GameResult) -> None:
        drawn = r.winner is None
        for seat in (0, 1):
            me, other = seats[seat], seats[1 - seat]
            self.overall[me] = self.overall[me].add(r.winner == seat, drawn)
            self.matrix[me][other] = self.matrix[me][other].add(r.winner == seat, drawn)
        self.first = self.first.add(r.winner == r.first, drawn)
        self.ended[r.how] += 1
        self.moves += r.moves

    def standings(self, entrants: Sequence[Entrant]) -> Standings:
        order = tuple(sorted(self.ended.items(), key=lambda kv: (-kv[1], kv[0])))
        return Standings(tuple(e.label for e in entrants), tuple(self.overall), tuple(map(tuple, self.matrix)),
                         self.first, order, self.moves)
