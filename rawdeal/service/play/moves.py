"""Answering a seat's move: the checks (the seat's own decision, the current decision number, a legal
move), the write (only if nobody answered that decision first: the same conditional update as the
HTTP games API) and the bots' answers after it. Synchronous; the socket runs it in a thread."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import update

from rawdeal.errors import RawdealError
from rawdeal.service import games
from rawdeal.service.context import Context
from rawdeal.service.db import GameRow
from rawdeal.service.play.seats import NotYours, bot_move, decider, play_as
from rawdeal.service.play.anygame import Position
from rawdeal.viewer.board import Board
from rawdeal.service.play.store import PERSON, PlayRow


class Refused(Exception):
    """A move not taken: why, and the decision the game is at."""

    def __init__(self, detail: str, decision: int) -> None:
        super().__init__(detail)
        self.detail, self.decision = detail, decision


@dataclass(frozen=True)
class Game:
    row: GameRow
    play: PlayRow
    board: Board | Position | None = field(default=None, compare=False)  # the board after the last move, when known


def load(ctx: Context, gid: str) -> Game | None:
    with ctx.sessions() as s:
        row, play = s.get(GameRow, gid), s.get(PlayRow, gid)
    return None if row is None or play is None else Game(row, play)


def answer(ctx: Context, gid: str, seat: int | None, decision: int, move: str) -> Game:
    """Apply `move` for `seat` at `decision`; raises Refused (wrong seat, stale, illegal)."""
    game = load(ctx, gid)
    if game is None:
        raise Refused(f"no game {gid}", 0)
    current = game.row.decision
    if decision != current:
        raise Refused(f"decision {decision} was already answered; the game is at decision {current}", current)
    try:
        turn, after = play_as(game.row.save, seat, move)
    except (NotYours, RawdealError) as error:
        raise Refused(str(error), current) from None
    return _write(ctx, game, turn, after)


def _write(ctx: Context, game: Game, turn: games.Turn, after: Board | Position) -> Game:
    row, play = game.row, game.play
    history = [*row.moves, turn.move]
    with ctx.writes.begin() as s:
        done = s.execute(update(GameRow).where(GameRow.id == row.id, GameRow.decision == row.decision)
                         .values(save=turn.save, moves=history, decision=row.decision + 1))
        if done.rowcount != 1:  # type: ignore[attr-defined]
            raise Refused(f"decision {row.decision} was already answered", row.decision + 1)
        s.execute(update(PlayRow).where(PlayRow.id == row.id).values(transcript=PlayRow.transcript + turn.transcript))
    new_row = GameRow(id=row.id, save=turn.save, moves=history, decision=row.decision + 1)
    new_play = PlayRow(id=play.id, seats=play.seats, seed=play.seed, opening=play.opening,
                       transcript=play.transcript + turn.transcript)
    return Game(new_row, new_play, after)


def bot_answer(ctx: Context, gid: str) -> Game | None:
    """One move by the bot whose decision it is (None: a person's decision, or the game is over)."""
    game = load(ctx, gid)
    if game is None:
        return None
    whose = decider(game.row.save)
    if whose is None or game.play.seats[whose]["kind"] == PERSON:
        return None
    move, seat = bot_move(game.row.save, game.play.seats[whose]["kind"], game.play.seed * 100_003 + game.row.decision)
    return _write(ctx, game, *play_as(game.row.save, seat, move))
