"""Hot-path shortcuts in the engine build the same values as the general code they replace."""

from __future__ import annotations

import dataclasses

from rawdeal.effects import model as fx
from rawdeal.engine.game import _started
from rawdeal.engine.state import ActiveModifier


def test_a_started_modifier_is_the_waiting_one_with_waiting_off() -> None:
    mod = fx.Modifier(fx.Stat.DAMAGE, 2, fx.Duration.NEXT_TURN)
    waiting = ActiveModifier(owner=1, modifier=mod, from_card=17, waiting=True)
    # every field but `waiting` set away from its default, so a field the shortcut forgets shows
    assert all(getattr(waiting, f.name) != f.default for f in dataclasses.fields(ActiveModifier))
    assert _started(waiting) == dataclasses.replace(waiting, waiting=False)
