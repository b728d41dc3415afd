"""Decisions: what each waiting task offers (`decide`) and how a move answers it (`resolve`).

A mixin of `Game`; `DECIDERS` and `RESOLVERS` map each decision task to its two handlers (the
reverse window's resolution, a reversal from hand, is `Game`'s, with the rules of a play in progress).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial
from typing import Any, Callable, Final, TypeVar

from rawdeal.effects import model as fx
from rawdeal.engine import events as ev
from rawdeal.engine import moves as mv
from rawdeal.engine import rules as R
from rawdeal.engine import tasks as T
from rawdeal.engine.decision import Decision, SeatPrompts, titles_of
from rawdeal.engine.actions import Actions, any_card
from rawdeal.engine.state import Blanked
from rawdeal.engine.words import CardId, CountVerb, DecisionKind, DrawReason, PickVerb
from rawdeal.engine.members import ARSENAL, COUNT, DISCARD, DRAW, HAND, PASS, REVERSE, RING, UNDER


_PICK_KINDS: Final = {verb: DecisionKind(verb) for verb in PickVerb}  # a card pick's kind is its verb


class Choices(Actions):
    """The decision handlers of `Game`."""

    prompts: tuple[SeatPrompts, ...]

    def titles_of(self, cards: tuple[CardId, ...]) -> Callable[[], tuple[str, ...]]:
        """The titles of `cards` when asked (a decision's `listed`; it refers to no game)."""
        return partial(titles_of, self.cat.titles, cards)

    def _decide_reverse(self, t: T.ReverseWindow) -> Decision:
        titles = self.cat.titles
        used = [mv.share(mv.Reverse(titles[c], 1, fx.Zone.RINGSIDE)) for c in t.from_ringside]
        used += [m for c, z in zip(t.used, t.used_from) if (m := mv.share(mv.Reverse(titles[c], 1, z))) not in used]
        if t.backstage:  # by his Superstar's ability: the Superstar card lies in the Backstage area
            used.append(mv.share(mv.Reverse(self.s.players[t.defender].superstar, 1, fx.Zone.BACKSTAGE)))
        used += [mv.share(mv.Reverse(titles[c], 1, fx.Zone.UNDER, titles[h])) for c, h in zip(t.held, t.holders)]
        moves = (*_moves_of(self.cat.reverse_moves, t.options), *used, PASS)
        return Decision(t.defender, REVERSE, self.prompts[t.defender].reverse, moves,
                        self.titles_of(t.options))

    def _pick_options(self, t: T.PickCard) -> list[CardId]:
        cards = self._cards_in(t.owner, t.zone, t.holder)
        if t.other >= 0:  # "1 other card": all but one copy of the effect's own card (copies are alike)
            cards = cards[:]
            cards.remove(t.other)
        if t.zone is fx.Zone.RING and t.verb is PickVerb.TAKE and self.cat.permanence:  # a Permanent card stays (copies alike)
            cards = [c for c in cards if not R.permanent(self.cat, self.s, t.owner, c)]
        if any_card(t.filter):
            return cards
        if t.filter.max_damage_of_own_fortitude:
            by = t.by if t.by >= 0 else t.chooser
            return [c for c in cards if self._passes(c, t.filter, by)]
        through = self.cat.passing(t.filter)  # `_passes` by printed facts alone, the filter looked up once
        return [c for c in cards if c in through]

    def _decide_pick(self, t: T.PickCard) -> Decision | None:
        if t.remaining <= 0:
            return None
        options = self._pick_options(t)
        if not options:
            return None
        moves = tuple(_moves_of(self.cat.pick_moves[t.verb], options))
        return Decision(t.chooser, _PICK_KINDS[t.verb], partial(_pick_prompt, self.names, t), moves,
                        self.titles_of(tuple(options)))

    def _resolve_pick(self, t: T.PickCard, move: mv.Move) -> None:
        assert isinstance(move, mv.Pick)
        pl = self.s.players[t.owner]
        zone = self._cards_in(t.owner, t.zone, t.holder)
        wanted = self.cat.id(move.title)
        if any_card(t.filter):
            at = nth(zone, wanted, move.copy)
        else:
            by = t.by if t.by >= 0 else t.chooser
            at = [i for i, c in enumerate(zone) if c == wanted and self._passes(c, t.filter, by)][move.copy - 1]
        card = zone.pop(at)
        if t.remaining > 1:
            self.s.tasks.append(t.picked())
        if t.verb is DISCARD:
            pl.ringside.append(card)
            if self.listen:
                self._emit(ev.Discarded(self.name(t.owner), move.title))
            if t.forced and t.chooser == t.owner:
                self._react_to_forced_discard(t.owner, card)
            return
        position = ""
        if t.dest is ARSENAL:
            position = where = self._position(t.position)
            self._put_in_arsenal(t.owner, [card], where)
        else:
            self._cards_to(t.owner, t.dest, t.holder).append(card)
            if t.dest is fx.Zone.HAND and self.cat.finds:
                self.s.found = card  # a search's pick (`Actions._do_search`)
        if t.zone is UNDER:
            self.s.tidy()
        if self.listen:
            self._emit(ev.Moved(self.name(t.owner), move.title, t.zone, t.dest, position))
        if t.zone is RING:
            self._left_ring(t.owner, card, t.by if t.by >= 0 else t.chooser, t.dest)

    def _blank_options(self, t: T.PickBlank) -> list[CardId]:
        """The distinct cards of the Ring area that may be blanked: those passing the filter, not blanked already."""
        through = None if any_card(t.filter) else self.cat.passing(t.filter)
        return [c for c in R.distinct(R.ring_texts(self.s, t.owner)) if through is None or c in through]

    def _decide_blank(self, t: T.PickBlank) -> Decision | None:
        options = self._blank_options(t) if t.remaining > 0 else []
        if not options:
            return None  # nothing (left) to blank: the effect does nothing more
        moves = tuple(_moves_of(self.cat.pick_moves[PickVerb.TAKE], options))
        return Decision(t.chooser, DecisionKind.TAKE, partial(_blank_prompt, self.names, t), moves,
                        self.titles_of(tuple(options)))

    def _resolve_blank(self, t: T.PickBlank, move: mv.Move) -> None:
        assert isinstance(move, mv.Pick)
        card = self.cat.id(move.title)
        self.s.blanked += (Blanked(t.owner, card, t.chooser, t.source, t.until, t.damage),)
        if t.remaining > 1:
            self.s.tasks.append(T.PickBlank(t.chooser, t.owner, t.source, t.until, t.remaining - 1, t.damage, t.filter))
        if self.listen:
            what = "text and damage" if t.damage else "text"
            lasting = "for the rest of the turn" if t.until is fx.Duration.REST_OF_TURN else \
                f"while {self.title(t.source)} is in {self.name(t.chooser)}'s Ring area"
            self._emit(ev.Modified(self.name(t.chooser), f"the {what} of {self.name(t.owner)}'s {move.title} "
                                                         f"is blank {lasting}"))

    def _react_to_forced_discard(self, p: int, card: int) -> None:
        """Ego Boost: when the opponent's effect makes a player discard and that player picks this
        card, it is the card he "chooses to discard" and the rest of the reaction follows (draw up
        to 2). Discards he does not pick himself (the opponent picks, or the whole hand goes) give no
        such choice."""
        for trig in self.cat.infos[card].triggered:
            if trig.trigger is fx.Trigger.FORCED_DISCARD:
                rest = tuple(a for a in trig.actions if not isinstance(a, fx.DiscardThis))  # the pick was it
                self._run_clause(p, card, trig, rest)

    def _decide_count(self, t: T.AskCount) -> Decision:
        return Decision(t.player, COUNT, partial(_count_prompt, self.names, t), _count_moves(t.verb, t.most, t.least))

    def _resolve_count(self, t: T.AskCount, move: mv.Move) -> None:
        assert isinstance(move, mv.Count)
        p = t.player
        if t.verb is DRAW:
            self._draw_cards(p, move.n)
            if self.listen:
                self._emit(ev.Drew(self.name(p), move.n, t.reason))
        elif t.pick is not None:  # "put any number of cards ...", "discard any number of Heat cards": that many picks
            self.s.moved = move.n
            if move.n:
                pk = t.pick
                self.s.tasks.append(T.PickCard(pk.chooser, pk.owner, pk.zone, pk.verb, move.n, pk.dest, pk.position,
                                               pk.filter, pk.forced, pk.by, pk.other, pk.holder))
        else:
            self.s.moved = move.n
            if move.n:
                self.s.tasks.append(T.PickCard(p, p, HAND, DISCARD, move.n))

    def _decide_choice(self, t: T.AskChoice) -> Decision:
        """Options are named by their number (a key that no rewording of their English changes)."""
        return Decision(t.player, DecisionKind.CHOOSE, partial(_choice_prompt, self.names, self.title(t.card), t),
                        _choose_moves(len(t.options)))

    def _resolve_choice(self, t: T.AskChoice, move: mv.Move) -> None:
        assert isinstance(move, mv.Choose)
        i = int(move.option) - 1
        if self.listen:
            self._emit(ev.Chose(self.name(t.player), _label(t.options[i])))
        self._push_actions(t.player, t.options[i], t.card)

    def _decide_yes_no(self, t: T.AskYesNo) -> Decision | None:
        """"You may discard N cards to ..." (Abdominal Stretch) is not offered with fewer than N cards."""
        first = t.actions[0]
        if isinstance(first, fx.Discard) and first.who is fx.Who.YOU and first.count.n is not None \
                and len(self.s.players[t.player].hand) < first.count.n:
            return None
        return Decision(t.player, DecisionKind.YES_NO, partial(_yes_no_prompt, self.names, t), (mv.YES, mv.NO))

    def _resolve_yes_no(self, t: T.AskYesNo, move: mv.Move) -> None:
        if isinstance(move, mv.Yes):
            self._push_actions(t.player, t.actions, t.card)
            return
        self.s.moved = 0  # "you may discard any number of cards and then draw 2 cards for each card discarded": none
        if t.otherwise:
            self._push_actions(t.owner if t.owner >= 0 else t.player, t.otherwise, t.card)

    def _decide_ability(self, t: T.AskAbility) -> Decision:
        return Decision(t.player, DecisionKind.ABILITY, f"{self.name(t.player)} may use his ability", (mv.ABILITY, mv.PASS))

    def _resolve_ability(self, t: T.AskAbility, move: mv.Move) -> None:
        if isinstance(move, mv.UseAbility):
            self._emit(ev.AbilityUsed(self.name(t.player)))
            self._push_actions(t.player, R.ability(self.cat, self.s, t.player).actions, -1)

    def _decide_arrange(self, t: T.AskArrange) -> Decision:
        """Hmmm / Don't Think Too Hard: any order of the looked-at cards is a legal `arrange` move
        (see `_allowed`); the list offers two of them (as they are, and reversed) to keep it short."""
        top = self.titles(list(reversed(self.s.players[t.owner].arsenal))[: t.n])
        return Decision(t.player, DecisionKind.ARRANGE, f"{self.name(t.player)} arranges the top {t.n} cards (top first)",
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


def choice_labels(t: T.AskChoice) -> list[str]:
    """The options' canonical English, as transcripts show them."""
    return [_label(o) for o in t.options]


@cache
def _label(option: tuple[fx.Action, ...]) -> str:
    """An option's canonical English, rendered once per process (rendering runs as Python, and the
    same few options come from the catalog's cards in every game)."""
    from rawdeal.effects.render import option_label

    return option_label(option)


# Prompts, made only when asked, from values alone (no reference to the game: no reference cycle).
def _pick_prompt(names: tuple[str, ...], t: T.PickCard) -> str:
    whose = "his" if t.owner == t.chooser else f"{names[t.owner]}'s"
    where = {"hand": "hand", "ring": "Ring area", "ringside": "Ringside pile", "arsenal": "Arsenal", "removed": "removed cards",
             "backlash": "Backlash deck", "under": "cards held under a card"}[t.zone]
    what = "discard" if t.verb is DISCARD else f"take to the {t.dest}"
    return f"{names[t.chooser]} picks a card of {whose} {where} to {what} ({t.remaining} left)"


def _blank_prompt(names: tuple[str, ...], t: T.PickBlank) -> str:
    whose = "his" if t.owner == t.chooser else f"{names[t.owner]}'s"
    return f"{names[t.chooser]} picks a card of {whose} Ring area to blank ({t.remaining} left)"


def _count_prompt(names: tuple[str, ...], t: T.AskCount) -> str:
    why = DrawReason.STUN_VALUE if t.reason is DrawReason.STUN_VALUE else DrawReason.EFFECT
    if t.least:
        return f"{names[t.player]} must {t.verb} {t.least} to {t.most} cards ({why})"
    return f"{names[t.player]} may {t.verb} up to {t.most} cards ({why})"


def _choice_prompt(names: tuple[str, ...], title: str, t: T.AskChoice) -> str:
    labels = "; ".join(f"{i} = {label}" for i, label in enumerate(choice_labels(t), start=1))
    return f"{names[t.player]} chooses one effect of {title} ({labels})"


def _yes_no_prompt(names: tuple[str, ...], t: T.AskYesNo) -> str:
    from rawdeal.effects.render import option_label

    return f"{names[t.player]} may: {option_label(t.actions)}"


@cache
def _count_moves(verb: CountVerb, most: int, least: int = 0) -> tuple[mv.Move, ...]:
    """`draw 0` .. `draw most` (or `discard`; from `least`): the same few values, shared by every such decision and
    with the move reader (`mv.share`: a move read from a file is then checked by identity)."""
    return tuple(mv.share(mv.Count(verb, n)) for n in range(least, most + 1))


@cache
def _choose_moves(n: int) -> tuple[mv.Move, ...]:
    """`choose 1` .. `choose n`, shared as `_count_moves` are."""
    return tuple(mv.share(mv.Choose(str(i))) for i in range(1, n + 1))


M = TypeVar("M", bound=mv.Move)


def _moves_of(shared: tuple[M, ...], cards: Sequence[CardId]) -> list[M]:
    """The catalog's shared move (`shared`, by card id) of each distinct card, in order."""
    return [shared[card] for card in R.distinct(cards)]


def nth(cards: list[CardId], card: CardId, copy: int) -> int:
    """The position of the `copy`-th copy of `card` in a zone."""
    if copy == 1:
        return cards.index(card)
    return [i for i, c in enumerate(cards) if c == card][copy - 1]


# Each handler takes its own task class; the tables pair them, so their values are loosely typed.
DECIDERS: Final[dict[type[T.Task], Callable[[Choices, Any], Decision | None]]] = {
    T.ReverseWindow: Choices._decide_reverse, T.PickCard: Choices._decide_pick, T.AskCount: Choices._decide_count,
    T.AskChoice: Choices._decide_choice, T.AskYesNo: Choices._decide_yes_no, T.AskAbility: Choices._decide_ability,
    T.AskArrange: Choices._decide_arrange, T.PickBlank: Choices._decide_blank,
}
RESOLVERS: Final[dict[type[T.Task], Callable[[Choices, Any, mv.Move], None]]] = {
    T.PickCard: Choices._resolve_pick, T.AskCount: Choices._resolve_count,
    T.AskChoice: Choices._resolve_choice, T.AskYesNo: Choices._resolve_yes_no, T.AskAbility: Choices._resolve_ability,
    T.AskArrange: Choices._resolve_arrange, T.PickBlank: Choices._resolve_blank,
}
