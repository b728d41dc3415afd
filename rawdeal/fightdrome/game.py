"""Fightdrome's rules: a state machine that never blocks, like Raw Deal's engine seen from outside.

`turn()` says whose decision is pending and its legal moves; `apply(move)` answers it and runs every
automatic step (draws, reshuffles, the end of a round, the next round's deal) up to the next decision.
Each rule names the rulebook section it implements; `rulebook.py` lists them with their tests.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rawdeal.engine import rng
from rawdeal.errors import IllegalMoveError
from rawdeal.fightdrome import events as ev
from rawdeal.fightdrome import moves as mv
from rawdeal.fightdrome.cards import Kind
from rawdeal.fightdrome.options import Options
from rawdeal.fightdrome.settings import Settings, settings
from rawdeal.fightdrome.state import ANSWER, ATTACK, FEINT, FIGHTER, OVER, PRESS, RECOVER, Fight
from rawdeal.games.protocol import Turn

T = TypeVar("T")
_PROMPTS = {ATTACK: "attack", ANSWER: "answer", FEINT: "follow the Feint with an attack", PRESS: "attack or rest",
            RECOVER: "attack after the rest", FIGHTER: "choose the next fighter", "stagger": "stagger: discard a card face down"}


class Game:
    """One Fightdrome game (a bout, a match or an epic tournament) between players 0 and 1."""

    def __init__(self, fight: Fight, opts: Options) -> None:
        self.f = fight
        self.opts = opts
        self.cfg: Settings = settings()
        self.faces = self.cfg.catalog.faces
        self.answers = self.cfg.catalog.answer_table
        self.attacks = self.cfg.catalog.attacks
        self.out: list[ev.Event] = []
        # False when nobody reads the events (random games, searches): the frequent ones are not built.
        self.listen = True
        self.effect = tuple("feint" if f.kind == Kind.FEINT else "pause" if f.pauses else "attack" for f in self.faces)
        self.neuro = tuple(f.neuro for f in self.faces)
        self.play_moves = tuple(mv.play(i) for i in range(len(self.faces)))
        self._turn: Turn | None | bool = False  # False: not worked out for this position

    # ------------------------------------------------------------------ the generic interface
    @property
    def over(self) -> bool:
        return self.f.winner is not None

    @property
    def winner(self) -> int | None:
        return self.f.winner

    @property
    def how(self) -> str:
        return self.f.how

    def seat(self, player: int, lang: str = "en") -> str:
        from rawdeal.fightdrome.render import SEATS

        return SEATS[lang][player]

    def copy(self) -> Game:
        game = Game(self.f.copy(), self.opts)
        game.listen = self.listen
        return game

    def turn(self) -> Turn | None:
        if self._turn is False:
            self._turn = self._decide()
        return self._turn  # type: ignore[return-value]

    def apply(self, move: Any) -> list[ev.Event]:
        t = self.turn()
        if t is None:
            raise IllegalMoveError("the game is over")
        if not any(m is move for m in t.moves):
            raise IllegalMoveError(f"{self.seat(t.player)} cannot {move} now", tuple(map(str, t.moves)))
        self._turn = False
        p, verb = t.player, move.verb
        if verb == mv.PLAY:
            self._play(p, move.face)
        elif verb == mv.DISCARD:
            self._stagger(p, move.face)
        elif verb == mv.REST:
            self._rest(p)
        else:
            self._new_fighter(p, move.sleeve)
        self._settle()
        return self.flush()

    def flush(self) -> list[ev.Event]:
        """The events since the last call."""
        out, self.out = self.out, []
        return out

    def to_json(self) -> dict[str, Any]:
        from rawdeal.fightdrome.save import to_json

        return to_json(self)

    def resume(self) -> list[ev.Event]:
        f = self.f
        out: list[ev.Event] = [ev.Status(i, len(p.hand), len(p.draw), len(p.discard) + len(p.down), p.fame)
                               for i, p in enumerate(f.players)]
        self._settle()
        out += self.out
        self.out = []
        return out

    # ------------------------------------------------------------------------- decisions
    def _decide(self) -> Turn | None:
        f = self.f
        if f.winner is not None:
            return None
        p = f.current
        me = f.players[p]
        if f.phase == FIGHTER:
            return Turn(p, "fighter", _PROMPTS[FIGHTER], tuple(mv.choose(s) for s in me.reserve))
        moves = self._plays(f.phase, me.hand)
        if not moves:  # "Si no puedes jugar carta, debes descartar una carta boca abajo y te tambaleas."
            return Turn(p, "stagger", _PROMPTS["stagger"],
                        tuple(mv.discard(x) for x in sorted(set(me.hand))))
        return Turn(p, f.phase, _PROMPTS[f.phase], moves)

    def _plays(self, phase: str, hand: list[int]) -> tuple[mv.Move, ...]:
        """The legal moves other than staggering ("Debes jugar una carta si puedes")."""
        allowed = self.answers[self.f.previous] if phase == ANSWER else self.attacks
        plays = self.play_moves
        moves = [plays[x] for x in sorted(set(hand)) if x in allowed]
        if len(hand) < self.cfg.limit and (phase == PRESS or (phase == RECOVER and self.opts.breather)):
            moves.append(mv.RESTING)
        return tuple(moves)

    # ---------------------------------------------------------------------------- actions
    def _play(self, p: int, face: int) -> None:
        """JUGANDO A LAS CARTAS: the card answers the previous one (or starts the fight again)."""
        f = self.f
        me = f.players[p]
        me.hand.remove(face)
        me.discard.append(face)
        effect = self.effect[face]
        if self.listen:
            against = self.faces[f.previous].name() if f.phase == ANSWER else ""
            self.out.append(ev.Played(p, self.faces[face].name(), against, effect))
        if not self.neuro[face] or (self.opts.last_gasp and not me.hand):  # draw after a non-Neuro card
            self._draw_one(p)
        self._refill(p)  # "si la pila para robar está vacía, vuelve a barajar la pila de descarte"
        if not me.hand:  # a last Neuro card: only the other player has cards ([empty_hand])
            self._round_over(1 - p, "empty-hand")
        elif effect == "feint":
            f.phase, f.previous = FEINT, -1
        elif effect == "pause":
            f.current, f.phase, f.previous = 1 - p, ATTACK, -1
        else:
            f.current, f.phase, f.previous = 1 - p, ANSWER, face

    def _stagger(self, p: int, face: int) -> None:
        """TAMBALEARSE: a card face down; with the last card the round is lost."""
        f, me = self.f, self.f.players[p]
        me.hand.remove(face)
        me.down.append(face)
        if self.listen:
            self.out.append(ev.Staggered(p, len(me.hand)))
        if not me.hand:
            self._round_over(1 - p, "staggered")
        else:
            f.current, f.phase, f.previous = 1 - p, PRESS, -1

    def _rest(self, p: int) -> None:
        """DESCANSO: skip the play and draw a card; the fight starts again with the other player."""
        drew = self._draw(p, 1, announce=False)
        self.out.append(ev.Rested(p, drew))
        self.f.current, self.f.phase = 1 - p, RECOVER

    def _settle(self) -> None:
        """After a rest, a player who can neither attack nor (breathing space) rest ends the round."""
        f = self.f
        while f.winner is None and f.phase == RECOVER and not self._plays(RECOVER, f.players[f.current].hand):
            self._round_over(1 - f.current, "rest")
            self._turn = False

    # ------------------------------------------------------------------------ the cards
    def _draw_one(self, p: int) -> None:
        """The draw after a play (the frequent case of `_draw`)."""
        me = self.f.players[p]
        if me.draw:
            me.hand.append(me.draw.pop())
            if self.listen:
                self.out.append(ev.Drew(p, 1))
        else:
            self._draw(p, 1)

    def _draw(self, p: int, n: int, announce: bool = True) -> int:
        me, drawn = self.f.players[p], 0
        for _ in range(n):
            if not me.draw:
                self._refill(p)
                if not me.draw:  # both piles empty: nothing to draw ([played_cards])
                    break
            me.hand.append(me.draw.pop())
            drawn += 1
        if announce and drawn and self.listen:
            self.out.append(ev.Drew(p, drawn))
        return drawn

    def _refill(self, p: int) -> None:
        me = self.f.players[p]
        if me.draw or not (me.discard or me.down):
            return
        me.draw, me.discard, me.down = me.discard + me.down, [], []
        self.shuffle(me.draw)
        self.out.append(ev.Reshuffled(p, len(me.draw)))

    def shuffle(self, cards: list[T]) -> None:
        """Shuffle with the game's generator (the only source of chance)."""
        self.f.rng = rng.shuffle(self.f.rng, cards)

    # ------------------------------------------------------------------------- rounds
    def start_round(self, first: int) -> None:
        """Every card back into its owner's deck, shuffled; opening hands (SOBRESTIMULADO) in turn."""
        f = self.f
        f.round += 1
        for me in f.players:
            me.draw, me.hand, me.discard, me.down = me.cards(), [], [], []
            self.shuffle(me.draw)
        self.out.append(ev.RoundStarted(f.round, first))
        for p in (first, 1 - first):
            self._opening(p)
        f.current, f.phase, f.previous = first, ATTACK, -1
        self._turn = False

    def _opening(self, p: int) -> None:
        me = self.f.players[p]
        self._draw(p, self.cfg.opening)
        for _ in range(self.cfg.redraw_most):
            if not self._overstimulated(me.hand):
                return
            self.out.append(ev.Overstimulated(p, tuple(self.faces[x].name() for x in me.hand)))
            me.draw += me.hand
            me.hand = []
            self.shuffle(me.draw)
            self._draw(p, self.cfg.opening)

    def _overstimulated(self, hand: list[int]) -> bool:
        """"más de 2 cartas de Neuroquímicos o no tiene cartas de Ataque"."""
        neuros = self.cfg.catalog.neuros
        return sum(x in neuros for x in hand) > self.cfg.neuro_most or not any(x in self.attacks for x in hand)

    def _round_over(self, winner: int, reason: str) -> None:
        f = self.f
        self.out.append(ev.RoundOver(f.round, winner, reason))
        mode = self.opts.mode
        if mode == "bout":
            self._game_over(winner, "bout")
        elif mode == "fame":
            self._score(winner, reason)
        else:
            self._fighter_falls(1 - winner)

    def _score(self, winner: int, reason: str) -> None:
        """FIN DEL JUEGO Y PUNTUACIÓN: the winner adds his hand's Fame ([fame]); first to the target wins."""
        f, fame = self.f, self.cfg.fame
        both = reason == "rest" and fame["after_rest"] == "both"
        for p in (winner, 1 - winner) if both else (winner,):
            me = f.players[p]
            points = sum(map(self.cfg.fame_of, me.hand))
            me.fame += points
            self.out.append(ev.FameScored(p, points, me.fame))
        target = self.opts.target(int(fame["target"]), int(fame["short_target"]))
        totals = [p.fame for p in f.players]
        if max(totals) >= target:
            best = winner if totals[winner] >= totals[1 - winner] else 1 - winner
            self._game_over(best, "fame")
        else:
            self.start_round(1 - winner)  # [first_player] later rounds: the loser starts

    def _fighter_falls(self, loser: int) -> None:
        """TORNEO ÉPICO: the loser's fighter is eliminated; he chooses the next Sleeve, or has lost."""
        f = self.f
        me = f.players[loser]
        self.out.append(ev.FighterFell(loser, me.sleeve, len(me.reserve)))
        if not me.reserve:
            self._game_over(1 - loser, "epic")
        else:
            f.current, f.phase, f.previous = loser, FIGHTER, -1

    def _new_fighter(self, p: int, sleeve: str) -> None:
        """The fallen deck goes back to the supply; the new one is dealt from it ([epic])."""
        me = self.f.players[p]
        self.give_back(me.cards())
        me.draw, me.hand, me.discard, me.down = [], [], [], []
        me.reserve.remove(sleeve)
        me.sleeve = sleeve
        me.draw = self.deal(sleeve, me.stack)
        self.out.append(ev.FighterChosen(p, sleeve, len(me.draw)))
        self.start_round(p)

    def _game_over(self, winner: int, how: str) -> None:
        f = self.f
        f.winner, f.how, f.phase, f.previous = winner, how, OVER, -1
        self.out.append(ev.GameOver(winner, how))

    # ------------------------------------------------------------------------ the supply
    def deal(self, sleeve: str, stack: str) -> list[int]:
        """PREPARACIÓN: the counts of the Stack from the piles of the Sleeve, plus Feint and Dodge; a
        pile that runs out gives what it has ([short_supply])."""
        supply, deck = self.f.supply, []
        for pile, count in zip(self.cfg.sleeves[sleeve], self.cfg.stacks[stack]):
            deck += _take(supply[pile], count)
        for face, count in self.cfg.always:
            deck += _take(supply[self.cfg.pile_of[face]], count)
        return deck

    def give_back(self, cards: list[int]) -> None:
        supply = self.f.supply
        for face in cards:
            supply[self.cfg.pile_of[face]].append(face)
        for pile in self.cfg.piles:
            self.shuffle(supply[pile])

    # ------------------------------------------------------------------------- hidden information
    def view(self, player: int, seed: int) -> Game:
        """What `player` may know, the rest dealt again from `seed`: the opponent's hand, draw pile and
        face-down cards mixed and dealt back in their sizes; both draw piles and the supply reshuffled."""
        copy = self.copy()
        f = copy.f
        f.rng = seed
        other = f.players[1 - player]
        unseen = other.hand + other.draw + other.down
        copy.shuffle(unseen)
        n, m = len(other.hand), len(other.draw)
        other.hand, other.draw, other.down = unseen[:n], unseen[n:n + m], unseen[n + m:]
        copy.shuffle(f.players[player].draw)
        for pile in f.supply.values():
            copy.shuffle(pile)
        return copy

    # ------------------------------------------------------------------------- invariants
    def check(self) -> None:
        """Every card of the box is in exactly one place; hands within 0..7; the phase makes sense."""
        f, cfg = self.f, self.cfg
        counts = [0] * len(cfg.census)
        for me in f.players:
            for face in me.cards():
                counts[face] += 1
            assert len(me.hand) <= cfg.limit, f"a hand of {len(me.hand)} cards (limit {cfg.limit})"
        for pile in f.supply.values():
            for face in pile:
                counts[face] += 1
        if counts != list(cfg.census):
            wrong = [self.faces[i].name() for i, (a, b) in enumerate(zip(counts, cfg.census)) if a != b]
            raise AssertionError(f"cards not conserved: {', '.join(wrong)}")
        assert (f.previous >= 0) == (f.phase == ANSWER), f"phase {f.phase} with previous card {f.previous}"
        assert (f.winner is None) == (f.phase != OVER), f"phase {f.phase} with winner {f.winner}"
        if f.winner is None and f.phase != FIGHTER:
            assert f.players[f.current].hand, "the player to move has no cards"


def _take(pile: list[int], count: int) -> list[int]:
    taken = pile[len(pile) - min(count, len(pile)):]
    del pile[len(pile) - len(taken):]
    return taken[::-1]

