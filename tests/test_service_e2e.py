"""`rawdeal serve` as a process: a course from a bank made by `rawdeal course export`, three programs
(the reference, one that differs in a line, one that hangs) submitted over HTTP and with
`rawdeal submit`; then a server killed with SIGKILL while it grades, started again, grading each
submission exactly once."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from servicekit import CATEGORY, COMMAND, PLAY, Server, call, hanging, off_by_a_line, play_program, zip_of


def rawdeal(*args: str | Path | int, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rawdeal", *map(str, args)], capture_output=True, text=True,
                          check=False, **kw)


def exported_bank(tmp: Path, games: int, seed: int) -> bytes:
    assert rawdeal("course", "export", "-o", tmp / "bank", "--category", CATEGORY, "--games", games, "--seed", seed).returncode == 0
    files = sorted(p for p in (tmp / "bank").rglob("*") if p.is_file())
    return zip_of({p.relative_to(tmp / "bank").as_posix(): p.read_bytes() for p in files})


def setup_course(base: str, staff: str, bank: bytes, timeout: str = "20") -> tuple[str, dict[str, str]]:
    status, course = call(base, "POST", "/v1/courses", staff, {"name": "c"})
    assert status == 201
    cid = course["id"]  # type: ignore[index]
    tokens = {n: call(base, "POST", f"/v1/courses/{cid}/students", staff, {"name": n})[1]["token"]  # type: ignore[index]
              for n in ("bea", "carl", "dan")}
    status, made = call(base, "POST", f"/v1/courses/{cid}/assignments", staff, files={"bank": ("bank.zip", bank)},
                        fields={"name": "T1", "command": COMMAND, "timeout": timeout,
                                "visibility": f'{{"{CATEGORY}/2": "hidden"}}'})
    assert status == 201, made
    return made["id"], tokens  # type: ignore[index]


def until_done(base: str, token: str, sid: str, limit: float = 90) -> dict[str, Any]:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        sub: dict[str, Any] = call(base, "GET", f"/v1/submissions/{sid}", token)[1]  # type: ignore[assignment]
        if sub["state"] in ("graded", "error"):
            return sub
        time.sleep(0.1)
    raise AssertionError(f"{sid} still not graded after {limit} s")


def test_a_course_served_by_rawdeal_serve(tmp_path: Path) -> None:
    data = tmp_path / "data"
    made = rawdeal("serve", "token", "--data", data, "--staff", "ada")
    assert made.returncode == 0
    staff = made.stdout.strip()
    server = Server(data, "--workers", "2")
    try:
        aid, tokens = setup_course(server.base, staff, exported_bank(tmp_path, 2, 13), timeout="3")
        program = tmp_path / "play.zip"
        program.write_bytes(play_program())
        submitted = rawdeal("submit", "--server", server.base, "--token", tokens["bea"], "--assignment", aid, program)
        assert submitted.returncode == 0, submitted.stderr
        assert "submission: 1/1 (1 of 1 scenarios passed)" in submitted.stdout.replace("bea:", "submission:")
        assert "1 hidden tests graded" in submitted.stdout
        ids = {n: call(server.base, "POST", f"/v1/assignments/{aid}/submissions", tokens[n],
                       files={"program": ("p.zip", body)})[1]["id"]  # type: ignore[index]
               for n, body in (("carl", off_by_a_line()), ("dan", hanging()))}
        carl, dan = (until_done(server.base, tokens[n], ids[n]) for n in ("carl", "dan"))
        first = carl["tests"][0]
        assert (carl["score"], first["status"], first["reason"]) == (0, "fail", f"differs at line {first['divergence']['line']}")
        assert (dan["score"], dan["tests"][0]["status"]) == (0, "timeout")
        assert all(d["hidden_tests"] == 1 and len(d["tests"]) == 1 for d in (carl, dan))
        assert all(d["phases"]["received"] <= d["phases"]["running"] <= d["phases"]["graded"] for d in (carl, dan))
        assert call(server.base, "GET", f"/v1/submissions/{ids['carl']}", tokens["dan"])[0] == 404
        assert call(server.base, "GET", f"/v1/submissions/{ids['carl']}", staff)[1]["max_score"] == 2  # type: ignore[index]
    finally:
        server.stop()


def test_sigkill_then_restart_grades_each_submission_once(tmp_path: Path) -> None:
    import sqlite3

    data = tmp_path / "data"
    staff = rawdeal("serve", "token", "--data", data, "--staff", "ada").stdout.strip()
    slow = zip_of({"main.py": "import time\ntime.sleep(0.5)\n" + PLAY})
    server = Server(data, "--workers", "2", "--lease", "1")
    try:
        aid, tokens = setup_course(server.base, staff, exported_bank(tmp_path, 1, 13))
        ids = [call(server.base, "POST", f"/v1/assignments/{aid}/submissions", tokens[n], files={"program": ("p.zip", slow)})[1]["id"]  # type: ignore[index]
               for n in ("bea", "carl", "dan")]
        end = time.monotonic() + 30
        while call(server.base, "GET", f"/v1/courses/{_course(server.base, staff)}/queue", staff)[1]["running"] == 0:  # type: ignore[index]
            assert time.monotonic() < end
            time.sleep(0.05)
    finally:
        server.kill()
    time.sleep(0.5)
    assert not _workers_of(server.proc.pid), "the workers die with the server"
    with sqlite3.connect(data / "rawdeal.db") as db:
        before = dict(db.execute("select state, count(*) from submissions group by state").fetchall())
    assert before.get("running", 0) >= 1  # killed while grading
    server = Server(data, "--workers", "2", "--lease", "1")
    try:
        done = [until_done(server.base, staff, sid) for sid in ids]
    finally:
        server.stop()
    assert [d["state"] for d in done] == ["graded"] * 3 and all(d["score"] == 1 for d in done)
    with sqlite3.connect(data / "rawdeal.db") as db:
        results = db.execute("select submission_id, count(*) from results group by submission_id").fetchall()
    assert sorted(results) == sorted((sid, 1) for sid in ids)


def test_ctrl_c_stops_the_server_and_its_workers(tmp_path: Path) -> None:
    """The workers are a session of their own (scheduled apart from the HTTP process), so a terminal's
    Ctrl-C reaches only the server: it must stop them itself, and leave none grading behind it."""
    import signal

    server = Server(tmp_path / "data", "--workers", "2")
    end = time.monotonic() + 30
    while len(_workers_of(server.proc.pid)) < 2:
        assert time.monotonic() < end, "the workers did not start"
        time.sleep(0.05)
    workers = _workers_of(server.proc.pid)
    assert all(os.getsid(w) != os.getsid(server.proc.pid) for w in workers)
    server.proc.send_signal(signal.SIGINT)
    assert server.proc.wait(timeout=30) == 0
    server.log.close()
    assert not _workers_of(server.proc.pid), "the workers end with the server"


def _course(base: str, staff: str) -> str:
    courses: list[dict[str, str]] = call(base, "GET", "/v1/courses", staff)[1]  # type: ignore[assignment]
    return courses[0]["id"]


def _workers_of(pid: int) -> list[int]:
    """Processes still running `rawdeal.service.worker` started by `pid` (their parent is gone now)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"rawdeal.service.worker" in cmd and str(pid).encode() in cmd:
                found.append(int(entry.name))
    return found


