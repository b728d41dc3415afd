"""The search player since issue 30's third pass: greedy's choice, checked by playing the turns out.

The tree search (`search.SearchPlayer`) lost to the greedy player once greedy got its plan and the
tuned weights: with a hundred noisy playouts spread over every move, the tree left greedy's careful
choice about as often for a worse move as for a better one. This player starts from greedy's choice
and leaves it only when the evidence is clear:

1. Each legal move is scored as the greedy player scores it (its plan included) on a few sampled
   worlds (`infoset.sample`, with what the player has seen and inferred: `SearchPlayer._world`).
2. At a main decision, the few moves greedy ranks near its best are played out in `playouts`
   sampled worlds each: the move, then the rest of this turn and the opponent's whole next turn,
   both sides playing greedy's one-ply choice in that world (`play_out`), to my next main decision
   (or the game's end); the position there is scored with the evaluation (`win_chance`).
3. Every candidate is played out in the same worlds with the same engine seed (common random
   numbers), so a world's luck cancels from the differences; greedy's move is replaced only by a
   move whose mean difference exceeds `Z` standard errors and `EDGE`.

Small decisions (a discard, a pick, a reversal) are answered as greedy answers them. Everything is
drawn from the player's seed, so a seeded player is reproducible.
"""

from __future__ import annotations

import math
import time

from rawdeal.bots.base import candidates
from rawdeal.bots.evaluation import win_chance
from rawdeal.bots.greedy import PLAN, SAMPLES, best_reply
from rawdeal.bots.search import SearchPlayer
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move

WORLDS = 8  # sampled worlds each candidate is played out in
CANDIDATES = 3  # moves greedy ranks best that are played out
NEAR = 3.0  # evaluation points (per world) a candidate may trail greedy's best by and still be played out
Z = 1.5  # standard errors by which a candidate's mean difference must beat greedy's move
EDGE = 0.005  # and the least difference in win chance worth leaving greedy's move for
HORIZON = 200  # moves at most in a playout (a cap on its cost: two turns take far fewer)
MOST = 0  # worlds at most when a candidate leads without clear evidence yet (0: never more than `worlds`)


class TurnSearchPlayer(SearchPlayer):
    name = "search"

    def __init__(self, seed: int, worlds: int = WORLDS, width: int = CANDIDATES, near: float = NEAR,
                 z: float = Z, edge: float = EDGE, millis: float | None = None, most: int = MOST,
                 fade: bool = False, kept: float = 1.0) -> None:
        # playouts: the registry's search:N; fade, kept: the inferences about the opponent's hand (`SearchPlayer`)
        super().__init__(seed, playouts=worlds, millis=millis, fade=fade, kept=kept)
        self.worlds, self.width, self.near, self.z, self.edge = worlds, width, near, z, edge
        self.most = most  # time management: more worlds (in rounds of `worlds`) only while a candidate is open
        self.checked = self.changed = 0  # main decisions played out, and those where greedy's move was left

    def choose(self, game: Game) -> Move:
        me, moves, absent = self._look(game)
        if len(moves) == 1:
            return self._arranged(game, me, moves[0])
        worlds = [self._world(game, me, absent) for _ in range(SAMPLES)]
        scores = [sum(self.judge.value(w, m, me, plan=PLAN) for w in worlds) / len(worlds) for m in moves]
        best = scores.index(max(scores))
        move = moves[best]
        if game.decision().kind == "main" and self.worlds > 0:  # type: ignore[union-attr]
            near = sorted((i for i in range(len(moves)) if i != best and scores[i] >= scores[best] - self.near),
                          key=lambda i: -scores[i])[: self.width - 1]
            if near:
                move = self._checked(game, me, absent, move, [moves[i] for i in near])
                self.checked += 1
                self.changed += move is not moves[best]
        return self._played(game, me, move)

    def _checked(self, game: Game, me: int, absent: frozenset[int], first: Move, others: list[Move]) -> Move:
        """`first` (greedy's move), or one of `others` whose playouts beat it clearly in the same worlds.

        With `most`, the worlds come in rounds of `worlds`: after each, a candidate that trails greedy's
        move (mean difference <= 0) is dropped and one already clearly better is settled; the next round
        plays out only the open ones (ahead, not yet clearly), so playouts go where the choice is close."""
        diffs: list[list[float]] = [[] for _ in others]
        open_ = list(range(len(others)))
        end = None if self.millis is None else time.perf_counter() + self.millis / 1000
        most = self.worlds if end is not None or self.most <= self.worlds else self.most
        for n in range(most if end is None else 1 << 30):
            if end is not None and n >= 2 and time.perf_counter() >= end:
                break  # a budget in milliseconds: as many worlds as fit, at least two
            if n and n % self.worlds == 0:
                open_ = [k for k in open_ if self._verdict(diffs[k]) is None]
                if not open_:
                    break
            world = self._world(game, me, absent)
            base = self.play_out(world, first, me)
            for k in open_:
                diffs[k].append(self.play_out(world, others[k], me) - base)
        choice, margin = first, 0.0
        for m, ds in zip(others, diffs):
            mean = sum(ds) / len(ds)
            if self._verdict(ds) and mean > margin:
                choice, margin = m, mean
        return choice

    def _verdict(self, ds: list[float]) -> bool | None:
        """Whether differences `ds` show a move clearly better than greedy's (True), not better
        (False: its mean is not above 0), or not yet either (None)."""
        n = len(ds)
        mean = sum(ds) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in ds) / (n - 1)) if n > 1 else 0.0
        if mean > max(self.edge, self.z * sd / math.sqrt(n)):
            return True
        return False if mean <= 0 else None

    def play_out(self, world: Game, move: Move, me: int) -> float:
        """`me`'s win chance at the end of `turn_out(world, move, me)`."""
        return win_chance(self.turn_out(world, move, me), me, self.weights)

    def turn_out(self, world: Game, move: Move, me: int) -> Game:
        """A copy of `world` after `move`, the rest of this turn and the opponent's next turn,
        played by both as greedy would in this world: at my next main decision (or the game's end)."""
        g = world.copy()
        g.listen = False
        turn = g.s.turn
        g.apply(move)
        for _ in range(HORIZON):
            d = g.decision()
            if d is None or (d.kind == "main" and d.player == me and g.s.turn > turn + 1):
                break
            moves = candidates(g)
            if len(moves) == 1:
                g.apply(moves[0])
            elif d.kind == "main" or d.kind == "reverse":
                values = [self.judge.value(g, m, d.player) for m in moves]
                g.apply(moves[values.index(max(values))])
            else:
                g.apply(best_reply(g, d.player, d.player, self.weights))
        return g
