"""What the engine reports: one frozen event per visible state change, in order.

Transcripts render these one per line; the course verifier compares them with the events it read
from a course transcript. Players are named by their Superstar's name.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, **asdict(self)}


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    kind: ClassVar[str] = "start"
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn"
    player: str
    number: int


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    kind: ClassVar[str] = "skip"
    player: str


@dataclass(frozen=True, slots=True)
class AbilityUsed(Event):
    kind: ClassVar[str] = "ability"
    player: str


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """`reason`: "draw segment", "effect" or "stun value". Count may be 0 for "may draw" answers."""

    kind: ClassVar[str] = "draw"
    player: str
    count: int
    reason: str


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A card is put forward from the hand; the opponent may still reverse it."""

    kind: ClassVar[str] = "play"
    player: str
    card: str
    as_type: str


@dataclass(frozen=True, slots=True)
class HoldApplied(Event):
    """Maintain Hold: `player`'s held Submission `card` is applied again (his opponent may reverse it)."""

    kind: ClassVar[str] = "hold"
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class Succeeded(Event):
    kind: ClassVar[str] = "success"
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    """`player` reversed `target` with `card`, from his "hand" or revealed from his "arsenal"."""

    kind: ClassVar[str] = "reverse"
    player: str
    card: str
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Damage(Event):
    """`player` takes `amount` damage; `collateral` when self-inflicted by his own card."""

    kind: ClassVar[str] = "damage"
    player: str
    amount: int
    collateral: bool = False


@dataclass(frozen=True, slots=True)
class Overturned(Event):
    kind: ClassVar[str] = "overturn"
    player: str
    card: str
    index: int
    total: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    kind: ClassVar[str] = "discard"
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class HandDiscarded(Event):
    """`player` discards his whole hand (`cards`, in hand order)."""

    kind: ClassVar[str] = "discard-hand"
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A card changed zones by an effect or ability (zones: hand, arsenal, ringside, ring)."""

    kind: ClassVar[str] = "move"
    player: str
    card: str
    source: str
    dest: str
    position: str = ""


@dataclass(frozen=True, slots=True)
class NothingToPick(Event):
    """`player` was to pick a card of `owner`'s `zone` but none qualifies (or the zone is empty)."""

    kind: ClassVar[str] = "no-pick"
    player: str
    owner: str
    zone: str


@dataclass(frozen=True, slots=True)
class Searched(Event):
    kind: ClassVar[str] = "search"
    player: str
    title: str
    zone: str
    found: bool


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """`viewer` looks at `cards` of `owner`'s `zone` (hand, or top of arsenal)."""

    kind: ClassVar[str] = "reveal"
    viewer: str
    owner: str
    zone: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Chose(Event):
    kind: ClassVar[str] = "choose"
    player: str
    option: str


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    kind: ClassVar[str] = "shuffle"
    player: str


@dataclass(frozen=True, slots=True)
class Modified(Event):
    """A modifier now applies: `text` is its canonical English."""

    kind: ClassVar[str] = "modifier"
    player: str
    text: str


@dataclass(frozen=True, slots=True)
class Status(Event):
    kind: ClassVar[str] = "status"
    player: str
    fortitude: int
    hand: int
    arsenal: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "end"
    player: str


@dataclass(frozen=True, slots=True)
class Won(Event):
    """`how`: pin, count-out, surrender, collateral, disqualification."""

    kind: ClassVar[str] = "win"
    player: str
    how: str
