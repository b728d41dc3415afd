"""The one scenario model: a folder, its file names and its metadata, read once. No engine here.

Layout: `start.json` (a save) or `deck-a.txt` + `deck-b.txt` (a new game, with the metadata's
`profile` and `seed`), `moves.txt`, and optionally `expected.txt` (the transcript), `checks.jsonl`
(checkpoints imported from a course transcript) and `scenario.toml` or `scenario.json` (name, points,
description, profile, seed; checked against `schemas/scenario-meta.schema.json`).
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import orjson

from rawdeal.errors import ScenarioError, UsageError

START, MOVES, EXPECTED, CHECKS = "start.json", "moves.txt", "expected.txt", "checks.jsonl"
DECKS = ("deck-a.txt", "deck-b.txt")
META_FILES = ("scenario.toml", "scenario.json")
_MARKERS = (START, MOVES, EXPECTED, *META_FILES)  # what makes a folder part of a suite


@dataclass(frozen=True)
class Scenario:
    """One scenario; `name` also names a student's transcript file (`<name>.txt`)."""

    path: Path
    name: str
    points: float = 1.0
    description: str = ""
    profile: str = "course"
    seed: int = 0

    @property
    def save(self) -> Path:
        return self.path / START

    @property
    def moves(self) -> Path:
        return self.path / MOVES

    @property
    def expected(self) -> Path:
        return self.path / EXPECTED

    @property
    def checks(self) -> Path:
        return self.path / CHECKS

    @property
    def decks(self) -> tuple[Path, Path]:
        return self.path / DECKS[0], self.path / DECKS[1]


def load_scenario(path: str | Path) -> Scenario:
    """The scenario in `path`, its metadata read and validated (defaults: the folder's name, 1 point)."""
    path = Path(path)
    if not path.is_dir():
        raise ScenarioError(f"{path}: not a scenario folder")
    meta = read_metadata(path)
    points = float(meta.get("points", 1))
    if not math.isfinite(points):
        raise ScenarioError(f"{path}: points = {points}: give a finite number of points")
    return Scenario(
        path, str(meta.get("name", _shown(path.name))), points, str(meta.get("description", "")),
        str(meta.get("profile", "course")), int(meta.get("seed", 0)),
    )


def read_metadata(path: Path) -> dict[str, Any]:
    """The scenario's metadata file (TOML or JSON, at most one), validated; {} when there is none."""
    found = [path / f for f in META_FILES if (path / f).is_file()]
    if len(found) > 1:
        raise ScenarioError(f"{path}: both {' and '.join(META_FILES)}; keep one")
    if not found:
        return {}
    from rawdeal.inputs import TEXT_CAP, parse_json, read_input

    try:
        text = read_input(found[0], TEXT_CAP, "scenario metadata file").decode("utf-8")
        meta = tomllib.loads(text) if found[0].suffix == ".toml" else parse_json(text)
    except (UsageError, UnicodeDecodeError, ValueError) as exc:
        raise ScenarioError(f"{found[0]}: cannot read scenario metadata: {exc}") from None
    import jsonschema

    error = jsonschema.exceptions.best_match(_meta_validator().iter_errors(meta))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "(top)"
        raise ScenarioError(f"{found[0]}: {where}: {error.message}")
    return dict(meta)


@cache
def _meta_validator() -> Any:
    import jsonschema

    from rawdeal.resources import schema_path

    schema = orjson.loads(schema_path("scenario-meta.schema.json").read_bytes())
    return jsonschema.Draft202012Validator(schema)


def metadata_toml(sc: Scenario) -> str:
    """`scenario.toml` for a scenario (what an importer writes)."""
    import tomli_w

    points = int(sc.points) if sc.points == int(sc.points) else sc.points
    return tomli_w.dumps({"name": sc.name, "description": sc.description, "profile": sc.profile, "points": points})


def load_suite(root: Path) -> tuple[Scenario, ...]:
    """All gradable scenarios under `root` (or `root` itself), sorted by name; names must be unique.
    A gradable scenario gives students a saved game and a move file."""
    if not root.is_dir():
        raise UsageError(f"{root}: no such scenario folder")
    dirs = [root] if _is_scenario(root) else sorted(d for d in root.iterdir() if _is_scenario(d))
    if not dirs:
        raise UsageError(f"{root}: no scenarios (folders holding {START} and {MOVES})")
    suite = sorted((_gradable(d) for d in dirs), key=lambda s: s.name)
    for a, b in zip(suite, suite[1:]):
        if a.name == b.name:
            raise ScenarioError(f"{a.path} and {b.path}: both are named {a.name!r}")
    return tuple(suite)


def _gradable(path: Path) -> Scenario:
    for needed in (START, MOVES):
        if not (path / needed).is_file():
            raise ScenarioError(f"{path}: scenario without {needed}")
    return load_scenario(path)


def _is_scenario(path: Path) -> bool:
    return path.is_dir() and any((path / m).is_file() for m in _MARKERS)


def scenario_dirs(paths: list[Path]) -> list[Path]:
    """Scenario folders under the given paths (a path may be one scenario or a folder of them)."""
    out: list[Path] = []
    for p in paths:
        if not p.is_dir():
            raise UsageError(f"{p}: no such scenario folder")
        if (p / MOVES).is_file() or (p / CHECKS).is_file():
            out.append(p)
        else:
            out.extend(sorted(d for d in p.iterdir() if d.is_dir() and not d.name.startswith(".")))
    if not out:
        raise ScenarioError(f"{', '.join(map(str, paths))}: no scenario here (a scenario is a folder holding"
                            f" {MOVES} or {CHECKS})")
    return out


def _shown(name: str) -> str:
    """A folder name as text: bytes that are not UTF-8 (kept by Python as surrogates) become U+FFFD."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
