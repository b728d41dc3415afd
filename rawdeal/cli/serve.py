"""`rawdeal serve`: the replay and grading service (docs/service.md); `rawdeal serve token`: a staff token.

Needs the serve extra (`pip install 'rawdeal[serve]'`); the web stack is imported only when the
service starts, never by the other commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rawdeal.cli.common import errors
from rawdeal.errors import UsageError

group = typer.Typer(help="The replay and grading service over HTTP (needs the serve extra; docs/service.md).",
                    add_completion=False, pretty_exceptions_enable=False, invoke_without_command=True)

_DATA = typer.Option("--data", metavar="DIR", help="The data folder: the SQLite database (unless --db) and uploads.")
_DB = typer.Option("--db", metavar="URL", help="A database URL, e.g. postgresql://user@host/db (default: SQLite in DIR).")


def _settings(data: Path, db: str | None, **more: object):  # type: ignore[no-untyped-def]
    try:
        from rawdeal.service.settings import Settings
        import fastapi  # noqa: F401 - only to say at once that the extra is missing
    except ImportError as exc:
        raise UsageError(f"rawdeal serve needs the serve extra: pip install 'rawdeal[serve]' ({exc.name} is missing)") from None
    if db is not None and not db.startswith(("postgresql://", "postgresql+psycopg://", "sqlite:///")):
        raise UsageError(f"--db {db!r}: give a postgresql://... or sqlite:///... URL")
    return Settings(data, db, **more)  # type: ignore[arg-type]


@group.callback()
def serve(
    ctx: typer.Context,
    data: Annotated[Path, _DATA] = Path("rawdeal-data"),
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    workers: Annotated[int, typer.Option(min=0, max=64, metavar="N", help="Grading worker processes beside the server.")] = 2,
    http_workers: Annotated[int, typer.Option(min=1, max=64, metavar="N", help="Processes serving HTTP (replays are CPU work).")] = 1,
    db: Annotated[str | None, _DB] = None,
    cors: Annotated[list[str] | None, typer.Option(metavar="ORIGIN", help="Let browsers on this origin call the API (repeatable; default none).")] = None,
    rate: Annotated[int, typer.Option(min=1, metavar="N", help="Submissions a token may make per minute.")] = 30,
    lease: Annotated[float, typer.Option(min=0.5, metavar="SECONDS", help="A dead worker's job is taken again after this long.")] = 30.0,
    callbacks: Annotated[bool, typer.Option("--callbacks", help="POST each outcome to the callback URL a submission gives.")] = False,
    sandbox: Annotated[str, typer.Option(help="auto: grade only in the real sandbox (bubblewrap); none: trusted local use.")] = "auto",
    worker_nice: Annotated[int, typer.Option(min=0, max=19, metavar="N", help="Nice the grading workers (HTTP answers first).")] = 0,
    cluster: Annotated[str | None, typer.Option(metavar="ADDRESS", help="Also grade on this Dask scheduler (tcp://host:8786); --workers 0: only there.")] = None,
) -> None:
    """Serve replays, games and a course's grading over HTTP (OpenAPI at /openapi.json, docs at /docs).

    Example: rawdeal serve --data course-data --port 8000 --workers 2"""
    if ctx.invoked_subcommand is not None:
        return
    with errors():
        from rawdeal.cli.common import one_of
        from rawdeal.service.server import serve as run

        one_of("--sandbox", sandbox, "auto", "none")
        settings = _settings(data, db, workers=workers, http_workers=http_workers, lease=lease, submissions_per_minute=rate,
                             cors_origins=tuple(cors or ()), sandbox=sandbox, callbacks=callbacks, cluster=cluster, worker_nice=worker_nice)
        run(settings, host, port)


@group.command("token")
def token(
    staff: Annotated[str, typer.Option(metavar="NAME", help="The staff member the token is for.")],
    data: Annotated[Path, _DATA] = Path("rawdeal-data"),
    db: Annotated[str | None, _DB] = None,
) -> None:
    """Make a staff token offline (no server running) and print it; only its hash is stored.

    Example: rawdeal serve token --data course-data --staff ada"""
    with errors():
        from rawdeal.service.server import staff_token

        print(staff_token(_settings(data, db), staff))
