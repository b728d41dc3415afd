"""Checking deck files as a user names them: files or folders, one `DeckReport` a file."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from rawdeal.cards import CardDB
from rawdeal.decks.model import Violation
from rawdeal.decks.reader import read_deck
from rawdeal.inputs import utf8
from rawdeal.decks.rules import check_deck
from rawdeal.errors import RawdealError, UsageError


@dataclass(frozen=True, slots=True)
class DeckReport:
    """The verdict on one deck file; `superstar` is None when the Superstar line is unreadable."""

    path: str
    superstar: str | None
    cards: int
    errors: tuple[Violation, ...]
    unreadable: str = ""  # the error that kept the file from being read as a deck (it names the file)
    exit_code: int = 1  # an unreadable deck's exit code: 2 for a path that cannot be read, 1 for its content

    @property
    def valid(self) -> bool:
        return not self.errors and not self.unreadable

    @classmethod
    def failed(cls, path: str, error: RawdealError) -> DeckReport:
        """The report of a path that could not be read as a deck: the error, said once."""
        return cls(path, None, 0, (), str(error), error.exit_code)

    def lines(self) -> list[str]:
        """The human report: one `ok` line, or one `path:LINE: RULE: message` line a violation (none
        for an unreadable file: its error goes to standard error)."""
        if self.unreadable:
            return []
        if self.valid:
            return [f"{self.path}: ok — {self.superstar}, {self.cards} cards"]
        return [f"{self.path}:{v.line}: {v.rule}: {v.message}" for v in self.errors]

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": utf8(self.path),
            "valid": self.valid,
            "superstar": self.superstar,
            "cards": self.cards,
            "errors": [{"line": v.line, "rule": str(v.rule), "message": v.message} for v in self.errors],
            **({"unreadable": self.unreadable} if self.unreadable else {}),
        }


def check_file(path: str, db: CardDB) -> DeckReport:
    deck = read_deck(path)
    return DeckReport(path, deck.superstar or None, len(deck.cards), check_deck(deck, db))


def check_paths(paths: Iterable[str], db: CardDB) -> Iterator[DeckReport]:
    """Reports in the order the paths are given, one a deck file: a path that is missing or cannot
    be read as a deck gets a report saying why, and the others are still checked."""
    return each_deck(paths, lambda path: check_file(path, db))


def each_deck(paths: Iterable[str], check: Callable[[str], DeckReport]) -> Iterator[DeckReport]:
    """`check` applied to every deck file the paths name; what cannot be read is a failed report."""
    for given in paths:
        try:
            files = deck_paths([given])
        except RawdealError as exc:
            yield DeckReport.failed(given, exc)
            continue
        for path in files:
            try:
                yield check(path)
            except RawdealError as exc:
                yield DeckReport.failed(path, exc)


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
