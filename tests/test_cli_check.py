"""`rawdeal check`: one line per deck or violation, exit 0/1/2, JSON output, paths shown as given."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.decks import format_deck

REPO = Path(__file__).resolve().parents[1]
from shared import COURSE as BANK, needs_shared

COURSE = BANK / "data"
GOOD = ["Punch", "Kick", "Chop", "Hip Toss", "Arm Drag", "Step Aside"] * 3 + ["Irish Whip"] * 42
FOUR_PUNCHES = ["Punch"] + GOOD[:-1]


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder with decks/good.txt (valid) and decks/bad.txt (4 Punches)."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "good.txt").write_text(format_deck("KANE", GOOD), encoding="utf-8")
    (tmp_path / "decks" / "bad.txt").write_text(format_deck("HHH", FOUR_PUNCHES), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["check", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_valid_deck_prints_ok_line_and_exits_0(here: Path) -> None:
    assert run("decks/good.txt") == (0, "decks/good.txt: ok — KANE, 60 cards\n", "")


def test_invalid_deck_prints_each_violation_with_its_line_and_exits_1(here: Path) -> None:
    expected = "decks/bad.txt:15: copies: 4 copies of 'Punch' (at most 3): remove 1\n"
    assert run("decks/bad.txt") == (1, expected, "")


@pytest.mark.parametrize("folder", ["decks", "decks/", "./decks"])
def test_folder_means_its_txt_files_sorted_by_name_shown_as_given(here: Path, folder: str) -> None:
    (here / "decks" / "notes.md").write_text("not a deck", encoding="utf-8")
    code, out, _ = run(folder)
    prefix = folder.rstrip("/")
    assert code == 1
    assert [line.split(":")[0] for line in out.splitlines()] == [f"{prefix}/bad.txt", f"{prefix}/good.txt"]


def test_paths_are_reported_in_the_order_given(here: Path) -> None:
    code, out, _ = run("decks/good.txt", "decks/bad.txt", "decks/good.txt")
    assert code == 1
    assert [line.split(":")[0] for line in out.splitlines()] == ["decks/good.txt", "decks/bad.txt", "decks/good.txt"]


def test_missing_path_is_one_line_on_stderr_and_exit_2(here: Path) -> None:
    assert run("decks/good.txt", "nope.txt") == (
        2, "decks/good.txt: ok — KANE, 60 cards\n", "rawdeal: nope.txt: no such file or folder\n")


def test_not_utf8_is_wrong_input_one_line_on_stderr_and_exit_1(here: Path) -> None:
    (here / "latin1.txt").write_bytes("KANE (Superstar Card)\nPi\xf1ata\n".encode("latin-1"))
    code, _, err = run("latin1.txt")
    assert (code, err) == (1, "rawdeal: latin1.txt:2:3: not UTF-8 text (byte 0xf1); save the file as UTF-8\n")


def test_folder_without_decks_is_exit_2(here: Path) -> None:
    (here / "empty").mkdir()
    assert run("empty") == (2, "", "rawdeal: empty: no deck files (*.txt) in this folder\n")


def test_format_problem_is_a_violation_not_a_crash(here: Path) -> None:
    (here / "x.txt").write_text("Kane\n" + "\n".join(GOOD), encoding="utf-8")
    code, out, _ = run("x.txt")
    hint = "the first line must name the Superstar: write it as 'Kane (Superstar Card)'"
    assert (code, out) == (1, f"x.txt:1: format: {hint}\n")


def test_json_output(here: Path) -> None:
    (here / "decks" / "nameless.txt").write_text("\n".join(GOOD), encoding="utf-8")
    code, out, _ = run("decks", "--format", "json")
    assert code == 1
    decks = json.loads(out)["decks"]
    assert decks[1:] == [
        {"path": "decks/good.txt", "valid": True, "superstar": "KANE", "cards": 60, "errors": []},
        {"path": "decks/nameless.txt", "valid": False, "superstar": None, "cards": 59, "errors": [
            {"line": 1, "rule": "format",
             "message": "the first line must name the Superstar: write it as 'Punch (Superstar Card)'"},
            {"line": 60, "rule": "deck-size", "message": "59 cards (a deck has exactly 60): add 1"},
        ]},
    ]
    copies = {"line": 15, "rule": "copies", "message": "4 copies of 'Punch' (at most 3): remove 1"}
    assert decks[0]["errors"] == [copies]


def test_json_of_valid_decks_exits_0(here: Path) -> None:
    code, out, _ = run("--format", "json", "decks/good.txt")
    assert code == 0 and json.loads(out)["decks"][0]["valid"] is True


def test_unknown_format_is_a_usage_error(here: Path) -> None:
    assert run("--format", "yaml", "decks/good.txt")[0] == 2


def test_project_decks_are_all_ok(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    code, out, _ = run("decks")
    assert code == 0
    assert len(out.splitlines()) == 7 and all(": ok — " in line for line in out.splitlines())


def test_real_process_reports_bad_input_without_traceback(here: Path) -> None:
    (here / "bin.txt").write_bytes(b"\xff\xfe\x00")
    command = [sys.executable, "-c", "from rawdeal.cli import main; main()", "check", "decks/good.txt", "bin.txt"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (1, "rawdeal: bin.txt:1:1: not UTF-8 text (byte 0xff); save the file as UTF-8\n")
    assert done.stdout == "decks/good.txt: ok — KANE, 60 cards\n"


@needs_shared
def test_course_folders_only_02_has_invalid_decks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(COURSE.parent)
    folders = sorted(p.name for p in COURSE.iterdir() if not p.name.endswith("-Tests"))
    code, out, _ = run(*(f"data/{name}" for name in folders), "--format", "json")
    decks = json.loads(out)["decks"]
    invalid = [d["path"] for d in decks if not d["valid"]]
    assert code == 1
    assert invalid == [f"data/02-InvalidDecks/{n:02}.txt" for n in range(2, 13)]
