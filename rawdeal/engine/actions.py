"""Running effect actions: one handler per kind of action in `rawdeal.effects.model`.

A mixin of `Game`: each handler gets the acting player (`owner`), the action and the card it comes
from, changes the state, emits events, and pushes decision tasks where a player must choose.
"""

from __future__ import annotations

from dataclasses import fields, replace
from functools import cache
from typing import TYPE_CHECKING, Any, Callable, Final, cast

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine import events as ev
from rawdeal.engine import rng
from rawdeal.engine import rules as R
from rawdeal.engine import standing
from rawdeal.engine import tasks as T
from rawdeal.engine.state import ActiveModifier, CurrentPlay, GameState
from rawdeal.engine.words import CardId, PickVerb
from rawdeal.engine.members import (
    ALL, ANY_CARD, BOTTOM, COUNT_DISCARD, COUNT_MOVE, COURSE, DISCARD, DRAW, HAND, LEFT_RING, RING, SHUFFLE, STANDARD, TAKE,
    UNDER, YOU,
)

if TYPE_CHECKING:
    from rawdeal.engine.cardinfo import Catalog


class Actions:
    """The effect-action handlers of `Game` (see `ACTIONS` for the dispatch table)."""

    s: GameState
    cat: Catalog
    out: list[ev.Event]
    listen: bool
    trace: Callable[[Any, int, object], None] | None
    names: tuple[str, str]

    def _note(self, card: int, item: object) -> None:
        if self.trace is not None:
            self.trace(self, card, item)

    def _emit(self, event: ev.Event) -> None:
        if self.listen:
            self.out.append(event)

    def _win(self, p: int, how: str) -> None:
        s = self.s
        if s.winner is None:
            s.winner, s.how = p, how
            play = s.playing
            if play is not None and not play.held and any(type(t) is T.Resolve or type(t) is T.OfferReversals
                                                          for t in s.tasks):
                # the game ended in the play's "when played" effects, before the card landed (its own
                # collateral damage): it goes where a card that did not resolve goes, not out of the game
                s.players[play.player].ringside.append(play.card)
            s.tasks.clear()
            self._emit(ev.Won(self.name(p), how))

    def name(self, p: int) -> str:
        """The player's name in events and prompts: his Superstar's, told apart in a mirror match."""
        return self.names[p]

    def title(self, card: CardId) -> str:
        return self.cat.titles[card]

    def titles(self, cards: list[CardId] | tuple[CardId, ...]) -> tuple[str, ...]:
        return tuple(map(self.cat.titles.__getitem__, cards))

    def _who(self, owner: int, who: fx.Who) -> int:
        return owner if who is YOU else 1 - owner

    def _cards_in(self, p: int, zone: fx.Zone, holder: CardId) -> list[CardId]:
        """p's cards in `zone`; UNDER: those held under his card `holder` (a pile taken from is the state's own)."""
        return self.s.held(p, holder) if zone is UNDER else self.s.players[p].zone(zone)

    def _cards_to(self, p: int, zone: fx.Zone, holder: CardId) -> list[CardId]:
        """The list cards put into p's `zone` go to; UNDER: the pile under his card `holder`."""
        return self.s.hold_under(p, holder) if zone is UNDER else self.s.players[p].zone(zone)

    def _left_ring(self, p: int, card: CardId, by: int, dest: fx.Zone) -> None:
        """p's `card` left his Ring area for `dest`, moved by an effect player `by` controls: its own "If this card
        is removed from your Ring area, ..." effects run (Classic cards; rulebook: cards are "removed from the Ring
        by an effect played by you or an opponent")."""
        if card not in self.cat.ring_leavers or self.s.blanked and R.blanked(self.s, p, card) is not None:
            return  # (a card whose text is blanked has no effect of its own as it leaves)
        whose = YOU if by == p else fx.Who.OPPONENT
        for t in reversed(self.cat.infos[card].triggered):
            if t.trigger is LEFT_RING and (t.by is ALL or t.by is whose) and (t.dest is None or t.dest is dest):
                self._run_clause(p, card, t, t.actions)

    def _run_clause(self, owner: int, card: int, clause: fx.Clause, actions: tuple[fx.Action, ...] = (),
                    reversing: bool = False) -> None:
        """Apply a clause of a card's effect by pushing its actions: the one place where the tracer
        hears of a clause the rules applied (plays, actions and hits it hears of where they happen)."""
        self._note(card, clause)
        self._push_actions(owner, actions, card, reversing)

    def _push_actions(self, owner: int, actions: tuple[fx.Action, ...], card: int, reversing: bool = False) -> None:
        for a in reversed(actions):
            if reversing and isinstance(a, fx.EndTurn):
                continue  # a reversal always ends the opponent's turn
            self.s.tasks.append(T.Act(owner, a, card))

    def _trigger_from_ringside(self, owner: int, card: int) -> None:
        """Disqualification!: its reversal effect (not the hand-only part) happens although the card
        was overturned into the Ringside pile by damage from a card it could reverse."""
        self._run_clause(owner, card, fx.TriggersFromRingside())
        for clause in reversed(self.cat.infos[card].on_reverse):
            if not clause.from_hand_only:
                self._run_clause(owner, card, clause, clause.actions, reversing=True)

    def _act(self, task: T.Act) -> None:
        a = task.action
        if type(a) in _PER_PLAYER and cast(Any, a).who is ALL:  # all players: you first, then the opponent
            self._note(task.card, a)
            for who in (fx.Who.OPPONENT, YOU):
                self.s.tasks.append(T.Act(task.owner, replace(cast(Any, a), who=who, **_chooser(a, who)), task.card))
            return
        if self.trace is None:
            ACTIONS[type(a)](self, task.owner, a, task.card)
            return
        before = self._footprint()
        ACTIONS[type(a)](self, task.owner, a, task.card)
        if self._footprint() != before:  # tracing: an action counts as executed when it changed something
            self._note(task.card, a)

    def _footprint(self) -> tuple[object, ...]:
        s = self.s
        return (len(self.out), len(s.tasks), s.end_requested, tuple(s.skip), s.hold, s.winner, s.modifiers, s.moved)

    def _draw_cards(self, p: int, n: int) -> int:
        pl = self.s.players[p]
        n = min(n, len(pl.arsenal))
        if n > 0:  # one card at a time from the top: the hand gets them in the order drawn
            pl.hand += pl.arsenal[:-n - 1:-1]
            del pl.arsenal[-n:]
        return n

    def _mill(self, p: int, n: int, winner_if_empty: int, collateral: bool, source: CurrentPlay | None = None) -> None:
        """Overturn `n` cards of p's Arsenal. With `source` (a reversal card's damage), an overturned
        card that triggers from the Ringside pile (Disqualification!) is checked against it."""
        pl = self.s.players[p]
        if self.listen:
            self._emit(ev.Damage(self.name(p), n, collateral))
        for i in range(1, n + 1):
            if not pl.arsenal:
                self._win(winner_if_empty, "collateral" if collateral else "pin")
                return
            card = pl.arsenal.pop()
            pl.ringside.append(card)
            if self.listen:
                self._emit(ev.Overturned(self.name(p), self.title(card), i, n))
            if (source is not None and self.cat.infos[card].triggers_from_ringside
                    and R.reverses(self.cat, self.s, card, source, n, False)):
                self._trigger_from_ringside(p, card)
                return

    def _amount(self, owner: int, count: fx.Count) -> int | None:
        """How many cards a count means now: its number, or what its `#` is equal to."""
        of = count.of
        if of is None:
            return count.n
        p = self._who(owner, of.who)
        if of.zone is None:
            base = R.measured(self.cat, self.s, p, of)
        else:
            base = sum(1 for c in self.s.players[p].zone(of.zone) if self._passes(c, of.filter, owner))
            if of.over is not None:  # "... greater than you have in your hand": the difference
                other = self.s.players[self._who(owner, of.over)].zone(of.zone)
                base -= sum(1 for c in other if self._passes(c, of.filter, owner))
        if of.also is not None:  # "his Superstar Value plus the number of ..."
            base += self._amount(owner, fx.Count(0, of=of.also)) or 0
        return R.bounded(of, base)

    def _do_draw(self, owner: int, a: fx.Draw, card: int) -> None:
        p = self._who(owner, a.who)
        n = self.s.moved * a.count.times if a.count.same else (self._amount(owner, a.count) or 0)  # "draw that many cards"
        if a.count.up_to:
            self.s.tasks.append(T.AskCount(p, DRAW, n))
        else:  # a mandatory draw takes the cards that are there and says how many it took
            drawn = self._draw_cards(p, n)
            if self.listen:
                self._emit(ev.Drew(self.name(p), drawn, "effect"))

    def _do_discard(self, owner: int, a: fx.Discard, card: int) -> None:
        p, chooser = self._who(owner, a.who), self._who(owner, a.chooser)
        n = self.s.moved * a.count.times if a.count.same else self._amount(owner, a.count)  # "the same number"
        if a.random:
            self._random_move(owner, p, n, a.filter, HAND, fx.Zone.RINGSIDE, fx.Position.TOP)
            return
        if n is None and a.count.up_to and p == owner == chooser and not any_card(a.filter):  # "... of Heat cards"
            fits = sum(1 for c in self.s.players[p].hand if self._passes(c, a.filter, owner))
            pick = T.PickCard(p, p, HAND, DISCARD, 0, filter=a.filter, by=owner)
            self.s.tasks.append(T.AskCount(p, COUNT_DISCARD, fits, pick=pick))
        elif n is None and a.count.up_to and p == owner == chooser:  # "any number of cards": he says how many
            self.s.tasks.append(T.AskCount(p, COUNT_DISCARD, len(self.s.players[p].hand)))
        elif n is None:
            self._discard_all(p, a.filter)
        elif a.count.up_to and p == owner == chooser and not any_card(a.filter):  # "up to 2 Superstar-specific cards"
            fits = sum(1 for c in self.s.players[p].hand if self._passes(c, a.filter, owner))
            pick = T.PickCard(p, p, HAND, DISCARD, 0, filter=a.filter, by=owner)
            self.s.tasks.append(T.AskCount(p, COUNT_DISCARD, min(n, fits), pick=pick, least=min(a.count.least, fits)))
        elif a.count.up_to and p == owner == chooser:
            most = min(n, len(self.s.players[p].hand))
            self.s.tasks.append(T.AskCount(p, COUNT_DISCARD, most, least=min(a.count.least, most)))
        else:
            self.s.moved = min(n, len(self.s.players[p].hand))
            self.s.tasks.append(T.PickCard(chooser, p, HAND, DISCARD, n,
                                           filter=a.filter, forced=p != owner))

    def _discard_all(self, p: int, flt: fx.CardFilter) -> None:
        pl = self.s.players[p]
        keep: list[CardId] = []
        gone: list[CardId] = []
        for c in pl.hand:
            (gone if self._passes(c, flt, p) else keep).append(c)
        pl.hand[:] = keep
        pl.ringside.extend(gone)
        if any_card(flt):
            self._emit(ev.HandDiscarded(self.name(p), self.titles(gone)))
            return
        for c in gone:
            self._emit(ev.Discarded(self.name(p), self.title(c)))

    def _passes(self, card: int, flt: fx.CardFilter, by: int) -> bool:
        """Whether a card passes a filter: by its printed facts (`Catalog.passing`, worked out once a filter),
        and, for Shake It Off's, by the Fortitude of the player `by`."""
        if card not in self.cat.passing(flt):
            return False
        return not flt.max_damage_of_own_fortitude or \
            self.cat.infos[card].card.printed_damage <= R.fortitude(self.cat, self.s, by)

    def _movable(self, c: int, flt: fx.CardFilter, by: int, p: int, source: fx.Zone) -> bool:
        """Whether an effect may move p's card `c` out of `source`: it passes the filter, and a card in the Ring area
        is not Permanent (`rules.permanent`)."""
        return self._passes(c, flt, by) and (source is not fx.Zone.RING or not R.permanent(self.cat, self.s, p, c))

    def _random_move(self, owner: int, p: int, n: int | None, flt: fx.CardFilter, source: fx.Zone, dest: fx.Zone,
                     position: fx.Position, card: CardId = -1) -> None:
        """Move `n` (None: all) of p's cards in `source` that pass the filter, picked at random with the
        game's generator, to `dest`: a discard when that is his Ringside pile from his hand."""
        s = self.s
        zone = self._cards_in(p, source, card)
        picked: list[CardId] = []
        while n is None or len(picked) < n:
            fits = [i for i, c in enumerate(zone) if self._movable(c, flt, owner, p, source)]
            if not fits:
                break
            s.rng, k = rng.below(s.rng, len(fits))
            picked.append(zone.pop(fits[k]))
        s.moved = len(picked)
        if dest is fx.Zone.ARSENAL:
            self._put_in_arsenal(p, picked, self._position(position))
        elif picked:
            self._cards_to(p, dest, card).extend(picked)
        s.tidy()
        for c in picked:
            if source is HAND and dest is fx.Zone.RINGSIDE:
                self._emit(ev.Discarded(self.name(p), self.title(c)))
            else:
                self._emit(ev.Moved(self.name(p), self.title(c), source.value, dest.value,
                                    position.value if dest is fx.Zone.ARSENAL else ""))
        if source is RING:
            for c in picked:
                self._left_ring(p, c, owner, dest)

    def _do_discard_this(self, owner: int, a: fx.DiscardThis, card: int) -> None:
        pl = self.s.players[owner]
        for zone in (pl.ring, pl.hand):
            if card in zone:
                zone.remove(card)
                pl.ringside.append(card)
                self._emit(ev.Discarded(self.name(owner), self.title(card)))
                if zone is pl.ring:
                    self._left_ring(owner, card, owner, fx.Zone.RINGSIDE)
                return

    def _do_return_this(self, owner: int, a: fx.ReturnThis, card: int) -> None:
        pl = self.s.players[owner]
        if card in pl.ring:
            pl.ring.remove(card)
            position = self._position(a.position)
            self._put_in_arsenal(owner, [card], position)
            self._emit(ev.Moved(self.name(owner), self.title(card), "ring", "arsenal", position))
            self._left_ring(owner, card, owner, fx.Zone.ARSENAL)

    def _position(self, position: fx.Position) -> fx.Position:
        """Where "shuffle into the Arsenal" puts cards: the course profile puts them at the bottom."""
        return BOTTOM if position is SHUFFLE and self.s.profile == COURSE else position

    def _put_in_arsenal(self, p: int, cards: list[CardId], position: fx.Position) -> None:
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
        n = a.n if a.count is None else self.s.moved * a.count.times if a.count.same \
            else (self._amount(owner, a.count) or 0)
        if a.dest is not fx.Zone.RINGSIDE:  # the top cards taken elsewhere ("removed from the game"): no damage
            pl = self.s.players[p]
            for _ in range(min(n, len(pl.arsenal))):
                c = pl.arsenal.pop()
                pl.zone(a.dest).append(c)
                self._emit(ev.Moved(self.name(p), self.title(c), "arsenal", a.dest.value, ""))
            return
        self._mill(p, n, winner_if_empty=1 - p if p == owner else owner, collateral=p == owner)

    def _do_move(self, owner: int, a: fx.MoveCards, card: int) -> None:
        """The chooser picks the cards one at a time; "any number of cards" first asks him how many. Either way
        `moved` is how many go (every pick is made while a card fits), for a "that many" after it."""
        p = self._who(owner, a.who)
        n = self.s.moved * a.count.times if a.count.same else self._amount(owner, a.count)
        if a.random:
            self._random_move(owner, p, n or 0, a.filter, a.source, a.dest, a.position, card)
            return
        chooser = self._who(owner, a.chooser)
        zone = self._cards_in(p, a.source, card)
        other = card if a.other and p == owner and card in zone else -1  # "1 other card": this one stays
        fits = sum(1 for c in zone if self._movable(c, a.filter, owner, p, a.source)) \
            - (other >= 0 and self._movable(card, a.filter, owner, p, a.source))
        holder = card if a.source is UNDER or a.dest is UNDER else -1  # "under this card": this card's pile
        if n is None and a.count.up_to:  # "any number of cards": he says how many (the lowering lets only the
            pick = T.PickCard(chooser, p, a.source, TAKE, 0, a.dest, a.position, a.filter, by=owner, other=other,
                              holder=holder)
            self.s.tasks.append(T.AskCount(chooser, COUNT_MOVE, fits, pick=pick))  # owner say)
            return
        if n is None and not (a.dest is fx.Zone.ARSENAL and a.position is not SHUFFLE):
            self._move_all(owner, p, a, card)  # "discards his Backlash deck": all of them at once (no order to choose)
            return
        n = fits if n is None else n  # all of them (in an order he chooses)
        self.s.moved = min(n, fits)  # as many as there are: the pick says so when it runs out
        if n:
            self.s.tasks.append(T.PickCard(chooser, p, a.source, TAKE, n, a.dest, a.position, a.filter, by=owner,
                                           other=other, holder=holder))

    def _move_all(self, owner: int, p: int, a: fx.MoveCards, card: CardId) -> None:
        zone = self._cards_in(p, a.source, card)
        gone = [c for c in zone if self._movable(c, a.filter, owner, p, a.source)]
        zone[:] = [c for c in zone if not self._movable(c, a.filter, owner, p, a.source)]
        self.s.moved = len(gone)
        if a.dest is fx.Zone.ARSENAL:
            self._put_in_arsenal(p, gone, self._position(a.position))
        elif gone:
            self._cards_to(p, a.dest, card).extend(gone)
        self.s.tidy()
        for c in gone:
            self._emit(ev.Moved(self.name(p), self.title(c), a.source.value, a.dest.value,
                                a.position.value if a.dest is fx.Zone.ARSENAL else ""))
        if a.source is RING:
            for c in gone:
                self._left_ring(p, c, owner, a.dest)

    def _do_search(self, owner: int, a: fx.Search, card: int) -> None:
        p = self._who(owner, a.who)
        pl = self.s.players[p]
        if self.cat.finds:
            self.s.found = -1  # until the search puts a card into the hand
        if a.filter.title is None:  # any card, or any of a kind ("a Strike maneuver"): the owner picks it
            if any_card(a.filter):
                self.s.tasks.append(T.PickCard(owner, p, a.zones[0], TAKE, 1, dest=HAND))
            else:
                self.s.tasks.append(T.PickCard(owner, p, a.zones[0], TAKE, 1, dest=HAND, filter=a.filter, by=owner))
            return
        for zone in a.zones:
            cards = pl.zone(zone)
            found = next((c for c in reversed(cards) if self._passes(c, a.filter, owner)), None)
            self._emit(ev.Searched(self.name(p), a.filter.title, zone.value, found is not None))
            if found is not None:
                cards.remove(found)
                pl.hand.append(found)
                if self.cat.finds:
                    self.s.found = found
                return

    def _do_shuffle(self, owner: int, a: fx.Shuffle, card: int) -> None:
        if self.s.profile == STANDARD:
            p = self._who(owner, a.who)
            self.s.rng = rng.shuffle(self.s.rng, self.s.players[p].arsenal)
            self._emit(ev.Shuffled(self.name(p)))

    def _do_look(self, owner: int, a: fx.LookAt, card: int) -> None:
        p = self._who(owner, a.who)
        if self._picks_next_from(owner, p, a.zone):
            return  # looking at a hand to choose from it: the choice itself shows the hand
        cards = self.s.players[p].zone(a.zone)
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

    def _do_continue_turn(self, owner: int, a: fx.ContinueTurn, card: int) -> None:
        """The reversal that asked for the end of the turn does not end it: the card it reversed is done with and
        its player plays on (the reversal then ended no turn, so nobody remembers it as having done so)."""
        s = self.s
        if self._who(owner, a.who) != s.current:
            return
        s.end_requested, s.playing = False, None
        if s.ended_by_reversal == 1 - s.current:
            s.ended_by_reversal, s.reversed_last = -1, None

    def _do_win(self, owner: int, a: fx.WinGame, card: int) -> None:
        self._win(owner, a.how)

    def _do_modify(self, owner: int, a: fx.Modify, card: int) -> None:
        s = self.s
        mod = a.modifier
        if mod.found:  # "If it is your next card played this turn": the card the search just found, if it found one
            if s.found < 0:
                return
            mod = replace(mod, found=False, title=self.cat.infos[s.found].title)
        if a.per is not None:  # "-#F, where # is equal to your Superstar Value": the amount as it is now
            mod = replace(mod, amount=mod.amount * (self._amount(owner, fx.Count(0, of=a.per)) or 0))
        duration = mod.duration
        waiting = duration is fx.Duration.NEXT_TURN or duration is fx.Duration.FIRST_NEXT_TURN or s.current != owner
        s.modifiers += (ActiveModifier(owner, mod, card, waiting),)
        if self.listen:
            self._emit(ev.Modified(self.name(owner), _rendered(fx.Modify(mod))))

    def _do_equalize(self, owner: int, a: fx.EqualizeFortitude, card: int) -> None:
        self.s.tasks.append(T.Equalize(owner))

    def _equalize(self, task: T.Equalize) -> None:
        f = [R.fortitude(self.cat, self.s, p) for p in (0, 1)]
        if f[0] == f[1]:
            return
        high = 0 if f[0] > f[1] else 1
        removable = fx.CardFilter(types=(CardType.MANEUVER, CardType.REVERSAL))
        if not any(self._movable(c, removable, high, high, fx.Zone.RING) for c in self.s.players[high].ring):
            return
        self.s.tasks.append(task)
        self.s.tasks.append(T.PickCard(high, high, fx.Zone.RING, PickVerb.TAKE, 1, dest=fx.Zone.RINGSIDE, filter=removable,
                                       by=task.owner))  # Comeback!'s owner controls the effect that removes them

    def _do_choice(self, owner: int, a: fx.Choice, card: int) -> None:
        self.s.tasks.append(T.AskChoice(owner, card, a.options))

    def _do_optional(self, owner: int, a: fx.Optional, card: int) -> None:
        player = owner if a.who is YOU else 1 - owner
        if a.otherwise and not self._can_say_yes(player, a.actions if a.who is YOU else tuple(map(swapped, a.actions))):
            # he cannot, so he does not
            self._push_actions(owner, a.otherwise, card)
            return
        if a.who is not YOU:  # the opponent decides, and his yes runs the actions as his (players swapped)
            self.s.tasks.append(T.AskYesNo(1 - owner, card, tuple(map(swapped, a.actions)), a.otherwise, owner))
            return
        self.s.tasks.append(T.AskYesNo(owner, card, a.actions, a.otherwise, owner) if a.otherwise
                            else T.AskYesNo(owner, card, a.actions))

    def _can_say_yes(self, player: int, actions: tuple[fx.Action, ...]) -> bool:
        """Whether the player has the cards a "may" first asks of him (`_decide_yes_no` skips the question
        otherwise): a discard from his hand of a set number of cards."""
        first = actions[0] if actions else None
        if isinstance(first, fx.Discard) and first.who is YOU and first.count.n is not None:
            return sum(1 for c in self.s.players[player].hand if self._passes(c, first.filter, player)) >= first.count.n
        return True

    def _do_only_if(self, owner: int, a: fx.OnlyIf, card: int) -> None:
        play = self.s.playing  # "When successfully played after X, ...": asked of the card being played, if it is this one
        prev = play.previous if play is not None and play.card == card and play.player == owner else None
        if R.holds(self.cat, self.s, owner, a.condition, card, prev):
            self._push_actions(owner, a.actions, card)

    def _do_move_this(self, owner: int, a: fx.MoveThis, card: int) -> None:
        owner = self._who(owner, a.who)  # the card's owner
        pl = self.s.players[owner]
        for source in (fx.Zone.RING, fx.Zone.RINGSIDE):
            cards = pl.zone(source)
            if source is a.dest or card not in cards:
                continue
            for i in range(len(cards) - 1, -1, -1):
                if cards[i] == card:
                    del cards[i]
                    break
            position = self._position(a.position) if a.dest is fx.Zone.ARSENAL else a.position
            if a.dest is fx.Zone.ARSENAL:
                self._put_in_arsenal(owner, [card], position)
            else:
                pl.zone(a.dest).append(card)
            self._emit(ev.Moved(self.name(owner), self.title(card), source.value, a.dest.value,
                                position.value if a.dest is fx.Zone.ARSENAL else ""))
            if source is RING:
                self._left_ring(owner, card, owner, a.dest)
            return

    def _do_remove_reversed(self, owner: int, a: fx.RemoveReversed, card: int) -> None:
        """The card `card` just reversed leaves the game. A reversal's effects run only when it was played from the
        hand (`Game._reverse_from_hand`), which put the reversed card into its player's Ringside pile; the game
        remembers which card that was (`GameState.reversed_last`: `Catalog.remembers_reversals` holds)."""
        last = self.s.reversed_last
        pl = self.s.players[1 - owner]
        if last is None or last.card not in pl.ringside:
            return  # moved on already
        for i in range(len(pl.ringside) - 1, -1, -1):
            if pl.ringside[i] == last.card:
                del pl.ringside[i]
                break
        pl.removed.append(last.card)
        self._emit(ev.Moved(self.name(1 - owner), self.title(last.card), fx.Zone.RINGSIDE.value, fx.Zone.REMOVED.value, ""))

    def _do_restrict(self, owner: int, a: fx.Restrict, card: int) -> None:
        s = self.s
        p = self._who(owner, a.who)
        waiting = a.modifier.duration is fx.Duration.NEXT_TURN or s.current != p
        s.modifiers += (ActiveModifier(p, a.modifier, card, waiting),)
        if self.listen:
            self._emit(ev.Modified(self.name(owner), _rendered(a)))

    def _do_blank(self, owner: int, a: fx.Blank, card: int) -> None:
        """The owner picks the card(s) to blank (`Choices._decide_blank`); a count he may lower is not read yet."""
        n = self._amount(owner, a.count)
        self.s.tasks.append(T.PickBlank(owner, self._who(owner, a.who), card, a.until, 1 if n is None else n, a.damage,
                                        a.filter))

    def _do_hold(self, owner: int, a: fx.HoldSubmission, card: int) -> None:
        prev = self.s.last[owner]
        if prev is not None:
            self.s.hold = (owner, prev.card)


