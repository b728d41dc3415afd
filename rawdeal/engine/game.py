"""The game: a state machine that never prompts.

`Game.decision()` tells whose decision is pending and its legal moves; `Game.apply(move)` answers it
and returns the events it caused. Work that remains is a stack of tasks in the state; the engine runs
tasks until one needs a decision (or the game is over). Card behaviour comes from compiled effects.

This module holds the loop, turns, plays, damage and reversals; the effect-action handlers are in
`actions` and the decision handlers in `choices` (mixins of `Game`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Final

from rawdeal.effects import model as fx
from rawdeal.engine import events as ev
from rawdeal.engine import moves as mv
from rawdeal.engine import midmatch, prematch
from rawdeal.engine import rng
from rawdeal.engine import rules as R
from rawdeal.engine import standing
from rawdeal.engine import tasks as T
from rawdeal.engine.cardinfo import Catalog, CardInfo, catalog
from rawdeal.engine.choices import DECIDERS, RESOLVERS, Choices, choice_labels, nth
from rawdeal.engine.decision import Decision, SeatPrompts
from rawdeal.engine.legality import main_move
from rawdeal.cards import CardType
from rawdeal.engine.state import ActiveModifier, CurrentPlay, GameState, LastPlay, PlayerState
from rawdeal.engine.words import CardId, DecisionKind, Profile
from rawdeal.engine.members import COURSE, DRAW, MAIN, MANEUVER, REVERSAL, START_OF_TURN, STUN_VALUE
from rawdeal.errors import IllegalMoveError

PROFILES = tuple(Profile)
Trace = Callable[["Game", int, object], None]


class Game(Choices):
    """One game between two players (0 and 1)."""

    def __init__(self, state: GameState, cat: Catalog | None = None) -> None:
        self.s = state
        self.cat = cat or catalog()
        self.names = seat_names(state)
        self.prompts = tuple(map(SeatPrompts.of, self.names))
        self.out: list[ev.Event] = []
        # False when nobody reads the events (random games, searches): `apply` then returns none,
        # and the frequent ones are not even built (about a tenth of a random game's time).
        self.listen = True
        self._pending: Decision | None | object = _UNKNOWN  # the decision, computed once per position
        # The one tracing hook: told (game, card, item) where a clause is applied (`_run_clause`), an
        # action changes something (`_act`), and a play starts, resolves and hits (items `CurrentPlay`,
        # `T.Resolve`, `T.Hit`), so that a tracer can work out which static clauses they used. None
        # (the default) traces nothing; the effects probe (`rawdeal.checks.probe`) uses it to see
        # that every clause is executed.
        self.trace: Trace | None = None

    # ------------------------------------------------------------------------------- creation
    @classmethod
    def start(cls, superstars: tuple[str, str], arsenals: tuple[list[CardId], list[CardId]],
              profile: Profile = COURSE, seed: int = 0, cat: Catalog | None = None,
              backlash: tuple[list[CardId], list[CardId]] = ([], [])) -> tuple[Game, list[ev.Event]]:
        """A new game from two Superstars and their decks (bottom to top), opening hands drawn; the
        cards are the shipped database's unless `cat` says otherwise (a Classic pool's). Classic decks
        may have a Backlash deck each (`backlash`); with Pre-match cards in one, the game starts with
        the Pre-match phase (`rawdeal.engine.prematch`), and the hands are drawn at its end."""
        cat = cat or catalog()
        state = GameState(players=[PlayerState(n, a[:], backlash=b[:]) for n, a, b in zip(superstars, arsenals, backlash)],
                          profile=Profile(profile), seed=seed, rng=seed)
        game = cls(state, cat)
        s = state
        if profile == Profile.STANDARD:
            for player in s.players:
                s.rng = rng.shuffle(s.rng, player.arsenal)
        if prematch.has_phase(game):
            s.current = game._first_player()
            game._emit(ev.GameStarted(game.name(s.current), game.name(1 - s.current)))
            s.tasks.append(T.PreMatch(s.current))
            game._run()
            return game, game._flush()
        for p in (0, 1):
            game._draw_cards(p, standing.hand_size(cat, s, p))
        s.current = game._first_player()
        game._emit(ev.GameStarted(game.name(s.current), game.name(1 - s.current)))
        s.tasks.append(T.StartTurn(s.current))
        game._run()
        return game, game._flush()

    def _first_player(self) -> int:
        v = [standing.superstar_value(self.cat, self.s, p) for p in (0, 1)]
        if v[0] != v[1]:
            return 0 if v[0] > v[1] else 1
        if self.s.profile == COURSE:
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
    def renamed(self) -> dict[str, str]:
        """Seat name -> Superstar, for the names a mirror match changed (empty otherwise): what a
        renderer that prints plain Superstar names, as the course does, maps back."""
        return {n: p.superstar for n, p in zip(self.names, self.s.players) if n != p.superstar}

    def status(self, p: int) -> ev.Status:
        pl = self.s.players[p]
        return ev.Status(self.names[p], R.fortitude(self.cat, self.s, p), len(pl.hand), len(pl.arsenal))

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

    def playable(self) -> list[tuple[str, CardType]]:
        """(title, type) of every card the turn player may play, one per card in hand order."""
        return [(self.title(c), t) for c, t in R.playable(self.cat, self.s, self.s.current)]

    def legal_moves(self) -> tuple[mv.Move, ...]:
        d = self.decision()
        return d.moves if d else ()

    def _main_decision(self) -> Decision:
        s, p = self.s, self.s.current
        ends = _ABILITY_ENDS if R.ability_usable(self.cat, s, p) else _ENDS
        if self.cat.activators or self.cat.their_activators:  # Classic cards with effects used from the Ring area or
            # Ringside pile
            ends = (*R.activations(self.cat, s, p), *ends)
        # Classic: Mid-match cards are played from the Backlash deck
        plays = R.play_moves(self.cat, s, p, midmatch.playable(self, p) if s.players[p].backlash else ())
        return Decision(p, MAIN, self.prompts[p].main, (*plays, *ends), self.titles_of(tuple(s.players[p].hand)))

    # ---------------------------------------------------------------------------------- moves
    def apply(self, move: mv.Move) -> list[ev.Event]:
        """Answer the pending decision; raises IllegalMoveError (listing the legal moves) otherwise."""
        if self._pending is _UNKNOWN:  # nobody asked for the decision: a legal main move needs none
            legal = main_move(self, move)
            if legal is not None:
                self._main(legal)
                self._run()
                return self._flush()
        d = self.decision()
        if d is None:
            raise IllegalMoveError(f"the game is over: {self.name(self.s.winner or 0)} won")
        if isinstance(move, mv.Show):
            return [self._show(d.player, move)]
        move = self._complete(move, d)
        if not _allowed(move, d):
            raise IllegalMoveError(f"illegal move {str(move)!r}: {d.prompt}", tuple(map(str, d.moves)))
        self._pending = _UNKNOWN
        if d.kind is MAIN:
            self._main(move)
        else:
            task = self.s.tasks.pop()
            _RESOLVERS[type(task)](self, task, move)
        self._run()
        return self._flush()

    def _complete(self, move: mv.Move, d: Decision) -> mv.Move:
        """`play "X"` without a type means the one type the card can be played as; `choose "label"`
        means the option of that English label (move files name options by number)."""
        if isinstance(move, mv.Choose) and not move.option.isdigit() and self.s.tasks:
            task = self.s.tasks[-1]
            if isinstance(task, T.AskChoice):
                folded = [label.casefold() for label in choice_labels(task)]
                if move.option.casefold() in folded:
                    return mv.Choose(str(folded.index(move.option.casefold()) + 1))
        if isinstance(move, mv.Play) and not move.as_type:
            types = [m.as_type for m in d.moves if isinstance(m, mv.Play) and m.title == move.title
                     and m.source is move.source and m.holder == move.holder]
            if len(types) == 1:
                return mv.Play(move.title, types[0], 1, move.source, move.holder)
        return move

    def _show(self, viewer: int, move: mv.Show) -> ev.Event:
        owner = 1 - viewer if move.opponent else viewer
        if move.zone == "hand" and owner != viewer:
            raise IllegalMoveError("the opponent's hand is hidden; show hand, ring or ringside (yours or opponent's)")
        cards = self.titles(self.s.players[owner].zone(move.zone))
        return ev.Revealed(self.name(viewer), self.name(owner), move.zone, cards)

    def _main(self, move: mv.Move) -> None:
        s, p = self.s, self.s.current
        if isinstance(move, mv.Play):
            assert move.as_type is not None  # `_complete` gave it the one type it can be played as
            hand, card = s.players[p].hand, self.cat.id(move.title)
            if move.source is fx.Zone.UNDER:  # legal: the holder's text lets it be played as if in the hand
                s.held(p, self.cat.id(move.holder)).remove(card)
                s.tidy()
                hand.append(card)
                self._play(p, len(hand) - 1, move.as_type, source=move.source)
                return
            if move.source is not fx.Zone.HAND:  # legal: its text lets it be played from there
                s.players[p].zone(move.source).remove(card)
                hand.append(card)  # where plays start: the play takes it from the hand at once
                self._play(p, len(hand) - 1, move.as_type, source=move.source)
                return
            source = fx.Zone.HAND
            if card not in hand:  # legal, so a Mid-match card of the Backlash deck
                midmatch.fetch(self, p, card)
                source = fx.Zone.BACKLASH
            self._play(p, nth(hand, card, move.copy), move.as_type, source)
        elif isinstance(move, mv.EndTurn):
            s.tasks.append(T.END_TURN)
        elif isinstance(move, mv.Surrender):
            self._win(1 - p, "surrender")
        elif isinstance(move, mv.UseAbility):
            s.ability_used = True
            self._emit(ev.AbilityUsed(self.name(p)))
            self._push_actions(p, R.ability(self.cat, s, p).actions, -1)
        elif isinstance(move, mv.Use):
            self._use(p, self.cat.id(move.title))

    def _use(self, p: int, card: CardId) -> None:
        """Use the effect of a card lying in the player's Ring area or Ringside pile (the move was legal)."""
        s = self.s
        clause = R.usable_activation(self.cat, s, p, card)
        assert clause is not None  # the main decision offered it
        if clause.once:
            s.used = (*s.used, card)
        self._emit(ev.EffectUsed(self.name(p), self.title(card)))
        self._run_clause(p if clause.by is fx.Who.YOU else 1 - p, card, clause, clause.actions)  # the card's owner's

    # ---------------------------------------------------------------------------- the loop
    def _run(self) -> None:
        s, tasks, decisions = self.s, self.s.tasks, T.DECISIONS
        while s.winner is None:
            self._pending = _UNKNOWN
            if not tasks:
                if not s.end_requested:
                    return
                s.end_requested = False
                tasks.append(T.END_TURN)
            task = tasks[-1]
            if type(task) in decisions:
                self._pending = self._decide()
                if self._pending is not None:
                    return
                tasks.pop()  # nothing to decide any more (e.g. an empty zone): skip it
                if isinstance(task, T.PickCard) and task.remaining > 0:
                    self._emit(ev.NothingToPick(self.name(task.chooser), self.name(task.owner), task.zone))
                continue
            tasks.pop()
            _RUNNERS[type(task)](self, task)

    def _flush(self) -> list[ev.Event]:
        out, self.out = self.out, []
        return out

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
        if s.used:
            s.used = ()
        if s.modifiers:
            s.modifiers = tuple(_started(m) if m.owner == p and m.waiting else m for m in s.modifiers)
        if self.listen:
            self._emit(ev.TurnStarted(self.name(p), s.turn))
        if s.hold is not None and s.hold[0] == p:
            s.tasks.append(T.ApplyHold(p))  # runs after the draw: the main segment's first event
        s.tasks.append(T.DRAW_SEGMENT[p])
        theirs = self.cat.their_starters
        if theirs and not theirs.isdisjoint(s.players[1 - p].ring):  # after his own: the opponent's cards
            for c in reversed([c for c in R.ring_texts(s, 1 - p) if c in theirs]):
                for trig in reversed(self.cat.infos[c].triggered):
                    if trig.trigger is fx.Trigger.START_OF_TURN and trig.zone is fx.Zone.RING \
                            and trig.by is not fx.Who.YOU:
                        self._run_clause(1 - p, c, trig, trig.actions)
        starts = self.cat.ring_start_triggers
        for card in s.players[p].ring:  # a plain loop: compiled native, and quicker than any(map(...)) pure
            if starts[card]:  # rare: most cards have no start-of-turn trigger
                for c in reversed(R.ring_texts(s, p)):
                    for trig in starts[c]:
                        self._run_clause(p, c, trig, trig.actions)
                break
        from_ringside = self.cat.ringside_starters
        if from_ringside and not from_ringside.isdisjoint(s.players[p].ringside):
            for c in reversed([c for c in s.players[p].ringside if c in from_ringside]):  # each copy there
                for trig in self.cat.infos[c].triggered:
                    if trig.trigger is fx.Trigger.START_OF_TURN and trig.zone is fx.Zone.RINGSIDE:
                        self._run_clause(p, c, trig, trig.actions)
        ab = R.ability(self.cat, s, p)
        if ab.timing is START_OF_TURN and self._ability_possible(p, ab):
            if ab.optional:
                s.tasks.append(T.AskAbility(p))
            else:
                self._emit(ev.AbilityUsed(self.name(p)))
                self._push_actions(p, ab.actions, -1)

    def _ability_possible(self, p: int, ab: fx.Ability) -> bool:
        first = ab.actions[0]
        if isinstance(first, fx.MoveCards):
            return bool(self.s.players[self._who(p, first.who)].zone(first.source))
        return True

    def _draw_segment(self, task: T.DrawSegment) -> None:
        n = min(R.ability(self.cat, self.s, task.player).draw_per_turn, len(self.s.players[task.player].arsenal))
        self._draw_cards(task.player, n)
        if n and self.listen:
            self._emit(ev.Drew(self.name(task.player), n, "draw segment"))
        cat, pl = self.cat, self.s.players[task.player]
        if cat.drawing_stars or cat.draw_starters and not cat.draw_starters.isdisjoint(pl.ring):
            self._push_draw_segment(task.player)

    def _push_draw_segment(self, p: int) -> None:
        """What happens after the Draw segment's usual card ("During your Draw Segment, draw an additional 3 cards"):
        his Superstar's, then each copy's in his Ring area, in that order."""
        cat = self.cat
        found = [(-1, t) for t in R.ability(cat, self.s, p).triggered if t.trigger is fx.Trigger.DRAW_SEGMENT]
        found += [(c, t) for c in R.ring_texts(self.s, p) if c in cat.draw_starters for t in cat.infos[c].triggered
                  if t.trigger is fx.Trigger.DRAW_SEGMENT and t.zone is fx.Zone.RING]
        for card, t in reversed(found):
            self._run_clause(p, card, t, t.actions)

    def _end_turn(self, task: T.EndTurnNow) -> None:
        s, p = self.s, self.s.current
        due = [d for d in s.delayed if d[0] == p] if s.delayed else None
        if due:
            s.delayed = tuple(d for d in s.delayed if d[0] != p)
            s.tasks.append(T.END_TURN)
            for owner, card in reversed(due):
                for dl in self.cat.infos[card].delayed:
                    self._run_clause(owner, card, dl, dl.actions)
            return
        if self.listen:
            self._emit(ev.TurnEnded(self.name(p)))
        for q in (p, 1 - p):
            if not s.players[q].arsenal:
                self._win(1 - q, "count-out")
                return
        if s.modifiers:
            s.modifiers = tuple(m for m in s.modifiers if m.owner != p or m.waiting)
        if s.blanked:  # "for the rest of the turn" ends; "while this card is in your Ring area" ends with it there
            s.blanked = tuple(b for b in s.blanked if b.until is not fx.Duration.REST_OF_TURN
                              and b.source in s.players[b.by].ring and b.card in s.players[b.owner].ring)
        if s.ended_by_reversal == p:
            s.ended_by_reversal, s.reversed_last = -1, None
        s.last[p], s.playing, s.turn, s.played = None, None, s.turn + 1, ()
        s.tasks.append(T.START_TURN[1 - p])

    # ------------------------------------------------------------------------------ plays
    def _play(self, p: int, at: int, as_type: CardType, source: fx.Zone = fx.Zone.HAND) -> None:
        """Play the card at position `at` of the hand (`source`: taken there from that zone just now: a Mid-match
        card from the Backlash deck, a card whose text lets it be played from the Ringside pile)."""
        s = self.s
        paying = self.cat.paying and s.players[p].hand[at] in self.cat.paying
        first = R.forced_payment(self.cat, s, p, s.players[p].hand[at], as_type, self._when_played(
            s.players[p].hand[at], as_type)) if paying else ()  # what it pays, asked while it is still in the hand
        card = s.players[p].hand.pop(at)
        used = R.consumed(s, p, as_type)
        info = self.cat.infos[card]
        captured: tuple[fx.Modifier, ...] = ()
        if used:  # a modifier for the next N cards stays for N - 1 more
            s.modifiers = tuple(m if m not in used else _used_once(m) for m in s.modifiers
                                if m not in used or m.modifier.uses > 1)
            captured = tuple(m.modifier for m in used if R.applies(m.modifier, info, as_type))
        s.playing = CurrentPlay(p, card, as_type, captured, s.last[p], source=source)
        if self.cat.counts_plays:
            s.played = (*s.played, as_type)
        self._note(card, s.playing)
        if self.listen:
            self._emit(ev.Played(self.name(p), info.title, as_type))
        if info.when_played:  # "When played, ...": done first; the reversals are worked out after them
            s.tasks.append(T.OFFER_REVERSALS)
            for clause in reversed(info.when_played):
                if clause.as_type is None or clause.as_type == as_type:
                    self._run_clause(p, card, clause, first if paying and clause.actions == self._when_played(
                        card, as_type) else clause.actions)
            return
        self._offer_reversals(s.playing)

    def _when_played(self, card: CardId, as_type: CardType) -> tuple[fx.Action, ...]:
        """The actions of the card's first "When played" clause for `as_type` (the one that pays its F down)."""
        clause = next((c for c in self.cat.infos[card].when_played if c.as_type is None or c.as_type == as_type), None)
        return clause.actions if clause is not None else ()

    def _offer_later(self, task: T.OfferReversals) -> None:
        assert self.s.playing is not None
        self._offer_reversals(self.s.playing)

    def _offer_reversals(self, play: CurrentPlay) -> None:
        """The play resolves unless the opponent reverses it from his hand first (or, Classic cards, with a card
        of his used where it lies, or his Superstar's ability)."""
        self.s.tasks.append(T.RESOLVE)
        window = self._window(play)
        if window is not None:
            self.s.tasks.append(window)

    def _window(self, play: CurrentPlay) -> T.ReverseWindow | None:
        """The defender's reversal window, when he has a reversal for the play: in his hand, or (Classic cards) held
        under a card of his that lets him play it as if in his hand."""
        options = self._hand_reversals(play)
        held = R.held_reversals(self.cat, self.s, play) if self.s.under and self.cat.held_plays else ()
        held_cards, holders = tuple(c for _, c in held), tuple(h for h, _ in held)
        if self.cat.used_reversers or self.cat.reversing_stars or self.cat.ringside_reversers:
            used, used_from, star = R.used_reversals(self.cat, self.s, play)
            ringside = R.ringside_reversals(self.cat, self.s, play) if self.cat.ringside_reversers else ()
            if options or used or star or ringside or held:
                return T.ReverseWindow(1 - play.player, options, used, used_from, star, ringside, held_cards, holders)
            return None
        if held:
            return T.ReverseWindow(1 - play.player, options, held=held_cards, holders=holders)
        return T.ReverseWindow(1 - play.player, options) if options else None

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
        s.playing = CurrentPlay(p, card, MANEUVER, (), s.last[p], held=True)
        self._emit(ev.HoldApplied(self.name(p), self.title(card)))
        self._offer_reversals(s.playing)

    def _hand_reversals(self, play: CurrentPlay) -> tuple[int, ...]:
        s = self.s
        candidates = R.reversal_candidates(self.cat, s, play)
        if not candidates:
            return ()  # no card in that hand could reverse it: the usual case needs no damage or rule looked at
        maneuver = play.as_type == MANEUVER
        dmg = R.base_damage(self.cat, s, play, 1 - play.player) if maneuver and R.damage_matters(
            self.cat, s, play, candidates) else 0  # else any number gives the same answers
        if R.irreversible(self.cat, s, play, dmg, from_hand=True):
            return ()
        return R.reversals_in_hand(self.cat, s, play, dmg, candidates)

    def _resolve(self, task: T.Resolve) -> None:
        s = self.s
        play = s.playing
        assert play is not None
        p, info = play.player, self.cat.infos[play.card]
        if self.listen:
            self._emit(ev.Succeeded(self.name(p), info.title))
        if not play.held:
            s.players[p].ring.append(play.card)
            if info.delayed:  # its end-of-turn effects are due when this turn ends
                s.delayed += ((p, play.card),)
        self._note(play.card, task)
        s.tasks.append(T.FINISH)
        if play.as_type == MANEUVER:
            s.tasks.append(T.HIT)
        if (self.cat.play_watchers or self.cat.watching_stars) and not play.held and self._watched():
            self._push_played(play)  # after the card's own effects, before its damage
        self._push_on_play(p, play.card, play.as_type)

    def _push_on_play(self, p: int, card: CardId, as_type: CardType) -> None:
        for clause in reversed(self.cat.infos[card].on_play):
            if clause.as_type is None or clause.as_type == as_type:
                self._run_clause(p, card, clause, clause.actions)

    def _hit(self, task: T.Hit) -> None:
        """Overturn the damage one card at a time; a revealed reversal stops it and ends the turn."""
        s = self.s
        play = s.playing
        assert play is not None
        att, dfd = play.player, 1 - play.player
        amount = R.final_damage(self.cat, s, play, dfd)
        if s.tasks and isinstance(s.tasks[-1], T.Finish):
            s.tasks[-1] = T.Finish(amount)
        if amount and self.listen:
            self._emit(ev.Damage(self.name(dfd), amount))
        self._note(play.card, task)
        # the cards that could reverse it when overturned (none when it cannot be reversed)
        fitting = {} if R.irreversible(self.cat, s, play, amount, from_hand=False) else R.reversers(self.cat, play)
        arsenal, ringside = s.players[dfd].arsenal, s.players[dfd].ringside
        for i in range(1, amount + 1):
            if not arsenal:
                self._win(att, "pin")
                return
            card = arsenal.pop()
            ringside.append(card)
            if self.listen:
                self._emit(ev.Overturned(self.name(dfd), self.title(card), i, amount))
            if card in fitting and R.reverses(self.cat, s, card, play, amount, False):
                self._reversed_from_arsenal(card, i < amount)
                return

    def _reversed_from_arsenal(self, card: int, early: bool) -> None:
        s = self.s
        play = s.playing
        assert play is not None
        dfd = 1 - play.player
        if self.listen:
            self._emit(ev.Reversed(self.name(dfd), self.title(card), "arsenal", self.title(play.card)))
        s.tasks.clear()
        s.hold = None  # any reversal ends Maintain Hold (the held Submission stays in the Ring area)
        s.last[play.player] = LastPlay(play.card, play.as_type, None)
        s.end_requested = True
        if self.cat.remembers_reversals:
            s.ended_by_reversal, s.reversed_last = dfd, LastPlay(play.card, play.as_type, None)
        sv = self.cat.infos[play.card].card.stun_value
        if self.cat.reversal_watchers or self.cat.reversal_stars:
            self._push_reversal_watchers(play, fx.Zone.ARSENAL)
        if self.cat.infos[play.card].triggered:
            self._push_reversed(play, from_hand=False)
        if early and sv and (s.players[play.player].arsenal or s.profile != COURSE):
            s.tasks.append(T.AskCount(play.player, DRAW, sv, STUN_VALUE))
        if self.cat.infos[card].triggers_from_ringside:
            self._trigger_from_ringside(dfd, card)

    def _watched(self) -> bool:
        """Whether a card in play or a Superstar watches successful plays (the usual answer: no)."""
        cat = self.cat
        ring, ringside, stars = cat.ring_watchers, cat.ringside_watchers, cat.watching_stars
        for pl in self.s.players:
            if pl.superstar in stars or not ring.isdisjoint(pl.ring) or not ringside.isdisjoint(pl.ringside):
                return True
        return False

    def _push_played(self, play: CurrentPlay) -> None:
        """What a successful play sets off: "when you successfully play a maneuver" on the cards in either
        player's Ring area or Ringside pile (not the played card itself) and on the Superstars."""
        s, cat = self.s, self.cat
        info = cat.infos[play.card]
        found: list[tuple[int, int, fx.Triggered]] = []
        for owner in (play.player, 1 - play.player):
            whose = fx.Who.YOU if owner == play.player else fx.Who.OPPONENT
            pl = s.players[owner]
            for zone, cards, watchers in ((fx.Zone.RING, R.ring_texts(s, owner), cat.ring_watchers),
                                          (fx.Zone.RINGSIDE, pl.ringside, cat.ringside_watchers)):
                if watchers.isdisjoint(cards):
                    continue  # the usual case: nothing there watches plays from there
                there = watchers.intersection(cards)
                for card in R.distinct([c for c in cards if c in there]):
                    if card != play.card:
                        found += [(owner, card, t) for t in cat.infos[card].triggered
                                  if t.trigger is fx.Trigger.PLAYED and t.zone is zone and _sets_off(t, whose, info, play.as_type)]
            if pl.superstar in cat.watching_stars:
                found += [(owner, -1, t) for t in R.ability(cat, s, owner).triggered
                          if t.trigger is fx.Trigger.PLAYED and _sets_off(t, whose, info, play.as_type)]
        for owner, card, t in reversed(found):
            self._run_clause(owner, card, t, t.actions)

    def _push_reversal_watchers(self, play: CurrentPlay, source: fx.Zone) -> None:
        """What reversing `play` (from `source`) sets off in either Ring area or Ringside pile ("When this card is in
        your Ring area (Ringside pile), if your opponent reverses a maneuver from his hand, ..."): run after the
        reversed card's own effects."""
        s, cat = self.s, self.cat
        info, reverser = cat.infos[play.card], 1 - play.player
        found: list[tuple[int, int, fx.Triggered]] = []
        for owner in (play.player, reverser):
            whose = fx.Who.YOU if owner == reverser else fx.Who.OPPONENT
            if s.players[owner].superstar in cat.reversal_stars:  # "When your opponent reverses a card, ...": his ability
                found += [(owner, -1, t) for t in R.ability(cat, s, owner).triggered
                          if t.trigger is fx.Trigger.REVERSAL and t.source in (None, source)
                          and _sets_off(t, whose, info, play.as_type)]
            for zone in (fx.Zone.RING, fx.Zone.RINGSIDE):
                cards = R.ring_texts(s, owner) if zone is fx.Zone.RING else s.players[owner].zone(zone)
                for card in R.distinct([c for c in cards if c in cat.reversal_watchers]):
                    found += [(owner, card, t) for t in cat.infos[card].triggered
                              if t.trigger is fx.Trigger.REVERSAL and t.zone is zone and t.source in (None, source)
                              and _sets_off(t, whose, info, play.as_type)]
        for owner, card, t in reversed(found):
            self._run_clause(owner, card, t, t.actions)

    def _push_reversed(self, play: CurrentPlay, from_hand: bool) -> None:
        """The reversed card's own "If reversed (from your opponent's hand), ..." effects, for its player."""
        for t in reversed(self.cat.infos[play.card].triggered):
            if t.trigger is fx.Trigger.REVERSED or (from_hand and t.trigger is fx.Trigger.REVERSED_FROM_HAND):
                self._run_clause(play.player, play.card, t, t.actions)

    def _finish(self, task: T.Finish) -> None:
        s = self.s
        play = s.playing
        assert play is not None
        s.last[play.player] = LastPlay(play.card, play.as_type, task.dealt)
        s.playing = None
        if self.listen:
            for p in (s.current, 1 - s.current):
                self._emit(self.status(p))

    def _resolve_reverse(self, t: T.ReverseWindow, move: mv.Move) -> None:
        if not isinstance(move, mv.Reverse):
            return
        if move.holder:  # held under his card: played as if in his hand
            card, hand = self.cat.id(move.title), self.s.players[t.defender].hand
            self.s.held(t.defender, self.cat.id(move.holder)).remove(card)
            self.s.tidy()
            hand.append(card)
            self._reverse_from_hand(t.defender, len(hand) - 1)
        elif move.source is fx.Zone.RINGSIDE and self.cat.id(move.title) in t.from_ringside:
            card = self.cat.id(move.title)  # a reversal card played from the Ringside pile, as from the hand
            self._reverse_from_hand(t.defender, nth(self.s.players[t.defender].ringside, card, 1), fx.Zone.RINGSIDE)
        elif move.source is not fx.Zone.HAND:
            self._reverse_by_using(t.defender, move)
        else:
            card = self.cat.id(move.title)
            self._reverse_from_hand(t.defender, nth(self.s.players[t.defender].hand, card, move.copy))

    def _reverse_by_using(self, defender: int, move: mv.Reverse) -> None:
        """Reverse the card in play by using a card where it lies (or the Superstar's ability): it is reversed as
        from the hand (its player's Ringside pile, his turn ends) but no reversal card is played: no damage, no
        effect but the cost, paid first ("put this card into your Ringside pile", "discard 3 cards")."""
        s = self.s
        play = s.playing
        assert play is not None
        card = -1 if move.source is fx.Zone.BACKSTAGE else self.cat.id(move.title)
        damage = R.base_damage(self.cat, s, play, defender) if play.as_type == MANEUVER else 0
        clause = R.used_clause(self.cat, s, play, damage, card, move.source)
        assert clause is not None  # the window offered it
        if self.listen:
            self._emit(ev.Reversed(self.name(defender), move.title, move.source.value, self.title(play.card)))
        s.tasks.clear()
        s.hold = None  # any reversal ends Maintain Hold (the held Submission stays in the Ring area)
        if not play.held:
            if play.as_type == REVERSAL:
                _take_last(s.players[play.player].ring, play.card)
            s.players[play.player].ringside.append(play.card)
        s.end_requested = True
        if self.cat.remembers_reversals:
            s.ended_by_reversal, s.reversed_last = defender, LastPlay(play.card, play.as_type, None)
        if self.cat.reversal_watchers or self.cat.reversal_stars:
            self._push_reversal_watchers(play, move.source)
        if self.cat.infos[play.card].triggered:
            self._push_reversed(play, from_hand=False)
        self._push_actions(defender, clause.cost, card)

    def _reverse_from_hand(self, defender: int, at: int, zone: fx.Zone = fx.Zone.HAND) -> None:
        """Reverse the card in play with the reversal card at `at` of the defender's hand (or, Classic cards, of the
        zone it is played from as from the hand: his Ringside pile)."""
        s = self.s
        play = s.playing
        assert play is not None
        card = s.players[defender].zone(zone).pop(at)
        att, info = play.player, self.cat.infos[card]
        if self.listen:
            self._emit(ev.Reversed(self.name(defender), info.title, zone.value, self.title(play.card)))
        s.tasks.clear()
        s.hold = None  # any reversal ends Maintain Hold (the held Submission stays in the Ring area)
        if not play.held:
            if play.as_type == REVERSAL:  # a reversal card being reversed leaves the Ring area
                _take_last(s.players[att].ring, play.card)
            s.players[att].ringside.append(play.card)
        s.players[defender].ring.append(card)
        s.last[defender] = LastPlay(card, REVERSAL, None)
        s.end_requested = True
        if self.cat.remembers_reversals:
            s.ended_by_reversal, s.reversed_last = defender, LastPlay(play.card, play.as_type, None)
        if self.cat.reversal_watchers or self.cat.reversal_stars:
            self._push_reversal_watchers(play, zone)
        if self.cat.infos[play.card].triggered:
            self._push_reversed(play, from_hand=zone is fx.Zone.HAND)  # after the reversal's damage
        s.tasks.append(T.ReversalHit(defender, self._reversal_damage(card, play, att), card))
        for clause in reversed(info.on_reverse):
            if zone is fx.Zone.HAND or not clause.from_hand_only:  # "If played from your hand, ...": not from elsewhere
                self._run_clause(defender, card, clause, clause.actions, reversing=True)
        self._push_on_play(defender, card, REVERSAL)
        matching = [r for r in info.reverses if r.cost]
        if matching:
            self._push_actions(defender, matching[0].cost, card)
        self._offer_counter_reversal(CurrentPlay(defender, card, REVERSAL))

    def _offer_counter_reversal(self, rev: CurrentPlay) -> None:
        """A reversal card can itself be reversed by cards that target reversals (Disqualification!
        reverses a HEEL reversal card): the original attacker gets a window before the reversal's
        effects and damage happen."""
        window = self._window(rev)
        if window is not None:
            self.s.playing = rev
            self.s.tasks.append(window)

    def _reversal_damage(self, card: int, play: CurrentPlay, att: int) -> int:
        info = self.cat.infos[card]
        if info.variable_damage:
            d = R.base_damage(self.cat, self.s, play, 1 - att)
        else:
            d = info.card.printed_damage
        d += self.cat.infos[play.card].reversal_bonus
        return max(d + R.damage_taken(self.cat, self.s, att), 0) if d else 0

    def _reversal_hit(self, task: T.ReversalHit) -> None:
        target = 1 - task.player
        if task.amount:
            source = CurrentPlay(task.player, task.card, REVERSAL) if task.card >= 0 else None
            self._mill(target, task.amount, winner_if_empty=task.player, collateral=False, source=source)




