"""Run one student program in isolation: a fresh folder, capped output, and the whole process tree killed.

Each run starts in a new temporary folder holding copies of only the files it may read (for the
course protocol: the one deck folder), so it can neither read the expected transcripts beside the
decks nor change the bank or another run. Its standard output and standard error are read through
pipes and capped in memory (no file grows on disk). The run ends when the program exits or the
timeout passes; then its process group is killed, and so is every process it left behind, even one
that started a new session: on Linux the grader makes itself the child subreaper
(`PR_SET_CHILD_SUBREAPER`), so such orphans become the grader's children instead of init's, and the
run finds them in `/proc` (processes created after its program, whose parent is now the grader,
that the grader did not start itself) and kills them, carrying on until none is left. Runs in
parallel tell their orphans apart by a marker in the environment. Elsewhere only the process group
is killed. The program gets a process group of its own, not a session: on Linux a new session also
makes a new scheduling group, which costs more than a small program's whole run.
"""

from __future__ import annotations

import functools
import itertools
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rawdeal.errors import UsageError

MARKER = "RAWDEAL_SANDBOX_RUN"
_PR_SET_CHILD_SUBREAPER = 36
_CHUNK = 1 << 16
_FULL_SCAN = 256  # beyond this many new pids, list /proc instead of probing each pid


@dataclass(frozen=True)
class Limits:
    """Per-run limits: seconds before the program is killed, bytes of output and of error output kept."""

    timeout: float = 10.0
    max_output: int = 1 << 20
    max_stderr: int = 1 << 16
    user: str | None = None  # run as this user (needs root): then the bank's files can be kept out of reach


@dataclass(frozen=True)
class Outcome:
    """What one run did. `stdout` is complete unless `timed_out` or `oversized`; `stderr` keeps its head."""

    stdout: bytes
    stderr: bytes
    returncode: int | None
    timed_out: bool = False
    oversized: bool = False
    seconds: float = 0.0
    error: str = ""  # the program could not be started


_lock = threading.Lock()  # spawning and sweeping never interleave (a forked child has no marker yet)
_live: set[str] = set()  # markers of the runs under way
_mains: set[int] = set()  # their programs' pids, reaped only by their own run (a zombie shows no marker)
_tokens = itertools.count(1)
_reaper: bool | None = None


def run(
    argv: Sequence[str], files: Mapping[str, bytes], stdin: bytes, limits: Limits, env: Mapping[str, str] | None = None,
) -> Outcome:
    """Run `argv` in a fresh folder holding `files` (relative path -> bytes), feeding it `stdin`."""
    try:
        folder = tempfile.mkdtemp(prefix="rawdeal-run-", dir=_base())
    except OSError as exc:
        return Outcome(b"", b"", None, error=f"cannot make the run's folder: {exc.strerror}")
    try:
        try:
            _populate(folder, files, _account(limits.user))
        except OSError as exc:
            return Outcome(b"", b"", None, error=f"cannot fill the run's folder: {exc.strerror}")
        return _run_in(argv, folder, stdin, limits, env)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@functools.cache
def _base() -> str | None:
    """Where run folders go: $RAWDEAL_RUN_DIR, else memory (/dev/shm: making and removing a folder on
    disk can cost more than running a small program), else the system's temporary folder."""
    chosen = os.environ.get("RAWDEAL_RUN_DIR")
    if chosen:
        return chosen
    return "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK | os.X_OK) else None


def _populate(folder: str, files: Mapping[str, bytes], owner: tuple[int, int] | None) -> None:
    made = [folder]
    written = []
    for rel, data in files.items():
        path = os.path.join(folder, rel)
        parent = os.path.dirname(path)
        if parent not in made:
            os.makedirs(parent, exist_ok=True)
            made.append(parent)
        with open(path, "wb") as f:
            f.write(data)
        written.append(path)
    if owner is not None:  # the run's user owns its folder, as a program expects of its working folder
        for path in [folder, *_between(folder, made[1:]), *written]:
            os.chown(path, *owner)


