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
    n = len(entrants)
    overall = [Rate() for _ in range(n)]
    matrix = [[Rate() for _ in range(n)] for _ in range(n)]
    first, ended, moves = Rate(), Counter[str](), 0
    for r in sorted(results, key=lambda r: r.index):
        seats = specs[r.index].seats
        drawn = r.winner is None
        for seat in (0, 1):
            me, other = seats[seat], seats[1 - seat]
            overall[me] = overall[me].add(r.winner == seat, drawn)
            matrix[me][other] = matrix[me][other].add(r.winner == seat, drawn)
        first = first.add(r.winner == r.first, drawn)
        ended[r.how] += 1
        moves += r.moves
    order = tuple(sorted(ended.items(), key=lambda kv: (-kv[1], kv[0])))
    return Standings(tuple(e.label for e in entrants), tuple(overall), tuple(map(tuple, matrix)), first, order, moves)