def _used_once(m: ActiveModifier) -> ActiveModifier:
    """A modifier for the next N cards once one of them is played: for the next N - 1."""
    return ActiveModifier(m.owner, replace(m.modifier, uses=m.modifier.uses - 1), m.from_card, m.waiting)


def seat_names(s: GameState) -> tuple[str, str]:
    """The players' names: their Superstars', with the seat added when both play the same one
    ("HHH (1)", "HHH (2)"), so that every line of a mirror match says who."""
    a, b = (p.superstar for p in s.players)
    return (a, b) if a != b else (f"{a} (1)", f"{b} (2)")


def _sets_off(t: fx.Triggered, whose: fx.Who, info: CardInfo, as_type: CardType) -> bool:
    """Whether a card played as `as_type` by `whose` (relative to the trigger's owner) sets off `t`."""
    if t.by is not fx.Who.ALL and t.by is not whose:
        return False
    flt = t.played
    if flt is None:
        return True
    if flt.types and as_type not in flt.types:
        return False
    if flt.subtype is not None and (as_type != MANEUVER or info.card.subtype is not flt.subtype):
        return False
    return R.passes_printed(info, flt)


def _started(m: ActiveModifier) -> ActiveModifier:
    """A waiting modifier, now applying (`replace(m, waiting=False)`, built directly: a turn's hot path)."""
    return ActiveModifier(m.owner, m.modifier, m.from_card)


