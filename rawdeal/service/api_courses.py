"""Courses: staff make courses, students and assignments; students submit programs and read results.

Access: a token is staff or a student of one course. Staff see only their own courses; a student
sees their own submissions and only the tests visible to them. Anything else is 404, exactly as a
resource that does not exist (never 403, which would say that it does).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Depends, File, Form, Request, Response, UploadFile
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy import select

from rawdeal.errors import RawdealError
from rawdeal.service import courses
from rawdeal.service.api_play import ERRORS, ctx
from rawdeal.service.app import ProblemError
from rawdeal.service.auth import cached_lookup, issue
from rawdeal.service.db import Assignment, Course, Submission, Token
from rawdeal.service.models import (
    AssignmentOut, CourseIn, CourseOut, GradesOut, PublicTest, QueueOut, StudentIn, StudentOut, SubmissionOut,
)

router = APIRouter(responses={**ERRORS, 401: ERRORS[400], 429: ERRORS[400], 503: ERRORS[400]})
_bearer = HTTPBearer(auto_error=False, description="A staff or student token (`rawdeal serve token`, or given to a student).")


async def caller(request: Request, creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]) -> Token:
    """The token's owner; 401 without a valid token. (On the event loop: one indexed look-up costs
    less than the thread hop a plain function would take, on every request.)"""
    token = creds.credentials if creds else request.cookies.get("rawdeal_token")
    row = None
    if token:
        context = ctx(request)
        row = cached_lookup(context.tokens, context.sessions, token)
    if row is None:
        raise ProblemError(401, "unauthorized", "a valid token is needed (Authorization: Bearer <token>)",
                           headers={"WWW-Authenticate": "Bearer"})
    return row


Caller = Annotated[Token, Depends(caller)]


async def staff(who: Caller) -> Token:
    if who.role != "staff":
        raise ProblemError(404, "not found", "no such resource")
    return who


Staff = Annotated[Token, Depends(staff)]


def _missing(what: str, rid: str) -> ProblemError:
    return ProblemError(404, "not found", f"no {what} {rid}")


def own_course(request: Request, who: Token, cid: str) -> Course:
    with ctx(request).sessions() as s:
        course = s.get(Course, cid)
    if course is None or not courses.sees_course(who, course):
        raise _missing("course", cid)
    return course


def own_assignment(request: Request, who: Token, aid: str) -> tuple[Assignment, Course]:
    with ctx(request).sessions() as s:
        assignment = s.get(Assignment, aid)
        course = s.get(Course, assignment.course_id) if assignment else None
    if assignment is None or course is None or not courses.sees_course(who, course):
        raise _missing("assignment", aid)
    return assignment, course


@router.post("/v1/courses", tags=["courses"], status_code=201)
def new_course(body: CourseIn, who: Staff, request: Request) -> CourseOut:
    """Staff make a course; they alone see it."""
    with ctx(request).writes.begin() as s:
        course = courses.new_course(s, who, body.name)
    return courses.course_out(ctx(request).sessions, course, who)


@router.get("/v1/courses", tags=["courses"])
def list_courses(who: Staff, request: Request) -> list[CourseOut]:
    """The caller's courses."""
    with ctx(request).sessions() as s:
        rows = s.scalars(select(Course).where(Course.owner_id == who.id).order_by(Course.created_at)).all()
    return [courses.course_out(ctx(request).sessions, c, who) for c in rows]


@router.get("/v1/courses/{cid}", tags=["courses"])
def get_course(cid: str, who: Caller, request: Request) -> CourseOut:
    """A course: its assignments (and, for staff, its students)."""
    return courses.course_out(ctx(request).sessions, own_course(request, who, cid), who)


@router.post("/v1/courses/{cid}/students", tags=["courses"], status_code=201)
def new_student(cid: str, body: StudentIn, who: Staff, request: Request) -> StudentOut:
    """Add a student; the answer holds their token, shown this once."""
    course = own_course(request, who, cid)
    with ctx(request).writes.begin() as s:
        row, token = issue(s, "student", body.name, course.id)
    return StudentOut(id=row.id, name=row.name, token=token)


