"""One long-lived bubblewrap sandbox for a submission's runs, each run still in namespaces of its own.

A bubblewrap a run costs about 5 ms of CPU (its user namespace, its mount tree, `setpriv` before it):
as much as half of what a small Python program takes. Here one bubblewrap (made exactly as for a
single run: same account, mounts, binds, covers, clean environment, no network, no further user
namespaces) holds the trusted runner `boxinit`, which starts each run in a new pid, mount, network,
IPC and UTS namespace with fresh private `/proc`, `/tmp`, `/dev/shm` and working folder, and its
limits: a run still sees only its own processes and files, leaves nothing behind (when its first
process ends the kernel ends the rest), and never sees another run's input or any expected output
(the grader writes each run's input to the run's own pipe). A box serves one submission (one
`Boxes`, closed when its runs are done) and one thread, so its runs never overlap.

The grader holds the box's socket and the runs' pipes; the runner hands it a pidfd of each run's
first process, so the grader kills and watches a run itself, and its waits are bounded by its own
clock whatever the runner does (a box that stops answering is killed and the next run makes another).
"""

from __future__ import annotations

import functools
import json
import os
import selectors
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rawdeal.grading import staging

RUNNER = "/usr/bin/python3"  # the interpreter inside the box (a system one: /usr is bound in every sandbox)
START = 10.0  # seconds a box may take to answer its first run
END = 5.0  # seconds the grader waits for a box it kills to be gone


@dataclass(frozen=True)
class Started:
    """A run the box started: the grader's ends of its pipes and a pidfd of its first process."""

    stdin: int
    stdout: int
    stderr: int
    pidfd: int


class BoxError(Exception):
    """The box could not start a run (it is closed; the caller may fall back to a bubblewrap a run)."""


class Box:
    """One bubblewrap running `boxinit`, started with `head` (its command line up to `--`)."""

    def __init__(self, head: Sequence[str], setup: dict[str, object]) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.sock = ours
        self.info, info_w = os.pipe()  # bwrap writes the pid of its init inside (its pid namespace's pid 1)
        try:
            argv = [*head[:-1], "--info-fd", str(info_w), "--", RUNNER, "-I", "-S", "-c", _source(),
                    json.dumps({**setup, "fd": theirs.fileno()})]
            self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL, pass_fds=(theirs.fileno(), info_w), env={},
                                         process_group=0, close_fds=True)
        except OSError as exc:
            ours.close()
            os.close(self.info)
            raise BoxError(f"cannot start the sandbox: {exc}") from None
        finally:
            theirs.close()
            os.close(info_w)
        self.answered = False
        self.closed = False
        self.pending = False  # a run's exit status not yet read

    def start(self, argv: Sequence[str], staged: Sequence[tuple[str, str]]) -> Started:
        """Start one run: `staged` pairs a staged host path with its name in the working folder."""
        if self.pending:
            self.finish(0.0)
        inside = [(staging.inside(host), name) for host, name in staged]
        ends = [os.pipe() for _ in range(3)]
        theirs = [ends[0][0], ends[1][1], ends[2][1]]
        ours = [ends[0][1], ends[1][0], ends[2][0]]
        try:
            self.sock.settimeout(START)
            socket.send_fds(self.sock, [json.dumps({"argv": list(argv), "staged": inside}).encode()], theirs)
            self.sock.settimeout(START if not self.answered else 2.0)
            data, fds, _, _ = socket.recv_fds(self.sock, 4096, 1)
        except OSError as exc:
            for fd in ours:
                os.close(fd)
            self.close()
            raise BoxError(f"the sandbox's runner does not answer: {exc}") from None
        finally:
            for fd in theirs:
                os.close(fd)
        reply = json.loads(data) if data else {"error": "the sandbox's runner ended"}
        if not fds:
            for fd in ours:
                os.close(fd)
            self.close()
            raise BoxError(f"the sandbox's runner cannot start a run: {reply.get('error', 'no pidfd')}")
        self.answered = True
        self.pending = True
        return Started(ours[0], ours[1], ours[2], fds[0])

    def finish(self, timeout: float) -> int | None:
        """The last run's exit status as its first process gave it (None when the runner does not say in time)."""
        if not self.pending:
            return None
        self.pending = False
        try:
            self.sock.settimeout(max(timeout, 0.05))
            data = self.sock.recv(4096)
            return int(json.loads(data)["status"])
        except (OSError, ValueError, KeyError, TypeError):
            self.close()
            return None

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        """End the box: bubblewrap killed, and with it (the kernel) everything inside; back (within
        `END` seconds) once its pid namespace's first process, hence every process in it, is gone."""
        if self.closed:
            return
        self.closed = True
        self.sock.close()
        deadline = time.monotonic() + END
        first = _first_pid(self.info)  # written once bwrap has made its pid namespace
        waiter = _pidfd(first) if first is not None else None
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(timeout=END)
        except subprocess.TimeoutExpired:
            pass
        if waiter is not None:
            with selectors.DefaultSelector() as sel:
                sel.register(waiter, selectors.EVENT_READ)
                sel.select(timeout=max(0.0, deadline - time.monotonic()))
            os.close(waiter)
        os.close(self.info)


class Boxes:
    """The boxes of one submission's runs: one a thread and command line, all ended by `close`."""

    def __init__(self) -> None:
        self._local = threading.local()
        self._all: list[Box] = []
        self._lock = threading.Lock()

    def get(self, head: tuple[str, ...], setup: dict[str, object]) -> Box:
        mine: dict[tuple[tuple[str, ...], str], Box] = self._local.__dict__.setdefault("boxes", {})
        key = (head, json.dumps(setup, sort_keys=True))
        box = mine.get(key)
        if box is None or not box.alive() or box.closed:
            box = Box(head, setup)
            mine[key] = box
            with self._lock:
                self._all.append(box)
        return box

    def close(self) -> None:
        with self._lock:
            boxes, self._all = self._all, []
        for box in boxes:
            box.close()


def available() -> bool:
    """Whether runs can be started in a box here (its runner's interpreter and a known machine)."""
    return os.access(RUNNER, os.X_OK) and os.uname().machine in ("x86_64", "aarch64")


def _first_pid(info: int) -> int | None:
    """The pid bwrap wrote to its --info-fd (None when it wrote none yet)."""
    os.set_blocking(info, False)
    try:
        return int(json.loads(os.read(info, 4096))["child-pid"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _pidfd(pid: int) -> int | None:
    try:
        return os.pidfd_open(pid)
    except OSError:
        return None  # already gone


@functools.cache
def _source() -> str:
    """The runner's source, given to the interpreter inside with -c (nothing of rawdeal's need be bound)."""
    return (Path(__file__).parent / "boxinit.py").read_text(encoding="utf-8")
