"""The greedy player: one ply, the legal move whose resulting position evaluates best.

A move is judged by where it leads once it is over: the small decisions it opens (a discard, a
pick, a yes/no, a number) are settled at once, each side taking the answer that evaluates best for
itself (a card to discard or take included: stopping halfway through a play would score it before
its damage); a reversal window it hands the opponent counts the reversal (the worst for the player)
and the pass at `REVERSE_CHANCE`, the reversal threat it can see. It cannot see the hidden cards,
so it scores each move on a few sampled worlds (`infoset.sample`, the same worlds for every
move). Ties go to the move listed first, so the player is deterministic from its seed.
"""

from __future__ import annotations

import random

from rawdeal.bots.evaluation import WEIGHTS, Weights, evaluate
from rawdeal.bots.infoset import sample
from rawdeal.bots.base import candidates
from rawdeal.engine.game import Game
from rawdeal.engine.moves import PASS, Move

SAMPLES = 3
REVERSE_CHANCE = 0.5  # how likely an opponent with a reversal in hand uses it
SETTLE = 12  # at most this many small decisions are settled after a move
WIDE = 64  # a decision with more answers than this is not settled (a cap on the cost: a 60-card zone offers fewer)


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
        scores = [sum(self.value(w, m, me) for w in worlds) for m in moves]
        return moves[scores.index(max(scores))]

    def value(self, world: Game, move: Move, me: int, depth: int = 2) -> float:
        """The evaluation for `me` once `move` (played in `world`) and what it opens are settled."""
        g = world.copy()
        g.listen = False  # nobody reads a simulation's events: they are not even built
        g.apply(move)
        for _ in range(SETTLE):
            d = g.decision()
            if d is None or d.kind == "main":
                break
            if d.kind == "reverse" and d.player != me and depth > 0:
                worst = min(self.value(g, m, me, depth - 1) for m in d.moves if m is not PASS)
                return REVERSE_CHANCE * worst + (1 - REVERSE_CHANCE) * self.value(g, PASS, me, depth - 1)
            if len(d.moves) > WIDE:
                break
            g.apply(best_reply(g, d.player, me, self.weights))
        return evaluate(g, me, self.weights)


def best_reply(g: Game, who: int, me: int, weights: Weights = WEIGHTS) -> Move:
    """The answer to a small decision that evaluates best for whoever (`who`) makes it."""
    moves = candidates(g)
    if len(moves) == 1:
        return moves[0]
    sign = 1 if who == me else -1
    best, best_value = moves[0], float("-inf")
    for m in moves:
        after = g.copy()
        after.listen = False
        after.apply(m)
        v = sign * evaluate(after, me, weights)
        if v > best_value:
            best, best_value = m, v
    return best
