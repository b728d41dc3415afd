"""`rawdeal grade` over transcript folders: one student, a whole class, the report files, usage errors."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from rawdeal.cli import app

REFERENCE = {name: "".join(f"{name} event {i}\n" for i in range(1, 9)) for name in ("one", "two", "three")}


def grade(*args: str | Path) -> Result:
    return CliRunner().invoke(app, ["grade", *map(str, args)])


@pytest.fixture
def scenarios(tmp_path: Path) -> Path:
    for name, text in REFERENCE.items():
        folder = tmp_path / "scenarios" / name
        folder.mkdir(parents=True)
        (folder / "start.json").write_text("{}\n")
        (folder / "moves.txt").write_text("\n")
        (folder / "expected.txt").write_text(text)
    (tmp_path / "scenarios" / "two" / "scenario.json").write_text('{"points": 3}')
    return tmp_path / "scenarios"


@pytest.fixture
def submissions(tmp_path: Path) -> Path:
    """alice is right; bob is wrong on `three` and forgot `two`; carol's `one` is not UTF-8."""
    for student in ("alice", "bob", "carol"):
        folder = tmp_path / "submissions" / student
        folder.mkdir(parents=True)
        for name, text in REFERENCE.items():
            (folder / f"{name}.txt").write_text(text.replace("\n", "\r\n"))  # CRLF is fine
    (tmp_path / "submissions" / "bob" / "two.txt").unlink()
    (tmp_path / "submissions" / "bob" / "three.txt").write_text(REFERENCE["three"].replace("event 4", "event IV"))
    (tmp_path / "submissions" / "carol" / "one.txt").write_bytes(b"one \xe9vent 1\n")
    return tmp_path / "submissions"


def test_one_student_gets_a_table_and_a_total(scenarios: Path, submissions: Path) -> None:
    alice = grade(scenarios, "--submission", submissions / "alice", "--use-expected")
    assert alice.exit_code == 0, alice.output
    assert alice.stdout.splitlines()[:2] == ["alice: 5/5 (3 of 3 scenarios passed)", "  scenario  status  score  detail"]
    assert alice.stdout.rstrip().endswith("total: 5/5")
    bob = grade(scenarios, "--submission", submissions / "bob", "--use-expected", "--partial")
    assert bob.exit_code == 1
    assert "  three     fail     0.38/1  differs at line 4" in bob.stdout
    assert "  two       missing  0/3     no transcript two.txt" in bob.stdout


def test_a_class_in_one_command(scenarios: Path, submissions: Path, tmp_path: Path) -> None:
    report, data = tmp_path / "report.xml", tmp_path / "grades.json"
    result = grade(scenarios, "--class", submissions, "--use-expected", "--junit", report, "--json", data)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-4:] == [
        "student  score  passed", "alice    5/5    3/3", "bob      1/5    1/3", "carol    4/5    2/3",
    ]
    assert "-three event 4\n    +three event IV" in result.stdout

    root = ET.parse(report).getroot()
    assert (root.get("tests"), root.get("failures")) == ("9", "3")
    failed = {(s.get("name"), c.get("name")): f.get("type")
              for s in root.iter("testsuite") for c in s.iter("testcase") if (f := c.find("failure")) is not None}
    assert failed == {("bob", "three"): "fail", ("bob", "two"): "missing", ("carol", "one"): "not-utf8"}
    diff = root.find("testsuite[@name='bob']/testcase[@name='three']/failure")
    assert diff is not None and diff.get("message") == "differs at line 4" and "+three event IV" in (diff.text or "")

    grades = json.loads(data.read_text())
    assert [(g["student"], g["score"], g["max_score"]) for g in grades] == [
        ("alice", 5, 5), ("bob", 1, 5), ("carol", 4, 5),
    ]
    assert grades[2]["scenarios"][0] == {
        "name": "one", "status": "not-utf8", "score": 0, "max_score": 1,
        "reason": "output is not UTF-8 (byte 4)", "detail": "",
    }


