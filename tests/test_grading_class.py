"""A fake class of student programs, graded with --command: each broken program fails only where it breaks.

The programs are tiny Python scripts written into a temporary folder: a correct one, one wrong on two
scenarios, one crashing on one, one hanging on one, one printing bytes that are not UTF-8 on one and an
endless flood on another. Timeouts are kept at 1 s so the suite stays fast.
"""

from __future__ import annotations

import json
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.grading import Attempt, Limits, Options, Status, StudentResult, grade_student, load_suite, run_attempts
from rawdeal.scenarios.model import Scenario

POINTS = {"alpha": 1, "beta": 2, "gamma": 1, "delta": 1}
REFERENCE = {name: "\n".join(f"{name} event {i}" for i in range(1, 11)) + "\n" for name in POINTS}
LIMITS = Limits(timeout=1.0, max_output=10_000)

PROGRAM = """\
import sys, time
TRANSCRIPTS = {transcripts!r}
name = sys.argv[1]
text = TRANSCRIPTS[name]
{behaviour}
sys.stdout.write(text)
"""
BEHAVIOUR = {
    "correct": "",
    "wrong": (
        "if name == 'beta': text = ''.join(text.splitlines(keepends=True)[:6])\n"
        "if name == 'gamma': text = text.replace('gamma event 5', 'gamma event five')"
    ),
    "crash": "if name == 'beta':\n    print('beta event 1', flush=True)\n    raise RuntimeError('boom')",
    "hang": "if name == 'delta': time.sleep(60)",
    "garbage": (
        "if name == 'alpha': sys.stdout.buffer.write(b'alpha \\xff\\xfe\\n'); sys.exit(0)\n"
        "if name == 'gamma':\n    while True: print('x' * 1000)"
    ),
}


def make_scenarios(root: Path) -> Path:
    for name, points in POINTS.items():
        folder = root / "scenarios" / name
        folder.mkdir(parents=True)
        (folder / "start.json").write_text("{}\n")
        (folder / "moves.txt").write_text("\n")
        (folder / "expected.txt").write_text(REFERENCE[name])
        if points != 1:
            (folder / "scenario.toml").write_text(f"points = {points}\n")
    return root / "scenarios"


def command(root: Path, program: str) -> str:
    """The program's command; it lives beside the scenarios, never among them (a program may read its folder)."""
    script = root / "programs" / f"{program}.py"
    script.parent.mkdir(exist_ok=True)
    script.write_text(PROGRAM.format(transcripts=REFERENCE, behaviour=BEHAVIOUR[program]))
    return f"'{sys.executable}' '{script}' {{name}}"


@pytest.fixture(scope="module")
def fake_class(tmp_path_factory: pytest.TempPathFactory) -> dict[str, StudentResult]:
    """Every program graded once at library level, with the reference injected."""
    root = tmp_path_factory.mktemp("class")
    suite = load_suite(make_scenarios(root))
    expected = {s.name: tuple(REFERENCE[s.name].splitlines()) for s in suite}
    return {
        program: grade_student(program, suite, expected, run_attempts(command(root, program), suite, LIMITS, jobs=4))
        for program in BEHAVIOUR
    }


def statuses(student: StudentResult) -> dict[str, str]:
    return {r.name: r.status.value for r in student.results}


def test_the_correct_program_passes_everything(fake_class: dict[str, StudentResult]) -> None:
    student = fake_class["correct"]
    assert student.passed and (student.score, student.max_score) == (5, 5)
    assert [r.name for r in student.results] == ["alpha", "beta", "delta", "gamma"]


def test_a_wrong_program_fails_where_it_diverges(fake_class: dict[str, StudentResult]) -> None:
    student = fake_class["wrong"]
    assert statuses(student) == {"alpha": "pass", "beta": "fail", "delta": "pass", "gamma": "fail"}
    assert student.score == 2
    gamma = student.results[3]
    assert gamma.reason == "differs at line 5"
    assert "-gamma event 5\n+gamma event five" in gamma.detail


def test_a_crash_fails_that_scenario_with_its_exit_code_and_error_output(fake_class: dict[str, StudentResult]) -> None:
    student = fake_class["crash"]
    assert statuses(student)["beta"] == Status.CRASH and student.score == 3
    beta = student.results[1]
    assert beta.reason == "exited with code 1"
    assert "RuntimeError: boom" in beta.detail


def test_a_hang_is_killed_at_the_timeout(fake_class: dict[str, StudentResult]) -> None:
    student = fake_class["hang"]
    assert statuses(student)["delta"] == Status.TIMEOUT and student.score == 4
    assert student.results[2].reason == "no result after 1 s"


def test_garbage_and_floods_fail_only_their_scenarios(fake_class: dict[str, StudentResult]) -> None:
    student = fake_class["garbage"]
    assert statuses(student) == {"alpha": "not-utf8", "beta": "pass", "delta": "pass", "gamma": "oversized"}
    assert student.score == 3
    assert student.results[0].reason == "output is not UTF-8 (byte 6)"
    assert student.results[3].reason == "output larger than 10000 bytes"


