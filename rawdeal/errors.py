"""The one exception hierarchy of rawdeal.

Library code raises these and never prints or exits; the CLI turns them into a message and an
exit code in one place (`rawdeal.cli`). Every message names the input it is about.
"""

from __future__ import annotations


class RawdealError(Exception):
    """Base class: the input given to rawdeal is wrong (exit code 1)."""

    exit_code = 1


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
    """A saved game fails the schema or holds impossible contents; names the JSON path."""


class MoveSyntaxError(RawdealError):
    """A move-file line does not parse; names file, line and column."""


class IllegalMoveError(RawdealError):
    """A move is not legal at that point; the message lists the legal moves."""


class ScenarioError(RawdealError):
    """A scenario directory is incomplete or malformed."""


class ImportTestError(RawdealError):
    """A course transcript line cannot be interpreted; names the file and line."""


def not_utf8(path: object, data: bytes, exc: UnicodeDecodeError, first_line: int = 1) -> str:
    """The message for a file that is not UTF-8: `path:LINE:COLUMN` of the first bad byte (`data`
    starts at line `first_line` of the file)."""
    line = data.count(b"\n", 0, exc.start) + first_line
    column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
    return (f"{path}:{line}:{column}: not UTF-8 text (byte 0x{data[exc.start]:02x}); save the file as UTF-8")
