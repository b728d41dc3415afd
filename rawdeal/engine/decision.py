"""A pending decision: whose it is, what kind, the cards it is about and the legal moves."""

from __future__ import annotations

from dataclasses import dataclass

from rawdeal.engine import moves as mv
from rawdeal.engine.words import DecisionKind


@dataclass(frozen=True, slots=True)
class Decision:
    """Whose decision it is, what kind, the cards it is about and the legal moves."""

    player: int
    kind: DecisionKind
    prompt: str
    moves: tuple[mv.Move, ...]
    cards: tuple[str, ...] = ()
