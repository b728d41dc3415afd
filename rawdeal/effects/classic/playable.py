"""A pool parsed and lowered, card by card: which texts parse, which lower to effects the engine runs.

Each distinct text is parsed (`compiler`) and lowered (`lower`) once; a card's types come with it (a
"reverse" means something only on a reversal). A card is *playable* when it is a maneuver, action or
reversal (hybrids too: the Backlash deck's Pre-match and Mid-match cards, Enforcers, Superstars and
Backstage cards are not played by the engine yet) and its whole text lowered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rawdeal.cards.db import normalize_title
from rawdeal.cards.model import CardType, Subtype
from rawdeal.cards.pool.model import PoolCard, slug
from rawdeal.effects.classic.lowering import CardFacts, LoweredText, lower
from rawdeal.effects.classic.model import CompiledText
from rawdeal.effects.classic.pool import pool_compiler

_SUBTYPES = {s.value: s for s in Subtype}
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


def facts(card: PoolCard, played_as: Mapping[str, tuple[CardType, ...]] | None = None,
          known: Mapping[str, str] | None = None) -> CardFacts:
    return CardFacts(frozenset(card.kinds), played_as if played_as is not None else {}, card.title, known or {})


def title_index(cards: Sequence[PoolCard]) -> dict[str, str]:
    """Each title by its loose key (case, spaces and punctuation ignored): how texts misspell titles."""
    return {normalize_title(c.title): c.title for c in cards}


def card_types(card: PoolCard) -> tuple[tuple[CardType, ...], Subtype | None]:
    """The engine's types of a printed card, in printed order, and its maneuver subtype: "Strike / Action"
    is a hybrid, "Strike + Strike" a Multi maneuver, "Reversal: Grapple" a reversal (of Grapples)."""
    types: list[CardType] = []
    subtype: Subtype | None = None
    for mode in card.played_modes:
        for word in (slug(w) for w in mode.split(":")[0].replace("+", "/").split("/")):
            word = word.removeprefix("mid-match-").removeprefix("pre-match-")
            if word in _SUBTYPES:
                subtype = subtype or _SUBTYPES[word]
                types.append(CardType.MANEUVER)
            elif word.startswith("action"):
                types.append(CardType.ACTION)
            elif word.startswith("reversal"):
                types.append(CardType.REVERSAL)
    kinds = tuple(dict.fromkeys(types))
    return kinds, subtype if CardType.MANEUVER in kinds else None


def played_as(cards: Sequence[PoolCard]) -> dict[str, tuple[CardType, ...]]:
    """Each title -> the types it can be played as from the hand (what "the card titled X" reverses)."""
    out: dict[str, tuple[CardType, ...]] = {}
    for card in cards:
        types = tuple(t for t in card_types(card)[0] if t is not CardType.REVERSAL)
        if types:
            out[card.title] = types
    return out


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
    types = played_as(tuple(dictionary) + tuple(cards))
    known = title_index(tuple(dictionary) + tuple(cards))
    out: list[CardText] = []
    lowered: dict[tuple[str, frozenset[str]], LoweredText] = {}
    for card in latest.values():
        parsed = compiler.compile(card.text)
        key = (card.text, frozenset(card.kinds))
        if key not in lowered:
            lowered[key] = lower(parsed, facts(card, types, known))
        out.append(CardText(card, parsed, lowered[key]))
    return LoweredPool(tuple(out))


@cache
def lowered_classic() -> LoweredPool:
    """The shipped Classic pool, lowered once per process: kept in the user cache (`rawdeal.diskcache`,
    named by a digest of every file it is made from), so a later process unpickles it in about a third
    of the time parsing and lowering takes."""
    from rawdeal.cards.pool.load import classic_pool
    from rawdeal.diskcache import cached

    return cached("classic-lowered", _lowering_sources(), lambda: lower_cards(classic_pool()), LoweredPool)


def _lowering_sources() -> list[Path]:
    """What the lowered pool is made from: the card data, the grammar, the card and effect modules
    (front end, lowering, model) and lark's version line."""
    import importlib.util

    from rawdeal.cards.db import DATA_DIR
    from rawdeal.resources import grammar_path

    package = Path(__file__).resolve().parents[2]
    out = [grammar_path("classic.lark"), *sorted(DATA_DIR.glob("*.*")),
           *sorted((package / "cards").rglob("*.py")), *sorted((package / "effects").rglob("*.py"))]
    lark = importlib.util.find_spec("lark")  # without importing it
    if lark is not None and lark.origin:
        out.append(Path(lark.origin))
    return out
