"""What every computer player shares: the interface, the move cap, the legal moves worth trying, a match.

A player answers `choose(game) -> Move` for the pending decision (`game.decision()`), and is seeded:
the same seeds give the same moves, so a game between bots replays byte for byte. The players are
made by name in `rawdeal.bots.registry`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rawdeal.engine.decision import Decision
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move, Surrender

MAX_MOVES = 5000


class Player(Protocol):
    """Anything that answers the engine's decisions."""

    name: str

    def choose(self, game: Game) -> Move:
        """A legal move for the pending decision of `game` (which must not be over)."""
        ...


def worth_trying(d: Decision) -> tuple[Move, ...]:
    """The legal moves of `d` worth trying: all of them but surrender while anything else is legal.

    Only a main decision offers surrender, last as a rule; the slice spares a filter then."""
    moves = d.moves
    if d.kind != "main" or len(moves) < 2:
        return moves
    if type(moves[-1]) is Surrender and type(moves[-2]) is not Surrender:
        return moves[:-1]
    return tuple(m for m in moves if type(m) is not Surrender) or moves


def candidates(game: Game) -> tuple[Move, ...]:
    """`worth_trying` for the pending decision of `game` (which must not be over)."""
    d = game.decision()
    assert d is not None, "the game is over"
    return worth_trying(d)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game between two players ended: the winning seat (None: unfinished after max moves)."""

    winner: int | None
    how: str
    first: int
    moves: int


def play_match(game: Game, players: tuple[Player, Player], max_moves: int = MAX_MOVES) -> Outcome:
    """Let each seat's player answer its decisions until the game ends (or `max_moves`)."""
    first, played = game.s.current, 0
    while game.s.winner is None and played < max_moves:
        d = game.decision()
        assert d is not None
        game.apply(players[d.player].choose(game))
        played += 1
    return Outcome(game.s.winner, game.s.how or "unfinished", first, played)
