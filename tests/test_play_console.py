"""`rawdeal play` as a player meets it, through the `rawdeal` program: at a terminal (pexpect) and piped.

A fresh seed is drawn and printed when none is given; leaving by Ctrl-C, `quit` or the end of input
saves the game and the opponent, and `--resume` plays on against the same computer player; readline
gives history; colour only on a terminal without NO_COLOR; `card` and `show` print card texts and
meanings; the winner is said once.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import orjson
import pexpect

ROOT = Path(__file__).resolve().parents[1]
DECKS = [str(ROOT / "decks" / "the-rock.txt"), str(ROOT / "decks" / "hhh.txt")]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def spawn(args: list[str], cwd: Path, **env: str) -> pexpect.spawn[str]:
    environ = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | {"TERM": "xterm"} | env
    return pexpect.spawn(sys.executable, ["-m", "rawdeal", *args], cwd=str(cwd), encoding="utf-8", timeout=30,
                         dimensions=(50, 200), env=environ)


def piped(args: list[str], typed: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rawdeal", *args], input=typed, capture_output=True, text=True,
                          cwd=cwd)


def test_ctrl_c_saves_and_resume_plays_on_against_the_same_computer_player(tmp_path: Path) -> None:
    child = spawn(["play", *DECKS, "--vs", "greedy", "--seed", "5"], tmp_path)
    child.expect(r"THE ROCK> ")
    child.sendline("end")
    child.expect(r"HHH \(computer\): ")
    child.expect(r"THE ROCK> ")
    child.sendintr()  # Ctrl-C
    child.expect(r"interrupted: game saved to rawdeal-game.json; go on with: (rawdeal play --resume \S+ --vs greedy)")
    assert isinstance(child.match, re.Match)
    command = child.match.group(1).split()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert orjson.loads((tmp_path / "rawdeal-game.json.play.json").read_bytes())["vs"] == "greedy"

    child = spawn([*command[1:]], tmp_path)  # the command it printed, as typed
    child.expect(r"THE ROCK> ")
    for _ in range(40):  # the first legal move each time, until the computer answers
        child.sendline("1")
        if child.expect([r"HHH \(computer\): ", r"THE ROCK> ", "HHH> "]) != 1:
            break
    assert child.after == "HHH (computer): "  # the opponent came back, and HHH is never asked
    child.expect(r"THE ROCK> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_resume_without_vs_keeps_the_saved_opponent_and_hides_its_hand(tmp_path: Path) -> None:
    first = piped(["play", *DECKS, "--vs", "random", "--seed", "2"], "end\nquit\n", tmp_path)
    assert first.returncode == 0 and "--vs random" in first.stdout.splitlines()[-1]
    again = piped(["play", "--resume", "rawdeal-game.json"], "1\n" * 40 + "quit\n", tmp_path)
    assert again.returncode == 0, again.stderr
    assert "HHH (computer): " in again.stdout
    assert "HHH> " not in again.stdout  # never asked for HHH's moves: its hand stays hidden


def test_a_damaged_opponent_file_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    piped(["play", *DECKS, "--vs", "random", "--seed", "2"], "quit\n", tmp_path)
    (tmp_path / "rawdeal-game.json.play.json").write_text("[]")
    done = piped(["play", "--resume", "rawdeal-game.json"], "quit\n", tmp_path)
    assert done.returncode == 2
    assert "rawdeal-game.json.play.json: not a rawdeal-play/1 file" in done.stderr and "--vs" in done.stderr


def test_a_new_game_draws_a_seed_says_it_and_that_seed_deals_it_again(tmp_path: Path) -> None:
    first = piped(["play", *DECKS], "quit\n", tmp_path)
    said = re.match(r"seed (\d+): the same seed deals the same game \((.*)\)$", first.stdout.splitlines()[0])
    assert said is not None, first.stdout
    hand = next(line for line in first.stdout.splitlines() if "your hand:" in line)
    again = piped(["play", *DECKS, "--seed", said.group(1)], "quit\n", tmp_path)
    assert hand in again.stdout.splitlines()
    assert said.group(2).split()[-2:] == ["--seed", said.group(1)]


def test_the_end_of_input_saves_the_game(tmp_path: Path) -> None:
    done = piped(["play", *DECKS, "--seed", "1", "--save", "mine.json"], "end\n", tmp_path)
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1].endswith(
        "end of input: game saved to mine.json; go on with: rawdeal play --resume mine.json")
    assert (tmp_path / "mine.json").is_file() and (tmp_path / "mine.json.play.json").is_file()


def test_the_winner_is_said_once(tmp_path: Path) -> None:
    done = piped(["play", *DECKS, "--vs", "greedy", "--seed", "1"], "1\n" * 3000, tmp_path)
    assert done.returncode == 0, done.stderr
    assert sum(" wins by " in line for line in done.stdout.splitlines()) == 1
    assert " wins by " in done.stdout.splitlines()[-1]


def test_card_and_show_print_card_texts_and_meanings(tmp_path: Path) -> None:
    done = piped(["play", *DECKS, "--seed", "3"], "card chop\nshow 1\nshow\ncard nonsense\nquit\n", tmp_path)
    out = done.stdout
    assert "Chop | action/maneuver | strike | 0/2/0" in out
    assert "text: As an action, you may discard this card to draw 1 card." in out
    assert "as an action, discard this card; draw 1 card" in out
    board = out.splitlines()
    hand = next(line for line in board if line.startswith("  your hand: "))[len("  your hand: "):].split(", ")
    first_move = next(line for line in board if line.startswith("  1. play "))
    title = first_move.split('"')[1]
    assert f"{title} | " in out and "meaning:" in out  # show 1: the card of move 1
    shown = [line.removeprefix("THE ROCK> ") for line in board]
    assert all(any(line.startswith(f"{card}: ") for line in shown) for card in hand)  # show: the hand's cards
    assert "unknown card 'nonsense'" in out
    assert not ANSI.search(out)  # piped: no colour


def test_colour_on_a_terminal_and_none_with_no_color(tmp_path: Path) -> None:
    child = spawn(["play", *DECKS, "--seed", "4"], tmp_path)
    child.expect(r"THE ROCK> ")
    assert ANSI.search(child.before or "")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    plain = spawn(["play", *DECKS, "--seed", "4"], tmp_path, NO_COLOR="1")
    plain.expect(r"THE ROCK> ")
    assert not ANSI.search(plain.before or "")
    plain.sendline("quit")
    plain.expect(pexpect.EOF)


def test_line_editing_recalls_the_last_line_and_tab_completes(tmp_path: Path) -> None:
    child = spawn(["play", *DECKS, "--seed", "4"], tmp_path, NO_COLOR="1")
    child.expect(r"THE ROCK> ")
    child.sendline("card chop")
    child.expect("Chop \\| action/maneuver")
    child.expect(r"THE ROCK> ")
    child.send("\x1b[A\r")  # up arrow, Enter: the same line again
    child.expect("Chop \\| action/maneuver")
    child.expect(r"THE ROCK> ")
    child.send("card Jockey\t\r")  # Tab completes the title
    child.expect("Jockeying for Position \\| action/reversal")
    child.expect(r"THE ROCK> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
