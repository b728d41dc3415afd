"""A browser game's record beside the service's game row: who sits where, the opening save (with the
move history, the save `rawdeal run` replays) and the transcript printed so far."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from rawdeal.service.db import Base

PERSON = "person"


class PlayRow(Base):
    """`seats`: two entries `{"kind": "person" | a bot name, "digest": SHA-256 of the seat's token or null}`."""

    __tablename__ = "play_games"
    id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    opening: Mapped[bytes] = mapped_column(LargeBinary)
    transcript: Mapped[str] = mapped_column(Text)
