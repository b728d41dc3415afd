"""What the engine reports: one event (a value) per visible state change, in order.

Transcripts render these one per line; the course verifier compares them with the events it read
from a course transcript. Players are named by their Superstar's name.

Events, tasks, decisions and plays are the engine's hot-path values: a random game builds about ten
a move. They are slotted dataclasses that compare and hash by value but are not `frozen` (a frozen
one sets each field through `object.__setattr__`: 1.1-1.2x slower on whole random games); nothing
assigns to their fields all the same (code makes changed copies with `dataclasses.replace`), and a
game copy shares them. Each is written `@dataclass(...)` where it is defined, so that mypyc compiles
it as a native class. mypyc runs the `__init__` that `dataclasses` writes as Python, so the records
built most often (about one a move each) write their own, which it compiles: the same fields, in the
same order, with the same defaults (a test checks that); `record.Record` pickles them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from rawdeal.engine.record import Record

# The fields of events that name a player.
PLAYER_FIELDS = ("player", "owner", "viewer")


class Kind(Record):
    """What each event class has besides its fields: its `kind`, its name in JSON Lines transcripts
    (set from `KINDS` below; kept out of the dataclass body, where mypyc would take it for a field)."""

    __slots__ = ()
    kind: ClassVar[str] = "event"


@dataclass(slots=True, unsafe_hash=True)
class Event(Kind):
    def to_dict(self) -> dict[str, Any]:
        """`{"event": kind, field: value...}`; fields hold only strings, numbers and tuples of them,
        so a shallow copy is what `dataclasses.asdict` would give, without its recursive walk."""
        return (_TO_DICT.get(type(self)) or _to_dict(type(self)))(self)


# Per event class: a function that builds its dict directly (JSON Lines transcripts turn every event
# into a dict: a dict display is about 3x faster than zipping keys with the values of an attrgetter).
_TO_DICT: dict[type, Callable[[Any], dict[str, Any]]] = {}


def _to_dict(cls: type[Event]) -> Callable[[Any], dict[str, Any]]:
    # written from the class's own field names, as `dataclasses` writes its methods
    source = f"lambda e: {{'event': {cls.kind!r}, " + "".join(f"{f.name!r}: e.{f.name}, " for f in fields(cls)) + "}"
    maker: Callable[[Any], dict[str, Any]] = eval(source)  # noqa: S307 - identifiers of rawdeal's own classes
    _TO_DICT[cls] = maker
    return maker


@dataclass(slots=True, unsafe_hash=True)
class GameStarted(Event):
    first: str
    second: str


@dataclass(slots=True, unsafe_hash=True)
class TurnStarted(Event):
    player: str
    number: int

    def __init__(self, player: str, number: int) -> None:  # native: module doc
        self.player = player
        self.number = number


@dataclass(slots=True, unsafe_hash=True)
class TurnSkipped(Event):
    player: str


@dataclass(slots=True, unsafe_hash=True)
class AbilityUsed(Event):
    player: str

    def __init__(self, player: str) -> None:  # native: module doc
        self.player = player


@dataclass(slots=True, unsafe_hash=True)
class Drew(Event):
    """`reason`: "draw segment", "effect" or "stun value". Count may be 0 for "may draw" answers."""

    player: str
    count: int
    reason: str

    def __init__(self, player: str, count: int, reason: str) -> None:  # native: module doc
        self.player = player
        self.count = count
        self.reason = reason


@dataclass(slots=True, unsafe_hash=True)
class Played(Event):
    """A card is put forward from the hand; the opponent may still reverse it."""

    player: str
    card: str
    as_type: str

    def __init__(self, player: str, card: str, as_type: str) -> None:  # native: module doc
        self.player = player
        self.card = card
        self.as_type = as_type


@dataclass(slots=True, unsafe_hash=True)
class EffectUsed(Event):
    """`player` uses the effect of his `card` lying in his Ring area or Ringside pile (Classic cards)."""

    player: str
    card: str


@dataclass(slots=True, unsafe_hash=True)
class HoldApplied(Event):
    """Maintain Hold: `player`'s held Submission `card` is applied again (his opponent may reverse it)."""

    player: str
    card: str


@dataclass(slots=True, unsafe_hash=True)
class Succeeded(Event):
    player: str
    card: str

    def __init__(self, player: str, card: str) -> None:  # native: module doc
        self.player = player
        self.card = card


