"""Values that are costly to rebuild in every process, pickled in the user cache folder.

A value is stored under a name made from a digest of every file it is built from (and the Python
version), so any change to them gives a new name and a stale value is never read. The cache only
saves time: without a writable folder (RAWDEAL_CACHE=0, read-only home), or when a file is missing,
damaged or of another type, the value is built in memory as if there were no cache.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from rawdeal.resources import user_cache_dir

T = TypeVar("T")


def _pickled(value: object) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def cached(name: str, sources: Iterable[Path], build: Callable[[], T], kind: type[T],
           dumps: Callable[[T], bytes] = _pickled) -> T:
    """The value `build()` makes from `sources`: from the cache when it holds it, else built and
    stored (pickled by `dumps`; a value that will not pickle is kept in memory only)."""
    path = cache_path(name, sources)
    if path is not None:
        found = _load(path)
        if isinstance(found, kind):
            return found
    value = build()
    if path is not None:
        try:
            data = dumps(value)
        except (pickle.PicklingError, TypeError, AttributeError):
            return value
        store_bytes(path, data)
    return value


def entry_name(name: str, sources: Iterable[Path]) -> str:
    """The file name of a value built from `sources` (a digest of their bytes and of the Python version)."""
    h = hashlib.sha256(f"{sys.version}\0{pickle.HIGHEST_PROTOCOL}\0".encode())
    for path in sources:
        h.update(path.read_bytes())
        h.update(b"\0")
    return f"{name}-{h.hexdigest()[:20]}.pickle"


def cache_path(name: str, sources: Iterable[Path]) -> Path | None:
    folder = user_cache_dir()
    if folder is None:
        return None
    return folder / entry_name(name, sources)


def read(path: Path) -> object:
    """The value pickled at `path`, or None (missing, truncated or foreign)."""
    return _load(path)


def _load(path: Path) -> object:
    try:
        with path.open("rb") as fh:
            return pickle.load(fh)
    except Exception:  # missing, truncated or foreign: build instead
        return None


def store_bytes(path: Path, data: bytes) -> None:
    """Write atomically (a reader never sees half a file); a folder that refuses it is left alone."""
    import tempfile  # only when writing: its import costs a process a few ms

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
