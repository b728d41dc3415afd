"""`rawdeal gradescope bundle`: the archive's contents, and its run_autograder run on a submission.

run_autograder is run for real with bash, its paths pointed at a temporary folder (AUTOGRADER_ROOT),
rawdeal taken from this environment (RAWDEAL) and no user switching (RAWDEAL_USER=''). setup.sh
installs system packages, so it is only checked for what it installs, not run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from consolekit import make_bank, write_program

from rawdeal.cli import app
from rawdeal.grading.protocol import load_bank

RAWDEAL = Path(sys.executable).parent / "rawdeal"


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_bank(tmp_path_factory.mktemp("bank"))


def fake_wheel(folder: Path) -> Path:
    wheel = folder / "rawdeal-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        # a fixed date: two bundles built from it in different seconds hold the same bytes
        z.writestr(zipfile.ZipInfo("rawdeal-0.1.0.dist-info/METADATA", (1980, 1, 1, 0, 0, 0)), "Name: rawdeal\n")
    return wheel


def bundle(bank: Path, out: Path, *extra: str) -> None:
    result = CliRunner().invoke(app, [
        "gradescope", "bundle", str(bank), "-o", str(out), "--wheel", str(fake_wheel(out.parent)),
        "--command", "python3 {student}/main.py {decks}", "--timeout", "5", *extra,
    ])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {out}: 7 tests, setup.sh, run_autograder\n"


def test_the_archive_holds_the_scripts_the_wheel_and_the_bank_and_is_reproducible(bank: Path, tmp_path: Path) -> None:
    bundle(bank, tmp_path / "a.zip", "--hidden", "02-Beta/*")
    bundle(bank, tmp_path / "b.zip", "--hidden", "02-Beta/*")
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "a.zip") as z:
        names = z.namelist()
        modes = {i.filename: i.external_attr >> 16 & 0o777 for i in z.infolist()}
        setup = z.read("setup.sh").decode()
        run = z.read("run_autograder").decode()
    expected_bank = {f"bank/data/{t.name.split('/')[0]}-Tests/{t.name.split('/')[1]}.txt" for t in load_bank(bank).tests}
    expected_decks = {f"bank/{p.relative_to(bank)}" for p in (bank / "data").glob("*/*.txt") if "-Tests" not in p.parent.name}
    assert set(names) == {"README.md", "setup.sh", "run_autograder", "wheels/rawdeal-0.1.0-py3-none-any.whl"} | expected_bank | expected_decks
    assert modes["setup.sh"] == modes["run_autograder"] == 0o755
    assert "pip install --quiet wheels/*.whl" in setup and "useradd" in setup and "bubblewrap" in setup
    assert '--sandbox "$sandbox"' in run
    assert "--hidden '02-Beta/*'" in run and "--timeout 5" in run


def run_autograder(tmp_path: Path, hook: str) -> Path:
    """Unpack the archive, write the submission (the fake console with `hook`), run run_autograder."""
    if not RAWDEAL.is_file() or shutil.which("bash") is None:
        pytest.skip("needs bash and the rawdeal script of this environment")
    root = tmp_path / "autograder"
    with zipfile.ZipFile(tmp_path / "autograder.zip") as z:
        z.extractall(root / "source")
    write_program(root / "submission", hook)
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "RAWDEAL": str(RAWDEAL), "RAWDEAL_USER": ""}
    done = subprocess.run(["bash", str(root / "source" / "run_autograder")], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return root


def test_run_autograder_grades_a_submission_and_writes_results(bank: Path, tmp_path: Path) -> None:
    bundle(bank, tmp_path / "autograder.zip", "--hidden", "02-Beta/*")
    root = run_autograder(tmp_path, "if turn == 3: line = line.replace('Turno', 'Turn')")
    results = json.loads((root / "results" / "results.json").read_text())
    touched = {t.name for t in load_bank(bank).tests if any("Turno 4:" in line for line in t.expected)}
    assert results["score"] == 7 - len(touched)
    assert {t["name"] for t in results["tests"] if t["status"] == "failed"} == touched
    assert {t["visibility"] for t in results["tests"] if t["name"].startswith("02-Beta/")} == {"after_published"}
    assert all(t["output_format"] == "text" for t in results["tests"])
    assert (root / "source" / "bank" / "data").is_dir()  # the bank itself is untouched


# Each run notes in the shared HOME whether its working folder was fresh (no mark of an earlier run).
COUNT_RUNS = ("if turn == 0: open(os.path.join(os.environ['HOME'], 'runs'), 'a').write(str(not os.path.exists('mark')) + '\\n'); "
              "open('mark', 'w').close()")


def test_setup_and_build_go_into_the_scripts_and_the_readme_says_what_to_adapt(bank: Path, tmp_path: Path) -> None:
    bundle(bank, tmp_path / "a.zip", "--setup", "apt-get install -y -qq dotnet-sdk-8.0",
           "--build", "dotnet build -c Release -o out")
    with zipfile.ZipFile(tmp_path / "a.zip") as z:
        setup, run, readme = (z.read(n).decode() for n in ("setup.sh", "run_autograder", "README.md"))
    assert setup.rstrip().endswith("apt-get install -y -qq dotnet-sdk-8.0")
    assert "build='dotnet build -c Release -o out'" in run
    assert all(what in readme for what in ("setup.sh", "build=", "--command", "HOME"))


def test_the_build_runs_once_before_the_tests_and_every_run_shares_one_home(bank: Path, tmp_path: Path) -> None:
    """--build makes the program (here: copies it to built.py, which the command runs) once; each of the
    7 runs then finds the HOME the others wrote in, while each still starts in a fresh folder."""
    result = CliRunner().invoke(app, [
        "gradescope", "bundle", str(bank), "-o", str(tmp_path / "autograder.zip"), "--wheel",
        str(fake_wheel(tmp_path)), "--command", f"'{sys.executable}' {{student}}/built.py {{decks}}",
        "--build", "cp main.py built.py && echo built >> \"$HOME/builds\""])
    assert result.exit_code == 0, result.output
    root = run_autograder(tmp_path, COUNT_RUNS)
    assert json.loads((root / "results" / "results.json").read_text())["score"] == 7
    assert (root / "home" / "builds").read_text() == "built\n"
    assert (root / "home" / "runs").read_text().splitlines() == ["True"] * 7


def test_a_failing_build_scores_0_and_shows_its_output(bank: Path, tmp_path: Path) -> None:
    bundle(bank, tmp_path / "autograder.zip", "--build", "echo 'error CS1002: ; expected' >&2; exit 3")
    root = run_autograder(tmp_path, "")
    results = json.loads((root / "results" / "results.json").read_text())
    assert results["score"] == 0 and results["tests"] == []
    assert results["output"].startswith("The build failed: echo") and "error CS1002: ; expected" in results["output"]


def test_grade_home_is_shared_by_every_run_of_the_program(bank: Path, tmp_path: Path) -> None:
    main = write_program(tmp_path / "me", COUNT_RUNS) / "main.py"
    home = tmp_path / "home"
    done = subprocess.run([sys.executable, "-m", "rawdeal", "grade", "--course", str(bank), "--home", str(home),
                           "--command", f"'{sys.executable}' '{main}' {{decks}}"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert len((home / "runs").read_text().splitlines()) == 7


def test_a_bundle_without_a_usable_wheel_or_bank_is_a_usage_error(bank: Path, tmp_path: Path) -> None:
    (tmp_path / "not.whl").write_text("no zip")
    runner = CliRunner()
    for args in (
        [str(bank), "--wheel", str(tmp_path / "not.whl")],
        [str(tmp_path), "--wheel", str(fake_wheel(tmp_path))],
        [str(bank), "--wheel", str(fake_wheel(tmp_path)), "--only", "none/*"],
    ):
        result = runner.invoke(app, ["gradescope", "bundle", *args, "-o", str(tmp_path / "x.zip"), "--command", "x"])
        assert result.exit_code == 2 and result.stderr.startswith("rawdeal: "), result.output
    assert not (tmp_path / "x.zip").exists()
