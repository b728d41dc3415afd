"""The engine's hot-path records stay values: equal and hashed by value, and events turn into the
same plain dicts as `dataclasses.asdict` gives."""

from __future__ import annotations

import random
from dataclasses import asdict

import pytest

from rawdeal.bots.random import pick
from rawdeal.arena.selfplay import game_decks
from rawdeal.engine import events as ev
from rawdeal.engine import tasks as T
from rawdeal.engine.cardinfo import catalog
from rawdeal.engine.game import Game
from rawdeal.purepython import compiled


def _start(seed: int) -> Game:
    pair = game_decks(seed, None)
    index = catalog().db.index
    game, _ = Game.start((pair[0].superstar, pair[1].superstar),
                         tuple([index[t] for t in d.titles] for d in pair), "standard", seed)  # type: ignore[arg-type]
    return game


def _events(seed: int) -> list[ev.Event]:
    game, out = _start(seed), []
    rnd = random.Random(seed)
    while not game.over:
        out += game.apply(pick(game, rnd))
    return out


def test_event_dicts_are_what_asdict_gives() -> None:
    events = [e for seed in range(8) for e in _events(seed)]
    assert len({type(e) for e in events}) >= 10  # many kinds of event met
    for e in events:
        assert e.to_dict() == {"event": e.kind, **asdict(e)}


def test_records_compare_and_hash_by_value() -> None:
    a, b = ev.Overturned("KANE", "Punch", 1, 3), ev.Overturned("KANE", "Punch", 1, 3)
    assert a == b and hash(a) == hash(b) and len({a, b, T.Hit(2), T.Hit(2)}) == 2
    assert ev.Overturned("KANE", "Punch", 2, 3) != a


def test_a_game_copy_shares_records_but_not_changes() -> None:
    """Records are never changed in place, so a copy sharing them is unaffected by play on the original."""
    from rawdeal.io.save import dumps

    game = _start(4)
    rnd = random.Random(4)
    for _ in range(15):
        game.apply(pick(game, rnd))
    copy = game.copy()
    before = dumps(copy)
    while not game.over:
        game.apply(pick(game, rnd))
    assert dumps(copy) == before and copy.decision() is not None


def test_a_game_nobody_listens_to_plays_the_same_moves_and_returns_no_events() -> None:
    loud, quiet = _start(6), _start(6)
    quiet.listen = False
    rnd_loud, rnd_quiet = random.Random(6), random.Random(6)
    heard = []
    while not loud.over:
        move = pick(loud, rnd_loud)
        assert pick(quiet, rnd_quiet) == move
        heard += loud.apply(move)
        assert quiet.apply(move) == []
    assert heard and quiet.over and (quiet.s.winner, quiet.s.how) == (loud.s.winner, loud.s.how)
    from rawdeal.io.save import dumps

    assert dumps(quiet) == dumps(loud)


@pytest.mark.skipif(compiled(), reason="it reads the Python code of each `__init__`, which the compiled engine "
                    "does not have; tests/test_compiled.py compares its behaviour with the sources'")
def test_a_record_that_writes_its_own_init_takes_exactly_its_fields() -> None:
    """A few of the hottest records write their `__init__` (mypyc compiles it; the one `dataclasses`
    generates would run as Python): it must take the fields, in order, with their defaults, and set
    each, as the generated one would."""
    import dataclasses
    import inspect

    from rawdeal.replay import movefile
    from rawdeal.engine import decision, state

    own = [cls for module in (ev, T, state, decision, movefile) for cls in vars(module).values()
           if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == module.__name__
           and "__init__" in vars(cls) and vars(cls)["__init__"].__code__.co_filename != "<string>"]  # not generated
    assert {c.__name__ for c in own} >= {"Overturned", "Status", "Act", "MoveLine"}
    for cls in own:
        fields = dataclasses.fields(cls)
        params = list(inspect.signature(cls).parameters.values())
        assert [(p.name, p.default) for p in params] == [
            (f.name, inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default) for f in fields], cls
        values = [f"value of {f.name}" for f in fields]
        made = cls(*values)
        assert [getattr(made, f.name) for f in fields] == values, cls



def test_a_state_copy_keeps_every_field_and_owns_its_lists() -> None:
    """`GameState.copy` names its fields one by one (for speed): a field added to the state and left
    out of the copy would come back at its default, which this catches."""
    from dataclasses import fields

    from rawdeal.cards import CardType
    from rawdeal.effects.model import Duration, Modifier, Stat
    from rawdeal.engine.state import ActiveModifier, Blanked, CurrentPlay, GameState, LastPlay
    from rawdeal.engine.words import Profile

    game = _start(4)
    state = game.s
    boost = ActiveModifier(0, Modifier(Stat.DAMAGE, 2, next(iter(Duration))), 3)
    odd = {"modifiers": (boost,), "playing": CurrentPlay(0, 3, CardType.MANEUVER),
           "last": [LastPlay(4, CardType.ACTION, 2), None], "tasks": [T.Hit(2)], "profile": next(p for p in Profile if p is not Profile.COURSE), "seed": 11, "rng": 12, "turn": 13, "current": 1, "ability_used": True,
           "end_requested": True, "moved": 3, "winner": 1, "how": "pin", "constructed": True, "used": (5,),
           "ended_by_reversal": 0, "delayed": ((1, 2),), "hold": (0, 7), "skip": [True, False],
           "reversed_last": LastPlay(6, CardType.MANEUVER, None), "played": (CardType.ACTION, CardType.MANEUVER),
           "under": {(0, 3): [4, 5]}, "found": 8,
           "blanked": (Blanked(1, 2, 0, 3, Duration.REST_OF_TURN, True),)}
    assert {f.name for f in fields(GameState)} - {"players"} == set(odd)  # a new field needs an odd value here
    for name, value in odd.items():
        setattr(state, name, value)
    copy = state.copy()
    assert copy == state and [getattr(copy, f.name) for f in fields(GameState)] == [
        getattr(state, f.name) for f in fields(GameState)]
    for name in ("players", "last", "tasks", "skip", "under"):
        assert getattr(copy, name) is not getattr(state, name)
    assert copy.under[0, 3] is not state.under[0, 3]
    assert all(a is not b and a == b for a, b in zip(copy.players, state.players))
