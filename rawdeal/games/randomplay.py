"""Seeded random games of any game, with the invariants checked: the generic selfplay.

The random player draws from the engine's SplitMix64 generator (`rawdeal.engine.rng`), seeded by the
game's seed, so a game is replayed exactly from its seed or its move file. A failure keeps the moves
that reproduce it."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from rawdeal.engine import rng
from rawdeal.errors import RawdealError
from rawdeal.games.protocol import Ruleset, State

MAX_MOVES = 5000
_PLAYER_SALT = 0x5F3759DF  # the player's generator is not the game's: same seed, other numbers


class RandomGameError(RawdealError):
    """A random game broke an invariant, crashed, or did not end; `moves` reproduce it."""

    def __init__(self, seed: int, problem: str, moves: tuple[str, ...]) -> None:
        self.seed, self.problem, self.moves = seed, problem, moves
        super().__init__(f"seed {seed}: {problem}")

    def __reduce__(self) -> tuple[Any, ...]:  # from a worker process: made again from its fields
        return type(self), (self.seed, self.problem, self.moves)


def pick(rules: Ruleset, state: State, player_rng: int) -> tuple[int, Any]:
    """A uniformly random legal move (avoiding the ruleset's `avoid` moves while others exist)."""
    turn = state.turn()
    assert turn is not None
    moves = turn.moves
    if rules.avoid:
        moves = tuple(m for m in moves if str(m) not in rules.avoid) or moves
    player_rng, i = rng.below(player_rng, len(moves))
    return player_rng, moves[i]


def play_random(rules: Ruleset, state: State, seed: int, check: bool = False,
                max_moves: int = MAX_MOVES) -> list[Any]:
    """Random moves until the game ends; the moves. With `check`, the invariants after every move."""
    played: list[Any] = []
    r = (seed ^ _PLAYER_SALT) & 0xFFFFFFFFFFFFFFFF
    listen = getattr(state, "listen", None)
    if listen is not None:
        state.listen = False  # type: ignore[attr-defined]  # nobody reads these events: not even built
    try:
        while not state.over:
            if len(played) >= max_moves:
                raise AssertionError(f"the game did not end within {max_moves} moves")
            r, move = pick(rules, state, r)
            played.append(move)
            state.apply(move)
            if check:
                state.check()
        state.check()
    except Exception as exc:  # a failing seed must give the move file that reproduces it
        raise RandomGameError(seed, f"{type(exc).__name__}: {exc}", tuple(map(str, played))) from exc
    finally:
        if listen is not None:
            state.listen = listen  # type: ignore[attr-defined]
    return played


@dataclass(frozen=True, slots=True)
class Played:
    """How one selfplay game ended: the tally's word ("" while unfinished), its moves, the winning seat
    (None: unfinished, or not told)."""

    how: str
    moves: int
    winner: int | None = None


@dataclass
class Tally:
    """Games counted as they end, and the first failure (what the game's `play` returned instead of a
    `Played`). A game's selfplay prints it its own way (`lines`)."""

    games: int = 0
    moves: int = 0
    ended: Counter[str] = field(default_factory=Counter)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    failure: Any = None

    def add(self, played: Played) -> None:
        self.games += 1
        self.moves += played.moves
        self.ended[played.how or "unfinished"] += 1
        if played.winner is not None:
            self.wins[played.winner] += 1

    def merge(self, part: Tally) -> None:
        self.games += part.games
        self.moves += part.moves
        self.ended.update(part.ended)
        self.wins = [a + b for a, b in zip(self.wins, part.wins)]


PlayOne = Callable[[int], Any]  # a seed's game: a Played, or the game's failure (which stops the run)
START_METHOD = "fork" if sys.platform == "linux" else None  # workers inherit what the parent loaded


WINDOW = 64  # chunks handed to each worker process at a time


def run_games(play: PlayOne, games: int, seed: int, tally: Callable[[], Tally], jobs: int = 1,
              on_game: Callable[[int], None] | None = None) -> Tally:
    """Games `seed` .. `seed + games - 1` played by `play` (a picklable callable), counted in a fresh
    `tally()`; the first failure stops the run. With `jobs` > 1 they run in that many processes in
    chunks of consecutive seeds merged in seed order, so the tally (and the first failure) is the one
    `jobs=1` gives. `on_game(n)` is told the games counted so far."""
    if jobs <= 1 or games <= 1:
        return _play_range((play, seed, games, tally), on_game)
    import multiprocessing

    size = max(1, min(250, games // (jobs * 8)))  # small enough to balance, large enough to be cheap
    chunks = ((play, seed + start, min(size, games - start), tally) for start in range(0, games, size))
    total = tally()
    with multiprocessing.get_context(START_METHOD).Pool(jobs) as pool:
        # a window of chunks at a time: a pool queues every task it is given, so --games 10^9 at once
        # would hold millions of them; in windows, memory stays flat
        while window := list(islice(chunks, jobs * WINDOW)):
            for part in pool.imap(_play_range, window):  # in seed order
                total.merge(part)
                if on_game is not None:
                    on_game(total.games)
                if part.failure is not None:  # the games after it are dropped, as with one job
                    total.failure = part.failure
                    return total
    return total


def _play_range(chunk: tuple[PlayOne, int, int, Callable[[], Tally]],
                on_game: Callable[[int], None] | None = None) -> Tally:
    play, first, games, tally = chunk
    summary = tally()
    for game_seed in range(first, first + games):
        out = play(game_seed)
        if not isinstance(out, Played):
            summary.failure = out
            return summary
        summary.add(out)
        if on_game is not None:
            on_game(summary.games)
    return summary


@dataclass
class Summary(Tally):
    """A ruleset's selfplay: the tally, and the setup of the failing game (for its reproduction)."""

    setup: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        how = ", ".join(f"{k} {n}" for k, n in sorted(self.ended.items()))
        mean = self.moves / self.games if self.games else 0.0
        return [f"games: {self.games}", f"ended: {how or 'none'}", f"wins: first seat {self.wins[0]}, second seat {self.wins[1]}",
                f"moves: {self.moves} ({mean:.1f} a game)"]


@dataclass(frozen=True)
class RulesetGames:
    """Random games of a ruleset by its name (picklable: worker processes load the ruleset themselves)."""

    game: str
    options: tuple[str, ...] = ()
    check: bool = False
    max_moves: int = MAX_MOVES

    def __call__(self, game_seed: int) -> Played | tuple[RandomGameError, tuple[str, ...]]:
        from rawdeal.games.registry import ruleset

        rules = ruleset(self.game)
        setup = rules.random_setup(game_seed)
        try:
            state, _ = rules.start(setup, game_seed, self.options)
            moves = play_random(rules, state, game_seed, self.check, self.max_moves)
        except RandomGameError as exc:
            return exc, setup
        return Played(state.how, len(moves), state.winner)


def _summary() -> Summary:
    return Summary()


def selfplay(rules: Ruleset, games: int, seed: int, options: Sequence[str] = (), check: bool = False,
             max_moves: int = MAX_MOVES) -> Summary:
    """Games `seed` .. `seed + games - 1`; stops at the first failure (kept in `failure`)."""
    return selfplay_jobs(rules, games, seed, options, check, 1, max_moves)


def selfplay_jobs(rules: Ruleset, games: int, seed: int, options: Sequence[str] = (), check: bool = False,
                  jobs: int = 1, max_moves: int = MAX_MOVES, on_game: Callable[[int], None] | None = None) -> Summary:
    """`selfplay` in `jobs` processes (`run_games`): the same summary as one process gives."""
    total = run_games(RulesetGames(rules.name, tuple(options), check, max_moves), games, seed, _summary, jobs, on_game)
    assert isinstance(total, Summary)
    if total.failure is not None:
        total.failure, total.setup = total.failure
    return total
