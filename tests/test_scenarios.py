"""The project's own scenarios, run through the real CLI: the transcript is the product, byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rawdeal.cli import app

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted(p for p in (ROOT / "scenarios").iterdir() if (p / "moves.txt").is_file())
runner = CliRunner()


def _run(folder: Path, *extra: str) -> str:
    result = runner.invoke(app, ["run", str(folder / "start.json"), str(folder / "moves.txt"), *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("folder", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_scenario_transcript(folder: Path) -> None:
    """`expected.txt` is the one record of a scenario's transcript (what `verify` and `grade
    --use-expected` read too); no snapshot repeats it."""
    assert _run(folder) == (folder / "expected.txt").read_text(encoding="utf-8")


def test_required_scenarios_are_there() -> None:
    names = {p.name for p in SCENARIOS}
    assert {"worked-example", "pin", "count-out", "surrender"} <= names
    assert sum(n.startswith("ability-") for n in names) >= 4


@pytest.mark.parametrize("how", ["pin", "count-out", "surrender"])
def test_endings(how: str) -> None:
    last = _run(ROOT / "scenarios" / how).splitlines()[-1]
    assert last.endswith(f"wins by {how}")


def test_worked_example_follows_the_assignment() -> None:
    text = _run(ROOT / "scenarios" / "worked-example")
    assert "HHH reverses Punch with Step Aside from the hand" in text
    assert "THE ROCK reverses Kick with Step Aside from the Arsenal" in text
    assert "HHH takes 1 collateral damage" in text
    assert "THE ROCK moves Step Aside from the Ringside pile to the bottom of the Arsenal" in text
    # After HHH's Head Butt, Punch and Kick: Kick stays in his Ring area (4 + 3 + 5 = 12F).
    assert "status HHH: 12F" in text


def test_verify_passes_on_all_project_scenarios() -> None:
    result = runner.invoke(app, ["verify", str(ROOT / "scenarios")])
    assert result.exit_code == 0, result.stdout
    assert f"{len(SCENARIOS)}/{len(SCENARIOS)} scenarios passed" in result.stdout