def _take_last(cards: list[CardId], card: CardId) -> None:
    """Remove the last copy of `card` from a zone, if there is one."""
    for i in range(len(cards) - 1, -1, -1):
        if cards[i] == card:
            del cards[i]
            return


# The module's constants are Final: compiled, a Final name is a C static, any other a dictionary look-up.
_UNKNOWN: Final = object()
_ENDS: Final[tuple[mv.Move, ...]] = (mv.END, mv.SURRENDER)  # a main decision's last moves
_ABILITY_ENDS: Final[tuple[mv.Move, ...]] = (mv.ABILITY, *_ENDS)


def _allowed(move: mv.Move, d: Decision) -> bool:
    for m in d.moves:
        if m is move:  # a move taken from the decision itself (drivers that pick from the list)
            return True
    if isinstance(move, mv.Arrange) and d.kind is DecisionKind.ARRANGE:
        return sorted(move.titles) == sorted(d.cards)
    if isinstance(move, (mv.Play, mv.Reverse, mv.Pick)) and move.copy > 1:
        return replace(move, copy=1) in d.moves and d.cards.count(move.title) >= move.copy
    return move in d.moves


# The decision tasks' resolvers: `Choices`' own, and the reverse window's (a reversal from hand,
# which takes the rules of a play in progress, here).
_RESOLVERS: Final[dict[type[T.Task], Callable[[Game, Any, mv.Move], None]]] = {
    **RESOLVERS, T.ReverseWindow: Game._resolve_reverse, T.PreMatch: prematch.resolve,
}
_DECIDERS: Final[dict[type[T.Task], Callable[[Game, Any], Decision | None]]] = {**DECIDERS, T.PreMatch: prematch.decide}

# Each runner takes its own task class; the table pairs them, so its values are loosely typed.
_RUNNERS: Final[dict[type[T.Task], Callable[[Game, Any], None]]] = {
    T.StartTurn: Game._start_turn, T.DrawSegment: Game._draw_segment, T.EndTurnNow: Game._end_turn,
    T.Act: Game._act, T.Resolve: Game._resolve, T.Hit: Game._hit, T.Finish: Game._finish,
    T.ReversalHit: Game._reversal_hit, T.Equalize: Game._equalize, T.ApplyHold: Game._apply_hold,
    T.EndPreMatch: prematch.end,
    T.OfferReversals: Game._offer_later,
}
