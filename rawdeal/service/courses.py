"""Courses, assignments and submissions over the database: who sees what, and the shapes returned."""

from __future__ import annotations

import fnmatch
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session, sessionmaker

from rawdeal.errors import UsageError
from rawdeal.service import divergence_pages
from rawdeal.service.auth import new_id
from rawdeal.service.context import Context
from rawdeal.service.db import Assignment, Course, Result, Submission, Token, now
from rawdeal.service.jobs import utc
from rawdeal.service.models import (
    AssignmentOut, CourseOut, Divergence, GradeRow, GradesOut, Phases, PublicTest, StudentOut, SubmissionOut, TestInfo, TestResult,
)
from rawdeal.service.uploads import read_zip, unpack


def sees_course(who: Token, course: Course) -> bool:
    """Staff see the courses they made; a student sees the one they belong to."""
    return course.owner_id == who.id if who.role == "staff" else course.id == who.course_id


def new_course(s: Session, who: Token, name: str) -> Course:
    course = Course(id=new_id(), name=name, owner_id=who.id)
    s.add(course)
    return course


def course_out(sessions: sessionmaker[Session], course: Course, who: Token) -> CourseOut:
    with sessions() as s:
        assignments = s.scalars(select(Assignment).where(Assignment.course_id == course.id)
                                .order_by(Assignment.created_at)).all()
        students = s.scalars(select(Token).where(Token.course_id == course.id).order_by(Token.created_at)).all() \
            if who.role == "staff" else []
    return CourseOut(id=course.id, name=course.name, assignments=[assignment_out(a, who) for a in assignments],
                     students=[StudentOut(id=t.id, name=t.name) for t in students])


def visibility(name: str, rules: list[tuple[str, str]]) -> str:
    """The first rule whose glob matches the test's `<cat>/<n>`; visible when none does."""
    return next((v for glob, v in rules if fnmatch.fnmatchcase(name, glob)), "visible")


def new_assignment(context: Context, course: Course, name: str, command: str, timeout: float, bank: bytes,
                   rules: list[tuple[str, str]], due: datetime | None) -> Assignment:
    """Check the bank (a safe zip holding a course layout) and the command, then store both."""
    from rawdeal.grading.runner import split_command
    from rawdeal.service.grader import bank_tests

    if "{student}" not in command:
        raise UsageError("the command needs {student}, the folder of the submitted program: e.g. "
                         "'python3 {student}/main.py {decks}'")
    split_command(command)
    files = read_zip(bank)
    with tempfile.TemporaryDirectory(prefix="rawdeal-bank-") as tmp:
        unpack(files, Path(tmp))
        names = bank_tests(Path(tmp))
    key = context.blobs.put(bank)
    tests = [{"name": n, "visibility": visibility(n, rules), "points": 1.0} for n in names]
    row = Assignment(id=new_id(), course_id=course.id, name=name, command=command, timeout=timeout, bank=key,
                     tests=tests, due_at=due if due is None or due.tzinfo else due.replace(tzinfo=timezone.utc))
    with context.writes.begin() as s:
        s.add(row)
    return row


def exported_bank(category: str, games: int, seed: int) -> bytes:
    """A bank made by `rawdeal course export` (the same seed, the same bytes), zipped as staff upload one."""
    import io
    import zipfile

    from rawdeal.course.export import export_bank

    with tempfile.TemporaryDirectory(prefix="rawdeal-export-") as tmp:
        root = Path(tmp)
        export_bank(root, category, games, seed)
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for path in sorted(p for p in root.rglob("*") if p.is_file()):
                info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
                z.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
        return buf.getvalue()


def shown(assignment: Assignment, who: Token, test: dict[str, Any]) -> bool:
    """Whether the caller may see a test's details: staff always; a student when it is visible, or
    `after_due` and the due date has passed."""
    if who.role == "staff" or test["visibility"] == "visible":
        return True
    return test["visibility"] == "after_due" and assignment.due_at is not None and now() >= utc(assignment.due_at)


def shown_tests(assignment: Assignment, who: Token) -> list[str]:
    return [t["name"] for t in assignment.tests if shown(assignment, who, t)]


def assignment_out(a: Assignment, who: Token) -> AssignmentOut:
    tests = [TestInfo.model_validate(t) for t in a.tests if shown(a, who, t)]
    return AssignmentOut(id=a.id, course=a.course_id, name=a.name, command=a.command, timeout=a.timeout,
                         due=utc(a.due_at) if a.due_at else None, tests=tests)


def public_test(context: Context, a: Assignment, name: str) -> PublicTest:
    """A test's answers and expected transcript, read from the stored bank (only for tests shown)."""
    from rawdeal.grading import protocol
    from rawdeal.service.grader import open_bank

    bank = open_bank(lambda: context.blobs.get(a.bank), context.settings.banks / a.bank)
    test = next(t for t in protocol.load_bank(bank).tests if t.name == name)
    return PublicTest(name=name, inputs=list(test.inputs), expected="\n".join(test.expected) + "\n")


