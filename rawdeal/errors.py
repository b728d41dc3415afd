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


class InputEndedError(RawdealError):
    """An interactive session needed an answer and its input had none left; names the prompt."""


class InputError(RawdealError):
    """A file of answers or moves cannot be read as text; names the file."""
