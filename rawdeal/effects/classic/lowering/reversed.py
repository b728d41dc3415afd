"""What happens to the card a reversal reversed: "The reversed card is removed from the game"."""

from __future__ import annotations

from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import CardDesc, Phrase, Statement
from rawdeal.effects.classic.lowering.nodes import CardFacts, Unsupported, find, words


def reversed_removed(st: Statement, card: CardFacts) -> list[Any]:
    """"The reversed card is removed from the game", said by a reversal: the card it reversed leaves the game
    (`fx.RemoveReversed`) instead of staying in its player's Ringside pile."""
    holder = find(st, "holder")
    desc = next((p for p in holder.parts if isinstance(p, CardDesc)), None) if holder is not None else None
    removed = find(st, "removed")
    if not card.is_reversal or desc is None or words(holder) != ["the", "reversed", "card"] or removed is None \
            or words(removed) != ["removed", "from", "the", "game"] or len(st.parts) != 3:
        raise Unsupported(f"the statement 'is event' {' '.join(words(st))!r}")
    if not any(isinstance(w, Phrase) and w.kind == "reversed" for w in desc.words):
        raise Unsupported(f"the statement 'is event' {' '.join(words(st))!r}")
    return [fx.RemoveReversed()]
