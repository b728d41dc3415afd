"""Write files atomically: a temporary file in the same folder, then rename, so no half-written output."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from rawdeal.errors import RawdealError, UsageError

# A path that cannot take a file is the caller's mistake (exit 2); anything else (a full disk) is not.
_BAD_PATH = {errno.ENOENT, errno.ENOTDIR, errno.EACCES, errno.EPERM, errno.EROFS, errno.EISDIR, errno.ENAMETOOLONG}


def write_atomic(path: str | Path, data: bytes | str) -> None:
    """Write `data` to `path` in one step; on any failure the old file (if any) is untouched, no
    temporary file is left, and the error names `path`."""
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
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
