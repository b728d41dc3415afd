"""Answering a seat's move, the work kept proportional to the move.

A game being played is held in this process (`Live`): its engine game, resumed once from the save and
moved on, move after move, as `rawdeal run` moves one game through a move file. A move is checked
(the seat's own decision, the current decision number, a legal move) and played on it on the event
loop (a fraction of a millisecond); the write is one new `play_moves` row and the current save (a few
kilobytes, however long the game), in a thread, conditional on the decision number, so two processes
serving one game cannot both answer a decision; then every seat's view is made from the one board. A
bot's move is chosen in a process of its own (`bots()`), so a bot thinking never holds the server's
interpreter while other games move.
"""

from __future__ import annotations

import asyncio
import os
from collections import OrderedDict
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update

from rawdeal.errors import RawdealError
from rawdeal.service.context import Context
from rawdeal.service.db import GameRow
from rawdeal.service.play.seats import bot_move
from rawdeal.service.play.store import PERSON, PlayMove, PlayRow
from rawdeal.viewer.board import Board, board

KEPT = 1000  # games held in memory per process (the least recently moved are let go, and read again if needed)


class Refused(Exception):
    """A move not taken: why, and the decision the game is at."""

    def __init__(self, detail: str, decision: int) -> None:
        super().__init__(detail)
        self.detail, self.decision = detail, decision


@dataclass(frozen=True)
class Shown:
    """A game at one decision: what every view is made from. Replaced whole after each move, so a
    page served from a thread never sees half a move."""

    decision: int
    save: bytes
    board: Board
    last: str  # the move that led here, in move-file words ('' before the first)

    @property
    def over(self) -> bool:
        return self.board.asked is None

    @property
    def decider(self) -> int | None:
        return None if self.board.asked is None else self.board.asked.player


@dataclass(frozen=True)
class Played:
    """A move played on the live game, not yet stored: its words, the lines it printed, the new save."""

    move: str
    printed: str
    save: bytes
    board: Board


class Live:
    """A game being played in this process. Its engine game is moved only on the event loop, under
    `lock`; `shown` is the last stored decision."""

    def __init__(self, gid: str, stored: Stored) -> None:
        self.gid, self.seats, self.seed = gid, stored.seats, stored.seed
        self.lock = asyncio.Lock()
        self.reset(stored)

    def _resume(self, save: bytes) -> None:
        from rawdeal.io.save import loads
        from rawdeal.io.transcript import Transcript

        self.game = loads(save, "save.json", written=True)
        self.out: list[str] = []
        self.transcript = Transcript(self.out.append)  # one for the whole game, as `rawdeal run` has
        self.transcript.events(self.game.resume())
        self.out.clear()  # the resumed position's pending events were printed with the move before

    def play(self, seat: int | None, decision: int, move: str) -> Played:
        """Play `move` for `seat` at `decision` (raises Refused: stale, not the seat's, bad or illegal)."""
        from rawdeal.io.save import dumps
        from rawdeal.replay.movefile import iter_moves, play_moves

        current = self.shown.decision
        if decision != current:
            raise Refused(f"decision {decision} was already answered; the game is at decision {current}", current)
        d = self.game.decision()
        if d is None:
            raise Refused("the game is over", current)
        if seat != d.player:
            raise Refused("it is not your decision" if seat is not None else "spectators do not move", current)
        if "\n" in move or not move.strip():
            raise Refused("a move is one line of move-file words, e.g. 'end' or 'play \"Irish Whip\"'", current)
        try:
            lines = list(iter_moves([move], "move"))
            if not lines:
                raise Refused(f"{move!r} holds no move (a comment only)", current)
            play_moves(self.game, lines, self.transcript, source="move")
        except RawdealError as error:
            self._resume(self.shown.save)  # whatever the refused move touched is forgotten
            raise Refused(str(error), current) from None
        printed = "".join(self.out)
        self.out.clear()
        return Played(lines[0].text, printed, dumps(self.game), board(self.game))

    def undo(self) -> None:
        """Back to `shown` (a played move that could not be stored)."""
        self._resume(self.shown.save)

    def reset(self, stored: Stored) -> None:
        """The game as stored (moved by another server process meanwhile)."""
        self._resume(stored.save)
        self.shown = Shown(stored.decision, stored.save, board(self.game), stored.last)


@dataclass(frozen=True)
class Stored:
    """A game as the database holds it: no history, only the current save and the last move."""

    seats: list[dict[str, Any]]
    seed: int
    save: bytes
    decision: int
    last: str


_LIVE: OrderedDict[str, Live] = OrderedDict()


def read(ctx: Context, gid: str) -> Stored | None:
    with ctx.sessions() as s:
        row = s.execute(select(GameRow.save, GameRow.decision, PlayRow.seats, PlayRow.seed)
                        .join(PlayRow, PlayRow.id == GameRow.id).where(GameRow.id == gid)).first()
        if row is None:
            return None
        last = s.scalar(select(PlayMove.move).where(PlayMove.game_id == gid, PlayMove.n == row.decision - 1)) \
            if row.decision else None
    return Stored(row.seats, row.seed, row.save, row.decision, last or "")


