"""Fuzzing every input format: decks, saves, move files, course transcripts, scenario folders and
transcripts for `diff`. Each input is a real file mutated (bytes inserted, deleted, repeated; JSON
values replaced), and the answer is either a result or a RawdealError (a message and exit 1 or 2),
never any other exception. A save that loads must also play on without error.

The budget comes from the Hypothesis profile (tests/conftest.py): small in CI, `RAWDEAL_FUZZ=deep`
for a long run."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from rawdeal.errors import RawdealError

ROOT = Path(__file__).resolve().parents[1]
from shared import COURSE, needs_shared
HOSTILE = [b"\x00", b"\xff", b"\xc3", b"\x1b[31m", b"9" * 5000, b'"', b"\\", b"\\u00", b"\n", b"\r\n", b"#",
           b"2.0", b"1e400", b"-1", b"18446744073709551616", b"(2)", b" as ", b"\t", "\ufeff".encode()]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12)
    | st.sampled_from(["Punch", "HHH", "Search", "PickCard", "arsenal", "maneuver", "pin"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8)


@st.composite
def mutated(draw: st.DrawFn, samples: list[bytes]) -> bytes:
    data = bytearray(draw(st.sampled_from(samples)))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["insert", "delete", "repeat", "replace"]))
        piece = draw(st.sampled_from(HOSTILE) | st.binary(max_size=12) | st.text(max_size=12).map(str.encode))
        if op == "insert":
            data[at:at] = piece
        elif op == "delete":
            del data[at:at + draw(st.integers(1, 80))]
        elif op == "repeat":
            data[at:at] = data[at:at + draw(st.integers(1, 200))] * draw(st.integers(1, 3))
        else:
            data[at:at + len(piece)] = piece
    return bytes(data)


def _answered(call: Any, *args: Any) -> Any:
    """The call's result, or None when it refused the input with a RawdealError."""
    try:
        return call(*args)
    except RawdealError as exc:
        assert str(exc).strip(), "an error without a message"
        return None


def _written(factory: pytest.TempPathFactory, name: str, data: bytes) -> Path:
    path = factory.mktemp("fuzz") / name
    path.write_bytes(data)
    return path


def _samples(folder: Path, pattern: str, limit: int = 12) -> list[bytes]:
    return [p.read_bytes() for p in sorted(folder.glob(pattern))[:limit]]


# ------------------------------------------------------------------------------------ decks
DECKS = _samples(ROOT / "decks", "*.txt")


