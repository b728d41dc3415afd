"""The random player: a uniformly random legal move, never surrender while anything else is legal.

Moves come from `Game.decision()`, so it only ever plays legal moves; a seed fixes every choice
(`random.Random(seed)`), so its games replay exactly from the seed. An arrangement of cards is
shuffled too, so every order can occur.
"""

from __future__ import annotations

import random

from rawdeal.bots.base import worth_trying
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Arrange, Move


def pick(game: Game, rnd: random.Random) -> Move:
    """A uniformly random legal move for the pending decision of `game`."""
    d = game.decision()
    assert d is not None
    choices = worth_trying(d)
    move = choices[int(rnd.random() * len(choices))]
    if type(move) is Arrange:
        titles = list(move.titles)
        rnd.shuffle(titles)
        move = Arrange(tuple(titles))
    return move


class RandomPlayer:
    """The random player behind the `Player` interface, seeded."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)

    def choose(self, game: Game) -> Move:
        return pick(game, self.rnd)
