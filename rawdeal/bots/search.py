"""The tree search: information-set Monte Carlo tree search (single-observer ISMCTS), the engine of
`omniscient` (shown the hidden cards) and the registry's `search` until issue 30's third pass, when
greedy's choice checked by playing the turns out (`bots.turns`, built on this class) replaced it.

Each playout samples a world consistent with what the player has seen (`infoset.sample`: the
opponent's hand and both Arsenals dealt again; a card that could have reversed one of the player's
plays this turn that went through is not dealt to the opponent's hand: `_observe`), walks one shared tree of moves in that world
(UCB1 over the moves legal there, counting how often each was available), adds one node, plays
on to the end of the play in progress with a greedy-ish policy (`_rollout`) and scores the
position with the evaluation (`evaluation.win_chance`: 1 won, 0 lost) under the search's own
weights (`TUNED`, tuned by play strength). Decisions with one legal
move are played through without a node. The root's moves start with the greedy player's scores
(under the same weights) as `PRIOR` playouts already made (prior knowledge: with a budget of about a hundred playouts a
decision, the tree alone is noisier than the greedy player's careful one-ply look). The move
played is the root's most visited one. The budget is a number of
playouts, so a seeded player is reproducible; a budget in milliseconds (`search:50ms`) plays as
many as fit, which depends on the machine. Copies of the game are `Game.copy` (lists of card
ids), never deepcopy.
"""

from __future__ import annotations

import math
import random
import time

from rawdeal.bots.evaluation import TUNED, Weights, chance, win_chance
from rawdeal.bots.greedy import REVERSE_CHANCE, SAMPLES, GreedyPlayer, best_reply
from rawdeal.bots.infoset import NOTHING_UNLIKELY, Unlikely, could_reverse, playable_maneuvers, sample
from rawdeal.bots.base import candidates
from rawdeal.engine.game import Game
from rawdeal.bots.memory import Memory, arranged, remember
from rawdeal.engine import rules as R
from rawdeal.engine.moves import PASS, Arrange, Move, Play, Reverse

PLAYOUTS = 100
ROLLOUT = 12  # moves at most after the tree, to the end of the play in progress
EXPLORE = 0.7
PRIOR = 10  # playouts' worth of the greedy player's opinion each root move starts with
CHECK = 8  # playouts between two looks at whether the decision is settled
KEPT = 1.0  # the chance the opponent kept a maneuver he could pay for (`SearchPlayer._infer`)


def settled(root: Node, left: int) -> bool:
    """Whether `left` more playouts can no longer change the root's most visited move (the move
    played): a clear decision stops there, and its playouts are saved for the others."""
    visits = sorted((n.visits for n in root.children.values()), reverse=True)
    return len(visits) < 2 or visits[0] - visits[1] > left


class Node:
    """One move in the tree: `player` made it; `value` sums that player's results."""

    __slots__ = ("player", "children", "visits", "value", "seen")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[tuple[int, Move], Node] = {}
        self.visits = 0
        self.value = 0.0
        self.seen = 1  # playouts in which this move was legal (its parent's visits, for ISMCTS)

    def ucb(self) -> float:
        return self.value / self.visits + EXPLORE * math.sqrt(math.log(self.seen) / self.visits)


