"""The base of the engine's records (events, tasks, decisions, plays): pickling and copying them the
same way compiled or not.

mypyc rebuilds an instance of a compiled class by calling its `__init__` with no arguments, which a
record that writes its own `__init__` (see `events`) does not take; a record is rebuilt from its
fields instead, as `dataclasses` would pass them.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any


class Record:
    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        """Its class and its field values, in order (for pickle and copy)."""
        return type(self), tuple([getattr(self, f.name) for f in fields(self)])  # type: ignore[arg-type]
