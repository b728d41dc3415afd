"""Getting a student's transcript for each scenario: read it from a folder, or run their program.

Whatever a submission does — no file, a crash, a hang, bytes that are not UTF-8, a flood of
output — becomes a failed `Attempt` with the reason; nothing here raises for a broken submission.
Only regular files inside the submission are read (no symlink out of it, no FIFO, no device).
"""

from __future__ import annotations

import errno
import os
import re
import shlex
import signal
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import replace
from pathlib import Path

from rawdeal.errors import UsageError
from rawdeal.grading import sandbox
from rawdeal.grading.box import Boxes
from rawdeal.grading.model import Attempt, Gradable, Status
from rawdeal.grading.sandbox import Limits as Limits  # re-exported: grading imports it from the runner
from rawdeal.scenarios.model import Scenario

PLACEHOLDERS = ("{save}", "{moves}", "{name}", "{dir}")
_STDERR_TAIL = 2000


def decode(data: bytes, limits: Limits) -> Attempt:
    """Output bytes as a transcript attempt: too large or not UTF-8 fails the scenario."""
    if len(data) > limits.max_output:
        return Attempt.failed(Status.OVERSIZED, f"output larger than {limits.max_output} bytes")
    try:
        text = data.decode("utf-8")  # the codec itself, not the slower utf-8-sig wrapper
    except UnicodeDecodeError as exc:
        return Attempt.failed(Status.NOT_UTF8, f"output is not UTF-8 (byte {exc.start})")
    return Attempt(text[1:] if text.startswith("\ufeff") else text)


class NotReadable(Exception):
    """A file a submission or bank names cannot be read safely; the message says why."""


class OversizedFile(NotReadable):
    """A file larger than the cap."""


_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK  # a FIFO opens without waiting for a writer


def read_inside(folder: Path | int, rel: str, cap: int) -> bytes:
    """The bytes of the regular file `folder/rel`, reached without following any symbolic link.

    `folder` may be an open directory descriptor (reading many files of one folder). Raises
    FileNotFoundError when the file is absent; NotReadable for a symlink (which could lead out of
    the folder), a FIFO, a device or a folder; `OversizedFile` past `cap` bytes.
    """
    *parents, name = rel.split("/")
    if any(part in ("", ".", "..") for part in parents) or name in ("", ".", ".."):
        raise NotReadable(f"{rel}: not a file name inside the folder")
    fds = [] if isinstance(folder, int) else [os.open(folder, os.O_RDONLY | os.O_DIRECTORY)]
    try:
        at = folder if isinstance(folder, int) else fds[0]
        for part in parents:
            fds.append(_open_at(part, _DIR, at, rel))
            at = fds[-1]
        fd = _open_at(name, _FILE, at, rel)
    finally:
        for d in fds:
            os.close(d)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotReadable(f"{rel} is not a regular file")
        if info.st_size > cap:
            raise OversizedFile(f"{rel} is larger than {cap} bytes")
        chunks, size = [], 0
        while size <= cap:
            chunk = os.read(fd, max(info.st_size - size, 0) + 1)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > cap:
        raise OversizedFile(f"{rel} is larger than {cap} bytes")
    return b"".join(chunks)


def _open_at(name: str, flags: int, dir_fd: int, rel: str) -> int:
    try:
        return os.open(name, flags, dir_fd=dir_fd)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR) or (exc.errno == errno.EMLINK and flags & os.O_NOFOLLOW):
            raise NotReadable(f"{rel} is a symbolic link or not a folder (only regular files are read)") from None
        raise


def read_attempt(folder: Path | int, scenario: Gradable, limits: Limits) -> Attempt:
    """The transcript `<name>.txt` (or a file named `<name>`) of a submission folder, as an attempt."""
    rel = f"{scenario.name}.txt"
    try:
        try:
            data = read_inside(folder, rel, limits.max_output)
        except FileNotFoundError:
            rel = scenario.name
            data = read_inside(folder, rel, limits.max_output)
    except FileNotFoundError:
        return Attempt.failed(Status.MISSING, f"no transcript {scenario.name}.txt")
    except OversizedFile as exc:
        return Attempt.failed(Status.OVERSIZED, str(exc))
    except NotReadable as exc:
        return Attempt.failed(Status.MISSING, str(exc))
    except OSError as exc:
        return Attempt.failed(Status.MISSING, f"cannot read {rel}: {exc.strerror}")
    return decode(data, limits)


