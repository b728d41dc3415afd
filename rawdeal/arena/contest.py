"""A whole `rawdeal tournament`: schedule (round robin or duplicate deals), play, stop early under a
sequential test, and sum up (standings, pair scores, ratings). Pure logic: the CLI prints and writes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rawdeal.arena import duplicate as dup
from rawdeal.arena.ratings import Rating, fit
from rawdeal.arena.sprt import Sprt
from rawdeal.arena.standings import Standings, Tally
from rawdeal.arena.tournament import Entrant, GameResult, GameSpec, iter_schedule, total_cost, windows
from rawdeal.errors import UsageError


@dataclass(frozen=True, slots=True)
class Plan:
    """What to play: `games` is games per pairing of entrants, or deals per pairing when duplicate."""

    entrants: tuple[Entrant, ...]
    players: tuple[str, ...]
    games: int
    seed: int
    profile: str = "standard"
    max_moves: int = 5000
    duplicate: bool = True
    random_decks: bool = False
    sprt: Sprt | None = None

    def specs(self) -> Iterator[GameSpec]:
        """The games in schedule order, one at a time; a usage error at once, before any game."""
        if self.sprt is not None and (len(self.players) != 2 or not self.duplicate):
            raise UsageError("--sprt tests one player against another on duplicate deals: name two players")
        if self.duplicate:
            return dup.iter_schedule(self.entrants, self.players, self.games, self.seed, self.profile,
                                     self.max_moves, self.random_decks)
        if self.random_decks:
            raise UsageError("--random-decks plays duplicate deals: drop --no-duplicate")
        return iter_schedule(self.entrants, self.games, self.seed, self.profile, self.max_moves)

    def cost(self) -> float:
        """The summed `game_cost` of every game (a sequential test may play fewer), without scheduling."""
        if self.duplicate:
            return dup.total_cost(self.entrants, self.players, self.games)
        return total_cost(self.entrants, self.games)


@dataclass(frozen=True)
class Summary:
    standings: Standings
    pairs: tuple[dup.PairScore, ...]  # empty unless duplicate
    ratings: tuple[Rating, ...]
    stopped: dup.Stopped | None  # where the sequential test stopped, if there was one
    games: int  # the games played


def play(plan: Plan, run: dup.Run, workers: int = 1) -> Summary:
    """Play the plan with `run` (in this process, worker processes or on a cluster: the results
    are the same) and sum it up. Games are scheduled a window (`tournament.WINDOW`) or a round of
    the sequential test at a time and counted as they come back: memory stays flat however many
    games are asked."""
    count = Count(plan)
    specs = plan.specs()
    if plan.sprt is not None:
        return count.summary(dup.run_sequential(specs, plan.sprt, run, count.add, workers))
    for window in windows(specs):
        first = window[0].index
        for result in run(window):
            count.add(window[result.index - first], result)
    return count.summary(None)


class Count:
    """A tournament's figures counted game by game (standings, then pairs when duplicate, else the
    games between different players for the ratings): no game or result is kept. Every sum is of
    integers or of halves, so the figures do not depend on the order games are counted in."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.tally = Tally(len(plan.entrants))
        self.pairs = dup.PairCount(plan.players)
        self.heads = dup.HeadCount(plan.players)
        self.games = 0

    def add(self, spec: GameSpec, result: GameResult) -> None:
        self.tally.add(spec.seats, result)
        (self.pairs if self.plan.duplicate else self.heads).add(spec, result)
        self.games += 1

    def summary(self, stopped: dup.Stopped | None) -> Summary:
        """Standings over the games played (a sequential test plays a prefix of the pairs), the pairs
        of each pairing of players, and the ratings (from pairs when duplicate, from games otherwise)."""
        players = list(self.plan.players)
        if self.plan.duplicate:
            pairs = tuple(self.pairs.scores())
            heads = dup.heads(pairs, players)
        else:
            pairs, heads = (), self.heads.heads()
        ratings = fit(players, heads) if len(players) > 1 else ()
        return Summary(self.tally.standings(self.plan.entrants), pairs, ratings, stopped, self.games)
