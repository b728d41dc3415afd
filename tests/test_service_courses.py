"""A course on the real app, on SQLite and on PostgreSQL: staff publish an exported bank, students
submit programs, a worker grades them; who may see what; uploads that are refused."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from servicekit import (
    CATEGORY, COMMAND, PLAY, bank_zip, bearer, graded, hanging, db, off_by_a_line, play_program, service,
    zip_of,
)
from viewerkit import page_data


def staff(data: Path, db: str | None) -> str:
    from rawdeal.service.server import staff_token
    from rawdeal.service.settings import Settings

    return staff_token(Settings(data, db), "ada")


def course(client: TestClient, token: str, bank: bytes, timeout: float = 10.0) -> tuple[str, str, dict[str, str]]:
    """A course with two students and one assignment whose third test is hidden."""
    cid = client.post("/v1/courses", json={"name": "Raw Deal 101"}, headers=bearer(token)).json()["id"]
    students = {n: client.post(f"/v1/courses/{cid}/students", json={"name": n}, headers=bearer(token)).json()["token"]
                for n in ("bea", "carl")}
    made = client.post(f"/v1/courses/{cid}/assignments", headers=bearer(token),
                       data={"name": "T1", "command": COMMAND, "timeout": str(timeout),
                             "visibility": f'{{"{CATEGORY}/3": "hidden"}}'},
                       files={"bank": ("bank.zip", bank, "application/zip")})
    assert made.status_code == 201, made.text
    return cid, made.json()["id"], students


def submit(client: TestClient, aid: str, token: str, program: bytes) -> Any:
    return client.post(f"/v1/assignments/{aid}/submissions", headers=bearer(token),
                       files={"program": ("p.zip", program, "application/zip")})


def test_a_course_grades_and_hides_what_it_should(tmp_path: Path, db: str | None) -> None:
    bank = bank_zip(tmp_path / "bank")
    hidden_expected = (tmp_path / "bank" / "data" / f"{CATEGORY}-Tests" / "3.txt").read_text().split("\n")
    secret_lines = [line for line in hidden_expected if line.strip() and "INPUT" not in line][-5:]
    data = tmp_path / "data"
    token = staff(data, db)
    with service(data, db) as client:
        cid, aid, students = course(client, token, bank)
        good = submit(client, aid, students["bea"], play_program())
        assert good.status_code == 202 and good.json()["state"] == "queued"
        bad = submit(client, aid, students["carl"], off_by_a_line()).json()
        mine = graded(client, good.json()["id"], students["bea"])
        assert mine["state"] == "graded" and (mine["score"], mine["max_score"], mine["hidden_tests"]) == (2, 2, 1)
        phases = mine["phases"]
        assert phases["received"] <= phases["queued"] <= phases["running"] <= phases["graded"]
        assert [t["status"] for t in mine["tests"]] == ["pass", "pass"]
        theirs = graded(client, bad["id"], students["carl"])
        assert theirs["score"] == 0 and {t["status"] for t in theirs["tests"]} == {"fail"}
        divergence = theirs["tests"][0]["divergence"]
        line, expected, got = next(r for r in divergence["rows"] if r[0] == divergence["line"])
        assert got == f"{expected} (mine)" and theirs["tests"][0]["reason"] == f"differs at line {line}"
        # staff see everything; a student never another's submission, nor a hidden test
        full = client.get(f"/v1/submissions/{bad['id']}", headers=bearer(token)).json()
        assert full["max_score"] == 3 and full["hidden_tests"] == 0
        assert client.get(f"/v1/submissions/{bad['id']}", headers=bearer(students["bea"])).status_code == 404
        assert client.get(f"/v1/submissions/{bad['id']}", headers=bearer("rd_wrong")).status_code == 401
        assert client.get(f"/v1/assignments/{aid}/tests/{CATEGORY}/3", headers=bearer(students["bea"])).status_code == 404
        public = client.get(f"/v1/assignments/{aid}/tests/{CATEGORY}/1", headers=bearer(students["bea"])).json()
        assert public["inputs"] and public["expected"]
        seen = "".join(client.get(path, headers=bearer(students["carl"])).text for path in (
            f"/v1/submissions/{bad['id']}", f"/v1/assignments/{aid}", f"/v1/assignments/{aid}/submissions",
            f"/v1/courses/{cid}", f"/ui/submissions/{bad['id']}"))
        assert not any(line in seen for line in secret_lines)
        grades = client.get(f"/v1/courses/{cid}/grades", headers=bearer(token)).json()
        assert sorted((r["name"], r["scores"][aid]) for r in grades["rows"]) == [("bea", 3), ("carl", 0)]
        assert client.get(f"/v1/courses/{cid}/grades", headers=bearer(students["bea"])).status_code == 404
        assert client.get(f"/v1/courses/{cid}/queue", headers=bearer(token)).json()["queued"] == 0
        pages(client, token, students["carl"], theirs, cid, secret_lines)


def pages(client: TestClient, staff_token: str, student: str, failed: dict[str, Any], cid: str, secret: list[str]) -> None:
    """The pages: a student's failing visible test links to its divergence; staff see grades and queue."""
    assert client.get("/ui", follow_redirects=False).headers["location"] == "/ui/login"
    assert client.post("/ui/login", data={"token": "rd_nobody"}).status_code == 401
    client.post("/ui/login", data={"token": student})
    name = failed["tests"][0]["name"]
    page = client.get(f"/ui/submissions/{failed['id']}").text
    assert f'href="/ui/submissions/{failed["id"]}/tests/{name}"' in page and not any(line in page for line in secret)
    line = failed["tests"][0]["divergence"]["line"]
    diverges = client.get(f"/ui/submissions/{failed['id']}/tests/{name}").text
    diff = page_data(diverges)["diff"]  # the page `grade --html` writes (tests/test_service_divergence.py)
    assert diff["numbers"][diff["at"]] == line and diff["got"][diff["at"]].endswith("(mine)")
    assert client.get(f"/ui/courses/{cid}").status_code == 404  # a student has no grade table
    client.post("/ui/login", data={"token": staff_token})
    table = client.get(f"/ui/courses/{cid}").text
    assert "<td>carl</td>" in table and "0 queued, 0 running" in table
    client.cookies.clear()