def test_partial_credit_counts_the_events_before_the_first_divergence(tmp_path: Path) -> None:
    scenario = Scenario(tmp_path, "beta", points=2)
    expected = {"beta": tuple(REFERENCE["beta"].splitlines())}
    six_of_ten = "\n".join(REFERENCE["beta"].splitlines()[:6])
    attempts = {"beta": Attempt(six_of_ten)}
    assert grade_student("s", [scenario], expected, attempts, Options(partial=True)).score == pytest.approx(1.2)
    assert grade_student("s", [scenario], expected, attempts, Options(partial=False)).score == 0
    extra = {"beta": Attempt(REFERENCE["beta"] + "one more\n")}
    assert grade_student("s", [scenario], expected, extra, Options(partial=True)).score == pytest.approx(2 * 10 / 11)


def test_cli_grades_one_program_and_writes_junit_and_gradescope(tmp_path: Path) -> None:
    scenarios = make_scenarios(tmp_path)
    junit, gradescope = tmp_path / "report.xml", tmp_path / "results.json"
    result = CliRunner().invoke(app, [
        "grade", str(scenarios), "--command", command(tmp_path, "hang"), "--use-expected",
        "--timeout", "1", "--jobs", "4", "--junit", str(junit), "--gradescope", str(gradescope),
    ])
    assert result.exit_code == 1, result.output
    assert "delta     timeout  0/1    no result after 1 s" in result.stdout
    assert result.stdout.rstrip().endswith("total: 4/5")

    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("4", "0", "1")
    errors = {c.get("name"): c.find("error") for c in suite.iter("testcase")}
    assert [n for n, f in errors.items() if f is not None] == ["delta"]
    assert errors["delta"] is not None and errors["delta"].get("type") == "timeout"
    times = {c.get("name"): float(c.get("time", "nan")) for c in suite.iter("testcase")}
    assert times["delta"] >= 1.0 and all(0 < t < 1.0 for n, t in times.items() if n != "delta")

    results = json.loads(gradescope.read_text())
    assert results["score"] == 4
    assert [(t["name"], t["score"], t["max_score"]) for t in results["tests"]] == [
        ("alpha", 1, 1), ("beta", 2, 2), ("delta", 0, 1), ("gamma", 1, 1),
    ]
    assert results["tests"][2]["output"] == "no result after 1 s"


def test_references_are_made_once_per_grading_run_not_once_per_student(tmp_path: Path) -> None:
    from rawdeal.grading.plan import plan_grading, run_plan

    scenarios = make_scenarios(tmp_path)
    for student in ("ann", "ben", "cid"):
        folder = tmp_path / "class" / student
        folder.mkdir(parents=True)
        for name, text in REFERENCE.items():
            (folder / f"{name}.txt").write_text(text)
    calls: list[str] = []

    def reference(scenario: Scenario) -> str:
        calls.append(scenario.name)
        return REFERENCE[scenario.name]

    students = run_plan(plan_grading(scenarios, class_dir=tmp_path / "class"), reference)
    assert [s.passed for s in students] == [True, True, True]
    assert sorted(calls) == sorted(REFERENCE)


def test_a_scenario_run_sees_copies_of_its_save_and_moves_but_not_the_expected_transcript(tmp_path: Path) -> None:
    suite = load_suite(make_scenarios(tmp_path))
    script = tmp_path / "peek" / "peek.py"
    script.parent.mkdir()
    script.write_text(
        "import os, sys\n"
        "print(sorted(os.listdir('.')), sys.argv[1:])\n"
        "try: open(sys.argv[2], 'w').write('overwritten')\n"
        "except OSError: print('read-only')\n"
    )
    attempts = run_attempts(f"'{sys.executable}' '{script}' {{save}} {{moves}}", suite[:1], LIMITS)
    assert attempts["alpha"].text == "['moves.txt', 'start.json'] ['start.json', 'moves.txt']\nread-only\n"
    assert (suite[0].moves).read_text() == "\n"  # the scenario's own file is untouched


def test_a_student_folder_whose_name_is_not_utf8_is_graded_and_shown_escaped_in_every_report(tmp_path: Path) -> None:
    """A class folder is the students' own: a name in Latin-1 (`jos\\xe9`) must not stop the JSON,
    the HTML pages or the table for the whole class."""
    scenarios = make_scenarios(tmp_path)
    for student in (b"ann", b"jos\xe9"):
        folder = tmp_path / "class" / os.fsdecode(student)
        folder.mkdir(parents=True)
        for name, text in REFERENCE.items():
            (folder / f"{name}.txt").write_text(text if name != "beta" else "beta event 1\n")
    args = ["grade", str(scenarios), "--class", str(tmp_path / "class"), "--use-expected"]
    result = CliRunner().invoke(app, [*args, "--json", str(tmp_path / "g.json"), "--html", str(tmp_path / "pages")])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert "jos\\xe9" in result.stdout
    doc = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert [s["student"] for s in doc] == ["ann", "jos\\xe9"]
    assert (tmp_path / "pages" / "jos\\xe9" / "beta.html").is_file()
    printed = CliRunner().invoke(app, [*args, "--format", "json"])
    assert printed.exit_code == 1 and json.loads(printed.stdout)[1]["student"] == "jos\\xe9"