def load(ctx: Context, gid: str) -> Live | None:
    stored = read(ctx, gid)
    return None if stored is None else Live(gid, stored)


def stored_decision(ctx: Context, gid: str) -> int | None:
    with ctx.sessions() as s:
        found: int | None = s.scalar(select(GameRow.decision).where(GameRow.id == gid))
        return found


async def live(ctx: Context, gid: str, fresh: bool = False) -> Live | None:
    """The game held in this process, read from the database the first time; with `fresh`, caught up
    first if another server process has moved it since."""
    held = _LIVE.get(gid)
    if held is None:
        loaded = await asyncio.to_thread(load, ctx, gid)
        if loaded is None:
            return None
        held = _LIVE.setdefault(gid, loaded)  # another request may have read it meanwhile: one game, one lock
        while len(_LIVE) > KEPT:
            _LIVE.popitem(last=False)
    elif fresh:
        await catch_up(ctx, held)
    _LIVE.move_to_end(gid)
    return held


async def catch_up(ctx: Context, game: Live) -> bool:
    """Read the game again if another server process moved it (one indexed read of its decision
    number when it has not). True: it had."""
    if await asyncio.to_thread(stored_decision, ctx, game.gid) == game.shown.decision:
        return False
    async with game.lock:
        stored = await asyncio.to_thread(read, ctx, game.gid)
        if stored is None or stored.decision == game.shown.decision:
            return False
        game.reset(stored)
    return True


def store(ctx: Context, gid: str, decision: int, played: Played) -> bool:
    """Write the move answering `decision`: one new row and the current save, only if nobody answered
    it first (the same conditional update as the HTTP games API). False: another process did."""
    with ctx.writes.begin() as s:
        done = s.execute(update(GameRow).where(GameRow.id == gid, GameRow.decision == decision)
                         .values(save=played.save, decision=decision + 1))
        if done.rowcount != 1:  # type: ignore[attr-defined]
            return False
        s.add(PlayMove(game_id=gid, n=decision, move=played.move, printed=played.printed))
    return True


async def answer(ctx: Context, game: Live, seat: int | None, decision: int, move: str) -> Shown:
    """Play and store `move` for `seat` at `decision` (the caller holds `game.lock`); the new decision."""
    played = game.play(seat, decision, move)
    if not await asyncio.to_thread(store, ctx, game.gid, decision, played):
        game.undo()
        stored = await asyncio.to_thread(read, ctx, game.gid)  # another process moved this game: caught up
        if stored is not None:
            game.reset(stored)
        raise Refused(f"decision {decision} was already answered; the game is at decision {game.shown.decision}",
                      game.shown.decision)
    game.shown = Shown(decision + 1, played.save, played.board, played.move)
    return game.shown


_BOTS: list[Executor] = []


def bots() -> Executor:
    """The processes bots think in, started at the first bot move: spawned (nothing of the server's
    threads or sockets is inherited), dying with the server, and yielding the CPU to it (a person's
    move is answered first; a bot's reply may wait)."""
    if not _BOTS:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        _BOTS.append(ProcessPoolExecutor(max(1, (os.cpu_count() or 2) - 1), multiprocessing.get_context("spawn"),
                                         _bot_process, (os.getpid(),)))
    return _BOTS[0]


def _bot_process(server: int) -> None:
    from rawdeal.service.worker import _die_with_parent, _yield_cpu

    _die_with_parent(server)
    _yield_cpu(10)


async def bot_answer(ctx: Context, game: Live) -> Shown | None:
    """One move by the bot whose decision it is (None: a person's decision, or the game is over). The
    bot is made afresh, seeded by the game's seed and the decision number, so a game resumed after a
    restart gets the same moves. The caller holds `game.lock`."""
    shown = game.shown
    whose = shown.decider
    if whose is None or game.seats[whose]["kind"] == PERSON:
        return None
    seed, kind = game.seed * 100_003 + shown.decision, game.seats[whose]["kind"]
    try:
        move, seat = await asyncio.get_running_loop().run_in_executor(bots(), bot_move, shown.save, kind, seed)
    except BrokenProcessPool:  # a bot process died (killed, out of memory): a new pool, the move asked again
        _BOTS.clear()
        move, seat = await asyncio.get_running_loop().run_in_executor(bots(), bot_move, shown.save, kind, seed)
    return await answer(ctx, game, seat, shown.decision, move)


def history(ctx: Context, gid: str) -> tuple[bytes, list[str], str]:
    """A game's opening save, its moves and everything it printed (read only for a finished game's record)."""
    with ctx.sessions() as s:
        play = s.get(PlayRow, gid)
        assert play is not None
        rows = s.execute(select(PlayMove.move, PlayMove.printed).where(PlayMove.game_id == gid)
                         .order_by(PlayMove.n)).all()
    return play.opening, [m for m, _ in rows], play.transcript + "".join(p for _, p in rows)
