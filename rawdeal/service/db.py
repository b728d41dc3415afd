"""The service's database: one schema for SQLite (the default, WAL, in the data folder) and PostgreSQL.

The database is the record of everything: tokens (hashed), courses, assignments, submissions with
their phases and job lease, per-test results, replays and games. The schema is made and upgraded by
Alembic's versioned migrations (`rawdeal/service/migrations`), never by `create_all`.
"""

from __future__ import annotations

import fcntl
import os
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Integer, LargeBinary, String, Text, UniqueConstraint, event
from sqlalchemy.engine import Engine, create_engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker


def now() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class Token(Base):
    """Who may call the API: staff, or a student of one course. Only the token's SHA-256 is kept."""

    __tablename__ = "tokens"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[str] = mapped_column(String(16))  # staff | student
    name: Mapped[str] = mapped_column(String(200))
    course_id: Mapped[str | None] = mapped_column(ForeignKey("courses.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Course(Base):
    __tablename__ = "courses"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    owner_id: Mapped[str] = mapped_column(String(32), index=True)  # the staff token that made it
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Assignment(Base):
    """A test bank (a zip stored by content hash), the command that runs a program and its limits."""

    __tablename__ = "assignments"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    course_id: Mapped[str] = mapped_column(ForeignKey("courses.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    command: Mapped[str] = mapped_column(Text)
    timeout: Mapped[float] = mapped_column(Float)
    bank: Mapped[str] = mapped_column(String(64))  # content hash of the bank's zip
    tests: Mapped[list[Any]] = mapped_column(JSON)  # [{"name", "visibility", "points"}], bank order
    due_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Submission(Base):
    """One student's program for one assignment, and its grading job (`state`, `lease_until`, `claim`)."""

    __tablename__ = "submissions"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    assignment_id: Mapped[str] = mapped_column(ForeignKey("assignments.id"), index=True)
    student_id: Mapped[str] = mapped_column(ForeignKey("tokens.id"), index=True)
    program: Mapped[str] = mapped_column(String(64))  # content hash of the zip
    callback_url: Mapped[str | None] = mapped_column(Text)
    state: Mapped[str] = mapped_column(String(16), index=True)  # queued | running | graded | error
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    queued_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    running_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    graded_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    error_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    error: Mapped[str | None] = mapped_column(Text)
    score: Mapped[float | None] = mapped_column(Float)
    max_score: Mapped[float | None] = mapped_column(Float)
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    claim: Mapped[str | None] = mapped_column(String(32))
    runs: Mapped[int] = mapped_column(Integer, default=0)  # times a worker took the job
    callback_status: Mapped[str | None] = mapped_column(Text)


class Result(Base):
    """One test of one submission; unique per (submission, test), so a grade is written once."""

    __tablename__ = "results"
    __table_args__ = (UniqueConstraint("submission_id", "name"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    submission_id: Mapped[str] = mapped_column(ForeignKey("submissions.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(16))
    score: Mapped[float] = mapped_column(Float)
    points: Mapped[float] = mapped_column(Float)
    seconds: Mapped[float] = mapped_column(Float)
    reason: Mapped[str] = mapped_column(Text)
    detail: Mapped[str] = mapped_column(Text)
    divergence: Mapped[dict[str, Any] | None] = mapped_column(JSON)


class Replay(Base):
    __tablename__ = "replays"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # a digest of the input
    format: Mapped[str] = mapped_column(String(8))
    save_in: Mapped[bytes] = mapped_column(LargeBinary)
    moves: Mapped[str] = mapped_column(Text)
    transcript: Mapped[str] = mapped_column(Text)
    save_out: Mapped[bytes] = mapped_column(LargeBinary)


class GameRow(Base):
    """A game over HTTP: its current save, the moves so far; `decision` counts them."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    save: Mapped[bytes] = mapped_column(LargeBinary)
    moves: Mapped[list[Any]] = mapped_column(JSON)
    decision: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


def sqlite_url(folder: str) -> str:
    return f"sqlite:///{folder}/rawdeal.db"


def make_engine(url: str, writer: bool = False) -> Engine:
    """An engine for `url`; SQLite gets WAL (readers never wait for the writer), a busy timeout and
    foreign keys; PostgreSQL URLs use psycopg 3. A `writer` engine's SQLite transactions start with
    BEGIN IMMEDIATE: they take the write lock first, waiting for it (a deferred transaction that
    read first could only fail when another process wrote meanwhile)."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)
    # A writer waits for the lock in `_begin` (SQLite's own busy handler may sleep a whole second a try).
    engine = create_engine(url, connect_args={"timeout": 0 if writer else 30, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _pragmas(conn: Any, _record: Any) -> None:
        conn.isolation_level = None  # pysqlite begins no transaction of its own: the "begin" event does
        cur = conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a crash of the process
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        if writer:
            fcntl.flock(conn.connection.info["lock"], fcntl.LOCK_EX)
            _begin_immediate(conn)
        else:
            conn.exec_driver_sql("BEGIN")

    if writer:
        _writer_lock(engine, url.removeprefix("sqlite:///") + ".writer-lock")
    return engine


def _writer_lock(engine: Engine, path: str) -> None:
    """Writers of every process queue on a lock file (fcntl), taken at BEGIN and let go when the
    connection goes back to the pool: the kernel wakes the next writer at once, where SQLite's busy
    handling only polls."""

    @event.listens_for(engine, "connect")
    def _open(_conn: Any, record: Any) -> None:
        record.info["lock"] = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)

    @event.listens_for(engine, "checkin")
    def _release(_conn: Any, record: Any) -> None:
        if "lock" in record.info:
            fcntl.flock(record.info["lock"], fcntl.LOCK_UN)

    @event.listens_for(engine, "close")
    def _close(_conn: Any, record: Any) -> None:
        if "lock" in record.info:
            os.close(record.info.pop("lock"))


def _begin_immediate(conn: Any, patience: float = 30.0) -> None:
    """BEGIN IMMEDIATE, retried every few milliseconds while another process holds the write lock
    (transactions here last milliseconds; the busy handler SQLite is often built with sleeps for a
    whole second whenever two writers meet)."""
    import sqlite3
    import time

    end, pause = time.monotonic() + patience, 0.001
    while True:
        try:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
            return
        except OperationalError as exc:
            if not isinstance(exc.orig, sqlite3.OperationalError) or "locked" not in str(exc.orig) or time.monotonic() > end:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.02)


def sessions(engine: Engine) -> sessionmaker[Any]:
    return sessionmaker(engine, expire_on_commit=False)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (Alembic, run in-process; safe to repeat)."""
    from importlib.resources import files

    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(files("rawdeal.service") / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
