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

from rawdeal.bots.evaluation import TUNED, Weights, evaluate
from rawdeal.bots.infoset import sample
from rawdeal.bots.base import candidates
from rawdeal.engine.game import Game
from rawdeal.engine.moves import PASS, Move

SAMPLES = 3
PLAN = 1  # main decisions of its own turn looked ahead after a move (a play that sets up the next)
REVERSE_CHANCE = 0.5  # how likely an opponent with a reversal in hand uses it
SETTLE = 12  # at most this many small decisions are settled after a move
WIDE = 64  # a decision with more answers than this is not settled (a cap on the cost: a 60-card zone offers fewer)


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int, samples: int = SAMPLES, weights: Weights = TUNED, plan: int = PLAN,
                 reverse_chance: float = REVERSE_CHANCE) -> None:
        self.rnd = random.Random(seed)
        self.samples, self.weights, self.plan, self.reverse_chance = samples, weights, plan, reverse_chance

    def choose(self, game: Game) -> Move:
        moves = candidates(game)
        if len(moves) == 1:
            return moves[0]
        me = game.decision().player  # type: ignore[union-attr]
        worlds = [sample(game, me, self.rnd) for _ in range(self.samples)]
        scores = [sum(self.value(w, m, me, plan=self.plan) for w in worlds) for m in moves]
        return moves[scores.index(max(scores))]

    def value(self, world: Game, move: Move, me: int, depth: int = 2, plan: int = 0) -> float:
        """The evaluation for `me` once `move` (played in `world`) and what it opens are settled."""
        g = world.copy()
        g.listen = False  # nobody reads a simulation's events: they are not even built
        g.apply(move)
        for _ in range(SETTLE):
            d = g.decision()
            if d is None:
                break
            if d.kind == "main":
                if plan > 0 and d.player == me:
                    return max(self.value(g, m, me, depth, plan - 1) for m in candidates(g))
                break
            if d.kind == "reverse" and d.player != me and depth > 0:
                worst = min(self.value(g, m, me, depth - 1, plan) for m in d.moves if m is not PASS)
                chance = self.reverse_chance
                return chance * worst + (1 - chance) * self.value(g, PASS, me, depth - 1, plan)
            if len(d.moves) > WIDE:
                break
            g.apply(best_reply(g, d.player, me, self.weights))
        return evaluate(g, me, self.weights)


def best_reply(g: Game, who: int, me: int, weights: Weights = TUNED) -> Move:
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
