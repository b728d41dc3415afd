"""A card leaving its owner's Ring area, and the cards held under it.

"If this card is removed (moved) from your Ring area, ...", "When this card is put into your Ringside pile from your
Ring area, ...", "If an effect your opponent controls removes this card from your Ring area, ...", "If your opponent
removes this card from your Ring area, ...": the card's own effect when an effect moves it out (`Trigger.LEFT_RING`,
with whose effect and where to). "Put them under this card", "put 1 card from under this card into your hand": the
pile of cards a card holds (`Zone.UNDER`, said as a zone of the card's owner).
"""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import Action, Frame, Phrase, Word, ZoneRef
from rawdeal.effects.classic.lowering.nodes import Unsupported, _Zones, _zone_in, find, words

_RING = _Zones(fx.Who.YOU, (fx.Zone.RING,))
_PLAYERS = {("your", "opponent"): fx.Who.OPPONENT, ("opponent",): fx.Who.OPPONENT, ("he",): fx.Who.OPPONENT,
            ("you",): fx.Who.YOU}


def left_ring(frame: Frame) -> tuple[fx.Who, fx.Zone | None] | None:
    """(whose effect moves it: ALL for any; where it goes: None for anywhere) when the frame's condition is this
    card leaving its owner's Ring area, else None; such a condition said otherwise is reported."""
    cond = find(frame, "condition")
    one = cond.parts[0] if cond is not None and len(cond.parts) == 1 else None
    if not isinstance(one, Phrase):
        return None
    if one.kind == "this_is" and words(one)[:3] == ["this", "card", "is"]:
        event = one.parts[-1]
        return _this_left(event) if isinstance(event, Phrase) and event.kind in ("removed", "moved", "put_into") \
            and _from_ring(event) else None
    if one.kind in ("player_did", "effect_did") and _from_ring(one) and find(one, "self_ref") is not None \
            and words(find(one, "self_ref")) == ["this", "card"] \
            and words(find(one, "card_verb")) in (["remove"], ["move"]):
        who = _PLAYERS.get(tuple(words(find(one, "player"))))
        if who is None or len([p for p in one.parts if isinstance(p, Phrase) and p.kind == "place"]) != 1 \
                or len(one.parts) != (7 if one.kind == "effect_did" else 4):
            raise Unsupported(f"the condition {' '.join(words(one))!r}")
        return who, None
    return None


def _from_ring(node: Phrase) -> bool:
    """The node says "from your Ring area" (as one of its places)."""
    return any(isinstance(p, Phrase) and p.kind == "place" and words(p)[0] == "from" and _zone_in(p) == _RING
               for p in node.parts)


def _this_left(event: Phrase) -> tuple[fx.Who, fx.Zone | None]:
    """"removed from your Ring area", "moved from your Ring area by your opponent", "put into your Ringside pile from
    your Ring area"."""
    places = [p for p in event.parts if isinstance(p, Phrase) and p.kind == "place"]
    by = find(event, "player")
    if len(places) != 1 or (by is not None and tuple(words(by)) not in _PLAYERS):
        raise Unsupported(f"the condition 'this card is {' '.join(words(event))}'")
    who = fx.Who.ALL if by is None else _PLAYERS[tuple(words(by))]
    if event.kind != "put_into":
        return who, None
    dest = next((p for p in event.parts if isinstance(p, ZoneRef)), None)
    said = [w.text for w in event.parts if isinstance(w, Word)]
    if dest is None or said != ["put", "into"] and said != ["put", "in"]:
        raise Unsupported(f"the condition 'this card is {' '.join(words(event))}'")
    into = _zone_in(Phrase("place", (dest,)))
    if into.who is not fx.Who.YOU or len(into.zones) != 1:
        raise Unsupported(f"the condition 'this card is {' '.join(words(event))}'")
    return who, into.zones[0]


_UNDER = ZoneRef((Phrase("owner", (Word("your"),)),), ("under this card",))


def under_read(action: Action, title: str) -> Action:
    """A put's "under this card" as a zone of the card's owner: the destination (an "into" place), or, when the put
    says where the cards go, the source ("put all cards under it into your Ringside pile"); "from under this card" is
    the source. Said of another card than this one, it is reported."""
    unders = [p for p in action.parts if isinstance(p, Phrase) and p.kind in ("on_card_arg", "from_under")]
    if not unders:
        return action
    if len(unders) > 1 or words(unders[0])[0] != "under" and unders[0].kind == "on_card_arg":
        raise Unsupported(f"{action.verb!r} with {' '.join(words(unders[0]))!r}")
    held = find(unders[0], "this_card")
    if held is None or words(held) not in (["this", "card"], ["it"], [title]):
        raise Unsupported(f"{action.verb!r} with {' '.join(words(unders[0]))!r}")
    goes = any(isinstance(p, Phrase) and p.kind in ("into_arg", "bottom_arg", "top_arg", "back_on_top")
               for p in action.parts)
    kind = "from_arg" if unders[0].kind == "from_under" or goes else "into_arg"
    word = "from" if kind == "from_arg" else "into"
    return Action(action.subject, action.verb,
                  tuple(Phrase(kind, (Word(word), _UNDER)) if p is unders[0] else p for p in action.parts))
