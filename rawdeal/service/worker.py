"""A grading worker: a process beside the server that takes jobs from the database until stopped.

Started by `rawdeal serve` (`python -m rawdeal.service.worker SETTINGS_JSON SERVER_PID`); it dies with the server
(Linux's parent-death signal), and whatever it was grading is taken again once its lease runs out.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import urllib.request
from typing import Any

import orjson
from sqlalchemy import update
from sqlalchemy.orm import Session, sessionmaker

from rawdeal.errors import RawdealError
from rawdeal.service import jobs
from rawdeal.service.db import Assignment, Result, Submission, make_engine, sessions as make_sessions
from rawdeal.service.grader import Graded, grade, open_bank
from rawdeal.service.settings import Settings
from rawdeal.service.uploads import Blobs

log = logging.getLogger("rawdeal.service.worker")


def grade_job(settings: Settings, sessions: sessionmaker[Session], job: jobs.Job) -> None:
    """Grade one claimed job and record the outcome (graded, or error with the reason)."""
    with sessions() as s:
        assignment = s.get(Assignment, job.assignment_id)
    if assignment is None:
        jobs.fail(sessions, job, "the assignment no longer exists")
        return
    blobs = Blobs(settings.blobs)
    try:
        with jobs.Heartbeat(sessions, job, settings.lease):
            bank = open_bank(lambda: blobs.get(assignment.bank), settings.banks / assignment.bank)
            graded = grade(bank, assignment.command, assignment.timeout, blobs.get(job.program), settings.data / "runs",
                           settings.sandbox)
    except (RawdealError, OSError) as exc:
        jobs.fail(sessions, job, f"not gradable: {exc}")
        return
    student = graded.student
    if jobs.finish(sessions, job, results(job.id, graded, blobs), student.score, student.max_score):
        callback(settings, job, student.score, student.max_score)


def results(submission: str, graded: Graded, blobs: Blobs) -> list[Result]:
    """The result rows; a test with a divergence page keeps what it printed as a blob, named in its
    divergence (`output`), from which the page is drawn when someone opens it."""
    return [Result(submission_id=submission, position=i, name=r.name, status=r.status.value, score=r.score,
                   points=r.points, seconds=r.seconds, reason=r.reason, detail=r.detail,
                   divergence=_with_output(graded.divergences.get(r.name), graded.outputs.get(r.name), blobs))
            for i, r in enumerate(graded.student.results)]


def _with_output(divergence: dict[str, Any] | None, output: str | None, blobs: Blobs) -> dict[str, Any] | None:
    if divergence is None or output is None:
        return divergence
    return {**divergence, "output": blobs.put(output.encode("utf-8"))}


def callback(settings: Settings, job: jobs.Job, score: float, max_score: float) -> None:
    """POST the outcome to the submission's callback URL, once, best effort (recorded, never retried)."""
    if not job.callback_url or not settings.callbacks:
        return
    body = orjson.dumps({"submission": job.id, "state": "graded", "score": score, "max_score": max_score})
    request = urllib.request.Request(job.callback_url, body, {"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:  # noqa: S310 - http(s) only, checked on submit
            status = f"{answer.status}"
    except Exception as exc:  # noqa: BLE001 - a callback that fails is recorded, not fatal
        status = f"failed: {exc}"
    with sessions_of(settings).begin() as s:
        s.execute(update(Submission).where(Submission.id == job.id).values(callback_status=status[:500]))


_SESSIONS: dict[str, sessionmaker[Session]] = {}


def sessions_of(settings: Settings) -> sessionmaker[Session]:
    if settings.url not in _SESSIONS:
        _SESSIONS[settings.url] = make_sessions(make_engine(settings.url, writer=True))
    return _SESSIONS[settings.url]


def work(settings: Settings, stop: threading.Event) -> None:
    """Take and grade jobs until `stop` is set (the loop of each worker process)."""
    sessions = sessions_of(settings)
    while not stop.is_set():
        try:
            job = jobs.claim(sessions, settings.lease)
        except Exception:  # noqa: BLE001 - the database is away for a moment: try again
            log.exception("cannot claim a job")
            stop.wait(1.0)
            continue
        if job is None:
            stop.wait(settings.poll)
            continue
        try:
            grade_job(settings, sessions, job)
        except Exception as exc:  # noqa: BLE001 - one broken job must not stop the worker
            log.exception("grading %s failed", job.id)
            jobs.fail(sessions, job, f"internal error: {type(exc).__name__}")


def _die_with_parent(parent: int) -> None:
    """Linux: SIGKILL this worker when the server that started it dies, however it dies (and exit
    now if it died before the signal was asked for)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        raise SystemExit(0)


def _yield_cpu(nice: int) -> None:
    """With --worker-nice N, a smaller share of the CPU than the HTTP process (on a machine of its own;
    on a shared one that share goes to the other users). Inherited by the sandboxed programs; best effort.

    Not SCHED_BATCH (tried before): a batch task never preempts on waking, and a sandboxed run is a
    chain of wake-ups (bubblewrap's processes starting and ending one another), so on a busy machine
    every link waited for someone else's time slice to end, and grading fell behind `grade --course`
    under load (figures in benchmarks/bench_service.py). The HTTP process keeps its answers quick
    another way: the workers are a session of their own (`server.serve`), so Linux's autogroup
    schedules them apart from it."""
    if nice:
        try:
            os.nice(nice)
        except OSError:
            pass


def main(argv: list[str]) -> None:
    settings, parent = Settings.from_json(argv[0]), int(argv[1])
    _die_with_parent(parent)
    _yield_cpu(settings.worker_nice)
    logging.basicConfig(level=logging.WARNING, format=f"rawdeal serve: worker {os.getpid()}: %(message)s")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    work(settings, stop)


def argv_for(settings: Settings) -> list[str]:
    """The command that starts one worker for these settings."""
    return [sys.executable, "-m", "rawdeal.service.worker", settings.to_json(), str(os.getpid())]


if __name__ == "__main__":
    main(sys.argv[1:])