def read_attempts(
    folder: Path, suite: Sequence[Gradable], limits: Limits, on_done: Callable[[str], None] | None = None,
) -> dict[str, Attempt]:
    """One attempt per scenario from a folder of transcripts."""
    attempts = {}
    try:
        root = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as exc:
        failed = Attempt.failed(Status.MISSING, f"cannot read the folder {folder.name}: {exc.strerror}")
        for scenario in suite:
            attempts[scenario.name] = failed
            if on_done:
                on_done(scenario.name)
        return attempts
    try:
        for scenario in suite:
            attempts[scenario.name] = read_attempt(root, scenario, limits)
            if on_done:
                on_done(scenario.name)
    finally:
        os.close(root)
    return attempts


def split_command(template: str) -> list[str]:
    """Split the command like a shell would (placeholders are filled word by word afterwards); words
    naming files or folders are made absolute (see `resolve_words`)."""
    try:
        words = shlex.split(template)
    except ValueError as exc:
        raise UsageError(f"--command {template!r}: {exc}") from None
    if not words:
        raise UsageError("--command is empty")
    return resolve_words(words)


def resolve_words(words: Sequence[str], start: Path | None = None) -> list[str]:
    """The command's paths as absolute paths, read from where grading was started (`start`, default
    the current folder), since each run starts in a folder of its own: the program when it is named
    by a path (`./prog`, `bin/x`), and any later word that looks like a path (holding `/` or `.`:
    `main.py`, `src/`, `.`) and names an existing file or folder. Words holding a placeholder are left
    alone; so are a bare program name (looked up on PATH) and bare words (`-m rawdeal`)."""
    base = Path.cwd() if start is None else start
    out = []
    for i, word in enumerate(words):
        looks = "/" in word or (i > 0 and "." in word)
        is_path = looks and (i == 0 or os.path.exists(base / word))
        if "{" in word or os.path.isabs(word) or not is_path:
            out.append(word)
        else:
            out.append(os.path.normpath(base / word))
    return out


_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def check_placeholders(template: str, known: Sequence[str]) -> None:
    """A usage error naming every `{word}` of the command that is not a known placeholder, so a
    misspelled one (`{deck}`) never reaches the programs as it is."""
    unknown = sorted(set(_PLACEHOLDER.findall(template)) - set(known))
    if unknown:
        raise UsageError(f"--command {template!r}: unknown placeholder{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(unknown)}; the known ones here are {' '.join(known)}")


def fill(words: Iterable[str], values: Mapping[str, str]) -> list[str]:
    """Replace each placeholder in each word (a path with spaces stays one word)."""
    out = []
    for word in words:
        for placeholder, value in values.items():
            word = word.replace(placeholder, value)
        out.append(word)
    return out


def command_argv(template: str, scenario: Scenario) -> list[str]:
    """The command for one scenario; {save} and {moves} name the copies in the run's own folder, {dir}
    is that folder (the scenario's own folder, which holds the expected transcript, is out of reach)."""
    values = (scenario.save.name, scenario.moves.name, scenario.name, ".")
    return fill(split_command(template), dict(zip(PLACEHOLDERS, values)))


def scenario_files(scenario: Scenario) -> dict[str, bytes]:
    """What a run may read: copies of the saved game and the move file, never the expected transcript."""
    return {p.name: p.read_bytes() for p in (scenario.save, scenario.moves)}


def guarded(argvs: Iterable[Sequence[str]], limits: Limits, answers: Sequence[Path]) -> Limits:
    """`limits` for runs that must never see `answers` (the bank or the scenarios, with their expected
    transcripts), checked before any run: a sandbox can be made as asked, and where a folder the
    runs may read holds the answers, the sandbox covers them with an empty folder."""
    distinct = {tuple(w for i, w in enumerate(a) if i == 0 or os.path.isabs(w)): list(a) for a in argvs}
    box = replace(limits.sandbox, hidden=tuple(str(p) for p in answers))
    sandbox.prepare(box, list(distinct.values()))  # runs differing only in relative words read the same folders
    return replace(limits, sandbox=box)


