"""The values grading passes around: one attempt per scenario, one result per scenario and student."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from rawdeal.io.diff import Comparison


class Status(StrEnum):
    """Why a scenario passed or failed; every value but PASS fails the scenario."""

    PASS = "pass"
    FAIL = "fail"  # the transcript diverges from the reference
    MISSING = "missing"
    CRASH = "crash"
    TIMEOUT = "timeout"
    NOT_UTF8 = "not-utf8"
    OVERSIZED = "oversized"


class Gradable(Protocol):
    """What grading needs of a test: a unique name (the transcript file's) and its points."""

    @property
    def name(self) -> str: ...

    @property
    def points(self) -> float: ...


@dataclass(frozen=True)
class Attempt:
    """What a submission produced for one scenario: a transcript, or the reason there is none.

    A run that crashed or timed out keeps the output printed so far in `text` (with its failing
    status), so the report can show where it stopped and partial credit can count it.
    """

    text: str | None
    status: Status = Status.PASS
    reason: str = ""
    detail: str = ""
    seconds: float = 0.0

    @staticmethod
    def failed(status: Status, reason: str, detail: str = "", text: str | None = None, seconds: float = 0.0) -> Attempt:
        return Attempt(text, status, reason, detail, seconds)


@dataclass(frozen=True)
class ScenarioResult:
    """One scenario graded: `reason` is one line for tables, `detail` the diff or error output."""

    name: str
    status: Status
    score: float
    points: float
    reason: str = ""
    detail: str = ""
    seconds: float = 0.0  # the run's wall time (0 for a transcript read from a folder)
    # The reference and the transcript compared, when they diverge (for a divergence page: `grade --html`)
    comparison: Comparison | None = field(default=None, compare=False, repr=False)

    @property
    def passed(self) -> bool:
        return self.status is Status.PASS

    @property
    def errored(self) -> bool:
        """The program did not finish normally (crash or timeout), as opposed to printing a wrong transcript."""
        return self.status in (Status.CRASH, Status.TIMEOUT)


@dataclass(frozen=True)
class StudentResult:
    """All scenarios graded for one submission, in scenario-name order."""

    student: str
    results: tuple[ScenarioResult, ...]

    @property
    def score(self) -> float:
        return sum(r.score for r in self.results)

    @property
    def max_score(self) -> float:
        return sum(r.points for r in self.results)

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.results)

    @property
    def failures(self) -> tuple[ScenarioResult, ...]:
        return tuple(r for r in self.results if not r.passed)