def test_a_program_that_hangs_times_out(tmp_path: Path) -> None:
    data = tmp_path / "data"
    token = staff(data, None)
    with service(data) as client:
        _, aid, students = course(client, token, bank_zip(tmp_path / "bank", games=1), timeout=0.5)
        sub = graded(client, submit(client, aid, students["bea"], hanging()).json()["id"], students["bea"])
    assert [t["status"] for t in sub["tests"]] == ["timeout"] and sub["score"] == 0


@pytest.mark.parametrize(("entry", "why"), [
    ("../escape.sh", "not a relative path"), ("/etc/evil", "not a relative path"), ("link", "symbolic link"),
    ("bomb", "zip bomb"),
])
def test_unsafe_zips_are_refused(tmp_path: Path, entry: str, why: str) -> None:
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        if entry == "link":
            info = zipfile.ZipInfo("link")
            info.external_attr = (0o120777 << 16)
            z.writestr(info, "/etc/passwd")
        elif entry == "bomb":
            z.writestr("bomb", b"\0" * (20 << 20))
        else:
            z.writestr(zipfile.ZipInfo(entry), "echo hi")
    data = tmp_path / "data"
    token = staff(data, None)
    with service(data, worker=False) as client:
        _, aid, students = course(client, token, bank_zip(tmp_path / "bank", games=1))
        refused = submit(client, aid, students["bea"], buf.getvalue())
    assert refused.status_code == 422 and why in refused.json()["detail"]


def test_submissions_are_rate_limited_and_refused_without_a_sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    token = staff(data, None)
    with service(data, worker=False, submissions_per_minute=2) as client:
        _, aid, students = course(client, token, bank_zip(tmp_path / "bank", games=1))
        codes = [submit(client, aid, students["bea"], play_program()).status_code for _ in range(3)]
        assert codes == [202, 202, 429]
        assert submit(client, aid, students["carl"], play_program()).status_code == 202  # per token
    from rawdeal.service import sandboxing

    monkeypatch.setattr(sandboxing, "sandbox_problem", lambda mode: "bubblewrap cannot make namespaces here")
    with service(data, worker=False) as client:
        assert "bubblewrap" in client.get("/health").json()["sandbox"]
        refused = submit(client, aid, students["carl"], play_program())
        assert refused.status_code == 503 and "no real sandbox" in refused.json()["detail"]