def run_attempts(
    template: str, suite: Sequence[Scenario], limits: Limits, jobs: int = 1,
    on_done: Callable[[str], None] | None = None,
) -> dict[str, Attempt]:
    """Run the student's program once per scenario, `jobs` at a time; results keyed by scenario name."""
    runs = {s.name: (command_argv(template, s), scenario_files(s), b"") for s in suite}  # usage errors first
    folders = sorted({str(s.path.resolve()) for s in suite})
    answers = [Path(os.path.commonpath(folders))] if folders else []
    limits = guarded((argv for argv, _, _ in runs.values()), limits, answers)
    return run_many(runs, limits, jobs, on_done)


def run_many(
    runs: Mapping[str, tuple[list[str], Mapping[str, bytes], bytes]], limits: Limits, jobs: int = 1,
    on_done: Callable[[str], None] | None = None,
) -> dict[str, Attempt]:
    """Sandboxed runs (name -> argv, files, stdin) of one submission, `jobs` at a time; attempts in the
    order given. They share the submission's long-lived sandboxes (one a worker, see `box`), each run
    still in namespaces of its own; the sandboxes end with the call."""
    boxes = Boxes()
    try:
        return _run_all(runs, limits, jobs, on_done, boxes)
    finally:
        boxes.close()


def _run_all(
    runs: Mapping[str, tuple[list[str], Mapping[str, bytes], bytes]], limits: Limits, jobs: int,
    on_done: Callable[[str], None] | None, boxes: Boxes,
) -> dict[str, Attempt]:
    if jobs <= 1:
        attempts = {}
        for name, (argv, files, stdin) in runs.items():
            attempts[name] = run_one(argv, limits, files, stdin, boxes)
            if on_done:
                on_done(name)
        return attempts
    pool = ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = {pool.submit(run_one, argv, limits, files, stdin, boxes): name
                   for name, (argv, files, stdin) in runs.items()}
        attempts = {}
        for future in as_completed(futures):
            attempts[futures[future]] = future.result()
            if on_done:
                on_done(futures[future])
    finally:
        pool.shutdown(cancel_futures=True)  # on Ctrl-C, start no more runs
    return {name: attempts[name] for name in runs}


def run_one(argv: list[str], limits: Limits, files: Mapping[str, bytes] | None = None, stdin: bytes = b"",
            boxes: Boxes | None = None) -> Attempt:
    """One sandboxed run (see `sandbox`): stdout is the transcript; a crash or timeout keeps what it printed.
    With `boxes`, in the submission's long-lived sandbox (see `box`)."""
    return attempt_of(sandbox.run(argv, files or {}, stdin, limits, boxes), limits)


def attempt_of(outcome: sandbox.Outcome, limits: Limits) -> Attempt:
    """A run's outcome as an attempt: the transcript, or the reason it failed and the output so far."""
    if outcome.error:
        return Attempt.failed(Status.CRASH, outcome.error)
    seconds = round(outcome.seconds, 3)
    if outcome.returncode == 0:
        attempt = decode(outcome.stdout, limits)
        return Attempt(attempt.text, attempt.status, attempt.reason, attempt.detail, seconds)
    if outcome.timed_out:
        status, reason = Status.TIMEOUT, f"no result after {limits.timeout:g} s"
    elif outcome.oversized:
        status, reason = Status.OVERSIZED, f"output larger than {limits.max_output} bytes"
    else:
        status, reason = Status.CRASH, _exit_reason(outcome.returncode or 0)
    text = outcome.stdout.decode("utf-8-sig", "replace")
    stderr = outcome.stderr.decode("utf-8", "replace").strip()  # the end explains a crash
    return Attempt.failed(status, reason, stderr_block(stderr), text, seconds)


def stderr_block(stderr: str) -> str:
    """A program's error output as its own labelled block (its end, which explains a crash), so it is
    never read as part of the transcript's diff; '' when it printed none."""
    if not stderr:
        return ""
    cut = len(stderr) > _STDERR_TAIL
    label = f"standard error (its last {_STDERR_TAIL} characters):" if cut else "standard error:"
    return "\n".join([label, *(f"  | {line}" for line in stderr[-_STDERR_TAIL:].split("\n"))])


def _exit_reason(code: int) -> str:
    if code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exited with code {code}"
