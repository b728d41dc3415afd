"""What every command shares: errors turned into a message and an exit code, option checks, output helpers.

Library errors become `rawdeal: <message>` on stderr and an exit code in one place, `errors`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import typer

from rawdeal.errors import RawdealError, UsageError

MAX_SEED = 2**64 - 1  # a save stores the generator's state as one 64-bit number


def commands_app() -> typer.Typer:
    """A Typer to hold one module's commands; the root group (`rawdeal.cli`) loads each on demand."""
    return typer.Typer(add_completion=False, pretty_exceptions_enable=False)


@contextmanager
def errors() -> Iterator[None]:
    """Turn a RawdealError into `rawdeal: <message>` on stderr and its exit code (1 input, 2 usage).

    Messages quote what the user gave; control characters in it are shown escaped, never sent to
    the terminal. An output that cannot be written (no such folder, no space left) is an error too."""
    try:
        yield
    except RawdealError as exc:
        print(f"rawdeal: {visible(str(exc))}", file=sys.stderr)
        raise typer.Exit(exc.exit_code) from None
    except OSError as exc:  # writing the output failed: the write was atomic, so nothing is half-written
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"rawdeal: {visible(where)}cannot write: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(1) from None


def one_of(option: str, value: str, *allowed: str) -> None:
    if value not in allowed:
        raise UsageError(f"{option} must be {' or '.join(map(repr, allowed))}, not {value!r}")


def visible(text: str) -> str:
    """`text` with control characters escaped (`\\x1b`), new lines and tabs kept."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in "\n\t" else repr(c)[1:-1] for c in text)


def print_json(data: object) -> None:
    """Indented JSON on stdout (orjson, like every JSON rawdeal writes)."""
    import orjson

    sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n")


class Progress:
    """A progress bar on stderr, shown only on a terminal and only once a run takes more than a moment."""

    def __init__(self, total: int, delay: float = 0.5) -> None:
        self.total, self.done = total, 0
        self.bar: Any = None  # typer's progress bar, once shown
        self.show_after = time.monotonic() + delay if sys.stderr.isatty() else float("inf")

    def __enter__(self) -> Callable[[], None]:
        return self.tick

    def tick(self) -> None:
        self.done += 1
        if self.bar is None and time.monotonic() >= self.show_after:
            self.bar = typer.progressbar(length=self.total, label="grading", file=sys.stderr)
            self.bar.__enter__()
            self.bar.update(self.done)
        elif self.bar is not None:
            self.bar.update(1)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


@contextmanager
def progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal; otherwise nothing."""
    if not sys.stderr.isatty():
        yield lambda n: None
        return
    with typer.progressbar(length=total, label="games", file=sys.stderr) as bar:
        yield bar.update
