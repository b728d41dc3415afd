"""`rawdeal grade --course`: real programs graded over the course's protocol, and hostile ones contained.

The test writes a tiny deterministic console program of its own (it lists the category's decks, reads
menu answers from standard input, re-reads out-of-range answers, plays a few "turns" from the decks),
then makes a bank in the course's layout by running it with its answers echoed as `INPUT:` lines.
Variants of that program, one per student folder, must each fail exactly where they differ, and each
hostile one must be contained. Timeouts are 1 s so the suite stays fast.
"""

from __future__ import annotations

import json
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from consolekit import make_bank, write_program

from rawdeal.cli import app
from rawdeal.grading.model import StudentResult
from rawdeal.grading.protocol import load_bank, plan_course, run_course, split_transcript
from rawdeal.grading.sandbox import Limits
from rawdeal.grading.score import Options

LIMITS = Limits(timeout=1.0, max_output=20_000, max_stderr=1_000)

# Each variant replaces the #HOOK line; `where` is what the test knows about when it misbehaves.
VARIANTS = {
    "correct": "",
    "one-line": "if turn == 3: line = line.replace('Turno', 'Turn')",
    "crash": "if turn == 2: sys.stdout.flush(); raise SystemExit('boom at turn 3')",
    "hang": "if turn == 2: print(line, flush=True); import time; time.sleep(60)",
    "flood": "if turn == 2:\n        while True: print('x' * 1000)",
    "errflood": "if turn == 0:\n        for _ in range(10000): sys.stderr.write('e' * 1000)",
    "deleter": (
        "for root, dirs, files in os.walk('.', topdown=False):\n"
        "        for f in files:\n"
        "            try: os.remove(os.path.join(root, f))\n"
        "            except OSError: pass"
    ),
    "peeker": (
        "for up in ('.', '..', '../..'):\n"
        "        for cat in os.listdir(os.path.join(up, 'data')) if os.path.isdir(os.path.join(up, 'data')) else []:\n"
        "            if cat.endswith('-Tests'): print('FOUND THE ANSWERS'); sys.exit(0)\n"
        "    if turn == 0: print('no answers found')"
    ),
}
@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_bank(tmp_path_factory.mktemp("bank"))


@pytest.fixture(scope="module")
def graded(bank: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, StudentResult]:
    """The whole fake class graded once, in one run, two programs at a time."""
    klass = tmp_path_factory.mktemp("class")
    for name, hook in VARIANTS.items():
        write_program(klass / name, hook)
    command = f"'{sys.executable}' {{student}}/main.py {{decks}}"
    plan = plan_course(bank, class_dir=klass, command=command)
    return {s.student: s for s in run_course(plan, Options(partial=True), LIMITS, jobs=2)}


def showing(bank: Path, text: str) -> set[str]:
    """The bank's tests whose expected output holds `text` (what a variant touches)."""
    return {t.name for t in load_bank(bank).tests if any(text in line for line in t.expected)}


def failing(student: StudentResult) -> dict[str, str]:
    return {r.name: r.status.value for r in student.results if not r.passed}


def test_the_bank_is_read_in_the_course_layout(bank: Path) -> None:
    tests = load_bank(bank).tests
    assert [t.name for t in tests] == ["01-Alpha/1", "01-Alpha/2", "01-Alpha/3", "01-Alpha/4",
                                       "02-Beta/1", "02-Beta/2", "02-Beta/3"]
    second = tests[1]
    assert second.inputs == ("3", "0", "1", "1", "1", "1", "2")
    assert second.stdin == b"3\n0\n1\n1\n1\n1\n2\n"
    assert "INPUT: 3" not in second.expected and "2- data/01-Alpha/02.txt" in second.expected
    assert split_transcript("a\r\nINPUT: 1\r\nb  \nINPUT:\n\n") == (("1", ""), ("a", "b"))


def test_the_correct_program_passes_every_transcript(graded: dict[str, StudentResult]) -> None:
    student = graded["correct"]
    assert student.passed and student.score == student.max_score == 7


