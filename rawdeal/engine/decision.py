"""A pending decision: whose it is, what kind, the cards it is about and the legal moves."""

from __future__ import annotations

from rawdeal.engine import moves as mv
from rawdeal.engine.record import record
from rawdeal.engine.words import DecisionKind


@record
class Decision:
    """Whose decision it is, what kind, the cards it is about and the legal moves."""

    player: int
    kind: DecisionKind
    prompt: str
    moves: tuple[mv.Move, ...]
    cards: tuple[str, ...] = ()
