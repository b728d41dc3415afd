"""Turning attempts into scores: a scenario passes when its transcript matches event for event.

A scenario passes only when its transcript matches. With partial credit a failing one earns
`points * matched / lines expected`, where `matched` counts the expected lines (events; an official
transcript's `INPUT:` lines are answers, not counted) before the first divergence. Extra lines after
a complete reference count as a divergence, so a failing scenario never earns its full points. A submission
that produced no transcript (missing, not UTF-8) earns nothing; a crash, timeout or flood keeps
its status but is compared as far as its output goes, for the diff and the partial credit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rawdeal.io.diff import Comparison, Transcript, compare, compare_best, events, line_number, render_divergence, transcript
from rawdeal.grading.model import Attempt, Gradable, ScenarioResult, Status, StudentResult
from rawdeal.scenarios.model import Scenario

Reference = Callable[[Scenario], str]
Expected = tuple[str, ...] | Transcript  # a scenario's events, or an official transcript with its INPUT: lines


@dataclass(frozen=True)
class Options:
    partial: bool = False
    context: int = 3


def reference_events(
    suite: Sequence[Scenario], reference: Reference, on_done: Callable[[str], None] | None = None,
) -> dict[str, tuple[str, ...]]:
    """The reference events of each scenario, made once and shared by every student."""
    out = {}
    for scenario in suite:
        out[scenario.name] = events(reference(scenario))
        if on_done:
            on_done(scenario.name)
    return out


def judge(scenario: Gradable, expected: Expected, attempt: Attempt, options: Options) -> ScenarioResult:
    """One scenario's result for one attempt."""
    name, points, seconds = scenario.name, scenario.points, attempt.seconds
    shown = expected.bare if isinstance(expected, Transcript) else expected
    if attempt.status is Status.PASS and attempt.text is not None and _verbatim(shown, attempt.text):
        return ScenarioResult(name, Status.PASS, points, points, seconds=seconds)
    comparison = None if attempt.text is None else _compare(expected, attempt.text)
    if comparison is None or (not comparison.actual and attempt.status is not Status.PASS):
        return ScenarioResult(name, attempt.status, 0.0, points, attempt.reason, attempt.detail, seconds)
    size = len(comparison.expected)
    if attempt.status is not Status.PASS:  # cut short: what it printed so far still earns partial credit
        cut = size + 1 if comparison.at is None else max(size, comparison.at + 1)
        share = comparison.matched / cut if options.partial else 0.0
        where = render_divergence(comparison, options.context) or f"all {size} lines matched"
        detail = "\n".join(filter(None, (f"output so far: {where}", attempt.detail)))
        return ScenarioResult(name, attempt.status, points * share, points, attempt.reason, detail, seconds,
                              None if comparison.equal else comparison)
    if comparison.equal:
        return ScenarioResult(name, Status.PASS, points, points, seconds=seconds)
    assert comparison.at is not None
    share = comparison.matched / max(size, comparison.at + 1) if options.partial else 0.0
    line = line_number(comparison.expected_lines, comparison.at)
    return ScenarioResult(
        name, Status.FAIL, points * share, points,
        f"differs at line {line}", render_divergence(comparison, options.context), seconds, comparison,
    )


def _compare(expected: Expected, text: str) -> Comparison:
    """An official transcript against a program's output or a student's transcript (either may hold
    `INPUT:` lines), else plain events against events."""
    if isinstance(expected, Transcript):
        return compare_best(expected, transcript(text))
    return compare(expected, events(text))


def _verbatim(expected: tuple[str, ...], text: str) -> bool:
    """The transcript is the reference as is (the usual case), so no per-line normalising is needed."""
    body = "\n".join(expected)
    return text == body + "\n" or text == body


def grade_student(
    student: str, suite: Sequence[Gradable], expected: Mapping[str, Expected],
    attempts: Mapping[str, Attempt], options: Options = Options(),
) -> StudentResult:
    """All scenarios of one submission, in suite order."""
    return StudentResult(student, tuple(
        judge(s, expected[s.name], attempts[s.name], options) for s in suite
    ))
