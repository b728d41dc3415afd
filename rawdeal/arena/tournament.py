"""Round-robin tournaments between entrants (a side played by a player), on one machine or more, in
any game: what is the game's own (its players, how a side is set up, one game played) is asked of
`rawdeal.games.matches`, so this module knows no game.

Every pair of entrants plays `games` games, alternating the seats. Game k of the pair (a, b) gets
its seed from the tournament seed and (a, b, k) alone, never from the order in which workers pick
games up, so a tournament gives the same results with any number of jobs or on a cluster: the seed
drives the game's shuffles and both players' generators.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from rawdeal.errors import UsageError
from rawdeal.games.matches import matches
from rawdeal.games.registry import DEFAULT

Progress = Callable[[float], None]  # called with the cost (`game_cost`) of the games just finished
BATCH_MOST = 50  # games in one task at most
MAX_MOVES = 5000  # a game still going after this many moves is a draw
WINDOW = 20_000  # games scheduled and held at once: a tournament's memory stays flat for any --games


@dataclass(frozen=True, slots=True)
class Entrant:
    deck: str  # the side's name (Raw Deal: its deck file's name without .txt; Fightdrome: the character)
    player: str
    setup: Any  # the side as the game's `matches` sets it up (Raw Deal: a Lineup; None: dealt at random)

    @property
    def label(self) -> str:
        return f"{self.deck}/{self.player}"


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything one game needs, so any process (or cluster worker) can play it alone."""

    index: int
    seed: int
    seats: tuple[int, int]  # entrant numbers at seat 0 and seat 1
    setups: tuple[Any, Any]  # each seat's side, as the game's `matches` sets it up
    players: tuple[str, str]
    options: tuple[str, ...]  # the game's rules options (Raw Deal: unshuffled for the course's profile)
    max_moves: int
    pair: int = -1  # the duplicate pair (`duplicate.schedule`) the game is half of; -1: none
    game: str = DEFAULT  # the registry's name


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    winner: int | None  # the winning seat; None: unfinished after max_moves (a draw)
    how: str
    first: int  # the seat that took the first turn
    moves: int


def game_seed(seed: int, a: int, b: int, k: int) -> int:
    """A 63-bit seed for game k between entrants a and b (stable across machines and versions)."""
    digest = hashlib.blake2b(f"{seed}:{a}:{b}:{k}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def schedule(entrants: Sequence[Entrant], games: int, seed: int, options: tuple[str, ...] = (),
             max_moves: int = MAX_MOVES, game: str = DEFAULT) -> list[GameSpec]:
    """All games of the round robin, in a fixed order; seats alternate within each pair."""
    return list(iter_schedule(entrants, games, seed, options, max_moves, game))


def iter_schedule(entrants: Sequence[Entrant], games: int, seed: int, options: tuple[str, ...] = (),
                  max_moves: int = MAX_MOVES, game: str = DEFAULT) -> Iterator[GameSpec]:
    """The games of `schedule`, one at a time (a tournament of any size is never held whole); a
    usage error at once, before any game. Two entrants whose sides cannot meet (`Matches.meets`)
    play no game."""
    if len(entrants) < 2:
        raise UsageError("a tournament needs at least two entrants (sides x players)")
    return _games(entrants, games, seed, options, max_moves, game)


def _games(entrants: Sequence[Entrant], games: int, seed: int, options: tuple[str, ...], max_moves: int,
           game: str) -> Iterator[GameSpec]:
    meets = matches(game).meets
    index = 0
    for a in range(len(entrants)):
        for b in range(a + 1, len(entrants)):
            if not meets(entrants[a].setup, entrants[b].setup):
                continue
            for k in range(games):
                seats = (a, b) if k % 2 == 0 else (b, a)
                one, two = entrants[seats[0]], entrants[seats[1]]
                yield GameSpec(index, game_seed(seed, a, b, k), seats, (one.setup, two.setup),
                               (one.player, two.player), options, max_moves, -1, game)
                index += 1


