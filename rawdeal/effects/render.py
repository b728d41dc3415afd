"""Canonical English for compiled effects, so printed text and compiled meaning read side by side.

`render_action` is also the engine's label for each option of a `Choice` (`choose "draw 2 cards"`):
labels are short, lower case (apart from stat amounts such as +4D), and depend only on the action,
so they are stable. The card's owner is "you"; the other player is "opponent". An action's subject is
whoever chooses the cards ("opponent discards 2 cards"; Bulldog's "discard 1 card from opponent's
hand"). `render_effect` adds who chooses to every discard or move that involves a choice.
`effect_tree` shows the dataclasses themselves as an indented tree.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from collections.abc import Callable
from typing import Any

from rawdeal.effects.model import (
    AllOf, AnyOf, After, AlsoReversedBy, CountsAs, Not, OpponentCannotPlay, NotReversedBy, ReversedOnlyBy, AllowsFollowUp, Arrange,
    CardFilter, Choice, Condition, Count, Delayed, Discard, DiscardThis,
    Blank, BlanksAbility, ContinueTurn, Draw, Duration, EndTurn, EqualizeFortitude, FortitudeAboveOpponent, FortitudeBelowOpponent, HoldSubmission, InRingArea,
    Irreversible, LookAt, MillTop, MinHandSize, Modifier, Modify, MoveCards, NoDamage, OnPlay, OnReverse,
    Optional, PlayRequirement, Position, ReturnThis, ReversalBonus, Reverses, Search, Shuffle, SkipTurn,
    Paid, Stat, StatChange, Target, Trigger, Triggered, TriggersFromRingside, VariableDamage, WhileInRing, Who,
    WinGame, Zone,
)
from rawdeal.effects.model import (
    Ability, AbilityTiming, Action, Activated, CardEffect, Clause, Compared, FirstOfTurn, HasCards, Measured, MoveThis, OnlyIf,
    MakesPermanent, Permanent, PlayableFrom, PlayedFrom, PlaysHeld, RemoveReversed, Restrict, ReversedLastTurn, RingRoom, SuperstarIs,
    SuperstarStat, WhenPlayed,
)

_ZONES = {Zone.HAND: "hand", Zone.ARSENAL: "arsenal", Zone.RINGSIDE: "ringside pile", Zone.RING: "ring area",
          Zone.REMOVED: "cards removed from the game", Zone.BACKLASH: "backlash deck", Zone.UNDER: "pile under this card",
          Zone.BACKSTAGE: "backstage area"}


# ------------------------------------------------------------------------------------ words
def _count(count: Count) -> str:
    if count.same:
        return {1: "", 2: "twice ", 3: "three times "}.get(count.times, f"{count.times} times ") + "as many cards"
    if count.of is not None:
        of = count.of
        whose = "your" if of.who is Who.YOU else "opponent's"
        what = f"{whose} {of.measure or 'superstar value'}" if of.zone is None \
            else f"the number of cards in {whose} {_ZONES[of.zone]}"
        what = what if of.scale == (1, 1) else f"{what} x {of.scale[0]}/{of.scale[1]}, rounded up"
        what += "" if of.also is None else f" plus {_count(Count(0, of=of.also))}"
        plus = f" {of.plus:+d}" if of.plus else ""
        plus += f", at least {of.least}" if of.least else ""
        plus += f", at most {of.most}" if of.most is not None else ""
        return f"{'up to ' if count.up_to else ''}# cards (# = {what}{plus})"
    if count.n is None:
        return "any number of cards" if count.up_to else "all cards"
    noun = "card" if count.n == 1 else "cards"
    return f"up to {count.n} {noun}" if count.up_to else f"{count.n} {noun}"


def _verb(who: Who, verb: str) -> str:
    """"draw" for you (imperative), "opponent draws", "all players draw"."""
    if who is Who.YOU:
        return verb
    if who is Who.ALL:
        return f"all players {verb}"
    return f"opponent {verb}es" if verb.endswith(("sh", "s")) else f"opponent {verb}s"


def _whose(owner: Who, subject: Who) -> str:
    if owner is Who.YOU:
        return "your"
    if owner is Who.ALL:
        return "each player's"
    return "his" if subject is Who.OPPONENT else "opponent's"


def _zone(owner: Who, zone: Zone, subject: Who) -> str:
    return f"{_whose(owner, subject)} {_ZONES[zone]}"


def _cards(count: Count, only: Any) -> str:
    text = _count(count)
    if only.trait is not None:
        text = text.replace("card", f"{only.trait.value.upper()} card")
    if getattr(only, "marks", ()) or getattr(only, "not_marks", ()) or getattr(only, "any_marks", ()):
        text = text.replace("card", _marked("card", only.marks, only.not_marks, only.any_marks), 1)
    if only.title is not None:
        text += f" titled {only.title}"
    if getattr(only, "titles", ()):
        text += f" titled {' or '.join(only.titles)}"
    if only.max_damage_of_own_fortitude:
        text += " with D up to your fortitude"
    return text


def _reversal_cards(only: CardFilter) -> str:
    """"hybrid reversal cards", "UNIQUE cards", "cards titled Step Aside": which reversals a limit names."""
    text = _cards(Count(None), only).removeprefix("all ")
    return text.replace("cards", " or ".join(t.value for t in only.types) + " cards", 1) if only.types else text


def _chooser(chooser: Who) -> str:
    return " (you choose)" if chooser is Who.YOU else " (opponent chooses)"


# ----------------------------------------------------------------------------------- actions
def render_action(action: Action) -> str:
    """One action in short canonical English (also a `Choice` option's label)."""
    return _action(action, verbose=False)


def option_label(options: tuple[Action, ...]) -> str:
    """The label of one option of a `Choice`: its actions, comma-separated."""
    return ", ".join(render_action(a) for a in options)


def _action(a: Any, verbose: bool) -> str:
    try:
        render = _ACTIONS[type(a)]
    except KeyError:
        raise TypeError(f"not an action: {a!r}") from None
    return render(a, verbose)


def _discard(a: Discard, verbose: bool) -> str:
    cards = _cards(a.count, a.filter)
    if a.chooser is not a.who:
        text = f"{_verb(a.chooser, 'discard')} {cards} from {_zone(a.who, Zone.HAND, a.chooser)}"
    elif a.who is Who.ALL:
        text = f"all players discard {cards}"
    else:
        text = f"{_verb(a.who, 'discard')} {cards}"
    if a.random:
        return text + " at random"
    return text + (_chooser(a.chooser) if verbose and a.count.n is not None else "")


def _mill(a: MillTop, verbose: bool) -> str:
    top = "the top card" if a.n == 1 and a.count is None else f"the top {a.n} cards" if a.count is None \
        else "the top " + _count(a.count)
    if a.dest is not Zone.RINGSIDE:
        return f"{_verb(a.who, 'remove')} {top} of {_zone(a.who, Zone.ARSENAL, a.who)} from the game"
    return f"{_verb(a.who, 'put')} {top} of {_zone(a.who, Zone.ARSENAL, a.who)} into {_zone(a.who, Zone.RINGSIDE, a.who)}"


def _search(a: Search, verbose: bool) -> str:
    zones = " and ".join(_ZONES[z] for z in a.zones)
    return f"{_verb(a.who, 'search')} {_whose(a.who, a.who)} {zones} for {a.filter.title or 'a card'}"


def _look(a: LookAt, verbose: bool) -> str:
    top = "" if a.n is None else f"the top {a.n} cards of "
    return f"look at {top}{_zone(a.who, a.zone, Who.YOU)}"


def _choice(a: Choice, verbose: bool) -> str:
    options = "; or ".join(", ".join(_action(x, verbose) for x in o) for o in a.options)
    return f"{'declare' if a.declare else 'choose'} one: {options}"


_ACTIONS: dict[type, Callable[[Any, bool], str]] = {
    Draw: lambda a, v: f"{_verb(a.who, 'draw')} {_count(a.count)}",
    Discard: _discard,
    DiscardThis: lambda a, v: "discard this card",
    ReturnThis: lambda a, v: f"{_put_verb(a.position)} this card {_into(a.position)} your arsenal",
    MillTop: _mill,
    MoveCards: lambda a, v: _move(a) + (" at random" if a.random else _chooser(a.chooser) if v else ""),
    Search: _search,
    Shuffle: lambda a, v: f"shuffle {_zone(a.who, Zone.ARSENAL, Who.YOU)}",
    LookAt: _look,
    Arrange: lambda a, v: f"arrange top {a.n} cards of {_zone(a.who, Zone.ARSENAL, Who.YOU)}",
    SkipTurn: lambda a, v: f"{_verb(a.who, 'skip')} {_whose(a.who, a.who)} next turn",
    EndTurn: lambda a, v: f"end {_whose(a.who, Who.YOU)} turn",
    ContinueTurn: lambda a, v: f"continue {_whose(a.who, Who.YOU)} turn",
    Blank: lambda a, v: f"blank the {'text and damage' if a.damage else 'text'} of {_cards(a.count, a.filter)} in "
                        f"{_zone(a.who, Zone.RING, Who.YOU)} " + (
        "for the rest of the turn" if a.until is Duration.REST_OF_TURN else "while this card is in your ring area"),
    WinGame: lambda a, v: f"win the game by {a.how}",
    Modify: lambda a, v: render_modifier(a.modifier) + ("" if a.per is None else f" per {_count(Count(0, of=a.per))}"),
    EqualizeFortitude: lambda a, v: "the player with the higher fortitude removes cards from his ring area until it is not higher",
    Choice: _choice,
    OnlyIf: lambda a, v: f"if {_condition(a.condition)}: {_actions(a.actions, v, ' and ')}",
    Optional: lambda a, v: ("you may " if a.who is Who.YOU else "opponent may: ") + _actions(a.actions, v, " and ") + (
        f"; if not, {_actions(a.otherwise, v, ' and ')}" if a.otherwise else ""),
    HoldSubmission: lambda a, v: "hold the submission: no maneuvers or actions until opponent reverses it; "
                                 "it hits again each of your turns",
    MoveThis: lambda a, v: f"{_put_verb(a.position)} this card {_into(a.position)} your {_ZONES[a.dest]}",
    Restrict: lambda a, v: _restrict(a),
    RemoveReversed: lambda a, v: "remove the reversed card from the game",
}


def _restrict(a: Restrict) -> str:
    m = a.modifier
    kind = f"{m.subtype.value} maneuvers" if m.subtype else (f"{m.card_type.value}s" if m.card_type else "cards")
    what = f"the card titled {m.title}" if m.title else kind
    word = f" with the word \"{m.title_word}\" in the title" if m.title_word else ""
    when = {Duration.REST_OF_TURN: " for the rest of the turn", Duration.NEXT_TURN: " during the next turn"}.get(m.duration, "")
    who = {Who.YOU: "you", Who.OPPONENT: "opponent", Who.ALL: "all players"}[a.who]
    return f"{who} cannot play {what}{word}{when}"


def _put_verb(position: Position) -> str:
    return "shuffle" if position is Position.SHUFFLE else "put"


def _into(position: Position) -> str:
    return "on the bottom of" if position is Position.BOTTOM else "into"


def _move(a: MoveCards) -> str:
    cards = _cards(a.count, a.filter) + (" (not this card)" if a.other else "")
    source = _zone(a.who, a.source, a.chooser)
    if a.dest is Zone.REMOVED:
        return f"{_verb(a.chooser, 'remove')} {cards} in {source} from the game"
    if a.dest is Zone.HAND and a.who is a.chooser:
        return f"{_verb(a.chooser, 'take')} {cards} from {source}"
    dest = _zone(a.who, a.dest, a.chooser)
    return f"{_verb(a.chooser, _put_verb(a.position))} {cards} from {source} {_into(a.position)} {dest}"


def _actions(actions: tuple[Any, ...], verbose: bool, sep: str = "; ") -> str:
    return sep.join(_action(a, verbose) for a in actions)


# --------------------------------------------------------------------------------- modifiers
def render_modifier(m: Modifier) -> str:
    noun = m.subtype.value if m.subtype else (m.card_type.value if m.card_type else "card")
    plural = f"{m.subtype.value} maneuvers" if m.subtype else (f"{m.card_type.value}s" if m.card_type else "cards")
    if m.marks or m.not_marks:
        noun, plural = _marked(noun, m.marks, m.not_marks), _marked(plural, m.marks, m.not_marks)
    if m.title is not None:
        noun, plural = f"{noun} titled {m.title}", f"{plural} titled {m.title}"
    if m.title_word is not None:
        noun, plural = (f"{x} with the word '{m.title_word}' in the title" for x in (noun, plural))
    if m.found:
        noun, plural = f"{noun} if it is the card found", f"{plural} if they are the card found"
    if m.uses > 1:
        noun = f"{m.uses} {plural}"
    target = {
        Duration.NEXT_CARD: f"next {noun}",
        Duration.FIRST_NEXT_TURN: f"first {noun} played next turn",
        Duration.NEXT_MANEUVER: f"next {noun} this turn",
    }.get(m.duration, f"{'every player' if m.everyone else 'your'} {plural}")
    tail = {
        Duration.REST_OF_TURN: " for the rest of the turn",
        Duration.NEXT_TURN: " next turn",
        Duration.WHILE_IN_RING: " while this card is in your ring area",
    }.get(m.duration, "")
    if m.stat is Stat.IRREVERSIBLE:
        limit = f" of {m.max_damage}D or less" if m.max_damage is not None else ""
        by = " by reversals from the arsenal" if m.arsenal_only else " by reversals from the hand" if m.hand_only else \
            " by reversals from the backlash deck" if m.backlash_only else ""
        return f"{target}{limit} may not be reversed{by}{tail}"
    if m.stat is Stat.UNRESTRICTED:
        limit = f" of {m.max_damage}D or less" if m.max_damage is not None else ""
        return f"{target}{limit} may ignore its 'can only be played after' text{tail}"
    if m.stat is Stat.AFTER:
        return f"{target} is considered played right after {' or '.join(_prior(a) for a in m.after)}{tail}"
    amount = f"{m.stat.value}:{m.amount}" if m.sets else f"{m.amount:+d}{m.stat.value}"
    amount += "" if m.per is None else f" per {_count(Count(0, of=m.per))}"
    if m.reversals:
        whose = "opponent's reversals" if m.card_type is None else f"reversals to {target}"
        return f"{whose} {amount}{tail}"
    return f"{target} {amount}{tail}"


# --------------------------------------------------------------------------------- conditions
def _condition(c: Condition) -> str:
    if isinstance(c, After):
        return "played right after " + _prior(c)
    if isinstance(c, MinHandSize):
        return f"you have {c.n} or more cards in your hand"
    if isinstance(c, FortitudeBelowOpponent):
        return "your fortitude is less than opponent's"
    if isinstance(c, FortitudeAboveOpponent):
        return "your fortitude is greater than opponent's"
    if isinstance(c, InRingArea):
        return f"{c.title} is in your ring area"
    if isinstance(c, AnyOf):
        return " or ".join(_condition(x) for x in c.conditions)
    if isinstance(c, AllOf):
        return " and ".join(_condition(x) for x in c.conditions)
    if isinstance(c, Not):
        return f"not ({_condition(c.condition)})"
    if isinstance(c, ReversedLastTurn):
        how = " from your hand" if c.from_hand_only else ""
        return f"it is the first card of your turn and you reversed a card{how} to end opponent's last turn"
    if isinstance(c, FirstOfTurn):
        return "it is the first card of your turn"
    if isinstance(c, PlayedFrom):
        return f"this card was played from your {_ZONES[c.zone]}"
    if isinstance(c, Compared):
        than = "less" if c.below else "greater"
        by = f"at least {c.by} " if c.by else "equal to or " if c.or_equal else ""
        return f"your {c.measure.value} is {by}{than} than opponent's"
    if isinstance(c, Measured):
        bounds = [f"{c.at_least} or more"] if c.at_least is not None else []
        bounds += [f"{c.at_most} or less"] if c.at_most is not None else []
        bounds = [str(c.at_least)] if c.at_least == c.at_most else bounds
        whose = "your" if c.who is Who.YOU else "opponent's"
        return f"{whose} {c.measure.value} is {' and '.join(bounds)}"
    if isinstance(c, HasCards) and c.at_most is not None:
        return f"{'you have' if c.who is Who.YOU else 'opponent has'} {_cards(Count(c.at_most), c.filter)} " \
            f"or fewer in {_zone(c.who, c.zone, Who.YOU)}"
    if isinstance(c, HasCards):
        return f"{'you have' if c.who is Who.YOU else 'opponent has'} {_cards(Count(c.at_least), c.filter)} " \
            f"or more in {_zone(c.who, c.zone, Who.YOU)}" + (" besides this card" if c.other else "")
    if isinstance(c, SuperstarIs) and c.mark.startswith("name:"):
        whose = "your" if c.who is Who.YOU else "opponent's"
        return f"{whose} superstar is {c.mark.removeprefix('name:')}"
    if isinstance(c, SuperstarIs):
        return f"{'you are' if c.who is Who.YOU else 'opponent is'} a {c.mark} superstar"
    raise TypeError(f"not a condition: {c!r}")


def _prior(c: After) -> str:
    kind = c.subtype.value + " maneuver" if c.subtype else (c.card_type.value if c.card_type else "card")
    if c.title:
        return f"{'the ' + kind + ' ' if c.card_type else ''}{c.title}"
    kind = _marked(kind, c.marks, ())
    if c.min_damage is not None:
        return f"a {kind} that dealt {c.min_damage}D or more"
    return f"a {kind}"


def _marked(kind: str, marks: tuple[str, ...], not_marks: tuple[str, ...], any_marks: tuple[str, ...] = ()) -> str:
    """"heat maneuver", "non-hybrid reversal", "card with the raw logo", "chain or heat maneuver": a kind
    with its marks."""
    logos = [m.removeprefix("logo:") for m in marks if m.startswith("logo:")]
    words = [*(f"non-{_mark(m)}" for m in not_marks), *(_mark(m) for m in marks if not m.startswith("logo:"))]
    if any_marks:
        words.append(" or ".join(any_marks))
    text = " ".join([*words, kind])
    return text + (f" with the {' and '.join(logos)} logo" if logos else "")


def _mark(mark: str) -> str:
    """A mark as printed where its spelling differs: a printed F ("f:0") is "F:0"."""
    return mark.upper() if mark.startswith("f:") else mark


def _target(t: Target) -> str:
    kinds = " or ".join(ct.value for ct in t.card_types)
    if t.subtypes:
        kinds = " or ".join(s.value for s in t.subtypes) + " maneuver"
    if t.trait:
        kinds = f"{t.trait.value.upper()} {kinds}"
    kinds = _marked(kinds, t.marks, t.not_marks, t.any_marks)
    text = f"the {kinds} {t.title}" if t.title else f"any {kinds}"
    if t.title_word:
        text += f" with the word \"{t.title_word}\" in its title"
    if t.max_damage is not None:
        text += f" of {t.max_damage}D or less"
    if t.min_damage is not None:
        text += f" of {t.min_damage}D or greater"
    if t.after_title:
        text += f" played right after {t.after_title}"
    if t.from_hand:
        text += " played from opponent's hand"
    if t.after is not None:
        text += f" played right after {_prior(t.after)}"
    if t.played_before:
        kind = t.played_before_type.value if t.played_before_type else "card"
        text += f" if not the {' or '.join(('first', 'second')[:t.played_before])} {kind} played this turn"
    if t.min_trait_in_ring is not None:
        text += f" if opponent has {t.min_trait_in_ring} or more {t.trait.value.upper() if t.trait else ''} cards in his ring area"
    if t.named:
        text += f" (including {' and '.join(t.named)})"
    return text


# ------------------------------------------------------------------------------------ clauses
_TRIGGERS = {
    Trigger.START_OF_TURN: "at the start of your turn",
    Trigger.END_OF_TURN: "at the end of the turn",
    Trigger.FORCED_DISCARD: "when opponent forces you to discard",
    Trigger.DRAW_SEGMENT: "in your draw segment",
    Trigger.REVERSED: "if reversed",
    Trigger.REVERSED_FROM_HAND: "if reversed from opponent's hand",
    Trigger.PLAYED: "when a card is successfully played",
    Trigger.END_OF_PREMATCH: "at the end of the pre-match phase",
}


def _reversal_event(c: Triggered) -> str:
    """"when opponent reverses a card from his hand, you may ..."."""
    who = {Who.YOU: "you reverse", Who.OPPONENT: "opponent reverses", Who.ALL: "any player reverses"}[c.by]
    what = "a card" if c.played is None else _cards(Count(1), c.played)
    where = f" from his {_ZONES[c.source]}" if c.source is not None else ""
    may = "you may " if c.optional else ""
    return f"when {who} {what}{where}, {may}{_actions(c.actions, True)}"


def _played(c: Triggered) -> str:
    """"when opponent successfully plays a heel card, ..."."""
    who = {Who.YOU: "you successfully play", Who.OPPONENT: "opponent successfully plays",
           Who.ALL: "any player successfully plays"}[c.by]
    flt = c.played
    what = "a card"
    if flt is not None:
        kind = flt.subtype.value + " maneuver" if flt.subtype else " or ".join(t.value for t in flt.types) or "card"
        what = f"a {flt.trait.value + ' ' if flt.trait else ''}{kind}"
        if flt.title:
            what = f"the card titled {flt.title}"
        if flt.title_word:
            what += f" with the word \"{flt.title_word}\" in the title"
    return f"when {who} {what}, {_actions(c.actions, True)}"


def _as_type(c: Any) -> str:
    card_type = c.as_type
    return f"as {'an' if card_type.value[0] in 'aeiou' else 'a'} {card_type.value}, " if card_type else ""


def _stat_change(c: StatChange) -> str:
    per = f" per maneuver with the word \"{c.per_title_word}\" in its title in your ring area" if c.per_title_word else ""
    cond = f" if {_condition(c.condition).replace('played right after', 'played after')}" if c.condition else ""
    when = "when successfully played, " if c.on_success else ""
    if c.paid is not None:
        per = _PAID[c.paid]
    return f"{_as_type(c)}{when}this card {c.amount:+d}{c.stat.value}{per}{cond}"


_PAID = {Paid.EACH: " for each card its when played action moves",
         Paid.DONE: " if its when played \"may\" is done"}


def _reverses(c: Reverses) -> str:
    cost = f", after you {_actions(c.cost, False)}" if c.cost else ""
    when = "if played from your hand, " if c.from_hand_only else "when overturned, " if c.overturned_only else ""
    if c.played_from is not None:
        when += f"when played from your {_ZONES[c.played_from]}, "
    if c.zone is Zone.BACKSTAGE:
        when = "by the superstar's ability, "
    elif c.zone is not None:
        when = f"while this card is in your {_ZONES[c.zone]}, used there, "
    if c.condition is not None:
        when += f"if {_condition(c.condition)}, "
    return f"{when}reverses {_target(c.target)}{cost}"


def _triggered(c: Triggered) -> str:
    may = "you may " if c.optional else ""
    if c.trigger is Trigger.PLAYED:
        return f"while this card is in your {_ZONES[c.zone]}, {_played(c)}"
    if c.trigger in (Trigger.REVERSED, Trigger.REVERSED_FROM_HAND):
        return f"{_TRIGGERS[c.trigger]}, {may}{_actions(c.actions, True)}"
    if c.trigger is Trigger.REVERSAL:
        return f"while this card is in your {_ZONES[c.zone]}, {_reversal_event(c)}"
    if c.trigger is Trigger.LEFT_RING:
        by = {Who.ALL: "", Who.OPPONENT: " by an effect opponent controls", Who.YOU: " by an effect you control"}[c.by]
        where = f" into your {_ZONES[c.dest]}" if c.dest is not None else ""
        return f"when this card is moved from your ring area{where}{by}, {may}{_actions(c.actions, True)}"
    when = {Who.OPPONENT: "at the start of opponent's turn", Who.ALL: "at the start of every turn"}.get(c.by, "") \
        if c.trigger is Trigger.START_OF_TURN else ""
    when = when or _TRIGGERS[c.trigger]
    return f"{when}, while this card is in your {_ZONES[c.zone]}, {may}{_actions(c.actions, True)}"


def _stat_line(c: SuperstarStat | RingRoom) -> str:
    whose = "your" if c.who is Who.YOU else "your opponent's"
    cond = f" if {_condition(c.condition)}" if c.condition else ""
    if isinstance(c, SuperstarStat):
        return f"{whose} {c.stat.value} {c.amount:+d}{cond}"
    kinds = " and ".join(k.value for k in c.kinds)
    return f"{whose} ring area holds {c.amount:+d} {kinds} cards at most{cond}"


_CLAUSES: dict[type, Callable[[Any], str]] = {
    OnPlay: lambda c: f"{_as_type(c) or 'when played, '}{_actions(c.actions, True)}",
    PlayRequirement: lambda c: f"{_as_type(c)}playable only if {_condition(c.condition)}",
    StatChange: _stat_change,
    Irreversible: lambda c: f"{_as_type(c)}may not be reversed" + (
        " from opponent's backlash deck" if c.from_backlash and not (c.from_hand or c.from_arsenal) else ""),
    NotReversedBy: lambda c: "may not be reversed by " + " or ".join(
        [*c.titles, *map(_reversal_cards, c.cards)]),
    OpponentCannotPlay: lambda c: f"while this card is in your ring area, opponent may not play {' or '.join(c.titles)}",
    Permanent: lambda c: "may not be removed from your ring area" + (
        f" if {_condition(c.condition)}" if c.condition is not None else ""),
    MakesPermanent: lambda c: f"while this card is in your ring area, your {_cards(Count(None), c.filter).removeprefix('all ')} there are permanent",
    CountsAs: lambda c: f"counts as {c.n} {_marked('cards', c.marks, ())} in your {_ZONES[c.zone]}",
    AlsoReversedBy: lambda c: f"may be reversed by {' or '.join(c.titles)} whatever they reverse",
    ReversedOnlyBy: lambda c: "may only be reversed by " + " or ".join(
        [*map(_reversal_cards, c.cards), *(f"reversals naming {t}" for t in c.naming)]),
    ReversalBonus: lambda c: f"reversals to this card {c.amount:+d}D",
    Reverses: _reverses,
    OnReverse: lambda c: f"on reversal{' from your hand' if c.from_hand_only else ''}, {_actions(c.actions, True)}",
    VariableDamage: lambda c: "damage # = D of the reversed maneuver (0 in your ring area)",
    NoDamage: lambda c: "deals no damage",
    WhileInRing: lambda c: render_modifier(c.modifier),
    Triggered: _triggered,
    Delayed: lambda c: f"{_TRIGGERS[c.trigger]}, {_actions(c.actions, True)}",
    AllowsFollowUp: lambda c: f"{c.title} may be played after this card as if it were a {c.as_subtype.value} maneuver",
    TriggersFromRingside: lambda c: "works even if overturned into your ringside pile while applying damage",
    Activated: lambda c: (f"while this card is in your {' or '.join(_ZONES[z] for z in c.zones)}, "
                          f"{'once during each of ' if c.once else 'during '}"
                          f"{'your turns' if c.once and c.by is Who.YOU else 'your turn' if c.by is Who.YOU else 'his turn'}"
                          f"{f', if {_condition(c.condition)},' if c.condition is not None else ''} "
                          f"{'you' if c.by is Who.YOU else 'opponent'} may "
                          f"{_actions(c.actions, True, ' and then ')}"),
    SuperstarStat: lambda c: f"while this card is in your ring area, {_stat_line(c)}",
    WhenPlayed: lambda c: f"{_as_type(c)}when played (before any reversal), {_actions(c.actions, True)}",
    RingRoom: lambda c: f"while this card is in your ring area, {_stat_line(c)}",
    PlayableFrom: lambda c: f"may {'only ' if c.only else ''}be played from your {_ZONES[c.zone]} as from your hand" + (
        f" if {_condition(c.condition)}" if c.condition is not None else ""),
    PlaysHeld: lambda c: f"while this card is in your ring area, you may play {_cards(Count(None), c.filter)} under this card "
                         "as if they were in your hand",
    BlanksAbility: lambda c: f"while this card is in your ring area, {_whose(c.who, Who.YOU)} superstar ability is blank"
                             + (f" if {_condition(c.condition)}" if c.condition is not None else ""),
}


def render_clause(c: Clause) -> str:
    return _CLAUSES[type(c)](c)


def render_effect(effect: CardEffect) -> str:
    """The whole effect, one clause per line ("no effect" for a card without text)."""
    return "\n".join(render_clause(c) for c in effect.clauses) or "no effect"


def render_ability(ability: Ability) -> str:
    if ability.timing is AbilityTiming.NONE:
        return "no ability"
    if ability.timing is AbilityTiming.PASSIVE:
        parts = []
        if ability.draw_per_turn != 1:
            parts.append(f"draw {ability.draw_per_turn} cards in your draw segment")
        if ability.damage_taken:
            parts.append(f"damage from opponent {ability.damage_taken:+d}D")
        parts += [_played(t) if t.trigger is Trigger.PLAYED else _reversal_event(t) if t.trigger is Trigger.REVERSAL
                  else f"{_TRIGGERS[t.trigger]}, {_actions(t.actions, True)}" for t in ability.triggered]
        parts += [_stat_line(line) for line in ability.stat_lines]
        parts += [render_modifier(m).removesuffix(" while this card is in your ring area") for m in ability.modifiers]
        parts += [_reverses(r) for r in ability.reverses]
        return "always: " + "; ".join(parts)
    when = {AbilityTiming.ONCE_PER_TURN: "once per turn", AbilityTiming.START_OF_TURN: "at the start of your turn"}
    may = "you may " if ability.optional else ""
    reverses = "".join(f"; {_reverses(r)}" for r in ability.reverses)
    return f"{when[ability.timing]}, {may}{_actions(ability.actions, True, ' and ' if may else '; ')}{reverses}"


# --------------------------------------------------------------------------------------- tree
def effect_tree(obj: Any) -> str:
    """The dataclasses as an indented tree: one object per line, default fields left out."""
    return "\n".join(_tree(obj, 0, ""))


def _tree(obj: Any, depth: int, label: str) -> list[str]:
    pad = "  " * depth
    inline, nested = [], []
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.default is not dataclasses.MISSING and value == f.default:
            continue
        if _is_node(value):
            nested.append((f.name, value))
        else:
            inline.append(f"{f.name}={_scalar(value)}")
    lines = [f"{pad}{label}{type(obj).__name__}" + (f"({', '.join(inline)})" if inline else "")]
    for name, value in nested:
        lines.extend(_children(name, value, depth + 1))
    return lines


def _children(name: str, value: Any, depth: int) -> list[str]:
    label = "" if name in ("clauses", "actions") else f"{name}: "
    if dataclasses.is_dataclass(value):
        return _tree(value, depth, label)
    lines = []
    for i, item in enumerate(value, 1):
        if isinstance(item, tuple):  # Choice options
            lines.append(f"{'  ' * depth}option {i}:")
            for action in item:
                lines.extend(_tree(action, depth + 1, ""))
        else:
            lines.extend(_tree(item, depth, label))
    return lines


def _is_node(value: Any) -> bool:
    if isinstance(value, (Count,)) or type(value).__name__ == "CardFilter":
        return False
    if dataclasses.is_dataclass(value):
        return True
    return isinstance(value, tuple) and bool(value) and (
        dataclasses.is_dataclass(value[0]) or isinstance(value[0], tuple))


def _scalar(value: Any) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, Count):
        return _count(value).removesuffix(" cards").removesuffix(" card").replace("as many", "same")
    if dataclasses.is_dataclass(value):  # CardFilter: only what it sets
        fields = [f"{f.name}={_scalar(getattr(value, f.name))}" for f in dataclasses.fields(value)
                  if getattr(value, f.name) != f.default]
        return f"{type(value).__name__}({', '.join(fields)})"
    if isinstance(value, tuple):
        return "(" + ", ".join(_scalar(v) for v in value) + ")"
    return repr(value)
