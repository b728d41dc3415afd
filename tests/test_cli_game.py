"""`rawdeal new`, `rawdeal run` and `rawdeal moves` on real files: saves, move files, errors, determinism."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import orjson
import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.io.save import dumps, loads

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "decks"
runner = CliRunner()


def _new(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "game.json"
    result = runner.invoke(app, ["new", str(DECKS / "the-rock.txt"), str(DECKS / "hhh.txt"), *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _moves(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "moves.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_new_unshuffled_follows_the_course_rules(tmp_path: Path) -> None:
    save = orjson.loads(_new(tmp_path, "--unshuffled").read_bytes())
    rock, hhh = save["players"]
    assert save["profile"] == "course" and save["to_move"] == 0  # The Rock: Superstar Value 5 > 3
    deck = (DECKS / "the-rock.txt").read_text(encoding="utf-8").splitlines()[1:]
    # Opening hand of 5 plus the first draw, from the bottom of the file up; the rest stays in file order.
    assert rock["hand"] == deck[::-1][:6]
    assert rock["arsenal"] == deck[:-6]
    assert len(hhh["hand"]) == 10 and len(hhh["arsenal"]) == 50


def test_new_standard_is_seeded(tmp_path: Path) -> None:
    a = _new(tmp_path, "--seed", "11").read_bytes()
    b = _new(tmp_path, "--seed", "11").read_bytes()
    c = _new(tmp_path, "--seed", "12").read_bytes()
    assert a == b != c
    assert orjson.loads(a)["profile"] == "standard"


def test_save_round_trip_is_byte_identical(tmp_path: Path) -> None:
    data = (ROOT / "saves" / "midgame.json").read_bytes()
    assert dumps(loads(data)) == data


def test_minimal_save_starts_the_turn_of_the_player_to_move(tmp_path: Path) -> None:
    minimal = {"to_move": 1, "constructed": True, "players": [
        {"superstar": "KANE", "arsenal": ["Punch", "Kick"], "hand": ["Chop"], "ring": [], "ringside": []},
        {"superstar": "HHH", "arsenal": ["Hip Toss", "Arm Drag"], "hand": ["Punch"], "ring": ["Kick"], "ringside": []},
    ]}
    path = tmp_path / "min.json"
    path.write_text(json.dumps(minimal), encoding="utf-8")
    result = runner.invoke(app, ["moves", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    pending = orjson.loads(result.stdout)
    assert pending["player"] == "HHH" and pending["kind"] == "main"
    assert pending["cards"] == ["Punch", "Arm Drag"]  # HHH drew the top of his Arsenal
    assert 'play "Punch" as maneuver' in pending["moves"]


def test_run_prints_transcript_and_writes_final_save(tmp_path: Path) -> None:
    save = _new(tmp_path, "--unshuffled")
    final = tmp_path / "final.json"
    result = runner.invoke(app, ["run", str(save), str(_moves(tmp_path, "end\nend\n")), "-o", str(final)])
    assert result.exit_code == 0, result.output
    assert "> THE ROCK: end" in result.stdout and "> HHH: end" in result.stdout
    assert orjson.loads(final.read_bytes())["turn"] == 3


def test_unparsable_move_names_line_and_column_and_writes_nothing(tmp_path: Path) -> None:
    save = _new(tmp_path, "--unshuffled")
    final = tmp_path / "final.json"
    moves = _moves(tmp_path, "# first turn\nend\n  play Punch\n")
    result = runner.invoke(app, ["run", str(save), str(moves), "-o", str(final)])
    assert result.exit_code == 1
    assert f"{moves}:3:8: cannot read move" in result.stderr
    assert 'a quoted card title like "Punch"' in result.stderr
    assert not final.exists()


def test_illegal_move_lists_the_legal_moves(tmp_path: Path) -> None:
    save = _new(tmp_path, "--unshuffled")
    moves = _moves(tmp_path, 'play "Pedigree" as maneuver\n')
    result = runner.invoke(app, ["run", str(save), str(moves), "-o", str(tmp_path / "final.json")])
    assert result.exit_code == 1
    assert f"{moves}:1:1: illegal move 'play \"Pedigree\" as maneuver'" in result.stderr
    assert "Legal moves:" in result.stderr and "  end" in result.stderr and "  surrender" in result.stderr
    assert not (tmp_path / "final.json").exists()


def test_bad_save_names_the_json_path(tmp_path: Path) -> None:
    save = orjson.loads((ROOT / "saves" / "midgame.json").read_bytes())
    save["players"][1]["hand"][0] = "Pnuch"
    path = tmp_path / "bad.json"
    path.write_bytes(orjson.dumps(save))
    result = runner.invoke(app, ["moves", str(path)])
    assert result.exit_code == 1
    assert "$.players[1].hand[0]: unknown card 'Pnuch'" in result.stderr
    save["to_move"] = 2
    path.write_bytes(orjson.dumps(save))
    result = runner.invoke(app, ["moves", str(path)])
    assert result.exit_code == 1 and "$.to_move" in result.stderr


def test_impossible_contents_are_rejected(tmp_path: Path) -> None:
    save = orjson.loads((ROOT / "saves" / "midgame.json").read_bytes())
    save["players"][0]["hand"] += ["Rock Bottom", "Rock Bottom"]
    path = tmp_path / "bad.json"
    path.write_bytes(orjson.dumps(save))
    result = runner.invoke(app, ["moves", str(path)])
    assert result.exit_code == 1 and "copies of 'Rock Bottom'" in result.stderr


def test_jsonl_transcript_follows_its_schema() -> None:
    schema = json.loads((ROOT / "schemas" / "transcript.schema.json").read_text(encoding="utf-8"))
    result = runner.invoke(app, ["run", str(ROOT / "saves" / "midgame.json"), str(ROOT / "saves" / "midgame-moves.txt"),
                                 "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) > 20
    for line in lines:
        jsonschema.validate(orjson.loads(line), schema)


def test_same_bytes_under_any_hash_seed(tmp_path: Path) -> None:
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-m", "rawdeal", "run", "saves/midgame.json", "saves/midgame-moves.txt"],
            cwd=ROOT, env=env, capture_output=True, check=True,
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1


@pytest.mark.parametrize("args", [["new"], ["run", "saves/midgame.json"], ["frobnicate"]])
def test_usage_errors_exit_2(args: list[str]) -> None:
    assert runner.invoke(app, args).exit_code == 2
