"""The course's test bank, end to end: every shared transcript imports and its replay agrees with it.

This is the project's main proof that the engine is right: each imported scenario checks every status
line, offered list, zone view, overturned card, damage, draw, discard and winner of a real session.
"""

from __future__ import annotations

from typing import Any

from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from rawdeal.cli import app

from shared import COURSE, needs_shared

DATA = COURSE / "data"
pytestmark = needs_shared
runner = CliRunner()


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bank")
    folders = sorted(str(p) for p in DATA.glob("*-Tests"))
    result = runner.invoke(app, ["import-tests", *folders, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _verify(imported: Path) -> dict[str, Any]:
    result = runner.invoke(app, ["verify", str(imported), "--format", "json"])
    return {"exit": result.exit_code, **orjson.loads(result.stdout)}


def test_every_shared_transcript_verifies(imported: Path) -> None:
    report = _verify(imported)
    failures = [f"{r['name']}: {r['first_divergence']}" for r in report["results"] if not r["passed"]]
    assert failures == []
    assert report["exit"] == 0
    assert report["total"] == len(list(DATA.glob("*-Tests/*.txt")))


@pytest.mark.parametrize("category", ["01", "02", "04", "05", "06", "07", "08", "09", "10", "11"])
def test_each_category_is_covered_with_real_checks(imported: Path, category: str) -> None:
    report = _verify(imported)
    mine = [r for r in report["results"] if r["name"].startswith(category + "-")]
    assert mine, f"no scenario imported for category {category}"
    assert all(r["checkpoints"] > 0 for r in mine)


def test_a_wrong_expectation_fails_with_the_step_and_the_words(imported: Path, tmp_path: Path) -> None:
    source = imported / "04-NoEffects-3"
    broken = tmp_path / "04-NoEffects-3"
    broken.mkdir()
    for f in source.iterdir():
        (broken / f.name).write_bytes(f.read_bytes())
    lines = (broken / "checks.jsonl").read_bytes().splitlines()
    i = next(k for k, line in enumerate(lines) if b'"status"' in line and orjson.loads(line)["step"] > 3)
    check = orjson.loads(lines[i])
    check["hand"] += 1
    lines[i] = orjson.dumps(check)
    (broken / "checks.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    result = runner.invoke(app, ["verify", str(broken)])
    assert result.exit_code == 1
    assert f"step {check['step']}" in result.stdout
    assert f"expected {check['player']} {check['fortitude']}F, {check['hand']} in hand" in result.stdout
    assert "0/1 scenarios passed" in result.stdout
