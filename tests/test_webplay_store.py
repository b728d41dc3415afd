"""A browser game begun before its moves had rows of their own (schema 0002: the history in two columns
rewritten each move) keeps its whole record through the upgrade, and goes on from where it was."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

pytest.importorskip("alembic", reason="the service's tests need the serve extra: pip install -e '.[test]'")

from alembic import command  # noqa: E402
from alembic.config import Config  # noqa: E402
import sqlalchemy as sa  # noqa: E402

from servicekit import db  # noqa: E402,F401 - the SQLite and PostgreSQL fixture

from rawdeal.service import games  # noqa: E402
from rawdeal.service.context import Context  # noqa: E402
from rawdeal.service.db import make_engine, migrate, sessions  # noqa: E402
from rawdeal.service.play import moves  # noqa: E402
from rawdeal.service.settings import Settings  # noqa: E402
from rawdeal.service.uploads import Blobs  # noqa: E402

DECKS = Path(__file__).resolve().parents[1] / "decks"


def upgrade(engine: object, to: str) -> None:
    from importlib.resources import files

    cfg = Config()
    cfg.set_main_option("script_location", str(files("rawdeal.service") / "migrations"))
    with engine.begin() as conn:  # type: ignore[attr-defined]
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, to)


def test_a_game_begun_before_the_upgrade_keeps_its_moves_and_transcript(tmp_path: Path, db: str | None) -> None:
    save, opening = games.start([(n, (DECKS / n).read_text()) for n in ("kane.txt", "undertaker.txt")], 4, "standard")
    played, printed, now = [], opening, save
    for _ in range(5):
        turn = games.apply(now, games.view(now)["moves"][0])
        played.append(turn.move)
        printed += turn.transcript
        now = turn.save
    engine = make_engine(db or f"sqlite:///{tmp_path}/rawdeal.db")
    upgrade(engine, "0002")
    games_0002 = sa.table("games", sa.column("id", sa.String), sa.column("save", sa.LargeBinary), sa.column("moves", sa.JSON),
                          sa.column("decision", sa.Integer), sa.column("created_at", sa.DateTime(timezone=True)))
    play_0002 = sa.table("play_games", sa.column("id", sa.String), sa.column("seats", sa.JSON), sa.column("seed", sa.Integer),
                         sa.column("opening", sa.LargeBinary), sa.column("transcript", sa.Text))
    with engine.begin() as conn:  # a game in progress as schema 0002 kept it: its history in two columns
        conn.execute(games_0002.insert().values(id="g", save=now, moves=played, decision=5,
                                                created_at=datetime(2026, 11, 26, tzinfo=timezone.utc)))
        conn.execute(play_0002.insert().values(id="g", seats=[], seed=4, opening=save, transcript=printed))
    migrate(engine)
    url = db or f"sqlite:///{tmp_path}/rawdeal.db"
    ctx = Context(Settings(tmp_path, db), sessions(engine), sessions(make_engine(url, writer=True)), Blobs(tmp_path / "blobs"))
    assert moves.history(ctx, "g") == (save, played, printed)
    stored = moves.read(ctx, "g")
    assert stored is not None and (stored.decision, stored.last, stored.save) == (5, played[-1], now)