def test_a_program_differing_in_one_line_fails_exactly_the_transcripts_it_touches(
    bank: Path, graded: dict[str, StudentResult],
) -> None:
    touched = showing(bank, "Turno 4:")
    assert 0 < len(touched) < 7
    student = graded["one-line"]
    assert set(failing(student)) == touched and set(failing(student).values()) == {"fail"}
    result = next(r for r in student.results if not r.passed)
    assert "-Turno 4:" in result.detail and "+Turn 4:" in result.detail


def test_a_crash_keeps_its_output_for_the_diff_and_partial_credit(bank: Path, graded: dict[str, StudentResult]) -> None:
    touched = showing(bank, "Turno 3:")
    student = graded["crash"]
    assert failing(student) == dict.fromkeys(touched, "crash")
    crashed = next(r for r in student.results if not r.passed)
    assert crashed.reason == "exited with code 1" and "boom at turn 3" in crashed.detail
    assert "-Turno 3:" in crashed.detail  # where its output stopped
    assert 0 < crashed.score < crashed.points


def test_a_hang_and_a_flood_are_cut_off_and_keep_their_partial_output(
    bank: Path, graded: dict[str, StudentResult],
) -> None:
    touched = showing(bank, "Turno 3:")
    hang, flood = graded["hang"], graded["flood"]
    assert failing(hang) == dict.fromkeys(touched, "timeout")
    assert failing(flood) == dict.fromkeys(touched, "oversized")
    slow = next(r for r in hang.results if not r.passed)
    assert slow.reason == "no result after 1 s" and 1.0 <= slow.seconds < 3 and slow.score > 0
    assert all(r.seconds < 1.0 for r in hang.results if r.passed)


def test_error_output_is_capped_and_does_not_fail_a_correct_transcript(graded: dict[str, StudentResult]) -> None:
    assert graded["errflood"].passed


def test_a_program_deleting_files_changes_neither_the_bank_nor_other_runs(
    bank: Path, graded: dict[str, StudentResult],
) -> None:
    assert graded["deleter"].passed  # every run still found its decks
    assert sorted(p.name for p in (bank / "data").iterdir()) == ["01-Alpha", "01-Alpha-Tests", "02-Beta", "02-Beta-Tests"]
    assert len(load_bank(bank).tests) == 7 and len(list((bank / "data" / "01-Alpha").iterdir())) == 3


def test_a_program_cannot_find_the_expected_transcripts(graded: dict[str, StudentResult]) -> None:
    student = graded["peeker"]
    assert len(failing(student)) == 7 and set(failing(student).values()) == {"fail"}
    assert all("FOUND THE ANSWERS" not in r.detail for r in student.results)


def test_cli_grades_a_class_and_writes_every_report(bank: Path, tmp_path: Path) -> None:
    klass = tmp_path / "class"
    write_program(klass / "ana", "")
    write_program(klass / "\x1b[31mbea", VARIANTS["crash"])
    out = tmp_path / "out"
    out.mkdir()
    result = CliRunner().invoke(app, [
        "grade", "--course", str(bank), "--class", str(klass), "--only", "01-Alpha/*", "--partial",
        "--command", f"'{sys.executable}' {{student}}/main.py {{decks}}", "--timeout", "5", "--jobs", "2",
        "--json", str(out / "grades.json"), "--junit", str(out / "report.xml"),
    ])
    assert result.exit_code == 1, result.output
    assert "\x1b" not in result.stdout and "\\x1b[31mbea" in result.stdout
    grades = json.loads((out / "grades.json").read_text())
    assert [(g["student"], g["max_score"]) for g in grades] == [("\x1b[31mbea", 4), ("ana", 4)]
    assert grades[1]["score"] == 4 and grades[1]["scenarios"][0]["name"] == "01-Alpha/1"
    suite = ET.parse(out / "report.xml").getroot().findall("testsuite")[0]
    crashed = {c.get("name") for c in suite.iter("testcase") if c.find("error") is not None}
    assert "01-Alpha/4" in crashed, result.stdout
    assert crashed == showing(bank, "Turno 3:") & {f"01-Alpha/{n}" for n in range(1, 5)}
    assert all(float(c.get("time", "nan")) > 0 for c in suite.iter("testcase"))


