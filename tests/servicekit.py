"""What the service's tests share: a bank made by `course export`, program zips, a PostgreSQL schema
of its own per test run, and an app with a grading worker running in a thread."""

from __future__ import annotations

import io
import os
import secrets
import sys
import threading
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the service's tests need the serve extra: pip install -e '.[test]'")

from fastapi.testclient import TestClient  # noqa: E402

from rawdeal.course.export import export_bank  # noqa: E402
from rawdeal.service.app import create_app  # noqa: E402
from rawdeal.service.settings import Settings  # noqa: E402

POSTGRES = os.environ.get("RAWDEAL_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
CATEGORY = "12-Random"


def zip_of(files: dict[str, str | bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in files.items():
            z.writestr(name, body)
    return buf.getvalue()


def bank_zip(root: Path, games: int = 3, seed: int = 13) -> bytes:
    """A bank exported by `rawdeal course export`, zipped in the course layout (data/...)."""
    export_bank(root, CATEGORY, games, seed)
    return zip_of({p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()})


# The command names its interpreter, so the kernel sandbox lets the run read it (and rawdeal, installed there).
COMMAND = f'"{sys.executable}" {{student}}/main.py {{decks}}'
PLAY = "import runpy, sys\nsys.argv = ['rawdeal', 'course', 'play', sys.argv[1]]\nrunpy.run_module('rawdeal', run_name='__main__')\n"


def play_program() -> bytes:
    """rawdeal's own `course play`: the reference program, which passes every test."""
    return zip_of({"main.py": PLAY})


def off_by_a_line() -> bytes:
    """`course play` with its third line changed: a program that fails every test at line 3."""
    return zip_of({"main.py": (
        "import subprocess, sys\n"
        "out = subprocess.run([sys.executable, '-m', 'rawdeal', 'course', 'play', sys.argv[1]], stdin=sys.stdin,\n"
        "                     capture_output=True, text=True).stdout.split('\\n')\n"
        "out[2] += ' (mine)'\n"
        "sys.stdout.write('\\n'.join(out))\n")})


def hanging() -> bytes:
    return zip_of({"main.py": "import time\ntime.sleep(60)\n"})


@contextmanager
def postgres_url() -> Iterator[str]:
    """A fresh schema in the test PostgreSQL, dropped afterwards; skip when the server is not there."""
    sqlalchemy = pytest.importorskip("sqlalchemy")
    engine = sqlalchemy.create_engine(POSTGRES.replace("postgresql://", "postgresql+psycopg://"))
    schema = "rawdeal_test_" + secrets.token_hex(4)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    except sqlalchemy.exc.OperationalError as exc:
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES} ({type(exc).__name__}); start it or set RAWDEAL_TEST_POSTGRES")
    try:
        yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest) -> Iterator[str | None]:
    """Each service test twice: on the embedded SQLite (None) and on the real PostgreSQL (its URL)."""
    if request.param == "sqlite":
        yield None
    else:
        with postgres_url() as url:
            yield url


@contextmanager
def service(data: Path, db: str | None = None, worker: bool = True, **more: object) -> Iterator[TestClient]:
    """The real app on `data` (and `db`), with one grading worker in a thread while it is open."""
    from rawdeal.service.worker import work

    settings = Settings(data, db, poll=0.05, **more)  # type: ignore[arg-type]
    stop = threading.Event()
    thread = threading.Thread(target=work, args=(settings, stop), daemon=True)
    with TestClient(create_app(settings)) as client:
        if worker:
            thread.start()
        try:
            yield client
        finally:
            stop.set()
            if worker:
                thread.join()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def graded(client: TestClient, sid: str, token: str, limit: float = 60) -> dict[str, Any]:
    """The submission once graded (or refused as not gradable), asked for every 50 ms."""
    import time

    end = time.monotonic() + limit
    while time.monotonic() < end:
        sub: dict[str, Any] = client.get(f"/v1/submissions/{sid}", headers=bearer(token)).json()
        if sub["state"] in ("graded", "error"):
            return sub
        time.sleep(0.05)
    raise AssertionError(f"{sid} not graded in {limit} s")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def call(base: str, method: str, path: str, token: str | None = None, json_body: object = None,
         files: dict[str, tuple[str, bytes]] | None = None, fields: dict[str, str] | None = None) -> tuple[int, object]:
    """One HTTP request with the standard library (as `rawdeal submit` makes them): status and JSON."""
    import json
    import urllib.error
    import urllib.request

    from rawdeal.service.client import multipart

    headers = {"Authorization": f"Bearer {token}"} if token else {}
    body = None
    if files is not None or fields is not None:
        body, headers["Content-Type"] = multipart(files or {}, fields)
    elif json_body is not None:
        body, headers["Content-Type"] = json.dumps(json_body).encode(), "application/json"
    request = urllib.request.Request(base + path, body, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


class Server:
    """`rawdeal serve` as a process on a free port (SIGKILL-able), waited for until /health answers."""

    def __init__(self, data: Path, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None,
                 python: str = sys.executable) -> None:
        import subprocess

        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(data.parent / f"serve-{self.port}.log", "wb")  # a file: a pipe nobody reads could fill up
        self.proc = subprocess.Popen([python, "-m", "rawdeal", "serve", "--data", str(data), "--port",
                                      str(self.port), *args], stderr=self.log, env=env, cwd=cwd)
        self._wait()

    def _wait(self) -> None:
        import time
        import urllib.request

        end = time.monotonic() + 60
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                self.log.close()
                raise AssertionError(f"rawdeal serve exited: {Path(self.log.name).read_text()}")
            try:
                with urllib.request.urlopen(self.base + "/health", timeout=2):
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("rawdeal serve did not answer /health within 60 s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=30)
        self.log.close()

    def kill(self) -> None:
        import signal

        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        self.log.close()