@cache
def _rendered(a: fx.Modify | fx.Restrict) -> str:
    """A modifier's canonical English, rendered once per process (rendering runs as Python, and the
    same few modifiers come from the catalog's cards in every game)."""
    from rawdeal.effects.render import render_action

    return render_action(a)


@cache
def swapped(item: Any) -> Any:
    """An action as the other player would say it: every `Who` turned around (you <-> opponent)."""
    if isinstance(item, fx.Who):
        return {fx.Who.YOU: fx.Who.OPPONENT, fx.Who.OPPONENT: fx.Who.YOU}.get(item, item)
    if isinstance(item, tuple):
        return tuple(map(swapped, item))
    if not hasattr(item, "__dataclass_fields__"):
        return item
    changes = {f.name: swapped(getattr(item, f.name)) for f in fields(item)}
    return replace(item, **{k: v for k, v in changes.items() if v is not getattr(item, k)})


def any_card(flt: fx.CardFilter) -> bool:
    """Whether the filter lets any card through (`== ANY_CARD`), asked by identity first: a
    dataclass's `==` runs as Python, and the effects cache brings empty filters back as ANY_CARD."""
    return flt is ANY_CARD or flt == ANY_CARD


def _chooser(action: fx.Action, who: fx.Who) -> dict[str, fx.Who]:
    """When all players act, each one chooses for himself."""
    return {"chooser": who} if hasattr(action, "chooser") else {}


