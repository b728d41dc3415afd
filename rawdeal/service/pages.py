"""Pages for people, rendered on the server (Jinja2, autoescaped; no front-end build step).

A person signs in once with their token (kept in an HttpOnly, SameSite=Strict cookie); each page
shows what the API would show that token: a student's submissions and results, the assignment's
public tests, and for staff the course's grade table and queue. A failing visible test links to a
page with its first divergence, expected against got, line by line.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rawdeal.service import courses
from rawdeal.service.api_play import ctx
from rawdeal.service.app import ProblemError
from rawdeal.service.auth import lookup
from rawdeal.service.db import Token

router = APIRouter(include_in_schema=False)
COOKIE = "rawdeal_token"


@cache
def _templates() -> Any:
    from jinja2 import Environment, PackageLoader, select_autoescape

    return Environment(loader=PackageLoader("rawdeal.service", "templates"), autoescape=select_autoescape(default=True))


def render(name: str, status: int = 200, **values: Any) -> HTMLResponse:
    return HTMLResponse(_templates().get_template(name).render(**values), status_code=status)


def _who(request: Request) -> Token | None:
    """The signed-in person (the cookie), or an API client naming its token (`Authorization: Bearer`)."""
    scheme, _, bearer = request.headers.get("authorization", "").partition(" ")
    token = bearer.strip() if scheme.lower() == "bearer" else request.cookies.get(COOKIE)
    if not token:
        return None
    with ctx(request).sessions() as s:
        return lookup(s, token)


def _signed_in(request: Request) -> Token:
    who = _who(request)
    if who is None:
        raise ProblemError(401, "unauthorized", "sign in at /ui/login")
    return who


@router.get("/ui/login")
def login_page() -> HTMLResponse:
    return render("login.html", title="Sign in", who=None)


@router.post("/ui/login")
def login(request: Request, token: Annotated[str, Form(max_length=200)]) -> Response:
    with ctx(request).sessions() as s:
        known = lookup(s, token)
    if known is None:
        return render("login.html", 401, title="Sign in", who=None, failed=True)
    answer = RedirectResponse("/ui", status_code=303)
    answer.set_cookie(COOKIE, token, httponly=True, samesite="strict", secure=request.url.scheme == "https")
    return answer


@router.get("/ui")
def home(request: Request) -> Response:
    who = _who(request)
    if who is None:
        return RedirectResponse("/ui/login", status_code=303)
    from sqlalchemy import select

    from rawdeal.service.db import Course

    with ctx(request).sessions() as s:
        query = select(Course).where(Course.owner_id == who.id if who.role == "staff" else Course.id == who.course_id)
        rows = s.scalars(query.order_by(Course.created_at)).all()
    shown = [courses.course_out(ctx(request).sessions, c, who) for c in rows]
    return render("home.html", title="Courses", who=who, courses=shown)


@router.get("/ui/assignments/{aid}")
def assignment_page(aid: str, request: Request) -> HTMLResponse:
    from rawdeal.service.api_courses import list_submissions, own_assignment

    who = _signed_in(request)
    a, _ = own_assignment(request, who, aid)
    return render("assignment.html", title=a.name, who=who, a=courses.assignment_out(a, who),
                  submissions=list_submissions(aid, who, request))


@router.get("/ui/assignments/{aid}/tests/{cat}/{number}")
def test_page(aid: str, cat: str, number: str, request: Request) -> HTMLResponse:
    from rawdeal.service.api_courses import get_test

    who = _signed_in(request)
    test = get_test(aid, cat, number, who, request)
    return render("test.html", title=f"Test {test.name}", who=who, test=test)


@router.get("/ui/submissions/{sid}")
def submission_page(sid: str, request: Request) -> HTMLResponse:
    from rawdeal.service.api_courses import submission_view

    who = _signed_in(request)
    sub = submission_view(sid, who, request)
    return render("submission.html", title=f"Submission {sid}", who=who, s=sub)


@router.get("/ui/submissions/{sid}/tests/{cat}/{number}")
def divergence_page(sid: str, cat: str, number: str, request: Request) -> HTMLResponse:
    """A failing test's divergence page, as `grade --html` draws it (the lines around the divergence for a
    result graded before the worker kept outputs). A test the caller may not see is 404 as a missing one."""
    from rawdeal.service.api_courses import submission_view

    who = _signed_in(request)
    sub = submission_view(sid, who, request)
    test = next((t for t in sub.tests if t.name == f"{cat}/{number}" and t.divergence), None)
    if test is None:
        raise ProblemError(404, "not found", f"no failing test {cat}/{number} in submission {sid}")
    if test.page is None:
        return render("divergence.html", title=f"{test.name}: first divergence", who=who, s=sub, t=test)
    return HTMLResponse(_drawn(request, sid, test.name, sub.student))


def _drawn(request: Request, sid: str, name: str, student: str) -> str:
    from sqlalchemy import select

    from rawdeal.service import divergence_pages
    from rawdeal.service.db import Assignment, Result, Submission

    with ctx(request).sessions() as s:
        result, assignment = s.execute(
            select(Result, Assignment).join(Submission, Result.submission_id == Submission.id)
            .join(Assignment, Submission.assignment_id == Assignment.id)
            .where(Result.submission_id == sid, Result.name == name)).one()
    return divergence_pages.draw(ctx(request), assignment, result, student)


@router.get("/ui/courses/{cid}")
def course_page(cid: str, request: Request) -> HTMLResponse:
    from rawdeal.service.api_courses import grades, queue

    who = _signed_in(request)
    if who.role != "staff":
        raise ProblemError(404, "not found", "no such resource")
    return render("course.html", title="Grades and queue", who=who, grades=grades(cid, who, request),
                  queue=queue(cid, who, request))
