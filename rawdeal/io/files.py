"""Atomic writes of files and folders: build beside the target, then rename, so a reader never sees a
half-written output and a failure leaves the old one in place.

Outputs get the permissions a plain `open()` or `mkdir` would give (0644 files and 0755 folders under
the usual umask 022), not the private 0600/0700 of the temporary files they start as.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from rawdeal.errors import RawdealError, UsageError

# A path that cannot take a file is the caller's mistake (exit 2); anything else (a full disk) is not.
_BAD_PATH = {errno.ENOENT, errno.ENOTDIR, errno.EACCES, errno.EPERM, errno.EROFS, errno.EISDIR, errno.ENAMETOOLONG}


@cache
def file_number(path: Path) -> int | None:
    """The number a file is named by ("12.txt" -> 12), or None ("a.txt", "².txt")."""
    stem = path.stem
    return int(stem) if stem.isascii() and stem.isdigit() else None


def _umask() -> int:
    """The process umask (read once: reading it means setting it)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: str | Path, data: bytes | str) -> None:
    """Write `data` to `path` in one step (UTF-8 for text); on any failure the old file (if any) is
    untouched, no temporary file is left, and the error names `path`."""
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        os.replace(tmp, path)
    except OSError as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise _write_error(path, exc) from None
    except BaseException:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise


def _write_error(path: Path, exc: OSError) -> RawdealError:
    if exc.errno == errno.ENOENT and not path.parent.is_dir():
        return UsageError(f"{path}: cannot write: folder {path.parent} does not exist; create it first")
    reason = os.strerror(exc.errno) if exc.errno else str(exc)
    if exc.errno in _BAD_PATH:
        return UsageError(f"{path}: cannot write: {reason}")
    return RawdealError(f"{path}: cannot write: {reason}; nothing was written")


def write_folder_atomic(path: Path, fill: Callable[[Path], None]) -> None:
    """Make folder `path` by letting `fill` write into an empty staging folder, then swap it in,
    replacing an existing folder only once the new one is complete."""
    path.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{path.name}.", dir=path.parent))
    try:
        staging.chmod(0o777 & ~_umask())
        fill(staging)
        replace_folder(staging, path)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def replace_folder(complete: Path, path: Path) -> None:
    """Move a complete folder to `path` (same file system), replacing an existing one only now. The
    swap holds a lock on the parent folder, so two writers into one folder swap one after the other
    (each folder stays whole, the last one wins); a folder left aside by a crash is put back (or
    deleted) by the next swap."""
    with _locked(path.parent):
        for left in path.parent.glob(f".{path.name}.old.*"):
            kept = left / path.name
            if not path.exists() and kept.is_dir():
                os.replace(kept, path)
            shutil.rmtree(left, ignore_errors=True)
        if not path.exists():
            os.replace(complete, path)
            return
        old = Path(tempfile.mkdtemp(prefix=f".{path.name}.old.", dir=path.parent))
        os.replace(path, old / path.name)
        os.replace(complete, path)
        shutil.rmtree(old)


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """An exclusive lock on a folder while the block runs (POSIX; elsewhere no lock)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no POSIX locks (Windows): swaps are not concurrent-safe
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
