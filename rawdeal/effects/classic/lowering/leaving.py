"""A card leaving its owner's Ring area, and the cards held under it (played from there as if in the hand).

"If this card is removed (moved) from your Ring area, ...", "When this card is put into your Ringside pile from your
Ring area, ...", "If an effect your opponent controls removes this card from your Ring area, ...", "If your opponent
removes this card from your Ring area, ...": the card's own effect when an effect moves it out (`Trigger.LEFT_RING`,
with whose effect and where to). "Put them under this card", "put 1 card from under this card into your hand": the
pile of cards a card holds (`Zone.UNDER`, said as a zone of the card's owner).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import (
    Action, Cards, Frame, Phrase, Sentence, Statement, Value, ValueKind, Word, ZoneRef,
)
from rawdeal.effects.classic.lowering.nodes import Unsupported, _Zones, _cards, _filter, _zone_in, find, words

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


def under_read(action: Action, title: str, printed: str = "") -> Action:
    """A put's "under this card" as a zone of the card's owner: the destination (an "into" place), or, when the put
    says where the cards go, the source ("put all cards under it into your Ringside pile"); "from under this card" is
    the source. Said of another card than this one, it is reported. "The cards under this card" (plural as
    `printed`: the parse has lemmas) are all of them."""
    unders = [p for p in action.parts if isinstance(p, Phrase) and p.kind in ("on_card_arg", "from_under")]
    if not unders:
        return action
    if len(unders) > 1 or words(unders[0])[0] != "under" and unders[0].kind == "on_card_arg":
        raise Unsupported(f"{action.verb!r} with {' '.join(words(unders[0]))!r}")
    held = find(unders[0], "this_card")
    if held is None or words(held) not in (["this", "card"], ["it"], [title]):
        raise Unsupported(f"{action.verb!r} with {' '.join(words(unders[0]))!r}")
    goes = any(isinstance(p, Phrase) and p.kind in ("into_arg", "bottom_arg", "top_arg", "back_on_top", "from_game")
               for p in action.parts)
    kind = "from_arg" if unders[0].kind == "from_under" or goes else "into_arg"
    word = "from" if kind == "from_arg" else "into"
    every = kind == "from_arg" and "the cards under" in printed.casefold()
    return Action(action.subject, action.verb,
                  tuple(Phrase(kind, (Word(word), _UNDER)) if p is unders[0] else _all(p) if every else p
                        for p in action.parts))


def _all(part: Any) -> Any:
    """"the cards" of a counted object as "all cards"; any other part as it is."""
    if not (isinstance(part, Phrase) and part.kind == "counted" and len(part.parts) == 1
            and isinstance(cards := part.parts[0], Cards) and cards.parts
            and isinstance(cards.parts[0], Phrase) and cards.parts[0].kind == "the"):
        return part
    return Phrase("counted", (Cards((Phrase("all", (Word("all"),)), *cards.parts[1:])),))


_AS_IF_HAND = (["as", "if", "they", "is", "in", "your", "hand"], ["as", "if", "it", "is", "in", "your", "hand"])  # lemmas
_THESE = (["these", "card"], ["those", "card"], ["them"], ["they"])  # the cards the text put under this card
_THE_HELD = ([["the", "card"], ["under", "this", "card"]], [["card"], ["under", "this", "card"]])


def plays_held(sentence: Sentence, held_before: bool, title: str = "") -> fx.PlaysHeld | None:
    """"You may play the cards under this card as if they were in your hand" (after "When this card is in your Ring
    area," or bare): the permission, or None for any other sentence. "These cards", "those cards" name the held
    cards only after the text put cards under this card (`held_before`), and so does "They may be played as if they
    were in your hand"; "If a card under this card is a Superstar-specific card, you may play it as if ...": only
    the held cards so described."""
    play = sentence.items[0] if len(sentence.items) == 1 else None
    if not isinstance(play, Action) or (play.verb, [words(p) for p in play.subject]) \
            not in (("play", [["you"], ["may"]]), ("be played", [["they"], ["may"]])):
        return None
    said = [["they"]] * (play.verb == "be played") + [words(p) for p in play.parts]  # "They may be played ..."
    if not said or said[-1] not in _AS_IF_HAND:
        return None  # "as if it were a Submission maneuver": another construct
    frames = [f for f in sentence.frames if not _this_in_own_ring(f)]  # the permission holds only there anyway
    if any(f.kind == "once_during" for f in frames):
        raise Unsupported("cards under this card played as if in your hand once during each of your turns")
    described = _held_described(frames[0], title) if len(frames) == 1 else None
    if len(sentence.frames) - len(frames) > 1 or frames and described is None:
        raise Unsupported("cards under this card played as if in your hand under another opening")
    return _permission(said[:-1], described, held_before)


def _permission(held: list[list[str]], described: fx.CardFilter | None, held_before: bool) -> fx.PlaysHeld:
    """The permission for the cards a play names: "it" after a condition that describes a held card; else "the
    card(s) under this card", or "these cards" after the text put cards under it."""
    if described is not None and held == [["it"]]:
        return fx.PlaysHeld(described)
    if described is None and (held in _THE_HELD or len(held) == 1 and held[0] in _THESE and held_before):
        return fx.PlaysHeld()
    raise Unsupported(f"play {' '.join(w for p in held for w in p)!r} as if in your hand")


def _held_described(frame: Frame, title: str) -> fx.CardFilter | None:
    """"If a (the) card under this card is a non-unique non-hybrid card": which held cards, or None for any other
    opening."""
    cond = find(frame, "condition")
    one = cond.parts[0] if frame.kind in ("if_cond", "when_cond") and cond is not None and len(cond.parts) == 1 else None
    if not (isinstance(one, Phrase) and one.kind == "held_is"):
        return None
    held, holder, what = one.parts[0], find(one, "this_card"), one.parts[-1]
    titles = tuple(v.text for v in one.parts if isinstance(v, Value) and v.kind is ValueKind.TITLE)
    if not isinstance(held, Cards) or words(held) not in (["a", "card"], ["the", "card"]) or holder is None \
            or words(holder) not in (["this", "card"], ["it"], [title]) or "not" in words(one) \
            or not isinstance(what, Cards) and not titles:
        raise Unsupported(f"the condition {' '.join(words(one))!r}")
    if titles:  # "when a card under this card is titled A, B, or C"
        return fx.CardFilter(title=titles[0]) if len(titles) == 1 else fx.CardFilter(titles=titles)
    assert isinstance(what, Cards)
    desc = _cards(what)
    if desc.count != fx.ONE:
        raise Unsupported(f"the condition {' '.join(words(one))!r}")
    return _filter(desc)


def _this_in_own_ring(frame: Frame) -> bool:
    """The opening is "When (while) this card is in your Ring area"."""
    return words(frame)[1:] == ["this", "card", "is", "in", "your", "ring area"] and words(frame)[0] in ("when", "while")


def puts_under(parts: Sequence[object]) -> bool:
    """Some action of `parts` puts cards under this card (inside an optional or conditional one too)."""
    for part in parts:
        if isinstance(part, fx.MoveCards) and part.dest is fx.Zone.UNDER:
            return True
        if isinstance(part, (fx.Optional, fx.OnlyIf)) and puts_under(part.actions):
            return True
    return False


def held_put(st: Statement, title: str, printed: str) -> list[fx.MoveCards] | None:
    """"The card under this card is put into your Ringside pile": the held cards moved (all of them when `printed` says
    "the cards"), or None when the statement is not about cards under a card."""
    holder = find(st, "holder")
    held = find(holder, "this_card") if holder is not None else None
    if holder is None or held is None or words(holder)[:3] != ["the", "card", "under"]:
        return None
    put = find(st, "put_into")
    dest = next((p for p in put.parts if isinstance(p, ZoneRef)), None) if put is not None else None
    into = _zone_in(Phrase("place", (dest,))) if dest is not None and words(put)[:2] == ["put", "into"] else None
    if words(held) not in (["this", "card"], ["it"], [title]) or into is None or into.who is not fx.Who.YOU \
            or len(into.zones) != 1 or len(st.parts) != 3:
        raise Unsupported(f"the statement {' '.join(words(st))!r}")
    count = fx.ALL if "the cards under" in printed.casefold() else fx.ONE
    return [fx.MoveCards(fx.Who.YOU, count, fx.Zone.UNDER, into.zones[0])]
