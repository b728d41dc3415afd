"""A pool parsed and lowered, card by card: which texts parse, which lower to effects the engine runs.

Each distinct text is parsed (`compiler`) and lowered (`lower`) once; a card's types come with it (a
"reverse" means something only on a reversal). A card is *playable* when it is a maneuver, action or
reversal (hybrids too: the Backlash deck's Pre-match and Mid-match cards, Enforcers, Superstars and
Backstage cards are not played by the engine yet) and its whole text lowered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from rawdeal.cards.pool.model import PoolCard
from rawdeal.effects.classic.lower import CardFacts, LoweredText, lower
from rawdeal.effects.classic.model import CompiledText
from rawdeal.effects.classic.pool import pool_compiler

_PLAYED_KINDS = frozenset({"maneuver", "action", "reversal"})
_NOT_PLAYED_KINDS = frozenset({"pre-match", "mid-match", "superstar", "enforcer", "backstage", "backlash"})


@dataclass(frozen=True, slots=True)
class CardText:
    """One card's text, parsed and lowered."""

    card: PoolCard
    parsed: CompiledText
    lowered: LoweredText

    @property
    def playable(self) -> bool:
        return is_played_kind(self.card) and self.lowered.ok


def is_played_kind(card: PoolCard) -> bool:
    """A card of a kind the engine plays (maneuver, action, reversal), and of no other kind."""
    kinds = card.kinds
    return bool(kinds & _PLAYED_KINDS) and not kinds & _NOT_PLAYED_KINDS


def facts(card: PoolCard) -> CardFacts:
    return CardFacts(frozenset(card.kinds))


@dataclass(frozen=True)
class LoweredPool:
    """Every card of a pool (the latest printing of each title) with its text parsed and lowered."""

    cards: tuple[CardText, ...]

    def by_title(self) -> dict[str, CardText]:
        return {c.card.title: c for c in self.cards}


def lower_cards(cards: Sequence[PoolCard], dictionary: Sequence[PoolCard] = ()) -> LoweredPool:
    """Parse and lower each card; titles and names are looked up in `cards` + `dictionary`. A text
    printed on several cards of one kind is parsed once and lowered once per kind."""
    compiler = pool_compiler(tuple(cards) + tuple(dictionary))
    latest = {c.title: c for c in cards}
    out: list[CardText] = []
    lowered: dict[tuple[str, frozenset[str]], LoweredText] = {}
    for card in latest.values():
        parsed = compiler.compile(card.text)
        key = (card.text, frozenset(card.kinds))
        if key not in lowered:
            starts = [s.start for s in compiler.lexicon.sentences(card.text)]
            lowered[key] = lower(parsed, facts(card), starts)
        out.append(CardText(card, parsed, lowered[key]))
    return LoweredPool(tuple(out))


@cache
def lowered_classic() -> LoweredPool:
    """The shipped Classic pool, lowered once per process."""
    from rawdeal.cards.pool.load import classic_pool

    return lower_cards(classic_pool())
