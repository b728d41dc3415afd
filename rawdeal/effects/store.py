"""The shipped cards' compiled effects, kept on disk so a process does not compile all of them again.

Compiling every card text through the card language (`rawdeal.effects.course`) costs a process the
parser's tables and ~0.1 s of parsing and lowering; unpickling the result costs ~2 ms. The entry is
named by everything the result depends on (`rawdeal.diskcache`): the grammar, the card data, the
sources of the front end and the lowering, and lark's version line.
"""

from __future__ import annotations

import importlib.util
import os
import pickle
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rawdeal.cards.db import DATA_DIR
from rawdeal.diskcache import cache_path, cached, entry_name, read, store_bytes
from rawdeal.effects.model import Ability, CardEffect
from rawdeal.resources import grammar_path

# The sources whose change changes what the course's cards compile to (beside this folder; and every
# module of the card language's front end and lowering, `classic/`).
_SOURCES = ("course.py", "model.py")


@dataclass(frozen=True)
class Compiled:
    """Every shipped card's effect by title and every Superstar's ability by name."""

    cards: dict[str, CardEffect]
    abilities: dict[str, Ability]


# Made when the wheel is built (`hatch_build.py`), so that a fresh cache folder (a grader's new HOME)
# does not build the card language's parser to compile the course's cards. In a source checkout
# (an editable install), the first process that compiles them keeps them there too (git ignores it).
PREBUILT = Path(__file__).resolve().parents[1] / "_prebuilt"
_CHECKOUT = PREBUILT.parents[1]


@cache
def shipped() -> Compiled:
    """The compiled effects of the shipped database: the wheel's (or the checkout's) prebuilt entry,
    else from the user cache, else compiled (and stored)."""
    sources = _sources()
    use_cache = os.environ.get("RAWDEAL_CACHE", "1") != "0"
    if use_cache:
        found = read(PREBUILT / entry_name("effects", sources))
        if isinstance(found, Compiled):
            return found
    compiled = cached("effects", sources, _compile, Compiled)
    if use_cache and (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "grammar").is_dir():
        _keep(PREBUILT, compiled)
    return compiled


def prebuild(folder: Path) -> Path:
    """Compile the shipped effects into `folder` under the name `shipped()` looks for (for the wheel)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / entry_name("effects", _sources())
    store_bytes(path, pickle.dumps(_compile(), protocol=pickle.HIGHEST_PROTOCOL))
    return path


def _compile() -> Compiled:
    from rawdeal.effects.course import abilities, compiled_db

    return Compiled(compiled_db(), abilities())


def _keep(folder: Path, compiled: Compiled) -> None:
    """In a source checkout, what a wheel would ship: the sandboxed runs of `rawdeal grade` (each with a
    fresh HOME, the checkout read-only) then read it instead of building the parser. Older entries go."""
    name = entry_name("effects", _sources())
    try:
        folder.mkdir(exist_ok=True)
        for old in folder.glob("effects-*.pickle"):
            if old.name != name:
                old.unlink(missing_ok=True)
        store_bytes(folder / name, pickle.dumps(compiled, protocol=pickle.HIGHEST_PROTOCOL))
        (folder / name).chmod(0o644)  # readable by every account, as a wheel's file is (sandboxed runs are another user)
    except OSError:  # a read-only checkout: the user cache still holds the effects
        return


def _sources() -> list[Path]:
    here = Path(__file__).resolve().parent
    out = [grammar_path("classic.lark"), DATA_DIR / "cards.toml", DATA_DIR / "superstars.toml",
           *(here / name for name in _SOURCES), *sorted((here / "classic").rglob("*.py"))]
    lark = importlib.util.find_spec("lark")  # its version line, without importing it (~30 ms)
    if lark is not None and lark.origin:
        out.append(Path(lark.origin))
    return out


def _cache_path() -> Path | None:
    return cache_path("effects", _sources())
