"""Blanking: "Blank the text of 1 card in your opponent's Ring area for the rest of the turn", "Choose 1 card in
your opponent's Ring area. When this card is in your Ring area, that card has blank text", "your opponent's
Superstar Ability is blank" (`fx.Blank`, `fx.BlanksAbility`; the engine reads blanked texts in one place,
`rules.ring_texts`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import Action, Cards, Phrase, Statement
from rawdeal.effects.classic.lowering.chosen import Chosen
from rawdeal.effects.classic.lowering.nodes import Unsupported, _cards, _filter, _zone_in, find, words


@dataclass(frozen=True, slots=True)
class RingChoice:
    """"Choose 1 card in your opponent's Ring area": cards of a Ring area the owner picks when the card is played,
    for what a later "that card has blank text" does to them (`Pending` holds its place among the clauses)."""

    chosen: Chosen


@dataclass(frozen=True, slots=True)
class Pending:
    """A `RingChoice` in its clause's place, until a later sentence says what is done to the chosen card (one left
    at the end of the text is reported: the engine cannot run a choice that does nothing)."""

    chosen: Chosen
    ctx: Any  # the `text._Ctx` of the sentence that chose


@dataclass(frozen=True, slots=True)
class BlankChosen:
    """"When this card is in your Ring area, that card has blank text": the chosen card reads as blank while this
    card lies in its owner's Ring area."""

    action: fx.Blank


_BLANK_TRAITS = (["blank", "text"], ["blanked"], ["blank"])
_THAT = (["that", "card"], ["the", "chosen", "card"], ["it"])


def blank_action(action: Action) -> list[Any]:
    """The verb 'blank': "Blank the text of 1 card in your opponent's Ring area for the rest of the turn"."""
    parts = list(action.parts)
    of = next((p for p in parts if isinstance(p, Phrase) and p.kind == "attribute_of"), None)
    where = next((p for p in parts if isinstance(p, Phrase) and p.kind == "into_arg"), None)
    when = next((p for p in parts if isinstance(p, Phrase) and p.kind == "for_the_rest_arg"), None)
    if of is None or where is None or len(parts) != 3:
        raise Unsupported("blanking a card the engine cannot find (a card just played, or no Ring area said)")
    attribute = words(find(of, "attribute") or of)
    cards = next((c for c in of.parts if isinstance(c, Cards)), None)
    if attribute not in (["text"], ["text and damage"]) or cards is None:
        raise Unsupported(f"blanking {' '.join(words(of))!r}")
    if when is None or words(when)[-1:] != ["turn"] or words(when)[1:2] not in (["the"], ["this"]):
        raise Unsupported("blanking without saying for how long")
    zones = _zone_in(where)
    d = _cards(cards)
    if zones.zones != (fx.Zone.RING,) or d.count.n is None or d.count.up_to or d.count.of is not None:
        raise Unsupported(f"blanking {' '.join(words(action)[1:])!r}")
    return [fx.Blank(zones.who, fx.Duration.REST_OF_TURN, d.count, _filter(d), damage=attribute != ["text"])]


def blanks_chosen(st: Statement, last: object) -> list[Any] | None:
    """"that card has blank text", "that card is blanked", "the chosen card is considered to have blank text", said of
    cards chosen in a Ring area (`RingChoice`); None for any other statement."""
    holder = find(st, "holder")
    trait = find(st, "trait_value")
    said = words(trait) if trait is not None else words(st)[-1:]
    if st.kind not in ("has_trait", "is_trait", "considered_to_have") or holder is None or said not in _BLANK_TRAITS \
            or words(holder) not in _THAT:
        return None
    last = last.chosen if isinstance(last, RingChoice) else last
    if not isinstance(last, Chosen) or last.zone is not fx.Zone.RING:
        raise Unsupported("blanking a card no choice in a Ring area names")
    return [BlankChosen(fx.Blank(last.who, fx.Duration.WHILE_IN_RING, last.count, last.filter))]


def blanks_ability(st: Statement) -> fx.BlanksAbility | None:
    """"your opponent's Superstar Ability is blank": whose ability; None for any other statement."""
    holder = find(st, "holder")
    if st.kind != "is_trait" or holder is None or words(st)[-1:] != ["blank"]:
        return None
    said = words(holder)
    if said == ["your", "opponent's", "superstar ability"]:
        return fx.BlanksAbility(fx.Who.OPPONENT)
    raise Unsupported(f"blanking {' '.join(said)!r}")
