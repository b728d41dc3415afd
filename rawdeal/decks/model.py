"""Frozen values for deck files: what a deck says (`Deck`) and what is wrong with it (`Violation`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class Rule(StrEnum):
    """Stable ids of the deck rules: users and scripts match on them, so never rename one."""

    FORMAT = "format"
    UNKNOWN_SUPERSTAR = "unknown-superstar"
    UNKNOWN_CARD = "unknown-card"
    DECK_SIZE = "deck-size"
    COPIES = "copies"
    UNIQUE = "unique"
    HEEL_FACE = "heel-face"
    SUPERSTAR_LOGO = "superstar-logo"
    PACKED_BY = "packed-by"  # Classic: "Can only be packed by X"
    PACKED_WITH = "packed-with"  # Classic: "You cannot pack this card when you are packing the card titled X"
    REVEALED = "revealed"  # Classic: an Enforcer card only where the Superstar card says it can reveal it


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: the file line to look at and a message that says what to do."""

    line: int
    rule: Rule
    message: str


@dataclass(frozen=True, slots=True)
class DeckLine:
    """One card of the deck as written, with the file line it comes from (1-based)."""

    title: str
    line: int


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck file as read, before any rule is checked.

    `cards` keeps file order (the last card is the top of an unshuffled Arsenal); a `<count> <Title>`
    line gives `count` entries with the same line number. `superstar` is "" when the Superstar line
    cannot be read; `problems` holds such `format` violations so that reading never fails on content.
    """

    path: str
    superstar: str
    cards: tuple[DeckLine, ...]
    superstar_line: int = 1
    problems: tuple[Violation, ...] = ()

    @property
    def titles(self) -> tuple[str, ...]:
        return tuple(c.title for c in self.cards)

    @classmethod
    def of(cls, superstar: str, titles: Iterable[str], path: str = "deck.txt") -> Deck:
        """A deck made in memory, its cards numbered as a file would hold them (after the Superstar)."""
        return cls(path, superstar, tuple(DeckLine(t, n) for n, t in enumerate(titles, start=2)))
