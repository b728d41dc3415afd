"""One empty network namespace that a root grader's sandboxed runs start in, instead of a new one a run.

Making a network namespace is the costliest step of bubblewrap's setup after the namespaces it
cannot do without (about 1 ms of CPU and several ms of waiting a run on a loaded 2-core machine,
plus the kernel's own clean-up afterwards). The grader makes one, empty (no interface up, not even
loopback; a run has no capability over it to change that), once, and starts each run's bubblewrap
from inside it: the thread that starts a run enters it just for that (a thread's network namespace
is its own), and goes back at once. Runs that run at the same time (`--jobs`) then share it: they
have no network, but could reach each other's abstract Unix sockets. Needs root (CAP_SYS_ADMIN);
elsewhere `available` is False and each run gets its own namespace from bubblewrap.
"""

from __future__ import annotations

import ctypes
import functools
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

CLONE_NEWNET = 0x40000000


@functools.cache
def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


@functools.cache
def _namespaces() -> tuple[int, int] | None:
    """(the grader's own network namespace, the empty one) as open descriptors, or None."""
    if os.geteuid() != 0:
        return None
    made: list[int] = []

    def make() -> None:  # in a thread of its own, which then ends: the descriptor keeps the namespace
        if _libc().unshare(CLONE_NEWNET) == 0:
            made.append(os.open("/proc/thread-self/ns/net", os.O_RDONLY | os.O_CLOEXEC))

    try:
        own = os.open("/proc/self/ns/net", os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    worker = threading.Thread(target=make)
    worker.start()
    worker.join()
    if not made:
        os.close(own)
        return None
    return own, made[0]


def available() -> bool:
    return _namespaces() is not None


@contextmanager
def entered() -> Iterator[None]:
    """The calling thread inside the empty namespace (processes it starts stay there), then back."""
    spaces = _namespaces()
    if spaces is None:
        raise RuntimeError("no shared network namespace here")
    own, empty = spaces
    _setns(empty)
    try:
        yield
    finally:
        _setns(own)


def _setns(fd: int) -> None:
    if _libc().setns(fd, CLONE_NEWNET) != 0:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))
