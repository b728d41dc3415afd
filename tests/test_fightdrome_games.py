"""Whole Fightdrome games: seeded random games keep the invariants, saves reload into the same game,
transcripts are the same bytes for the same seed, in English and Spanish; bad saves and moves are
reported at their place. The 100,000-game run is `benchmarks/bench_fightdrome.py --invariants`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import cast

import orjson
import pytest

from rawdeal.engine import rng
from rawdeal.errors import IllegalMoveError, MoveSyntaxError, SaveError
from rawdeal.fightdrome.render import ENGLISH, SPANISH, line
from rawdeal.fightdrome import events as ev
from rawdeal.fightdrome.game import Game
from rawdeal.games.randomplay import play_random, selfplay
from rawdeal.games.registry import ruleset
from rawdeal.games.saves import dumps, loads

RULES = ruleset("fightdrome")
VARIANTS = [(), ("match",), ("quieres-fama", "espacio-para-respirar"), ("ultimo-suspiro",),
            ("torneo-epico", "espacio-para-respirar", "ultimo-suspiro")]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "+".join(o) or "bout")
def test_seeded_random_games_keep_the_invariants(options: tuple[str, ...]) -> None:
    """Cards conserved, hands within 0..7, the player to move holding cards: after every move; and
    every game ends (within 5000 moves)."""
    games = 1500 if not options else 300
    summary = selfplay(RULES, games, 10_000, options, check=True)
    assert summary.failure is None, summary.failure
    assert summary.games == games and sum(summary.ended.values()) == games and "unfinished" not in summary.ended
    assert min(summary.wins) > games // 3  # neither seat wins almost always


def random_moves(seed: int, options: tuple[str, ...] = ()) -> list[str]:
    state, _ = RULES.start((), seed, options)
    return [str(m) for m in play_random(RULES, state, seed)]


@pytest.mark.parametrize("options", [(), ("torneo-epico",), ("match", "espacio-para-respirar")], ids=str)
def test_save_reload_and_continue_equals_straight_play(options: tuple[str, ...]) -> None:
    """After every move, the save reloads into a game that goes on exactly as the straight one."""
    for seed in (3, 4):
        straight, _ = RULES.start((), seed, options)
        reloaded, _ = RULES.start((), seed, options)
        r = seed
        while not straight.over:
            turn = straight.turn()
            assert turn is not None
            r, i = rng.below(r, len(turn.moves))
            text = str(turn.moves[i])
            assert straight.apply(RULES.read_move(text)) == reloaded.apply(RULES.read_move(text))
            data = dumps(reloaded)
            reloaded = loads(data, "save.json")[1]
            assert dumps(reloaded) == data == dumps(straight)
        assert reloaded.over and reloaded.winner == straight.winner


def test_same_seed_same_bytes_under_any_hash_seed(tmp_path: Path) -> None:
    """`rawdeal new` and `run` in fresh processes under two hash seeds: identical save and transcripts."""
    outputs = []
    moves = "".join(f"{m}\n" for m in random_moves(11, ("match",)))
    (tmp_path / "moves.txt").write_text(moves)
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        start = tmp_path / f"start-{hash_seed}.json"
        cli = [sys.executable, "-m", "rawdeal"]
        subprocess.run([*cli, "new", "--game", "fightdrome", "--option", "match", "--seed", "11", "-o", str(start)],
                       env=env, check=True)
        runs = [subprocess.run([*cli, "run", str(start), str(tmp_path / "moves.txt"), "--lang", lang], env=env,
                               check=True, capture_output=True).stdout for lang in ("en", "es")]
        outputs.append((start.read_bytes(), *runs))
    assert outputs[0] == outputs[1]
    assert b"wins the game (Fame)" in outputs[0][1] and "gana la partida (Fama)".encode() in outputs[0][2]


def test_every_event_has_an_english_and_a_spanish_line() -> None:
    assert set(ENGLISH) == set(SPANISH) == set(ev._NAMES)
    played = ev.Played(1, "Kick 60", "Hold 50", "attack")
    assert line(played) == "Player 2 answers Hold 50 with Kick 60"
    assert line(played, "es") == "Jugador 2 responde a Llave 50 con Patada 60"
    assert line(ev.Staggered(0, 3), "es") == "Jugador 1 no puede jugar, se tambalea y descarta una carta boca abajo (le quedan 3 en la mano)"


def test_moves_read_in_english_and_spanish() -> None:
    assert RULES.read_move("juega Patada 60") is RULES.read_move('play "kick 60"')
    assert RULES.read_move("descansa") is RULES.read_move("rest")
    assert str(RULES.read_move("descarta bloqueo de puñetazo 80")) == "discard Punch Block 80"
    with pytest.raises(MoveSyntaxError) as bad:
        RULES.read_move("play Kick 65")
    assert bad.value.column == 6 and "Kick 60" in bad.value.expected[0]
    with pytest.raises(MoveSyntaxError) as verb:
        RULES.read_move("attack Kick 60")
    assert verb.value.column == 1 and "play" in verb.value.expected


def test_an_illegal_move_lists_the_legal_ones() -> None:
    state, _ = RULES.start(("Brawler/S1", "Kickboxer/S2"), 1)
    with pytest.raises(IllegalMoveError) as bad:
        state.apply(RULES.read_move("rest"))
    turn = state.turn()
    assert turn is not None and bad.value.legal == tuple(map(str, turn.moves))


def saved(seed: int = 2) -> dict[str, object]:
    state, _ = RULES.start((), seed)
    return orjson.loads(dumps(state))  # type: ignore[no-any-return]


@pytest.mark.parametrize(("edit", "path", "reason"), [
    (lambda d: d["players"][0]["hand"].append("Kick 65"), "$.players[0].hand[7]", "unknown card 'Kick 65'"),
    (lambda d: d["players"][0]["hand"].append(d["players"][0]["draw"].pop()), "$.players[0].hand", "at most 7"),
    (lambda d: d["players"][1]["draw"].pop(), "", "cards not conserved"),
    (lambda d: d.update(phase="answer"), "$.previous", "exactly when the phase is answer"),
    (lambda d: d["players"][0].update(sleeve="Boxer"), "$.players[0].sleeve", "unknown Sleeve 'Boxer'"),
    (lambda d: d.update(to_move=2), "$.to_move", "is not one of"),
    (lambda d: d["supply"]["kick"].append(d["supply"]["punch"].pop()), "$.supply.kick[", "belongs in the punch pile"),
])
def test_saves_are_checked_for_meaning(edit, path: str, reason: str) -> None:  # type: ignore[no-untyped-def]
    data = saved()
    edit(data)
    with pytest.raises(SaveError) as bad:
        loads(orjson.dumps(data), "game.json")
    assert bad.value.source == "game.json" and bad.value.path.startswith(path) and reason in bad.value.reason


def test_view_keeps_what_the_player_sees_and_redeals_the_rest() -> None:
    started, _ = RULES.start((), 8)
    state = cast(Game, started)
    for _ in range(12):
        turn = state.turn()
        assert turn is not None
        state.apply(turn.moves[-1])
    me, other = state.f.players
    views = [state.view(0, s) for s in range(6)]
    for v in views:
        v.check()
        mine, theirs = v.f.players
        assert mine.hand == me.hand and mine.discard == me.discard and mine.down == me.down
        assert sorted(mine.draw) == sorted(me.draw)
        assert (len(theirs.hand), len(theirs.draw), len(theirs.down)) == (len(other.hand), len(other.draw), len(other.down))
        assert sorted(theirs.hand + theirs.draw + theirs.down) == sorted(other.hand + other.draw + other.down)
    assert len({tuple(v.f.players[1].hand) for v in views}) > 1  # the hidden hand is really dealt again


def test_every_decision_has_an_english_and_a_spanish_prompt() -> None:
    from rawdeal.fightdrome.game import _PROMPTS
    from rawdeal.fightdrome.render import PROMPTS

    assert PROMPTS["en"] == _PROMPTS and set(PROMPTS["es"]) == set(_PROMPTS)
