"""Tokens: random, shown once, stored only as their SHA-256 (a token is 256 random bits, so a fast
hash is enough: there is nothing to guess, unlike a password)."""

from __future__ import annotations

import hashlib
import secrets

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
