"""Hostile input, one regression test per failure class: every answer is a message and exit 1 (the
input is wrong) or 2 (the command is), never a traceback; outputs are written whole or not at all."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from rawdeal.cli import app

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "decks"
from shared import COURSE as BANK, needs_shared

COURSE = BANK / "data"
runner = CliRunner()


def answer(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture()
def save(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    assert answer("new", str(DECKS / "the-rock.txt"), str(DECKS / "hhh.txt"), "--unshuffled", "-o", str(path))[0] == 0
    return path


def _moves(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "moves.txt"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(("line", "where", "words"), [
    (b'play "Pu\x01nch"', ":1:9:", "no control characters"),
    (b'play "Pu\\qnch"', ":1:9:", "Invalid \\escape"),
    (b"draw 1" + b"0" * 5000, ":1:6:", "too large"),
    (b'play "Punch" (' + b"9" * 5000 + b")", ":1:15:", "too large"),
    (b"end\n\xff\xfe", ":2:1:", "not UTF-8"),
    (b"end\n" + b"x" * 70000, ":2:1:", "line longer than"),
])
def test_a_bad_move_line_is_exit_1_with_line_and_column(tmp_path: Path, save: Path, line: bytes, where: str,
                                                         words: str) -> None:
    code, _, err = answer("run", str(save), str(_moves(tmp_path, line + b"\n")))
    assert code == 1 and f"moves.txt{where}" in err and words in err, err
    assert "\x01" not in err  # control characters are shown escaped


def test_moves_from_standard_input(save: Path) -> None:
    code, out, _ = answer("run", str(save), "-", stdin="end\n")
    assert code == 0 and "> THE ROCK: end" in out and "turn 2: HHH" in out


@pytest.mark.parametrize("seed", ["18446744073709551616", "-1", "1" + "0" * 5000])
def test_a_seed_out_of_range_is_a_usage_error(tmp_path: Path, seed: str) -> None:
    code, _, err = answer("new", str(DECKS / "the-rock.txt"), str(DECKS / "hhh.txt"), "--seed", seed)
    assert code == 2 and "--seed" in err


def test_the_largest_seed_is_a_game(tmp_path: Path) -> None:
    code, out, _ = answer("new", str(DECKS / "the-rock.txt"), str(DECKS / "hhh.txt"), "--seed", str(2**64 - 1))
    assert code == 0 and orjson.loads(out)["seed"] == 2**64 - 1


@pytest.mark.parametrize("target", ["missing/game.json", "game.json/inside.json"])
def test_an_output_folder_that_cannot_take_the_file_is_a_usage_error(tmp_path: Path, save: Path, target: str) -> None:
    code, _, err = answer("new", str(DECKS / "the-rock.txt"), str(DECKS / "hhh.txt"), "-o", str(tmp_path / target))
    assert code == 2 and f"{tmp_path / target}: cannot write" in err
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_full_disk_loses_nothing(tmp_path: Path, save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = save.read_bytes()
    real_fdopen = os.fdopen

    class Full:
        def __init__(self, fd: int, mode: str) -> None:
            self.fh = real_fdopen(fd, mode)

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.fh.close()

        def write(self, data: bytes) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("rawdeal.io.files.os.fdopen", Full)
    after = tmp_path / "after.json"
    after.write_bytes(before)
    code, _, err = answer("run", str(save), str(_moves(tmp_path, b"end\n")), "-o", str(after))
    assert code == 1 and "No space left on device; nothing was written" in err
    assert after.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["after.json", "game.json", "moves.txt"]


def test_unknown_option_values_are_usage_errors(save: Path) -> None:
    assert answer("selfplay", "--profile", "chess", "--games", "1")[0] == 2
    assert answer("run", str(save), "-", "--format", "xml", stdin="")[0] == 2
    assert answer("moves", str(save), "--format", "xml")[0] == 2


def test_verify_of_a_folder_without_scenarios_is_an_error(tmp_path: Path) -> None:
    code, out, err = answer("verify", str(tmp_path))
    assert code == 1 and "no scenario here" in err and "0/0" not in out


def test_a_scenario_without_decks_or_with_bad_checkpoints_fails_with_the_reason(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "moves.txt").write_text("end\n")
    (folder / "checks.jsonl").write_text('{"check": "event", "step": 0, "event": "turn"}\n')
    code, out, _ = answer("verify", str(folder))
    assert code == 1 and "deck-a.txt and deck-b.txt" in out
    for bad, words in (("[1, 2]", "naming its"), ('{"check": "event", "step": 1.5}', '"step" must be'),
                       ("{not json", "not a JSON object")):
        (folder / "checks.jsonl").write_text(bad + "\n")
        code, out, _ = answer("verify", str(folder))
        assert code == 1 and f"checks.jsonl:1: " in out and words in out, out


def test_a_deck_count_of_any_length_is_a_format_violation(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("KANE (Superstar Card)\n" + "9" * 5000 + " Punch\n")
    code, out, _ = answer("check", str(deck))
    assert code == 1 and "a card count must be 1 to 60, not 999999999999... (5000 digits)" in out


def test_non_utf8_file_names_are_shown_not_crashed_on(tmp_path: Path, save: Path) -> None:
    name = os.fsdecode(b"m\xffoves.txt")
    (tmp_path / name).write_bytes(b'play "Nope"\n')
    code, _, err = answer("run", str(save), str(tmp_path / name))
    assert code == 1 and "illegal move" in err


def test_run_streams_a_long_move_file_in_constant_memory(tmp_path: Path, save: Path) -> None:
    from rawdeal.replay.movefile import open_moves, play_moves
    from rawdeal.io.save import read_save
    from rawdeal.io.transcript import Transcript

    def peak(lines: int) -> int:
        path = _moves(tmp_path, b"show hand\n" * lines)
        written = [0]
        game = read_save(save)
        tracemalloc.start()
        with open_moves(path) as moves:
            play_moves(game, moves, Transcript(lambda s: written.__setitem__(0, written[0] + len(s))))
        top = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert written[0] > lines * 100
        return top

    small, large = peak(2000), peak(20000)
    assert large < small * 2  # ten times the moves, not ten times the memory


@needs_shared
def test_two_imports_into_one_folder_at_once_leave_whole_scenarios(tmp_path: Path) -> None:
    folder = next(p for p in sorted(COURSE.iterdir()) if p.name.endswith("-Tests"))
    command = [sys.executable, "-m", "rawdeal", "import-tests", str(folder), "-o", str(tmp_path / "out")]
    runs = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(2)]
    errors = [p.communicate()[1] for p in runs]
    assert b"Traceback" not in b"".join(errors)
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names and not [n for n in names if n.startswith(".")]  # no litter
    assert answer("verify", str(tmp_path / "out"))[0] in (0, 1)
    for scenario in (tmp_path / "out").iterdir():
        assert {"moves.txt", "checks.jsonl", "scenario.toml"} <= {p.name for p in scenario.iterdir()}


def test_an_import_interrupted_between_its_swaps_is_repaired_by_the_next(tmp_path: Path) -> None:
    from rawdeal.io.files import replace_folder

    out = tmp_path / "out"
    (out / ".s.old.abc123" / "s").mkdir(parents=True)
    (out / ".s.old.abc123" / "s" / "moves.txt").write_text("old\n")
    staging = out / ".s.new"
    staging.mkdir()
    (staging / "moves.txt").write_text("new\n")
    replace_folder(staging, out / "s")
    assert sorted(p.name for p in out.iterdir()) == ["s"] and (out / "s" / "moves.txt").read_text() == "new\n"


def test_move_titles_match_ignoring_case_and_suggest_the_closest(tmp_path: Path, save: Path) -> None:
    legal = orjson.loads(answer("moves", str(save), "--format", "json")[1])["moves"]
    title = next(m.split('"')[1] for m in legal if m.startswith("play ") and len(m.split('"')[1]) > 4)
    code, out, _ = answer("run", str(save), str(_moves(tmp_path, f'play "{title.swapcase()}"\n'.encode())))
    assert code == 0 and f'> THE ROCK: play "{title}"' in out and f"THE ROCK plays {title} as" in out
    code, _, err = answer("run", str(save), str(_moves(tmp_path, f'play "{title[:-1]}"\n'.encode())))
    assert code == 1 and err.rstrip().endswith(f"Did you mean {title!r}?")


def test_a_scenario_folder_with_a_non_utf8_name_is_reported(tmp_path: Path) -> None:
    import shutil

    shutil.copytree(ROOT / "scenarios" / "pin", tmp_path / os.fsdecode(b"p\xffin"))
    (tmp_path / os.fsdecode(b"p\xffin") / "scenario.toml").unlink(missing_ok=True)
    code, out, _ = answer("verify", str(tmp_path), "--format", "json")
    assert code == 0 and orjson.loads(out)["results"][0]["name"] == "p\ufffdin"


def test_a_file_name_that_is_not_utf8_is_escaped_in_json_csv_and_html_reports(tmp_path: Path) -> None:
    """`check --format json`, `tournament --json/--csv`, `diff --html` and `view` name their inputs: a Latin-1
    file name is shown as `\\xe9` there too, as on the terminal, not a crash."""
    deck = tmp_path / os.fsdecode(b"jos\xe9.txt")
    deck.write_bytes((DECKS / "kane.txt").read_bytes())
    code, out, _ = answer("check", "--format", "json", str(deck))
    assert code == 0 and orjson.loads(out)["decks"][0]["path"].endswith("jos\\xe9.txt")
    code, out, err = answer("tournament", str(deck), str(DECKS / "hhh.txt"), "--players", "random", "--games", "1",
                            "--json", str(tmp_path / "t.json"), "--csv", str(tmp_path / "t.csv"))
    assert code == 0, err
    assert orjson.loads((tmp_path / "t.json").read_bytes())["entrants"][0]["name"] == "jos\\xe9/random"
    assert "jos\\xe9/random,hhh/random" in (tmp_path / "t.csv").read_text(encoding="utf-8")
    other = tmp_path / "other.txt"
    other.write_text("something else\n")
    code, _, err = answer("diff", str(deck), str(other), "--html", str(tmp_path / "d.html"))
    assert code == 1 and "jos\\xe9.txt vs other.txt" in (tmp_path / "d.html").read_text(encoding="utf-8"), err
    save, moves = tmp_path / os.fsdecode(b"partida\xe9.json"), tmp_path / "moves.txt"
    moves.write_text("")
    assert answer("new", str(deck), str(DECKS / "hhh.txt"), "-o", str(save))[0] == 0
    code, _, err = answer("view", str(save), str(moves), "-o", str(tmp_path / "v.html"))
    assert code == 0 and "partida\\xe9.json" in (tmp_path / "v.html").read_text(encoding="utf-8"), err


def test_selfplay_failures_naming_a_file_is_a_usage_error_before_any_game(tmp_path: Path) -> None:
    """The failures folder is written only when a game fails, maybe hours in: a file there is said at once."""
    (tmp_path / "notes.txt").write_text("mine\n")
    code, out, err = answer("selfplay", "--games", "1", "--failures", str(tmp_path / "notes.txt"))
    assert code == 2 and "Invalid value for '--failures'" in err and out == ""
    assert (tmp_path / "notes.txt").read_text() == "mine\n"
