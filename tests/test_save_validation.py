"""Saves are checked for meaning, not only form: every impossible save is refused with the exact JSON
path and exit code 1 (never a traceback), and save, reload, continue equals playing straight through."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from rawdeal.cards import load_db
from rawdeal.cli import app
from rawdeal.decks import parse_deck
from rawdeal.arena import selfplay as sp
from rawdeal.cards import CardType
from rawdeal.bots.random import pick
from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.setup import new_game
from rawdeal.errors import SaveError
from rawdeal.io.codec import decode, encode
from rawdeal.io.save import dumps, loads
from rawdeal.purepython import compiled

ROOT = Path(__file__).resolve().parents[1]
MIDGAME = orjson.loads((ROOT / "saves" / "midgame.json").read_bytes())
runner = CliRunner()


def _game(seed: int, profile: str = "course") -> Game:
    a, b = sp.game_decks(seed, None)
    game, _ = new_game(parse_deck(a.text(), "a.txt"), parse_deck(b.text(), "b.txt"), profile, seed)
    return game


def _random_game_where(wanted: Callable[[list[Any]], bool]) -> tuple[Game, random.Random]:
    """A random game (and its player) at the first point where the task stack is `wanted`."""
    for seed in range(300):
        game, rnd = _game(seed), random.Random(seed)
        while not game.over:
            if game.s.tasks and wanted(game.s.tasks):
                return game, rnd
            game.apply(pick(game, rnd))
    raise AssertionError("no random game reaches that point")  # pragma: no cover


def _save_waiting_on(kind: type) -> dict[str, Any]:
    game, _ = _random_game_where(lambda tasks: isinstance(tasks[-1], kind))
    data: dict[str, Any] = orjson.loads(dumps(game))
    return data


def _refused(tmp_path: Path, save: Any) -> str:
    path = tmp_path / "bad.json"
    path.write_bytes(save if isinstance(save, bytes) else orjson.dumps(save))
    result = runner.invoke(app, ["moves", str(path)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    return result.stderr


def _edit(save: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    copy: dict[str, Any] = orjson.loads(orjson.dumps(save))
    change(copy)
    return copy


# ------------------------------------------------------------------------------ round trip
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), profile=st.sampled_from(["course", "standard"]))
def test_save_reload_after_every_move_equals_playing_straight_through(seed: int, profile: str) -> None:
    straight, rnd = _game(seed, profile), random.Random(seed)
    while not straight.over and straight.s.turn < 60:
        data = dumps(straight)
        reloaded = loads(data)
        assert dumps(reloaded) == data
        assert reloaded.decision() == straight.decision()
        move = pick(straight, rnd)
        assert reloaded.apply(move) == straight.apply(move), move
        assert dumps(reloaded) == dumps(straight)


def test_every_compiled_effect_survives_encoding() -> None:
    """Every enum, tuple and record of every card's effect comes back as it was (a save taken while
    a card's search was pending used to come back with plain strings for zones)."""
    from rawdeal.engine.cardinfo import catalog

    cat = catalog()
    for info in cat.infos:
        for clause in info.effect.clauses:
            assert decode(encode(clause), hint=type(clause)) == clause, info.title


def test_a_game_saved_while_a_search_is_pending_plays_on_the_same() -> None:
    straight, rnd = _random_game_where(
        lambda tasks: any(isinstance(t, T.Act) and type(t.action).__name__ == "Search" for t in tasks))
    reloaded = loads(dumps(straight))
    while not straight.over:
        move = pick(straight, rnd)
        assert reloaded.apply(move) == straight.apply(move), move
    assert dumps(reloaded) == dumps(straight)


