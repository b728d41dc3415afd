"""Turning attempts into scores: a scenario passes when its transcript matches event for event.

With partial credit a diverging transcript earns `points * matched / events in the reference`,
where `matched` counts the events before the first divergence. Extra events after a complete
reference count as a divergence, so a failing scenario never earns its full points. A submission
that produced no transcript (missing, not UTF-8) earns nothing; a crash, timeout or flood keeps
its status but is compared as far as its output goes, for the diff and the partial credit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rawdeal.io.diff import compare, events, render_divergence
from rawdeal.grading.model import Attempt, Gradable, ScenarioResult, Status, StudentResult
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


def judge(scenario: Gradable, expected: tuple[str, ...], attempt: Attempt, options: Options) -> ScenarioResult:
    """One scenario's result for one attempt."""
    name, points, seconds = scenario.name, scenario.points, attempt.seconds
    if attempt.status is Status.PASS and attempt.text is not None and _verbatim(expected, attempt.text):
        return ScenarioResult(name, Status.PASS, points, points, seconds=seconds)
    actual = () if attempt.text is None else events(attempt.text)
    if attempt.text is None or (not actual and attempt.status is not Status.PASS):
        return ScenarioResult(name, attempt.status, 0.0, points, attempt.reason, attempt.detail, seconds)
    comparison = compare(expected, actual)
    if attempt.status is not Status.PASS:  # cut short: what it printed so far still earns partial credit
        cut = len(expected) + 1 if comparison.at is None else max(len(expected), comparison.at + 1)
        share = comparison.matched / cut if options.partial else 0.0
        where = render_divergence(comparison, options.context) or f"all {len(expected)} events matched"
        detail = "\n".join(filter(None, (f"output so far: {where}", attempt.detail)))
        return ScenarioResult(name, attempt.status, points * share, points, attempt.reason, detail, seconds)
    if comparison.equal:
        return ScenarioResult(name, Status.PASS, points, points, seconds=seconds)
    assert comparison.at is not None
    at = comparison.at + 1
    share = comparison.matched / max(len(expected), at) if options.partial else 0.0
    return ScenarioResult(
        name, Status.FAIL, points * share, points,
        f"differs at event {at}", render_divergence(comparison, options.context), seconds,
    )


def _verbatim(expected: tuple[str, ...], text: str) -> bool:
    """The transcript is the reference as is (the usual case), so no per-line normalising is needed."""
    body = "\n".join(expected)
    return text == body + "\n" or text == body


def grade_student(
    student: str, suite: Sequence[Gradable], expected: Mapping[str, tuple[str, ...]],
    attempts: Mapping[str, Attempt], options: Options = Options(),
) -> StudentResult:
    """All scenarios of one submission, in suite order."""
    return StudentResult(student, tuple(
        judge(s, expected[s.name], attempts[s.name], options) for s in suite
    ))
