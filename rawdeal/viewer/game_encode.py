"""A `GameReplay` (any ruleset) as the page's data, in the manner of `encode`: tables written once (cards,
words), then per step only what changed, a zone as the edit that changed it. `static/game.js` fills
each step forward and draws the labels, numbers and cards the ruleset gave: it knows no game.
"""

from __future__ import annotations

from typing import Any

from rawdeal.games.board import Board, Side
from rawdeal.viewer.delta import Table, edit
from rawdeal.viewer.game_record import GameReplay, GameStep

# The page's own words (the game's come from its ruleset), by language; English for any other.
UI = {
    "en": {"step": "step", "over": "Game over", "turn": "{p}'s move", "tomove": "to move", "hands": "hands", "both": "both", "deciding": "deciding", "wins": "wins",
           "happened": "What just happened", "start": "The game as it starts.", "move": "move", "more": "more lines",
           "table": "On the table", "nothing": "nothing", "rules": "Rules", "decide": "Decision, with the legal moves in move-file words",
           "next": "(the one played next is marked)",
           "secret": "{n} legal moves, hidden in this player's view", "empty": "empty", "hidden": "hidden", "hint":
           "hover or tap a card for what it does; keys: \u2190 \u2192 a move, Page Up/Down a stage, Home, End",
           "log": "Transcript: click a line to see the board there", "first": "First divergence at line",
           "expected": "expected", "got": "got", "noline": "(no line)", "todiv": "show the board there (d)",
           "nogame": "No game to show", "earlier": "earlier lines: click for line", "later": "later lines: click for line"},
    "es": {"step": "paso", "over": "Fin de la partida", "turn": "le toca a {p}", "tomove": "le toca", "hands": "manos", "both": "ambas", "deciding": "decide", "wins": "gana",
           "happened": "Lo que acaba de pasar", "start": "La partida al empezar.", "move": "jugada", "more": "líneas más",
           "table": "En la mesa", "nothing": "nada", "rules": "Reglas", "decide": "Decisión, con las jugadas legales en palabras del archivo de jugadas",
           "next": "(la que se juega después está marcada)",
           "secret": "{n} jugadas legales, ocultas desde este jugador", "empty": "vacía", "hidden": "oculta", "hint":
           "pasa o toca una carta para ver qué hace; teclas: \u2190 \u2192 una jugada, Re Pág/Av Pág una etapa, Inicio, Fin",
           "log": "Transcripción: pulsa una línea para ver el tablero allí", "first": "Primera divergencia en la línea",
           "expected": "esperado", "got": "obtenido", "noline": "(sin línea)", "todiv": "ver el tablero allí (d)",
           "nogame": "No hay partida que mostrar", "earlier": "líneas antes: pulsa para la línea", "later": "líneas después: pulsa para la línea"},
}


def encode_game(replay: GameReplay) -> dict[str, Any]:
    """The page's data for a replay of any game (a JSON value)."""
    card = {c.name: i for i, c in enumerate(replay.cards)}
    words = Table()
    steps: list[dict[str, Any]] = []
    before: GameStep | None = None
    for step in replay.steps:
        delta = _delta(step, before, card, words)
        delta["l"] = step.first
        if step.move:
            delta["mv"] = words(step.move)
        steps.append(delta)
        before = step
    first = replay.steps[0].board.sides if replay.steps else ()
    return {"game": replay.game, "lang": replay.lang, "ui": UI.get(replay.lang, UI["en"]), "title": replay.title,
            "names": list(replay.names), "zones": [[[z.label, z.private] for z in s.zones] for s in first],
            "cards": [[c.name, c.kind, c.facts, c.text] for c in replay.cards], "words": words.items(),
            "lines": list(replay.lines), "steps": steps}


def _delta(now: GameStep, before: GameStep | None, card: dict[str, int], words: Table) -> dict[str, Any]:
    b, old = now.board, None if before is None else before.board
    out: dict[str, Any] = {}
    if old is None or (b.stage, b.current) != (old.stage, old.current):
        out["g"], out["c"] = words(b.stage), b.current
    if old is None or [(s.character, s.about) for s in b.sides] != [(s.character, s.about) for s in old.sides]:
        out["ch"] = [[words(s.character), words(s.about)] for s in b.sides]
    if old is None or [s.values for s in b.sides] != [s.values for s in old.sides]:
        out["v"] = [[[words(label), n] for label, n in s.values] for s in b.sides]
    for p, side in enumerate(b.sides):
        out.update(_zones(p, side, None if old is None else old.sides[p], card))
    if old is None or b.table != old.table:
        out["tb"] = [[words(label), card[name]] for label, name in b.table]
    if old is None or b.notes != old.notes:
        out["nt"] = [words(n) for n in b.notes]
    if before is None or now.decision != before.decision:
        d = now.decision
        out["d"] = None if d is None else [d.player, words(d.kind), words(d.prompt), [words(m) for m in d.moves]]
    if before is None or (now.winner, now.how) != (before.winner, before.how):
        out["w"] = None if now.winner is None else [now.winner, words(b.result or now.how)]
    return out


def _zones(p: int, side: Side, old: Side | None, card: dict[str, int]) -> dict[str, list[int]]:
    """Each zone that changed, as the edit from the step before (`delta.edit`)."""
    out = {}
    for i, zone in enumerate(side.zones):
        was = () if old is None else old.zones[i].cards
        if old is not None and (old.zones[i].label, old.zones[i].private) != (zone.label, zone.private):
            raise ValueError(f"zone {i} of side {p} changed from {old.zones[i].label} to {zone.label}: a board's zones are fixed")
        if old is None or zone.cards != was:
            out[f"z{p}_{i}"] = edit(was, zone.cards, card)
    return out

