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
    assert set(names) == {"setup.sh", "run_autograder", "wheels/rawdeal-0.1.0-py3-none-any.whl"} | expected_bank | expected_decks
    assert modes["setup.sh"] == modes["run_autograder"] == 0o755
    assert "pip install --quiet wheels/*.whl" in setup and "useradd" in setup
    assert "--hidden '02-Beta/*'" in run and "--timeout 5" in run


def test_run_autograder_grades_a_submission_and_writes_results(bank: Path, tmp_path: Path) -> None:
    if not RAWDEAL.is_file() or shutil.which("bash") is None:
        pytest.skip("needs bash and the rawdeal script of this environment")
    bundle(bank, tmp_path / "autograder.zip", "--hidden", "02-Beta/*")
    root = tmp_path / "autograder"
    with zipfile.ZipFile(tmp_path / "autograder.zip") as z:
        z.extractall(root / "source")
    hook = "if turn == 3: line = line.replace('Turno', 'Turn')"
    write_program(root / "submission", hook)
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "RAWDEAL": str(RAWDEAL), "RAWDEAL_USER": ""}
    done = subprocess.run(["bash", str(root / "source" / "run_autograder")], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    results = json.loads((root / "results" / "results.json").read_text())
    touched = {t.name for t in load_bank(bank).tests if any("Turno 4:" in line for line in t.expected)}
    assert results["score"] == 7 - len(touched)
    assert {t["name"] for t in results["tests"] if t["status"] == "failed"} == touched
    assert {t["visibility"] for t in results["tests"] if t["name"].startswith("02-Beta/")} == {"after_published"}
    assert all(t["output_format"] == "text" for t in results["tests"])
    assert (root / "source" / "bank" / "data").is_dir()  # the bank itself is untouched


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
