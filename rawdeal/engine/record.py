"""Pickling and copying the engine's records the same way compiled or not.

mypyc rebuilds an instance of a compiled class by calling its `__init__` with no arguments, which a
record that writes its own `__init__` (see `events`) does not take; such a record is rebuilt from its
fields instead, as `dataclasses` would pass them.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def rebuilt(record: Any) -> tuple[type, tuple[Any, ...]]:
    """`__reduce__` of a dataclass: its class and its field values, in order."""
    return type(record), tuple([getattr(record, f.name) for f in fields(record)])
