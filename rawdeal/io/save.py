"""Saved games: JSON (orjson) validated by `schemas/save.schema.json`; errors name the JSON path.

Saving then loading gives identical bytes: keys are sorted and every field is written.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import orjson

from rawdeal.cards import CardType
from rawdeal.effects.model import Zone
from rawdeal.engine.cardinfo import Catalog, catalog
from rawdeal.engine.game import Game
from rawdeal.engine.state import ActiveModifier, Blanked, CurrentPlay, GameState, LastPlay, PlayerState
from rawdeal.engine.tasks import StartTurn, Task
from rawdeal.engine.words import CardId, Profile
from rawdeal.errors import SaveError
from rawdeal.io.codec import DecodeError, decode, encode
from rawdeal.io.valid import known_valid, remember_valid

FORMAT = "rawdeal-save/1"
ZONES = (Zone.ARSENAL, Zone.HAND, Zone.RING, Zone.RINGSIDE)


@cache
def _schema() -> bytes:
    from rawdeal.resources import schema_path

    return schema_path("save.schema.json").read_bytes()


@cache
def _validator():  # type: ignore[no-untyped-def]
    import jsonschema

    return jsonschema.Draft202012Validator(orjson.loads(_schema()))


def _json_path(path: Any) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def save_dict(game: Game) -> dict[str, Any]:
    s, title = game.s, game.title
    constructed = {"constructed": True} if s.constructed else {}  # written only when set: older saves keep their bytes
    pool = {} if game.cat.pool == "course" else {"pool": game.cat.pool}  # likewise
    used = {"used": [title(c) for c in s.used]} if s.used else {}  # likewise
    ended: dict[str, Any] = {"ended_by_reversal": s.ended_by_reversal} if s.ended_by_reversal >= 0 else {}  # likewise
    if s.reversed_last is not None:  # likewise
        ended["reversed_last"] = encode(s.reversed_last, title)
    if s.played:  # likewise
        ended["played"] = [str(t) for t in s.played]
    if s.found >= 0:  # likewise
        ended["found"] = title(s.found)
    if s.under:  # likewise; by owner and title, whatever order the piles were made in
        ended["under"] = sorted([o, title(c), [title(h) for h in held]] for (o, c), held in s.under.items() if held)
    if s.blanked:  # likewise
        ended["blanked"] = encode(s.blanked, title)
    return {**constructed, **pool, **used, **ended,
        "format": FORMAT, "profile": s.profile, "seed": s.seed, "rng": s.rng, "to_move": s.current,
        "turn": s.turn, "ability_used": s.ability_used,
        "players": [
            {"superstar": p.superstar, **{z.value: [title(c) for c in p.zone(z)] for z in ZONES},
             **({"removed": [title(c) for c in p.removed]} if p.removed else {}),  # only when any: older saves keep their bytes
             **({"backlash": [title(c) for c in p.backlash]} if p.backlash else {})}  # likewise
            for p in s.players
        ],
        "modifiers": encode(s.modifiers, title), "last": encode(s.last, title),
        "playing": encode(s.playing, title), "tasks": encode(s.tasks, title), "skip": s.skip,
        "delayed": [[o, title(c)] for o, c in s.delayed],
        "hold": None if s.hold is None else [s.hold[0], title(s.hold[1])],
        "end_requested": s.end_requested, "moved": s.moved, "winner": s.winner, "how": s.how,
    }


def dumps(game: Game) -> bytes:
    return orjson.dumps(save_dict(game), option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2) + b"\n"


def loads(data: bytes, source: str = "save", remember: bool = False, written: bool = False,
          checked: bool = False) -> Game:
    """A game from save bytes, checked for form (the schema) and meaning (`rawdeal.io.validate`); with
    `remember`, bytes that passed the schema once skip it after that (`rawdeal.io.valid`: for files
    that processes read again and again); `written`: bytes `dumps` wrote (a server's own record of a
    game), whose form needs no check. The meaning is checked unless `checked`: the caller saw these
    exact bytes load in this process before (the service, replaying from one save many times)."""
    from rawdeal.io.validate import check_game, whole_numbers

    from rawdeal.inputs import parse_json

    try:
        raw = parse_json(data)
    except ValueError as exc:  # orjson.JSONDecodeError is one
        raise SaveError(source, "", f"not valid JSON: {exc}") from None
    raw = whole_numbers(raw, source)
    seen = written or checked or (remember and known_valid(_schema(), data))
    errors = [] if seen else sorted(_validator().iter_errors(raw), key=lambda e: [str(p) for p in e.absolute_path])
    if errors:
        e = errors[0]
        raise SaveError(source, _json_path(e.absolute_path), e.message)
    cat = _catalog(raw.get("pool", "course"))
    game = Game(_state(raw, cat, source), cat)
    if not checked:
        check_game(game, raw, source)
    if remember and not seen:
        remember_valid(_schema(), data)
    return game


def _catalog(pool: str) -> Catalog:
    """The cards a save's game is played with: the course's, or the Classic pool's playable ones."""
    if pool == "classic":
        from rawdeal.engine.classic import shipped_classic

        return shipped_classic().catalog
    return catalog()


