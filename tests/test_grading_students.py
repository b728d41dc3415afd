"""What a student reads from `rawdeal grade --course` and `rawdeal diff`, through the `rawdeal` program itself.

Reports point at the official transcript's own lines (its `INPUT:` lines counted), both commands read
the official format with its `INPUT:` lines, a crash's error output comes in a block of its own, and
with --partial a failing test never reads as full marks.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from consolekit import ANSWERS, make_bank, write_program

from rawdeal.grading.reports import earned
from shared import COURSE, needs_shared

RAWDEAL = [sys.executable, "-m", "rawdeal"]


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_bank(tmp_path_factory.mktemp("bank"))


def rawdeal(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RAWDEAL, *map(str, args)], capture_output=True, text=True, cwd=cwd)


def program(folder: Path, hook: str = "", change: tuple[str, str] = ("", "")) -> Path:
    main = write_program(folder, hook) / "main.py"
    main.write_text(main.read_text().replace(*change))
    return main


def official_line(bank: Path, test: str, text: str) -> tuple[int, int]:
    """The line of the official transcript (counted as an editor counts it) that first holds `text`,
    and how many INPUT: lines stand before it."""
    category, number = test.split("/")
    lines = (bank / "data" / f"{category}-Tests" / f"{number}.txt").read_text().split("\n")
    line = next(n for n, line in enumerate(lines, 1) if text in line)
    return line, sum(1 for before in lines[:line - 1] if before.startswith("INPUT:"))


def test_a_wrong_line_is_reported_at_the_official_files_own_line(bank: Path, tmp_path: Path) -> None:
    main = program(tmp_path / "me", "if turn == 3: line = line.replace('Turno', 'Turn')")
    done = rawdeal("grade", "--course", bank, "--only", "01-Alpha/2", "--command", f"'{sys.executable}' '{main}' {{decks}}")
    line, inputs = official_line(bank, "01-Alpha/2", "Turno 4:")
    assert done.returncode == 1 and inputs > 0, done.stderr
    assert f"differs at line {line}" in done.stdout  # INPUT: lines before it are counted, as in an editor
    event = line - inputs
    assert f"first divergence at event {event} (line {line} of expected, line {event} of actual):" in done.stdout


def test_diff_compares_an_official_transcript_with_a_programs_output(bank: Path, tmp_path: Path) -> None:
    official = bank / "data" / "01-Alpha-Tests" / "2.txt"
    answers = "".join(f"{a}\n" for a in ANSWERS["01-Alpha"][1])
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    for path, main in ((good, program(tmp_path / "good")), (bad, program(tmp_path / "bad", change=("Seguir", "Sigue")))):
        path.write_text(subprocess.run([sys.executable, str(main), "data/01-Alpha"], cwd=bank, input=answers,
                                       capture_output=True, text=True, check=True).stdout)
    same = rawdeal("diff", official, good)
    assert (same.returncode, same.stdout) == (0, f"identical: {len(good.read_text().splitlines())} events\n")
    differs = rawdeal("diff", official, bad)
    line, inputs = official_line(bank, "01-Alpha/2", "1- Seguir")
    assert differs.returncode == 1
    assert differs.stdout.splitlines()[0] == (
        f"first divergence at event {line - inputs} (line {line} of {official}, line {line - inputs} of {bad}):")
    assert "-1- Seguir" in differs.stdout and "+1- Sigue" in differs.stdout


def test_diff_compares_the_answers_when_both_transcripts_hold_them(bank: Path, tmp_path: Path) -> None:
    official = bank / "data" / "01-Alpha-Tests" / "2.txt"
    other = tmp_path / "other.txt"
    other.write_text(official.read_text().replace("INPUT: 0\n", "INPUT: 9\n"))
    done = rawdeal("diff", official, other)
    line, _ = official_line(bank, "01-Alpha/2", "INPUT: 0")
    assert done.returncode == 1 and done.stdout.startswith(f"first divergence at event {line} (line {line}):")


def test_transcripts_holding_input_lines_pass_transcript_grading(bank: Path, tmp_path: Path) -> None:
    """What `course play --inputs` writes (the official format, answers echoed) is a passing transcript."""
    student = tmp_path / "student"
    for tests in sorted((bank / "data").glob("*-Tests")):
        (student / tests.name[:-len("-Tests")]).mkdir(parents=True)
        for path in tests.glob("*.txt"):
            (student / tests.name[:-len("-Tests")] / path.name).write_bytes(path.read_bytes())
    done = rawdeal("grade", "--course", bank, "--submission", student)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("total: 7/7")


def test_a_crashs_error_output_comes_in_its_own_labelled_block(bank: Path, tmp_path: Path) -> None:
    hook = "if turn == 2: sys.stdout.flush(); raise SystemExit('boom at turn 3')"
    main = program(tmp_path / "me", hook)
    done = rawdeal("grade", "--course", bank, "--only", "01-Alpha/2", "--command", f"'{sys.executable}' '{main}' {{decks}}")
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    label = lines.index("    standard error:")
    assert lines[label + 1] == "      | boom at turn 3"
    diff = lines[lines.index("    --- expected"):label]
    assert diff and not any("boom" in line for line in diff)


def test_partial_credit_never_reads_full_for_a_failing_test(bank: Path, tmp_path: Path) -> None:
    main = program(tmp_path / "me", change=("Felicidades, gana", "Felicidades, ganó"))
    done = rawdeal("grade", "--course", bank, "--only", "01-Alpha/*", "--partial",
                   "--command", f"'{sys.executable}' '{main}' {{decks}}")
    assert done.returncode == 1
    rows = [line.split() for line in done.stdout.splitlines() if line.startswith("  01-Alpha/") and " fail " in line]
    assert len(rows) == 4 and all(row[1] == "fail" and float(row[2].split("/")[0]) < 1 for row in rows)
    assert "(0 of 4 scenarios passed)" in done.stdout


def test_a_failing_score_is_shown_below_the_full_points() -> None:
    assert (earned(0.996, 1), earned(1, 1), earned(0.375, 1), earned(86.999, 87)) == ("0.99", "1", "0.38", "86.99")


@needs_shared
def test_a_wrong_winner_line_in_a_long_official_transcript_is_a_failure_with_its_share(tmp_path: Path) -> None:
    """The course's own console with its last line changed: 2,165 of 2,166 lines match, and it fails."""
    command = "sh -c 'rawdeal course play \"$0\" | sed \"s/^Felicidades, gana/Felicidades, ganó/\"' {decks}"
    env_bin = str(Path(sys.executable).parent)
    done = subprocess.run([*RAWDEAL, "grade", "--course", str(COURSE), "--only", "08-Reversals/9", "--partial",
                           "--command", command, "--timeout", "60", "--sandbox", "none"],  # rawdeal's own: trusted
                          capture_output=True, text=True,
                          env={"PATH": f"{env_bin}:/usr/bin:/bin"})
    assert done.returncode == 1, done.stderr
    row = next(line.split() for line in done.stdout.splitlines() if line.startswith("  08-Reversals/9"))
    assert row[1:4] == ["fail", "0.99/1", "differs"]
    assert done.stdout.rstrip().endswith("total: 0.99/1")
