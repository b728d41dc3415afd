"""The ASGI application (FastAPI): routes, problem+json errors and the OpenAPI document.

`create_app(settings)` makes the database schema current (Alembic) and returns the app; uvicorn
serves it (`rawdeal.service.server`). The handlers are thin: the work is in `replays`, `games`,
`courses` and `jobs`.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from rawdeal.errors import RawdealError
from rawdeal.service import problems
from rawdeal.service.context import Context
from rawdeal.service.settings import Settings


class ProblemError(Exception):
    """Raised by handlers: answered as this problem document."""

    def __init__(self, status: int, title: str, detail: str, headers: dict[str, str] | None = None, **fields: Any) -> None:
        super().__init__(detail)
        self.body = problems.problem(status, title, detail, **fields)
        self.headers = headers


def problem_response(body: dict[str, Any], headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(body, status_code=body["status"], media_type=problems.PROBLEM_JSON, headers=headers)


def version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rawdeal")
    except PackageNotFoundError:  # pragma: no cover - a source tree without install
        return "0"


def create_app(settings: Settings, migrated: bool = True) -> FastAPI:
    """The app on `settings`' database, migrated to the newest schema first (unless `migrated` is False:
    a process of a server that already did)."""
    from rawdeal.service.db import make_engine, migrate, sessions
    from rawdeal.service.sandboxing import sandbox_problem
    from rawdeal.service.uploads import Blobs

    settings.data.mkdir(parents=True, exist_ok=True)
    engine = make_engine(settings.url)
    if migrated:
        migrate(engine)
    app = FastAPI(title="rawdeal", version=version(), openapi_url="/openapi.json", docs_url="/docs",
                  redoc_url=None, description="Replays, games over HTTP, and a course's grading service.")
    app.state.ctx = Context(settings, sessions(engine), sessions(make_engine(settings.url, writer=True)),
                            Blobs(settings.blobs), sandbox_problem(settings.sandbox))
    _errors(app)
    app.add_middleware(BodyCap, cap=settings.max_upload + (1 << 20))
    if settings.cors_origins:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=list(settings.cors_origins), allow_methods=["GET", "POST"],
                           allow_headers=["Authorization", "Content-Type"])
    from rawdeal.service import api_courses, api_play, pages

    app.include_router(api_play.router)
    app.include_router(api_courses.router)
    app.include_router(pages.router)
    from rawdeal.service.play import routes as play_routes

    app.include_router(play_routes.router)
    return app


class BodyCap:
    """Refuse a request body larger than `cap` before reading it (413), and one of unknown length (411):
    the upload caps hold before anything reaches memory or disk. Plain ASGI: no cost per request beyond
    reading one header."""

    def __init__(self, app: Any, cap: int) -> None:
        self.app, self.cap = app, cap

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] in ("POST", "PUT", "PATCH"):
            headers = dict(scope["headers"])
            length = headers.get(b"content-length")
            refusal = None
            if length is None and headers.get(b"transfer-encoding"):
                refusal = problems.problem(411, "length required", "send the body with a Content-Length")
            elif length is not None and (not length.isdigit() or int(length) > self.cap):
                refusal = problems.problem(413, "too large", f"a request body holds at most {self.cap} bytes")
            if refusal is not None:
                await problem_response(refusal)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _errors(app: FastAPI) -> None:
    """Every error leaves as application/problem+json."""

    @app.exception_handler(ProblemError)
    async def _problem(_: Request, exc: ProblemError) -> JSONResponse:
        return problem_response(exc.body, exc.headers)

    @app.exception_handler(RawdealError)
    async def _rawdeal(_: Request, exc: RawdealError) -> JSONResponse:
        return problem_response(problems.from_error(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return problem_response(problems.problem(exc.status_code, str(exc.detail), str(exc.detail)),
                                getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [{"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", ""))} for e in exc.errors()]
        first = errors[0] if errors else {"loc": [], "msg": "invalid request"}
        detail = f"{'.'.join(first['loc'])}: {first['msg']}"
        return problem_response(problems.problem(422, "invalid request", detail, errors=errors))
