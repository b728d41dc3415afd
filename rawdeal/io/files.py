"""Every file rawdeal reads or writes on a user's word goes through here.

Outputs (`write_atomic`): a regular file (or a new one) is built beside the target, then renamed,
so a reader never sees a half-written output and a failure leaves the old one in place; a symbolic
link is followed and its target written that way; a device or named pipe (`/dev/stdout`, a FIFO) is
written through, never replaced. `check_outputs` refuses an output that is also an input.

Inputs are read by `rawdeal.inputs` (every layer reads files; only the layers from `io` up write them).

Outputs get the permissions a plain `open()` or `mkdir` would give (0644 files and 0755 folders under
the usual umask 022), not the private 0600/0700 of the temporary files they start as.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from rawdeal.errors import RawdealError, UsageError
from rawdeal.inputs import shown, utf8

# A path that cannot take a file is the caller's mistake (exit 2); anything else (a full disk) is not.
BAD_PATH = {errno.ENOENT, errno.ENOTDIR, errno.EACCES, errno.EPERM, errno.EROFS, errno.EISDIR, errno.ENAMETOOLONG}


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
    """Write `data` to `path` (UTF-8 for text): a regular or new file in one step (on any failure the
    old file is untouched, no temporary file is left, and the error names `path`); a symbolic link's
    target the same way; a device or named pipe written through; a folder refused."""
    given = Path(path)
    payload = _encoded(data) if isinstance(data, str) else data
    kind = _kind(given)  # of what the path leads to, through any symbolic link
    if kind == "folder":
        raise UsageError(f"{shown(given)}: is a folder; give a file name")
    if kind == "special":
        _write_through(given, payload)
        return
    path = Path(os.path.realpath(given)) if given.is_symlink() else given
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


def _encoded(text: str) -> bytes:
    """`text` in UTF-8, a file name's bytes that are not UTF-8 in it written as `\\xff` (`inputs.utf8`)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return utf8(text).encode("utf-8")


def _kind(path: Path) -> str:
    """"new", "file", "folder" or "special" (a device, named pipe or socket)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return "new"
    return "file" if stat.S_ISREG(mode) else "folder" if stat.S_ISDIR(mode) else "special"


def _write_through(given: Path, payload: bytes) -> None:
    """Write into a device or named pipe as it is (it cannot be replaced, and must not be)."""
    try:
        with open(given, "wb", buffering=0) as fh:
            view = memoryview(payload)
            while view:
                view = view[fh.write(view) or 0:]
    except OSError as exc:
        raise _write_error(given, exc) from None


def check_outputs(outputs: Mapping[str, str | os.PathLike[str] | None],
                  inputs: Mapping[str, str | os.PathLike[str] | None]) -> None:
    """A usage error when an output (option -> path) is one of the inputs (what -> path) or another
    output: writing it would destroy what is read, or one output would overwrite the other."""
    seen: dict[tuple[int, int] | str, str] = {}
    for what, path in inputs.items():
        if path is not None and os.fspath(path) != "-":
            seen[_identity(path)] = f"{what} {shown(path)}"
    for option, path in outputs.items():
        if path is None or os.fspath(path) == "-" or _kind(Path(path)) == "special":
            continue
        key = _identity(path)
        if key in seen:
            raise UsageError(f"{option} {shown(path)} is the same file as {seen[key]}: choose another output")
        seen[key] = f"{option} {shown(path)}"


def _identity(path: str | os.PathLike[str]) -> tuple[int, int] | str:
    """What a path names: its device and inode when it exists, else its resolved path."""
    try:
        info = os.stat(path)
        return info.st_dev, info.st_ino
    except OSError:
        return os.path.realpath(path)


def _write_error(path: Path, exc: OSError) -> RawdealError:
    if exc.errno == errno.ENOENT and not path.parent.is_dir():
        return UsageError(f"{path}: cannot write: folder {path.parent} does not exist; create it first")
    reason = os.strerror(exc.errno) if exc.errno else str(exc)
    if exc.errno in BAD_PATH:
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
    """An exclusive lock on a folder while the block runs. Where there is `flock` (POSIX), the lock is
    on the folder itself, so nothing is written anywhere for it; elsewhere (Windows) filelock's lock
    file in the temporary folder, named by the folder's real path, which stays behind (removing a
    lock file others may wait on would let two writers in)."""
    try:
        import fcntl
    except ImportError:
        import hashlib

        from filelock import FileLock

        key = hashlib.sha256(os.fsencode(os.path.realpath(folder))).hexdigest()[:24]
        with FileLock(os.path.join(tempfile.gettempdir(), f"rawdeal-{key}.lock")):
            yield
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock
