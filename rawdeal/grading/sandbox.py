"""Run one student program in isolation, with its output capped and every process it made ended.

By default the run goes through bubblewrap (see `bwrap`): the kernel gives it its own mount tree,
process namespace and network, so it sees only the system folders, the folders its command names
and a private working folder where the files it may read (for the course protocol: the one deck
folder) are bound read-only, staged once per content (see `staging`); when its first process ends or
the timeout passes every process of the run ends with it, and after a kill the grader goes on only
once the kernel has ended them. Limits cap memory, CPU time, processes, open files and file size.
Given a submission's `box.Boxes`, a run starts in that submission's long-lived bubblewrap, in pid,
mount, network, IPC and UTS namespaces of its own (see `box`: the same isolation, at about half the
cost a run); without, or where a box cannot be made, in a bubblewrap of its own. Standard output and error are read through pipes and capped in memory; the grader's wait ends at the
timeout plus a short grace period whatever the run does.

`--sandbox none` (trusted local use) runs the program directly in a fresh temporary folder; at the
end its process group is killed, and nothing else is isolated (see `NONE_WARNING`).
"""

from __future__ import annotations

import functools
import json
import os
import selectors
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from typing import IO
from dataclasses import dataclass, field

from rawdeal.errors import UsageError
from rawdeal.grading import box, bwrap, staging

KINDS = ("bwrap", "none")
GRACE = 2.0  # seconds the grader waits for a killed run to be gone
_CHUNK = 1 << 16
NONE_WARNING = (
    "rawdeal: --sandbox none: the programs run without isolation (as you, or --user), with your environment, in a "
    "temporary folder: they can read and change every file you can (the bank and other students' work included), "
    "use the network, and signal your processes; processes they leave in another process group may outlive the run. "
    "Use it only for programs you trust."
)


