"""`rawdeal serve --cluster`: submissions graded on a real Dask cluster (its LocalCluster), each exactly
once even when the cluster delivers its task twice; the database stays the record."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from servicekit import bank_zip, bearer, graded, play_program, service, zip_of
from test_service_courses import course, staff, submit

distributed = pytest.importorskip("distributed", reason="the cluster tests need Dask: pip install -e '.[test]'")

from rawdeal.service.db import Result, Submission  # noqa: E402
from rawdeal.service.dispatch import Dispatcher, grade_submission  # noqa: E402


def test_the_cluster_grades_each_submission_once_even_delivered_twice(tmp_path: Path) -> None:
    data = tmp_path / "data"
    token = staff(data, None)
    with service(data, worker=False) as client:
        _, aid, students = course(client, token, bank_zip(tmp_path / "bank"))
        good = submit(client, aid, students["bea"], play_program()).json()["id"]
        bad = submit(client, aid, students["carl"], zip_of({"main.py": "print('no game here')\n"})).json()["id"]
        ctx = client.app.state.ctx  # type: ignore[attr-defined]
        settings = ctx.settings
        with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cl, \
                distributed.Client(cl) as dask:
            # The same job delivered twice at once (a broker's redelivery): one grades, the other finds it taken.
            twice = [dask.submit(grade_submission, settings.to_json(), good, pure=False) for _ in range(2)]
            assert sorted(f.result(timeout=60) for f in twice) == ["graded", "taken"]
            assert dask.submit(grade_submission, settings.to_json(), good, pure=False).result(timeout=60) == "taken"
            # The dispatcher sends the rest of the queue to the cluster.
            stop = threading.Event()
            dispatcher = Dispatcher(settings, dask)
            thread = threading.Thread(target=dispatcher.run, args=(stop,))
            thread.start()
            try:
                failed = graded(client, bad, students["carl"])
            finally:
                stop.set()
                thread.join()
        passed = client.get(f"/v1/submissions/{good}", headers=bearer(students["bea"])).json()
        assert passed["state"] == "graded" and passed["score"] == passed["max_score"] > 0
        assert failed["state"] == "graded" and failed["score"] == 0 < failed["max_score"]
        with ctx.sessions() as s:
            row = s.get(Submission, good)
            assert row is not None and row.runs == 1  # claimed once, whatever the deliveries
            assert s.query(Result).filter(Result.submission_id == good).count() == 3

