"""Grading one submission: the `grade --course` code path, fed from the service's stores.

The bank is the course layout (`data/<cat>/`, `data/<cat>-Tests/<n>.txt`) read by
`rawdeal.grading.protocol.load_bank`; each test runs in the grading sandbox (`rawdeal.grading.runner`)
with the deck folder, the submission's files in a folder of their own (which `{student}` names) and
the test's answers on standard input; `rawdeal.grading.score` judges it. Nothing here touches the database.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rawdeal.grading import protocol
from rawdeal.grading.model import Attempt, ScenarioResult, StudentResult
from rawdeal.grading.runner import guarded, run_many
from rawdeal.grading.sandbox import Limits, Sandbox
from rawdeal.grading.score import Options, grade_student
from rawdeal.io.diff import Transcript, compare_best, line_number, transcript
from rawdeal.service.uploads import read_zip, unpack

VISIBILITY = ("visible", "after_due", "hidden")
CONTEXT = 3


@dataclass(frozen=True)
class Graded:
    """A submission's grade and, per test, the line-aligned first divergence (None when it passed);
    `outputs`: what each test with a divergence page printed (the page is drawn from it when asked for)."""

    student: StudentResult
    divergences: Mapping[str, dict[str, Any] | None]
    outputs: Mapping[str, str] = field(default_factory=dict)


def bank_tests(folder: Path) -> list[str]:
    """The test names of a bank folder, in grading order (raises the CLI's error for a bad bank)."""
    return [t.name for t in protocol.load_bank(folder).tests]


def open_bank(read: Callable[[], bytes], into: Path) -> Path:
    """A bank zip unpacked once into `into` (kept: every submission to the assignment reads it); `read`
    gives the zip's bytes, and is called only when the bank is not unpacked yet."""
    if into.is_dir():
        return into
    data = read()
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


def grade(bank: Path, command: str, timeout: float, program: bytes, workdir: Path, sandbox: str = "auto",
          jobs: int = 1, on_done: Callable[[str], None] | None = None) -> Graded:
    """Run and judge every test of the bank for one program zip (unpacked into a folder of its own,
    which `{student}` names, readable by the account programs run as, removed afterwards)."""
    loaded = load(bank)
    # One folder a process under `workdir`, emptied for each submission: the sandbox checks a command's
    # folders once, not once a submission.
    folder = workdir / f"submission-{os.getpid()}-{threading.get_ident()}"  # a Dask worker grades in threads
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    try:
        unpack(read_zip(program), folder)
        _readable(folder)
        runs = protocol.course_runs(command, loaded, folder)
        attempts = run_many(runs, _limits(runs, timeout, sandbox, bank), jobs, on_done)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    expected = protocol.expected_events(loaded)
    student = grade_student("submission", loaded.tests, expected, attempts, Options())
    return Graded(student, {r.name: None if r.passed else divergence(expected[r.name], attempts[r.name])
                            for r in student.results},
                  {r.name: attempts[r.name].text or "" for r in student.results if paged(r)})


def paged(result: ScenarioResult) -> bool:
    """A test that gets a divergence page: failed, having printed lines that depart from the reference
    (what `grade --html` writes a page for)."""
    return result.comparison is not None and result.comparison.at is not None


def _limits(runs: Mapping[str, tuple[list[str], Mapping[str, bytes], bytes]], timeout: float, mode: str,
            bank: Path) -> Limits:
    """The limits for these runs, as `grade --course` prepares them: the kernel sandbox (bubblewrap)
    with the bank (the answers) out of reach; `mode` none (trusted local use) runs without it."""
    box = Sandbox(kind="none" if mode == "none" else "bwrap")
    return guarded((argv for argv, _, _ in runs.values()), Limits(timeout=timeout, sandbox=box), [bank])


def _readable(folder: Path) -> None:
    """Folders 0755 and files 0644: as root, programs run as an unprivileged account."""
    folder.chmod(0o755)
    for path in folder.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)


def divergence(expected: Transcript, attempt: Attempt, context: int = CONTEXT) -> dict[str, Any]:
    """Expected against got, line by line around the first difference: rows of [line, expected, got],
    `line` being the official transcript's own line (as `grade --course` reports it)."""
    comparison = compare_best(expected, transcript(attempt.text or ""))
    want, got = comparison.expected, comparison.actual
    at = min(len(want), len(got)) if comparison.at is None else comparison.at
    rows = [[line_number(comparison.expected_lines, i), want[i] if i < len(want) else None,
             got[i] if i < len(got) else None]
            for i in range(max(0, at - context), min(max(len(want), len(got)), at + context + 1))]
    return {"line": line_number(comparison.expected_lines, at), "rows": rows}