def total_cost(entrants: Sequence[Entrant], games: int, game: str = DEFAULT) -> float:
    """The summed `game_cost` of a round robin, without scheduling it (for an honest progress bar)."""
    rules = matches(game)
    costs = [rules.player_cost(e.player) for e in entrants]
    pairs = sum(costs[a] + costs[b] for a in range(len(costs)) for b in range(a + 1, len(costs))
                if rules.meets(entrants[a].setup, entrants[b].setup))
    return pairs * games


def windows(specs: Iterable[GameSpec], size: int | None = None) -> Iterator[list[GameSpec]]:
    """The games in consecutive lists of at most `size` (`WINDOW`)."""
    it = iter(specs)
    while chunk := list(islice(it, size or WINDOW)):
        yield chunk


def play_game(spec: GameSpec) -> GameResult:
    """One game of the tournament; player i's generator is seeded from the game seed and its seat."""
    winner, how, first, moves = matches(spec.game).play(spec.setups, spec.options, spec.seed, spec.players,
                                                        spec.max_moves)
    return GameResult(spec.index, winner, how, first, moves)


def play_batch(specs: Sequence[GameSpec]) -> list[GameResult]:
    """A few games in one task: fewer round trips to worker processes."""
    return [play_game(s) for s in specs]


def game_cost(spec: GameSpec) -> float:
    """How long the game should take, roughly (its players' cost a decision): for load balancing."""
    cost = matches(spec.game).player_cost
    return cost(spec.players[0]) + cost(spec.players[1])


def batches(specs: Sequence[GameSpec], workers: int) -> list[list[GameSpec]]:
    """The games in tasks for `workers` processes, costliest first (longest-processing-time first).

    A tournament mixes games that differ a hundredfold in cost (random against random, search
    against search), and in schedule order the costly ones come in runs: fixed-size chunks in that
    order leave workers idle at the end behind the last long chunk. Costliest first, in tasks of
    about 1/16 of a worker's share (never above `BATCH_MOST` games), the last tasks are the
    shortest, so all workers finish together."""
    order = sorted(specs, key=lambda s: -game_cost(s))  # stable: equal costs stay in schedule order
    share = sum(map(game_cost, order)) / max(1, workers * 16)
    out: list[list[GameSpec]] = []
    batch: list[GameSpec] = []
    cost = 0.0
    for spec in order:
        batch.append(spec)
        cost += game_cost(spec)
        if cost >= share or len(batch) >= BATCH_MOST:
            out.append(batch)
            batch, cost = [], 0.0
    return out + [batch] if batch else out


def run_local(specs: Sequence[GameSpec], jobs: int = 1, progress: Progress | None = None) -> list[GameResult]:
    """Play every game in this process (jobs=1) or in `jobs` worker processes; results by index."""
    results: list[GameResult] = []
    if jobs <= 1:
        for spec in specs:
            results.append(play_game(spec))
            if progress:
                progress(game_cost(spec))
        return results
    import gc
    from concurrent.futures import ProcessPoolExecutor, as_completed

    for game in {s.game for s in specs}:
        matches(game).prepare()  # loaded once here: forked workers inherit it instead of loading it each
    gc.freeze()  # and never walk it: a collection would touch, so copy, every shared page
    cost = {s.index: game_cost(s) for s in specs}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for future in as_completed([pool.submit(play_batch, b) for b in batches(specs, jobs)]):
            done = future.result()
            results += done
            if progress:
                progress(sum(cost[r.index] for r in done))
    gc.unfreeze()
    return sorted(results, key=lambda r: r.index)


def entrants(sides: Sequence[tuple[str, Any]], players: Sequence[str]) -> list[Entrant]:
    """Every side (its name and setup, from the game's `Matches.sides`) with every player, sides first."""
    return [Entrant(name, p, setup) for name, setup in sides for p in players]
