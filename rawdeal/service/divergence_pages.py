"""A failing test's divergence page inside a submission: the page `grade --course --html` writes (the
board of the reference game at the first divergence, expected and got line by line), drawn when it is
opened from what the test printed (kept by the worker as a blob) and the assignment's bank.

Who may open it is decided by the caller (`pages.divergence_page`): the submission's student for a test
shown to them, and the course's staff.
"""

from __future__ import annotations

from typing import Any

from rawdeal.service.context import Context
from rawdeal.service.db import Assignment, Result


def url(sid: str, test: str) -> str:
    """Where a test's page is served (the submission page's link; the API's `page`)."""
    return f"/ui/submissions/{sid}/tests/{test}"


def has_page(divergence: dict[str, Any] | None) -> bool:
    """The worker kept what the test printed (a result graded before pages were kept has none)."""
    return bool(divergence and isinstance(divergence.get("output"), str))


def draw(context: Context, assignment: Assignment, result: Result, student: str) -> str:
    """The page: the stored output judged again as the worker judged it, the reference game played
    again from the test's answers, drawn as `grade --html` draws it."""
    assert result.divergence is not None
    key = (assignment.bank, result.name, result.status, result.reason, result.detail,
           str(result.divergence["output"]), student)
    page = _DRAWN.get(key)
    if page is None:
        page = _draw(context, *key)
        if len(_DRAWN) >= 16:
            _DRAWN.clear()
        _DRAWN[key] = page
    return page


# Pages drawn by this process, by everything they are drawn from: a page opened again (a reload, the
# steps before it looked at, a link shared with staff) is not drawn twice.
_DRAWN: dict[tuple[str, ...], str] = {}


def _draw(context: Context, bank_key: str, name: str, status: str, reason: str, detail: str, output: str,
          student: str) -> str:
    from rawdeal.grading.model import Attempt, Status
    from rawdeal.grading.score import Options, judge
    from rawdeal.service.grader import load, open_bank
    from rawdeal.viewer.divergence import course_games, one_page

    bank = open_bank(lambda: context.blobs.get(bank_key), context.settings.banks / bank_key)
    loaded = load(bank)
    test = next(t for t in loaded.tests if t.name == name)
    text = context.blobs.get(output).decode("utf-8")
    judged = judge(test, test.transcript, Attempt(text, Status(status), reason, detail), Options())
    return one_page(judged, student, course_games(bank, loaded.tests))