def _state(raw: dict[str, Any], cat: Catalog, source: str) -> GameState:
    def card_id(title: Any, path: str) -> CardId:
        if title not in cat.db.index:
            from rawdeal.cards.db import suggest

            raise SaveError(source, path, f"unknown card {title!r}{suggest(str(title), cat.db.index)}")
        return cat.db.index[title]

    players = []
    for i, p in enumerate(raw["players"]):
        if p["superstar"] not in cat.db.by_name:
            from rawdeal.cards.db import suggest

            raise SaveError(source, f"$.players[{i}].superstar",
                            f"unknown Superstar {p['superstar']!r}{suggest(p['superstar'], cat.db.by_name)}")
        zones = {z.value: [card_id(t, f"$.players[{i}].{z}[{k}]") for k, t in enumerate(p[z])] for z in ZONES}
        removed = [card_id(t, f"$.players[{i}].removed[{k}]") for k, t in enumerate(p.get("removed", []))]
        backlash = [card_id(t, f"$.players[{i}].backlash[{k}]") for k, t in enumerate(p.get("backlash", []))]
        players.append(PlayerState(p["superstar"], **zones, removed=removed, backlash=backlash))

    cid = cat.db.index.__getitem__

    def rec(key: str, hint: Any, default: Any) -> Any:
        try:
            return decode(raw[key], cid, f"$.{key}", hint) if key in raw else default
        except DecodeError as exc:
            raise SaveError(source, exc.path, exc.message) from None

    to_move = raw["to_move"]
    return GameState(
        players=players, profile=Profile(raw.get("profile", Profile.COURSE)), seed=raw.get("seed", 0),
        rng=raw.get("rng", raw.get("seed", 0)), turn=raw.get("turn", 1), current=to_move,
        ability_used=raw.get("ability_used", False),
        modifiers=rec("modifiers", tuple[ActiveModifier, ...], ()),
        last=list(rec("last", tuple[LastPlay | None, LastPlay | None], (None, None))),
        playing=rec("playing", CurrentPlay | None, None),
        tasks=list(rec("tasks", tuple[Task, ...], (StartTurn(to_move),))),
        skip=list(raw.get("skip", [False, False])),
        delayed=tuple((o, card_id(t, f"$.delayed[{k}][1]")) for k, (o, t) in enumerate(raw.get("delayed", []))),
        hold=None if raw.get("hold") is None else (raw["hold"][0], card_id(raw["hold"][1], "$.hold[1]")),
        end_requested=raw.get("end_requested", False), moved=raw.get("moved", 0),
        winner=raw.get("winner"), how=raw.get("how", ""), constructed=raw.get("constructed", False),
        used=tuple(card_id(t, f"$.used[{k}]") for k, t in enumerate(raw.get("used", []))),
        ended_by_reversal=raw.get("ended_by_reversal", -1),
        reversed_last=rec("reversed_last", LastPlay | None, None),
        played=tuple(CardType(t) for t in raw.get("played", [])),
        found=card_id(raw["found"], "$.found") if "found" in raw else -1,
        under={(o, card_id(t, f"$.under[{k}][1]")): [card_id(h, f"$.under[{k}][2][{j}]") for j, h in enumerate(held)]
               for k, (o, t, held) in enumerate(raw.get("under", []))},
        blanked=rec("blanked", tuple[Blanked, ...], ()),
    )


def read_save(path: str | Path) -> Game:
    from rawdeal.inputs import SAVE_CAP, read_input, shown

    return loads(read_input(path, SAVE_CAP, "saved game"), shown(path), remember=True)