def rate_wait(context: Context, who: Token) -> float:
    """0 when the caller may submit now; else seconds until they may. The limit counts the token's
    submissions of the last minute in the database, so it holds across server processes and machines."""
    from datetime import timedelta

    from sqlalchemy import func

    at = now()
    with context.sessions() as s:
        count, oldest = s.execute(select(func.count(), func.min(Submission.received_at)).where(
            Submission.student_id == who.id, Submission.received_at > at - timedelta(seconds=60))).one()
    if count < context.settings.submissions_per_minute:
        return 0.0
    return max(0.1, 60 - (at - utc(oldest)).total_seconds())


def new_submission(context: Context, a: Assignment, who: Token, program: bytes, callback: str | None) -> Submission:
    """Check the zip, store it by content hash, and queue it (received and queued in one transaction)."""
    read_zip(program)
    key = context.blobs.put(program)
    at = now()
    row = Submission(id=new_id(), assignment_id=a.id, student_id=who.id, program=key, callback_url=callback,
                     state="queued", received_at=at, queued_at=at, runs=0)
    with context.writes.begin() as s:
        s.add(row)
    return row


# The statements of a submission's page, built once (a GET is read many times a second while a class
# waits for its results; building a statement costs as much as running it).
_SEEN_BY = {
    role: select(Submission, Assignment).join(Assignment, Submission.assignment_id == Assignment.id)
    .join(Course, Assignment.course_id == Course.id)
    .where(Submission.id == bindparam("sid"), column == bindparam("who"))
    for role, column in (("student", Submission.student_id), ("staff", Course.owner_id))
}
_RESULTS = (select(Result.name, Result.status, Result.score, Result.points, Result.seconds, Result.reason, Result.detail,
                   Result.divergence).where(Result.submission_id == bindparam("sid")).order_by(Result.position))
_NAME = select(Token.name).where(Token.id == bindparam("tid"))


def _find(s: Session, who: Token, sid: str) -> tuple[Submission, Assignment] | None:
    row = s.execute(_SEEN_BY["student" if who.role == "student" else "staff"], {"sid": sid, "who": who.id}).first()
    return None if row is None else (row[0], row[1])


def seen_submission(context: Context, who: Token, sid: str) -> SubmissionOut | None:
    """`submission_out` of the submission if the caller may see it (None: 404), read in one transaction."""
    with context.sessions() as s:
        found = _find(s, who, sid)
        if found is None:
            return None
        return _submission_out(s, *found, who)


def submission_out(context: Context, row: Submission, a: Assignment, who: Token) -> SubmissionOut:
    """A submission as the caller may see it: a student gets no hidden test, not even its score."""
    with context.sessions() as s:
        return _submission_out(s, row, a, who)


def _submission_out(s: Session, row: Submission, a: Assignment, who: Token) -> SubmissionOut:
    results = s.execute(_RESULTS, {"sid": row.id}).all()
    student = who.name if who.id == row.student_id else s.scalar(_NAME, {"tid": row.student_id})
    meta = {t["name"]: t for t in a.tests}
    visible = [r for r in results if shown(a, who, meta.get(r.name, {"visibility": "hidden"}))]
    tests = [TestResult(name=r.name, visibility=meta.get(r.name, {}).get("visibility", "hidden"), status=r.status,
                        score=r.score, points=r.points, seconds=r.seconds, reason=r.reason, detail=r.detail,
                        divergence=Divergence.model_validate(r.divergence) if r.divergence else None,
                        page=divergence_pages.url(row.id, r.name) if divergence_pages.has_page(r.divergence) else None)
             for r in visible]
    graded = row.state == "graded"
    return SubmissionOut(
        id=row.id, assignment=row.assignment_id, student=student or "", state=row.state,  # type: ignore[arg-type]
        phases=Phases(received=utc(row.received_at), queued=_at(row.queued_at), running=_at(row.running_at),
                      graded=_at(row.graded_at), error=_at(row.error_at)),
        error=row.error, score=sum(t.score for t in tests) if graded else None,
        max_score=sum(t.points for t in tests) if graded else None, hidden_tests=len(results) - len(visible),
        tests=tests)


def _at(value: datetime | None) -> datetime | None:
    return utc(value) if value else None


def grade_table(context: Context, course: Course, who: Token) -> GradesOut:
    """One row a student: the latest graded score of each assignment (None: nothing graded yet)."""
    with context.sessions() as s:
        assignments = s.scalars(select(Assignment).where(Assignment.course_id == course.id)
                                .order_by(Assignment.created_at)).all()
        students = s.scalars(select(Token).where(Token.course_id == course.id).order_by(Token.name)).all()
        graded = s.scalars(select(Submission).where(Submission.assignment_id.in_([a.id for a in assignments]),
                                                    Submission.state == "graded")
                           .order_by(Submission.received_at)).all()
    latest = {(g.student_id, g.assignment_id): g.score for g in graded}
    rows = [GradeRow(student=t.id, name=t.name, scores={a.id: latest.get((t.id, a.id)) for a in assignments})
            for t in students]
    return GradesOut(assignments=[assignment_out(a, who) for a in assignments], rows=rows)


