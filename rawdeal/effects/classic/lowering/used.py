"""Reversing with a card that is not played as a reversal: one used where it lies, or a Superstar's ability.

"When this card is in your Ring area, you may put this card into your Ringside pile to reverse any Strike or
Grapple maneuver and end your opponent's turn", "You may discard 3 cards to reverse any non-unique maneuver and
end your opponent's turn" (a Superstar: from the Backstage area, as the rulebook calls it), "You may reverse any
FACE or HEEL Action card and end opponent's turn by discarding a card from your hand". What comes before "to
reverse" (or after "by") is the cost; where the card lies comes from the sentence's opening (`text._assemble`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import Action, Cards, Phrase, Sentence, Word
from rawdeal.effects.classic.lowering.nodes import CardFacts, Unsupported, find, words


@dataclass(frozen=True, slots=True)
class UsedReversal:
    """A reversal made by using a card (or an ability), not by playing a reversal card; `reverses.zone` is set
    once the context says where the card lies."""

    reverses: fx.Reverses


# what using the card may cost: moving the card itself away, or discarding from the hand
_COSTS = (fx.MoveThis, fx.DiscardThis, fx.Discard)


def reversing_purpose(action: Action) -> tuple[Action, Action] | None:
    """"put this card into your Ringside pile to reverse any maneuver": (the action without its purpose, the
    "reverse ..." it is for), or None when the action has no such purpose."""
    purpose = next((p for p in action.parts if isinstance(p, Phrase) and p.kind == "purpose"), None)
    done = find(purpose, "verb_phrase") if purpose is not None else None
    verb = done.parts[0] if isinstance(done, Phrase) and done.parts else None
    if done is None or not (isinstance(verb, Phrase) and verb.kind == "verb" and words(verb) == ["reverse"]):
        return None
    cost = Action(action.subject, action.verb, tuple(p for p in action.parts if p is not purpose))
    return cost, Action((), "reverse", tuple(done.parts[1:]))


def used_reversals(cost: list[Any], reverses: list[Any]) -> list[Any]:
    """The reversals with what using the card costs: the owner's "may" (using it is always his choice) around
    moving this card or discarding cards."""
    if len(cost) != 1 or not isinstance(cost[0], fx.Optional) or cost[0].who is not fx.Who.YOU or cost[0].otherwise:
        raise Unsupported("a reversal by using a card that is not its owner's choice")
    paid = cost[0].actions
    if not paid or not all(isinstance(a, _COSTS) and (not isinstance(a, fx.Discard) or a.who is fx.Who.YOU
                                                     and a.chooser is fx.Who.YOU and not a.random
                                                     and a.count.n is not None and not a.count.up_to
                                                     and a.count.of is None and not a.count.same)
                            for a in paid):
        raise Unsupported("a reversal by using a card at a cost other than moving it or discarding cards")
    moved = tuple(fx.MoveThis(fx.Zone.RINGSIDE) if isinstance(a, fx.DiscardThis) else a for a in paid)
    return [UsedReversal(replace(r, cost=moved)) for r in reverses]


def by_doing(sentence: Sentence) -> Sentence:
    """"You may reverse X and end opponent's turn by discarding a card from your hand": said as "You may discard
    a card from your hand to reverse X and end opponent's turn" (the same reading); any other sentence as it is."""
    items = sentence.items
    if len(items) != 3 or not all(isinstance(i, (Action, Phrase)) for i in items):
        return sentence
    rev, joiner, end = items
    if not (isinstance(rev, Action) and rev.verb == "reverse" and isinstance(end, Action) and end.verb == "end"
            and isinstance(joiner, Phrase) and joiner.kind == "joiner" and words(joiner) == ["and"]):
        return sentence
    by = next((p for p in end.parts if isinstance(p, Phrase) and p.kind == "by_doing"), None)
    if by is None or [w.text for w in by.parts[:2] if isinstance(w, Word)] != ["by", "discarding"] \
            or not isinstance(by.parts[2], Cards):
        return sentence
    places = tuple(Phrase("from_arg", p.parts) if isinstance(p, Phrase) and p.kind == "place" and words(p)[:1] == ["from"]
                   else p for p in by.parts[3:])  # "from your hand", as a discard's own argument reads it
    discard = Action(rev.subject, "discard", (Phrase("counted", (by.parts[2],)), *places,
                                              Phrase("purpose", (Word("to"), Phrase("verb_phrase", (
                                                  Phrase("verb", (Word("reverse"),)), *rev.parts))))))
    plain_end = Action(end.subject, end.verb, tuple(p for p in end.parts if p is not by))
    return replace(sentence, items=(discard, joiner, plain_end))


def placed(part: UsedReversal, zones: tuple[fx.Zone, ...], card: CardFacts) -> fx.Reverses:
    """The reversal used from where the sentence's opening says the card lies (a Superstar's: backstage)."""
    if card.is_superstar and not zones:
        return replace(part.reverses, zone=fx.Zone.BACKSTAGE)
    if len(zones) != 1 or zones[0] not in (fx.Zone.RING, fx.Zone.RINGSIDE):
        raise Unsupported("a reversal by using a card that lies nowhere said (or in several zones)")
    return replace(part.reverses, zone=zones[0])
