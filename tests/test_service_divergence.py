"""A failing test's divergence page inside a submission, through the real app: the very page `grade
--course --html` writes for the same output, linked from the student's submission page and named in the
API's result; a test the student may not see (hidden, or shown after a due date still to come) and
another student's submission answer 404 exactly as a missing one; staff see every page. And one real
browser opening the served page at the divergence step."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from rawdeal.cli import app
from browserkit import chromium, needs_chromium
from servicekit import CATEGORY, COMMAND, Server, bank_zip, bearer, call, graded, off_by_a_line, play_program, service, zip_of
from viewerkit import filled, page_data

RULES = f'{{"{CATEGORY}/2": "after_due", "{CATEGORY}/3": "hidden"}}'


def grade_html(tmp: Path, bank: Path, test: str, student: str, printed: list[str]) -> str:
    """The page `rawdeal grade --course --html` writes for a program that printed `printed`, graded as `student`'s."""
    number = test.split("/")[1]
    (tmp / student / CATEGORY).mkdir(parents=True)
    (tmp / student / CATEGORY / f"{number}.txt").write_text("\n".join(printed), encoding="utf-8")
    result = CliRunner().invoke(app, ["grade", "--course", str(bank), "--only", test, "--submission",
                                      str(tmp / student), "--html", str(tmp / "pages")])
    assert result.exit_code == 1, result.output
    return (tmp / "pages" / CATEGORY / f"{number}.html").read_text(encoding="utf-8")


def wrong_halfway() -> bytes:
    """`course play` with the line halfway through its output changed: a divergence deep in the game."""
    return zip_of({"main.py": (
        "import subprocess, sys\n"
        "out = subprocess.run([sys.executable, '-m', 'rawdeal', 'course', 'play', sys.argv[1]], stdin=sys.stdin,\n"
        "                     capture_output=True, text=True).stdout.split('\\n')\n"
        "out[len(out) // 2] += ' (mine)'\n"
        "sys.stdout.write('\\n'.join(out))\n")})


def fetched(url: str, token: str) -> str:
    import urllib.request

    with urllib.request.urlopen(urllib.request.Request(url, headers=bearer(token)), timeout=30) as answer:
        text: str = answer.read().decode("utf-8")
        return text


def test_a_failing_visible_test_serves_the_grade_html_page_only_to_whom_may_see_it(tmp_path: Path) -> None:
    from rawdeal.service.server import staff_token
    from rawdeal.service.settings import Settings

    bank = bank_zip(tmp_path / "bank", seed=1)  # games played (seed 13 picks decks only)
    data = tmp_path / "data"
    staff = staff_token(Settings(data), "ada")
    due = (datetime.now(timezone.utc) + timedelta(days=7)).isoformat()
    with service(data) as client:
        cid = client.post("/v1/courses", json={"name": "Raw Deal 101"}, headers=bearer(staff)).json()["id"]
        students = {n: client.post(f"/v1/courses/{cid}/students", json={"name": n}, headers=bearer(staff)).json()["token"]
                    for n in ("bea", "carl")}
        made = client.post(f"/v1/courses/{cid}/assignments", headers=bearer(staff),
                           data={"name": "T1", "command": COMMAND, "timeout": "20", "visibility": RULES, "due": due},
                           files={"bank": ("bank.zip", bank, "application/zip")})
        assert made.status_code == 201, made.text
        aid = made.json()["id"]
        sids = {}
        for name, program in (("carl", off_by_a_line()), ("bea", play_program())):
            sent = client.post(f"/v1/assignments/{aid}/submissions", headers=bearer(students[name]),
                               files={"program": ("p.zip", program, "application/zip")})
            sids[name] = sent.json()["id"]
        carl, sid = graded(client, sids["carl"], students["carl"]), sids["carl"]
        first = f"{CATEGORY}/1"
        assert [(t["name"], t["status"]) for t in carl["tests"]] == [(first, "fail")]
        url = f"/ui/submissions/{sid}/tests/{first}"
        assert carl["tests"][0]["page"] == url
        assert f'href="{url}"' in client.get(f"/ui/submissions/{sid}", headers=bearer(students["carl"])).text

        # the page is the one `grade --course --html` writes for what the program printed (its lines name the
        # deck files at the path the sandbox gave them, so they are taken from the page)
        served = client.get(url, headers=bearer(students["carl"]))
        assert served.status_code == 200 and served.headers["content-type"].startswith("text/html")
        diff = page_data(served.text)["diff"]
        assert diff["at"] == 2 and diff["got"][2] == diff["expected"][2] + " (mine)"
        assert diff["got"][3:] == diff["expected"][3:]
        assert served.text == grade_html(tmp_path / "cli", tmp_path / "bank", first, "carl", diff["got"])

        # a test the student may not see is exactly a missing one; so is another student's submission
        missing = client.get(f"/ui/submissions/{sid}/tests/{CATEGORY}/9", headers=bearer(students["carl"]))
        assert missing.status_code == 404
        for hidden in (f"{CATEGORY}/2", f"{CATEGORY}/3"):  # after the due date (a week away), and hidden
            answer = client.get(f"/ui/submissions/{sid}/tests/{hidden}", headers=bearer(students["carl"]))
            assert (answer.status_code, answer.json()["detail"].replace(hidden, "X")) == \
                (404, missing.json()["detail"].replace(f"{CATEGORY}/9", "X"))
        nobody = client.get(f"/ui/submissions/{'0' * 16}/tests/{first}", headers=bearer(students["bea"]))
        theirs = client.get(url, headers=bearer(students["bea"]))
        assert theirs.status_code == nobody.status_code == 404
        assert theirs.json()["detail"].replace(sid, "X") == nobody.json()["detail"].replace("0" * 16, "X")
        assert client.get(url).status_code == 401

        # staff see every failing test's page; a passing test has none
        full = client.get(f"/v1/submissions/{sid}", headers=bearer(staff)).json()
        assert [t["page"] for t in full["tests"]] == [f"/ui/submissions/{sid}/tests/{CATEGORY}/{n}" for n in (1, 2, 3)]
        for t in full["tests"]:
            page = client.get(t["page"], headers=bearer(staff))
            assert page.status_code == 200 and page_data(page.text)["diff"]["at"] == 2
        bea = graded(client, sids["bea"], students["bea"])
        assert [(t["status"], t["page"]) for t in bea["tests"]] == [("pass", None)]
        assert client.get(f"/ui/submissions/{sids['bea']}/tests/{first}", headers=bearer(staff)).status_code == 404

        # a result graded before outputs were kept: no page in the API, the lines around the divergence at the link
        from sqlalchemy import select

        from rawdeal.service.db import Result

        with client.app.state.ctx.writes.begin() as s:  # type: ignore[attr-defined]
            row = s.scalars(select(Result).where(Result.submission_id == sid, Result.name == first)).one()
            row.divergence = {k: v for k, v in row.divergence.items() if k != "output"}
        assert client.get(f"/v1/submissions/{sid}", headers=bearer(students["carl"])).json()["tests"][0]["page"] is None
        older = client.get(url, headers=bearer(students["carl"])).text
        assert '<tr class="diverges">' in older and "(mine)" in older


