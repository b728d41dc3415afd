"""Grading jobs, with the database as the record: a submission is queued, running or done there.

A worker claims the oldest queued submission (or one whose lease ran out: its worker died) in one
transaction: `SELECT ... FOR UPDATE SKIP LOCKED` on PostgreSQL, so workers on several machines never
wait for each other; on SQLite the database's single writer serialises claims, and the conditional
UPDATE below makes a claim exclusive on both. While it grades, the worker renews its lease; its
results and the submission's new state are written in one transaction, and only if the claim is
still its own, so a submission is graded exactly once even when a worker is killed at any moment
(its job is taken again when the lease runs out) or two workers raced.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from sqlalchemy import and_, case, or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from rawdeal.service.db import Result, Submission, now

Sessions = sessionmaker[Session]


@dataclass(frozen=True)
class Job:
    id: str
    claim: str
    assignment_id: str
    program: str
    callback_url: str | None


def _open(at: datetime) -> Any:
    """Submissions a worker may take: queued, or running with a lease that ran out."""
    return or_(Submission.state == "queued", and_(Submission.state == "running", Submission.lease_until < at))


def _started(at: datetime) -> Any:
    """When the run starts: `at`, or the submission's arrival if that is later. A worker reads its clock
    before its UPDATE, and the UPDATE sees every row committed before it runs, so it can take a
    submission received after `at`; its phases must still read received <= running."""
    return case((Submission.received_at > at, Submission.received_at), else_=at)


def claim(sessions: Sessions, lease: float) -> Job | None:
    """Take the oldest open submission, or None when there is none: one UPDATE of the row its
    subquery picks, so on SQLite the transaction is a writer from its first statement."""
    with sessions.begin() as s:
        at, token = now(), secrets.token_hex(8)
        oldest = (select(Submission.id).where(_open(at)).order_by(Submission.received_at, Submission.id)
                  .limit(1).with_for_update(skip_locked=True).scalar_subquery())
        row = s.execute(update(Submission).where(Submission.id == oldest, _open(at)).values(
            state="running", claim=token, lease_until=at + timedelta(seconds=lease), running_at=_started(at),
            runs=Submission.runs + 1).returning(Submission.id, Submission.assignment_id, Submission.program,
                                                Submission.callback_url)).first()
        return None if row is None else Job(row[0], token, row[1], row[2], row[3])


def claim_one(sessions: Sessions, submission: str, lease: float) -> Job | None:
    """Take this submission if it is open (queued, or its lease ran out), or None: a job that a
    transport (the Dask cluster) delivered a second time, or that a local worker took, is not graded
    again. The same conditional UPDATE as `claim`, so the database decides, whatever delivered it."""
    with sessions.begin() as s:
        at, token = now(), secrets.token_hex(8)
        row = s.execute(update(Submission).where(Submission.id == submission, _open(at)).values(
            state="running", claim=token, lease_until=at + timedelta(seconds=lease), running_at=_started(at),
            runs=Submission.runs + 1).returning(Submission.assignment_id, Submission.program,
                                                Submission.callback_url)).first()
        return None if row is None else Job(submission, token, row[0], row[1], row[2])


def open_ids(sessions: Sessions, limit: int) -> list[str]:
    """The oldest open submissions (queued, or with a lapsed lease), for a dispatcher to hand out."""
    with sessions() as s:
        return list(s.scalars(select(Submission.id).where(_open(now())).order_by(Submission.received_at, Submission.id)
                              .limit(limit)))


def renew(sessions: Sessions, job: Job, lease: float) -> bool:
    """Extend the lease; False when the job is no longer this worker's."""
    with sessions.begin() as s:
        done = s.execute(update(Submission).where(Submission.id == job.id, Submission.claim == job.claim,
                                                  Submission.state == "running")
                         .values(lease_until=now() + timedelta(seconds=lease))).rowcount  # type: ignore[attr-defined]
    return bool(done == 1)


def finish(sessions: Sessions, job: Job, results: list[Result], score: float, max_score: float) -> bool:
    """Write a submission's results and mark it graded, in one transaction; False if the claim was lost."""
    with sessions.begin() as s:
        done = s.execute(update(Submission).where(Submission.id == job.id, Submission.claim == job.claim,
                                                  Submission.state == "running").values(
            state="graded", graded_at=now(), score=score, max_score=max_score, lease_until=None))
        if done.rowcount != 1:  # type: ignore[attr-defined]
            s.rollback()
            return False
        s.add_all(results)
    return True


def fail(sessions: Sessions, job: Job, reason: str) -> bool:
    """Mark a submission not gradable (a broken zip, a bank that vanished), with the reason."""
    with sessions.begin() as s:
        done = s.execute(update(Submission).where(Submission.id == job.id, Submission.claim == job.claim,
                                                  Submission.state == "running").values(
            state="error", error=reason, error_at=now(), lease_until=None))
        return bool(done.rowcount == 1)  # type: ignore[attr-defined]


class Heartbeat:
    """Renews a job's lease every third of it while the job is graded (a thread of the worker)."""

    def __init__(self, sessions: Sessions, job: Job, lease: float) -> None:
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._beat, args=(sessions, job, lease), daemon=True)

    def _beat(self, sessions: Sessions, job: Job, lease: float) -> None:
        while not self.stop.wait(lease / 3):
            try:
                renew(sessions, job, lease)
            except Exception:  # noqa: BLE001 - a missed beat only shortens the lease; the next one retries
                pass

    def __enter__(self) -> Heartbeat:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()


def queue_view(sessions: Sessions, assignment_ids: list[str]) -> dict[str, Any]:
    """The queue as staff see it: how many wait or run, and each one's wait so far, in seconds."""
    with sessions() as s:
        rows = s.scalars(select(Submission).where(Submission.assignment_id.in_(assignment_ids),
                                                  Submission.state.in_(("queued", "running")))
                         .order_by(Submission.received_at)).all()
    at = now()
    jobs = [{"submission": r.id, "assignment": r.assignment_id, "state": r.state,
             "wait": round(((utc(r.running_at) if r.state == "running" and r.running_at else at) - utc(r.received_at))
                           .total_seconds(), 3), "runs": r.runs} for r in rows]
    return {"queued": sum(j["state"] == "queued" for j in jobs),
            "running": sum(j["state"] == "running" for j in jobs), "jobs": jobs}


def utc(at: datetime | None) -> datetime:
    """A stored time as UTC (SQLite hands back naive times; they were written in UTC)."""
    assert at is not None
    return at if at.tzinfo else at.replace(tzinfo=timezone.utc)

