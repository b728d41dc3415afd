"""The one exception hierarchy of rawdeal.

Library code raises these and never prints or exits; the CLI turns them into a message and an
exit code in one place (`rawdeal.cli`). Every message names the input it is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class RawdealError(Exception):
    """Base class: the input given to rawdeal is wrong (exit code 1)."""

    exit_code = 1

    @property
    def brief(self) -> str:
        """The error in one line, for reports that list many (the whole message by default)."""
        return str(self)


class UsageError(RawdealError):
    """The command was called wrongly: missing path, unreadable file, bad option (exit code 2)."""

    exit_code = 2


class CardDataError(RawdealError):
    """The card database is inconsistent; the message names the card."""


class EffectSyntaxError(RawdealError):
    """A card's effect text does not parse: names the card, the column and what was expected."""


class DeckError(RawdealError):
    """A deck file cannot be read as a deck (format, not deck-building rules)."""


class SaveError(RawdealError):
    """A saved game fails the schema or holds impossible contents. Fields: the `source` file, the
    JSON `path` of the value ("" for the whole file) and the `reason`; the message is made from them."""

    def __init__(self, source: str, path: str, reason: str) -> None:
        self.source, self.path, self.reason = source, path, reason
        super().__init__(f"{source}: {f'{path}: ' if path else ''}{reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.source, self.path, self.reason)


@dataclass(frozen=True)
class Where:
    """A position in an input file (columns count from 1)."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class MoveSyntaxError(RawdealError):
    """A move does not parse. Fields: the `text` read, the `column` in it, the `expected` words, and
    `where` in a move file once the file is known; the message is made from them."""

    def __init__(self, text: str, column: int, expected: tuple[str, ...], where: Where | None = None) -> None:
        self.text, self.column, self.expected, self.where = text, column, expected, where
        words = ", ".join(expected) or "end of line"
        super().__init__(f"{where or f'column {column}'}: cannot read move {text!r}; expected {words}")

    def at(self, file: str, line: int, indent: int) -> MoveSyntaxError:
        """The same error, placed in a move file (the move started after `indent` characters)."""
        return MoveSyntaxError(self.text, self.column, self.expected, Where(file, line, indent + self.column))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.text, self.column, self.expected, self.where)


class IllegalMoveError(RawdealError):
    """A move is not legal at that point. Fields: the `reason`, the `legal` moves (may be empty) and
    `where` in a move file once the file is known; the message is made from them."""

    def __init__(self, reason: str, legal: tuple[str, ...] = (), where: Where | None = None, hint: str = "") -> None:
        self.reason, self.legal, self.where, self.hint = reason, legal, where, hint
        listed = "".join(f"\n  {m}" for m in legal)
        super().__init__(f"{f'{where}: ' if where else ''}{reason}{'. Legal moves:' if legal else ''}{listed}"
                         + (f"\n{hint}" if hint else ""))

    @property
    def brief(self) -> str:
        """Where and why, without the list of legal moves."""
        return f"{f'{self.where}: ' if self.where else ''}{self.reason}"

    def at(self, where: Where, hint: str = "") -> IllegalMoveError:
        """The same error placed in a move file, with a hint ("Did you mean ...") if there is one."""
        return IllegalMoveError(self.reason, self.legal, where, hint or self.hint)

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.reason, self.legal, self.where, self.hint)


class ScenarioError(RawdealError):
    """A scenario directory is incomplete or malformed."""


class ImportTestError(RawdealError):
    """A course transcript line cannot be interpreted; names the file and line."""


class InputEndedError(RawdealError):
    """An interactive session needed an answer and its input had none left; names the prompt."""


class InputError(RawdealError):
    """A file of answers or moves cannot be read as text; names the file."""


def not_utf8(path: object, data: bytes, exc: UnicodeDecodeError, first_line: int = 1) -> str:
    """The message for a file that is not UTF-8: `path:LINE:COLUMN` of the first bad byte (`data`
    starts at line `first_line` of the file)."""
    line = data.count(b"\n", 0, exc.start) + first_line
    column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
    return (f"{path}:{line}:{column}: not UTF-8 text (byte 0x{data[exc.start]:02x}); save the file as UTF-8")
