"""The engine's words: each a `StrEnum`, so it is checked by the type checker and still reads, formats,
compares and serializes as the plain word the saves, transcripts and moves already use.

Zones, positions and card types are the effect model's own enums (`fx.Zone`, `fx.Position`,
`CardType`); card ids are `CardId`, which the save codec reads to name cards by title.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Final

CARD: Final = "card id"
CardId = Annotated[int, CARD]
"""An index into `CardDB.cards` (-1: no card). Saves write the card's title in its place."""


class Profile(StrEnum):
    """The rule profile stored in a save: the course's reference program, or the printed rules."""

    COURSE = "course"
    STANDARD = "standard"


class PickVerb(StrEnum):
    """What happens to a picked card: discarded into the Ringside pile, or taken to another zone."""

    DISCARD = "discard"
    TAKE = "take"


class CountVerb(StrEnum):
    """What a "how many?" answer does."""

    DRAW = "draw"
    DISCARD = "discard"
    MOVE = "move"  # "put any number of cards from your hand on the bottom of your Arsenal": then picks that many


class DrawReason(StrEnum):
    DRAW_SEGMENT = "draw segment"
    EFFECT = "effect"
    STUN_VALUE = "stun value"


class DecisionKind(StrEnum):
    """What a pending decision is about; a card pick's kind is its verb."""

    MAIN = "main"
    REVERSE = "reverse"
    DISCARD = "discard"
    TAKE = "take"
    COUNT = "count"
    CHOOSE = "choose"
    YES_NO = "yes-no"
    ABILITY = "ability"
    ARRANGE = "arrange"