def test_summary_prints_one_line_per_student(scenarios: Path, submissions: Path) -> None:
    result = grade(scenarios, "--class", submissions, "--use-expected", "--summary")
    assert result.stdout.splitlines() == [
        "student  score  passed", "alice    5/5    3/3", "bob      1/5    1/3", "carol    4/5    2/3",
    ]


def test_reports_are_deterministic_and_leave_no_temporary_files(
    scenarios: Path, submissions: Path, tmp_path: Path,
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    texts = []
    for _ in range(2):
        grade(scenarios, "--class", submissions, "--use-expected", "--junit", out / "r.xml", "--json", out / "r.json")
        texts.append(((out / "r.xml").read_text(), (out / "r.json").read_text()))
    assert texts[0] == texts[1]
    assert sorted(p.name for p in out.iterdir()) == ["r.json", "r.xml"]
    assert str(tmp_path) not in texts[0][0] + texts[0][1]


def test_oversized_transcript_files_fail_their_scenario(scenarios: Path, submissions: Path) -> None:
    result = grade(scenarios, "--submission", submissions / "alice", "--use-expected", "--max-output", "100")
    assert result.exit_code == 1
    assert "oversized" in result.stdout and "two.txt is larger than 100 bytes" in result.stdout


@pytest.mark.parametrize("args", [
    ["--use-expected"],
    ["--use-expected", "--submission", "{sub}/alice", "--class", "{sub}"],
    ["--use-expected", "--class", "{sub}", "--gradescope", "{tmp}/results.json"],
    ["--use-expected", "--submission", "{tmp}/nobody"],
    ["--use-expected", "--submission", "{sub}/alice", "--json", "{tmp}/no/such/folder.json"],
])
def test_usage_errors_exit_2(scenarios: Path, submissions: Path, tmp_path: Path, args: list[str]) -> None:
    filled = [a.format(sub=submissions, tmp=tmp_path) for a in args]
    result = grade(scenarios, *filled)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("rawdeal: ")


def test_a_missing_scenario_folder_exits_2_and_a_missing_expected_exits_1(
    scenarios: Path, submissions: Path, tmp_path: Path,
) -> None:
    assert grade(tmp_path / "nope", "--submission", submissions / "alice").exit_code == 2
    (scenarios / "two" / "expected.txt").unlink()
    result = grade(scenarios, "--submission", submissions / "alice", "--use-expected")
    assert result.exit_code == 1 and "two: no expected.txt" in result.stderr


@pytest.mark.parametrize(("meta", "message"), [
    ('{"points": NaN}', "cannot read scenario metadata"),  # not JSON at all
    ('{"points": Infinity}', "cannot read scenario metadata"),
    ("points = inf\n", "points = inf: give a finite number of points"),
    ("points = nan\n", "points = nan: give a finite number of points"),
])
def test_points_that_are_not_finite_are_a_metadata_error(
    scenarios: Path, submissions: Path, meta: str, message: str,
) -> None:
    (scenarios / "two" / "scenario.json").unlink()
    (scenarios / "two" / ("scenario.toml" if "=" in meta else "scenario.json")).write_text(meta)
    result = grade(scenarios, "--submission", submissions / "alice", "--use-expected")
    assert result.exit_code == 1, result.output
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.output


def test_junit_stays_valid_xml_and_the_terminal_gets_no_control_characters(
    scenarios: Path, submissions: Path, tmp_path: Path,
) -> None:
    odd = submissions / "eve\x01<&>\x1b[2J"
    (submissions / "bob").rename(odd)
    (odd / "three.txt").write_text(REFERENCE["three"].replace("event 4", "event \x1b[31m4\x07\x00"))
    report = tmp_path / "report.xml"
    result = grade(scenarios, "--class", submissions, "--use-expected", "--junit", report)
    assert result.exit_code == 1
    assert not any(c in result.stdout for c in "\x00\x01\x07\x1b")
    assert "eve\\x01<&>\\x1b[2J" in result.stdout and "+three event \\x1b[31m4\\x07\\x00" in result.stdout
    suites = {s.get("name"): s for s in ET.parse(report).getroot().iter("testsuite")}
    assert "eve\ufffd<&>\ufffd[2J" in suites
