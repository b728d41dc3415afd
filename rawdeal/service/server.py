"""Starting the service: the schema made current, grading workers beside it, uvicorn in front.

One process serves HTTP (uvicorn, asyncio; the handlers that replay or read the database run in its
thread pool), or `http_workers` processes (uvicorn's own supervisor), and `workers` processes grade. The workers die with the server however it ends; on the
next start, submissions that were queued or running are graded (see `jobs`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

from rawdeal.service.settings import Settings

ENV = "RAWDEAL_SERVE_SETTINGS"  # how the HTTP processes of `--http-workers N` get the settings


def serve(settings: Settings, host: str, port: int) -> None:
    import uvicorn

    from rawdeal.service.app import create_app
    from rawdeal.service.worker import argv_for

    app = create_app(settings)  # migrates before any worker looks at the database
    problem = app.state.ctx.sandbox_problem
    if problem:
        print(f"rawdeal serve: submissions are refused: {problem}", file=sys.stderr)
    dispatching = _dispatch(settings)
    # Each worker in a session of its own: with Linux's autogroup (on by default) a session is a
    # scheduling group, so a busy grader does not eat into the HTTP process's share of the CPU. The
    # workers still die with the server (worker._die_with_parent) and are stopped by it, Ctrl-C
    # included (a terminal's signal reaches only the server's session).
    workers = [subprocess.Popen(argv_for(settings), start_new_session=True) for _ in range(settings.workers)]
    where = "SQLite in " + str(settings.data) if settings.db is None else _without_password(settings.db)
    cluster = f" and the Dask cluster at {settings.cluster}" if settings.cluster else ""
    print(f"rawdeal serve: http://{host}:{port} ({settings.workers} grading workers{cluster}; {where})", file=sys.stderr,
          flush=True)
    try:
        if settings.http_workers <= 1:
            uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)
        else:
            os.environ[ENV] = settings.to_json()
            uvicorn.run("rawdeal.service.server:from_environment", factory=True, workers=settings.http_workers,
                        host=host, port=port, log_level="warning", access_log=False)
    finally:
        dispatching()
        for w in workers:
            w.terminate()
        for w in workers:
            try:
                w.wait(timeout=10)
            except subprocess.TimeoutExpired:
                w.kill()


def _dispatch(settings: Settings) -> Callable[[], None]:
    """With --cluster, a thread sending jobs to the Dask cluster; returns what stops it."""
    if not settings.cluster:
        return lambda: None
    from rawdeal.service.dispatch import Dispatcher, connect

    client = connect(settings.cluster)
    stop = threading.Event()
    thread = threading.Thread(target=Dispatcher(settings, client).run, args=(stop,), daemon=True)
    thread.start()

    def end() -> None:
        stop.set()
        thread.join()
        client.close()

    return end


def from_environment() -> Any:
    """The app of one HTTP process of `--http-workers N` (the server migrated the schema already)."""
    from rawdeal.service.app import create_app

    return create_app(Settings.from_json(os.environ[ENV]), migrated=False)


def _without_password(url: str) -> str:
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, user = head.partition("://")
    return f"{scheme}://{user.split(':')[0]}@{tail}"


def staff_token(settings: Settings, name: str) -> str:
    """A new staff token, made straight in the database (no server needed)."""
    from rawdeal.service.auth import issue
    from rawdeal.service.db import make_engine, migrate, sessions

    settings.data.mkdir(parents=True, exist_ok=True)
    engine = make_engine(settings.url, writer=True)
    migrate(engine)
    with sessions(engine).begin() as s:
        return issue(s, "staff", name)[1]
