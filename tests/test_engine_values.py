"""Hot-path shortcuts in the engine build the same values as the general code they replace."""

from __future__ import annotations

import dataclasses

from rawdeal.effects import model as fx
from rawdeal.engine.decision import Decision
from rawdeal.engine.game import _started
from rawdeal.engine.moves import END
from rawdeal.engine.state import ActiveModifier
from rawdeal.engine.words import DecisionKind


def test_a_started_modifier_is_the_waiting_one_with_waiting_off() -> None:
    mod = fx.Modifier(fx.Stat.DAMAGE, 2, fx.Duration.NEXT_TURN)
    waiting = ActiveModifier(owner=1, modifier=mod, from_card=17, waiting=True)
    # every field but `waiting` set away from its default, so a field the shortcut forgets shows
    assert all(getattr(waiting, f.name) != f.default for f in dataclasses.fields(ActiveModifier))
    assert _started(waiting) == dataclasses.replace(waiting, waiting=False)


def test_decisions_compare_by_the_prompt_and_titles_they_make() -> None:
    eager = Decision(0, DecisionKind.MAIN, "HHH: play", (END,), ("Chop",))
    lazy = Decision(0, DecisionKind.MAIN, lambda: "HHH: play", (END,), lambda: ("Chop",))
    assert eager == lazy and hash(eager) == hash(lazy)
    assert lazy.prompt == "HHH: play" and lazy.cards == ("Chop",)
    assert eager != Decision(0, DecisionKind.MAIN, "HHH: play", (END,), ("Punch",))
    assert eager != Decision(0, DecisionKind.MAIN, "Kane: play", (END,), ("Chop",))