def _between(folder: str, made: list[str]) -> list[str]:
    """Folders created on the way to the deepest ones (makedirs makes the parents too)."""
    out = set()
    for path in made:
        while len(path) > len(folder):
            out.add(path)
            path = os.path.dirname(path)
    return sorted(out)


def check_user(user: str | None) -> None:
    """Fail before any run when programs cannot be run as `user` (unknown, or we are not root)."""
    if user:
        _account(user)
        if os.geteuid() != 0:
            raise UsageError(f"--user {user}: running programs as another user needs root")


@functools.cache
def _account(user: str | None) -> tuple[int, int] | None:
    """The uid and gid of `user` (None: run as ourselves)."""
    if not user:
        return None
    import pwd

    try:
        entry = pwd.getpwnam(user)
    except KeyError:
        raise UsageError(f"--user {user}: no such user on this machine") from None
    return entry.pw_uid, entry.pw_gid


def _run_in(argv: Sequence[str], folder: str, stdin: bytes, limits: Limits, env: Mapping[str, str] | None) -> Outcome:
    token = f"{os.getpid()}.{next(_tokens)}"
    environ = dict(os.environ if env is None else env)
    environ.update({MARKER: token, "HOME": folder, "TMPDIR": folder, "PWD": folder})
    start = time.monotonic()
    with _lock:
        _ensure_reaper()
        _live.add(token)
        try:
            uid, gid = _account(limits.user) or (None, None)
            proc = subprocess.Popen(
                list(argv), cwd=folder, env=environ, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, process_group=0, close_fds=True,
                user=uid, group=gid, extra_groups=None if uid is None else [],
            )
        except (OSError, subprocess.SubprocessError) as exc:
            _live.discard(token)
            return Outcome(b"", b"", None, error=f"cannot start {argv[0]}: {getattr(exc, 'strerror', None) or exc}")
        _mains.add(proc.pid)
    try:
        out, err, timed_out, oversized = _communicate(proc, stdin, start + limits.timeout, limits)
    finally:
        _kill_tree(proc, token)
    returncode = None if timed_out or oversized else proc.returncode
    return Outcome(out, err, returncode, timed_out, oversized, time.monotonic() - start)


def _communicate(
    proc: subprocess.Popen[bytes], stdin: bytes, deadline: float, limits: Limits,
) -> tuple[bytes, bytes, bool, bool]:
    """Feed stdin and read both outputs until the program exits, the deadline passes or stdout overflows."""
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    out: list[bytes] = []
    err = bytearray()
    size = 0
    pending = memoryview(stdin)
    exited = _exit_fd(proc.pid)
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ, "out")
        sel.register(proc.stderr, selectors.EVENT_READ, "err")
        if pending:
            os.set_blocking(proc.stdin.fileno(), False)
            sel.register(proc.stdin, selectors.EVENT_WRITE, "in")
        else:
            proc.stdin.close()
        if exited is not None:
            sel.register(exited, selectors.EVENT_READ, "exit")
        open_pipes, running = 2, True
        try:
            while running:
                left = deadline - time.monotonic()
                ready = sel.select(timeout=left) if left > 0 else []
                if not ready:
                    return b"".join(out), bytes(err), True, False
                for key, _ in ready:
                    if key.data == "in":
                        pending = _feed(proc, sel, pending)
                    elif key.data == "exit":
                        running = False  # drain what is buffered, never wait for a background child
                    else:
                        chunk = os.read(key.fd, _CHUNK)
                        if not chunk:
                            sel.unregister(key.fileobj)
                            open_pipes -= 1
                            running = running and (open_pipes > 0 or exited is not None)  # then wait for the exit
                        elif key.data == "out":
                            out.append(chunk)
                            size += len(chunk)
                            if size > limits.max_output:
                                return b"".join(out)[:limits.max_output], bytes(err), False, True
                        elif len(err) < limits.max_stderr:
                            err += chunk[:limits.max_stderr - len(err)]
            out.append(_drain(proc.stdout.fileno(), limits.max_output + 1 - size))
            err += _drain(proc.stderr.fileno(), limits.max_stderr - len(err))
        finally:
            if exited is not None:
                os.close(exited)
    data = b"".join(out)
    if len(data) > limits.max_output:
        return data[:limits.max_output], bytes(err), False, True
    try:
        proc.wait(timeout=max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        return data, bytes(err), True, False
    return data, bytes(err), False, False


def _feed(proc: subprocess.Popen[bytes], sel: selectors.BaseSelector, pending: memoryview) -> memoryview:
    """Write what the pipe takes now; close stdin when all is written or the program stopped reading."""
    assert proc.stdin is not None
    try:
        pending = pending[os.write(proc.stdin.fileno(), pending[:_CHUNK]):]
    except BrokenPipeError:
        pending = pending[:0]
    if not pending:
        sel.unregister(proc.stdin)
        try:
            proc.stdin.close()
        except BrokenPipeError:
            pass
    return pending


def _drain(fd: int, cap: int) -> bytes:
    """What a pipe holds right now, without waiting for writers that are still alive."""
    os.set_blocking(fd, False)
    chunks: list[bytes] = []
    size = 0
    while size < max(cap, 0):
        try:
            chunk = os.read(fd, _CHUNK)
        except BlockingIOError:
            break
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)[:max(cap, 0)]


