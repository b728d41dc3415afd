"""What tournaments need of a game, beside its rules: its computer players by name, their rough cost, a
random deal, the sides named on the command line, and one game played between two players.

The generic tournament code (`rawdeal.arena`: round robins, duplicate deals, pair scores, the sequential
test, ratings, standings, reports, the Dask runner) asks `matches(game)` and knows nothing else of the
game. A game with players of its own names them in the registry (Raw Deal: `rawdeal.bots` through
`rawdeal.arena.rawdeal_matches`); any other game is played by the generic players of
`rawdeal.games.players` over its ruleset (`RulesetMatches`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import import_module
from typing import Any, Protocol, cast

from rawdeal.errors import UsageError
from rawdeal.games.players import make_player
from rawdeal.games.protocol import Ruleset
from rawdeal.games.registry import MATCHES, ruleset

Ending = tuple[int | None, str, int, int]  # the winning seat (None: a draw), how, the first seat, moves played


class Matches(Protocol):
    def check_player(self, name: str) -> str:
        """`name` if the game has that player; a UsageError naming the players otherwise."""
        ...

    def player_cost(self, name: str) -> float:
        """A player's rough cost a decision, relative to the random player's (load balancing only)."""
        ...

    def random_deal(self, seed: int) -> tuple[Any, Any]:
        """Each seat's setup for a deal drawn from `seed` (Raw Deal: two random legal decks)."""
        ...

    def sides(self, given: Sequence[str], options: Sequence[str]) -> list[tuple[str, Any]]:
        """The sides named on the command line (Raw Deal: deck files or folders), each with its name in
        reports and its setup; checked before any game (a UsageError or the game's own error)."""
        ...

    def meets(self, a: Any, b: Any) -> bool:
        """Whether side setups `a` (seat 0) and `b` (seat 1) can play each other (Fightdrome: each Sleeve
        card exists once, so a character never meets itself)."""
        ...

    def play(self, setups: tuple[Any, Any], options: tuple[str, ...], seed: int, players: tuple[str, str],
             max_moves: int) -> Ending:
        """One game from its setups and seed, each seat's player seeded from the seed and the seat."""
        ...

    def prepare(self) -> None:
        """Load what every game shares before worker processes fork (they inherit it)."""
        ...


@cache
def matches(game: str) -> Matches:
    """The tournament side of `game` (a registry name)."""
    target = MATCHES.get(game)
    if target is None:
        return RulesetMatches(ruleset(game))
    module, _, attribute = target.partition(":")
    return cast(Matches, getattr(import_module(module), attribute))


COSTS = {"random": 1.0, "greedy": 10.0, "search": 150.0}  # rough, measured on Fightdrome: load balancing only


class RulesetMatches:
    """A game played by the generic players (random, greedy, search:N) over its ruleset. A side is a
    setup the ruleset's `start` takes for one seat (Fightdrome: a character SLEEVE/STACK); a random
    deal is no setup (None), which the ruleset deals from the game's own seed."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    def check_player(self, name: str) -> str:
        make_player(self.rules, name, 0)
        return name

    def player_cost(self, name: str) -> float:
        kind, _, budget = name.partition(":")
        return COSTS.get(kind, COSTS["search"]) * (int(budget) / 16 if budget else 1.0)

    def random_deal(self, seed: int) -> tuple[Any, Any]:
        return None, None

    def sides(self, given: Sequence[str], options: Sequence[str]) -> list[tuple[str, Any]]:
        if len(set(given)) < len(given):
            raise UsageError("a side is named twice; name each once")
        if len(given) == 1:
            raise UsageError("give at least two sides (or none: each game deals its own)")
        for i, side in enumerate(given):  # a bad setup or option: said before any game
            self.rules.start((side, given[(i + 1) % len(given)]), 0, tuple(options))
        if not given:
            self.rules.start(self.rules.random_setup(0), 0, tuple(options))
        return [(side, side) for side in given]

    def meets(self, a: Any, b: Any) -> bool:
        if a is None or b is None:
            return True
        try:
            self.rules.start((a, b), 0, ())
        except UsageError:
            return False
        return True

    def play(self, setups: tuple[Any, Any], options: tuple[str, ...], seed: int, players: tuple[str, str],
             max_moves: int) -> Ending:
        setup = self.rules.random_setup(seed) if setups == (None, None) else tuple(setups)
        state, _ = self.rules.start(setup, seed, options)
        seats = (make_player(self.rules, players[0], seed * 2), make_player(self.rules, players[1], seed * 2 + 1))
        if hasattr(state, "listen"):
            state.listen = False  # nobody reads a tournament game's events
        turn, moves = state.turn(), 0
        first = 0 if turn is None else turn.player
        while turn is not None and moves < max_moves:
            state.apply(seats[turn.player].choose(state, turn))
            moves += 1
            turn = state.turn()
        return state.winner, state.how or "unfinished", first, moves

    def prepare(self) -> None:
        pass
