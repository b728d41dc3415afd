"""Fightdrome games for the viewer's tests: a save and a move file made the way a user makes them (`rawdeal
new --game fightdrome` and a seeded random player), the saves the game writes after every move, and a
page's steps filled forward as `static/game.js` fills them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from rawdeal.games.randomplay import play_random
from rawdeal.games.registry import ruleset
from rawdeal.games.saves import dumps, read

RULES = ruleset("fightdrome")


def fightdrome_game(folder: Path, options: tuple[str, ...] = ("match",), seed: int = 7, player: int = 3,
                    ) -> tuple[Path, Path]:
    """A new game's save and a random player's whole game as a move file (in `folder`)."""
    epic = ("Brawler,Wrestler,Guardian/S1", "Kickboxer,Neurojunkie,Allrounder/S5")
    state, _ = RULES.start(epic if "torneo-epico" in options else ("Brawler/S1", "Wrestler/S5"), seed, options)
    save, moves = folder / "fd.json", folder / "moves.txt"
    save.write_bytes(dumps(state))
    played = play_random(RULES, state.copy(), player)
    moves.write_text("".join(f"{m}\n" for m in played), encoding="utf-8")
    return save, moves


def saves_at_every_step(save: Path, moves: Path) -> list[dict[str, Any]]:
    """The save the game writes after each move (the opening first), played one move at a time."""
    rules, state = read(save)
    state.resume()
    out = [orjson.loads(dumps(state))]
    for line in moves.read_text(encoding="utf-8").splitlines():
        state.apply(rules.read_move(line))
        out.append(orjson.loads(dumps(state)))
    return out


def filled(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every step whole: each step's changes laid over the step before it (zones `z<side>_<zone>`)."""
    zones = [f"z{p}_{i}" for p, side in enumerate(data["zones"]) for i in range(len(side))]
    steps: list[dict[str, Any]] = []
    before: dict[str, Any] = {}
    for delta in data["steps"]:
        now = {**before, **delta}
        for zone in zones:
            if zone in delta:  # [kept from the start, kept from the end, cards between]
                old, (a, b, *between) = before.get(zone, []), delta[zone]
                now[zone] = old[:a] + between + old[len(old) - b:]
        steps.append(before := now)
    return steps
