"""Duplicate deals: every deal played twice, the players' seats swapped, to take the luck out.

With random decks most deals are won by a deck or a seat whoever plays it: two equal greedy players
split 80% of deals one game each. As in duplicate bridge and the computer poker competition, each
deal (the decks at each seat and the game seed, hence the shuffles and the engine's random choices)
is played by A against B and again by B against A, and a pair is scored as a whole (`pairscore`).

Deal k between deck i at seat 0 and deck j at seat 1 (i <= j; random legal decks drawn from the
deal's seed with `random_decks`) gets its seed from the tournament seed and (i, j, k) alone: every
pairing of players meets the same deals, so two players' scores against a third compare on common
ground, and no result depends on the number of jobs, on the cluster, or on the order games finish.
Each seat's player is seeded from the deal and the seat, the same in both games of a pair.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from rawdeal.arena.pairscore import Pentanomial
from rawdeal.arena.ratings import Head
from rawdeal.arena.selfplay import Lineup, game_decks
from rawdeal.arena.sprt import Sprt
from rawdeal.arena.tournament import Entrant, GameResult, GameSpec
from rawdeal.bots.registry import player_cost
from rawdeal.errors import UsageError

RANDOM = "random-decks"  # the deck name of entrants that play random legal decks
ROUND = 8  # pairs per worker between two looks of a sequential test


@dataclass(frozen=True, slots=True)
class PairScore:
    """Player A's pairs against player B (A = players[0])."""

    players: tuple[str, str]
    penta: Pentanomial


