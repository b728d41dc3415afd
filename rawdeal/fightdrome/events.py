"""One value per visible change of a Fightdrome game; `render` writes them in English or Spanish.

Cards appear by face name. What a player cannot see stays hidden: a draw says how many, a stagger
says a card went face down, never which.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    def to_dict(self) -> dict[str, Any]:
        return {"event": _NAMES[type(self)], **asdict(self)}


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    player: int
    sleeve: str
    stack: str
    cards: int


@dataclass(frozen=True, slots=True)
class FirstPlayer(Event):
    player: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    number: int
    player: int


@dataclass(frozen=True, slots=True)
class Overstimulated(Event):
    player: int
    hand: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Played(Event):
    player: int
    card: str
    against: str  # the card it answers, "" when it starts the fight again
    effect: str  # "attack", "pause" (a block or Dodge) or "feint"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    player: int
    cards: int


@dataclass(frozen=True, slots=True)
class Staggered(Event):
    player: int
    left: int  # cards left in hand


@dataclass(frozen=True, slots=True)
class Rested(Event):
    player: int
    drew: int


@dataclass(frozen=True, slots=True)
class RoundOver(Event):
    number: int
    winner: int
    reason: str  # "staggered", "empty-hand" or "rest"


@dataclass(frozen=True, slots=True)
class FameScored(Event):
    player: int
    points: int
    total: int


@dataclass(frozen=True, slots=True)
class FighterFell(Event):
    player: int
    sleeve: str
    left: int


@dataclass(frozen=True, slots=True)
class FighterChosen(Event):
    player: int
    sleeve: str
    cards: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winner: int
    how: str


@dataclass(frozen=True, slots=True)
class Status(Event):
    """A loaded game's position, seen from outside: hand and pile sizes, Fame."""

    player: int
    hand: int
    draw: int
    discard: int
    fame: int


_NAMES: dict[type, str] = {
    Dealt: "dealt", FirstPlayer: "first_player", RoundStarted: "round_started", Overstimulated: "overstimulated",
    Played: "played", Drew: "drew", Reshuffled: "reshuffled", Staggered: "staggered", Rested: "rested",
    RoundOver: "round_over", FameScored: "fame_scored", FighterFell: "fighter_fell",
    FighterChosen: "fighter_chosen", GameOver: "game_over", Status: "status"}
