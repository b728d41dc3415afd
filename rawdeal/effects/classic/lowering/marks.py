"""Card descriptions that select by printed properties: any keyword of the data ("Heat", "non-Throwback",
"Volley"), "Superstar-specific", "hybrid", "non-Maneuver", "with the Raw logo". They lower to marks
(`rawdeal.cards.marks`), plain names the engine compares with each card's own, so a keyword the grammar
reads as a TRAIT works whether or not the engine's `Trait` enum names it."""

from __future__ import annotations

from rawdeal.cards.marks import HYBRID, SUPERSTAR_SPECIFIC, keyword_mark, logo_mark, type_mark
from rawdeal.effects.classic.model import Phrase, Value, ValueKind

_TYPE_NOUNS = ("maneuver", "action", "reversal")


def word_mark(kind: str, said: str) -> tuple[str, bool] | None:
    """A description's word as (mark, negated): "Heat" -> ("heat", False), "non hybrid" -> ("hybrid", True),
    "non maneuver" -> ("type:maneuver", True); None for a word that is no mark."""
    negated = said.startswith("non ")
    name = said[4:] if negated else said
    if kind == "trait":
        return keyword_mark(name), negated
    if kind == "superstar_specific":
        return SUPERSTAR_SPECIFIC, negated
    if kind == "hybrid":
        return HYBRID, negated
    if kind == "not_noun" and name in _TYPE_NOUNS:
        return type_mark(name), True
    return None


def logo_marks(post: Phrase) -> tuple[str, ...] | None:
    """"with the Raw logo", "with the SmackDown! logo", "with the Eugene logo": the logo's mark; None for
    several logos (whether a card needs all or any of them is not said the same way everywhere)."""
    if post.kind != "with_logo":
        return None
    names = [p for p in post.parts if isinstance(p, Value) and p.kind in (ValueKind.TRAIT, ValueKind.SUPERSTAR)]
    if len(names) != 1:
        return None
    return (logo_mark(names[0].text),)
