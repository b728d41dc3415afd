"""Fightdrome saves: JSON checked for form (`schemas/fightdrome-save.schema.json`) and for meaning
(every card of the box in exactly one place, hands within the limit, a phase that fits). Saving then
loading gives the same bytes: keys are sorted and every field is written."""

from __future__ import annotations

from functools import cache
from typing import Any

import orjson

from rawdeal.errors import SaveError
from rawdeal.fightdrome.game import Game
from rawdeal.fightdrome.options import parse_options
from rawdeal.fightdrome.settings import settings
from rawdeal.fightdrome.state import ANSWER, FIGHTER, OVER, Fight, Fighter

FORMAT = "fightdrome-save/1"


def to_json(game: Game) -> dict[str, Any]:
    f, names = game.f, [x.name() for x in settings().catalog.faces]

    def cards(faces: list[int]) -> list[str]:
        return [names[x] for x in faces]

    return {
        "game": "fightdrome", "format": FORMAT, "options": list(f.options), "seed": f.seed, "rng": f.rng,
        "round": f.round, "to_move": f.current, "phase": f.phase,
        "previous": names[f.previous] if f.previous >= 0 else None,
        "players": [{"sleeve": p.sleeve, "stack": p.stack, "reserve": p.reserve, "fame": p.fame,
                     "draw": cards(p.draw), "hand": cards(p.hand), "discard": cards(p.discard),
                     "face_down": cards(p.down)} for p in f.players],
        "supply": {pile: cards(faces) for pile, faces in f.supply.items()},
        "winner": f.winner, "how": f.how}


@cache
def _validator():  # type: ignore[no-untyped-def]
    import jsonschema

    from rawdeal.resources import schema_path

    return jsonschema.Draft202012Validator(orjson.loads(schema_path("fightdrome-save.schema.json").read_bytes()))


def load(data: bytes, source: str) -> Game:
    from rawdeal.inputs import parse_json

    try:
        raw = parse_json(data)
    except ValueError as exc:  # orjson.JSONDecodeError is one; so is JSON nested past the limit
        raise SaveError(source, "", f"not valid JSON: {exc}") from None
    errors = sorted(_validator().iter_errors(raw), key=lambda e: [str(p) for p in e.absolute_path])
    if errors:
        path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in errors[0].absolute_path)
        raise SaveError(source, path, errors[0].message)
    return from_json(raw, source)


def from_json(raw: dict[str, Any], source: str) -> Game:
    """A game from a save's contents (form already checked); SaveError for contents that cannot be."""
    cfg = settings()

    def cards(names: list[str], path: str) -> list[int]:
        found = []
        for i, name in enumerate(names):
            face = cfg.catalog.index.get(name.lower())
            if face is None:
                raise SaveError(source, f"{path}[{i}]", f"unknown card {name!r}; cards are named like Kick 60, Neuro Hold, Dodge")
            found.append(face)
        return found

    players = []
    for i, p in enumerate(raw["players"]):
        at = f"$.players[{i}]"
        for key, value in [("sleeve", p["sleeve"]), *((f"reserve[{k}]", s) for k, s in enumerate(p["reserve"]))]:
            if value not in cfg.sleeves:
                raise SaveError(source, f"{at}.{key}", f"unknown Sleeve {value!r}; Sleeves: {', '.join(cfg.sleeves)}")
        if p["stack"] not in cfg.stacks:
            raise SaveError(source, f"{at}.stack", f"unknown Stack {p['stack']!r}; Stacks: {', '.join(cfg.stacks)}")
        players.append(Fighter(p["sleeve"], p["stack"], list(p["reserve"]), cards(p["draw"], f"{at}.draw"),
                               cards(p["hand"], f"{at}.hand"), cards(p["discard"], f"{at}.discard"),
                               cards(p["face_down"], f"{at}.face_down"), p["fame"]))
    if sorted(raw["supply"]) != sorted(cfg.pile_faces):
        raise SaveError(source, "$.supply", f"the supply's piles are {', '.join(cfg.pile_faces)}")
    supply = {pile: cards(raw["supply"][pile], f"$.supply.{pile}") for pile in cfg.pile_faces}
    previous = -1 if raw["previous"] is None else cards([raw["previous"]], "$.previous")[0]
    fight = Fight(players, supply, parse_options(raw["options"]).names, raw["seed"], raw["rng"], raw["round"],
                  raw["to_move"], raw["phase"], previous, raw["winner"], raw["how"])
    game = Game(fight, parse_options(raw["options"]))
    _check_meaning(game, source)
    return game


def _check_meaning(game: Game, source: str) -> None:
    """What the schema cannot say; each message names the field."""
    f, cfg = game.f, game.cfg
    for i, me in enumerate(f.players):
        if len(me.hand) > cfg.limit:
            raise SaveError(source, f"$.players[{i}].hand", f"{len(me.hand)} cards: a hand holds at most {cfg.limit}")
    for pile, faces in f.supply.items():
        for k, face in enumerate(faces):
            if cfg.pile_of[face] != pile:
                raise SaveError(source, f"$.supply.{pile}[{k}]", f"{cfg.catalog.faces[face].name()} belongs in the {cfg.pile_of[face]} pile")
    if (f.phase == ANSWER) != (f.previous >= 0):
        raise SaveError(source, "$.previous", "a card to answer is given exactly when the phase is answer")
    if (f.phase == OVER) != (f.winner is not None) or (f.winner is None) != (f.how == ""):
        raise SaveError(source, "$.winner", "a finished game has phase over, a winner and how it ended; a game going on has none")
    if f.phase == ANSWER and not cfg.catalog.faces[f.previous].attack:
        raise SaveError(source, "$.previous", f"{cfg.catalog.faces[f.previous].name()} is not an Attack: only an Attack is answered")
    if f.phase == FIGHTER and not f.players[f.current].reserve:
        raise SaveError(source, "$.phase", "choosing a fighter needs a Sleeve in reserve")
    if f.phase not in (OVER, FIGHTER) and not f.players[f.current].hand:
        raise SaveError(source, "$.to_move", "the player to move has no cards in hand: the round would be over")
    try:
        game.check()
    except AssertionError as exc:
        raise SaveError(source, "", f"{exc}: every card of the box must be in exactly one place") from None
