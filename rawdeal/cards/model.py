"""Frozen values describing printed cards and Superstars. No game state lives here."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class CardType(StrEnum):
    MANEUVER = "maneuver"
    ACTION = "action"
    REVERSAL = "reversal"


class Subtype(StrEnum):
    """A maneuver's subtype."""

    STRIKE = "strike"
    GRAPPLE = "grapple"
    SUBMISSION = "submission"
    HIGH_RISK = "high-risk"
    TRADEMARK_FINISHER = "trademark-finisher"


class Trait(StrEnum):
    UNIQUE = "unique"
    SET_UP = "set-up"
    HEEL = "heel"
    FACE = "face"
    FOREIGN_OBJECT = "foreign-object"


# What a reversal reverses, as the card's subtype line classes it: a maneuver subtype, "action",
# "special" (its text says), or a subtype with a further condition ("strike-special": a Strike of 7D
# or less). The text, compiled, is what the engine follows.
REVERSES = ("strike", "grapple", "submission", "action", "special", "strike-special", "grapple-special")


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card. `damage` is None for the variable `#`."""

    title: str
    types: tuple[CardType, ...]
    fortitude: int
    damage: int | None
    stun_value: int
    subtype: Subtype | None = None
    reverses: str | None = None
    traits: frozenset[Trait] = frozenset()
    logo: str | None = None
    text: str = ""
    marks: frozenset[str] = frozenset()  # Classic: keywords, logos, hybrid, ... by name (`rawdeal.cards.marks`)

    def is_(self, card_type: CardType) -> bool:
        return card_type in self.types

    @property
    def printed_damage(self) -> int:
        """The D this card adds to a Fortitude Rating: `#` counts as 0."""
        return self.damage or 0

    @property
    def playable_types(self) -> tuple[CardType, ...]:
        """The types a card can be played as from the hand, in printed order (never reversal)."""
        return tuple(t for t in self.types if t is not CardType.REVERSAL)

    @property
    def damage_label(self) -> str:
        return "#" if self.damage is None else str(self.damage)


@dataclass(frozen=True, slots=True)
class Superstar:
    name: str
    logo: str
    hand_size: int
    value: int
    ability: str
    marks: frozenset[str] = frozenset()  # Classic: his keywords by name (Diva, Legend, female, ...)