@dataclass(slots=True, unsafe_hash=True)
class Reversed(Event):
    """`player` reversed `target` with `card`, from his "hand" or revealed from his "arsenal"."""

    player: str
    card: str
    source: str
    target: str


@dataclass(slots=True, unsafe_hash=True)
class Damage(Event):
    """`player` takes `amount` damage; `collateral` when self-inflicted by his own card."""

    player: str
    amount: int
    collateral: bool = False

    def __init__(self, player: str, amount: int, collateral: bool = False) -> None:  # native: module doc
        self.player = player
        self.amount = amount
        self.collateral = collateral


@dataclass(slots=True, unsafe_hash=True)
class Overturned(Event):
    player: str
    card: str
    index: int
    total: int

    def __init__(self, player: str, card: str, index: int, total: int) -> None:  # native: module doc
        self.player = player
        self.card = card
        self.index = index
        self.total = total


@dataclass(slots=True, unsafe_hash=True)
class Discarded(Event):
    player: str
    card: str

    def __init__(self, player: str, card: str) -> None:  # native: module doc
        self.player = player
        self.card = card


@dataclass(slots=True, unsafe_hash=True)
class HandDiscarded(Event):
    """`player` discards his whole hand (`cards`, in hand order)."""

    player: str
    cards: tuple[str, ...]


@dataclass(slots=True, unsafe_hash=True)
class Moved(Event):
    """A card changed zones by an effect or ability (zones: hand, arsenal, ringside, ring)."""

    player: str
    card: str
    source: str
    dest: str
    position: str = ""

    def __init__(self, player: str, card: str, source: str, dest: str,
                 position: str = "") -> None:  # native: module doc
        self.player = player
        self.card = card
        self.source = source
        self.dest = dest
        self.position = position


@dataclass(slots=True, unsafe_hash=True)
class NothingToPick(Event):
    """`player` was to pick a card of `owner`'s `zone` but none qualifies (or the zone is empty)."""

    player: str
    owner: str
    zone: str


@dataclass(slots=True, unsafe_hash=True)
class Searched(Event):
    player: str
    title: str
    zone: str
    found: bool


@dataclass(slots=True, unsafe_hash=True)
class Revealed(Event):
    """`viewer` looks at `cards` of `owner`'s `zone` (hand, or top of arsenal)."""

    viewer: str
    owner: str
    zone: str
    cards: tuple[str, ...]


@dataclass(slots=True, unsafe_hash=True)
class Chose(Event):
    player: str
    option: str


@dataclass(slots=True, unsafe_hash=True)
class Shuffled(Event):
    player: str


@dataclass(slots=True, unsafe_hash=True)
class Modified(Event):
    """A modifier now applies: `text` is its canonical English."""

    player: str
    text: str


@dataclass(slots=True, unsafe_hash=True)
class Status(Event):
    player: str
    fortitude: int
    hand: int
    arsenal: int

    def __init__(self, player: str, fortitude: int, hand: int, arsenal: int) -> None:  # native: module doc
        self.player = player
        self.fortitude = fortitude
        self.hand = hand
        self.arsenal = arsenal


@dataclass(slots=True, unsafe_hash=True)
class TurnEnded(Event):
    player: str

    def __init__(self, player: str) -> None:  # native: module doc
        self.player = player


@dataclass(slots=True, unsafe_hash=True)
class Won(Event):
    """`how`: pin, count-out, surrender, collateral, disqualification."""

    player: str
    how: str


# Each event's name in JSON Lines transcripts and the course's verifier (`Event.kind`).
KINDS: dict[type[Event], str] = {
    GameStarted: "start",
    TurnStarted: "turn",
    TurnSkipped: "skip",
    AbilityUsed: "ability",
    Drew: "draw",
    Played: "play",
    HoldApplied: "hold",
    EffectUsed: "use",
    Succeeded: "success",
    Reversed: "reverse",
    Damage: "damage",
    Overturned: "overturn",
    Discarded: "discard",
    HandDiscarded: "discard-hand",
    Moved: "move",
    NothingToPick: "no-pick",
    Searched: "search",
    Revealed: "reveal",
    Chose: "choose",
    Shuffled: "shuffle",
    Modified: "modifier",
    Status: "status",
    TurnEnded: "end",
    Won: "win",
}
for _cls, _kind in KINDS.items():
    _cls.kind = _kind
