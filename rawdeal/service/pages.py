"""Pages for people, rendered on the server (Jinja2; no front-end build)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(include_in_schema=False)
