"""What every command shares: errors turned into a message and an exit code, output helpers, progress.

Library errors become `rawdeal: <message>` on stderr and an exit code in one place, `errors`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import typer

from rawdeal.errors import RawdealError, UsageError


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
    except BrokenPipeError:  # the reader went away: `rawdeal.cli.main` ends quietly
        raise
    except OSError as exc:  # writing the output failed: the write was atomic, so nothing is half-written
        from rawdeal.io.files import BAD_PATH

        where = f"{exc.filename}: " if exc.filename else ""
        print(f"rawdeal: {visible(where)}cannot write: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(2 if exc.errno in BAD_PATH else 1) from None  # a path that cannot take it: usage


def one_of(option: str, value: str, *allowed: str) -> None:
    """For a choice whose values are known only when the command runs (a game's languages): fixed
    choices are Enums in `rawdeal.cli.options`, so --help lists them."""
    if value not in allowed:
        raise UsageError(f"{option} must be {' or '.join(map(repr, allowed))}, not {value!r}")


def visible(text: str) -> str:
    """`text` with control characters escaped (`\\x1b`), new lines and tabs kept (`rawdeal.inputs.printable`)."""
    from rawdeal.inputs import printable

    return printable(text)


def print_json(data: object) -> None:
    """Indented JSON on stdout (orjson, like every JSON rawdeal writes)."""
    import orjson

    sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n")


@contextmanager
def progress(total: float, label: str) -> Iterator[Callable[[float], None]]:
    """A progress bar on stderr (rich) when it is a terminal, else nothing; `advance(work)` says how
    much was done. Work is weighted by each item's size (a test's length, a game's cost), so the
    time left is estimated from the work done, not from a count of unequal items."""
    if not sys.stderr.isatty() or total <= 0:
        yield _nothing
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    columns = (TextColumn(label), BarColumn(), TaskProgressColumn(), TimeElapsedColumn(), TextColumn("left"),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)

        def advance(work: float = 1.0) -> None:
            bar.advance(task, work)

        yield advance


def _nothing(work: float = 1.0) -> None:
    """No progress bar: standard error is not a terminal."""
