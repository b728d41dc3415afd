"""The service's settings: where its data lives and the limits it keeps (one frozen value)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    data: Path  # the data folder: the SQLite database (by default) and the uploads
    db: str | None = None  # a database URL (postgresql://...); None: SQLite in the data folder
    workers: int = 2  # grading worker processes beside the server
    lease: float = 30.0  # seconds a worker holds a job without renewing it before another may take it
    poll: float = 0.2  # seconds an idle worker waits before looking for a job again
    submissions_per_minute: int = 30  # per token
    cors_origins: tuple[str, ...] = ()  # none: browsers on other origins may not call the API
    sandbox: str = "auto"  # auto: refuse submissions without the real sandbox; none: trusted local use only
    max_upload: int = 8 << 20
    callbacks: bool = False  # POST a submission's outcome to the URL a student gave (off: no requests to arbitrary hosts)
    http_workers: int = 1  # uvicorn processes serving HTTP
    worker_nice: int = 0  # grading workers' nice (0-19): a smaller CPU share than the HTTP process (worker._yield_cpu)
    cluster: str | None = None  # a Dask scheduler's address: jobs are also graded there (rawdeal.service.dispatch)

    def to_json(self) -> str:
        return json.dumps({**asdict(self), "data": str(self.data)})

    @staticmethod
    def from_json(text: str) -> Settings:
        raw = json.loads(text)
        return Settings(**{**raw, "data": Path(raw["data"]), "cors_origins": tuple(raw["cors_origins"])})

    @property
    def url(self) -> str:
        from rawdeal.service.db import sqlite_url

        return self.db or sqlite_url(str(self.data.resolve()))

    @property
    def blobs(self) -> Path:
        return self.data / "blobs"

    @property
    def banks(self) -> Path:
        return self.data / "banks"
