"""The values grading passes around: one attempt per scenario, one result per scenario and student."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    """Why a scenario passed or failed; every value but PASS fails the scenario."""

    PASS = "pass"
    FAIL = "fail"  # the transcript diverges from the reference
    MISSING = "missing"
    CRASH = "crash"
    TIMEOUT = "timeout"
    NOT_UTF8 = "not-utf8"
    OVERSIZED = "oversized"


@dataclass(frozen=True)
class Attempt:
    """What a submission produced for one scenario: a transcript, or the reason there is none."""

    text: str | None
    status: Status = Status.PASS
    reason: str = ""
    detail: str = ""

    @staticmethod
    def failed(status: Status, reason: str, detail: str = "") -> Attempt:
        return Attempt(None, status, reason, detail)


@dataclass(frozen=True)
class ScenarioResult:
    """One scenario graded: `reason` is one line for tables, `detail` the diff or error output."""

    name: str
    status: Status
    score: float
    points: float
    reason: str = ""
    detail: str = ""

    @property
    def passed(self) -> bool:
        return self.status is Status.PASS


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