# --------------------------------------------------------------------------- refused saves
@pytest.mark.parametrize(("change", "path", "words"), [
    (lambda s: s["players"][1]["hand"].append("Punch"), "$.players[1]", "61 cards"),
    (lambda s: s["players"][0]["arsenal"].pop(), "$.players[0]", "59 cards"),
    (lambda s: s["players"][0]["hand"].extend(["Rock Bottom"] * 2), "$.players[0]", "copies of 'Rock Bottom'"),
    (lambda s: s.update(winner=0), "$.how", "known way of winning"),
    (lambda s: s.update(winner=1, how="pin"), "$.tasks", "no work left"),
    (lambda s: s.update(how="pin"), "$.how", "without a winner"),
    (lambda s: s["tasks"][0].update(player=2), "$.tasks[0].player", "out of range"),
    (lambda s: s["tasks"][0].update(player=-1), "$.tasks[0].player", "out of range"),
    (lambda s: s["tasks"][0].update(player="0"), "$.tasks[0].player", "expected an integer"),
    (lambda s: s["tasks"][1].update(type="Teleport"), "$.tasks[1].type", "unknown record type"),
    (lambda s: s["tasks"][1].update(colour="red"), "$.tasks[1].colour", "unknown field"),
    (lambda s: s["tasks"][1].pop("player"), "$.tasks[1]", "without player"),
    (lambda s: s["tasks"].append({"type": "Finish", "dealt": 3}), "$.tasks[2]", "$.playing is null"),
    (lambda s: s["tasks"].append({"type": "Hit", "amount": 3}), "$.tasks[2]", "directly above the Finish"),
    (lambda s: s["tasks"].extend([{"type": "Finish", "dealt": 1}] * 2), "$.tasks", "more than one play"),
    (lambda s: s["tasks"].append({"type": "ApplyHold", "player": 0}), "$.tasks[2]", "$.hold is null"),
    (lambda s: s["modifiers"].append({"type": "ActiveModifier", "owner": 0, "from_card": "Punch",
                                      "modifier": {"type": "Modifier", "stat": "Q", "amount": 1,
                                                   "duration": "next turn"}}),
     "$.modifiers[0].modifier.stat", "expected one of"),
    (lambda s: s.update(last=[{"type": "LastPlay", "card": "Pnuch", "as_type": "maneuver"}, None]),
     "$.last[0].card", "unknown card 'Pnuch'"),
    (lambda s: s.update(last=[{"type": "LastPlay", "card": "Punch", "as_type": "dance"}, None]),
     "$.last[0].as_type", "expected one of"),
    (lambda s: s.update(to_move=2.0), "$.to_move", "is not one of"),
    (lambda s: s.update(turn=0.5), "$.turn", "not a whole number"),
    (lambda s: s.update(seed=2.0**64), "$.seed", "not a whole number in range"),
    (lambda s: s.update(delayed=[[3, "Punch"]]), "$.delayed[0][0]", "is not one of"),
    (lambda s: s.update(last=[{"type": "LastPlay", "card": "Punch", "as_type": "action"}, None]),
     "$.last[0].as_type", "'Punch' cannot be played as action: it is maneuver"),
    (lambda s: s.update(delayed=[[0, "Punch"]] * 121), "$.delayed", "at most 120"),
    (lambda s: s["tasks"].insert(1, {"type": "StartTurn", "player": 0}), "$.tasks[1]", "only ever the first task"),
    (lambda s: s["tasks"].extend([{"type": "StartTurn", "player": 0}] * 3), "$.tasks[2]", "only ever the first task"),
    (lambda s: s.update(tasks=[{"type": "StartTurn", "player": 1}]), "$.tasks[0].player", "the player to move's"),
    (lambda s: s["tasks"].append({"type": "AskArrange", "player": 0, "owner": 1, "n": 99}), "$.tasks[2].n",
     "arranges 99 cards of an Arsenal of"),
    (lambda s: s["tasks"].append({"type": "AskArrange", "player": 0, "owner": 1, "n": 0}), "$.tasks[2].n",
     "1 to the Arsenal's size"),
])
def test_an_impossible_save_is_refused_with_its_json_path(tmp_path: Path, change: Any, path: str, words: str) -> None:
    message = _refused(tmp_path, _edit(MIDGAME, change))
    assert f"bad.json: {path}: " in message and words in message, message


def test_whole_numbers_written_as_floats_are_integers(tmp_path: Path) -> None:
    save = _edit(MIDGAME, lambda s: s.update(to_move=0.0, turn=11.0))
    assert dumps(loads(orjson.dumps(save))) == (ROOT / "saves" / "midgame.json").read_bytes()


def test_the_largest_seeds_are_kept() -> None:
    save = _edit(MIDGAME, lambda s: s.update(seed=2**64 - 1, rng=2**64 - 1))
    assert dumps(loads(orjson.dumps(save))) == orjson.dumps(save, option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2) + b"\n"


@pytest.mark.parametrize("number", ["1" + "0" * 5000, "18446744073709551616", "1" + "0" * 25, "1e400"])
def test_numbers_of_any_length_are_refused_cleanly(tmp_path: Path, number: str) -> None:
    text = (ROOT / "saves" / "midgame.json").read_text(encoding="utf-8")
    message = _refused(tmp_path, text.replace('"seed": 7', f'"seed": {number}').encode())
    assert "not valid JSON" in message or "$.seed: " in message, message


def test_a_turn_cannot_start_with_an_empty_arsenal(tmp_path: Path) -> None:
    save = {"constructed": True, "to_move": 0, "players": [
        {"superstar": "KANE", "arsenal": [], "hand": ["Chop"], "ring": [], "ringside": ["Punch"]},
        {"superstar": "HHH", "arsenal": ["Hip Toss"], "hand": [], "ring": [], "ringside": []}]}
    message = _refused(tmp_path, save)
    assert "$.players[0].arsenal: empty where KANE's turn must start" in message


