"""Browser play of any game whose ruleset describes its board (`rawdeal.games.board`, as `rawdeal view`
draws it): the position a seat sees and the bots' moves, through the `rawdeal.games` seam. Raw Deal
keeps its own board (`seats`); a save that names another game comes here. The moves themselves are
played on the game held in the server process (`moves.Live`), for every game alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rawdeal.errors import UsageError
from rawdeal.games.board import Board, Viewable
from rawdeal.service.games import load_other
from rawdeal.viewer.game_record import Decision

LANG = "en"  # the page's language (the move buttons are move-file words, which are English)


@dataclass(frozen=True, slots=True)
class Position:
    """What the page draws: the board the ruleset describes, the pending decision (None: over), and the
    hover text of every card on the board."""

    board: Board
    asked: Decision | None  # named as Raw Deal's board names it (`Shown` reads either)
    faces: tuple[tuple[str, str], ...]


def drawable(rules: Any) -> Viewable:
    if not isinstance(rules, Viewable):
        raise UsageError(f"{rules.title} cannot be played in the browser yet: its ruleset describes no board")
    return rules


def position_of(rules: Any, state: Any) -> Position:
    view = drawable(rules)
    b = view.board(state, LANG)
    turn = state.turn()
    decision = None if turn is None else Decision(turn.player, turn.kind, rules.prompt(turn, LANG),
                                                   tuple(rules.move_text(m, LANG) for m in turn.moves))
    names = sorted({c for side in b.sides for z in side.zones for c in z.cards} | {c for _, c in b.table})
    faces = tuple((n, _hover(view, n)) for n in names)
    return Position(b, decision, faces)


def _hover(view: Viewable, name: str) -> str:
    face = view.card_face(name, LANG)
    return f"{face.facts}. {face.text}" if face.facts else face.text


def bot_move(save: bytes, bot: str, seed: int) -> tuple[str, int]:
    """The move of the game's generic player `bot` (`rawdeal.games.players`), seeded as `seats.bot_move`."""
    from rawdeal.games.players import make_player

    rules, state = load_other(save)
    turn = state.turn()
    assert turn is not None, "a bot is asked only for a pending decision"
    return str(make_player(rules, bot, seed).choose(state, turn)), int(turn.player)


def view_of(pos: Position, seat: int | None, decision: int, last: str) -> dict[str, Any]:
    """The page's values for `seat` (None: a spectator): a private zone (a hand, cards face down) only
    as a count unless it is the seat's own; the prompt and legal moves only for the decider."""
    b, d = pos.board, pos.asked
    sides = [{"name": s.name, "character": s.character, "about": s.about, "numbers": list(s.values),
              "zones": [{"label": z.label, "count": len(z.cards),
                         "cards": list(z.cards) if not z.private or p == seat else None} for z in s.zones]}
             for p, s in enumerate(b.sides)]
    mine = d is not None and d.player == seat
    return {
        "decision": decision, "seat": seat, "stage": b.stage, "current": b.current, "sides": sides, "last": last,
        "table": [list(t) for t in b.table], "notes": list(b.notes), "result": b.result, "faces": dict(pos.faces),
        "asked": None if d is None else {"player": d.player, "kind": d.kind, "prompt": d.prompt if mine else ""},
        "moves": list(d.moves) if mine and d is not None else [], "over": d is None,
    }


def replay_page(save: bytes, moves_text: str, title_: str) -> str:
    """The viewer's page of a finished game (`rawdeal view`'s, for any game)."""
    from rawdeal.games.saves import loads
    from rawdeal.viewer.game_record import record_game
    from rawdeal.viewer.page import render_replay

    rules, state = loads(save, "save.json")
    return render_replay(record_game(rules, state, state.resume(), moves_text.splitlines(), LANG, title_))
