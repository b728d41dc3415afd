"""Saved games: JSON (orjson) validated by `schemas/save.schema.json`; errors name the JSON path.

Saving then loading gives identical bytes: keys are sorted and every field is written.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import orjson

from rawdeal.cards import Trait
from rawdeal.effects.model import Zone
from rawdeal.engine.cardinfo import Catalog, catalog
from rawdeal.engine.game import Game
from rawdeal.engine.state import GameState, PlayerState
from rawdeal.engine.tasks import StartTurn
from rawdeal.engine.words import CardId, Profile
from rawdeal.errors import SaveError
from rawdeal.io.codec import decode, encode

FORMAT = "rawdeal-save/1"
ZONES = (Zone.ARSENAL, Zone.HAND, Zone.RING, Zone.RINGSIDE)


@cache
def _validator():  # type: ignore[no-untyped-def]
    import jsonschema

    from rawdeal.resources import schema_path

    schema = orjson.loads(schema_path("save.schema.json").read_bytes())
    return jsonschema.Draft202012Validator(schema)


def _json_path(path: Any) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def save_dict(game: Game) -> dict[str, Any]:
    s, title = game.s, game.title
    return {
        "format": FORMAT, "profile": s.profile, "seed": s.seed, "rng": s.rng, "to_move": s.current,
        "turn": s.turn, "ability_used": s.ability_used,
        "players": [
            {"superstar": p.superstar, **{z.value: [title(c) for c in p.zone(z)] for z in ZONES}} for p in s.players
        ],
        "modifiers": encode(s.modifiers, title), "last": encode(s.last, title),
        "playing": encode(s.playing, title), "tasks": encode(s.tasks, title), "skip": s.skip,
        "delayed": [[o, title(c)] for o, c in s.delayed],
        "hold": None if s.hold is None else [s.hold[0], title(s.hold[1])],
        "end_requested": s.end_requested, "moved": s.moved, "winner": s.winner, "how": s.how,
    }


def dumps(game: Game) -> bytes:
    return orjson.dumps(save_dict(game), option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2) + b"\n"


def loads(data: bytes, source: str = "save") -> Game:
    try:
        raw = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise SaveError(f"{source}: not valid JSON: {exc}") from None
    errors = sorted(_validator().iter_errors(raw), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        raise SaveError(f"{source}: {_json_path(e.absolute_path)}: {e.message}")
    return Game(_state(raw, catalog(), source))


def _state(raw: dict[str, Any], cat: Catalog, source: str) -> GameState:
    def card_id(title: Any, path: str) -> CardId:
        if title not in cat.db.index:
            from rawdeal.cards.db import suggest

            raise SaveError(f"{source}: {path}: unknown card {title!r}{suggest(str(title), cat.db.index)}")
        return cat.db.index[title]

    players = []
    for i, p in enumerate(raw["players"]):
        if p["superstar"] not in cat.db.by_name:
            from rawdeal.cards.db import suggest

            raise SaveError(f"{source}: $.players[{i}].superstar: unknown Superstar {p['superstar']!r}"
                            f"{suggest(p['superstar'], cat.db.by_name)}")
        zones = {z.value: [card_id(t, f"$.players[{i}].{z}[{k}]") for k, t in enumerate(p[z])] for z in ZONES}
        _check_contents(cat, zones, i, source)
        players.append(PlayerState(p["superstar"], **zones))
    try:
        def cid(t: Any) -> CardId:
            return card_id(t, "$.tasks")

        state = GameState(
            players=players, profile=Profile(raw.get("profile", Profile.COURSE)), seed=raw.get("seed", 0),
            rng=raw.get("rng", raw.get("seed", 0)), turn=raw.get("turn", 1), current=raw["to_move"],
            ability_used=raw.get("ability_used", False),
            modifiers=decode(raw.get("modifiers", []), cid), last=list(decode(raw.get("last", [None, None]), cid)),
            playing=decode(raw.get("playing"), cid),
            tasks=list(decode(raw["tasks"], cid)) if "tasks" in raw else [StartTurn(raw["to_move"])],
            skip=list(raw.get("skip", [False, False])),
            delayed=tuple((o, cid(t)) for o, t in raw.get("delayed", [])),
            hold=None if raw.get("hold") is None else (raw["hold"][0], cid(raw["hold"][1])),
            end_requested=raw.get("end_requested", False), moved=raw.get("moved", 0),
            winner=raw.get("winner"), how=raw.get("how", ""),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{source}: $.tasks/$.modifiers: unreadable engine record: {exc}") from None
    return state


def _check_contents(cat: Catalog, zones: dict[str, list[CardId]], i: int, source: str) -> None:
    """Reject impossible contents: a Unique card twice, more than 3 copies of a limited title."""
    counts = Counter(c for z in ZONES for c in zones[z])
    for card, n in sorted(counts.items()):
        info = cat.infos[card].card
        limit = 1 if Trait.UNIQUE in info.traits else None if Trait.SET_UP in info.traits else 3
        if limit is not None and n > limit:
            raise SaveError(f"{source}: $.players[{i}]: {n} copies of {info.title!r} (at most {limit} in a deck)")


def read_save(path: str | Path) -> Game:
    from rawdeal.errors import UsageError

    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror}") from None
    return loads(data, str(path))
