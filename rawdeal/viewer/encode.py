"""A replay as the page's data: tables written once, then per step only what changed.

The page's script fills each step forward from the one before it (`static/viewer.js`), so a long game
costs a few numbers a move (a zone is stored as the edit that changed it): a 3,000-move game stays
well under 2 MB. Cards are numbered in a table
of their facts (printed text and compiled meaning, for the hover card); prompts, moves and modifier
texts in a table of words. Everything is in a fixed order, so the same game gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rawdeal.viewer.board import Board
from rawdeal.viewer.delta import Table as _Table
from rawdeal.viewer.delta import edit as _edit
from rawdeal.viewer.record import Replay

_ZONES = (("h", "hand"), ("r", "ring"), ("s", "ringside"))


def encode(replay: Replay) -> dict[str, Any]:
    """The page's data for a replay (a JSON value)."""
    zones = {id(z): z for s in replay.steps for side in s.board.sides for z in (side.hand, side.ring, side.ringside)}
    titles = sorted({t for z in zones.values() for t in z}
                    | {s.board.playing.title for s in replay.steps if s.board.playing is not None})
    card = {t: i for i, t in enumerate(titles)}
    words = _Table()
    steps, before = [], None
    for step in replay.steps:
        delta = _delta(step.board, before, card, words)
        delta["l"] = step.first
        if step.move:
            delta["mv"] = words(step.move)
        steps.append(delta)
        before = step.board
    first = replay.steps[0].board.sides if replay.steps else ()
    return {"title": replay.title, "names": [s.name for s in first], "stars": [_superstar(s.superstar) for s in first],
            "cards": [_card(t) for t in titles], "words": words.items(), "lines": list(replay.lines), "steps": steps}


def _delta(now: Board, before: Board | None, card: dict[str, int], words: _Table) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if before is None or (now.turn, now.current) != (before.turn, before.current):
        out["t"], out["c"] = now.turn, now.current
    fortitude, arsenal = [s.fortitude for s in now.sides], [s.arsenal for s in now.sides]
    if before is None or fortitude != [s.fortitude for s in before.sides]:
        out["f"] = fortitude
    if before is None or arsenal != [s.arsenal for s in before.sides]:
        out["a"] = arsenal
    for p, side in enumerate(now.sides):
        for key, zone in _ZONES:
            cards: Sequence[str] = getattr(side, zone)
            old: Sequence[str] = () if before is None else getattr(before.sides[p], zone)
            if before is None or (cards is not old and cards != old):
                out[f"{key}{p}"] = _edit(old, cards, card)
    if before is None or now.playing != before.playing:
        out["p"] = None if now.playing is None else [now.playing.player, card[now.playing.title], words(now.playing.as_type)]
    if before is None or now.modifiers != before.modifiers:
        out["m"] = [words(m) for m in now.modifiers]
    if before is None or now.asked != before.asked:
        a = now.asked
        out["d"] = None if a is None else [a.player, words(a.kind), words(a.prompt), [words(m) for m in a.moves]]
    if before is None or (now.winner, now.how) != (before.winner, before.how):
        out["w"] = None if now.winner is None else [now.winner, words(now.how)]
    return out


def _card(title: str) -> list[Any]:
    """[title, types, subtype, F, D, SV, printed text, compiled meaning]: what `rawdeal card` shows."""
    from rawdeal.cards import load_db
    from rawdeal.effects.render import render_effect
    from rawdeal.effects.store import shipped

    c = load_db().by_title[title]
    return [c.title, "/".join(t.value for t in c.types), c.subtype.value if c.subtype else "", c.fortitude,
            c.damage_label, c.stun_value, c.text, render_effect(shipped().cards[title])]


def _superstar(name: str) -> list[Any]:
    """[name, hand size, Superstar value, ability text, its compiled meaning]."""
    from rawdeal.cards import load_db
    from rawdeal.effects.render import render_ability
    from rawdeal.effects.store import shipped

    s = load_db().by_name[name]
    ability = shipped().abilities.get(name)
    return [s.name, s.hand_size, s.value, s.ability, render_ability(ability) if ability is not None else ""]
