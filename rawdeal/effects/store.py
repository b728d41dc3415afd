"""The shipped cards' compiled effects, kept on disk so a process does not compile all of them again.

Compiling every card text costs a process ~60 ms plus lark's lexer set-up; unpickling the result costs
~2 ms. The entry is named by everything the result depends on (`rawdeal.diskcache`): the effect
grammar, the card data, the compiler's own source and lark's version line.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rawdeal.cards.db import DATA_DIR
from rawdeal.diskcache import cache_path, cached
from rawdeal.effects.model import Ability, CardEffect
from rawdeal.resources import grammar_path

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
    return cached("effects", _sources(), _compile, Compiled)


def _compile() -> Compiled:
    from rawdeal.effects.compiler import abilities, compiled_db

    return Compiled(compiled_db(), abilities())


def _sources() -> list[Path]:
    here = Path(__file__).resolve().parent
    out = [grammar_path("effects.lark"), DATA_DIR / "cards.toml", DATA_DIR / "superstars.toml",
           *(here / name for name in _SOURCES)]
    lark = importlib.util.find_spec("lark")  # its version line, without importing it (~30 ms)
    if lark is not None and lark.origin:
        out.append(Path(lark.origin))
    return out


def _cache_path() -> Path | None:
    return cache_path("effects", _sources())