def test_a_pending_decision_must_fit_the_state(tmp_path: Path) -> None:
    window = _save_waiting_on(T.ReverseWindow)
    defender = window["tasks"][-1]["defender"]
    not_held = next(t for t in ("Punch", "Chop", "Hip Toss", "Arm Drag")
                    if t not in window["players"][defender]["hand"])
    message = _refused(tmp_path, _edit(window, lambda s: s["tasks"][-1].update(options=[not_held])))
    assert f"$.tasks[{len(window['tasks']) - 1}].options[0]: {not_held!r} is not in" in message
    message = _refused(tmp_path, _edit(window, lambda s: s["tasks"][-1].update(defender=1 - defender)))
    assert ".defender: the defender is the opponent" in message
    picking = _save_waiting_on(T.PickCard)
    message = _refused(tmp_path, _edit(picking, lambda s: s["tasks"][-1].update(zone="attic")))
    assert f"$.tasks[{len(picking['tasks']) - 1}].zone: expected one of 'hand', 'arsenal'" in message
    assert "found the string 'attic'" in message


def _window_save() -> tuple[dict[str, Any], Game]:
    """A save waiting on a reversal window whose card in play is neither an action nor a reversal."""
    game, _ = _random_game_where(lambda tasks: isinstance(tasks[-1], T.ReverseWindow))
    for seed in range(300):
        game, rnd = _game(seed), random.Random(seed)
        while not game.over:
            s = game.s
            if s.tasks and isinstance(s.tasks[-1], T.ReverseWindow) and s.playing is not None and not {
                    CardType.ACTION, CardType.REVERSAL} & set(game.cat.infos[s.playing.card].card.types):
                data: dict[str, Any] = orjson.loads(dumps(game))
                return data, game
            game.apply(pick(game, rnd))
    raise AssertionError("no random game reaches that point")  # pragma: no cover


def test_a_card_is_in_play_only_as_one_of_its_own_types(tmp_path: Path) -> None:
    window, game = _window_save()
    assert game.s.playing is not None
    title = game.title(game.s.playing.card)
    for as_type in ("action", "reversal"):
        message = _refused(tmp_path, _edit(window, lambda s: s["playing"].update(as_type=as_type)))
        assert f"$.playing.as_type: {title!r} cannot be played as {as_type}" in message, message


def test_a_reversal_in_play_lies_in_its_players_ring_area(tmp_path: Path) -> None:
    save = {"constructed": True, "to_move": 0, "players": [
        {"superstar": "HHH", "arsenal": ["Punch", "Chop"], "hand": [], "ring": [], "ringside": []},
        {"superstar": "KANE", "arsenal": ["Hip Toss"], "hand": ["Step Aside"], "ring": [], "ringside": []}],
        "playing": {"type": "CurrentPlay", "player": 1, "card": "Step Aside", "as_type": "reversal"}}
    message = _refused(tmp_path, save)
    assert "$.playing: a reversal is in play only once it has reversed" in message, message


def test_a_reversal_window_offers_each_reversal_it_can_and_no_more(tmp_path: Path) -> None:
    window, game = _window_save()
    last = len(window["tasks"]) - 1
    message = _refused(tmp_path, _edit(window, lambda s: s["tasks"][-1].update(options=[])))
    assert f"$.tasks[{last}].options: a reversal window offers at least one reversal" in message
    option = window["tasks"][-1]["options"][0]
    held = window["players"][window["tasks"][-1]["defender"]]["hand"].count(option)
    message = _refused(tmp_path, _edit(window, lambda s: s["tasks"][-1].update(options=[option] * (held + 1))))
    assert f"$.tasks[{last}].options[{held}]: {option!r} is offered more times than" in message, message


@pytest.mark.skipif(compiled(), reason="it compares with the annotations Python keeps, which only the sources have; "
                    "tests/test_compiled.py compares the compiled engine's saves with theirs")
def test_record_field_types_read_from_the_source_are_the_ones_python_keeps() -> None:
    """A record class compiled by mypyc keeps only plain classes as annotations (`int` for `CardId`),
    so the codec reads its fields' types from the source beside it: here checked, for every record a
    save can hold, against the annotations Python itself keeps for the same classes."""
    import inspect
    from typing import get_type_hints

    from rawdeal.effects import model as fx
    from rawdeal.engine import state
    from rawdeal.io import codec

    namespace = vars(fx) | vars(T) | vars(state)
    for cls in codec._registry().values():
        written = codec._source_annotations(inspect.getfile(cls))
        for base in cls.__mro__[:-1]:
            assert written.get(base.__qualname__, {}) == vars(base).get("__annotations__", {}), base
        assert codec._hints(cls) == get_type_hints(cls, namespace, include_extras=True), cls
