"""rawdeal's errors as RFC 9457 problem details, carrying the same fields as the CLI's errors.

A client gets what `rawdeal run` would print and, as data, where (file, line, column), what was
expected and the legal moves, so it can point at the line without parsing the message.
"""

from __future__ import annotations

from typing import Any

from rawdeal.errors import IllegalMoveError, MoveSyntaxError, RawdealError, SaveError, UsageError

PROBLEM_JSON = "application/problem+json"


def problem(status: int, title: str, detail: str, **fields: Any) -> dict[str, Any]:
    """A problem document; `type` names the kind of problem (about:blank: the HTTP status says it)."""
    return {"type": "about:blank", "title": title, "status": status, "detail": detail, **fields}


def error_fields(exc: RawdealError) -> dict[str, Any]:
    """The data fields of a rawdeal error (those it has), as the CLI's error holds them."""
    if isinstance(exc, MoveSyntaxError):
        where = exc.where
        return {"file": where.file if where else None, "line": where.line if where else None,
                "column": where.column if where else exc.column, "expected": list(exc.expected), "text": exc.text}
    if isinstance(exc, IllegalMoveError):
        where = exc.where
        return {"file": where.file if where else None, "line": where.line if where else None,
                "column": where.column if where else None, "reason": exc.reason, "legal": list(exc.legal),
                "hint": exc.hint}
    if isinstance(exc, SaveError):
        return {"file": exc.source, "path": exc.path, "reason": exc.reason}
    return {}


def from_error(exc: RawdealError, **extra: Any) -> dict[str, Any]:
    """A rawdeal error as a 422 problem (400 for a usage error: the request itself is wrong)."""
    status = 400 if isinstance(exc, UsageError) else 422
    title = {MoveSyntaxError: "move syntax error", IllegalMoveError: "illegal move",
             SaveError: "invalid save"}.get(type(exc), "invalid input")
    return problem(status, title, str(exc), **error_fields(exc), **extra)