def _exit_fd(pid: int) -> int | None:
    """A descriptor that becomes readable when `pid` exits (Linux pidfd), or None."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _kill_tree(proc: subprocess.Popen[bytes], token: str) -> None:
    """Kill the program's process group, then every process it left behind (see the module doc)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        if pipe is not None:
            try:
                pipe.close()
            except OSError:
                pass
    proc.wait()
    with _lock:
        _live.discard(token)
        _mains.discard(proc.pid)
        if _reaper and _has_children():
            _sweep(proc.pid)


def _ensure_reaper() -> None:
    """Become the child subreaper once per process (Linux only); orphans then come back to us."""
    global _reaper
    if _reaper is None:
        _reaper = False
        if sys.platform.startswith("linux"):
            try:
                import ctypes

                libc = ctypes.CDLL(None, use_errno=True)
                _reaper = libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
            except (OSError, AttributeError):
                _reaper = False


def _has_children() -> bool:
    """Whether any child is left (alive or not), asked of the kernel in one call: usually none is,
    and then no process table needs reading."""
    try:
        os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return False
    return True


def _sweep(first: int) -> None:
    """Kill and reap our orphans created since pid `first`, until none is left."""
    me = os.getpid()
    while True:
        found = [pid for pid in _new_pids(first) if _orphan(pid, me)]
        if not found:
            return
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for pid in found:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass


def _new_pids(first: int) -> list[int]:
    """Pids that may have been created since `first` (the kernel hands them out in increasing order)."""
    last = _last_pid()
    if first <= last and last - first <= _FULL_SCAN:
        return list(range(first + 1, last + 1))
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def _last_pid() -> int:
    try:
        with open("/proc/loadavg", "rb") as f:
            return int(f.read().split()[-1])
    except (OSError, ValueError, IndexError):
        return -1


def _orphan(pid: int, me: int) -> bool:
    """A child of ours that we did not start as a run's program and that no run under way claims."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return False
    fields = stat[stat.rfind(b")") + 2:].split()
    if int(fields[1]) != me or pid in _mains:
        return False
    token = _marker(pid)
    return token is None or token not in _live


def _marker(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            environ = f.read()
    except OSError:
        return None
    key = MARKER.encode() + b"="
    for entry in environ.split(b"\0"):
        if entry.startswith(key):
            return entry[len(key):].decode(errors="replace")
    return None
