"""Where a card is played from: "You may play this card from your Ringside pile" (`fx.PlayableFrom`) and the
opening "When played from your Ringside pile, ..." (`fx.PlayedFrom`, a condition on the card being played).

The engine offers `play "X" from ringside` for such a card lying in its owner's Ringside pile, under the same
requirements and F as from the hand; what the text says happens "when played from" there runs only then.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import Action, Frame, Phrase, Sentence
from rawdeal.effects.classic.lowering.nodes import CardFacts, Unsupported, _SelfStat, _zone_in, find, words

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
