"""The shipped cards' compiled effects, kept on disk so a process does not compile all of them again.

Compiling every card text costs a process ~60 ms plus lark's lexer set-up; unpickling the result costs
~2 ms. The file is named by a digest of everything the result depends on: the effect grammar, the
card data, the compiler's own source, and the lark and Python versions. Any change gives a new name,
so a stale file is never read. When no cache folder can be written (read-only home, RAWDEAL_CACHE=0)
or the file is unreadable, the effects are compiled in memory as before: the cache only saves time.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import sys
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rawdeal.cards.db import DATA_DIR
from rawdeal.effects.model import Ability, CardEffect
from rawdeal.resources import grammar_path, user_cache_dir

# The sources whose change changes what the compiler produces.
_SOURCES = ("compiler.py", "phrases.py", "model.py")


@dataclass(frozen=True)
class Compiled:
    """Every shipped card's effect by title and every Superstar's ability by name."""

    cards: dict[str, CardEffect]
    abilities: dict[str, Ability]


@cache
def shipped() -> Compiled:
    """The compiled effects of the shipped database: from the disk cache, or compiled (and stored)."""
    path = _cache_path()
    found = _load(path) if path is not None else None
    if found is not None:
        return found
    from rawdeal.effects.compiler import abilities, compiled_db

    built = Compiled(compiled_db(), abilities())
    if path is not None:
        _store(path, built)
    return built


def _digest() -> str:
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for path in (grammar_path("effects.lark"), DATA_DIR / "cards.toml", DATA_DIR / "superstars.toml",
                 *(here / name for name in _SOURCES)):
        h.update(path.read_bytes())
        h.update(b"\0")
    lark = importlib.util.find_spec("lark")  # its version line, without importing it (~30 ms)
    if lark is not None and lark.origin:
        h.update(Path(lark.origin).read_bytes())
    h.update(f"{sys.version}\0{pickle.HIGHEST_PROTOCOL}".encode())
    return h.hexdigest()[:20]


def _cache_path() -> Path | None:
    folder = user_cache_dir()
    return None if folder is None else folder / f"effects-{_digest()}.pickle"


def _load(path: Path) -> Compiled | None:
    try:
        with path.open("rb") as fh:
            found = pickle.load(fh)
    except Exception:  # missing, truncated or foreign: compile instead
        return None
    return found if isinstance(found, Compiled) else None


def _store(path: Path, compiled: Compiled) -> None:
    """Write atomically (a reader never sees half a file); a folder that refuses it is left alone."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(compiled, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
