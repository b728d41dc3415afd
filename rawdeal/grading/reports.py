"""Grades rendered for people (terminal tables) and for machines (JSON, JUnit XML, Gradescope).

Reports hold no timestamps or absolute paths, so grading the same class twice gives the same
files (run times, in JUnit and Gradescope, are the one exception: they are measurements). Files are
written atomically: a half-written report never replaces a good one. Student output and names
reach a terminal only with control and ANSI escape characters shown as escapes, and reach XML only
as characters XML can carry.
"""

from __future__ import annotations

import fnmatch
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from rawdeal.grading.model import ScenarioResult, StudentResult
from rawdeal.inputs import printable as printable  # the one escaper; grading imports it from here

# Characters XML 1.0 cannot carry; student output may hold any of them.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def num(x: float) -> str:
    """A score as people write it: 2, 1.5, 0.33."""
    return f"{round(x, 2):g}"


def earned(score: float, points: float) -> str:
    """A score out of `points` as people write it; a failing score that would round up to the
    full points shows one hundredth less (0.996 of 1 is 0.99, never 1), so only a pass reads full."""
    if score < points and round(score, 2) >= points:
        return num(points - 0.01)
    return num(score)


def _columns(rows: Sequence[Sequence[str]], indent: str = "") -> str:
    from rawdeal.tables import columns

    return columns(rows, indent)


def student_table(student: StudentResult) -> str:
    """The per-scenario table of one student, then each failure's reason and diff."""
    rows = [("scenario", "status", "score", "detail")] + [
        (printable(r.name), r.status.value, f"{earned(r.score, r.points)}/{num(r.points)}", printable(r.reason))
        for r in student.results
    ]
    passed = len(student.results) - len(student.failures)
    head = (f"{printable(student.student)}: {earned(student.score, student.max_score)}/{num(student.max_score)} "
            f"({passed} of {len(student.results)} scenarios passed)")
    parts = [head, _columns(rows, "  ")] + [_failure(r) for r in student.failures]
    return "\n".join(parts)


def _failure(result: ScenarioResult) -> str:
    text = f"\n  {printable(result.name)}: {printable(result.reason)}"
    if result.detail:
        text += "\n" + "\n".join(f"    {printable(line)}" for line in result.detail.split("\n"))
    return text


def summary_table(students: Sequence[StudentResult]) -> str:
    """One line per student: score and scenarios passed, then the class total."""
    rows = [("student", "score", "passed")] + [
        (printable(s.student), f"{earned(s.score, s.max_score)}/{num(s.max_score)}",
         f"{len(s.results) - len(s.failures)}/{len(s.results)}")
        for s in students
    ]
    return _columns(rows)


def terminal_report(students: Sequence[StudentResult], single: bool, summary_only: bool = False) -> str:
    """What `rawdeal grade` prints: each student's table, and in class mode the summary."""
    if single:
        (student,) = students
        return f"{student_table(student)}\n\ntotal: {earned(student.score, student.max_score)}/{num(student.max_score)}"
    tables = [] if summary_only else [student_table(s) + "\n" for s in students]
    return "\n".join([*tables, summary_table(students)])


def to_json(student: StudentResult) -> dict[str, Any]:
    return {
        "student": student.student,
        "score": round(student.score, 4),
        "max_score": round(student.max_score, 4),
        "scenarios": [
            {"name": r.name, "status": r.status.value, "score": round(r.score, 4),
             "max_score": r.points, "reason": r.reason, "detail": r.detail}
            for r in student.results
        ],
    }


def json_report(students: Sequence[StudentResult], single: bool) -> str:
    """One student's object, or (class mode) a list of them."""
    data: Any = to_json(students[0]) if single else [to_json(s) for s in students]
    return orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n"


def _xml_text(text: str) -> str:
    return text if text.isprintable() else _NOT_XML.sub("\ufffd", text)


def junit_report(students: Sequence[StudentResult], pages: Mapping[tuple[str, str], str] | None = None) -> str:
    """JUnit XML: one testsuite per student, one testcase per scenario with its run time; a wrong
    transcript is a `failure` (with the diff), a crash or timeout an `error`. A failure's divergence
    page (`pages`, by student and scenario: `grade --html`) is named in its `system-out` as an
    attachment, the form Jenkins' and GitLab's JUnit readers link to."""
    errors = sum(r.errored for s in students for r in s.results)
    failures = sum(len(s.failures) for s in students) - errors
    tests = sum(len(s.results) for s in students)
    root = ET.Element("testsuites", name="rawdeal grade", tests=str(tests), failures=str(failures),
                      errors=str(errors), time=_seconds(sum(r.seconds for s in students for r in s.results)))
    for student in students:
        name = _xml_text(student.student)
        suite_errors = sum(r.errored for r in student.results)
        suite = ET.SubElement(root, "testsuite", name=name, tests=str(len(student.results)),
                              failures=str(len(student.failures) - suite_errors), errors=str(suite_errors),
                              skipped="0", time=_seconds(sum(r.seconds for r in student.results)))
        props = ET.SubElement(suite, "properties")
        ET.SubElement(props, "property", name="score", value=num(student.score))
        ET.SubElement(props, "property", name="max_score", value=num(student.max_score))
        for r in student.results:
            case = ET.SubElement(suite, "testcase", classname=name, name=_xml_text(r.name), time=_seconds(r.seconds))
            if not r.passed:
                kind = "error" if r.errored else "failure"
                element = ET.SubElement(case, kind, message=_xml_text(r.reason), type=r.status.value)
                element.text = _xml_text(r.detail)
                page = (pages or {}).get((student.student, r.name))
                if page is not None:
                    ET.SubElement(case, "system-out").text = _xml_text(f"divergence page: {page}\n[[ATTACHMENT|{page}]]")
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def _page_line(page: str | None) -> str:
    return "" if page is None else f"divergence page: {page}"


def _seconds(x: float) -> str:
    return f"{x:.3f}"


def gradescope_report(student: StudentResult, hidden: Sequence[str] = (), note: str = "",
                      pages: Mapping[tuple[str, str], str] | None = None) -> str:
    """Gradescope's results.json (its documented format): the total, the run time, one test per
    scenario; tests matching a `hidden` glob stay hidden until grades are published. A `note` (said
    once about the whole bank) goes at the top, as the submission's own output. A failure's output
    ends with its divergence page's path (`pages`: `grade --html`): the format has no attachments."""
    shown = pages or {}
    tests = [
        {"name": r.name, "score": round(r.score, 4), "max_score": r.points,
         "status": "passed" if r.passed else "failed",
         "output": "passed" if r.passed else "\n".join(filter(None, (
             r.reason, r.detail, _page_line(shown.get((student.student, r.name)))))),
         "output_format": "text",
         "visibility": "after_published" if any(fnmatch.fnmatchcase(r.name, g) for g in hidden) else "visible"}
        for r in student.results
    ]
    data = {"score": round(student.score, 4), "execution_time": round(sum(r.seconds for r in student.results), 3),
            "output_format": "text", "test_output_format": "text", "visibility": "visible", "tests": tests}
    if note:
        data["output"] = note
    return orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n"
