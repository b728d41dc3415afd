"""Scenario folders: found and sorted by name, metadata checked against its schema, points default to 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from rawdeal.errors import ScenarioError, UsageError
from rawdeal.scenarios.model import load_suite


def scenario(root: Path, folder: str, meta: tuple[str, str] | None = None) -> Path:
    path = root / folder
    path.mkdir(parents=True)
    (path / "start.json").write_text("{}\n")
    (path / "moves.txt").write_text("\n")
    if meta:
        (path / meta[0]).write_text(meta[1])
    return path


def test_scenarios_are_sorted_by_name_with_metadata_from_toml_or_json(tmp_path: Path) -> None:
    scenario(tmp_path, "z-first", ("scenario.toml", 'name = "a-reversal"\npoints = 2.5\ndescription = "x"\n'))
    scenario(tmp_path, "m", ("scenario.json", '{"points": 3}'))
    scenario(tmp_path, "b")
    (tmp_path / "notes").mkdir()  # not a scenario: ignored
    suite = load_suite(tmp_path)
    assert [(s.name, s.points, s.path.name) for s in suite] == [
        ("a-reversal", 2.5, "z-first"), ("b", 1.0, "b"), ("m", 3.0, "m"),
    ]
    assert suite[0].description == "x"


def test_a_single_scenario_folder_is_a_suite_of_one(tmp_path: Path) -> None:
    path = scenario(tmp_path, "only")
    assert [s.name for s in load_suite(path)] == ["only"]


@pytest.mark.parametrize(("meta", "message"), [
    ('points = -1\n', "points: -1 is less than the minimum of 0"),
    ('point = 1\n', "Additional properties are not allowed ('point' was unexpected)"),
    ('name = "../escape"\n', "name: '../escape' does not match"),
    ('points = \n', "cannot read scenario metadata"),
])
def test_bad_metadata_names_the_file_and_the_field(tmp_path: Path, meta: str, message: str) -> None:
    scenario(tmp_path, "s", ("scenario.toml", meta))
    with pytest.raises(ScenarioError, match="scenario.toml") as err:
        load_suite(tmp_path)
    assert message in str(err.value)


def test_an_incomplete_scenario_or_a_duplicate_name_is_an_error(tmp_path: Path) -> None:
    scenario(tmp_path, "a")
    scenario(tmp_path, "b", ("scenario.json", '{"name": "a"}'))
    with pytest.raises(ScenarioError, match="both are named 'a'"):
        load_suite(tmp_path)
    (tmp_path / "b" / "moves.txt").unlink()
    with pytest.raises(ScenarioError, match="without moves.txt"):
        load_suite(tmp_path)


def test_a_missing_or_empty_folder_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no such scenario folder"):
        load_suite(tmp_path / "nope")
    with pytest.raises(UsageError, match="no scenarios"):
        load_suite(tmp_path)
