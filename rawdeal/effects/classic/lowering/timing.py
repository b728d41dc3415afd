"""Openings that say when in a play an effect happens, where the engine's order already gives that moment.

"When successfully played and damage has been applied, end your turn" (and "After damage has been applied,
..."): the engine ends a turn only once the play has resolved, its damage included (`EndTurn` asks for the
end, the game loop ends the turn when nothing is left to do), so ending your own turn is the same whether it
is asked before or after the damage. Any other action after the damage would run before it: reported.
"""

from __future__ import annotations

from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import Frame
from rawdeal.effects.classic.lowering.nodes import CardFacts, Unsupported, find, words


def after_damage(frame: Frame, card: CardFacts) -> bool:
    """"When successfully played(,) and damage has been applied", "After damage has been applied"."""
    said = words(frame)
    if frame.kind == "on_success":
        return said == ["when", "successfully", "played", "and damage has been applied"]
    cond = find(frame, "condition")
    return frame.kind == "after_cond" and cond is not None and len(cond.parts) == 1 \
        and find(cond, "damage_applied") is not None and not card.is_reversal


def ends_turn_after_damage(part: Any) -> fx.EndTurn:
    """What may follow: ending your own turn, the only action the engine runs after the damage."""
    if not isinstance(part, fx.EndTurn) or part.who is not fx.Who.YOU:
        raise Unsupported("an effect after damage has been applied other than ending your turn")
    return part