@router.post("/v1/courses/{cid}/assignments", tags=["courses"], status_code=201)
async def new_assignment(
    cid: str, who: Staff, request: Request,
    name: Annotated[str, Form(min_length=1, max_length=200)],
    command: Annotated[str, Form(min_length=1, max_length=2000, description="How a program runs: {decks} is the deck folder, {student} the program's folder, e.g. `python3 {student}/main.py {decks}`.")],
    bank: Annotated[UploadFile | None, File(description="A zip of the course layout: data/<cat>/ decks and data/<cat>-Tests/<n>.txt (or export_category).")] = None,
    export_category: Annotated[str | None, Form(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$", description="Without a bank: make one on the server with `rawdeal course export` in this category.")] = None,
    export_games: Annotated[int, Form(ge=1, le=200, description="With export_category: how many tests.")] = 10,
    export_seed: Annotated[int, Form(ge=0, le=2**63 - 1, description="With export_category: the seed (same seed, same bank).")] = 0,
    timeout: Annotated[float, Form(gt=0, le=600)] = 10.0,
    visibility: Annotated[str, Form(max_length=20000, description='JSON: {"<glob of cat/n>": "visible"|"after_due"|"hidden"}; first match wins, default visible.')] = "{}",
    due: Annotated[datetime | None, Form()] = None,
) -> AssignmentOut:
    """Publish an assignment: a test bank, the command that runs a submission, the timeout and which
    tests students see (visible, after the due date, hidden)."""
    from starlette.concurrency import run_in_threadpool

    course = own_course(request, who, cid)
    rules = _visibility(visibility)
    context = ctx(request)
    try:
        if bank is not None:
            data = await _read_upload(request, bank)
        elif export_category is not None:
            data = await run_in_threadpool(courses.exported_bank, export_category, export_games, export_seed)
        else:
            raise ProblemError(422, "invalid request", "give a bank (a zip) or export_category (a bank made here)")
        assignment = await run_in_threadpool(courses.new_assignment, context, course, name, command, timeout, data,
                                             rules, due)
    except RawdealError as exc:
        raise ProblemError(422, "invalid assignment", str(exc)) from None
    return courses.assignment_out(assignment, who)


def _visibility(text: str) -> list[tuple[str, str]]:
    try:
        rules = orjson.loads(text)
    except orjson.JSONDecodeError:
        rules = None
    if not isinstance(rules, dict) or any(v not in ("visible", "after_due", "hidden") or not isinstance(k, str)
                                          for k, v in rules.items()):
        raise ProblemError(422, "invalid request", 'visibility: a JSON object {"<glob>": "visible"|"after_due"|"hidden"}')
    return [(str(k), str(v)) for k, v in rules.items()]


async def _read_upload(request: Request, upload: UploadFile) -> bytes:
    cap = ctx(request).settings.max_upload
    data = await upload.read(cap + 1)
    if len(data) > cap:
        raise ProblemError(413, "too large", f"uploads hold at most {cap} bytes")
    return data


@router.get("/v1/assignments/{aid}", tags=["courses"])
def get_assignment(aid: str, who: Caller, request: Request) -> AssignmentOut:
    """An assignment; a student sees the tests visible to them."""
    return courses.assignment_out(own_assignment(request, who, aid)[0], who)


@router.get("/v1/assignments/{aid}/tests/{cat}/{number}", tags=["courses"])
def get_test(aid: str, cat: str, number: str, who: Caller, request: Request) -> PublicTest:
    """One test visible to the caller: its answers and the transcript a program must print."""
    assignment, _ = own_assignment(request, who, aid)
    name = f"{cat}/{number}"
    if name not in courses.shown_tests(assignment, who):
        raise _missing("test", name)
    return courses.public_test(ctx(request), assignment, name)


@router.post("/v1/assignments/{aid}/submissions", tags=["submissions"], status_code=202)
async def submit(
    aid: str, who: Caller, request: Request,
    program: Annotated[UploadFile, File(description="The program, zipped; it runs from `{student}`.")],
    callback_url: Annotated[str | None, Form(max_length=2000, description="POSTed the outcome when grading ends (http or https).")] = None,
) -> SubmissionOut:
    """Submit a program (students of the course): 202 with the submission, graded in the background."""
    assignment, _ = own_assignment(request, who, aid)
    context = ctx(request)
    if who.role != "student":
        raise ProblemError(422, "invalid request", "only a student of the course submits (staff grade with `rawdeal grade`)")
    if context.sandbox_problem:
        raise ProblemError(503, "submissions refused", f"no real sandbox to grade in: {context.sandbox_problem}")
    wait = courses.rate_wait(context, who)
    if wait:
        raise ProblemError(429, "too many submissions", f"at most {context.settings.submissions_per_minute} a minute; "
                           f"try again in {wait:.0f} s", headers={"Retry-After": f"{int(wait) + 1}"})
    if callback_url and not context.settings.callbacks:
        raise ProblemError(422, "invalid request", "this server makes no callbacks (started without --callbacks)")
    if callback_url and not callback_url.startswith(("http://", "https://")):
        raise ProblemError(422, "invalid request", "callback_url must be an http:// or https:// URL")
    from starlette.concurrency import run_in_threadpool

    data = await _read_upload(request, program)
    try:
        row = await run_in_threadpool(courses.new_submission, context, assignment, who, data, callback_url)
    except RawdealError as exc:
        raise ProblemError(422, "invalid submission", str(exc)) from None
    return courses.submission_out(context, row, assignment, who)


@router.get("/v1/submissions/{sid}", tags=["submissions"], response_model=SubmissionOut)
async def get_submission(sid: str, who: Caller, request: Request) -> Response:
    """A submission's phases (with times), score and per-test results (the visible ones, for a student)."""
    # Two indexed queries in one read transaction, on the event loop as `caller` (a thread hop would
    # cost more than they do); the model made here is serialised once (a returned model would be
    # validated again against the response model first).
    return Response(submission_view(sid, who, request).model_dump_json(), media_type="application/json")


def submission_view(sid: str, who: Token, request: Request) -> SubmissionOut:
    """The submission as `who` may see it; 404 when it is not theirs."""
    seen = courses.seen_submission(ctx(request), who, sid)
    if seen is None:
        raise _missing("submission", sid)
    return seen


@router.get("/v1/assignments/{aid}/submissions", tags=["submissions"])
def list_submissions(aid: str, who: Caller, request: Request) -> list[SubmissionOut]:
    """Submissions to an assignment: a student's own, or everyone's for staff; newest first."""
    assignment, _ = own_assignment(request, who, aid)
    context = ctx(request)
    with context.sessions() as s:
        query = select(Submission).where(Submission.assignment_id == aid)
        if who.role == "student":
            query = query.where(Submission.student_id == who.id)
        rows = s.scalars(query.order_by(Submission.received_at.desc()).limit(200)).all()
    return [courses.submission_out(context, r, assignment, who) for r in rows]


@router.get("/v1/courses/{cid}/queue", tags=["submissions"])
def queue(cid: str, who: Staff, request: Request) -> QueueOut:
    """Staff: the submissions waiting or being graded, and how long each has waited."""
    from rawdeal.service.jobs import queue_view

    course = own_course(request, who, cid)
    context = ctx(request)
    with context.sessions() as s:
        ids = list(s.scalars(select(Assignment.id).where(Assignment.course_id == course.id)))
    return QueueOut.model_validate(queue_view(context.sessions, ids))


@router.get("/v1/courses/{cid}/grades", tags=["submissions"])
def grades(cid: str, who: Staff, request: Request) -> GradesOut:
    """Staff: the grade table, one row a student, the latest graded score per assignment."""
    return courses.grade_table(ctx(request), own_course(request, who, cid), who)
