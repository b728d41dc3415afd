"""A pending decision: whose it is, what kind, the cards it is about and the legal moves."""

from __future__ import annotations

from rawdeal.engine import moves as mv
from rawdeal.engine.record import record


@record
class Decision:
    """Whose decision it is, what kind, the cards it is about and the legal moves."""

    player: int
    kind: str
    prompt: str
    moves: tuple[mv.Move, ...]
    cards: tuple[str, ...] = ()
