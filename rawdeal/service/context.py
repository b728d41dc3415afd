"""What the request handlers share: settings, the database sessions, the upload store, rate limits."""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass, field

from sqlalchemy.orm import Session, sessionmaker

from rawdeal.service.settings import Settings
from rawdeal.service.uploads import Blobs


class RateLimit:
    """At most `per_minute` events per key in any 60 seconds (a sliding window, in this process)."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.seen: dict[str, deque[float]] = {}
        self.lock = threading.Lock()

    def allow(self, key: str) -> float:
        """0 when allowed (and counted); else seconds until the next event would be."""
        at = time.monotonic()
        with self.lock:
            window = self.seen.setdefault(key, deque())
            while window and window[0] <= at - 60:
                window.popleft()
            if len(window) >= self.per_minute:
                return 60 - (at - window[0])
            window.append(at)
            return 0.0


@dataclass
class Context:
    settings: Settings
    sessions: sessionmaker[Session]  # reads
    writes: sessionmaker[Session]  # transactions that write (SQLite: BEGIN IMMEDIATE)
    blobs: Blobs
    submissions: RateLimit
    sandbox_problem: str | None = None
    extra: dict[str, object] = field(default_factory=dict)
