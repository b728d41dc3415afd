"""Seeded random games of any game, with the invariants checked: the generic selfplay.

The random player draws from the engine's SplitMix64 generator (`rawdeal.engine.rng`), seeded by the
game's seed, so a game is replayed exactly from its seed or its move file. A failure keeps the moves
that reproduce it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from rawdeal.engine import rng
from rawdeal.errors import RawdealError
from rawdeal.games.protocol import Ruleset, State

MAX_MOVES = 5000
WINDOW = 64  # chunks handed to the worker processes at once, per process
_PLAYER_SALT = 0x5F3759DF  # the player's generator is not the game's: same seed, other numbers


class RandomGameError(RawdealError):
    """A random game broke an invariant, crashed, or did not end; `moves` reproduce it."""

    def __init__(self, seed: int, problem: str, moves: tuple[str, ...]) -> None:
        self.seed, self.problem, self.moves = seed, problem, moves
        super().__init__(f"seed {seed}: {problem}")


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


@dataclass
class Summary:
    games: int = 0
    moves: int = 0
    ended: Counter[str] = field(default_factory=Counter)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    failure: RandomGameError | None = None
    setup: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        how = ", ".join(f"{k} {n}" for k, n in sorted(self.ended.items()))
        mean = self.moves / self.games if self.games else 0.0
        return [f"games: {self.games}", f"ended: {how or 'none'}", f"wins: first seat {self.wins[0]}, second seat {self.wins[1]}",
                f"moves: {self.moves} ({mean:.1f} a game)"]


def selfplay(rules: Ruleset, games: int, seed: int, options: Sequence[str] = (), check: bool = False,
             max_moves: int = MAX_MOVES) -> Summary:
    """Games `seed` .. `seed + games - 1`; stops at the first failure (kept in `failure`)."""
    summary = Summary()
    for game_seed in range(seed, seed + games):
        setup = rules.random_setup(game_seed)
        try:
            state, _ = rules.start(setup, game_seed, options)
            moves = play_random(rules, state, game_seed, check, max_moves)
        except RandomGameError as exc:
            summary.failure, summary.setup = exc, setup
            return summary
        summary.games += 1
        summary.moves += len(moves)
        summary.ended[state.how or "unfinished"] += 1
        if state.winner is not None:
            summary.wins[state.winner] += 1
    return summary


def _chunk(args: tuple[str, int, int, tuple[str, ...], bool, int]) -> Summary:
    from rawdeal.games.registry import ruleset

    name, games, seed, options, check, max_moves = args
    return selfplay(ruleset(name), games, seed, options, check, max_moves)


def selfplay_jobs(rules: Ruleset, games: int, seed: int, options: Sequence[str] = (), check: bool = False,
                  jobs: int = 1, max_moves: int = MAX_MOVES) -> Summary:
    """`selfplay` in `jobs` processes: chunks of consecutive seeds merged in seed order, so the summary
    (and the first failure) is the one a single process gives."""
    if jobs <= 1 or games <= 1:
        return selfplay(rules, games, seed, options, check, max_moves)
    import multiprocessing

    size = max(1, min(500, games // (jobs * 8)))
    chunks = ((rules.name, min(size, games - start), seed + start, tuple(options), check, max_moves)
              for start in range(0, games, size))
    total = Summary()
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        # a window of chunks at a time: a pool queues every task it is given at once, so --games 10^9
        # would hold two million of them; in windows, memory stays flat
        while window := list(islice(chunks, jobs * WINDOW)):
            for part in pool.imap(_chunk, window):
                total.games += part.games
                total.moves += part.moves
                total.ended.update(part.ended)
                total.wins = [a + b for a, b in zip(total.wins, part.wins)]
                if part.failure is not None:
                    total.failure, total.setup = part.failure, part.setup
                    return total
    return total
