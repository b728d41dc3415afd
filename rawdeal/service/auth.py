"""Tokens: random, shown once, stored only as their SHA-256 (a token is 256 random bits, so a fast
hash is enough: there is nothing to guess, unlike a password)."""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from rawdeal.service.db import Token

PREFIX = "rd_"


def new_id() -> str:
    """An id for any resource: random, so ids say nothing about how many others exist."""
    return secrets.token_hex(8)


def hashed(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def issue(session: Session, role: str, name: str, course_id: str | None = None) -> tuple[Token, str]:
    """A new token row and the token itself (the only time it is known in clear)."""
    token = PREFIX + secrets.token_urlsafe(32)
    row = Token(id=new_id(), digest=hashed(token), role=role, name=name, course_id=course_id)
    session.add(row)
    return row, token


def lookup(session: Session, token: str) -> Token | None:
    return session.scalars(select(Token).where(Token.digest == hashed(token))).first()


TOKEN_TTL = 10.0  # seconds a known token is trusted without asking the database again


def cached_lookup(tokens: dict[str, tuple[float, Any]], sessions: Any, token: str) -> Token | None:
    """`lookup`, remembered for TOKEN_TTL seconds per process: every API call names its token, and a
    token row never changes (there is no revocation yet; a revoked token would live TOKEN_TTL more)."""
    digest, at = hashed(token), time.monotonic()
    hit = tokens.get(digest)
    if hit is not None and hit[0] > at:
        row: Token = hit[1]
        return row
    with sessions() as s:
        found: Token | None = s.scalars(select(Token).where(Token.digest == digest)).first()
    if found is not None:
        if len(tokens) >= 4096:
            tokens.clear()
        tokens[digest] = (at + TOKEN_TTL, found)
    return found
