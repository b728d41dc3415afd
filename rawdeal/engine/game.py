"""The game: a state machine that never prompts.

`Game.decision()` tells whose decision is pending and its legal moves; `Game.apply(move)` answers it
and returns the events it caused. Work that remains is a stack of tasks in the state; the engine runs
tasks until one needs a decision (or the game is over). Card behaviour comes from compiled effects.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine import events as ev
from rawdeal.engine import moves as mv
from rawdeal.engine import rng
from rawdeal.engine import rules as R
from rawdeal.engine import tasks as T
from rawdeal.engine.cardinfo import Catalog, catalog
from rawdeal.engine.state import ActiveModifier, CurrentPlay, GameState, LastPlay, PlayerState
from rawdeal.errors import IllegalMoveError

PROFILES = ("course", "standard")


@dataclass(frozen=True, slots=True)
class Decision:
    """Whose decision it is, what kind, the cards it is about and the legal moves."""

    player: int
    kind: str
    prompt: str
    moves: tuple[mv.Move, ...]
    cards: tuple[str, ...] = ()


class Game:
    """One game between two players (0 and 1)."""

    def __init__(self, state: GameState, cat: Catalog | None = None) -> None:
        self.s = state
        self.cat = cat or catalog()
        self.out: list[ev.Event] = []
        self._pending: Decision | None | object = _UNKNOWN  # the decision, computed once per position
        # (card, clause or action) the engine applied; None (the default) records nothing. The
        # effects probe (`rawdeal cards --check`) turns it on to see that every clause was executed.
        self.ran: set[tuple[int, object]] | None = None

    def _note(self, card: int, item: object) -> None:
        if self.ran is not None:
            self.ran.add((card, item))

    # ------------------------------------------------------------------------------- creation
    @classmethod
    def start(cls, superstars: tuple[str, str], arsenals: tuple[list[int], list[int]],
              profile: str = "course", seed: int = 0) -> tuple[Game, list[ev.Event]]:
        """A new game from two Superstars and their decks (bottom to top), opening hands drawn."""
        cat = catalog()
        state = GameState(players=[PlayerState(n, a[:]) for n, a in zip(superstars, arsenals)],
                          profile=profile, seed=seed, rng=seed)
        game = cls(state, cat)
        s = state
        if profile == "standard":
            for p in s.players:
                s.rng = rng.shuffle(s.rng, p.arsenal)
        for p in (0, 1):
            game._draw_cards(p, cat.superstar(s.players[p].superstar).hand_size)
        s.current = game._first_player()
        game._emit(ev.GameStarted(game.name(s.current), game.name(1 - s.current)))
        s.tasks.append(T.StartTurn(s.current))
        game._run()
        return game, game._flush()

    def _first_player(self) -> int:
        v = [self.cat.superstar(p.superstar).value for p in self.s.players]
        if v[0] != v[1]:
            return 0 if v[0] > v[1] else 1
        if self.s.profile == "course":
            return 0
        self.s.rng, coin = rng.below(self.s.rng, 2)
        return coin

    def copy(self) -> Game:
        game = Game(self.s.copy(), self.cat)
        game._pending = self._pending  # decisions are frozen values: the copy shares it
        return game

    def resume(self) -> list[ev.Event]:
        """Both players' status, then the game run up to its next decision (a save may stop before a
        turn starts)."""
        self._emit(self.status(self.s.current))
        self._emit(self.status(1 - self.s.current))
        self._run()
        return self._flush()

    # --------------------------------------------------------------------------------- queries
    def name(self, p: int) -> str:
        return self.s.players[p].superstar

    def title(self, card: int) -> str:
        return self.cat.titles[card]

    def titles(self, cards: list[int] | tuple[int, ...]) -> tuple[str, ...]:
        return tuple(map(self.cat.titles.__getitem__, cards))

    def status(self, p: int) -> ev.Status:
        pl = self.s.players[p]
        return ev.Status(pl.superstar, R.fortitude(self.cat, self.s, p), len(pl.hand), len(pl.arsenal))

    @property
    def over(self) -> bool:
        return self.s.winner is not None

    def decision(self) -> Decision | None:
        """The pending decision. It is computed once per position: the engine forgets it whenever
        it changes the state (code that edits `game.s` by hand must call `forget_decision`)."""
        if self._pending is _UNKNOWN:
            self._pending = self._decide()
        return self._pending  # type: ignore[return-value]

    def forget_decision(self) -> None:
        self._pending = _UNKNOWN

    def _decide(self) -> Decision | None:
        s = self.s
        if s.winner is not None:
            return None
        if not s.tasks:
            return self._main_decision()
        return _DECIDERS[type(s.tasks[-1])](self, s.tasks[-1])

    def playable(self) -> list[tuple[str, str]]:
        """(title, type) of every card the turn player may play, one per card in hand order."""
        return [(self.title(c), t) for c, t in R.playable(self.cat, self.s, self.s.current)]

    def legal_moves(self) -> tuple[mv.Move, ...]:
        d = self.decision()
        return d.moves if d else ()

    def _main_decision(self) -> Decision:
        s, p = self.s, self.s.current
        moves: list[mv.Move] = [_play_move(self.cat, c, t) for c, t in dict.fromkeys(R.playable(self.cat, s, p))]
        if R.ability_usable(self.cat, s, p):
            moves.append(mv.ABILITY)
        moves += [mv.END, mv.SURRENDER]
        return Decision(p, "main", f"{self.name(p)}: play a card, use the ability or end the turn", tuple(moves),
                        self.titles(s.players[p].hand))

    # ---------------------------------------------------------------------------------- moves
    def apply(self, move: mv.Move) -> list[ev.Event]:
        """Answer the pending decision; raises IllegalMoveError (listing the legal moves) otherwise."""
        d = self.decision()
        if d is None:
            raise IllegalMoveError(f"the game is over: {self.name(self.s.winner or 0)} won")
        if isinstance(move, mv.Show):
            return [self._show(d.player, move)]
        move = self._complete(move, d)
        if not _allowed(move, d):
            raise IllegalMoveError(_illegal(move, d))
        self._pending = _UNKNOWN
        if d.kind == "main":
            self._main(move)
        else:
            task = self.s.tasks.pop()
            _RESOLVERS[type(task)](self, task, move)
        self._run()
        return self._flush()

    def _complete(self, move: mv.Move, d: Decision) -> mv.Move:
        """`play "X"` without a type means the one type the card can be played as."""
        if isinstance(move, mv.Play) and not move.as_type:
            types = [m.as_type for m in d.moves if isinstance(m, mv.Play) and m.title == move.title]
            if len(types) == 1:
                return mv.Play(move.title, types[0])
        return move

    def _show(self, viewer: int, move: mv.Show) -> ev.Event:
        owner = 1 - viewer if move.opponent else viewer
        if move.zone == "hand" and owner != viewer:
            raise IllegalMoveError("the opponent's hand is hidden; show hand, ring or ringside (yours or opponent's)")
        cards = self.titles(self.s.players[owner].zone(move.zone))
        return ev.Revealed(self.name(viewer), self.name(owner), move.zone, cards)

    def _main(self, move: mv.Move) -> None:
        s, p = self.s, self.s.current
        if isinstance(move, mv.Surrender):
            self._win(1 - p, "surrender")
        elif isinstance(move, mv.EndTurn):
            s.tasks.append(T.EndTurnNow())
        elif isinstance(move, mv.UseAbility):
            s.ability_used = True
            self._emit(ev.AbilityUsed(self.name(p)))
            self._push_actions(p, R.ability(self.cat, s, p).actions, -1)
        elif isinstance(move, mv.Play):
            hand = s.players[p].hand
            self._play(p, _nth(hand, self.cat.id(move.title), move.copy), move.as_type)

    # ---------------------------------------------------------------------------- the loop
    def _run(self) -> None:
        s = self.s
        while s.winner is None:
            self._pending = _UNKNOWN
            if not s.tasks:
                if not s.end_requested:
                    return
                s.end_requested = False
                s.tasks.append(T.EndTurnNow())
            task = s.tasks[-1]
            if task.decision:
                if self.decision() is not None:
                    return
                s.tasks.pop()  # nothing to decide any more (e.g. an empty zone): skip it
                continue
            s.tasks.pop()
            _RUNNERS[type(task)](self, task)

    def _emit(self, event: ev.Event) -> None:
        self.out.append(event)

    def _flush(self) -> list[ev.Event]:
        out, self.out = self.out, []
        return out

    def _win(self, p: int, how: str) -> None:
        s = self.s
        if s.winner is None:
            s.winner, s.how = p, how
            s.tasks.clear()
            self._emit(ev.Won(self.name(p), how))

    # ------------------------------------------------------------------------------ turns
    def _start_turn(self, task: T.StartTurn) -> None:
        s, p = self.s, task.player
        if s.skip[p]:  # Pat & Gerry: the skipped turn counts as a turn; the other player goes again
            s.skip[p] = False
            self._emit(ev.TurnSkipped(self.name(p)))
            s.turn += 1
            s.tasks.append(T.StartTurn(1 - p))
            return
        s.current, s.ability_used, s.playing = p, False, None
        s.modifiers = tuple(replace(m, waiting=False) if m.owner == p else m for m in s.modifiers)
        self._emit(ev.TurnStarted(self.name(p), s.turn))
        if s.hold is not None and s.hold[0] == p:
            s.tasks.append(T.ApplyHold(p))  # runs after the draw: the main segment's first event
        s.tasks.append(T.DrawSegment(p))
        for c in reversed(s.players[p].ring):
            for trig in self.cat.infos[c].triggered:
                if trig.trigger is fx.Trigger.START_OF_TURN and trig.zone is fx.Zone.RING:
                    self._note(c, trig)
                    self._push_actions(p, trig.actions, c)
        ab = R.ability(self.cat, s, p)
        if ab.timing is fx.AbilityTiming.START_OF_TURN and self._ability_possible(p, ab):
            if ab.optional:
                s.tasks.append(T.AskAbility(p))
            else:
                self._emit(ev.AbilityUsed(self.name(p)))
                self._push_actions(p, ab.actions, -1)

    def _ability_possible(self, p: int, ab: fx.Ability) -> bool:
        first = ab.actions[0]
        if isinstance(first, fx.MoveCards):
            return bool(self.s.players[self._who(p, first.who)].zone(first.source.value))
        return True

    def _draw_segment(self, task: T.DrawSegment) -> None:
        n = min(R.ability(self.cat, self.s, task.player).draw_per_turn, len(self.s.players[task.player].arsenal))
        self._draw_cards(task.player, n)
        if n:
            self._emit(ev.Drew(self.name(task.player), n, "draw segment"))

    def _end_turn(self, task: T.EndTurnNow) -> None:
        s, p = self.s, self.s.current
        due = [d for d in s.delayed if d[0] == p]
        if due:
            s.delayed = tuple(d for d in s.delayed if d[0] != p)
            s.tasks.append(T.EndTurnNow())
            for owner, card in reversed(due):
                for dl in self.cat.infos[card].delayed:
                    self._note(card, dl)
                    self._push_actions(owner, dl.actions, card)
            return
        self._emit(ev.TurnEnded(self.name(p)))
        empty = [q for q in (p, 1 - p) if not s.players[q].arsenal]
        if empty:
            self._win(1 - empty[0], "count-out")
            return
        s.modifiers = tuple(m for m in s.modifiers if m.owner != p or m.waiting)
        s.last[p], s.playing, s.turn = None, None, s.turn + 1
        s.tasks.append(T.StartTurn(1 - p))

    # ------------------------------------------------------------------------------ plays
    def _play(self, p: int, at: int, as_type: str) -> None:
        """Play the card at position `at` of the hand."""
        s = self.s
        card = s.players[p].hand.pop(at)
        used = R.consumed(s, p, as_type)
        if used:
            s.modifiers = tuple(m for m in s.modifiers if m not in used)
        info = self.cat.infos[card]
        s.playing = CurrentPlay(p, card, as_type, tuple(m.modifier for m in used if R.applies(m.modifier, info, as_type)),
                                s.last[p])
        if self.ran is not None:
            self._note_play(s.playing)
        self._emit(ev.Played(self.name(p), info.title, as_type))
        self._offer_reversals(s.playing)

    def _offer_reversals(self, play: CurrentPlay) -> None:
        """The play resolves unless the opponent reverses it from his hand first."""
        self.s.tasks.append(T.Resolve())
        options = self._hand_reversals(play)
        if options:
            self.s.tasks.append(T.ReverseWindow(1 - play.player, options))

    def _note_play(self, play: CurrentPlay) -> None:
        """Tracing only: the requirements, own F/D changes and follow-up permission this play used."""
        info, p = self.cat.infos[play.card], play.player
        for req in info.requirements:
            if req.as_type is None or req.as_type.value == play.as_type:
                self._note(play.card, req)
        for sc in info.stat_changes:
            if (sc.as_type is None or sc.as_type.value == play.as_type) and (
                    sc.condition is None or R.holds(self.cat, self.s, p, sc.condition, play.card, play.previous)):
                self._note(play.card, sc)
        if play.previous is not None:
            for f in self.cat.infos[play.previous.card].follow_ups:
                if f.title == info.title:
                    self._note(play.previous.card, f)

    def _apply_hold(self, task: T.ApplyHold) -> None:
        """Maintain Hold, as designed here (no course transcript shows it): at the start of the
        holder's main segment the held Submission is played again from his Ring area. The opponent
        may reverse it from his hand as usual; otherwise its effects and its damage happen again
        (revealed reversals included). Any reversal ends the hold; both cards stay in the Ring area.
        If the Submission has left the Ring area, the hold is over."""
        s = self.s
        assert s.hold is not None
        p, card = s.hold
        if card not in s.players[p].ring:
            s.hold = None
            return
        s.playing = CurrentPlay(p, card, "maneuver", (), s.last[p], held=True)
        self._emit(ev.HoldApplied(self.name(p), self.title(card)))
        self._offer_reversals(s.playing)

    def _hand_reversals(self, play: CurrentPlay) -> tuple[int, ...]:
        s = self.s
        dmg = R.base_damage(self.cat, s, play, 1 - play.player) if play.as_type == "maneuver" else 0
        if R.irreversible(self.cat, s, play, dmg, from_hand=True):
            if self.cat.infos[play.card].irreversible:
                self._note(play.card, fx.Irreversible())
            return ()
        return R.reversals_in_hand(self.cat, s, play, dmg)

    def _resolve(self, task: T.Resolve) -> None:
        s = self.s
        play = s.playing
        assert play is not None
        p, info = play.player, self.cat.infos[play.card]
        self._emit(ev.Succeeded(self.name(p), info.title))
        if not play.held:
            s.players[p].ring.append(play.card)
            for dl in info.delayed:
                s.delayed += ((p, play.card),)
        if self.ran is not None and play.as_type != "maneuver":
            for nd in info.effect.of(fx.NoDamage):
                self._note(play.card, nd)
        s.tasks.append(T.Finish(None))
        if play.as_type == "maneuver":
            s.tasks.append(T.Hit(-1))
        self._push_on_play(p, play.card, play.as_type)

    def _push_on_play(self, p: int, card: int, as_type: str) -> None:
        for clause in reversed(self.cat.infos[card].on_play):
            if clause.as_type is None or clause.as_type.value == as_type:
                self._note(card, clause)
                self._push_actions(p, clause.actions, card)

    def _hit(self, task: T.Hit) -> None:
        """Overturn the damage one card at a time; a revealed reversal stops it and ends the turn."""
        s = self.s
        play = s.playing
        assert play is not None
        att, dfd = play.player, 1 - play.player
        amount = R.final_damage(self.cat, s, play, dfd)
        if s.tasks and isinstance(s.tasks[-1], T.Finish):
            s.tasks[-1] = T.Finish(amount)
        if amount:
            self._emit(ev.Damage(self.name(dfd), amount))
        if self.ran is not None:
            for c in s.players[att].ring:
                for m in self.cat.infos[c].while_in_ring:
                    self._note(c, fx.WhileInRing(m))
        reversible = not R.irreversible(self.cat, s, play, amount, from_hand=False)
        arsenal, ringside = s.players[dfd].arsenal, s.players[dfd].ringside
        for i in range(1, amount + 1):
            if not arsenal:
                self._win(att, "pin")
                return
            card = arsenal.pop()
            ringside.append(card)
            self._emit(ev.Overturned(self.name(dfd), self.title(card), i, amount))
            if reversible and self.cat.infos[card].reverses and R.reverses(self.cat, s, card, play, amount, False):
                self._reversed_from_arsenal(card, i < amount)
                return

    def _reversed_from_arsenal(self, card: int, early: bool) -> None:
        s = self.s
        play = s.playing
        assert play is not None
        dfd = 1 - play.player
        self._emit(ev.Reversed(self.name(dfd), self.title(card), "arsenal", self.title(play.card)))
        s.tasks.clear()
        s.hold = None  # any reversal ends Maintain Hold (the held Submission stays in the Ring area)
        s.last[play.player] = LastPlay(play.card, play.as_type, None)
        s.end_requested = True
        for r in self.cat.infos[card].reverses:
            self._note(card, r)
        sv = self.cat.infos[play.card].card.stun_value
        if early and sv:
            s.tasks.append(T.AskCount(play.player, "draw", sv, "stun value"))
        if self.cat.infos[card].triggers_from_ringside:
            self._trigger_from_ringside(dfd, card)

    def _trigger_from_ringside(self, owner: int, card: int) -> None:
        """Disqualification!: its reversal effect (not the hand-only part) happens although the card
        was overturned into the Ringside pile by damage from a card it could reverse."""
        self._note(card, fx.TriggersFromRingside())
        for clause in reversed(self.cat.infos[card].on_reverse):
            if not clause.from_hand_only:
                self._note(card, clause)
                self._push_actions(owner, clause.actions, card, reversing=True)

    def _finish(self, task: T.Finish) -> None:
        s = self.s
        play = s.playing
        assert play is not None
        s.last[play.player] = LastPlay(play.card, play.as_type, task.dealt)
        s.playing = None
        for p in (s.current, 1 - s.current):
            self._emit(self.status(p))

    def _reverse_from_hand(self, defender: int, at: int) -> None:
        s = self.s
        play = s.playing
        assert play is not None
        card = s.players[defender].hand.pop(at)
        att, info = play.player, self.cat.infos[card]
        self._emit(ev.Reversed(self.name(defender), info.title, "hand", self.title(play.card)))
        s.tasks.clear()
        s.hold = None  # any reversal ends Maintain Hold (the held Submission stays in the Ring area)
        if not play.held:
            if play.as_type == "reversal":  # a reversal card being reversed leaves the Ring area
                _take_last(s.players[att].ring, play.card)
            s.players[att].ringside.append(play.card)
        s.players[defender].ring.append(card)
        s.last[defender] = LastPlay(card, "reversal", None)
        s.end_requested = True
        s.tasks.append(T.ReversalHit(defender, self._reversal_damage(card, play, att), card))
        for clause in reversed(info.on_reverse):
            self._note(card, clause)
            self._push_actions(defender, clause.actions, card, reversing=True)
        self._push_on_play(defender, card, "reversal")
        for r in info.reverses:
            self._note(card, r)
        matching = [r for r in info.reverses if r.cost]
        if matching:
            self._push_actions(defender, matching[0].cost, card)
        self._offer_counter_reversal(CurrentPlay(defender, card, "reversal"))

    def _offer_counter_reversal(self, rev: CurrentPlay) -> None:
        """A reversal card can itself be reversed by cards that target reversals (Disqualification!
        reverses a HEEL reversal card): the original attacker gets a window before the reversal's
        effects and damage happen."""
        options = self._hand_reversals(rev)
        if options:
            self.s.playing = rev
            self.s.tasks.append(T.ReverseWindow(1 - rev.player, options))

    def _reversal_damage(self, card: int, play: CurrentPlay, att: int) -> int:
        info = self.cat.infos[card]
        if info.variable_damage:
            self._note(card, fx.VariableDamage())
            d = R.base_damage(self.cat, self.s, play, 1 - att)
        else:
            d = info.card.printed_damage
        bonus = self.cat.infos[play.card].reversal_bonus
        if bonus:
            self._note(play.card, fx.ReversalBonus(bonus))
        d += bonus
        return max(d + R.damage_taken(self.cat, self.s, att), 0) if d else 0

    def _reversal_hit(self, task: T.ReversalHit) -> None:
        target = 1 - task.player
        if task.amount:
            source = CurrentPlay(task.player, task.card, "reversal") if task.card >= 0 else None
            self._mill(target, task.amount, winner_if_empty=task.player, collateral=False, source=source)

    # ------------------------------------------------------------------------------- effects
    def _who(self, owner: int, who: fx.Who) -> int:
        return owner if who is fx.Who.YOU else 1 - owner

    def _push_actions(self, owner: int, actions: tuple[fx.Action, ...], card: int, reversing: bool = False) -> None:
        for a in reversed(actions):
            if reversing and isinstance(a, fx.EndTurn):
                self._note(card, a)
                continue  # a reversal always ends the opponent's turn
            self.s.tasks.append(T.Act(owner, a, card))

    def _act(self, task: T.Act) -> None:
        a = task.action
        if getattr(a, "who", None) is fx.Who.ALL:  # all players: you first, then the opponent
            self._note(task.card, a)
            for who in (fx.Who.OPPONENT, fx.Who.YOU):
                self.s.tasks.append(T.Act(task.owner, replace(a, who=who, **_chooser(a, who)), task.card))
            return
        if self.ran is None:
            _ACTIONS[type(a)](self, task.owner, a, task.card)
            return
        before = self._footprint()
        _ACTIONS[type(a)](self, task.owner, a, task.card)
        if self._footprint() != before:  # tracing: an action counts as executed when it changed something
            self._note(task.card, a)

    def _footprint(self) -> tuple[object, ...]:
        s = self.s
        return (len(self.out), len(s.tasks), s.end_requested, tuple(s.skip), s.hold, s.winner, s.modifiers, s.moved)

    def _draw_cards(self, p: int, n: int) -> int:
        pl = self.s.players[p]
        n = min(n, len(pl.arsenal))
        for _ in range(n):
            pl.hand.append(pl.arsenal.pop())
        return n

    def _mill(self, p: int, n: int, winner_if_empty: int, collateral: bool, source: CurrentPlay | None = None) -> None:
        """Overturn `n` cards of p's Arsenal. With `source` (a reversal card's damage), an overturned
        card that triggers from the Ringside pile (Disqualification!) is checked against it."""
        pl = self.s.players[p]
        self._emit(ev.Damage(self.name(p), n, collateral))
        for i in range(1, n + 1):
            if not pl.arsenal:
                self._win(winner_if_empty, "collateral" if collateral else "pin")
                return
            card = pl.arsenal.pop()
            pl.ringside.append(card)
            self._emit(ev.Overturned(self.name(p), self.title(card), i, n))
            if (source is not None and self.cat.infos[card].triggers_from_ringside
                    and R.reverses(self.cat, self.s, card, source, n, False)):
                self._trigger_from_ringside(p, card)
                return

    def _do_draw(self, owner: int, a: fx.Draw, card: int) -> None:
        p = self._who(owner, a.who)
        n = a.count.n or 0
        if a.count.up_to:
            self.s.tasks.append(T.AskCount(p, "draw", n))
        else:
            self._draw_cards(p, n)
            self._emit(ev.Drew(self.name(p), n, "effect"))

    def _do_discard(self, owner: int, a: fx.Discard, card: int) -> None:
        p, chooser = self._who(owner, a.who), self._who(owner, a.chooser)
        if a.count.n is None:
            self._discard_all(p, a.filter)
        elif a.count.up_to and p == owner == chooser:
            self.s.tasks.append(T.AskCount(p, "discard", min(a.count.n, len(self.s.players[p].hand))))
        else:
            self.s.moved = min(a.count.n, len(self.s.players[p].hand))
            self.s.tasks.append(T.PickCard(chooser, p, "hand", "discard", a.count.n,
                                           filter=a.filter, forced=p != owner))

    def _discard_all(self, p: int, flt: fx.CardFilter) -> None:
        pl = self.s.players[p]
        keep, gone = [], []
        for c in pl.hand:
            (gone if self._passes(c, flt, p) else keep).append(c)
        pl.hand[:] = keep
        pl.ringside.extend(gone)
        if flt == fx.CardFilter():
            self._emit(ev.HandDiscarded(self.name(p), self.titles(gone)))
            return
        for c in gone:
            self._emit(ev.Discarded(self.name(p), self.title(c)))

    def _passes(self, card: int, flt: fx.CardFilter, by: int) -> bool:
        info = self.cat.infos[card]
        if flt.title is not None and info.title != flt.title:
            return False
        if flt.trait is not None and flt.trait not in info.card.traits:
            return False
        if flt.types and not any(info.is_(t) for t in flt.types):
            return False
        return not flt.max_damage_of_own_fortitude or info.card.printed_damage <= R.fortitude(self.cat, self.s, by)

    def _do_discard_this(self, owner: int, a: fx.DiscardThis, card: int) -> None:
        pl = self.s.players[owner]
        for zone in (pl.ring, pl.hand):
            if card in zone:
                zone.remove(card)
                pl.ringside.append(card)
                self._emit(ev.Discarded(self.name(owner), self.title(card)))
                return

    def _do_return_this(self, owner: int, a: fx.ReturnThis, card: int) -> None:
        pl = self.s.players[owner]
        if card in pl.ring:
            pl.ring.remove(card)
            position = self._position(a.position.value)
            self._put_in_arsenal(owner, [card], position)
            self._emit(ev.Moved(self.name(owner), self.title(card), "ring", "arsenal", position))

    def _position(self, position: str) -> str:
        """Where "shuffle into the Arsenal" puts cards: the course profile puts them at the bottom."""
        return "bottom" if position == "shuffle" and self.s.profile == "course" else position

    def _put_in_arsenal(self, p: int, cards: list[int], position: str) -> None:
        """The Arsenal list runs bottom (index 0) to top."""
        arsenal = self.s.players[p].arsenal
        if position == "top":
            arsenal.extend(cards)
        elif position == "bottom":
            arsenal[0:0] = cards
        else:
            arsenal.extend(cards)
            self.s.rng = rng.shuffle(self.s.rng, arsenal)

    def _do_mill(self, owner: int, a: fx.MillTop, card: int) -> None:
        p = self._who(owner, a.who)
        self._mill(p, a.n, winner_if_empty=1 - p if p == owner else owner, collateral=p == owner)

    def _do_move(self, owner: int, a: fx.MoveCards, card: int) -> None:
        p = self._who(owner, a.who)
        n = self.s.moved if a.count.same else (a.count.n or 0)
        if n:
            self.s.tasks.append(T.PickCard(self._who(owner, a.chooser), p, a.source.value, "take", n,
                                           dest=a.dest.value, position=a.position.value, filter=a.filter, by=owner))

    def _do_search(self, owner: int, a: fx.Search, card: int) -> None:
        p = self._who(owner, a.who)
        pl = self.s.players[p]
        if a.filter.title is None:
            self.s.tasks.append(T.PickCard(owner, p, a.zones[0].value, "take", 1, dest="hand"))
            return
        for zone in a.zones:
            cards = pl.zone(zone.value)
            found = next((c for c in reversed(cards) if self._passes(c, a.filter, owner)), None)
            self._emit(ev.Searched(self.name(p), a.filter.title, zone.value, found is not None))
            if found is not None:
                cards.remove(found)
                pl.hand.append(found)
                return

    def _do_shuffle(self, owner: int, a: fx.Shuffle, card: int) -> None:
        if self.s.profile == "standard":
            p = self._who(owner, a.who)
            self.s.rng = rng.shuffle(self.s.rng, self.s.players[p].arsenal)
            self._emit(ev.Shuffled(self.name(p)))

    def _do_look(self, owner: int, a: fx.LookAt, card: int) -> None:
        p = self._who(owner, a.who)
        if self._picks_next_from(owner, p, a.zone):
            self._note(card, a)
            return  # looking at a hand to choose from it: the choice itself shows the hand
        cards = self.s.players[p].zone(a.zone.value)
        shown = list(reversed(cards))[: a.n] if a.zone is fx.Zone.ARSENAL else cards
        self._emit(ev.Revealed(self.name(owner), self.name(p), a.zone.value, self.titles(shown)))

    def _picks_next_from(self, owner: int, p: int, zone: fx.Zone) -> bool:
        nxt = self.s.tasks[-1] if self.s.tasks else None
        if zone is not fx.Zone.HAND or not isinstance(nxt, T.Act) or not isinstance(nxt.action, fx.Discard):
            return False
        a = nxt.action
        return self._who(owner, a.who) == p and self._who(owner, a.chooser) == owner != p

    def _do_arrange(self, owner: int, a: fx.Arrange, card: int) -> None:
        p = self._who(owner, a.who)
        if self.s.players[p].arsenal:
            self.s.tasks.append(T.AskArrange(owner, p, min(a.n, len(self.s.players[p].arsenal))))

    def _do_skip(self, owner: int, a: fx.SkipTurn, card: int) -> None:
        self.s.skip[self._who(owner, a.who)] = True

    def _do_end_turn(self, owner: int, a: fx.EndTurn, card: int) -> None:
        self.s.end_requested = True

    def _do_win(self, owner: int, a: fx.WinGame, card: int) -> None:
        self._win(owner, a.how)

    def _do_modify(self, owner: int, a: fx.Modify, card: int) -> None:
        s = self.s
        waiting = a.modifier.duration is fx.Duration.NEXT_TURN or s.current != owner
        s.modifiers += (ActiveModifier(owner, a.modifier, card, waiting),)
        from rawdeal.effects.render import render_action

        self._emit(ev.Modified(self.name(owner), render_action(a)))

    def _do_equalize(self, owner: int, a: fx.EqualizeFortitude, card: int) -> None:
        self.s.tasks.append(T.Equalize(owner))

    def _equalize(self, task: T.Equalize) -> None:
        f = [R.fortitude(self.cat, self.s, p) for p in (0, 1)]
        if f[0] == f[1]:
            return
        high = 0 if f[0] > f[1] else 1
        removable = fx.CardFilter(types=(CardType.MANEUVER, CardType.REVERSAL))
        if not any(self._passes(c, removable, high) for c in self.s.players[high].ring):
            return
        self.s.tasks.append(task)
        self.s.tasks.append(T.PickCard(high, high, "ring", "take", 1, dest="ringside", filter=removable))

    def _do_choice(self, owner: int, a: fx.Choice, card: int) -> None:
        from rawdeal.effects.render import option_label

        self.s.tasks.append(T.AskChoice(owner, card, a.options, tuple(option_label(o) for o in a.options)))

    def _do_optional(self, owner: int, a: fx.Optional, card: int) -> None:
        self.s.tasks.append(T.AskYesNo(owner, card, a.actions))

    def _do_conditional(self, owner: int, a: fx.Conditional, card: int) -> None:
        if R.holds(self.cat, self.s, owner, a.condition, card, self.s.last[owner]):
            self._push_actions(owner, a.actions, card)

    def _do_hold(self, owner: int, a: fx.HoldSubmission, card: int) -> None:
        prev = self.s.last[owner]
        if prev is not None:
            self.s.hold = (owner, prev.card)

    # ----------------------------------------------------------------------------- decisions
    def _decide_reverse(self, t: T.ReverseWindow) -> Decision:
        titles = self.titles(t.options)
        moves = tuple(mv.Reverse(x) for x in dict.fromkeys(titles)) + (mv.PASS,)
        return Decision(t.defender, "reverse", f"{self.name(t.defender)} may reverse the card", moves, titles)

    def _resolve_reverse(self, t: T.ReverseWindow, move: mv.Move) -> None:
        if isinstance(move, mv.Reverse):
            card = self.cat.id(move.title)
            self._reverse_from_hand(t.defender, _nth(self.s.players[t.defender].hand, card, move.copy))

    def _pick_options(self, t: T.PickCard) -> list[int]:
        cards = self.s.players[t.owner].zone(t.zone)
        by = t.by if t.by >= 0 else t.chooser
        return [c for c in cards if self._passes(c, t.filter, by)]

    def _decide_pick(self, t: T.PickCard) -> Decision | None:
        if t.remaining <= 0:
            return None
        titles = self.titles(self._pick_options(t))
        if not titles:
            return None
        moves = tuple(mv.Pick(t.verb, x) for x in dict.fromkeys(titles))
        whose = "his" if t.owner == t.chooser else f"{self.name(t.owner)}'s"
        where = {"hand": "hand", "ring": "Ring area", "ringside": "Ringside pile", "arsenal": "Arsenal"}[t.zone]
        what = "discard" if t.verb == "discard" else f"take to the {t.dest}"
        prompt = f"{self.name(t.chooser)} picks a card of {whose} {where} to {what} ({t.remaining} left)"
        return Decision(t.chooser, t.verb, prompt, moves, titles)

    def _resolve_pick(self, t: T.PickCard, move: mv.Move) -> None:
        assert isinstance(move, mv.Pick)
        pl = self.s.players[t.owner]
        zone = pl.zone(t.zone)
        wanted = self.cat.id(move.title)
        options = [i for i, c in enumerate(zone) if c == wanted and self._passes(c, t.filter, t.by if t.by >= 0 else t.chooser)]
        card = zone.pop(options[move.copy - 1])
        if t.remaining > 1:
            self.s.tasks.append(replace(t, remaining=t.remaining - 1))
        if t.verb == "discard":
            pl.ringside.append(card)
            self._emit(ev.Discarded(self.name(t.owner), move.title))
            if t.forced and t.chooser == t.owner:
                self._react_to_forced_discard(t.owner, card)
            return
        position = self._position(t.position) if t.dest == "arsenal" else ""
        if t.dest == "arsenal":
            self._put_in_arsenal(t.owner, [card], position)
        else:
            pl.zone(t.dest).append(card)
        self._emit(ev.Moved(self.name(t.owner), move.title, t.zone, t.dest, position))

    def _react_to_forced_discard(self, p: int, card: int) -> None:
        """Ego Boost: when the opponent's effect makes a player discard and that player picks this
        card, it is the card he "chooses to discard" and the rest of the reaction follows (draw up
        to 2). Discards he does not pick himself (the opponent picks, or the whole hand goes) give no
        such choice."""
        for trig in self.cat.infos[card].triggered:
            if trig.trigger is fx.Trigger.FORCED_DISCARD:
                self._note(card, trig)
                for a in trig.actions:
                    if isinstance(a, fx.DiscardThis):
                        self._note(card, a)  # the pick itself was this discard
                rest = tuple(a for a in trig.actions if not isinstance(a, fx.DiscardThis))
                self._push_actions(p, rest, card)

    def _decide_count(self, t: T.AskCount) -> Decision:
        moves = tuple(mv.Count(t.verb, n) for n in range(t.most + 1))
        why = "stun value" if t.reason == "stun value" else "effect"
        return Decision(t.player, "count", f"{self.name(t.player)} may {t.verb} up to {t.most} cards ({why})", moves)

    def _resolve_count(self, t: T.AskCount, move: mv.Move) -> None:
        assert isinstance(move, mv.Count)
        p = t.player
        if t.verb == "draw":
            self._draw_cards(p, move.n)
            self._emit(ev.Drew(self.name(p), move.n, t.reason))
        else:
            self.s.moved = move.n
            if move.n:
                self.s.tasks.append(T.PickCard(p, p, "hand", "discard", move.n))

    def _decide_choice(self, t: T.AskChoice) -> Decision:
        moves = tuple(mv.Choose(label) for label in t.labels)
        return Decision(t.player, "choose", f"{self.name(t.player)} chooses one effect of {self.title(t.card)}", moves)

    def _resolve_choice(self, t: T.AskChoice, move: mv.Move) -> None:
        assert isinstance(move, mv.Choose)
        i = t.labels.index(move.option)
        self._emit(ev.Chose(self.name(t.player), move.option))
        self._push_actions(t.player, t.options[i], t.card)

    def _decide_yes_no(self, t: T.AskYesNo) -> Decision | None:
        """"You may discard N cards to ..." (Abdominal Stretch) is not offered with fewer than N cards."""
        from rawdeal.effects.render import option_label

        first = t.actions[0]
        if isinstance(first, fx.Discard) and first.who is fx.Who.YOU and first.count.n is not None \
                and len(self.s.players[t.player].hand) < first.count.n:
            return None
        prompt = f"{self.name(t.player)} may: {option_label(t.actions)}"
        return Decision(t.player, "yes-no", prompt, (mv.YES, mv.NO))

    def _resolve_yes_no(self, t: T.AskYesNo, move: mv.Move) -> None:
        if isinstance(move, mv.Yes):
            self._push_actions(t.player, t.actions, t.card)

    def _decide_ability(self, t: T.AskAbility) -> Decision:
        return Decision(t.player, "ability", f"{self.name(t.player)} may use his ability", (mv.ABILITY, mv.PASS))

    def _resolve_ability(self, t: T.AskAbility, move: mv.Move) -> None:
        if isinstance(move, mv.UseAbility):
            self._emit(ev.AbilityUsed(self.name(t.player)))
            self._push_actions(t.player, R.ability(self.cat, self.s, t.player).actions, -1)

    def _decide_arrange(self, t: T.AskArrange) -> Decision:
        """Hmmm / Don't Think Too Hard: any order of the looked-at cards is a legal `arrange` move
        (see `_allowed`); the list offers two of them (as they are, and reversed) to keep it short."""
        top = self.titles(list(reversed(self.s.players[t.owner].arsenal))[: t.n])
        return Decision(t.player, "arrange", f"{self.name(t.player)} arranges the top {t.n} cards (top first)",
                        (mv.Arrange(top), mv.Arrange(tuple(reversed(top)))), top)

    def _resolve_arrange(self, t: T.AskArrange, move: mv.Move) -> None:
        assert isinstance(move, mv.Arrange)
        arsenal = self.s.players[t.owner].arsenal
        top = list(reversed(arsenal[-t.n:]))
        order = []
        for title in move.titles:
            card = next(c for c in top if self.title(c) == title)
            top.remove(card)
            order.append(card)
        arsenal[-t.n:] = list(reversed(order))


def _chooser(action: fx.Action, who: fx.Who) -> dict[str, fx.Who]:
    """When all players act, each one chooses for himself."""
    return {"chooser": who} if hasattr(action, "chooser") else {}


def _take_last(cards: list[int], card: int) -> None:
    """Remove the last copy of `card` from a zone, if there is one."""
    for i in range(len(cards) - 1, -1, -1):
        if cards[i] == card:
            del cards[i]
            return


_UNKNOWN = object()
_PLAYS: dict[tuple[int, str], mv.Play] = {}


def _play_move(cat: Catalog, card: int, as_type: str) -> mv.Play:
    """One shared `play` move per card and type: main decisions build no new move objects."""
    move = _PLAYS.get((card, as_type))
    if move is None or move.title != cat.infos[card].title:
        move = _PLAYS[card, as_type] = mv.Play(cat.infos[card].title, as_type)
    return move


def _nth(cards: list[int], card: int, copy: int) -> int:
    """The position of the `copy`-th copy of `card` in a zone."""
    return [i for i, c in enumerate(cards) if c == card][copy - 1]


def _allowed(move: mv.Move, d: Decision) -> bool:
    for m in d.moves:
        if m is move:  # a move taken from the decision itself (drivers that pick from the list)
            return True
    if isinstance(move, mv.Arrange) and d.kind == "arrange":
        return sorted(move.titles) == sorted(d.cards)
    copy = getattr(move, "copy", 1)
    if copy > 1:
        return replace(move, copy=1) in d.moves and d.cards.count(move.title) >= copy  # type: ignore[attr-defined]
    return move in d.moves


def _illegal(move: mv.Move, d: Decision) -> str:
    legal = "\n".join(f"  {m}" for m in d.moves)
    return f"illegal move {str(move)!r}: {d.prompt}. Legal moves:\n{legal}"


_RUNNERS: dict[type, Callable[[Game, T.Task], None]] = {
    T.StartTurn: Game._start_turn, T.DrawSegment: Game._draw_segment, T.EndTurnNow: Game._end_turn,
    T.Act: Game._act, T.Resolve: Game._resolve, T.Hit: Game._hit, T.Finish: Game._finish,
    T.ReversalHit: Game._reversal_hit, T.Equalize: Game._equalize, T.ApplyHold: Game._apply_hold,
}  # type: ignore[dict-item]
_DECIDERS: dict[type, Callable[[Game, T.Task], Decision | None]] = {
    T.ReverseWindow: Game._decide_reverse, T.PickCard: Game._decide_pick, T.AskCount: Game._decide_count,
    T.AskChoice: Game._decide_choice, T.AskYesNo: Game._decide_yes_no, T.AskAbility: Game._decide_ability,
    T.AskArrange: Game._decide_arrange,
}  # type: ignore[dict-item]
_RESOLVERS: dict[type, Callable[[Game, T.Task, mv.Move], None]] = {
    T.ReverseWindow: Game._resolve_reverse, T.PickCard: Game._resolve_pick, T.AskCount: Game._resolve_count,
    T.AskChoice: Game._resolve_choice, T.AskYesNo: Game._resolve_yes_no, T.AskAbility: Game._resolve_ability,
    T.AskArrange: Game._resolve_arrange,
}  # type: ignore[dict-item]
_ACTIONS: dict[type, Callable[[Game, int, fx.Action, int], None]] = {
    fx.Draw: Game._do_draw, fx.Discard: Game._do_discard, fx.DiscardThis: Game._do_discard_this,
    fx.ReturnThis: Game._do_return_this, fx.MillTop: Game._do_mill, fx.MoveCards: Game._do_move,
    fx.Search: Game._do_search, fx.Shuffle: Game._do_shuffle, fx.LookAt: Game._do_look,
    fx.Arrange: Game._do_arrange, fx.SkipTurn: Game._do_skip, fx.EndTurn: Game._do_end_turn,
    fx.WinGame: Game._do_win, fx.Modify: Game._do_modify, fx.EqualizeFortitude: Game._do_equalize,
    fx.Choice: Game._do_choice, fx.Optional: Game._do_optional, fx.Conditional: Game._do_conditional,
    fx.HoldSubmission: Game._do_hold,
}  # type: ignore[dict-item]
