"""Grading on a Dask cluster (`rawdeal serve --cluster ADDRESS`), the one the tournaments already use.

A dispatcher thread in the server hands each open submission's id to the cluster as a task; the task,
on a Dask worker, claims that submission in the database (`jobs.claim_one`, with its lease) and grades
it as a local worker would. Dask is only the transport: the database stays the record, so a task
delivered twice (a worker lost and its task rerun, a dispatcher that resent it) finds the submission
taken or graded and does nothing, and a submission is graded exactly once. The Dask workers need the
same rawdeal, the database (PostgreSQL for several machines) and the data folder at the same path.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from rawdeal.errors import UsageError
from rawdeal.service import jobs
from rawdeal.service.settings import Settings

log = logging.getLogger("rawdeal.service.dispatch")
CONNECT_TIMEOUT = "10s"


def grade_submission(settings_json: str, submission: str) -> str:
    """The task a Dask worker runs: grade this submission if it is still open. Returns what it did:
    "graded" (or "error": recorded as not gradable), or "taken" when it was not open any more."""
    from rawdeal.service.worker import grade_job, sessions_of

    settings = Settings.from_json(settings_json)
    sessions = sessions_of(settings)
    job = jobs.claim_one(sessions, submission, settings.lease)
    if job is None:
        return "taken"
    try:
        grade_job(settings, sessions, job)
    except Exception as exc:  # noqa: BLE001 - recorded on the submission, as a local worker does
        log.exception("grading %s failed", submission)
        jobs.fail(sessions, job, f"internal error: {type(exc).__name__}")
        return "error"
    return "graded"


def connect(address: str) -> Any:
    """A Dask client on the scheduler at `address` (a clear usage error when it is not there)."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--cluster needs Dask distributed: pip install 'rawdeal[serve,cluster]'") from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise UsageError(f"--cluster {address}: cannot reach a Dask scheduler there: {exc}") from None


class Dispatcher:
    """Sends the open submissions to the cluster, each once while its task is in flight; a submission
    whose task ended without grading it (a lapsed lease) is sent again on a later round."""

    def __init__(self, settings: Settings, client: Any) -> None:
        self.settings, self.client = settings, client
        from rawdeal.service.worker import sessions_of

        self.sessions = sessions_of(settings)
        self.flying: dict[str, Any] = {}

    def round(self) -> int:
        """One look at the queue: forget finished tasks, send the new open submissions; how many were sent."""
        for sid, future in list(self.flying.items()):
            if future.done():
                del self.flying[sid]
                if future.status == "error":
                    log.warning("the cluster failed to grade %s: %s", sid, future.exception())
        sent = 0
        for sid in jobs.open_ids(self.sessions, limit=1000):
            if sid not in self.flying:
                self.flying[sid] = self.client.submit(grade_submission, self.settings.to_json(), sid, pure=False)
                sent += 1
        return sent

    def run(self, stop: threading.Event) -> None:
        """Rounds until `stop` is set (a thread of the server)."""
        while not stop.is_set():
            try:
                self.round()
            except Exception:  # noqa: BLE001 - the database or the scheduler away for a moment: try again
                log.exception("cannot dispatch to the cluster")
                stop.wait(1.0)
            stop.wait(self.settings.poll)
