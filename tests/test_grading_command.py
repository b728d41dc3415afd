"""The grading command as a user types it, through the real `rawdeal` program: a relative program
path works from where grading was started, a misspelled placeholder is a usage error naming it,
`{student}` works in both modes, and `--only` and `--exclude` repeat."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import answerkit
from consolekit import make_bank, write_program

ROOT = Path(__file__).resolve().parent.parent
RAWDEAL = str(Path(sys.executable).parent / "rawdeal")
PYTHON = sys.executable


def rawdeal(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([RAWDEAL, *args], cwd=cwd, capture_output=True, text=True, check=False, timeout=300)


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_bank(tmp_path_factory.mktemp("bank"))


@pytest.fixture
def here(tmp_path: Path) -> Path:
    """Where grading is started: the student's program beside it, as main.py (its folder readable by
    the sandbox's unprivileged user: as root the program runs as nobody)."""
    write_program(tmp_path, "")
    tmp_path.chmod(0o755)
    return tmp_path


def test_a_program_named_relative_to_where_grading_started_runs(bank: Path, here: Path) -> None:
    done = rawdeal("grade", "--course", str(bank), "--command", f"'{PYTHON}' main.py {{decks}}", cwd=here)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "total: 7/7" in done.stdout
    (here / "bin").mkdir()
    (here / "main.py").rename(here / "bin" / "main.py")
    (here / "bin" / "run").write_text('#!/bin/sh\nexec python3 "$(dirname "$0")/main.py" "$@"\n')
    (here / "bin" / "run").chmod(0o755)
    by_path = rawdeal("grade", "--course", str(bank), "--command", "bin/run {decks}", "--only", "01-*/1", cwd=here)
    assert by_path.returncode == 0 and "total: 1/1" in by_path.stdout, by_path.stdout + by_path.stderr


@pytest.mark.parametrize("mode", ["course", "scenarios"])
def test_an_unknown_placeholder_is_a_usage_error_naming_it(bank: Path, here: Path, mode: str) -> None:
    where = ["--course", str(bank)] if mode == "course" else [str(ROOT / "scenarios")]
    done = rawdeal("grade", *where, "--command", "python main.py {deck} {nmae}", cwd=here)
    assert done.returncode == 2
    assert "unknown placeholders {deck}, {nmae}" in done.stderr and "Traceback" not in done.stderr
    bundle = rawdeal("gradescope", "bundle", str(bank), "-o", "x.zip", "--command", "python {studnet}/main.py", cwd=here)
    assert bundle.returncode == 2 and "unknown placeholder {studnet}" in bundle.stderr


def test_student_is_the_starting_folder_in_scenario_mode_too(tmp_path: Path) -> None:
    from rawdeal.scenarios.model import load_suite
    from rawdeal.scenarios.play import reference_transcript

    suite = [s for s in load_suite(ROOT / "scenarios") if s.name in ("pin", "surrender")]
    answerkit.write_program(tmp_path, [(answerkit.scenario_key(s.save, s.moves), reference_transcript(s)) for s in suite])
    done = rawdeal("grade", str(ROOT / "scenarios"), "--only", "pin", "--only", "surrender",
                   "--command", f"'{PYTHON}' {{student}}/main.py {{save}} {{moves}}", "--timeout", "60", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "total: 2/2" in done.stdout and "pin" in done.stdout and "surrender" in done.stdout


def test_only_and_exclude_repeat_as_globs(bank: Path, here: Path) -> None:
    command = ["--command", f"'{PYTHON}' main.py {{decks}}"]
    done = rawdeal("grade", "--course", str(bank), *command, "--only", "01-*/*", "--only", "02-*/1",
                   "--exclude", "01-*/2", "--exclude", "01-*/3", "--format", "json", cwd=here)
    assert done.returncode == 0, done.stderr
    import orjson

    names = [t["name"] for t in orjson.loads(done.stdout)["scenarios"]]
    assert names == ["01-Alpha/1", "01-Alpha/4", "02-Beta/1"]
    none = rawdeal("grade", "--course", str(bank), *command, "--only", "01-*/*", "--exclude", "01-*", cwd=here)
    assert none.returncode == 2
    assert "no transcripts selected by --only '01-*/*' --exclude '01-*'" in none.stderr