# Each handler takes its own action class; the table is what pairs them, so its values are loosely typed.
ACTIONS: Final[dict[type[fx.Action], Callable[[Actions, int, Any, int], None]]] = {
    fx.Draw: Actions._do_draw, fx.Discard: Actions._do_discard, fx.DiscardThis: Actions._do_discard_this,
    fx.ReturnThis: Actions._do_return_this, fx.MillTop: Actions._do_mill, fx.MoveCards: Actions._do_move,
    fx.Search: Actions._do_search, fx.Shuffle: Actions._do_shuffle, fx.LookAt: Actions._do_look,
    fx.Arrange: Actions._do_arrange, fx.SkipTurn: Actions._do_skip, fx.EndTurn: Actions._do_end_turn,
    fx.WinGame: Actions._do_win, fx.Modify: Actions._do_modify, fx.EqualizeFortitude: Actions._do_equalize,
    fx.Choice: Actions._do_choice, fx.Optional: Actions._do_optional, fx.OnlyIf: Actions._do_only_if,
    fx.HoldSubmission: Actions._do_hold, fx.MoveThis: Actions._do_move_this, fx.Restrict: Actions._do_restrict,
    fx.RemoveReversed: Actions._do_remove_reversed,
    fx.ContinueTurn: Actions._do_continue_turn, fx.Blank: Actions._do_blank,
}
# The actions done by a player (`who`), who may be all players: not a `getattr(a, "who", None)` per
# action, which raises and clears an AttributeError for the others.
_PER_PLAYER: Final = frozenset(cls for cls in ACTIONS if "who" in {f.name for f in fields(cls)})
