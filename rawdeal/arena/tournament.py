"""Round-robin tournaments between entrants (a deck played by a player), on one machine or more.

Every pair of entrants plays `games` games, alternating the seats. Game k of the pair (a, b) gets
its seed from the tournament seed and (a, b, k) alone, never from the order in which workers pick
games up, so a tournament gives the same results with any number of jobs or on a cluster: the seed
drives the engine's shuffles and both players' generators.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from rawdeal.bots.base import MAX_MOVES, play_match
from rawdeal.bots.registry import make_player, player_cost
from rawdeal.arena.selfplay import Lineup, start_game
from rawdeal.errors import UsageError

Progress = Callable[[float], None]  # called with the cost (`game_cost`) of the games just finished
BATCH_MOST = 50  # games in one task at most
WINDOW = 20_000  # games scheduled and held at once: a tournament's memory stays flat for any --games


@dataclass(frozen=True, slots=True)
class Entrant:
    deck: str  # the deck's name (its file name without .txt)
    player: str
    lineup: Lineup

    @property
    def label(self) -> str:
        return f"{self.deck}/{self.player}"


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything one game needs, so any process (or cluster worker) can play it alone."""

    index: int
    seed: int
    seats: tuple[int, int]  # entrant numbers at seat 0 and seat 1
    decks: tuple[Lineup, Lineup]
    players: tuple[str, str]
    profile: str
    max_moves: int
    pair: int = -1  # the duplicate pair (`duplicate.schedule`) the game is half of; -1: none


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


def schedule(entrants: Sequence[Entrant], games: int, seed: int, profile: str = "standard",
             max_moves: int = MAX_MOVES) -> list[GameSpec]:
    """All games of the round robin, in a fixed order; seats alternate within each pair."""
    return list(iter_schedule(entrants, games, seed, profile, max_moves))


def iter_schedule(entrants: Sequence[Entrant], games: int, seed: int, profile: str = "standard",
                  max_moves: int = MAX_MOVES) -> Iterator[GameSpec]:
    """The games of `schedule`, one at a time (a tournament of any size is never held whole); a
    usage error at once, before any game."""
    if len(entrants) < 2:
        raise UsageError("a tournament needs at least two entrants (decks x players)")
    return _games(entrants, games, seed, profile, max_moves)


def _games(entrants: Sequence[Entrant], games: int, seed: int, profile: str, max_moves: int) -> Iterator[GameSpec]:
    index = 0
    for a in range(len(entrants)):
        for b in range(a + 1, len(entrants)):
            for k in range(games):
                seats = (a, b) if k % 2 == 0 else (b, a)
                one, two = entrants[seats[0]], entrants[seats[1]]
                yield GameSpec(index, game_seed(seed, a, b, k), seats, (one.lineup, two.lineup),
                               (one.player, two.player), profile, max_moves)
                index += 1


def total_cost(entrants: Sequence[Entrant], games: int) -> float:
    """The summed `game_cost` of a round robin, without scheduling it (for an honest progress bar)."""
    costs = [player_cost(e.player) for e in entrants]
    pairs = sum(costs[a] + costs[b] for a in range(len(costs)) for b in range(a + 1, len(costs)))
    return pairs * games


def windows(specs: Iterable[GameSpec], size: int | None = None) -> Iterator[list[GameSpec]]:
    """The games in consecutive lists of at most `size` (`WINDOW`)."""
    it = iter(specs)
    while chunk := list(islice(it, size or WINDOW)):
        yield chunk


def play_game(spec: GameSpec) -> GameResult:
    """One game of the tournament; player i's generator is seeded from the game seed and its seat."""
    game = start_game(spec.decks, spec.profile, spec.seed)
    players = (make_player(spec.players[0], spec.seed * 2), make_player(spec.players[1], spec.seed * 2 + 1))
    out = play_match(game, players, spec.max_moves)
    return GameResult(spec.index, out.winner, out.how, out.first, out.moves)


def play_batch(specs: Sequence[GameSpec]) -> list[GameResult]:
    """A few games in one task: fewer round trips to worker processes."""
    return [play_game(s) for s in specs]


def game_cost(spec: GameSpec) -> float:
    """How long the game should take, roughly (its players' cost a decision): for load balancing."""
    return sum(player_cost(p) for p in spec.players)


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

    from rawdeal.engine.cardinfo import catalog

    catalog()  # compiled once here: forked workers inherit it instead of compiling it each
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


def entrants(deck_paths: Sequence[str], players: Sequence[str]) -> list[Entrant]:
    """Every deck (files, or folders of *.txt decks) with every player, decks first; every deck
    must be legal (the first broken rule is reported with its file and line)."""
    from pathlib import PurePath

    from rawdeal.cards import load_db
    from rawdeal.decks import check_file, deck_paths as expand, read_deck
    from rawdeal.errors import DeckError

    db = load_db()
    paths = expand(deck_paths)
    if len(set(paths)) < len(paths):
        raise UsageError("a deck is named twice; name each deck once")
    stems = [PurePath(p).stem for p in paths]
    names = stems if len(set(stems)) == len(stems) else paths
    out = []
    for path, name in zip(paths, names):
        report = check_file(path, db)
        if not report.valid:
            v = report.errors[0]
            more = f" (and {len(report.errors) - 1} more; run `rawdeal check {path}`)" if len(report.errors) > 1 else ""
            raise DeckError(f"{path}:{v.line}: {v.rule}: {v.message}{more}")
        deck = read_deck(path)
        out += [Entrant(name, p, Lineup(deck.superstar, deck.titles)) for p in players]
    return out
