"""`@record`: the dataclass form of the engine's hot-path values (events, tasks, decisions, plays).

A random game builds about ten of these per move. `frozen=True` makes each construction set every
field through `object.__setattr__`, which measured 1.1-1.2x slower on whole random games, so these
are plain slotted dataclasses that still compare and hash by value. They are values all the same:
nothing assigns to their fields (code makes changed copies with `dataclasses.replace`), and a game
copy shares them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar, dataclass_transform

C = TypeVar("C", bound=type)


@dataclass_transform(field_specifiers=(field,))
def record(cls: C) -> C:
    return dataclass(slots=True, unsafe_hash=True)(cls)  # type: ignore[return-value]
