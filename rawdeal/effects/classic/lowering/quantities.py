"""Quantities that refer back: "Discard up to 6 cards and then put that many cards from your Ringside pile into
your hand". The engine counts the cards the previous action moved (`GameState.moved`) and reads it for a
move or a draw whose count is `same`; any other action with such a count is reported, never run as 1 card.
"# cannot be greater than 6" bounds the `#` of the sentence before it."""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering.nodes import Unsupported

_READS_SAME = (fx.MoveCards, fx.Draw)


def checked_same(lowered: list[Any]) -> list[Any]:
    """The actions, when each one counted "that many" (or "the same number of") is one the engine counts so."""
    for action in lowered:
        inner = action.actions if isinstance(action, fx.Optional) else (action,)
        for a in inner:
            count = getattr(a, "count", None)
            if isinstance(count, fx.Count) and count.same and not isinstance(a, _READS_SAME):
                raise Unsupported(f"'that many' cards for {type(a).__name__}")
    return lowered


@dataclass(frozen=True, slots=True)
class HashBound:
    """"# cannot be greater than 6" (`most`), "# cannot be less than 4" (`least`): a bound on the `#` said before."""

    least: int = 0
    most: int | None = None


def bounded(clause: Any, bound: HashBound) -> Any:
    """The clause with every `#` in it (`fx.CountOf`) bounded; reported when it has none."""
    out, found = _bounded(clause, bound)
    if not found:
        raise Unsupported("a bound on '#' after a sentence without one")
    return out


def _bounded(value: Any, bound: HashBound) -> tuple[Any, bool]:
    if isinstance(value, fx.CountOf):
        most = value.most if bound.most is None else bound.most if value.most is None else min(value.most, bound.most)
        return replace(value, least=max(value.least, bound.least), most=most), True
    if isinstance(value, tuple):
        items = [_bounded(v, bound) for v in value]
        return tuple(v for v, _ in items), any(f for _, f in items)
    if is_dataclass(value) and not isinstance(value, type):
        changes, found = {}, False
        for f in fields(value):
            new, hit = _bounded(getattr(value, f.name), bound)
            if hit:
                changes[f.name], found = new, True
        return (replace(value, **changes) if changes else value), found
    return value, False