class SearchPlayer:
    name = "search"

    def __init__(self, seed: int, playouts: int = PLAYOUTS, rollout: int = ROLLOUT, millis: float | None = None,
                 prior: int = PRIOR, weights: Weights = TUNED, early: bool = True,
                 remember: bool = True, widen: float = 0.0, fade: bool = False, kept: float = KEPT,
                 lookahead: bool = False, plan_prior: int = 0) -> None:
        self.rnd = random.Random(seed)
        self.early, self.spent = early, 0  # spent: the playouts of the last decision
        self.remember, self.memory = remember, Memory()  # what it saw of the hidden cards (`bots.memory`)
        # progressive widening: the root offers its first 1 + widen * sqrt(n) moves in the prior's
        # order after n playouts; another node with n visits tries no new move once it has tried as
        # many; 0: every move at once
        self.widen, self._ranked, self._done = widen, tuple[Move, ...](), 0
        self.playouts, self.rollout, self.millis = playouts, rollout, millis
        self.prior, self.judge, self.weights = prior, GreedyPlayer(seed, weights=weights), weights
        # What this turn's plays told (`_observe`): the turn, the cards the opponent cannot hold, and
        # those that could reverse the last play, until it is known to have gone through.
        self.known: tuple[int, frozenset[int], frozenset[int]] = (-1, frozenset(), frozenset())
        # `fade`: what my last turn told still holds for the cards of his hand he kept since (`_faded`)
        self.fade, self.faded, self._mine, self._arsenal = fade, (frozenset[int](), 0), False, 0
        # `kept`: the chance that the opponent kept a maneuver he could pay for at the end of his turn
        # (`_unlikely`; 1: no such inference); `_reversed`: the turn in which I last reversed his play
        self.kept, self._reversed, self._unlikely = kept, -1, NOTHING_UNLIKELY
        # `lookahead`: a leaf at my own main decision is worth my best next play (as the greedy
        # player's plan counts it), not the position as it stands
        self.lookahead = lookahead
        self.plan_prior = plan_prior  # the prior counts my next plays of this turn as greedy's plan does

    def _look(self, game: Game) -> tuple[int, tuple[Move, ...], frozenset[int]]:
        """What a decision shows (remembered even when forced): who decides, the moves worth trying,
        and (with a choice) the cards the opponent cannot hold (`_observe`; `_infer` noted too)."""
        me = game.decision().player  # type: ignore[union-attr]
        if self.remember:
            self.memory = remember(self.memory, game, me)
        moves = candidates(game)
        if len(moves) == 1:
            return me, moves, frozenset()
        absent = self._observe(game, me)
        self._unlikely = self._infer(game, me)
        return me, moves, absent

    def _played(self, game: Game, me: int, move: Move) -> Move:
        """`move`, noted: a play whose reversers are ruled out if it goes through, my reversal's
        turn, an Arsenal top I arranged."""
        if isinstance(move, Play) and game.s.current == me:
            self.known = (*self.known[:2], could_reverse(game, move, me))
        if isinstance(move, Reverse):
            self._reversed = game.s.turn
        return self._arranged(game, me, move)

    def choose(self, game: Game) -> Move:
        me, moves, absent = self._look(game)
        if len(moves) == 1:
            return self._arranged(game, me, moves[0])
        root, self._ranked = Node(1 - me), ()
        if self.prior:
            self._seed_root(game, root, moves, me, absent)
        if self.millis is None:
            done = 0
            for done in range(1, self.playouts + 1):
                self._done = done - 1
                self._playout(self._world(game, me, absent), root, me)
                if self.early and done % CHECK == 0 and settled(root, self.playouts - done):
                    break
            self.spent = done
        else:
            end = time.perf_counter() + self.millis / 1000
            self._done = 0
            while True:  # at least one playout, however short the budget
                self._playout(self._world(game, me, absent), root, me)
                self._done += 1
                if time.perf_counter() >= end:
                    break
        visits = [root.children[me, m].visits if (me, m) in root.children else -1 for m in moves]
        return self._played(game, me, moves[visits.index(max(visits))])

    def _infer(self, game: Game, me: int) -> Unlikely:
        """In my turn, the opponent's hand is what he kept at the end of his: a player who plays
        what pays (greedy, search) rarely ends his turn holding a maneuver his Fortitude pays for,
        unless my reversal ended it. Those maneuvers are dealt to his hand only at the chance `kept`."""
        s = game.s
        if self.kept >= 1.0 or s.current != me or self._reversed == s.turn - 1:
            return NOTHING_UNLIKELY
        return Unlikely(playable_maneuvers(game.cat, R.fortitude(game.cat, s, 1 - me)), self.kept)

    def _width(self, visits: int) -> int:
        return 1 + int(self.widen * math.sqrt(visits))

    def _arranged(self, game: Game, me: int, move: Move) -> Move:
        """`move`, remembered if it arranges the top of an Arsenal (then its order is known)."""
        if self.remember and isinstance(move, Arrange):
            self.memory = arranged(self.memory, game, me, move)
        return move

    def _observe(self, game: Game, me: int) -> frozenset[int]:
        """The cards the opponent cannot hold now: those that could have reversed a play of mine
        this turn that went through (a reversal ends the turn, so a main decision of mine later in
        the same turn means my last play was not reversed; an opponent uses the reversal he holds:
        the greedy player always does). His hand changes in his turn: this lasts one turn."""
        turn, held, pending = self.known
        s = game.s
        if s.turn != turn or s.current != me:
            if self.fade and s.turn != turn and self._mine:  # my turn is over: what it told fades
                self.faded = (held, self._arsenal)
            self._mine = s.current == me
            self.known = (s.turn, frozenset(), frozenset())
            self._arsenal = len(s.players[1 - me].arsenal)
            return frozenset()
        self._arsenal = len(s.players[1 - me].arsenal)
        if pending and game.decision().kind == "main":  # type: ignore[union-attr]
            held |= pending
            self.known = (turn, held, frozenset())
        return held

    def _world(self, game: Game, me: int, absent: frozenset[int]) -> Game:
        """A world to search: the hidden cards dealt again consistently with what `me` has seen."""
        return sample(game, me, self.rnd, absent, self.memory, self._faded(game, me), self._unlikely)

    def _faded(self, game: Game, me: int) -> tuple[frozenset[int], int]:
        """The cards the opponent held none of at the end of my last turn, and how many cards of his
        hand he still holds from then at least: his hand less the cards that left his Arsenal since
        (his draws, and damage he took, which only makes the count safer)."""
        cards, then = self.faded
        s = game.s
        if not cards or s.current != me:
            return frozenset(), 0
        opp = s.players[1 - me]
        return cards, max(0, len(opp.hand) - max(0, then - len(opp.arsenal)))

    def _seed_root(self, game: Game, root: Node, moves: tuple[Move, ...], me: int, absent: frozenset[int]) -> None:
        """The greedy player's score of each move, as `prior` playouts already made: the search
        starts from the greedy choice and leaves it only when its playouts find better."""
        worlds = [self._world(game, me, absent) for _ in range(SAMPLES)]
        values = []
        for m in moves:
            value = sum(self.judge.value(w, m, me, plan=self.plan_prior) for w in worlds) / len(worlds)
            root.children[me, m] = node = Node(me)
            node.visits, node.value = self.prior, self.prior * chance(value)
            values.append(-value)
        self._ranked = tuple(moves[i] for i in sorted(range(len(moves)), key=values.__getitem__))

    def _playout(self, world: Game, root: Node, me: int) -> None:
        path, node = [root], root
        while (d := world.decision()) is not None:
            moves = candidates(world)
            if len(moves) == 1:
                world.apply(moves[0])
                continue
            p, children = d.player, node.children
            new = [m for m in moves if (p, m) not in children]
            tried = [m for m in moves if (p, m) in children]
            for m in tried:
                children[p, m].seen += 1
            if self.widen and node is root and self._ranked:  # the root's moves in the prior's order, more as playouts come
                tried = [m for m in self._ranked if (p, m) in children][:self._width(self._done)]
            elif self.widen and tried and len(tried) >= self._width(node.visits):
                new = []  # enough moves tried here for its visits: choose among them
            if new:
                move = new[int(self.rnd.random() * len(new))]
                children[p, move] = child = Node(p)
                world.apply(move)
                path.append(child)
                break
            move = max(tried, key=lambda m: children[p, m].ucb())
            node = children[p, move]
            world.apply(move)
            path.append(node)
        self._rollout(world, me)
        result = self._leaf(world, me)
        for n in path[1:]:
            n.visits += 1
            n.value += result if n.player == 0 else 1.0 - result

    def _leaf(self, world: Game, me: int) -> float:
        """Seat 0's chance at the end of a playout: the evaluation, or with `lookahead`, at a main
        decision of mine, the evaluation after my best next play (the playouts then agree with the
        prior, which counts it too: a card that sets up the next is not undervalued)."""
        d = world.decision()
        if not self.lookahead or d is None or d.kind != "main" or d.player != me:
            return win_chance(world, 0, self.weights)
        moves = candidates(world)
        value = max(self.judge.value(world, m, me) for m in moves) if len(moves) > 1 else None
        if value is None:
            return win_chance(world, 0, self.weights)
        mine = chance(value)
        return mine if me == 0 else 1.0 - mine

    def _rollout(self, world: Game, me: int) -> None:
        """Play on (at most `rollout` moves) until the play in progress is over, the next main
        decision, so a leaf is not scored halfway through a play (before its damage, say): a
        reversal window is reversed (its first reversal) at `REVERSE_CHANCE`, the small decisions
        are answered as the greedy player answers them."""
        for _ in range(self.rollout):
            d = world.decision()
            if d is None or d.kind == "main":
                return
            if d.kind == "reverse":
                move = d.moves[0] if self.rnd.random() < REVERSE_CHANCE and d.moves[0] is not PASS else PASS
            else:
                move = best_reply(world, d.player, me, self.weights)
            world.apply(move)


class OmniscientPlayer(SearchPlayer):
    """The search player shown the true hidden cards (the opponent's hand, both Arsenals in their
    real order): the ceiling an information-set search can approach, to measure how far `search` is
    from it. The engine's future random choices it still does not know (each world draws its own)."""

    name = "omniscient"

    def _world(self, game: Game, me: int, absent: frozenset[int]) -> Game:
        world = game.copy()
        world.listen = False
        world.s.rng = self.rnd.getrandbits(64)
        world.forget_decision()
        return world
