"""Reading a viewer page back in tests: its data, and each step filled forward as the page's script does."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import orjson

from rawdeal.io.save import loads, read_save, save_dict
from rawdeal.io.transcript import Transcript
from rawdeal.replay.movefile import play_moves, read_moves

ROOT = Path(__file__).resolve().parents[1]
SAVE, MOVES = ROOT / "saves" / "midgame.json", ROOT / "saves" / "midgame-moves.txt"


def page_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)
    assert found is not None, "the page holds its data"
    data: dict[str, Any] = orjson.loads(found[1])
    return data


def filled(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every step whole: each step's changes laid over the step before it."""
    steps: list[dict[str, Any]] = []
    before: dict[str, Any] = {}
    for delta in data["steps"]:
        now = {**before, **delta}
        for zone in ("h0", "h1", "r0", "r1", "s0", "s1"):
            if zone in delta:  # [kept from the start, kept from the end, cards between]
                old, (a, b, *between) = before.get(zone, []), delta[zone]
                now[zone] = old[:a] + between + old[len(old) - b:]
        steps.append(before := now)
    return steps


def saves_at_every_step(save: Path = SAVE, moves: Path = MOVES) -> list[dict[str, Any]]:
    """The save the engine writes after each move (the opening first), the game played one move at a time."""
    game = read_save(save)
    game.resume()
    out = [save_dict(game)]
    for move in read_moves(moves):
        play_moves(game, [move], Transcript())
        out.append(save_dict(game))
    return out


def fortitude(save: dict[str, Any], p: int) -> int:
    """A player's Fortitude as the engine computes it for that save (loaded back)."""
    return loads(orjson.dumps(save)).status(p).fortitude
