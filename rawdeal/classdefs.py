"""Dataclass definitions compiled once per machine instead of once per process.

Defining a dataclass writes the source of its `__init__`, `__repr__`, `__eq__`, `__hash__` (and, when
frozen, `__setattr__` and `__delattr__`) and compiles it with `exec`; compiling is most of the cost,
and rawdeal's ~120 value classes (effects, events, tasks, moves) paid 60-90 ms of every command's
start-up for it. `install` gives the `dataclasses` module an `exec` that compiles each distinct source
once and keeps the code object in the user cache folder (marshal, one file per Python build): the
generated code is exactly the same, only its compilation is skipped. Without a writable cache folder
(RAWDEAL_CACHE=0, read-only home) nothing is installed; a damaged file is ignored and rewritten.
"""

from __future__ import annotations

import atexit
import dataclasses
import marshal
import sys
import zlib
from pathlib import Path
from types import CodeType
from typing import Any

MAX_ENTRIES = 20_000  # beyond this, sources from old versions of the classes are dropped

_codes: dict[str, CodeType] = {}
_compiled: list[str] = []  # sources compiled by this process, not yet in the file


def install() -> None:
    """Use the cache for every dataclass defined from now on (once per process)."""
    from rawdeal.resources import user_cache_dir

    folder = user_cache_dir()
    if folder is None or "exec" in vars(dataclasses):
        return
    path = folder / f"dataclasses-{sys.implementation.cache_tag}-{zlib.crc32(sys.version.encode()):08x}.marshal"
    try:
        stored = marshal.loads(path.read_bytes())
        if isinstance(stored, dict):
            _codes.update(stored)
    except (OSError, ValueError, EOFError, TypeError):  # missing or damaged: compile as usual
        pass
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # `dataclasses` calls exec(source, globals, ns)
    atexit.register(_save, path)


def _exec(source: str | CodeType, globals: dict[str, Any] | None = None, locals: dict[str, Any] | None = None, /) -> None:
    if isinstance(source, str):
        code = _codes.get(source)
        if code is None:
            # dont_inherit: compiled as `exec` compiles it in `dataclasses`, without this module's
            # `from __future__ import annotations` (which would turn the annotations into strings).
            code = _codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
            _compiled.append(source)
        source = code
    exec(source, globals, locals)


def _save(path: Path) -> None:
    """Write the file again when this process compiled something new (atomically; errors ignored)."""
    if not _compiled:
        return
    codes = _codes if len(_codes) <= MAX_ENTRIES else {s: _codes[s] for s in _compiled}
    from rawdeal.diskcache import store_bytes

    store_bytes(path, marshal.dumps(codes))
