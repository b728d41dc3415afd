"""Conditions on the players themselves: what their Superstar is ("your opponent is a Male Superstar",
"you are a Diva Superstar"), and how they compare ("your Superstar Value is less than your opponent's
Superstar Value", "you have fewer cards in your hand than your opponent"). A Superstar's marks come from
his printed keywords (`rawdeal.cards.marks.superstar_marks`), so any keyword the data prints is one."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards.marks import keyword_mark, name_mark
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import CardDesc, Cards, Frame, Phrase, Statement, Value, ValueKind, ZoneRef
from rawdeal.effects.classic.lowering.marks import logo_marks
from rawdeal.effects.classic.lowering.nodes import Unsupported, _desc, _filter, _number, _zone, find, values, words

_YOU = (["you"], ["your", "superstar"])
_OPPONENT = (["your", "opponent"], ["opponent"], ["he"], ["him"], ["his"], ["your", "opponent's"], ["opponent's"], ["your", "opponent's", "superstar"], ["his", "superstar"])


def standing(one: Phrase) -> fx.Condition | None:
    """The condition `one` says about the players, or None when it says something else."""
    if one.kind == "player_is":
        return _superstar_is(one)
    if one.kind == "stat_compare":
        return _values_compared(one)
    if one.kind == "has_fewer":
        return _fewer_in_hand(one)
    if one.kind == "has_more_than":
        return _more_in_hand(one)
    if one.kind == "has_stat":
        return _has_stat(one)
    if one.kind == "has_cards":
        return _has_cards(one)
    return None


def _who(said: list[str]) -> fx.Who | None:
    return fx.Who.YOU if said in _YOU else fx.Who.OPPONENT if said in _OPPONENT else None


def named(who: fx.Who, names: list[Value]) -> fx.Condition:
    """`who`'s Superstar is one of these (by name, as the deck rules compare names: "The Rock" is "Rock")."""
    found = [fx.SuperstarIs(who, name_mark(n.text)) for n in names]
    return found[0] if len(found) == 1 else fx.AnyOf(tuple(found))


def played_by(by: Phrase | Statement | Frame) -> fx.Condition:
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


_MEASURES = {"superstar value": fx.Measure.SUPERSTAR_VALUE, "fortitude rating": fx.Measure.FORTITUDE,
             fx.Measure.STUN.value: fx.Measure.STUN}
_RELATIONS = {("less", "than"): (True, False), ("greater", "than"): (False, False),
              ("equal", "to", "or", "less", "than"): (True, True), ("equal", "to", "or", "greater", "than"): (False, True),
              ("less", "than", "or equal to"): (True, True), ("greater", "than", "or equal to"): (False, True)}


def _values_compared(one: Phrase) -> fx.Condition | None:
    """"your Superstar Value is less (greater) than your opponent's Superstar Value" (or "... than his"), "your
    Fortitude Rating is equal to or less than your opponent's", "your opponent's Fortitude Rating is at least 10F
    greater than your Fortitude Rating", "your Fortitude Rating is 10 or greater", "your Superstar Value is 3"."""
    said = _stun_in_ring(words(one))
    if "is" not in said:
        return None
    at = said.index("is")
    whose, measure, rest = _whose(said[:at - 1]), _MEASURES.get(said[at - 1]), said[at + 1:]
    if whose is None or measure is None:
        return None
    bounds = _bounds(rest)
    if bounds is not None:
        return fx.Measured(whose, measure, *bounds)
    by = 0
    if rest[:2] == ["at", "least"] and len(rest) > 2 and _amount(rest[2]) is not None:
        by, rest = _amount(rest[2]) or 0, rest[3:]
    relation = next(((k, v) for k, v in sorted(_RELATIONS.items(), key=lambda kv: -len(kv[0]))
                     if tuple(rest[:len(k)]) == k), None)
    if relation is None or (by and relation[1][1]):
        return None
    other = rest[len(relation[0]):]
    if other[-1:] == [said[at - 1]]:
        other = other[:-1]
    if _whose(other) is None or _whose(other) is whose:
        return None
    below, or_equal = relation[1]
    if whose is fx.Who.OPPONENT:
        below = not below  # "your opponent's ... is greater than yours": yours is less
    if measure is fx.Measure.FORTITUDE and not by and not or_equal:
        return fx.FortitudeBelowOpponent() if below else fx.FortitudeAboveOpponent()
    return fx.Compared(measure, below=below, or_equal=or_equal, by=by)


def _stun_in_ring(said: list[str]) -> list[str]:
    """"the Stun Value in your (opponent's) Ring area" said as "your (opponent's) stun value in ring area", the
    form of the other measures."""
    out, i = [], 0
    while i < len(said):
        if said[i:i + 3] == ["the", "stun value", "in"] and "ring area" in said[i + 3:i + 6]:
            end = said.index("ring area", i + 3)
            out += [*said[i + 3:end], fx.Measure.STUN.value]
            i = end + 1
        else:
            out.append(said[i])
            i += 1
    return out


