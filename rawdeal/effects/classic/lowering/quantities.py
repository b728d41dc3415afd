"""Quantities that refer back: "Discard up to 6 cards and then put that many cards from your Ringside pile into
your hand". The engine counts the cards the previous action moved (`GameState.moved`) and reads it for a
move or a draw whose count is `same`; any other action with such a count is reported, never run as 1 card."""

from __future__ import annotations

from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering.found import Many
from rawdeal.effects.classic.lowering.nodes import Unsupported

_READS_SAME = (fx.MoveCards, fx.Draw, fx.Discard, Many)  # a search for "the same number of" cards: a move


def checked_same(lowered: list[Any]) -> list[Any]:
    """The actions, when each one counted "that many" (or "the same number of") is one the engine counts so."""
    for action in lowered:
        inner = action.actions if isinstance(action, fx.Optional) else (action,)
        for a in inner:
            count = getattr(a, "count", None)
            if isinstance(count, fx.Count) and count.same and not isinstance(a, _READS_SAME):
                raise Unsupported(f"'that many' cards for {type(a).__name__}")
    return lowered
