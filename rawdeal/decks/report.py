"""Checking deck files as a user names them: files or folders, one `DeckReport` a file."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from rawdeal.cards import CardDB
from rawdeal.decks.model import Violation
from rawdeal.decks.reader import read_deck
from rawdeal.decks.rules import check_deck
from rawdeal.errors import UsageError


@dataclass(frozen=True, slots=True)
class DeckReport:
    """The verdict on one deck file; `superstar` is None when the Superstar line is unreadable."""

    path: str
    superstar: str | None
    cards: int
    errors: tuple[Violation, ...]

    @property
    def valid(self) -> bool:
        return not self.errors

    def lines(self) -> list[str]:
        """The human report: one `ok` line, or one `path:LINE: RULE: message` line a violation."""
        if self.valid:
            return [f"{self.path}: ok — {self.superstar}, {self.cards} cards"]
        return [f"{self.path}:{v.line}: {v.rule}: {v.message}" for v in self.errors]

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "valid": self.valid,
            "superstar": self.superstar,
            "cards": self.cards,
            "errors": [{"line": v.line, "rule": str(v.rule), "message": v.message} for v in self.errors],
        }


def check_file(path: str, db: CardDB) -> DeckReport:
    deck = read_deck(path)
    return DeckReport(path, deck.superstar or None, len(deck.cards), check_deck(deck, db))


def check_paths(paths: Iterable[str], db: CardDB) -> Iterator[DeckReport]:
    """Reports in the order the paths are given (folders expanded first, so a missing path
    fails before any report); a file that cannot be read raises when its turn comes."""
    for path in deck_paths(paths):
        yield check_file(path, db)


def deck_paths(paths: Iterable[str]) -> list[str]:
    """Files as given; a folder becomes its `*.txt` files sorted by name, joined with '/'."""
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            found.extend(_folder_decks(path))
        elif os.path.exists(path):
            found.append(path)
        else:
            raise UsageError(f"{path}: no such file or folder")
    return found


def _folder_decks(folder: str) -> list[str]:
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".txt"))
    except OSError as exc:
        raise UsageError(f"{folder}: cannot list folder ({exc.strerror or exc})") from None
    prefix = folder if folder.endswith("/") else f"{folder}/"
    decks = [f"{prefix}{name}" for name in names if os.path.isfile(f"{prefix}{name}")]
    if not decks:
        raise UsageError(f"{folder}: no deck files (*.txt) in this folder")
    return decks
