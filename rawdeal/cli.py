"""The `rawdeal` command line: thin commands over pure library functions.

Heavy modules (lark, jsonschema, the engine) are imported inside the commands that need them, so
`import rawdeal.cli` and `rawdeal --help` stay fast. Library errors become a message on stderr and an
exit code in one place: `_errors`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import typer

from rawdeal.errors import RawdealError

app = typer.Typer(
    name="rawdeal",
    help="Rules engine, batch tool and grading service for the Raw Deal card game.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@contextmanager
def _errors() -> Iterator[None]:
    """Turn a RawdealError into `rawdeal: <message>` on stderr and its exit code (1 input, 2 usage)."""
    try:
        yield
    except RawdealError as exc:
        print(f"rawdeal: {exc}", file=sys.stderr)
        raise typer.Exit(exc.exit_code) from None


def main() -> None:
    app()
