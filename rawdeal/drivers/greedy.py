"""The greedy player: one ply, the legal move whose resulting position evaluates best.

It cannot see the hidden cards, so it scores each move on a few sampled worlds (`infoset.sample`,
the same worlds for every move) and adds the scores. When its move hands the opponent a reversal
window, it assumes the opponent answers with whatever is worst for it (that is the reversal
threat it can see). Ties go to the move listed first, so the player is deterministic from its seed.
"""

from __future__ import annotations

import random

from rawdeal.drivers.evaluation import WEIGHTS, Weights, evaluate
from rawdeal.drivers.infoset import sample
from rawdeal.drivers.players import candidates
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move

SAMPLES = 3


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int, samples: int = SAMPLES, weights: Weights = WEIGHTS) -> None:
        self.rnd = random.Random(seed)
        self.samples, self.weights = samples, weights

    def choose(self, game: Game) -> Move:
        moves = candidates(game)
        if len(moves) == 1:
            return moves[0]
        me = game.decision().player  # type: ignore[union-attr]
        worlds = [sample(game, me, self.rnd) for _ in range(self.samples)]
        scores = [sum(self.score(w, m, me) for w in worlds) for m in moves]
        return moves[scores.index(max(scores))]

    def score(self, world: Game, move: Move, me: int) -> float:
        """The evaluation after `move`, and after the opponent's worst-for-me reply to a reversal window."""
        after = world.copy()
        after.apply(move)
        d = after.decision()
        if d is None or d.player == me or d.kind != "reverse":
            return evaluate(after, me, self.weights)
        return min(_value_after(after, reply, me, self.weights) for reply in d.moves)


def _value_after(game: Game, move: Move, me: int, weights: Weights) -> float:
    g = game.copy()
    g.apply(move)
    return evaluate(g, me, weights)
