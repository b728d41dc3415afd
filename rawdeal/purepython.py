"""The compiled engine and its pure-Python fallback.

A wheel built where a C compiler is at hand holds the engine's hot modules twice: compiled by mypyc
(`hatch_build.py`, listed in pyproject.toml) and as their `.py` sources. Python imports the compiled
one first. `RAWDEAL_PURE=1` in the environment makes rawdeal import the sources instead (same
behaviour, byte for byte; slower): for comparing the two and for debugging with plain Python tools.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported by every process: only what it needs
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

PROBE = "rawdeal.engine.game"  # a compiled module, when any is


def wanted() -> bool:
    """Whether RAWDEAL_PURE asks for the sources."""
    return os.environ.get("RAWDEAL_PURE", "") not in ("", "0")


class SourceFirst:
    """A meta path finder: rawdeal's submodules from their `.py` files, never from an extension."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        if path is None or not name.startswith("rawdeal."):
            return None
        for folder in path:
            source = os.path.join(folder, name.rpartition(".")[2] + ".py")
            if os.path.isfile(source):
                from importlib.util import spec_from_file_location

                return spec_from_file_location(name, source)
        return None  # a package (its __init__.py is never compiled) or not rawdeal's: the usual finders


def install() -> None:
    """With RAWDEAL_PURE set, import the sources from now on (once per process)."""
    if wanted() and not any(isinstance(f, SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst())


def compiled() -> bool:
    """Whether this process runs the compiled engine."""
    from importlib import import_module

    module = import_module(PROBE)
    return not (module.__file__ or "").endswith(".py")
