"""A browser game's record beside the service's game row (`games`: its current save and decision number):
who sits where, the opening save, and each move with the lines it printed, one row a move.

A move adds one `play_moves` row and rewrites only the current save (a few kilobytes, however long the
game): the history is never rewritten. The whole move file and transcript are put together only when a
finished game's record is asked for.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from rawdeal.service.db import Base

PERSON = "person"


class PlayRow(Base):
    """`seats`: two entries `{"kind": "person" | a bot name, "digest": SHA-256 of the seat's token or null}`;
    `transcript`: what the opening printed (and, for a game begun before `play_moves`, its moves up to then)."""

    __tablename__ = "play_games"
    id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    opening: Mapped[bytes] = mapped_column(LargeBinary)
    transcript: Mapped[str] = mapped_column(Text)


class PlayMove(Base):
    """Move `n` (0-based: the answer to decision `n`) in move-file words, and the lines it printed. The
    key (game, n) is the decision check across processes: a second answer to one decision cannot be added."""

    __tablename__ = "play_moves"
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("play_games.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    move: Mapped[str] = mapped_column(Text)
    printed: Mapped[str] = mapped_column(Text)
