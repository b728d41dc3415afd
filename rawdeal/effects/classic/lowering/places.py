"""Where a card is played from: "You may play this card from your Ringside pile" (`fx.PlayableFrom`) and the
opening "When played from your Ringside pile, ..." (`fx.PlayedFrom`, a condition on the card being played).

The engine offers `play "X" from ringside` for such a card lying in its owner's Ringside pile, under the same
requirements and F as from the hand; what the text says happens "when played from" there runs only then.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering.chosen import Chosen
from rawdeal.effects.classic.model import Action, Cards, Frame, Phrase, Sentence, ValueKind, ZoneRef
from rawdeal.effects.classic.lowering.nodes import (
    CardFacts, Unsupported, _SelfStat, _cards, _filter, _number, _zone, _zone_in, find, values, words,
)

_PLAYABLE = (fx.Zone.RINGSIDE,)  # the zones the engine plays cards from besides the hand
_MAY = ([["you"], ["may"]], [["you"], ["can"]])


def playable_from(sentence: Sentence, card: CardFacts) -> fx.PlayableFrom | None:
    """"You may play this card from your Ringside pile": the clause, or None for any other sentence. Only a
    card played as a maneuver or an action from the hand (no Backlash deck card: its room in the Ring area is
    counted as it leaves the Backlash deck) and only a zone the engine plays from."""
    if sentence.frames or len(sentence.items) != 1:
        return None
    play = sentence.items[0]
    if not isinstance(play, Action) or play.verb != "play" or [words(p) for p in play.subject] not in _MAY \
            or len(play.parts) != 2:
        return None
    this, where = play.parts
    if not (isinstance(this, Phrase) and words(this) == ["this", "card"]) \
            or not (isinstance(where, Phrase) and where.kind == "from_arg"):
        return None
    zones = _zone_in(where)
    said = f"play 'this card' from {' '.join(words(where)[1:])!r}"
    if zones.who is not fx.Who.YOU or len(zones.zones) != 1 or zones.zones[0] not in _PLAYABLE:
        raise Unsupported(said)
    if not card.types & {"maneuver", "action"} or card.types & {"pre-match", "mid-match"}:
        raise Unsupported(f"{said} on a card not played from the hand as a maneuver or an action")
    return fx.PlayableFrom(zones.zones[0])


def played_from(frame: Frame) -> fx.Zone | None:
    """"When played from your Ringside pile": that zone of yours, or None for any other opening (and for "from
    your hand", which is a reversal's)."""
    how = find(frame, "played_from")
    if frame.kind != "on_play" or how is None or words(frame)[:1] != ["when"] or len(frame.parts) != 2:
        return None
    zones = _zone_in(how)
    if zones.who is not fx.Who.YOU or len(zones.zones) != 1 or zones.zones[0] is fx.Zone.HAND:
        return None
    if zones.zones[0] not in _PLAYABLE:
        raise Unsupported(f"the opening {' '.join(words(frame))!r}")
    return zones.zones[0]


def only_played_from(part: Any, zone: fx.Zone | None) -> Any:
    """A part of a "When played from your Ringside pile, ..." sentence, made to hold only then: an action is
    guarded (`OnlyIf`), this card's D gets the condition. Its F is reported: the cost is worked out before
    the card is played, when no card has been played from anywhere."""
    if zone is None:
        return part
    cond = fx.PlayedFrom(zone)
    if isinstance(part, _SelfStat):
        if part.stat is not fx.Stat.DAMAGE:
            raise Unsupported("a change of this card's F when played from a zone")
        return replace(part, condition=cond if part.condition is None else fx.AllOf((cond, part.condition)))
    return fx.OnlyIf(cond, (part,))


def joined(actions: tuple[Any, ...], part: Any) -> tuple[Any, ...]:
    """`actions` and `part`, consecutive actions guarded by one condition kept under one `OnlyIf`."""
    last = actions[-1] if actions else None
    if isinstance(part, fx.OnlyIf) and isinstance(last, fx.OnlyIf) and last.condition == part.condition:
        return (*actions[:-1], fx.OnlyIf(part.condition, (*last.actions, *part.actions)))
    return (*actions, part)


def put_back_in_order(action: Action, looked: object) -> list[Any] | None:
    """"Look at the top 3 cards of your Arsenal and put them back in any order": the looked-at cards
    arranged (`fx.Arrange`, as "arrange them in any order"); None for any other put."""
    said = [words(p) for p in action.parts]
    if said != [["them"], ["back", "in", "any", "order"]] or not isinstance(looked, fx.LookAt) \
            or looked.zone is not fx.Zone.ARSENAL or not looked.n:
        return None
    return [fx.Arrange(looked.who, looked.n)]


def in_picked_order(action: Action) -> Action:
    """"Put up to 2 cards from your Ringside pile on top of your Arsenal in any order": the cards are put one at
    a time as their mover picks them, so the order is his; the action without the words. Only onto an Arsenal's
    top or bottom (anywhere else an order means nothing the engine keeps, and is reported)."""
    order = [p for p in action.parts if isinstance(p, Phrase) and p.kind == "any_order"]
    if len(order) != 1 or words(order[0])[0] == "back":
        return action
    onto = next((p for p in action.parts if isinstance(p, Phrase) and p.kind in ("top_arg", "bottom_arg")), None)
    if onto is None or _zone_in(onto).zones != (fx.Zone.ARSENAL,):
        return action
    return Action(action.subject, action.verb, tuple(p for p in action.parts if p is not order[0]))


def picked_in_order(moved: list[Any]) -> list[Any]:
    """The moves of a put "in any order": onto an Arsenal each is picked card by card (all of a zone too), so
    never at random."""
    for a in moved:
        if not isinstance(a, fx.MoveCards) or a.random:
            raise Unsupported("cards put 'in any order' that are not picked one by one")
    return moved


# the owners a zone of a condition names: each player's, or one of them
_ANY_OWNER = (["any"], ["any", "player's"], ["either", "player's"], ["all"], ["all", "player's"])
_OWNER = {("your",): (fx.Who.YOU,), ("your", "opponent's"): (fx.Who.OPPONENT,), ("opponent's",): (fx.Who.OPPONENT,),
          ("his",): (fx.Who.OPPONENT,)}


def card_in_zone(one: Phrase) -> fx.Condition | None:
    """"the card titled Tough Enough! is in any Ring area", "a Set-up card is in any player's Ring area", "the card
    titled X is in any Ring area or Ringside pile", "... is in your opponent's Ring area": one card passing the
    description in one of those zones of one of those players (`fx.HasCards`, any of them). None for any other
    condition, and for a titled card in your own Ring area (`fx.InRingArea`, read as before)."""
    if one.kind != "card_in" or "not" in words(one):
        return None
    cards = [p for p in one.parts if isinstance(p, Cards)]
    refs = [p for p in one.parts if isinstance(p, ZoneRef)]
    if len(cards) != 1 or len(refs) != 1 or [words(w) for w in one.parts[1:-1]] != [["is"], ["in"]]:
        return None
    least = at_least(cards[0])
    if least is None:
        return None
    owner = [w for o in refs[0].owner for w in words(o)]
    whose = (fx.Who.YOU, fx.Who.OPPONENT) if owner in _ANY_OWNER else _OWNER.get(tuple(owner))
    d = _cards(Cards(tuple(p for p in cards[0].parts if not isinstance(p, Phrase) or p.kind != "more_than")))
    zones = _zone(ZoneRef((), refs[0].zones)).zones
    if whose is None or d.count != fx.ONE \
            or (least == 1 and whose == (fx.Who.YOU,) and zones == (fx.Zone.RING,) and d.title):
        return None
    flt = _filter(d)
    held = tuple(fx.HasCards(who, zone, flt, least) for who in whose for zone in zones)
    return held[0] if len(held) == 1 else fx.AnyOf(held)


def at_least(cards: Cards) -> int | None:
    """How many cards a condition's description asks for: 1 ("the card titled X", "a Set-up card"), N + 1 ("more
    than 1 copy of the card titled X"); None for any other quantity."""
    quantity = [p for p in cards.parts if isinstance(p, Phrase)]
    if not quantity or (len(quantity) == 1 and quantity[0].kind in ("the", "quantity", "one")):
        return 1
    if len(quantity) == 1 and quantity[0].kind == "more_than":
        return _number(values(quantity[0], ValueKind.NUMBER)[0]) + 1
    return None


def chosen_in_zone(action: Action, who: fx.Who) -> Chosen | None:
    """"choose 3 Action cards in your Ringside pile (and put them into your hand)": cards of a zone both players
    see (a Ring area, a Ringside pile), which need no look first, picked by the card's owner for the verb that
    moves "them" next. None for any other choice."""
    if who is not fx.Who.YOU or len(action.parts) != 2:
        return None
    counted, where = action.parts
    if not (isinstance(where, Phrase) and where.kind == "into_arg" and words(where)[:1] == ["in"]) \
            or not (isinstance(counted, Phrase) and counted.kind == "counted"):
        return None
    zones = _zone_in(where)
    cards = next((c for c in counted.parts if isinstance(c, Cards)), None)
    if len(zones.zones) != 1 or zones.zones[0] not in (fx.Zone.RING, fx.Zone.RINGSIDE) or cards is None:
        return None
    d = _cards(cards)
    if d.count.n is None or d.count.of is not None:
        return None
    return Chosen(zones.who, d.count, _filter(d), zones.zones[0])