def test_an_assignment_needs_a_course_bank_uploaded_or_made_here(tmp_path: Path) -> None:
    data = tmp_path / "data"
    token = staff(data, None)
    with service(data, worker=False) as client:
        cid = client.post("/v1/courses", json={"name": "c"}, headers=bearer(token)).json()["id"]
        made = client.post(f"/v1/courses/{cid}/assignments", headers=bearer(token),
                           data={"name": "T", "command": COMMAND},
                           files={"bank": ("bank.zip", zip_of({"readme.txt": "no data"}), "application/zip")})
        neither = client.post(f"/v1/courses/{cid}/assignments", headers=bearer(token), data={"name": "T", "command": COMMAND})
        exported = client.post(f"/v1/courses/{cid}/assignments", headers=bearer(token),
                               data={"name": "T", "command": COMMAND, "export_category": CATEGORY, "export_games": "2",
                                     "export_seed": "13"})
    assert made.status_code == 422 and "data/" in made.json()["detail"]
    assert neither.status_code == 422 and "export_category" in neither.json()["detail"]
    assert exported.status_code == 201 and [t["name"] for t in exported.json()["tests"]] == [f"{CATEGORY}/1", f"{CATEGORY}/2"]


HOSTILE = {
    # each would pass its test if the sandbox let it through; contained, it fails
    "reads the bank": (
        "import glob, sys\n"
        "for path in glob.glob('{data}/banks/*/data/*-Tests/*.txt'):\n"
        "    sys.stdout.write(''.join(l for l in open(path) if not l.startswith('INPUT:')))\n"
        "    break\n"
        "else:\n"
        "    print('no bank in sight')\n"),
    "uses the network": (
        "import socket\n"
        "try:\n"
        "    socket.create_connection(('127.0.0.1', 5432), 1)\n"
        "except OSError:\n"
        "    print('no network')\n"
        "else:\n" + "".join(f"    {line}\n" for line in PLAY.splitlines())),
    "forks for ever": "import os\nwhile True:\n    os.fork()\n",
    "eats memory": "blocks = []\nwhile True:\n    blocks.append(bytearray(1 << 26))\n",
}


def test_hostile_programs_are_contained(tmp_path: Path) -> None:
    data = tmp_path / "data"
    token = staff(data, None)
    with service(data) as client:
        assert client.get("/health").json()["sandbox"] is None  # the real sandbox, checked
        _, aid, students = course(client, token, bank_zip(tmp_path / "bank", games=1), timeout=3)
        ids = {why: submit(client, aid, students["bea"], zip_of({"main.py": body.replace("{data}", str(data))})).json()["id"]
               for why, body in HOSTILE.items()}
        after = submit(client, aid, students["carl"], play_program()).json()["id"]
        outcomes = {why: graded(client, sid, token, limit=120) for why, sid in ids.items()}
        assert graded(client, after, token)["score"] == 1  # the server and its worker carry on
    for why, sub in outcomes.items():
        assert sub["state"] == "graded" and sub["score"] == 0, why


def test_a_callback_hears_the_outcome_once_callbacks_are_on(tmp_path: Path) -> None:
    import http.server
    import json
    import threading

    heard: list[dict[str, Any]] = []

    class Hook(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the standard library's name
            heard.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    hook = http.server.HTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=hook.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{hook.server_address[1]}/graded"
    data = tmp_path / "data"
    token = staff(data, None)
    try:
        with service(data, worker=False) as client:  # callbacks off by default: refused
            _, aid, students = course(client, token, bank_zip(tmp_path / "bank", games=1))
            off = client.post(f"/v1/assignments/{aid}/submissions", headers=bearer(students["bea"]),
                              data={"callback_url": url}, files={"program": ("p.zip", play_program(), "application/zip")})
        assert off.status_code == 422 and "--callbacks" in off.json()["detail"]
        with service(data, callbacks=True) as client:
            sid = client.post(f"/v1/assignments/{aid}/submissions", headers=bearer(students["bea"]),
                              data={"callback_url": url}, files={"program": ("p.zip", play_program(), "application/zip")}).json()["id"]
            graded(client, sid, students["bea"])
            end = time.monotonic() + 10
            while not heard and time.monotonic() < end:  # the callback follows the grade's commit
                time.sleep(0.05)
    finally:
        hook.shutdown()
    assert heard == [{"submission": sid, "state": "graded", "score": 1.0, "max_score": 1.0}]
