"""The scenarios to grade against: directories with a saved game, a move file and optional metadata.

`SCENARIOS/<dir>/` holds `start.json`, `moves.txt`, optionally `expected.txt` and `scenario.toml` or
`scenario.json` (name, points, description; see `schemas/scenario-meta.schema.json`). SCENARIOS may
also be one scenario directory itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from rawdeal.errors import ScenarioError, UsageError
from rawdeal.scenarios import META_FILES, read_metadata

START, MOVES, EXPECTED = "start.json", "moves.txt", "expected.txt"
_MARKERS = (START, MOVES, EXPECTED, *META_FILES)


@dataclass(frozen=True)
class Scenario:
    """One scenario; `name` names the student's transcript file (`<name>.txt`)."""

    name: str
    path: Path
    points: float = 1.0
    description: str = ""

    @property
    def save(self) -> Path:
        return self.path / START

    @property
    def moves(self) -> Path:
        return self.path / MOVES

    @property
    def expected(self) -> Path:
        return self.path / EXPECTED


def load_suite(root: Path) -> tuple[Scenario, ...]:
    """All scenarios under `root` (or `root` itself), sorted by name; names must be unique."""
    if not root.is_dir():
        raise UsageError(f"{root}: no such scenario folder")
    dirs = [root] if _is_scenario(root) else sorted(d for d in root.iterdir() if _is_scenario(d))
    if not dirs:
        raise UsageError(f"{root}: no scenarios (folders holding {START} and {MOVES})")
    suite = sorted((load_scenario(d) for d in dirs), key=lambda s: s.name)
    for a, b in zip(suite, suite[1:]):
        if a.name == b.name:
            raise ScenarioError(f"{a.path} and {b.path}: both are named {a.name!r}")
    return tuple(suite)


def _is_scenario(path: Path) -> bool:
    return path.is_dir() and any((path / m).is_file() for m in _MARKERS)


def load_scenario(path: Path) -> Scenario:
    for needed in (START, MOVES):
        if not (path / needed).is_file():
            raise ScenarioError(f"{path}: scenario without {needed}")
    meta = read_metadata(path)
    points = float(meta.get("points", 1))
    if not math.isfinite(points):
        raise ScenarioError(f"{path}: points = {points}: give a finite number of points")
    return Scenario(
        name=meta.get("name", path.name), path=path, points=points, description=meta.get("description", ""),
    )
