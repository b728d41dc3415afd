"""A pending decision: whose it is, what kind, the cards it is about and the legal moves."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from rawdeal.engine import moves as mv
from rawdeal.engine.record import Record
from rawdeal.engine.words import DecisionKind


@dataclass(slots=True)
class Decision(Record):
    """Whose decision it is, what kind, the cards it is about and the legal moves.

    The prompt (`describe`) and the titles of the cards (`listed`) are values, or what makes them:
    players that read only the moves (random games, searches) never pay for prompts that render
    effects in English or for lists of titles. What makes them reads only values fixed when the
    decision was made, so they are the same whenever they are asked."""

    player: int
    kind: DecisionKind
    describe: str | Callable[[], str] = field(compare=False)
    moves: tuple[mv.Move, ...]
    listed: tuple[str, ...] | Callable[[], tuple[str, ...]] = field(default=(), compare=False)

    def __init__(self, player: int, kind: DecisionKind, describe: str | Callable[[], str], moves: tuple[mv.Move, ...],
                 listed: tuple[str, ...] | Callable[[], tuple[str, ...]] = ()) -> None:  # native: events.py
        self.player = player
        self.kind = kind
        self.describe = describe
        self.moves = moves
        self.listed = listed

    def __eq__(self, other: object) -> bool:
        """Equal as values: the prompts and titles they make, not what makes them, are compared."""
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.player, self.kind, self.moves, self.prompt, self.cards) == (
            other.player, other.kind, other.moves, other.prompt, other.cards)

    def __hash__(self) -> int:
        # written out: a class that writes its `__eq__` gets no hash from mypyc
        return hash((self.player, self.kind, self.moves))

    @property
    def prompt(self) -> str:
        return self.describe if isinstance(self.describe, str) else self.describe()

    @property
    def cards(self) -> tuple[str, ...]:
        return self.listed if isinstance(self.listed, tuple) else self.listed()


class SeatPrompts(NamedTuple):
    """The prompts of the frequent decisions, which say only whose decision it is (made once a game)."""

    main: str
    reverse: str

    @classmethod
    def of(cls, name: str) -> SeatPrompts:
        return cls(f"{name}: play a card, use the ability or end the turn", f"{name} may reverse the card")


def titles_of(titles: tuple[str, ...], cards: tuple[int, ...]) -> tuple[str, ...]:
    """The titles of card ids (`titles`: the catalog's, by id)."""
    return tuple(map(titles.__getitem__, cards))
