"""What the request handlers share: settings, the database sessions, the upload store."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from rawdeal.service.settings import Settings
from rawdeal.service.uploads import Blobs


@dataclass(frozen=True)
class Context:
    settings: Settings
    sessions: sessionmaker[Session]  # reads
    writes: sessionmaker[Session]  # transactions that write (SQLite: BEGIN IMMEDIATE)
    blobs: Blobs
    sandbox_problem: str | None = None
    tokens: dict[str, tuple[float, Any]] = field(default_factory=dict)  # auth.cached_lookup: digest -> (until, Token)
