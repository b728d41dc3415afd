"""`rawdeal course play`: the course's reference console, byte for byte.

Every shared transcript is played again from its deck folder and its `INPUT:` answers alone and must
come out identical, byte for byte (nothing of the transcript but its answers is read).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from rawdeal.course.console import answers_of, read_number, run_session
from rawdeal.errors import InputEndedError

from shared import COURSE, needs_shared as needs_bank

TRANSCRIPTS = sorted(COURSE.glob("data/*-Tests/*.txt"))


def _folder(transcript: Path) -> str:
    """The deck folder a transcript's menus list, as the course's harness names it (relative to data/..)."""
    return f"data/{transcript.parent.name.removesuffix('-Tests')}"


@pytest.fixture()
def in_course(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(COURSE)


@needs_bank
@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shared_transcript_is_reproduced_byte_for_byte(transcript: Path, in_course: None) -> None:
    expected = transcript.read_text(encoding="utf-8")
    folder = _folder(transcript)
    got = run_session(folder, answers_of(expected), echo=True, legacy=folder.endswith("01-ValidDecks"))
    assert got == expected


@needs_bank
def test_the_command_writes_the_same_bytes_and_exits_0(in_course: None) -> None:
    transcript = COURSE / "data/11-ComplexEffects-Tests/1.txt"
    result = subprocess.run([sys.executable, "-m", "rawdeal", "course", "play", "data/11-ComplexEffects",
                             "--inputs", str(transcript)], capture_output=True, cwd=COURSE)
    assert result.returncode == 0, result.stderr
    assert result.stdout == transcript.read_bytes()


@needs_bank
def test_answers_on_standard_input_are_not_echoed(in_course: None) -> None:
    transcript = COURSE / "data/02-InvalidDecks-Tests/3.txt"
    text = transcript.read_text(encoding="utf-8")
    answers = "".join(a + "\n" for a in answers_of(text))
    result = subprocess.run([sys.executable, "-m", "rawdeal", "course", "play", "data/02-InvalidDecks"],
                            input=answers.encode(), capture_output=True, cwd=COURSE)
    assert result.returncode == 0
    assert result.stdout.decode() == "".join(t + "\n" for t in text.splitlines() if not t.startswith("INPUT: "))


@needs_bank
def test_running_out_of_answers_stops_with_exit_1_naming_the_prompt(in_course: None, tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("1\n1\n2\n", encoding="utf-8")  # two decks, then "Jugar carta", then nothing
    result = subprocess.run([sys.executable, "-m", "rawdeal", "course", "play", "data/04-NoEffects",
                             "--inputs", str(answers)], capture_output=True, cwd=COURSE)
    assert result.returncode == 1
    assert b"the answers ran out at the list of cards to play" in result.stderr
    assert result.stdout.decode().splitlines()[-1].startswith("(Ingresa un número entre -1 y ")  # all it printed


@needs_bank
def test_out_of_range_and_unreadable_answers_are_read_again_silently(in_course: None) -> None:
    plain = run_session("data/02-InvalidDecks", ["4"], echo=True)
    noisy = run_session("data/02-InvalidDecks", ["13", "x", "", "-1", "4"], echo=True)
    assert noisy == plain.replace("INPUT: 4\n", "INPUT: 13\nINPUT: x\nINPUT: \nINPUT: -1\nINPUT: 4\n")
    assert noisy.endswith("El mazo ingresado es inválido.\n")


@needs_bank
def test_the_menu_prints_the_folder_as_given(in_course: None) -> None:
    out = run_session(os.path.join("data", "04-NoEffects") + "/", ["1", "1", "4"], echo=False)
    assert "1- data/04-NoEffects/01.txt" in out.splitlines()


def test_numbers_are_read_as_the_reference_reads_them() -> None:
    assert [read_number(t) for t in ("07", " 3 ", "+2", "-1", "1.0", "", "٣", "9" * 5000, "2147483648")] == \
        [7, 3, 2, -1, None, None, None, None, None]


def test_no_answers_at_all_is_an_error_naming_the_deck_menu(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("x", encoding="utf-8")
    with pytest.raises(InputEndedError, match="first deck menu"):
        run_session(str(tmp_path), [], echo=True)


def test_a_folder_without_decks_is_a_usage_error(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "rawdeal", "course", "play", str(tmp_path)], capture_output=True,
                            input=b"1\n")
    assert result.returncode == 2 and b"no *.txt deck files" in result.stderr


@needs_bank
def test_graded_over_the_course_protocol_rawdeal_scores_every_shared_transcript(tmp_path: Path) -> None:
    """`rawdeal grade --course` runs `rawdeal course play` as it runs a student's program (answers on
    standard input, sandboxed) and compares its Spanish output with every transcript of the bank. The
    01-ValidDecks transcripts come from the course's older harness (one more blank line): they are
    recognised by their content and pass without --legacy, said once at the top."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}  # the programs share rawdeal's caches
    play = f"'{sys.executable}' -m rawdeal course play {{decks}}"
    results = tmp_path / "results.json"
    result = subprocess.run([sys.executable, "-m", "rawdeal", "grade", "--course", str(COURSE), "--command", play,
                             "--jobs", "2", "--timeout", "60", "--gradescope", str(results)],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.rstrip().endswith(f"total: {len(TRANSCRIPTS)}/{len(TRANSCRIPTS)}")
    older = sorted(t for t in TRANSCRIPTS if t.parent.name == "01-ValidDecks-Tests")
    notes = [line for line in result.stdout.splitlines() if line.startswith("note: ")]
    assert len(notes) == 1 and f"{len(older)} transcript(s)" in notes[0] and "older harness" in notes[0]
    graded = orjson.loads(results.read_bytes())
    assert graded["output"] == notes[0] and graded["score"] == len(TRANSCRIPTS)  # Gradescope says it once too


def test_answers_that_are_not_utf8_are_an_input_error_with_line_and_column(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("x", encoding="utf-8")
    answers = tmp_path / "answers.txt"
    answers.write_bytes(b"1\n\xff\n")
    result = subprocess.run([sys.executable, "-m", "rawdeal", "course", "play", str(tmp_path), "--inputs",
                             str(answers)], capture_output=True)
    assert result.returncode == 1 and b"answers.txt:2:1: not UTF-8 text" in result.stderr
    assert b"Traceback" not in result.stderr