@dataclass(frozen=True)
class Sandbox:
    """How runs are isolated: `kind` bwrap (default) or none; as root, the `user` programs run as
    (default nobody); `readable` host paths programs may read besides what their command names
    (a .NET or Python installed outside /usr); `env` the variables the assignment sets; `hidden`
    host folders covered by an empty one wherever a readable folder holds them (the answers);
    `writable` host folders every run may change (one HOME shared by a submission's runs)."""

    kind: str = "bwrap"
    user: str | None = None
    readable: tuple[str, ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    hidden: tuple[str, ...] = ()
    writable: tuple[str, ...] = ()  # host folders runs may change and keep (`grade --home`), at the same place


@dataclass(frozen=True)
class Limits:
    """Per-run limits: seconds before the program is killed, bytes of output and of error output kept;
    inside the sandbox also bytes of data memory per process, processes and threads at once, open
    files per process, bytes per written file and bytes each private folder (working folder, /tmp,
    /dev/shm) may hold. CPU time per process is the timeout rounded up plus one second."""

    timeout: float = 10.0
    max_output: int = 1 << 20
    max_stderr: int = 1 << 16
    memory: int = 1 << 30
    processes: int = 128
    open_files: int = 512
    file_size: int = 16 << 20
    disk: int = 64 << 20
    sandbox: Sandbox = field(default=Sandbox())

    def caps(self) -> bwrap.Caps:
        return bwrap.Caps(bwrap.cpu_seconds(self.timeout), self.memory, self.processes, self.open_files,
                          self.file_size, self.disk)


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


def prepare(sandbox: Sandbox, argvs: Sequence[Sequence[str]] = ()) -> None:
    """Check before any run that runs can be made as asked (a usage error says why and how to fix it):
    the account, bubblewrap and namespaces, and the folders the commands `argvs` name."""
    if sandbox.kind not in KINDS:
        raise UsageError(f"--sandbox {sandbox.kind}: expected one of {', '.join(KINDS)}")
    if sandbox.kind == "none":
        if sandbox.user:
            _plain_account(sandbox.user)
        return
    for path in sandbox.readable:
        if not os.path.exists(path):
            raise UsageError(f"--allow-read {path}: no such file or folder")
    binds = reach(sandbox, argvs)
    _check(bwrap.account(sandbox.user), tuple(binds), sandbox.hidden, sandbox.writable)


@functools.cache
def _check(who: bwrap.Account | None, binds: tuple[str, ...], hidden: tuple[str, ...], writable: tuple[str, ...]) -> None:
    bwrap.check(who, binds, hidden, writable)


def reach(sandbox: Sandbox, argvs: Sequence[Sequence[str]]) -> list[str]:
    """The host paths runs of `argvs` may read (besides system folders): empty with --sandbox none,
    where they may read everything."""
    if sandbox.kind == "none":
        return []
    return sorted({b for argv in argvs for b in bwrap.readable(bwrap.locate(argv), sandbox.readable)})


def run(argv: Sequence[str], files: Mapping[str, bytes], stdin: bytes, limits: Limits,
        boxes: box.Boxes | None = None) -> Outcome:
    """Run `argv` in a fresh working folder holding `files` (relative path -> bytes), feeding it `stdin`.
    With `boxes` (one submission's), the run is started in that submission's long-lived sandbox (see
    `box`) where one can be made, else in a bubblewrap of its own."""
    missing = _unstartable(argv[0] if argv else "")
    if missing:
        return Outcome(b"", b"", None, error=f"cannot start {argv[0] if argv else '(nothing)'}: {missing}")
    if limits.sandbox.kind == "none":
        return _run_plain(argv, files, stdin, limits)
    return _run_boxed(argv, files, stdin, limits, boxes)


@functools.lru_cache(maxsize=64)
def _unstartable(word: str) -> str:
    """Why `word` cannot be started (empty when it can): checked here, since inside the sandbox a
    failed start looks like the program's own exit code 1."""
    if not word:
        return "empty command"
    if "/" in word:
        return "" if os.path.isfile(word) and os.access(word, os.X_OK) else (
            "No such file or directory" if not os.path.exists(word) else "Permission denied")
    return "" if shutil.which(word, path=bwrap.PATH) or shutil.which(word) else "No such file or directory"


def _run_boxed(argv: Sequence[str], files: Mapping[str, bytes], stdin: bytes, limits: Limits,
               boxes: box.Boxes | None = None) -> Outcome:
    sandbox = limits.sandbox
    argv = _located(tuple(argv))
    try:
        staged = staging.entries(staging.stage(files)) if files else []
    except (OSError, ValueError) as exc:
        return Outcome(b"", b"", None, error=f"cannot stage the run's files: {getattr(exc, 'strerror', None) or exc}")
    head = _box_head(limits, argv) if boxes is not None else None
    if boxes is not None and head is not None:
        try:
            held = boxes.get(head, bwrap.box_setup(limits.caps(), dict(sandbox.env)))
            return _spawn_in(held, argv, staged, stdin, limits)
        except box.BoxError:
            pass  # a bubblewrap of the run's own below
    return _run_alone(argv, staged, stdin, limits)


def _box_head(limits: Limits, argv: tuple[str, ...]) -> tuple[str, ...] | None:
    """The command line of the long-lived sandbox for runs of `argv` (None: a bubblewrap a run)."""
    if not box.available():
        return None
    sandbox = limits.sandbox
    return bwrap.box_head(bwrap.account(sandbox.user), _readable(argv, sandbox.readable), dict(sandbox.env),
                          sandbox.hidden, sandbox.writable, limits.disk)


def _run_alone(argv: tuple[str, ...], staged: Sequence[tuple[str, str]], stdin: bytes, limits: Limits) -> Outcome:
    sandbox = limits.sandbox
    info, info_w = os.pipe()
    try:
        # Each run gets a network namespace of its own (about 1 ms of CPU a run): one shared by runs
        # at the same time would let them reach each other's abstract Unix sockets.
        launch = bwrap.command(argv, staged, limits.caps(), bwrap.account(sandbox.user), _readable(argv, sandbox.readable),
                               dict(sandbox.env), sandbox.hidden, sandbox.writable, info_fd=info_w)
        return _spawn(launch.argv, stdin, limits, pass_fds=(info_w,), env={}, boxed=True, info=info)
    finally:
        os.close(info)
        os.close(info_w)


@functools.lru_cache(maxsize=256)
def _located(argv: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(bwrap.locate(argv))


@functools.lru_cache(maxsize=256)
def _readable(argv: tuple[str, ...], extra: tuple[str, ...]) -> list[str]:
    """The folders a command may read, computed once per distinct command (a class's runs repeat them)."""
    return bwrap.readable(argv, extra)


def _run_plain(argv: Sequence[str], files: Mapping[str, bytes], stdin: bytes, limits: Limits) -> Outcome:
    try:
        folder = tempfile.mkdtemp(prefix="rawdeal-run-", dir=_base())
    except OSError as exc:
        return Outcome(b"", b"", None, error=f"cannot make the run's folder: {exc.strerror}")
    owner = _plain_account(limits.sandbox.user)
    try:
        try:
            _populate(folder, files, owner)
        except OSError as exc:
            return Outcome(b"", b"", None, error=f"cannot fill the run's folder: {exc.strerror}")
        env = {**os.environ, "HOME": folder, "TMPDIR": folder, "PWD": folder, **dict(limits.sandbox.env)}
        return _spawn(list(argv), stdin, limits, cwd=folder, env=env, owner=owner)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@functools.cache
def _base() -> str | None:
    """Where --sandbox none puts run folders: $RAWDEAL_RUN_DIR, else memory (/dev/shm), else the
    system's temporary folder."""
    chosen = os.environ.get("RAWDEAL_RUN_DIR")
    if chosen:
        return chosen
    return "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK | os.X_OK) else None


def _populate(folder: str, files: Mapping[str, bytes], owner: tuple[int, int] | None) -> None:
    for rel, data in files.items():
        path = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    if owner is not None:  # the run's user owns its folder, as a program expects of its working folder
        for root, dirs, names in os.walk(folder):
            for name in [root, *(os.path.join(root, n) for n in dirs + names)]:
                os.chown(name, *owner)


@functools.cache
def _plain_account(user: str | None) -> tuple[int, int] | None:
    """With --sandbox none, the uid and gid of `user` (None: run as ourselves)."""
    who = bwrap.account(user) if user else None
    return None if who is None else (who.uid, who.gid)


def _spawn(
    argv: Sequence[str], stdin: bytes, limits: Limits, *, env: Mapping[str, str], cwd: str | None = None,
    owner: tuple[int, int] | None = None, pass_fds: tuple[int, ...] = (), boxed: bool = False, info: int | None = None,
) -> Outcome:
    start = time.monotonic()
    uid, gid = owner or (None, None)
    try:
        proc = subprocess.Popen(
            list(argv), cwd=cwd, env=dict(env), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, process_group=0, close_fds=True, pass_fds=pass_fds,
            user=uid, group=gid, extra_groups=None if uid is None else [],
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return Outcome(b"", b"", None, error=f"cannot start {argv[0]}: {getattr(exc, 'strerror', None) or exc}")
    try:
        out, err, timed_out, oversized = _communicate(proc, stdin, start + limits.timeout, limits)
    finally:
        _end(proc, info)
    code = None if timed_out or oversized else proc.returncode
    if code is not None and boxed and 128 < code <= 128 + 64:
        code = 128 - code  # bwrap reports a program killed by signal N as exit code 128 + N
    return Outcome(out, err, code, timed_out, oversized, time.monotonic() - start)


class _InBox:
    """A run started in a box, with what `_communicate` uses of a `Popen`: its pipes, wait and exit status."""

    def __init__(self, held: box.Box, started: box.Started) -> None:
        self.box = held
        self.pidfd = started.pidfd
        self.stdin: IO[bytes] | None = open(started.stdin, "wb", buffering=0)
        self.stdout: IO[bytes] | None = open(started.stdout, "rb", buffering=0)
        self.stderr: IO[bytes] | None = open(started.stderr, "rb", buffering=0)
        self.returncode: int | None = None
        self.done = False

    def wait(self, timeout: float | None = None) -> int | None:
        """Wait (at most `timeout` seconds) for the run's first process to end, that is for the whole
        run (the kernel ends it only once every other process of its pid namespace is gone)."""
        if not self.done:
            with selectors.DefaultSelector() as sel:
                sel.register(self.pidfd, selectors.EVENT_READ)
                if not sel.select(timeout=timeout):
                    raise subprocess.TimeoutExpired("sandboxed run", timeout or 0.0)
            self.done = True
            self.returncode = self.box.finish(GRACE)
        return self.returncode

    def kill(self) -> None:
        try:
            signal.pidfd_send_signal(self.pidfd, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            pass

    def close(self) -> None:
        _close_pipes(self)


def _spawn_in(held: box.Box, argv: Sequence[str], staged: Sequence[tuple[str, str]], stdin: bytes,
              limits: Limits) -> Outcome:
    """`_spawn` for a run in a long-lived sandbox: killed at the deadline through its pidfd, and the
    grader goes on once it is gone (at most `GRACE` seconds later) whatever the runner does."""
    start = time.monotonic()
    proc = _InBox(held, held.start(argv, staged))
    try:
        out, err, timed_out, oversized = _communicate(proc, stdin, start + limits.timeout, limits)
        if timed_out or oversized:
            proc.kill()
        proc.close()
        try:
            code = proc.wait(GRACE)
        except subprocess.TimeoutExpired:
            held.close()  # the run does not end: the kernel ends it with the box
            code = None
    finally:
        proc.kill()
        proc.close()
        os.close(proc.pidfd)  # only now: a pidfd number reused by another thread's run must never be signalled
        if not proc.done:
            held.close()
    if timed_out or oversized:
        code = None
    elif code is None:
        return Outcome(out, err, None, error="the sandbox's runner did not report how the run ended",
                       seconds=time.monotonic() - start)
    elif 128 < code <= 128 + 64:
        code = 128 - code  # signal N reported as exit code 128 + N, as bubblewrap does
    return Outcome(out, err, code, timed_out, oversized, time.monotonic() - start)


def _end(proc: subprocess.Popen[bytes], info: int | None = None) -> None:
    """Kill the run (its process group: with bwrap, bwrap itself, and the kernel ends the rest) and
    wait at most `GRACE` seconds for it: when it was still running, with bwrap, until its first
    process inside (its pid read from bwrap's --info-fd, `info`) is gone, which the kernel lets
    happen only once every other process of the run has ended."""
    running = proc.poll() is None
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    _close_pipes(proc)
    deadline = time.monotonic() + GRACE
    try:
        proc.wait(timeout=GRACE)
    except subprocess.TimeoutExpired:
        return
    if running and info is not None:
        pid = _first_pid(info)
        if pid is not None:
            _wait_gone(pid, deadline)


def _close_pipes(proc: subprocess.Popen[bytes] | _InBox) -> None:
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        if pipe is not None:
            try:
                pipe.close()
            except OSError:
                pass


def _first_pid(info: int) -> int | None:
    """The pid bwrap wrote to its --info-fd (its first process inside the run), read once bwrap has
    ended; None when it wrote none."""
    os.set_blocking(info, False)
    try:
        return int(json.loads(os.read(info, 4096))["child-pid"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _wait_gone(pid: int, deadline: float) -> None:
    try:
        fd = os.pidfd_open(pid)
    except OSError:
        return  # already gone
    try:
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            sel.select(timeout=max(0.0, deadline - time.monotonic()))
    finally:
        os.close(fd)


def _communicate(
    proc: subprocess.Popen[bytes] | _InBox, stdin: bytes, deadline: float, limits: Limits,
) -> tuple[bytes, bytes, bool, bool]:
    """Feed stdin and read both outputs until the program exits, the deadline passes or stdout overflows."""
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    out: list[bytes] = []
    err = bytearray()
    size = 0
    pending = memoryview(stdin)
    exited = _exit_fd(proc.pid) if isinstance(proc, subprocess.Popen) else os.dup(proc.pidfd)
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


def _feed(proc: subprocess.Popen[bytes] | _InBox, sel: selectors.BaseSelector, pending: memoryview) -> memoryview:
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

