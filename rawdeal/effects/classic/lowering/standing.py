"""Conditions on the players themselves: what their Superstar is ("your opponent is a Male Superstar",
"you are a Diva Superstar"), and how they compare ("your Superstar Value is less than your opponent's
Superstar Value", "you have fewer cards in your hand than your opponent"). A Superstar's marks come from
his printed keywords (`rawdeal.cards.marks.superstar_marks`), so any keyword the data prints is one."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards.marks import keyword_mark, name_mark
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import CardDesc, Cards, Phrase, Value, ValueKind, ZoneRef
from rawdeal.effects.classic.lowering.marks import logo_marks
from rawdeal.effects.classic.lowering.nodes import Unsupported, _desc, _filter, _number, _zone, find, values, words

_YOU = (["you"],)
_OPPONENT = (["your", "opponent"], ["opponent"], ["he"], ["him"], ["his"], ["your", "opponent's"], ["opponent's"])


def standing(one: Phrase) -> fx.Condition | None:
    """The condition `one` says about the players, or None when it says something else."""
    if one.kind == "player_is":
        return _superstar_is(one)
    if one.kind == "stat_compare":
        return _values_compared(one)
    if one.kind == "has_fewer":
        return _fewer_in_hand(one)
    if one.kind == "has_cards":
        return _has_cards(one)
    return None


def _who(said: list[str]) -> fx.Who | None:
    return fx.Who.YOU if said in _YOU else fx.Who.OPPONENT if said in _OPPONENT else None


def named(who: fx.Who, names: list[Value]) -> fx.Condition:
    """`who`'s Superstar is one of these (by name, as the deck rules compare names: "The Rock" is "Rock")."""
    found = [fx.SuperstarIs(who, name_mark(n.text)) for n in names]
    return found[0] if len(found) == 1 else fx.AnyOf(tuple(found))


def played_by(by: Phrase) -> fx.Condition:
    """"played by Chris Jericho or Raven", "played by a Female Superstar": the player's own Superstar."""
    who_ = find(by, "by_who")
    names = [p for p in who_.parts if isinstance(p, Value) and p.kind is ValueKind.SUPERSTAR] if who_ else []
    said = words(who_) if who_ is not None else []
    if names and who_ is not None and all(isinstance(p, Value) or words(p)[0] in (",", "or", "/", "and/or")
                                          for p in who_.parts) and isinstance(who_.parts[0], Value):
        return named(fx.Who.YOU, names)
    traits = [p for p in (who_.parts if who_ is not None else ()) if isinstance(p, Value) and p.kind is ValueKind.TRAIT]
    if len(said) == 3 and said[0] in ("a", "an") and said[2] == "superstar" and len(traits) == 1:
        return fx.SuperstarIs(fx.Who.YOU, keyword_mark(traits[0].text))  # "played by a Female Superstar"
    raise Unsupported(f"the condition 'played by {' '.join(said)}'")


def _superstar_is(one: Phrase) -> fx.Condition | None:
    """"your opponent is a Male Superstar", "you are a Diva Superstar", "he is Female Superstar"."""
    player = next((p for p in one.parts if isinstance(p, Phrase) and p.kind == "player"), None)
    cards = [p for p in one.parts if isinstance(p, Cards)]
    who = _who(words(player)) if player is not None else None
    names = [p for p in one.parts if isinstance(p, Value) and p.kind is ValueKind.SUPERSTAR]
    if who is not None and names and not cards and len(one.parts) == 2 + 2 * len(names) - 1:
        return named(who, names)  # "your opponent is Steve Austin, Triple H, or Kane"
    descs = [p for p in cards[0].parts if isinstance(p, CardDesc)] if len(cards) == 1 else []
    if who is None or len(descs) != 1 or descs[0].nouns != ("superstar",) or descs[0].posts:
        return None
    traits = [w for w in descs[0].words if isinstance(w, Phrase) and w.kind == "trait"]
    if len(traits) != 1 or len(descs[0].words) != 1:
        raise Unsupported(f"the condition {' '.join(words(one))!r} (a Superstar of one keyword is)")
    said = " ".join(words(traits[0]))
    mark = fx.SuperstarIs(who, keyword_mark(said.removeprefix("non ")))
    return fx.Not(mark) if said.startswith("non ") else mark


