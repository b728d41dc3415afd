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

from rawdeal.errors import RawdealError, UsageError

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


@app.callback()
def _root() -> None:
    """Keep `rawdeal COMMAND` form even while the app has a single command."""


@app.command()
def check(
    paths: list[str] = typer.Argument(..., metavar="PATH...", help="Deck files, or folders of *.txt decks."),
    output: str = typer.Option("text", "--format", help="text: one line a deck or violation; json."),
) -> None:
    """Check decks against the deck-building rules. Exit 0 all valid, 1 any invalid, 2 bad path."""
    with _errors():
        from rawdeal.cards import load_db
        from rawdeal.decks import check_paths

        if output not in ("text", "json"):
            raise UsageError(f"--format must be 'text' or 'json', not {output!r}")
        reports = []
        for report in check_paths(paths, load_db()):
            reports.append(report)
            if output == "text":
                print("\n".join(report.lines()), flush=True)
        if output == "json":
            import json

            print(json.dumps({"decks": [r.to_dict() for r in reports]}, indent=2, ensure_ascii=False))
        if not all(r.valid for r in reports):
            raise typer.Exit(1)


def main() -> None:
    app()
