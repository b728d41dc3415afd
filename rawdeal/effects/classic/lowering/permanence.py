"""Permanent cards (rulebook, "Permanent": "A card with Permanent may not be removed from the Ring area, unless the
text of that card states it can be removed"): "This card cannot be removed from your Ring area", "If played by
Kurt Angle, this card is considered Permanent", "When this card is in your Ring area, the card titled Head (your
Title Belt cards) is considered Permanent". Only the Permanent keyword is read here; a statement giving a card any
other keyword ("are Multi cards", "is not Active") is reported as before."""

from __future__ import annotations

from typing import Any

from rawdeal.cards.marks import PERMANENT, keyword_mark
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import CardDesc, Phrase, Statement, Value, ValueKind
from rawdeal.effects.classic.lowering.nodes import CardFacts, Unsupported, _desc, _filter, _Zones, _zone_in, find, words


def cannot_be_removed(st: Statement, card: CardFacts) -> list[Any]:
    """"This card (it) cannot be removed from your Ring area": this card is Permanent."""
    place = find(st, "place")
    if not _this_card(st) or place is None or _zone_in(place) != _Zones(fx.Who.YOU, (fx.Zone.RING,)):
        raise Unsupported("the statement 'cannot be removed'")
    return [fx.Permanent()]


def is_permanent(st: Statement, card: CardFacts) -> list[Any]:
    """"This card is (considered) Permanent": this card; "the card titled Head (your Title Belt cards) is
    considered Permanent": the owner's cards in his Ring area that are so described (`fx.MakesPermanent`)."""
    kind = st.kind.replace("_", " ")
    traits = [v for v in st.parts if isinstance(v, Value) and v.kind is ValueKind.TRAIT]
    if len(traits) != 1 or keyword_mark(traits[0].text) != PERMANENT or "not" in words(st):
        raise Unsupported(f"the statement {kind!r}")
    if _this_card(st):
        return [fx.Permanent()]
    holder = find(st, "holder")
    inner = holder.parts[0] if holder is not None and holder.parts else None
    group = inner if isinstance(inner, Phrase) and inner.kind == "card_group" and words(inner)[:1] == ["your"] \
        and words(inner)[:2] != ["your", "opponent's"] else holder if holder is not None and words(holder)[:1] == ["the"] \
        else None
    desc = next((p for p in group.parts if isinstance(p, CardDesc)), None) if group is not None else None
    if desc is None or len(group.parts) != 2:  # type: ignore[union-attr]
        raise Unsupported(f"the statement {kind!r}")
    d = _desc(desc)
    if group is holder and d.title is None:  # "the card titled Head": one card, by its title
        raise Unsupported(f"the statement {kind!r}")
    return [fx.MakesPermanent(_filter(d))]


def _this_card(st: Statement) -> bool:
    holder = find(st, "holder")
    inner = holder.parts[0] if holder is not None and len(holder.parts) == 1 else None
    return isinstance(inner, Phrase) and inner.kind == "self_ref" and words(inner) in (["this", "card"], ["it"])
