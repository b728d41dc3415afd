"""One grading run from start to end: which scenarios, which students, where transcripts come from.

`plan_grading` checks the request and finds everything before any program runs, so a usage error
never comes after minutes of grading; `run_plan` does the work and reports each step done.
"""

from __future__ import annotations

import fnmatch
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rawdeal.errors import ScenarioError, UsageError
from rawdeal.inputs import utf8
from rawdeal.io.diff import read_transcript
from rawdeal.grading.model import StudentResult
from rawdeal.grading.runner import PLACEHOLDERS, Limits, check_placeholders, read_attempts, run_attempts
from rawdeal.grading.score import Options, Reference, grade_student, reference_events
from rawdeal.scenarios.model import EXPECTED, Scenario, load_suite


@dataclass(frozen=True)
class Source:
    """Where one student's transcripts come from: a folder of them, or a command to run."""

    student: str  # the folder's name, its bytes that are not UTF-8 shown as \\xff (`utf8`) in every report
    folder: Path | None = None
    command: str | None = None


@dataclass(frozen=True)
class Plan:
    suite: tuple[Scenario, ...]
    sources: tuple[Source, ...]
    single: bool

    @property
    def steps(self) -> int:
        """Reference transcripts plus one attempt per student and scenario."""
        return len(self.suite) * (1 + len(self.sources))

    @property
    def work(self) -> dict[str, float]:
        """Each scenario's share of the work, by name: its move file's size (a longer game takes longer)."""
        return {s.name: 1.0 + _size(s.moves) / 64 for s in self.suite}

    @property
    def total_work(self) -> float:
        return sum(self.work.values()) * (1 + len(self.sources))


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def plan_grading(
    scenarios: Path, submission: Path | None = None, class_dir: Path | None = None, command: str | None = None,
    only: Sequence[str] = (), exclude: Sequence[str] = (),
) -> Plan:
    """Exactly one of: a submission folder, a class folder (one subfolder per student), a command;
    the scenarios whose names match an `only` glob (if any) and no `exclude` glob."""
    given = [name for name, v in (("--submission", submission), ("--class", class_dir), ("--command", command))
             if v is not None]
    if len(given) != 1:
        raise UsageError("give exactly one of --submission, --class and --command"
                         + (f" (got {', '.join(given)})" if given else ""))
    suite = tuple(s for s in load_suite(scenarios) if selected(s.name, only, exclude))
    if not suite:
        raise UsageError(f"{scenarios}: no scenario selected by {choice(only, exclude)}")
    if command is not None:
        check_placeholders(command, (*PLACEHOLDERS, STUDENT))
        # {student} is the one student's folder: where grading was started, as in --course
        command = command.replace(STUDENT, shlex.quote(str(Path.cwd().resolve())))
        return Plan(suite, (Source("submission", command=command),), single=True)
    if submission is not None:
        return Plan(suite, (Source(utf8(_folder(submission).name), folder=submission),), single=True)
    students = sorted(d for d in _folder(class_dir).iterdir() if d.is_dir() and not d.name.startswith("."))
    if not students:
        raise UsageError(f"{class_dir}: no student folders")
    return Plan(suite, tuple(Source(utf8(d.name), folder=d) for d in students), single=False)


STUDENT = "{student}"


def globs(given: Sequence[str] | str | None) -> tuple[str, ...]:
    """Globs as a tuple: one glob may come as a string (an older caller's `only`)."""
    return () if given is None else (given,) if isinstance(given, str) else tuple(given)


def choice(only: Sequence[str] | str, exclude: Sequence[str] | str) -> str:
    """The selection as it was typed: `--only '08-*/*' --exclude '08-*/1'`."""
    only, exclude = globs(only), globs(exclude)
    return " ".join([*(f"--only {g!r}" for g in only), *(f"--exclude {g!r}" for g in exclude)])


def selected(name: str, only: Sequence[str] | str = (), exclude: Sequence[str] | str = ()) -> bool:
    """Whether a test named `name` is chosen: it matches one `only` glob (when any is given) and no
    `exclude` glob (one glob may be given as a plain string)."""
    only, exclude = globs(only), globs(exclude)
    return ((not only or any(fnmatch.fnmatchcase(name, g) for g in only))
            and not any(fnmatch.fnmatchcase(name, g) for g in exclude))


def _folder(path: Path | None) -> Path:
    assert path is not None
    if not path.is_dir():
        raise UsageError(f"{path}: no such folder")
    return path.resolve() if path.name in ("", ".", "..") else path


def run_plan(
    plan: Plan, reference: Reference, options: Options = Options(), limits: Limits = Limits(), jobs: int = 1,
    on_done: Callable[[str], None] | None = None,
) -> tuple[StudentResult, ...]:
    expected = reference_events(plan.suite, reference, on_done)
    results = []
    for source in plan.sources:
        if source.command is not None:
            attempts = run_attempts(source.command, plan.suite, limits, jobs, on_done)
        else:
            assert source.folder is not None
            attempts = read_attempts(source.folder, plan.suite, limits, on_done)
        results.append(grade_student(source.student, plan.suite, expected, attempts, options))
    return tuple(results)


def stored_expected(scenario: Scenario) -> str:
    """The reference as stored in the scenario (`expected.txt`), for grading without the engine."""
    if not scenario.expected.is_file():
        raise ScenarioError(f"{scenario.path}: no {EXPECTED} (drop --use-expected to run the engine)")
    return read_transcript(scenario.expected, ScenarioError)
