"""Finding and listing cards for `rawdeal cards` / `rawdeal card TITLE`."""

from __future__ import annotations

from enum import Enum
from typing import Any

import difflib

from rawdeal.cards.db import CardDB, closest, normalize_title, suggest
from rawdeal.cards.model import Card, CardType, Subtype, Trait
from rawdeal.errors import CardDataError, UsageError


def _choice(enum: type[Enum], value: str, option: str) -> Any:
    try:
        return enum(value.casefold())
    except ValueError:
        names = ", ".join(e.value for e in enum)
        raise UsageError(f"{option} must be one of {names}, not {value!r}") from None


def _logo(db: CardDB, superstar: str) -> str:
    key = superstar.casefold()
    for s in db.superstars:
        if key in (s.logo.casefold(), s.name.casefold()):
            return s.logo
    names = [s.name for s in db.superstars] + [s.logo for s in db.superstars]
    raise UsageError(f"unknown Superstar {superstar!r}{suggest(superstar, names)}")


def filter_cards(
    db: CardDB, *, card_type: str | None = None, subtype: str | None = None, trait: str | None = None,
    superstar: str | None = None, min_f: int | None = None, max_f: int | None = None,
) -> list[Card]:
    """The cards matching every given filter, in database order."""
    want_type = _choice(CardType, card_type, "--type") if card_type else None
    want_subtype = _choice(Subtype, subtype, "--subtype") if subtype else None
    want_trait = _choice(Trait, trait, "--trait") if trait else None
    want_logo = _logo(db, superstar) if superstar else None
    return [
        c for c in db.cards
        if (want_type is None or c.is_(want_type))
        and (want_subtype is None or c.subtype is want_subtype)
        and (want_trait is None or want_trait in c.traits)
        and (want_logo is None or c.logo == want_logo)
        and (min_f is None or c.fortitude >= min_f)
        and (max_f is None or c.fortitude <= max_f)
    ]


def card_row(card: Card) -> str:
    """`Chop | action/maneuver | strike | 0/3/1` (title, types, subtype, F/D/SV)."""
    types = "/".join(t.value for t in card.types)
    stats = f"{card.fortitude}/{card.damage_label}/{card.stun_value}"
    return f"{card.title} | {types} | {card.subtype.value if card.subtype else '-'} | {stats}"


def card_dict(card: Card) -> dict[str, Any]:
    return {
        "title": card.title,
        "types": [t.value for t in card.types],
        "subtype": card.subtype.value if card.subtype else None,
        "reverses": card.reverses,
        "traits": sorted(t.value for t in card.traits),
        "logo": card.logo,
        "f": card.fortitude,
        "d": card.damage_label,
        "sv": card.stun_value,
        "text": card.text,
    }


def find_card(db: CardDB, title: str) -> Card:
    """The card titled `title`, ignoring case (then spacing and punctuation)."""
    key = title.casefold()
    for card in db.cards:
        if card.title.casefold() == key:
            return card
    loose = [c for c in db.cards if normalize_title(c.title) == normalize_title(title)]
    if len(loose) == 1:
        return loose[0]
    near = ", ".join(repr(t) for t in nearest_titles(db, title))
    raise CardDataError(f"unknown card {title!r}" + (f"; closest titles: {near}" if near else ""))


def nearest_titles(db: CardDB, title: str, n: int = 3) -> list[str]:
    """The titles a user most likely meant: close spellings, else titles containing the words typed."""
    titles = list(db.by_title)
    found = closest(title, titles, n)
    if found:
        return found
    key = normalize_title(title)
    found = [t for t in titles if key and key in normalize_title(t)]
    if found:
        return found[:n]
    keyed = {normalize_title(t): t for t in titles}
    return [keyed[k] for k in difflib.get_close_matches(key, list(keyed), n=n, cutoff=0.3)]
