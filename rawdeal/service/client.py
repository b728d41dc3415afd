"""The service's client for `rawdeal submit`: standard library only (urllib), so it needs no extra.

It uploads a program zip, follows the submission's phases and rebuilds the grades as
`rawdeal.grading` values, so the table printed is `grade --course`'s own.
"""

from __future__ import annotations

import json
import secrets
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rawdeal.errors import RawdealError, UsageError
from rawdeal.grading.model import ScenarioResult, Status, StudentResult

DONE = ("graded", "error")


class ServiceError(RawdealError):
    """The service answered with a problem; the message is its detail."""


@dataclass(frozen=True)
class Client:
    server: str
    token: str
    timeout: float = 30.0

    def request(self, method: str, path: str, body: bytes | None = None, content_type: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        if content_type:
            headers["Content-Type"] = content_type
        req = urllib.request.Request(self.server.rstrip("/") + path, body, headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as answer:  # noqa: S310 - the user's own server URL
                return json.loads(answer.read())
        except urllib.error.HTTPError as exc:
            raise ServiceError(f"{self.server}: {exc.code} {_detail(exc)}") from None
        except (urllib.error.URLError, OSError) as exc:
            raise UsageError(f"{self.server}: cannot reach the service ({getattr(exc, 'reason', exc)})") from None

    def submit(self, assignment: str, program: bytes, filename: str) -> dict[str, Any]:
        body, content_type = multipart({"program": (filename, program)})
        result: dict[str, Any] = self.request("POST", f"/v1/assignments/{assignment}/submissions", body, content_type)
        return result

    def submission(self, sid: str) -> dict[str, Any]:
        result: dict[str, Any] = self.request("GET", f"/v1/submissions/{sid}")
        return result


def _detail(exc: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(exc.read()).get("detail", exc.reason))
    except (ValueError, AttributeError):
        return str(exc.reason)


def multipart(files: dict[str, tuple[str, bytes]], fields: dict[str, str] | None = None) -> tuple[bytes, str]:
    """A multipart/form-data body and its content type."""
    boundary = "rawdeal-" + secrets.token_hex(12)
    parts: list[bytes] = []
    for name, value in (fields or {}).items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, (filename, data) in files.items():
        head = (f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                "Content-Type: application/zip\r\n\r\n")
        parts.append(head.encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def wait(client: Client, sid: str, progress: Callable[[dict[str, Any]], None], poll: float = 0.5,
         limit: float = 3600.0) -> dict[str, Any]:
    """Poll the submission until it is graded or not gradable, reporting each answer."""
    end = time.monotonic() + limit
    while True:
        sub = client.submission(sid)
        progress(sub)
        if sub["state"] in DONE:
            return sub
        if time.monotonic() > end:
            raise ServiceError(f"submission {sid}: still {sub['state']} after {limit:g} s")
        time.sleep(poll)


def student_result(sub: dict[str, Any]) -> StudentResult:
    """The submission's visible tests as `grade --course` results (for its terminal table)."""
    return StudentResult(sub["student"] or "submission", tuple(
        ScenarioResult(t["name"], Status(t["status"]), t["score"], t["points"], t["reason"], t["detail"], t["seconds"])
        for t in sub["tests"]))


def read_program(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror}") from None
