"""The Backlash deck of a Classic deck (rule book, "Backlash Decks"): which printed cards go in it, and
what the engine knows them by.

A Backlash deck holds a player's Pre-match and Mid-match cards apart from his 60-card Arsenal; they are
never drawn. The engine keeps it as `PlayerState.backlash`, plays Pre-match cards from it in the Pre-match
phase (`rawdeal.engine.prematch`), and lets effects look at it and move cards to and from it. Its cards
carry the keywords `Trait.PRE_MATCH` / `Trait.MID_MATCH` and `Trait.BACKLASH`, so that card filters
("1 Mid-match card", "a Backlash deck card") name them.
"""

from __future__ import annotations

from rawdeal.cards.model import Trait
from rawdeal.cards.pool.model import PoolCard


def is_pre_match(card: PoolCard) -> bool:
    return "pre-match" in card.kinds


def backlash_part(card: PoolCard) -> str:
    """"pre-match" or "mid-match" for a card that goes in the Backlash deck, not the Arsenal ("" for others)."""
    return "pre-match" if "pre-match" in card.kinds else "mid-match" if "mid-match" in card.kinds else ""


def backlash_traits(card: PoolCard) -> frozenset[Trait]:
    """The keywords a Backlash deck card carries in the engine (none for other cards)."""
    out = set()
    if "pre-match" in card.kinds:
        out.add(Trait.PRE_MATCH)
    if "mid-match" in card.kinds:
        out.add(Trait.MID_MATCH)
    return frozenset(out | {Trait.BACKLASH}) if out else frozenset()