@needs_chromium
def test_the_served_page_opens_in_a_browser_at_the_divergence_step(tmp_path: Path) -> None:
    """`rawdeal serve` as a process grading for real; the student signs in and opens the page linked from
    their submission: it shows the reference board at the step that printed the first differing line."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.wait import WebDriverWait

    from rawdeal.service.server import staff_token
    from rawdeal.service.settings import Settings

    data = tmp_path / "data"
    staff = staff_token(Settings(data), "ada")
    server = Server(data, "--workers", "1")
    try:
        base = server.base
        _, course = call(base, "POST", "/v1/courses", staff, {"name": "Raw Deal 101"})
        cid = course["id"]  # type: ignore[index]
        _, student = call(base, "POST", f"/v1/courses/{cid}/students", staff, {"name": "carl"})
        token = student["token"]  # type: ignore[index]
        status, made = call(base, "POST", f"/v1/courses/{cid}/assignments", staff,
                            files={"bank": ("bank.zip", bank_zip(tmp_path / "bank", games=1, seed=1))},
                            fields={"name": "T1", "command": COMMAND, "timeout": "20"})
        assert status == 201, made
        _, sub = call(base, "POST", f"/v1/assignments/{made['id']}/submissions", token,  # type: ignore[index]
                      files={"program": ("p.zip", wrong_halfway())})
        end = time.monotonic() + 90
        while sub["state"] not in ("graded", "error") and time.monotonic() < end:  # type: ignore[index]
            time.sleep(0.2)
            _, sub = call(base, "GET", f"/v1/submissions/{sub['id']}", token)  # type: ignore[index]
        page = sub["tests"][0]["page"]  # type: ignore[index]
        with chromium() as browser:
            browser.get(base + "/ui/login")
            browser.find_element(By.NAME, "token").send_keys(token + Keys.ENTER)
            WebDriverWait(browser, 20).until(lambda d: d.current_url == base + "/ui")  # signed in: its cookie set
            browser.get(base + f"/ui/submissions/{sub['id']}")  # type: ignore[index]
            browser.find_element(By.CSS_SELECTOR, f'a[href="{page}"]').click()
            first = WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#lines .row.first"))
            at = int(first[0].get_attribute("data-i"))
            steps = filled(page_data(fetched(base + page, token)))
            step = max(k for k, s in enumerate(steps) if s["l"] <= at)
            assert step > 0 and browser.find_element(By.ID, "where").text.startswith(f"step {step} /")
            assert "(mine)" in browser.find_element(By.CSS_SELECTOR, "#lines .row.first .g").text
            browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)  # the steps before it, one key away
            assert browser.find_element(By.ID, "where").text.startswith(f"step {step - 1} /")
    finally:
        server.stop()
