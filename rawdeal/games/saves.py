"""Saves of any game: the JSON a state gives (keys sorted, indented, one newline), read back by the
ruleset its "game" field names (none: Raw Deal, so every save written before the seam loads as it did)."""

from __future__ import annotations

from pathlib import Path

import orjson

from rawdeal.errors import SaveError
from rawdeal.games.protocol import Ruleset, State
from rawdeal.games.registry import DEFAULT, game_of, ruleset


def dumps(state: State) -> bytes:
    return orjson.dumps(state.to_json(), option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2) + b"\n"


def loads(data: bytes, source: str = "save", expected: str | None = None) -> tuple[Ruleset, State]:
    """The game a save names and its state; with `expected`, a save of another game is an error."""
    from rawdeal.inputs import parse_json

    try:
        raw = parse_json(data)
    except ValueError as exc:  # orjson.JSONDecodeError is one; so is JSON nested past the limit
        raise SaveError(source, "", f"not valid JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise SaveError(source, "", "a save is a JSON object")
    name = game_of(raw)
    if name not in _names():
        raise SaveError(source, "$.game", f"unknown game {name!r}: use one of {', '.join(_names())}")
    if expected is not None and name != expected:
        raise SaveError(source, "$.game", f"a save of {name}, not of {expected}: drop --game or give a {expected} save")
    if name == DEFAULT and "game" in raw:  # Raw Deal's own saves never say so: its schema has no "game"
        del raw["game"]
        data = orjson.dumps(raw)
    rules = ruleset(name)
    return rules, rules.load(data, source)


def read(path: str | Path, expected: str | None = None) -> tuple[Ruleset, State]:
    from rawdeal.inputs import SAVE_CAP, read_input, shown

    return loads(read_input(path, SAVE_CAP, "saved game"), shown(path), expected)


def _names() -> tuple[str, ...]:
    from rawdeal.games.registry import names

    return names()