def _whose(said: list[str]) -> fx.Who | None:
    """"your" (the card's owner), "your opponent's" / "his" / "opponent's" (the other player)."""
    if said == ["your"]:
        return fx.Who.YOU
    return fx.Who.OPPONENT if said in (["your", "opponent's"], ["his"], ["opponent's"], ["your", "opponents'"]) else None


def _amount(word: str) -> int | None:
    """"10", "10F": a number the condition compares with."""
    word = word.removesuffix("F")
    return int(word) if word.isdigit() else None


def _bounds(rest: list[str]) -> tuple[int | None, int | None] | None:
    """"10 or greater" (at least), "7F or less" (at most), "3" (exactly), "more than 6"; None for anything else."""
    if len(rest) == 1 and _amount(rest[0]) is not None:
        return _amount(rest[0]), _amount(rest[0])
    if len(rest) == 3 and _amount(rest[0]) is not None and rest[1] == "or":
        n = _amount(rest[0])
        return (n, None) if rest[2] in ("greater", "more") else (None, n) if rest[2] in ("less", "fewer") else None
    if len(rest) == 3 and rest[:2] in (["more", "than"], ["greater", "than"]) and _amount(rest[2]) is not None:
        return (_amount(rest[2]) or 0) + 1, None
    if len(rest) == 3 and rest[:2] in (["less", "than"], ["fewer", "than"]) and _amount(rest[2]) is not None:
        return None, (_amount(rest[2]) or 0) - 1
    return None


def _has_stat(one: Phrase) -> fx.Condition | None:
    """"your opponent has a Superstar Value of 2 or less"."""
    said = words(one)
    if "has" not in said:
        return None
    at = said.index("has")
    whose = _who(said[:at])
    if whose is None or said[at + 1:at + 2] != ["a"] or said[at + 2:at + 3] != ["superstar value"] \
            or said[at + 3:at + 4] != ["of"]:
        return None
    bounds = _bounds(said[at + 4:])
    return fx.Measured(whose, fx.Measure.SUPERSTAR_VALUE, *bounds) if bounds is not None else None


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


def _more_in_hand(one: Phrase) -> fx.Condition | None:
    """"you have 5 or more cards in your hand than your opponent": at least that many more than he has."""
    players = [p for p in one.parts if isinstance(p, Phrase) and p.kind == "player"]
    cards = [p for p in one.parts if isinstance(p, Cards)]
    place = next((p for p in one.parts if isinstance(p, Phrase) and p.kind == "place"), None)
    ref = next((c for c in place.parts if isinstance(c, ZoneRef)), None) if place is not None else None
    if len(players) != 2 or len(cards) != 1 or ref is None:
        return None
    descs = [p for p in cards[0].parts if isinstance(p, CardDesc)]
    bound = [words(p) for p in cards[0].parts if not isinstance(p, CardDesc)]
    if len(descs) != 1 or descs[0].words or descs[0].posts or descs[0].nouns != ("card",) or len(bound) != 1 \
            or len(bound[0]) != 3 or bound[0][1:] != ["or", "more"] or _amount(bound[0][0]) is None:
        return None
    zone = _zone(ref)
    if _who(words(players[0])) is not fx.Who.YOU or _who(words(players[1])) is not fx.Who.OPPONENT \
            or zone.zones != (fx.Zone.HAND,) or zone.who is not fx.Who.YOU:
        return None
    return fx.Compared(fx.Measure.HAND, below=False, by=_amount(bound[0][0]) or 0)


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
    bounds = _how_many(quantity[0] if quantity else None)
    marks = [m for logo in logos for m in (logo_marks(logo) or ("",))]
    zone = _zone(refs[0])
    if bounds is None or "" in marks or len(zone.zones) != 1 or zone.who is not who:
        return None  # "your opponent has ... in his Ring area": the player's own zone
    other = [w for w in descs[0].words if isinstance(w, Phrase) and w.kind == "other"]
    desc = replace(descs[0], words=tuple(w for w in descs[0].words if w not in other))
    flt = _filter(_desc(desc))
    if marks:
        flt = replace(flt, marks=(*flt.marks, *marks))
    # "at least 5 other Heat cards in your Ringside pile": not counting the card whose text asks
    return fx.HasCards(who, zone.zones[0], flt, *bounds, other=len(other) == 1)


def _how_many(quantity: Phrase | None) -> tuple[int, int | None] | None:
    """(at least, at most): "a" (or none: "Heat cards") is 1, "4 or more" and "at least 4" are 4, "10 or fewer"
    at most 10, "more than 6" at least 7; None for any other quantity."""
    if quantity is None or quantity.kind in ("quantity", "one"):
        return 1, None
    said = words(quantity)
    if quantity.kind == "at_least" or (quantity.kind == "bounded" and said[-1] in ("more", "greater")):
        return _number(values(quantity, ValueKind.NUMBER)[0]), None
    bounds = _bounds(said)
    if bounds is None or bounds == (None, None) or (bounds[0] is not None and bounds[1] is not None):
        return None
    return bounds[0] or 0, bounds[1]
