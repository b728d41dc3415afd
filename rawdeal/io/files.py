"""Atomic writes of files and folders: build beside the target, then rename, so a reader never sees a
half-written output and a failure leaves the old one in place.

Outputs get the permissions a plain `open()` or `mkdir` would give (0644 files and 0755 folders under
the usual umask 022), not the private 0600/0700 of the temporary files they start as.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

from rawdeal.errors import UsageError


@cache
def _umask() -> int:
    """The process umask (read once: reading it means setting it)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: str | Path, data: bytes | str) -> None:
    """Write one file: UTF-8 for text, bytes as they are."""
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if not path.parent.is_dir():
        raise UsageError(f"{path}: folder {path.parent} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror}") from None
    try:
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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
    """Move a complete folder to `path` (same file system), replacing an existing one only now."""
    if path.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{path.name}.old.", dir=path.parent))
        os.replace(path, old / path.name)
        os.replace(complete, path)
        shutil.rmtree(old)
    else:
        os.replace(complete, path)