def deal_seed(seed: int, i: int, j: int, k: int) -> int:
    """A 63-bit seed for deal k of deck i (seat 0) against deck j (seat 1)."""
    digest = hashlib.blake2b(f"{seed}:deal:{i}:{j}:{k}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def random_entrants(players: Sequence[str]) -> list[Entrant]:
    """One entrant per player, whose decks every deal draws at random (`schedule(random_decks=True)`)."""
    return [Entrant(RANDOM, p, Lineup("", ())) for p in players]


def schedule(entrants: Sequence[Entrant], players: Sequence[str], deals: int, seed: int, profile: str = "standard",
             max_moves: int = 5000, random_decks: bool = False) -> list[GameSpec]:
    """Every deal for every pairing of players, each as two consecutive games (one pair), as a list."""
    return list(iter_schedule(entrants, players, deals, seed, profile, max_moves, random_decks))


def iter_schedule(entrants: Sequence[Entrant], players: Sequence[str], deals: int, seed: int,
                  profile: str = "standard", max_moves: int = 5000, random_decks: bool = False) -> Iterator[GameSpec]:
    """The games of `schedule` one at a time (a tournament of any size is never held whole); a usage
    error at once, before any game.

    `entrants` are decks x players, decks first (`tournament.entrants`): entrant d * P + p is deck d
    played by player p. Deals run k-major, so a test that stops early has seen every deck pairing."""
    if len(players) < 2:
        raise UsageError("duplicate deals compare players: name at least two with --players")
    return _deals(entrants, players, deals, seed, profile, max_moves, random_decks)


def _deals(entrants: Sequence[Entrant], players: Sequence[str], deals: int, seed: int, profile: str,
           max_moves: int, random_decks: bool) -> Iterator[GameSpec]:
    width = len(players)
    decks = len(entrants) // width
    index = 0
    for k in range(deals):
        for i in range(decks):
            for j in range(i, decks):
                s = deal_seed(seed, i, j, k)
                lineups = game_decks(s, None) if random_decks else (entrants[i * width].lineup,
                                                                     entrants[j * width].lineup)
                for p in range(width):
                    for q in range(p + 1, width):
                        for a, b in ((p, q), (q, p)):
                            yield GameSpec(index, s, (i * width + a, j * width + b), lineups,
                                           (players[a], players[b]), profile, max_moves, index // 2)
                            index += 1


def total_cost(entrants: Sequence[Entrant], players: Sequence[str], deals: int) -> float:
    """The summed `game_cost` of `schedule`, without scheduling it (for an honest progress bar)."""
    costs = [player_cost(p) for p in players]
    decks = len(entrants) // max(1, len(players))
    per_deal = sum(2 * (costs[p] + costs[q]) for p in range(len(costs)) for q in range(p + 1, len(costs)))
    return deals * decks * (decks + 1) // 2 * per_deal


def pair_scores(specs: Sequence[GameSpec], results: Sequence[GameResult], players: Sequence[str]) -> list[PairScore]:
    """Each pairing of players (in `players` order) with its pairs' pentanomial; pairs with a game
    missing (a sequential test stopped between them) are left out."""
    count = PairCount(players)
    for r in results:
        count.add(specs[r.index], r)
    return count.scores()


class PairCount:
    """Duplicate pairs scored as their games finish: a pair's game waits (alone) for the other one,
    then both are folded into their pairing's pentanomial, so no result is kept."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = list(players)
        self.order = {p: n for n, p in enumerate(players)}
        self.waiting: dict[int, tuple[GameSpec, GameResult]] = {}  # by the pair's first index
        self.cells: dict[tuple[int, int], Pentanomial] = {}

    def add(self, spec: GameSpec, result: GameResult) -> None:
        key = spec.index - spec.index % 2
        other = self.waiting.pop(key, None)
        if other is None:
            self.waiting[key] = (spec, result)
            return
        (one, first), (_, second) = sorted((other, (spec, result)), key=lambda half: half[0].index)
        a, b = (self.order[n] for n in one.players)
        points = _points(first, 0) + _points(second, 1)
        cell, points = ((a, b), points) if a < b else ((b, a), 2 - points)
        self.cells[cell] = self.cells.get(cell, Pentanomial()).add(points)

    def scores(self) -> list[PairScore]:
        return [PairScore((self.players[a], self.players[b]), self.cells[a, b]) for a, b in sorted(self.cells)]


def _points(result: GameResult, seat: int) -> float:
    return 0.5 if result.winner is None else float(result.winner == seat)


def heads(scores: Sequence[PairScore], players: Sequence[str]) -> list[Head]:
    """The pairings as the ratings fit wants them: units are pairs, scored A's points / 2."""
    out = []
    for ps in scores:
        counts = ps.penta.counts
        total = sum(c * k / 4 for k, c in enumerate(counts))
        squares = sum(c * (k / 4) ** 2 for k, c in enumerate(counts))
        out.append(Head(players.index(ps.players[0]), players.index(ps.players[1]), ps.penta.pairs, total, squares))
    return out


Run = Callable[[Sequence[GameSpec]], list[GameResult]]
Keep = Callable[[GameSpec, GameResult], None]  # counts one game played (`contest.Count.add`)


@dataclass(frozen=True, slots=True)
class Stopped:
    """Where a sequential test left a match: the pairs played, its verdict (None: undecided), its LLR."""

    pairs: int
    verdict: str | None
    llr: float


def run_sequential(specs: Iterable[GameSpec], test: Sprt, run: Run, keep: Keep, workers: int = 1) -> Stopped:
    """Play the pairs of a two-player match in rounds until `test` decides or the pairs run out,
    handing each game counted to `keep` (in schedule order) as its round comes back.

    The test is applied pair by pair in deal order, and the results after the pair where it decided
    are dropped, so the stopping point (and every figure) is the same whatever `workers` is; a round
    plays `ROUND` pairs per worker, the most that can be played in vain."""
    games, penta, step = iter(specs), Pentanomial(), 2 * ROUND * max(1, workers)
    while part := list(islice(games, step)):
        by_index = {r.index: r for r in run(part)}
        for one, two in zip(part[::2], part[1::2]):
            first, second = by_index[one.index], by_index[two.index]
            keep(one, first)
            keep(two, second)
            penta = penta.add(_points(first, 0) + _points(second, 1))
            verdict = test.verdict(penta)
            if verdict is not None:
                return Stopped(penta.pairs, verdict, test.llr(penta))
    return Stopped(penta.pairs, None, test.llr(penta))


def game_heads(specs: Sequence[GameSpec], results: Sequence[GameResult], players: Sequence[str]) -> list[Head]:
    """The pairings of different players when games are not paired: units are games."""
    count = HeadCount(players)
    for r in results:
        count.add(specs[r.index], r)
    return count.heads()


class HeadCount:
    """`game_heads` summed as games finish (points are halves: the sums are exact in any order)."""

    def __init__(self, players: Sequence[str]) -> None:
        self.order = {p: n for n, p in enumerate(players)}
        self.sums: dict[tuple[int, int], tuple[int, float, float]] = {}

    def add(self, spec: GameSpec, result: GameResult) -> None:
        a, b = (self.order[n] for n in spec.players)
        if a == b:
            return
        points = _points(result, 0)
        key, points = ((a, b), points) if a < b else ((b, a), 1 - points)
        n, total, squares = self.sums.get(key, (0, 0.0, 0.0))
        self.sums[key] = (n + 1, total + points, squares + points * points)

    def heads(self) -> list[Head]:
        return [Head(a, b, *self.sums[a, b]) for a, b in sorted(self.sums)]
