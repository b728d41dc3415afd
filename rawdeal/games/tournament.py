"""Round robins of computer players in any game: every pair of players, both seats in turn, each game
set up by its own seed (Fightdrome: characters dealt from all Sleeve/Stack pairs); win rates with 95%
Wilson intervals per player, per pairing and per side label (a Fightdrome character, its Sleeve and
its Stack). The same seed gives the same tables."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rawdeal.games.players import make_player
from rawdeal.games.registry import ruleset

MAX_MOVES = 5000


@dataclass(frozen=True)
class Spec:
    """One game: the ruleset, the two players by seat, the seed, the setup and options."""

    game: str
    players: tuple[str, str]
    seed: int
    setup: tuple[str, ...]
    options: tuple[str, ...]
    max_moves: int = MAX_MOVES


@dataclass(frozen=True)
class Result:
    spec: Spec
    winner: int | None  # seat, None: a draw (no end within max_moves)
    labels: tuple[str, str]  # what each seat played with
    moves: int


def schedule(game: str, players: Sequence[str], games: int, seed: int, options: Sequence[str] = (),
             setups: Sequence[tuple[str, ...]] = (), max_moves: int = MAX_MOVES) -> list[Spec]:
    """`games` games for each pair of players, seats alternating; setups cycle through `setups`, or are
    the ruleset's random setup for each game's seed."""
    rules = ruleset(game)
    for name in players:
        make_player(rules, name, 0)  # a bad name fails before any game is played
    specs: list[Spec] = []
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            for g in range(games):
                n = len(specs)
                game_seed = seed + n
                setup = setups[n % len(setups)] if setups else rules.random_setup(game_seed)
                specs.append(Spec(rules.name, (a, b) if g % 2 == 0 else (b, a), game_seed, tuple(setup),
                                  tuple(options), max_moves))
    return specs


def play(spec: Spec) -> Result:
    rules = ruleset(spec.game)
    state, _ = rules.start(spec.setup, spec.seed, spec.options)
    labels = rules.labels(state)
    seats = [make_player(rules, name, spec.seed * 2 + k) for k, name in enumerate(spec.players)]
    moves = 0
    while not state.over and moves < spec.max_moves:
        turn = state.turn()
        assert turn is not None
        state.apply(seats[turn.player].choose(state, turn))
        moves += 1
    return Result(spec, state.winner, labels, moves)


def run(specs: Sequence[Spec], jobs: int = 1, advance: Callable[[int], None] = lambda n: None) -> list[Result]:
    if jobs <= 1:
        results = []
        for spec in specs:
            results.append(play(spec))
            advance(1)
        return results
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        out = []
        for result in pool.imap(play, specs):  # in schedule order: same results as one job
            out.append(result)
            advance(1)
        return out


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Row:
    name: str
    games: int
    wins: float  # a draw counts half

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def line(self, width: int) -> str:
        low, high = wilson(self.wins, self.games)
        return f"  {self.name:<{width}} {self.games:6d} {self.wins:8.1f} {self.rate:7.1%}  [{low:5.1%}, {high:5.1%}]"


def tally(results: Sequence[Result], key: Callable[[Result, int], str]) -> list[Row]:
    games: Counter[str] = Counter()
    wins: dict[str, float] = {}
    for r in results:
        for seat in (0, 1):
            name = key(r, seat)
            games[name] += 1
            wins[name] = wins.get(name, 0.0) + (1.0 if r.winner == seat else 0.5 if r.winner is None else 0.0)
    return sorted((Row(n, games[n], wins[n]) for n in games), key=lambda row: (-row.rate, row.name))


Key = Callable[[Result, int], str]


def _part(k: int) -> Key:
    return lambda r, s: r.labels[s].split("/")[k]


def report(results: Sequence[Result], parts: Sequence[str] = ()) -> str:
    """Players, pairings, the sides' labels and (`parts`: their names) each part of a label split at '/'."""
    out = []
    sections: list[tuple[str, Key]] = [
        ("player", lambda r, s: r.spec.players[s]),
        ("pairing (first player's view)", lambda r, s: f"{r.spec.players[s]} vs {r.spec.players[1 - s]}"),
        ("side", lambda r, s: r.labels[s])]
    sections += [(name, _part(k)) for k, name in enumerate(parts)]
    for title, key in sections:
        rows = tally(results, key)
        width = max([len(title), *(len(row.name) for row in rows)])
        out.append(f"{title:<{width + 2}} {'games':>6} {'wins':>8} {'rate':>7}  95% interval")
        out += [row.line(width) for row in rows]
        out.append("")
    draws = sum(r.winner is None for r in results)
    out.append(f"{len(results)} games, {draws} draws, {sum(r.moves for r in results)} moves")
    return "\n".join(out) + "\n"


def to_json(results: Sequence[Result]) -> dict[str, object]:
    return {"games": [{"seed": r.spec.seed, "players": list(r.spec.players), "sides": list(r.labels),
                       "winner": r.winner, "moves": r.moves} for r in results],
            "players": [{"name": row.name, "games": row.games, "wins": row.wins, "interval": list(wilson(row.wins, row.games))}
                        for row in tally(results, lambda r, s: r.spec.players[s])]}
