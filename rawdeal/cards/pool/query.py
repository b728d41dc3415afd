"""Listing, filtering and finding the cards of a pool (`rawdeal cards --pool classic`, `rawdeal card`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rawdeal.cards.db import normalize_title
from rawdeal.cards.pool.model import KINDS, SUBTYPES, PoolCard, slug
from rawdeal.errors import CardDataError, UsageError


def _want(value: str | None, known: Sequence[str], option: str) -> str | None:
    if value is None:
        return None
    key = slug(value)
    if known and key not in known:
        raise UsageError(f"{option} must be one of {', '.join(known)}, not {value!r}")
    return key


def filter_pool(
    cards: Sequence[PoolCard], *, card_type: str | None = None, subtype: str | None = None,
    trait: str | None = None, superstar: str | None = None, min_f: int | None = None, max_f: int | None = None,
) -> list[PoolCard]:
    """The cards matching every given filter, in pool order (traits and logos case-insensitive)."""
    kind = _want(card_type, KINDS, "--type")
    sub = _want(subtype, SUBTYPES, "--subtype")
    key = _want(trait, (), "--trait")
    logo = superstar.casefold() if superstar else None
    return [
        c for c in cards
        if (kind is None or kind in c.kinds) and (sub is None or sub in c.kinds)
        and (key is None or key in c.trait_slugs)
        and (logo is None or logo in (x.casefold() for x in c.logos))
        and (min_f is None or (c.fortitude is not None and c.fortitude >= min_f))
        and (max_f is None or (c.fortitude is not None and c.fortitude <= max_f))
    ]


def pool_row(card: PoolCard) -> str:
    """`Chop | Strike / Action | 0/2/- | 01. Premiere` (title, type line, F/D/SV, set)."""
    return f"{card.title} | {card.type_line} | {card.stats()} | {card.set}"


def pool_dict(card: PoolCard) -> dict[str, Any]:
    from rawdeal.cards.pool.convert import card_to_record

    return card_to_record(card)


def find_in_pool(cards: Sequence[PoolCard], title: str) -> list[PoolCard]:
    """Every printing of the card titled `title` (any case, then ignoring spacing and punctuation)."""
    found = [c for c in cards if c.title.casefold() == title.casefold()]
    if not found:
        key = normalize_title(title)
        found = [c for c in cards if normalize_title(c.title) == key]
    if not found:
        from rawdeal.cards.db import closest

        near = ", ".join(repr(t) for t in closest(title, sorted({c.title for c in cards})))
        raise CardDataError(f"unknown card {title!r}" + (f"; closest titles: {near}" if near else ""))
    return found
