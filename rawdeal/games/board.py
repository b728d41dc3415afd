"""What a game shows on a board, as plain values: the page of `rawdeal view` draws any game from them.

A ruleset that can be seen (`Viewable`) describes its state as a `Board`: for each side a character,
a few numbers, and zones of cards by name; between the sides the cards on the table. The page knows no
game: it draws labels, numbers and cards, and hides a private zone from the other player's view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as the page's hover box shows it: its name, a kind (the page tints by it), a line of
    facts (type, strength) and what it does."""

    name: str
    kind: str
    facts: str
    text: str


@dataclass(frozen=True, slots=True)
class Zone:
    """Cards in a place, by name, bottom to top. `private`: only its owner sees them (a hand, cards
    put face down); in the other player's view the page shows their backs. A zone whose order nobody
    may see (a draw pile) is not a zone: it is a number."""

    label: str
    cards: tuple[str, ...]
    private: bool = False


@dataclass(frozen=True, slots=True)
class Side:
    name: str  # the seat's name in transcripts
    character: str  # what the seat plays as (Fightdrome: SLEEVE + STACK)
    about: str  # the character's description, shown on hover
    values: tuple[tuple[str, int], ...]  # labelled numbers: cards in hand, to draw, Fame...
    zones: tuple[Zone, ...]


@dataclass(frozen=True, slots=True)
class Board:
    """The whole board at one moment. `stage` names the part of the game (a round, a turn) and
    `table` the cards between the sides, each with what it is there for ("to answer": Kick 60)."""

    stage: str
    current: int  # whose move it is (the banner and the outlined side)
    sides: tuple[Side, Side]
    table: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()  # the rules in force (options, variants)
    result: str = ""  # once the game is over: who won and how, as a sentence


@runtime_checkable
class Viewable(Protocol):
    """A ruleset whose games `rawdeal view` can draw."""

    def board(self, state: Any, lang: str) -> Board:
        """The board of `state`, its labels in `lang` (every card by name, private zones included:
        the page hides them in one player's view)."""
        ...

    def card_face(self, name: str, lang: str) -> CardFace:
        """A card named as `board` names it, for the hover box."""
        ...
