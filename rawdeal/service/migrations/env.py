"""Alembic's environment: migrations run on the connection `db.migrate` hands in (never a URL here)."""

from __future__ import annotations

from alembic import context

from rawdeal.service.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