@given(mutated(DECKS))
def test_fuzzed_decks(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    from rawdeal.cards import load_db
    from rawdeal.decks import check_deck, read_deck

    deck = _answered(read_deck, _written(tmp_path_factory, "deck.txt", data))
    if deck is not None:
        for v in check_deck(deck, load_db()):
            assert v.message and v.line >= 0


# ------------------------------------------------------------------------------------ saves
def _save_samples() -> list[bytes]:
    from rawdeal.arena import selfplay as sp
    from rawdeal.bots.random import pick
    from rawdeal.engine.setup import new_game
    from rawdeal.decks import parse_deck
    from rawdeal.io.save import dumps

    out = [(ROOT / "saves" / "midgame.json").read_bytes()]
    for seed in range(3):  # saves in the middle of effects, windows and picks
        a, b = sp.game_decks(seed, None)
        game, _ = new_game(parse_deck(a.text(), "a"), parse_deck(b.text(), "b"), "standard", seed)
        rnd = random.Random(seed)
        while not game.over:
            if game.s.tasks and len(out) < 12 and rnd.random() < 0.05:
                out.append(dumps(game))
            game.apply(pick(game, rnd))
    return out


SAVES = _save_samples()


def _plays_on(data: bytes, seed: int) -> None:
    """A save that loads must resume and play on: the checks on loading are the whole story."""
    from rawdeal.bots.random import pick
    from rawdeal.io.save import dumps, loads

    game = _answered(loads, data, "fuzzed.json")
    event("save refused" if game is None else "save loaded and played on")  # --hypothesis-show-statistics
    if game is None:
        return
    again = dumps(game)
    assert dumps(loads(again)) == again
    game.resume()
    rnd = random.Random(seed)
    for _ in range(40):
        if game.over:
            break
        game.apply(pick(game, rnd))


@st.composite
def json_edits(draw: st.DrawFn) -> bytes:
    save = orjson.loads(draw(st.sampled_from(SAVES)))
    for _ in range(draw(st.integers(1, 3))):
        node: Any = save
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            if not isinstance(node[key], (dict, list)) or draw(st.booleans()):
                node[key] = draw(JSON_VALUES)
                break
            node = node[key]
    return orjson.dumps(save, option=orjson.OPT_NON_STR_KEYS) if _finite(save) else b"{}"


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return value == value and value not in (float("inf"), float("-inf"))
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return not isinstance(value, int) or -(2**63) <= value < 2**64


@given(json_edits(), st.integers(0, 1000))
def test_fuzzed_save_values(data: bytes, seed: int) -> None:
    _plays_on(data, seed)


@given(mutated(SAVES), st.integers(0, 1000))
def test_fuzzed_save_bytes(data: bytes, seed: int) -> None:
    _plays_on(data, seed)


# ------------------------------------------------------------------------------- move files
MOVES = [(ROOT / "saves" / "midgame-moves.txt").read_bytes(),
         *_samples(ROOT / "scenarios", "*/moves.txt")]


@given(mutated(MOVES))
def test_fuzzed_move_files(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    from rawdeal.replay.movefile import play_moves, read_moves
    from rawdeal.io.save import read_save
    from rawdeal.io.transcript import Transcript

    moves = _answered(read_moves, _written(tmp_path_factory, "moves.txt", data))
    if moves is not None:
        _answered(play_moves, read_save(ROOT / "saves" / "midgame.json"), moves, Transcript())


# ------------------------------------------------------------------------- course transcripts
def _course_samples() -> list[bytes]:
    if not (COURSE / "data").is_dir():
        return [b""]
    return [p.read_bytes() for p in sorted((COURSE / "data").glob("*-Tests/*.txt"))[::40][:12]]


TRANSCRIPTS = _course_samples()


@needs_shared
@given(mutated(TRANSCRIPTS))
def test_fuzzed_course_transcripts(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    from rawdeal.course.importer import import_transcript

    path = tmp_path_factory.mktemp("bank") / "01-Fuzz-Tests" / "1.txt"
    path.parent.mkdir()
    path.write_bytes(data)
    _answered(import_transcript, path, COURSE)


# ---------------------------------------------------------------------------- scenario folders
SCENARIO_FILES = {
    "moves.txt": MOVES,
    "scenario.toml": _samples(ROOT / "scenarios", "*/scenario.toml") or [b'name = "x"\n'],
    "start.json": _samples(ROOT / "scenarios", "*/start.json"),
    "expected.txt": _samples(ROOT / "scenarios", "*/expected.txt"),
}


@given(st.sampled_from(sorted(ROOT.joinpath("scenarios").iterdir())), st.sampled_from(sorted(SCENARIO_FILES)),
       st.data())
def test_fuzzed_scenario_folders(tmp_path_factory: pytest.TempPathFactory, scenario: Path, name: str,
                                 data: st.DataObject) -> None:
    import shutil

    from rawdeal.course.verify import verify

    folder = tmp_path_factory.mktemp("sc") / scenario.name
    shutil.copytree(scenario, folder)
    (folder / name).write_bytes(data.draw(mutated(SCENARIO_FILES[name])))
    _answered(verify, folder)


# ------------------------------------------------------------------------ transcripts for diff
@given(mutated(SCENARIO_FILES["expected.txt"]), mutated(SCENARIO_FILES["expected.txt"]))
def test_fuzzed_transcripts_for_diff(tmp_path_factory: pytest.TempPathFactory, a: bytes, b: bytes) -> None:
    from rawdeal.io.diff import compare, events, read_transcript, render_divergence

    folder = tmp_path_factory.mktemp("diff")
    (folder / "a.txt").write_bytes(a)
    (folder / "b.txt").write_bytes(b)
    texts = [_answered(read_transcript, folder / n) for n in ("a.txt", "b.txt")]
    if None not in texts:
        c = compare(events(texts[0]), events(texts[1]))
        assert c.equal == (events(texts[0]) == events(texts[1]))
        if not c.equal:
            assert render_divergence(c, 3, ("a.txt", "b.txt"))
