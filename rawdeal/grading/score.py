"""Turning attempts into scores: a scenario passes when its transcript matches event for event.

With partial credit a diverging transcript earns `points * matched / events in the reference`,
where `matched` counts the events before the first divergence. Extra events after a complete
reference count as a divergence, so a failing scenario never earns its full points. A submission
that produced no transcript (missing, crash, timeout, not UTF-8, oversized) earns nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rawdeal.io.diff import compare, events, render_divergence
from rawdeal.grading.model import Attempt, ScenarioResult, Status, StudentResult
from rawdeal.scenarios.model import Scenario

Reference = Callable[[Scenario], str]


@dataclass(frozen=True)
class Options:
    partial: bool = False
    context: int = 3


def reference_events(
    suite: Sequence[Scenario], reference: Reference, on_done: Callable[[], None] | None = None,
) -> dict[str, tuple[str, ...]]:
    """The reference events of each scenario, made once and shared by every student."""
    out = {}
    for scenario in suite:
        out[scenario.name] = events(reference(scenario))
        if on_done:
            on_done()
    return out


def judge(scenario: Scenario, expected: tuple[str, ...], attempt: Attempt, options: Options) -> ScenarioResult:
    """One scenario's result for one attempt."""
    if attempt.text is None:
        return ScenarioResult(scenario.name, attempt.status, 0.0, scenario.points, attempt.reason, attempt.detail)
    comparison = compare(expected, events(attempt.text))
    if comparison.at is None:
        return ScenarioResult(scenario.name, Status.PASS, scenario.points, scenario.points)
    at = comparison.at + 1
    share = comparison.matched / max(len(expected), at) if options.partial else 0.0
    return ScenarioResult(
        scenario.name, Status.FAIL, scenario.points * share, scenario.points,
        f"differs at event {at}", render_divergence(comparison, options.context),
    )


def grade_student(
    student: str, suite: Sequence[Scenario], expected: Mapping[str, tuple[str, ...]],
    attempts: Mapping[str, Attempt], options: Options = Options(),
) -> StudentResult:
    """All scenarios of one submission, in suite order."""
    return StudentResult(student, tuple(
        judge(s, expected[s.name], attempts[s.name], options) for s in suite
    ))
