"""Dataclass definitions compiled once per machine instead of once per process.

Defining a dataclass writes the source of its `__init__`, `__repr__`, `__eq__`, `__hash__` (and, when
frozen, `__setattr__` and `__delattr__`) and compiles it with `exec`; compiling is most of the cost,
and rawdeal's value classes (effects, events, tasks, moves, ...) paid 60-90 ms of a command's start-up
for it. `install` gives the `dataclasses` module an `exec` that compiles each distinct source once
and keeps the code object in the user cache folder: one marshal file per rawdeal module (read only
when that module defines its classes) in a folder per Python build. The generated code is exactly
the same, only its compilation is skipped. Without a writable cache folder (RAWDEAL_CACHE=0,
read-only home) nothing is installed; a damaged file is ignored and written again.
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

MAX_ENTRIES = 1_000  # per module; beyond this, sources from old versions of its classes are dropped

_folder: Path | None = None
_codes: dict[str, dict[str, CodeType]] = {}  # module -> source -> code
_compiled: list[tuple[str, str]] = []  # (module, source) compiled by this process, not yet stored


def install() -> None:
    """Use the cache for every rawdeal dataclass defined from now on (once per process)."""
    global _folder
    from rawdeal.resources import user_cache_dir

    folder = user_cache_dir()
    if folder is None or "exec" in vars(dataclasses):
        return
    _folder = folder / f"classdefs-{sys.implementation.cache_tag}-{zlib.crc32(sys.version.encode()):08x}"
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # `dataclasses` calls exec(source, globals, ns)
    atexit.register(_save)


def _exec(source: str | CodeType, /, globals: dict[str, Any] | None = None, locals: dict[str, Any] | None = None,
          **options: Any) -> None:
    """`exec`, with the code of rawdeal's dataclass methods compiled once (the builtin's signature)."""
    # `dataclasses` passes the defining module's namespace as `globals`: only rawdeal's classes are kept.
    module = globals.get("__name__") if globals is not None else None
    if isinstance(source, str) and isinstance(module, str) and module.startswith("rawdeal."):
        codes = _codes.get(module)
        if codes is None:
            codes = _codes[module] = _load(module)
        code = codes.get(source)
        if code is None:
            # dont_inherit: compiled as `exec` compiles it in `dataclasses`, without this module's
            # `from __future__ import annotations` (which would turn the annotations into strings).
            code = codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
            _compiled.append((module, source))
        source = code
    exec(source, globals, locals, **options)


def _path(module: str) -> Path:
    assert _folder is not None
    return _folder / f"{module}.marshal"


def _load(module: str) -> dict[str, CodeType]:
    try:
        stored = marshal.loads(_path(module).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):  # missing or damaged: compile as usual
        return {}
    return stored if isinstance(stored, dict) else {}


def _save() -> None:
    """Write the files of the modules that compiled something new (atomically; errors ignored)."""
    from rawdeal.diskcache import store_bytes

    for module in dict.fromkeys(m for m, _ in _compiled):
        codes = _codes[module]
        if len(codes) > MAX_ENTRIES:
            codes = {s: codes[s] for m, s in _compiled if m == module}
        try:
            _path(module).parent.mkdir(exist_ok=True, mode=0o700)
        except OSError:
            return
        store_bytes(_path(module), marshal.dumps(codes))
