"""Grading one submission: the `grade --course` code path, fed from the service's stores.

The bank is the course layout (`data/<cat>/`, `data/<cat>-Tests/<n>.txt`) read by
`rawdeal.grading.protocol.load_bank`; each test runs in the grading sandbox (`rawdeal.grading.runner`)
with the deck folder and the submission's files (under `program/`, which `{student}` names) and the
test's answers on standard input; `rawdeal.grading.score` judges it. Nothing here touches the database.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rawdeal.grading import protocol
from rawdeal.grading.model import Attempt, StudentResult
from rawdeal.grading.runner import fill, run_many, split_command
from rawdeal.grading.sandbox import Limits
from rawdeal.grading.score import Options, grade_student
from rawdeal.io.diff import compare, events
from rawdeal.service.uploads import read_zip, unpack

PROGRAM = "program"  # where a submission's files sit in each run's folder
VISIBILITY = ("visible", "after_due", "hidden")
CONTEXT = 3


@dataclass(frozen=True)
class Graded:
    """A submission's grade and, per test, the line-aligned first divergence (None when it passed)."""

    student: StudentResult
    divergences: Mapping[str, dict[str, Any] | None]


def bank_tests(folder: Path) -> list[str]:
    """The test names of a bank folder, in grading order (raises the CLI's error for a bad bank)."""
    return [t.name for t in protocol.load_bank(folder).tests]


def open_bank(data: bytes, into: Path) -> Path:
    """A bank zip unpacked once into `into` (kept: every submission to the assignment reads it)."""
    if into.is_dir():
        return into
    into.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".bank-", dir=into.parent))
    try:
        unpack(read_zip(data), tmp)
        tmp.rename(into)
    except OSError:
        if not into.is_dir():
            raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return into


_BANKS: dict[Path, protocol.Bank] = {}  # banks read by this process: stored by content hash, never changed


def load(bank: Path) -> protocol.Bank:
    """A bank folder read once per process (a worker grades many submissions against one bank)."""
    if bank not in _BANKS:
        if len(_BANKS) >= 16:
            _BANKS.clear()
        _BANKS[bank] = protocol.load_bank(bank)
    return _BANKS[bank]


def grade(bank: Path, command: str, timeout: float, program: bytes, jobs: int = 1,
          on_done: Callable[[], None] | None = None) -> Graded:
    """Run and judge every test of the bank for one program zip."""
    loaded = load(bank)
    files = {f"{PROGRAM}/{name}": body for name, body in read_zip(program).items()}
    words = split_command(command)
    runs = {t.name: (fill(words, {"{decks}": t.decks, "{student}": PROGRAM, "{name}": t.name}),
                     {**loaded.decks[t.category], **files}, t.stdin) for t in loaded.tests}
    attempts = run_many(runs, Limits(timeout=timeout), jobs, on_done)
    expected = protocol.expected_events(loaded)
    student = grade_student("submission", loaded.tests, expected, attempts, Options())
    return Graded(student, {r.name: None if r.passed else divergence(expected[r.name], attempts[r.name])
                            for r in student.results})


def divergence(expected: tuple[str, ...], attempt: Attempt, context: int = CONTEXT) -> dict[str, Any]:
    """Expected against got, line by line around the first difference: rows of [line, expected, got]."""
    got = events(attempt.text or "")
    at = compare(expected, got).at
    at = min(len(expected), len(got)) if at is None else at
    rows = [[i + 1, expected[i] if i < len(expected) else None, got[i] if i < len(got) else None]
            for i in range(max(0, at - context), min(max(len(expected), len(got)), at + context + 1))]
    return {"line": at + 1, "rows": rows}
