"""Grading students' programs against rawdeal's own transcripts.

The pieces, in the order a grade is made: `rawdeal.scenarios.model.load_suite` finds the scenarios, `runner` gets one transcript
attempt per scenario (from a folder, or by running the student's program), `rawdeal.io.diff` compares events,
`score` turns attempts into results, `reports` renders them (terminal, JSON, JUnit XML, Gradescope).
The reference transcript is an injected callable, so grading is testable without the engine.
"""

from __future__ import annotations

from rawdeal.io.diff import Comparison, compare, events, render_divergence
from rawdeal.grading.model import Attempt, ScenarioResult, Status, StudentResult
from rawdeal.grading.runner import Limits, read_attempts, run_attempts
from rawdeal.grading.score import Options, grade_student, judge, reference_events
from rawdeal.scenarios.model import Scenario, load_suite

__all__ = [
    "Attempt", "Comparison", "Limits", "Options", "Scenario", "ScenarioResult", "Status", "StudentResult",
    "compare", "events", "grade_student", "judge", "load_suite", "read_attempts", "reference_events",
    "render_divergence", "run_attempts",
]
