"""`rawdeal play` and `rawdeal course play` at a terminal, driven through a pseudo-terminal as a person types."""

from __future__ import annotations

import sys
from pathlib import Path

import orjson
import pexpect
import pytest
from typer.testing import CliRunner

from rawdeal.cli import app

ROOT = Path(__file__).resolve().parents[1]
from shared import COURSE, needs_shared


def _spawn(args: list[str], cwd: Path) -> pexpect.spawn[str]:
    child = pexpect.spawn(sys.executable, ["-m", "rawdeal", *args], cwd=str(cwd), encoding="utf-8", timeout=30,
                          dimensions=(50, 200))
    return child


def test_play_quit_resume_and_replay(tmp_path: Path) -> None:
    decks = [str(ROOT / "decks" / "the-rock.txt"), str(ROOT / "decks" / "hhh.txt")]
    save, record = tmp_path / "game.json", tmp_path / "moves.txt"
    child = _spawn(["play", *decks, "--vs", "greedy", "--seed", "3", "--record", str(record), "--save", str(save)],
                   tmp_path)
    child.expect("THE ROCK: play a card, use the ability or end the turn:")
    child.expect(r"THE ROCK> ")
    child.sendline("help")
    child.expect(r"1\. play ")
    child.expect(r"THE ROCK> ")
    child.sendline("nonsense words")
    child.expect("cannot read move")
    child.expect(r"THE ROCK> ")
    child.sendline("end")
    child.expect(r"HHH \(computer\): ")
    child.expect(r"THE ROCK> ")
    child.sendline("quit")
    child.expect("game saved to")
    child.expect(pexpect.EOF)
    assert save.is_file() and record.read_text().splitlines()[1] == "end"

    child = _spawn(["play", "--resume", str(save), "--vs", "random", "--record", str(record), "--save", str(save)],
                   tmp_path)
    child.expect(r"THE ROCK> ")
    child.sendline("1")
    child.expect(r"> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)

    start = record.with_name("moves.txt.start.json")
    replayed = tmp_path / "replayed.json"
    result = CliRunner().invoke(app, ["run", str(start), str(record), "-o", str(replayed)])
    assert result.exit_code == 0, result.output
    assert orjson.loads(replayed.read_bytes()) == orjson.loads(save.read_bytes())


@needs_shared
def test_course_play_at_a_terminal_is_the_assignments_console() -> None:
    child = _spawn(["course", "play", "data/02-InvalidDecks"], COURSE)
    child.expect("Elige un mazo")
    child.expect(r"\(Ingresa un número entre 1 y 12\)")
    child.sendline("99")  # out of range: read again, no new prompt
    child.sendline("4")
    child.expect("El mazo ingresado es inválido.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "INPUT:" not in (child.before or "")


def test_play_reads_odd_numbers_as_unreadable_moves_and_goes_on(tmp_path: Path) -> None:
    """A superscript digit or a 5,000-digit number is a move it cannot read, said so, not a crash."""
    typed = "\u00b2\n" + "9" * 5000 + "\nquit\n"
    result = CliRunner().invoke(app, ["play", str(ROOT / "decks/the-rock.txt"), str(ROOT / "decks/hhh.txt"),
                                      "--save", str(tmp_path / "game.json")], input=typed)
    assert result.exit_code == 0, result.output
    assert result.output.count("cannot read move") == 2
    assert (tmp_path / "game.json").is_file()
