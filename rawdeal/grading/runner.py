"""Getting a student's transcript for each scenario: read it from a folder, or run their program.

Whatever a submission does — no file, a crash, a hang, bytes that are not UTF-8, a flood of
output — becomes a failed `Attempt` with the reason; nothing here raises for a broken submission.
"""

from __future__ import annotations

import os
import selectors
import shlex
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from rawdeal.errors import UsageError
from rawdeal.grading.model import Attempt, Status
from rawdeal.scenarios.model import Scenario

PLACEHOLDERS = ("{save}", "{moves}", "{name}", "{dir}")
_STDERR_TAIL = 2000


@dataclass(frozen=True)
class Limits:
    """Per-run limits: seconds before the program is killed, bytes of output it may print."""

    timeout: float = 10.0
    max_output: int = 1 << 20


def decode(data: bytes, limits: Limits) -> Attempt:
    """Output bytes as a transcript attempt: too large or not UTF-8 fails the scenario."""
    if len(data) > limits.max_output:
        return Attempt.failed(Status.OVERSIZED, f"output larger than {limits.max_output} bytes")
    try:
        return Attempt(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        return Attempt.failed(Status.NOT_UTF8, f"output is not UTF-8 (byte {exc.start})")


def transcript_file(folder: Path, scenario: Scenario) -> Path:
    """Where a submission keeps a scenario's transcript: `<name>.txt`, or a file named `<name>`."""
    txt = folder / f"{scenario.name}.txt"
    return txt if txt.is_file() or not (folder / scenario.name).is_file() else folder / scenario.name


def read_attempt(folder: Path, scenario: Scenario, limits: Limits) -> Attempt:
    path = transcript_file(folder, scenario)
    try:
        if path.stat().st_size > limits.max_output:
            return Attempt.failed(Status.OVERSIZED, f"{path.name} is larger than {limits.max_output} bytes")
        data = path.read_bytes()
    except FileNotFoundError:
        return Attempt.failed(Status.MISSING, f"no transcript {scenario.name}.txt")
    except OSError as exc:
        return Attempt.failed(Status.MISSING, f"cannot read {path.name}: {exc.strerror}")
    return decode(data, limits)


def read_attempts(
    folder: Path, suite: Sequence[Scenario], limits: Limits, on_done: Callable[[], None] | None = None,
) -> dict[str, Attempt]:
    """One attempt per scenario from a folder of transcripts."""
    attempts = {}
    for scenario in suite:
        attempts[scenario.name] = read_attempt(folder, scenario, limits)
        if on_done:
            on_done()
    return attempts


def command_argv(template: str, scenario: Scenario) -> list[str]:
    """Split the command like a shell would, then fill the placeholders (paths with spaces stay whole)."""
    try:
        words = shlex.split(template)
    except ValueError as exc:
        raise UsageError(f"--command {template!r}: {exc}") from None
    if not words:
        raise UsageError("--command is empty")
    values = (scenario.save.resolve(), scenario.moves.resolve(), scenario.name, scenario.path.resolve())
    for placeholder, value in zip(PLACEHOLDERS, values):
        words = [w.replace(placeholder, str(value)) for w in words]
    return words


def run_attempts(
    template: str, suite: Sequence[Scenario], limits: Limits, jobs: int = 1,
    on_done: Callable[[], None] | None = None,
) -> dict[str, Attempt]:
    """Run the student's program once per scenario, `jobs` at a time; results keyed by scenario name."""
    argvs = {s.name: command_argv(template, s) for s in suite}  # usage errors before anything runs
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    try:
        futures = {pool.submit(run_one, argv, limits): name for name, argv in argvs.items()}
        attempts = {}
        for future in as_completed(futures):
            attempts[futures[future]] = future.result()
            if on_done:
                on_done()
    finally:
        pool.shutdown(cancel_futures=True)  # on Ctrl-C, start no more runs
    return {s.name: attempts[s.name] for s in suite}


def run_one(argv: list[str], limits: Limits) -> Attempt:
    """One run: stdout is the transcript, read as it comes so a flood or a hang is cut short."""
    with tempfile.TemporaryFile() as stderr:
        try:
            proc = subprocess.Popen(
                argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=stderr,
                start_new_session=True,
            )
        except OSError as exc:
            return Attempt.failed(Status.CRASH, f"cannot start {argv[0]}: {exc.strerror}")
        with proc:
            try:
                return _supervise(proc, stderr, limits)
            finally:
                _kill_group(proc)  # also whatever it left running in the background


def _supervise(proc: subprocess.Popen[bytes], stderr: IO[bytes], limits: Limits) -> Attempt:
    deadline = time.monotonic() + limits.timeout
    out, cut = _read_capped(proc, deadline, limits.max_output)
    if cut is None:
        try:
            proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            cut = Status.TIMEOUT
    if cut is not None:
        reason = (f"no result after {limits.timeout:g} s" if cut is Status.TIMEOUT
                  else f"output larger than {limits.max_output} bytes")
        return Attempt.failed(cut, reason)
    if proc.returncode != 0:
        return Attempt.failed(Status.CRASH, _exit_reason(proc.returncode), _tail(stderr))
    return decode(out, limits)


def _read_capped(
    proc: subprocess.Popen[bytes], deadline: float, cap: int,
) -> tuple[bytes, Status | None]:
    """All of stdout, unless the deadline passes or it outgrows `cap` (then the reason to stop)."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    chunks: list[bytes] = []
    size = 0
    with selectors.DefaultSelector() as sel:
        sel.register(fd, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not sel.select(timeout=left):
                return b"".join(chunks), Status.TIMEOUT
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b"".join(chunks), None
            chunks.append(chunk)
            size += len(chunk)
            if size > cap:
                return b"", Status.OVERSIZED


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the program and anything it started (it runs in its own session)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


def _exit_reason(code: int) -> str:
    if code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exited with code {code}"


def _tail(stderr: IO[bytes]) -> str:
    """The end of the program's error output: usually the traceback that explains a crash."""
    stderr.seek(0, os.SEEK_END)
    stderr.seek(max(0, stderr.tell() - _STDERR_TAIL))
    return stderr.read().decode("utf-8", "replace").strip()
