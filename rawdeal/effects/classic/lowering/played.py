"""Where a reversed card was played from: "Reverse any Action card played from your opponent's hand".

The rulebook plays cards from the hand or, Mid-match cards, from the Backlash deck, and "Cards from the Backlash
deck are not considered played from the hand": a reversal of cards "played from your opponent's hand" lets the
others through (`Target.from_hand`). Only the hand is read; any other place stays a description the lowering
reports ("played from your opponent's Ringside pile").
"""

from __future__ import annotations

from dataclasses import replace

from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import CardDesc, Cards, Phrase
from rawdeal.effects.classic.lowering.nodes import _zone_in


def without_played_from_hand(found: Cards) -> tuple[Cards, bool]:
    """The cards with "played from your opponent's hand" taken out of their description, and whether it was
    there (the description said nothing else about the cards' origin)."""
    descs = [p for p in found.parts if isinstance(p, CardDesc)]
    if len(descs) != 1:
        return found, False
    desc = descs[0]
    posts = tuple(p for p in desc.posts if not _from_opponents_hand(p))
    if len(posts) == len(desc.posts):
        return found, False
    trimmed = replace(desc, posts=posts)
    return Cards(tuple(trimmed if p is desc else p for p in found.parts)), True


def _from_opponents_hand(post: object) -> bool:
    inner = post.parts[0] if isinstance(post, Phrase) and post.kind == "post" and post.parts else post
    if not (isinstance(inner, Phrase) and inner.kind == "played_from"):
        return False
    zones = _zone_in(inner)
    return zones.who is fx.Who.OPPONENT and zones.zones == (fx.Zone.HAND,)
