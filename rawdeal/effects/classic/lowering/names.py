"""Superstar names as the card database bears them. A text may print a Superstar's name shorter than his card
does ("Steve Austin" for Stone Cold Steve Austin, "Moolah" for The Fabulous Moolah): such a name is the one
Superstar whose name ends with those words. A name no card of the pool bears, as a title or as a logo (a logo is
a Superstar's name), is reported: a condition on it would never hold, whoever the players are."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any, TypeVar, cast

from rawdeal.cards.marks import name_mark
from rawdeal.cards.pool.model import PoolCard
from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering.nodes import field_names

_T = TypeVar("_T")


def superstar_names(cards: Sequence[PoolCard]) -> tuple[str, ...]:
    """Every Superstar name the pool prints: its Superstar cards' titles and every logo, in pool order."""
    names = [n for c in cards for n in ((c.title,) if c.is_superstar else ()) + c.logos]
    return tuple(dict.fromkeys(names))


def resolve_names(value: _T, names: tuple[str, ...], known: Mapping[str, str]) -> _T:
    """Each `SuperstarIs` name that no card bears (as a title, `known`, or a Superstar name), but that ends
    exactly one Superstar's name (by whole words, not across a team's "and": "Chuck" is not Billy and Chuck),
    as that Superstar's name."""
    if not names:
        return value
    return _resolved(value, _shortened(names, tuple(known.values())))


def _resolved(value: _T, short: Mapping[str, str]) -> _T:
    if isinstance(value, fx.SuperstarIs):
        return cast(_T, replace(value, mark=short[value.mark])) if value.mark in short else value
    if isinstance(value, tuple):
        new = tuple(_resolved(v, short) for v in value)
        return cast(_T, new) if any(a is not b for a, b in zip(new, value)) else value
    changes: dict[str, Any] = {}
    for name in field_names(value):
        old = getattr(value, name)
        new = _resolved(old, short)
        if new is not old:
            changes[name] = new
    return cast(_T, replace(cast(Any, value), **changes)) if changes else value


@cache
def _shortened(names: tuple[str, ...], titles: tuple[str, ...]) -> Mapping[str, str]:
    """Each shorter name mark -> the one full name mark it ends (ambiguous endings and titles left out)."""
    full = _marks(names) | _marks(titles)
    found: dict[str, set[str]] = {}
    for mark in sorted(_marks(names)):
        words = mark.removeprefix("name:").split("-")
        for i in range(1, len(words)):
            if "and" in words[i - 1:i] or "and" in words[i:]:
                continue
            found.setdefault("name:" + "-".join(words[i:]), set()).add(mark)
    return {short: next(iter(marks)) for short, marks in sorted(found.items())
            if len(marks) == 1 and short not in full}


def unknown_name(value: object, known: Mapping[str, str], names: Iterable[str] = ()) -> str:
    """The first Superstar name a condition asks for that no card of the pool bears, as a title (`known`) or as a
    Superstar name (`names`). Unchecked without the pool's titles (`known` empty)."""
    if not known:
        return ""
    return _unknown(value, _marks(tuple(known.values()) + tuple(names)))


def _unknown(value: object, marks: frozenset[str]) -> str:
    if isinstance(value, fx.SuperstarIs) and value.mark.startswith("name:"):
        return "" if value.mark in marks else value.mark.removeprefix("name:")
    parts = value if isinstance(value, tuple) else [getattr(value, name) for name in field_names(value)]
    for part in parts:  # a loop, not next() over a generator: this walks every value of every lowered effect
        unknown = _unknown(part, marks)
        if unknown:
            return unknown
    return ""


@cache
def _marks(titles: tuple[str, ...]) -> frozenset[str]:
    return frozenset(name_mark(t) for t in titles)
