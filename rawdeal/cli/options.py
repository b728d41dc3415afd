"""The command line's one vocabulary: each option's name, flags, values and default, held here once.

Every command takes its shared options from this module, so `-o/--output` is the main output file,
`--profile course|standard` the rules (with `--unshuffled` as its old spelling), `--format` what goes
to standard output and `--json FILE` a side file, in every command that has them. Every choice is an
Enum, so `--help` and shell completion list its values. docs/cli.md is the table of them all.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer

MAX_SEED = 2**64 - 1  # a save stores the generator's state as one 64-bit number
MAX_GAMES = 10**9  # more games than any machine plays in a day; past it, a typo (`--games 1e30`)
MAX_JOBS = 256  # worker processes or parallel runs
MAX_MOVES = 10**7  # a game's move cap
MAX_SECONDS = 86_400.0  # a run's timeout: a day
MAX_BYTES = 1 << 34  # an output cap: 16 GiB

# Why `standard` is the default everywhere: it is the game as printed (decks shuffled from the seed),
# and what `new`, `play` and `tournament` always did; the course's fixed order is one word away.
PROFILE_HELP = ("Rules: standard (decks shuffled from the seed; the default everywhere, the game as printed) "
                "or course (never shuffle, as the course's reference program).")


class Profile(str, Enum):
    """The rule profiles a save can hold (`rawdeal.engine.game.PROFILES`)."""

    standard = "standard"
    course = "course"


class Format(str, Enum):
    """What a listing command prints on standard output."""

    text = "text"
    json = "json"


class StreamFormat(str, Enum):
    """What `rawdeal run` prints: text lines, or one JSON object a line."""

    text = "text"
    jsonl = "jsonl"


class Pool(str, Enum):
    """The card pool: the course's 137 cards, or the whole Classic pool."""

    course = "course"
    classic = "classic"


def output(help: str, metavar: str = "FILE") -> Any:
    """`-o/--output`: the command's main output file."""
    return typer.Option("-o", "--output", metavar=metavar, help=help)


# `--out`, the older name of -o/--output in `import-tests` and `course export`: still read, not shown.
OldOutOption = Annotated[Path | None, typer.Option("--out", hidden=True)]


def required_output(output: Path | None, old: Path | None) -> Path:
    """The output given as -o/--output (or as the older --out); a usage error when neither or both."""
    from rawdeal.errors import UsageError

    given = [path for path in (output, old) if path is not None]
    if len(given) != 1:
        raise UsageError("give -o/--output once (--out is its older name)" if given
                         else "missing option -o/--output DIR: where to write")
    return given[0]


def side_file(flag: str, help: str, metavar: str = "FILE") -> Any:
    """A side output file named after its format: `--json FILE`, `--csv FILE`, `--junit FILE`, ..."""
    return typer.Option(flag, metavar=metavar, help=help)


ProfileOption = Annotated[Profile | None, typer.Option(
    "--profile", help=PROFILE_HELP, show_default="standard")]
UnshuffledOption = Annotated[bool, typer.Option(
    "--unshuffled", help="The same as --profile course (its older spelling, kept).")]
FormatOption = Annotated[Format, typer.Option("--format", help="What to print on standard output: text or json.")]


def seed(help: str) -> Any:
    """A seed: any 64-bit unsigned number (what a save can store)."""
    return typer.Option(min=0, max=MAX_SEED, metavar="SEED", help=f"{help} (0 to 2^64-1)")


def count(help: str, most: int = MAX_GAMES, least: int = 1, metavar: str = "N") -> Any:
    """A count checked at the door, so `--games 1e30` is a usage error with the range, not a hang."""
    return typer.Option(min=least, max=most, metavar=metavar, help=f"{help} ({least} to {most:,})")


def seconds(help: str) -> Any:
    """A run's time limit, from a hundredth of a second to a day."""
    return typer.Option(min=0.01, max=MAX_SECONDS, metavar="SECONDS", help=f"{help} (0.01 to 86400)")


def size(help: str, least: int = 1) -> Any:
    """A cap in bytes, up to 16 GiB."""
    return typer.Option(min=least, max=MAX_BYTES, metavar="BYTES", help=f"{help} ({least} to 2^34)")


def jobs(help: str = "Processes (or runs) at once.") -> Any:
    """How many processes or runs at once, 1 to 256."""
    return count(help, MAX_JOBS)


def rules(profile: Profile | None, unshuffled: bool) -> str:
    """The profile asked for, by --profile or by its alias --unshuffled (both given: they must agree)."""
    from rawdeal.errors import UsageError

    if unshuffled and profile not in (None, Profile.course):
        raise UsageError(f"--unshuffled means --profile course; it contradicts --profile {profile.value}")
    if unshuffled:
        return Profile.course.value
    return (profile or Profile.standard).value