def test_cli_one_program_gradescope_with_hidden_tests(bank: Path, tmp_path: Path) -> None:
    program = write_program(tmp_path / "me", VARIANTS["one-line"]) / "main.py"
    results = tmp_path / "results.json"
    result = CliRunner().invoke(app, [
        "grade", "--course", str(bank), "--command", f"'{sys.executable}' '{program}' {{decks}}",
        "--gradescope", str(results), "--hidden", "02-Beta/*",
    ])
    assert result.exit_code == 1
    data = json.loads(results.read_text())
    touched = showing(bank, "Turno 4:")
    assert data["score"] == 7 - len(touched) and data["output_format"] == "text" and data["execution_time"] > 0
    assert {t["name"] for t in data["tests"] if t["status"] == "failed"} == touched
    assert {t["name"]: t["visibility"] for t in data["tests"]} == {
        t.name: "after_published" if t.name.startswith("02-Beta/") else "visible" for t in load_bank(bank).tests
    }


def test_transcript_folders_in_the_course_layout_read_only_regular_files_inside(bank: Path, tmp_path: Path) -> None:
    student = tmp_path / "student"
    for t in ("01-Alpha", "02-Beta"):
        (student / t).mkdir(parents=True)
    for test in load_bank(bank).tests:
        (student / f"{test.name}.txt").write_text("\n".join(test.expected) + "\n")
    (student / "01-Alpha" / "2.txt").unlink()
    (student / "01-Alpha" / "2.txt").symlink_to(bank / "data" / "01-Alpha-Tests" / "2.txt")
    (student / "02-Beta" / "1.txt").unlink()
    os.mkfifo(student / "02-Beta" / "1.txt")
    plan = plan_course(bank, submission=student)
    (result,) = run_course(plan, Options(), LIMITS)
    assert failing(result) == {"01-Alpha/2": "missing", "02-Beta/1": "missing"}
    reasons = {r.name: r.reason for r in result.results}
    assert reasons["01-Alpha/2"] == "01-Alpha/2.txt is a symbolic link or not a folder (only regular files are read)"
    assert reasons["02-Beta/1"] == "02-Beta/1.txt is not a regular file"


@pytest.mark.parametrize(("args", "message"), [
    (["--command", "x"], "give a SCENARIOS folder or --course ROOT"),
    (["--course", "{bank}", "--command", "x", "--only", "nothing/*"], "no transcripts selected by --only 'nothing/*'"),
    (["--course", "{bank}", "--class", "{tmp}", "--command", "python main.py {{decks}}"], "needs {{student}}"),
    (["--course", "{tmp}", "--command", "x"], "no data/ folder"),
    (["--course", "{bank}"], "give --command, --submission or --class"),
    (["--course", "{bank}", "--command", "x", "--user", "no-such-user-here"], "no such user on this machine"),
])
def test_course_usage_errors_exit_2(bank: Path, tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "someone").mkdir()
    result = CliRunner().invoke(app, ["grade", *[a.format(bank=bank, tmp=tmp_path) for a in args]])
    assert result.exit_code == 2, result.output
    assert message.format() in result.stderr



def test_rawdeal_course_play_scores_every_transcript_of_an_exported_bank(tmp_path: Path) -> None:
    runner = CliRunner()
    export = runner.invoke(app, ["course", "export", "-o", str(tmp_path / "bank"), "--category", "12-Random",
                                 "--games", "3", "--seed", "11"])
    assert export.exit_code == 0, export.output
    result = runner.invoke(app, [
        "grade", "--course", str(tmp_path / "bank"), "--command", f"'{sys.executable}' -m rawdeal course play {{decks}}",
        "--jobs", "2", "--timeout", "60",
    ])
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith("total: 3/3")
