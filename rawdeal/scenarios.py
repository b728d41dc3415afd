"""Scenarios: a folder with a starting position, a move file and what is expected.

Layout: `start.json` (a save) or `deck-a.txt` + `deck-b.txt` (a new game; `profile` from
`scenario.toml`, default course), `moves.txt`, and optionally `expected.txt` (the transcript),
`checks.jsonl` (checkpoints imported from a course transcript) and `scenario.toml` or `scenario.json`
(name, points, description, profile, seed; checked against `schemas/scenario-meta.schema.json`).
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rawdeal.drivers.movefile import play_moves, read_moves
from rawdeal.engine.game import Game
from rawdeal.errors import ScenarioError
from rawdeal.io.transcript import Transcript


@dataclass(frozen=True)
class Scenario:
    path: Path
    name: str
    profile: str = "course"
    seed: int = 0


META_FILES = ("scenario.toml", "scenario.json")


def read_metadata(path: Path) -> dict[str, Any]:
    """The scenario's metadata file (TOML or JSON, at most one), validated; {} when there is none."""
    found = [path / f for f in META_FILES if (path / f).is_file()]
    if len(found) > 1:
        raise ScenarioError(f"{path}: both {' and '.join(META_FILES)}; keep one")
    if not found:
        return {}
    try:
        text = found[0].read_text(encoding="utf-8")
        meta = tomllib.loads(text) if found[0].suffix == ".toml" else json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ScenarioError(f"{found[0]}: cannot read scenario metadata: {exc}") from None
    import jsonschema

    error = jsonschema.exceptions.best_match(_meta_validator().iter_errors(meta))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "(top)"
        raise ScenarioError(f"{found[0]}: {where}: {error.message}")
    return meta  # type: ignore[no-any-return]


@cache
def _meta_validator() -> Any:
    import jsonschema

    from rawdeal.resources import schema_path

    schema = json.loads(schema_path("scenario-meta.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    if not path.is_dir():
        raise ScenarioError(f"{path}: not a scenario folder")
    meta = read_metadata(path)
    name = str(meta.get("name", _shown(path.name)))
    return Scenario(path, name, str(meta.get("profile", "course")), int(meta.get("seed", 0)))


def _shown(name: str) -> str:
    """A folder name as text: bytes that are not UTF-8 (kept by Python as surrogates) become U+FFFD."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def start(sc: Scenario) -> tuple[Game, Transcript]:
    """The scenario's opening game and the transcript of its start."""
    transcript = Transcript()
    save = sc.path / "start.json"
    if save.is_file():
        from rawdeal.io.save import read_save

        game = read_save(save)
        transcript.events(game.resume())
        return game, transcript
    decks = [sc.path / "deck-a.txt", sc.path / "deck-b.txt"]
    if not all(d.is_file() for d in decks):
        raise ScenarioError(f"{sc.path}: needs start.json, or deck-a.txt and deck-b.txt")
    from rawdeal.decks import read_deck
    from rawdeal.engine.setup import new_game

    game, events = new_game(read_deck(decks[0]), read_deck(decks[1]), sc.profile, sc.seed)
    transcript.events(events)
    return game, transcript


def run_scenario(path: str | Path) -> tuple[Game, Transcript]:
    sc = load_scenario(path)
    game, transcript = start(sc)
    moves_file = sc.path / "moves.txt"
    if moves_file.is_file():
        play_moves(game, read_moves(moves_file), transcript, source=f"{sc.name}/moves.txt")
    return game, transcript


def reference_transcript(path: Path) -> str:
    """What rawdeal prints for the scenario: the reference a student's transcript is graded against."""
    return run_scenario(path)[1].text()
