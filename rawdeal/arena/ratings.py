"""Elo ratings of several players from their head-to-head scores, with 95% intervals.

Each pairing of players gives a score s (A's mean over its units: duplicate pairs, or games when
not duplicate), its variance v over those units, and so an Elo difference d = 400 log10(s / (1 - s))
with variance (400 / ln 10)^2 v / (n (s (1 - s))^2) (the delta method). The ratings are the weighted
least-squares fit of every difference (weights 1 / variance), with the anchor (`random` when it
plays, else the first player) held at 0; their covariance is the inverse of the fit's normal matrix.
With two players this is the pairing's own Elo and interval; with more, every pairing informs every
rating (a Bradley-Terry fit would give nearly the same centres). A score of 0 or 1 has no finite Elo:
as for the pair score's interval, one won and one lost unit are added to every pairing first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rawdeal.arena.pairscore import Z95

ELO = 400.0 / math.log(10.0)


@dataclass(frozen=True, slots=True)
class Head:
    """Player a's results against player b over n units, each scored in [0, 1]."""

    a: int
    b: int
    n: int
    total: float  # the sum of a's unit scores
    squares: float  # the sum of their squares


@dataclass(frozen=True, slots=True)
class Rating:
    player: str
    elo: float
    low: float
    high: float
    anchor: bool = False


def fit(players: Sequence[str], heads: Sequence[Head], anchor: str = "random") -> tuple[Rating, ...]:
    """The players' Elo ratings (the anchor at 0) with 95% intervals; an infinite interval for a
    player no pairing connects to the anchor."""
    fixed = players.index(anchor) if anchor in players else 0
    free = [i for i in range(len(players)) if i != fixed]
    where = {p: k for k, p in enumerate(free)}
    size = len(free)
    normal = [[0.0] * size for _ in range(size)]
    rhs = [0.0] * size
    for h in heads:
        if not h.n:
            continue
        d, v = _difference(h)
        w = 1.0 / v
        for i, sign in ((h.a, 1.0), (h.b, -1.0)):
            if i in where:
                rhs[where[i]] += sign * w * d
                for j, other in ((h.a, 1.0), (h.b, -1.0)):
                    if j in where:
                        normal[where[i]][where[j]] += sign * other * w
    inverse = _invert(normal)
    out = []
    for i, name in enumerate(players):
        if i == fixed:
            out.append(Rating(name, 0.0, 0.0, 0.0, True))
            continue
        k = where[i]
        if inverse is None or inverse[k][k] <= 0:
            out.append(Rating(name, 0.0, -math.inf, math.inf))
            continue
        elo = sum(inverse[k][j] * rhs[j] for j in range(size))
        half = Z95 * math.sqrt(inverse[k][k])
        out.append(Rating(name, elo, elo - half, elo + half))
    return tuple(out)


def _difference(h: Head) -> tuple[float, float]:
    """The Elo difference a - b and its variance, from a's unit scores (one won and one lost unit added)."""
    n = h.n + 2
    mean = (h.total + 1.0) / n
    var = max((h.squares + 1.0) / n - mean * mean, 1e-9)
    return ELO * math.log(mean / (1.0 - mean)), ELO * ELO * var / (n * (mean * (1.0 - mean)) ** 2)


def _invert(m: list[list[float]]) -> list[list[float]] | None:
    """The inverse of a small symmetric matrix (Gauss-Jordan with partial pivoting); None if singular."""
    n = len(m)
    a = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        a[col] = [x / lead for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [row[n:] for row in a]