_MEASURES = {"superstar value": fx.Measure.SUPERSTAR_VALUE}


def _values_compared(one: Phrase) -> fx.Condition | None:
    """"your Superstar Value is less (greater) than your opponent's Superstar Value" (or "... than his")."""
    said = words(one)
    if len(said) < 6 or said[0] != "your" or said[1] not in _MEASURES or said[2:3] != ["is"] \
            or said[3] not in ("less", "greater") or said[4] != "than":
        return None
    rest = said[5:]
    if rest not in (["your", "opponent's", said[1]], ["his", said[1]], ["your", "opponent's"], ["his"],
                    ["opponent's", said[1]]):
        return None
    return fx.Compared(_MEASURES[said[1]], below=said[3] == "less")


def _fewer_in_hand(one: Phrase) -> fx.Condition | None:
    """"you have fewer cards in your hand than your opponent (than him)"."""
    players = [p for p in one.parts if isinstance(p, Phrase) and p.kind == "player"]
    descs = [p for p in one.parts if isinstance(p, CardDesc)]
    place = next((p for p in one.parts if isinstance(p, Phrase) and p.kind == "place"), None)
    ref = next((c for c in place.parts if isinstance(c, ZoneRef)), None) if place is not None else None
    if len(players) != 2 or len(descs) != 1 or descs[0].words or descs[0].posts or descs[0].nouns != ("card",) \
            or ref is None or "fewer" not in words(one):
        return None
    first, second = _who(words(players[0])), _who(words(players[1]))
    zone = _zone(ref)
    if first is not fx.Who.YOU or second is not fx.Who.OPPONENT or zone.zones != (fx.Zone.HAND,) \
            or zone.who is not fx.Who.YOU:
        return None
    return fx.Compared(fx.Measure.HAND, below=True)


def _has_cards(one: Phrase) -> fx.Condition | None:
    """"you have a Volley maneuver in your Ring area", "you have 4 or more Volley maneuvers in your Ring
    area", "your opponent has a card in his Ring area with the Smackdown logo", "if you have Heat cards in
    your Ring area" (any of them)."""
    said = words(one)
    player = next((p for p in one.parts if isinstance(p, Phrase) and p.kind == "player"), None)
    cards = [p for p in one.parts if isinstance(p, Cards)]
    places = [p for p in one.parts if isinstance(p, Phrase) and p.kind == "place"]
    who = _who(words(player)) if player is not None else None
    if who is None or "not" in said or len(cards) != 1 or not places:
        return None
    descs = [p for p in cards[0].parts if isinstance(p, CardDesc)]
    quantity = [p for p in cards[0].parts if isinstance(p, Phrase)]
    refs = [c for p in places for c in p.parts if isinstance(c, ZoneRef)]
    logos = [p.parts[0] for p in places if len(p.parts) == 1 and isinstance(p.parts[0], Phrase)]
    if len(descs) != 1 or len(refs) != 1 or len(logos) + 1 != len(places):
        return None
    at_least = _at_least(quantity[0] if quantity else None)
    marks = [m for logo in logos for m in (logo_marks(logo) or ("",))]
    zone = _zone(refs[0])
    if at_least is None or "" in marks or len(zone.zones) != 1 or zone.who is not who:
        return None  # "your opponent has ... in his Ring area": the player's own zone
    flt = _filter(_desc(descs[0]))
    if marks:
        flt = replace(flt, marks=(*flt.marks, *marks))
    return fx.HasCards(who, zone.zones[0], flt, at_least)


def _at_least(quantity: Phrase | None) -> int | None:
    """"a" (or none: "Heat cards") is 1, "4 or more" and "at least 4" are 4; None for any other quantity."""
    if quantity is None or quantity.kind in ("quantity", "one"):
        return 1
    said = words(quantity)
    if quantity.kind == "at_least" or (quantity.kind == "bounded" and said[-1] in ("more", "greater")):
        return _number(values(quantity, ValueKind.NUMBER)[0])
    return None
