"""Host folders bound read-only into sandboxed runs, made once per grader process instead of once per run.

A course's runs read the same few files again and again (one category's decks, one scenario's start
and moves), and every run needs the same handful of `/etc` files. Copying them into each run (or
binding each file on its own) costs bubblewrap a mount per file; here each distinct set of files is
written once, by content, into a private folder of the grader's, and a run binds its top-level
entries (for the course protocol: `data`, one bind). `/etc` is one folder with copies of the files
an interpreter needs, bound whole. Everything is read-only (files 0444, folders 0555) and removed
when the grader exits.
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import os
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping

KEEP = 1024  # distinct file sets kept at once (a course has tens; the oldest goes first)
_lock = threading.Lock()
_sets: OrderedDict[str, str] = OrderedDict()


PREFIX = "rawdeal-stage-"
STAGE = "/.rawdeal-stage"  # the grader's folder inside a long-lived sandbox (see `box`; each run unmounts it)


@functools.cache
def base() -> str:
    """The grader's private folder: searchable by the programs' account (it binds from it), never listed.
    Its name holds the grader's pid, so that the folders of graders that were killed before they could
    remove theirs (SIGKILL runs no exit handler) are removed by the next grader."""
    parent = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK | os.X_OK) else None
    _sweep(parent or tempfile.gettempdir())
    folder = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=parent)
    os.chmod(folder, 0o711)
    atexit.register(remove, folder)
    return folder


def _sweep(parent: str) -> None:
    """Remove the staged folders, owned by this user, of graders that no longer run."""
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        pid = name[len(PREFIX):].partition("-")[0] if name.startswith(PREFIX) else ""
        path = os.path.join(parent, name)
        if pid.isdigit() and not _alive(int(pid)) and os.lstat(path).st_uid == os.getuid():
            remove(path)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove(folder: str) -> None:
    """Remove a staged folder (its read-only folders made writable first, for a grader that is not root)."""
    _writable(folder)
    shutil.rmtree(folder, ignore_errors=True)


def stage(files: Mapping[str, bytes]) -> str:
    """A read-only host folder holding `files` (relative path -> bytes), shared by every run given the same."""
    digest = hashlib.blake2b(digest_size=16)
    for rel in files:
        if os.path.isabs(rel) or ".." in rel.split("/") or not os.path.normpath(rel).strip("./"):
            raise ValueError(f"{rel!r}: a run's file must be a relative path inside its working folder")
    for rel in sorted(files):
        data = files[rel]
        digest.update(b"%d:%s%d:" % (len(rel), rel.encode("utf-8", "surrogateescape"), len(data)))
        digest.update(data)
    key = digest.hexdigest()
    with _lock:
        folder = _sets.get(key)
        if folder is not None:
            _sets.move_to_end(key)
            return folder
        folder = os.path.join(base(), key)
        _write(folder, files)
        _sets[key] = folder
        while len(_sets) > KEEP:
            remove(_sets.popitem(last=False)[1])
    return folder


def _write(folder: str, files: Mapping[str, bytes]) -> None:
    """Write the set beside its final place, then rename it there whole (a failed write leaves nothing)."""
    temp = tempfile.mkdtemp(dir=base())
    try:
        for rel, data in files.items():
            path = os.path.join(temp, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
        _read_only(temp)
        os.rename(temp, folder)
    except BaseException:
        remove(temp)
        raise


def inside(host: str) -> str:
    """Where a staged host path is inside a long-lived sandbox, which binds the whole grader's folder at `STAGE`."""
    return STAGE + host[len(base()):]


def entries(folder: str) -> list[tuple[str, str]]:
    """The (host path, name) of each top-level entry of a staged folder: what a run binds."""
    return [(os.path.join(folder, name), name) for name in sorted(os.listdir(folder))]


def etc(paths: tuple[str, ...]) -> str | None:
    """A read-only copy of those of `paths` (under /etc) that exist, symbolic links kept as links;
    None when none exists."""
    with _lock:
        return _etc(paths)


@functools.cache
def _etc(paths: tuple[str, ...]) -> str | None:
    found = [p for p in paths if os.path.lexists(p)]
    if not found:
        return None
    folder = os.path.join(base(), "etc")
    os.mkdir(folder)
    for path in found:
        target = os.path.join(folder, os.path.relpath(path, "/etc"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.copytree(path, target, symlinks=True, ignore_dangling_symlinks=True)
        else:
            shutil.copy2(path, target, follow_symlinks=False)
    _read_only(folder)
    return folder


def _read_only(folder: str) -> None:
    for path in _tree(folder):
        if not os.path.islink(path):
            os.chmod(path, 0o555 if os.path.isdir(path) else 0o444)


def _writable(folder: str) -> None:
    for path in _tree(folder):
        if os.path.isdir(path) and not os.path.islink(path):
            os.chmod(path, 0o755)


def _tree(folder: str) -> Iterable[str]:
    yield folder
    for root, dirs, names in os.walk(folder):
        yield from (os.path.join(root, n) for n in dirs + names)
