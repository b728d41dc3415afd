"""Browser play of any game whose ruleset describes its board (`rawdeal.games.board`, as `rawdeal view`
draws it): the position a seat sees, a seat's move, whose decision it is and the bots' moves, all
through the `rawdeal.games` seam. Raw Deal keeps its own board (`seats`); a save that names another
game comes here. Pure functions of a save, like `seats`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rawdeal.errors import RawdealError, UsageError
from rawdeal.games.board import Board, Viewable
from rawdeal.service.games import Turn, apply_other, load_other
from rawdeal.viewer.game_record import Decision

LANG = "en"  # the page's language (the move buttons are move-file words, which are English)


@dataclass(frozen=True, slots=True)
class Position:
    """What the page draws: the board the ruleset describes, the pending decision (None: over), and the
    hover text of every card on the board."""

    board: Board
    decision: Decision | None
    faces: tuple[tuple[str, str], ...]


class NotYours(Exception):
    """A move sent by a seat whose decision it is not (`seats.NotYours` is this class)."""


def check_seat(decider: int | None, seat: int | None, move: str, example: str) -> None:
    """NotYours unless `seat` decides now (`decider`, None: the game is over); a RawdealError unless
    `move` is one line of words (`example` shows one)."""
    if decider is None:
        raise NotYours("the game is over")
    if seat != decider:
        raise NotYours("it is not your decision" if seat is not None else "spectators do not move")
    if "\n" in move or not move.strip():
        raise RawdealError(f"a move is one line of move-file words, {example}")


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


def position(save: bytes) -> Position:
    return position_of(*load_other(save))


def play_as(save: bytes, seat: int | None, move: str) -> tuple[Turn, Position]:
    """Apply `move` for `seat`: the turn and the position after it; NotYours when the decision is not
    the seat's, the game's error for a bad or illegal move."""
    rules, state = load_other(save)
    turn = state.turn()
    check_seat(None if turn is None else turn.player, seat, move, "such as the buttons show")
    done = apply_other(rules, state, move)
    return done, position_of(rules, state)


def decider(save: bytes) -> int | None:
    _, state = load_other(save)
    turn = state.turn()
    return None if turn is None else int(turn.player)


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
    b, d = pos.board, pos.decision
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
