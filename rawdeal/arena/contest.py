"""A whole `rawdeal tournament`: schedule (round robin or duplicate deals), play, stop early under a
sequential test, and sum up (standings, pair scores, ratings). Pure logic: the CLI prints and writes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rawdeal.arena import duplicate as dup
from rawdeal.arena.ratings import Rating, fit
from rawdeal.arena.sprt import Sprt
from rawdeal.arena.standings import Standings, standings
from rawdeal.arena.tournament import Entrant, GameResult, GameSpec, schedule
from rawdeal.errors import UsageError
from rawdeal.games.registry import DEFAULT


@dataclass(frozen=True, slots=True)
class Plan:
    """What to play: `games` is games per pairing of entrants, or deals per pairing when duplicate."""

    entrants: tuple[Entrant, ...]
    players: tuple[str, ...]
    games: int
    seed: int
    options: tuple[str, ...] = ()  # the game's rules options
    max_moves: int = 5000
    duplicate: bool = True
    random_decks: bool = False  # every deal draws its sides at random (`Matches.random_deal`)
    sprt: Sprt | None = None
    game: str = DEFAULT

    def specs(self) -> list[GameSpec]:
        if self.sprt is not None and (len(self.players) != 2 or not self.duplicate):
            raise UsageError("--sprt tests one player against another on duplicate deals: name two players")
        if self.duplicate:
            return dup.schedule(self.entrants, self.players, self.games, self.seed, self.options, self.max_moves,
                                self.random_decks, self.game)
        if self.random_decks:
            raise UsageError("--random-decks plays duplicate deals: drop --no-duplicate")
        return schedule(self.entrants, self.games, self.seed, self.options, self.max_moves, self.game)


@dataclass(frozen=True)
class Summary:
    standings: Standings
    pairs: tuple[dup.PairScore, ...]  # empty unless duplicate
    ratings: tuple[Rating, ...]
    stopped: dup.Stopped | None  # where the sequential test stopped, if there was one
    games: int  # the games played


def play(plan: Plan, run: dup.Run, workers: int = 1) -> Summary:
    """Play the plan with `run` (in this process, worker processes or on a cluster: the results
    are the same) and sum it up."""
    specs = plan.specs()
    stopped = None
    if plan.sprt is not None:
        results, stopped = dup.run_sequential(specs, plan.sprt, run, workers)
    else:
        results = run(specs)
    return summarise(plan, specs, results, stopped)


def summarise(plan: Plan, specs: Sequence[GameSpec], results: list[GameResult], stopped: dup.Stopped | None) -> Summary:
    """Standings over the games played (a sequential test plays a prefix of the pairs), the pairs of
    each pairing of players, and the ratings (from pairs when duplicate, from games otherwise)."""
    st = standings(plan.entrants, specs, results)
    players = list(plan.players)
    if plan.duplicate:
        pairs = tuple(dup.pair_scores(specs, results, players))
        heads = dup.heads(pairs, players)
    else:
        pairs, heads = (), dup.game_heads(specs, results, players)
    ratings = fit(players, heads) if len(players) > 1 else ()
    return Summary(st, pairs, ratings, stopped, len(results))
