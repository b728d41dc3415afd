"""Scores of duplicate pairs: how one player fared over the two games of a deal, and its interval.

A duplicate pair is one deal played twice with the players' seats swapped. Player A's points in it
(1 a win, 1/2 an unfinished game) are 0, 1/2, 1, 3/2 or 2: the pentanomial of fishtest. Won both,
split and lost both are the 2, 1 and 0 cells; the two others need an unfinished game. The pair score
is A's points over 2, averaged over the pairs. The deal's luck (a deck or seat that wins whoever
plays it) gives a split, 1/2, so it moves the pair score far less than a single game's result.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Z95 = 1.959964
CELLS = 5  # A's points in a pair, in half points: 0, 1/2, 1, 3/2, 2


@dataclass(frozen=True, slots=True)
class Pentanomial:
    """How many pairs gave player A each of 0, 1/2, 1, 3/2 and 2 points."""

    counts: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    @classmethod
    def of(cls, points: Iterable[float]) -> Pentanomial:
        """From A's points in each pair (each a multiple of 1/2 in [0, 2])."""
        counts = [0] * CELLS
        for p in points:
            counts[round(p * 2)] += 1
        return cls(tuple(counts))  # type: ignore[arg-type]

    def add(self, points: float) -> Pentanomial:
        counts = list(self.counts)
        counts[round(points * 2)] += 1
        return Pentanomial(tuple(counts))  # type: ignore[arg-type]

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def won_both(self) -> int:
        return self.counts[4]

    @property
    def split(self) -> int:
        return self.counts[2]

    @property
    def lost_both(self) -> int:
        return self.counts[0]

    @property
    def score(self) -> float:
        """A's mean pair score (points over 2), 1/2 with no pairs."""
        return mean_var(self.counts)[0] if self.pairs else 0.5

    def interval(self, z: float = Z95) -> tuple[float, float]:
        return pair_interval(self.counts, z)

    def swapped(self) -> Pentanomial:
        """The same pairs from B's side."""
        return Pentanomial(self.counts[::-1])


def mean_var(counts: Sequence[float]) -> tuple[float, float]:
    """Mean and (population) variance of the pair score over pairs counted by cell."""
    n = sum(counts)
    mean = sum(c * k / 4 for k, c in enumerate(counts)) / n
    var = sum(c * (k / 4 - mean) ** 2 for k, c in enumerate(counts)) / n
    return mean, var


def pair_interval(counts: tuple[int, ...], z: float = Z95) -> tuple[float, float]:
    """An interval on the mean pair score: the normal one over the pairs, with one won-both and one
    lost-both pair added (as Agresti and Coull add successes and failures to a rate), so a few pairs,
    or pairs that all went one way, still get an honest width; clipped to [0, 1]."""
    if not sum(counts):
        return 0.0, 1.0
    padded = [c + (k in (0, CELLS - 1)) for k, c in enumerate(counts)]
    mean, var = mean_var(padded)
    half = z * math.sqrt(var / sum(padded))
    return max(0.0, mean - half), min(1.0, mean + half)
