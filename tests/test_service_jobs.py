"""The job queue on SQLite and PostgreSQL: many workers claiming at once take each submission once,
a lapsed lease lets another worker take a job, and a worker that lost its claim cannot write a grade."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from servicekit import postgres_url

from rawdeal.service import jobs  # noqa: E402
from rawdeal.service.db import Assignment, Course, Result, Submission, Token, make_engine, migrate, now, sessions


@pytest.fixture(params=["sqlite", "postgresql"])
def queue(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[jobs.Sessions]:
    def made(url: str) -> jobs.Sessions:
        engine = make_engine(url, writer=True)
        migrate(engine)
        return sessions(engine)

    if request.param == "sqlite":
        yield made(f"sqlite:///{tmp_path}/q.db")
    else:
        with postgres_url() as url:
            yield made(url)


def fill(s: jobs.Sessions, count: int) -> list[str]:
    at = now()
    with s.begin() as t:
        for row in (Course(id="c", name="c", owner_id="staff"), Assignment(id="a", course_id="c", name="a", command="x",
                                                                          timeout=1, bank="b", tests=[]),
                    Token(id="t", digest="d", role="student", name="s", course_id="c")):
            t.add(row)
            t.flush()  # no ORM relationships: the rows go in the order the foreign keys need
        t.add_all(Submission(id=f"s{n:03}", assignment_id="a", student_id="t", program="p", state="queued",
                             received_at=at + timedelta(microseconds=n), queued_at=at, runs=0) for n in range(count))
    return [f"s{n:03}" for n in range(count)]


def test_workers_racing_claim_each_submission_once(queue: jobs.Sessions) -> None:
    ids = fill(queue, 40)
    taken: list[str] = []
    lock = threading.Lock()

    def worker() -> None:
        while (job := jobs.claim(queue, lease=60)) is not None:
            with lock:
                taken.append(job.id)

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(taken) == ids


def test_a_lapsed_lease_passes_the_job_on_and_the_first_claim_cannot_finish(queue: jobs.Sessions) -> None:
    fill(queue, 1)
    first = jobs.claim(queue, lease=0.2)
    assert first is not None and jobs.claim(queue, lease=60) is None  # held
    time.sleep(0.3)
    second = jobs.claim(queue, lease=60)
    assert second is not None and second.id == first.id and second.claim != first.claim
    result = Result(submission_id=first.id, position=0, name="x/1", status="pass", score=1, points=1, seconds=0,
                    reason="", detail="")
    assert not jobs.finish(queue, first, [result], 1, 1)  # the dead worker's grade is refused
    assert jobs.finish(queue, second, [result], 1, 1)
    with queue() as s:
        row = s.get(Submission, first.id)
        assert row is not None and (row.state, row.runs, row.score) == ("graded", 2, 1)
        assert len(s.query(Result).all()) == 1


def test_a_submission_received_after_the_workers_clock_reading_never_runs_before_it_arrived(
        queue: jobs.Sessions, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker reads the time, then the API commits a new submission, then the worker's UPDATE takes it
    (it sees rows committed before the statement): its phases must still read received <= running."""
    first, second = fill(queue, 2)
    monkeypatch.setattr(jobs, "now", lambda: now() - timedelta(seconds=5))
    taken = [jobs.claim(queue, lease=60), jobs.claim_one(queue, second, lease=60)]
    assert [job.id if job else None for job in taken] == [first, second]
    with queue() as s:
        for sid in (first, second):
            row = s.get(Submission, sid)
            assert row is not None and jobs.utc(row.running_at) >= jobs.utc(row.received_at)
