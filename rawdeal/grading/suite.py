"""The scenarios to grade against: directories with a saved game, a move file and optional metadata.

`SCENARIOS/<dir>/` holds `start.json`, `moves.txt`, optionally `expected.txt` and `scenario.toml` or
`scenario.json` (name, points, description; see `schemas/scenario-meta.schema.json`). SCENARIOS may
also be one scenario directory itself.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rawdeal.errors import ScenarioError, UsageError

START, MOVES, EXPECTED = "start.json", "moves.txt", "expected.txt"
META_FILES = ("scenario.toml", "scenario.json")
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
    meta = _metadata(path)
    return Scenario(
        name=meta.get("name", path.name), path=path,
        points=float(meta.get("points", 1)), description=meta.get("description", ""),
    )


def _metadata(path: Path) -> dict[str, Any]:
    found = [path / f for f in META_FILES if (path / f).is_file()]
    if len(found) > 1:
        raise ScenarioError(f"{path}: both {' and '.join(META_FILES)}; keep one")
    if not found:
        return {}
    meta = _parse(found[0])
    _validate(meta, found[0])
    return meta


def _parse(file: Path) -> Any:
    try:
        text = file.read_text(encoding="utf-8")
        return tomllib.loads(text) if file.suffix == ".toml" else json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ScenarioError(f"{file}: cannot read scenario metadata: {exc}") from None


def _validate(meta: Any, file: Path) -> None:
    import jsonschema

    error = jsonschema.exceptions.best_match(_validator().iter_errors(meta))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "(top)"
        raise ScenarioError(f"{file}: {where}: {error.message}")


@cache
def _validator() -> Any:
    import jsonschema

    schema = json.loads(schema_path("scenario-meta.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def schema_path(name: str) -> Path:
    """A schema from the repository's `schemas/`, or the copy an installed wheel carries."""
    package = Path(__file__).resolve().parent.parent
    for folder in (package / "_schemas", package.parent / "schemas"):
        if (folder / name).is_file():
            return folder / name
    raise UsageError(f"schema {name} not found next to rawdeal")
