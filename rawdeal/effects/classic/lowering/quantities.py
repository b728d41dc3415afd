"""Quantities that refer back: "Discard up to 6 cards and then put that many cards from your Ringside pile into
your hand". The engine counts the cards the previous action moved (`GameState.moved`) and reads it for a
move or a draw whose count is `same`; any other action with such a count is reported, never run as 1 card.
"# cannot be greater than 6" bounds the `#` of the sentence before it."""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering.amounts import scaled_hash, summed_hash
from rawdeal.effects.classic.lowering.found import Many
from rawdeal.effects.classic.lowering.marks import logo_marks
from rawdeal.effects.classic.lowering.nodes import (
    OWN_TITLE, Unsupported, _children, _desc, _filter, _number, _zone_in, find, values, words,
)
from rawdeal.effects.classic.model import CardDesc, Phrase, Value, ValueKind, ZoneRef

_READS_SAME = (fx.MoveCards, fx.Draw, fx.Discard, fx.MillTop, Many)  # a search for "the same number of" cards: a move


def checked_same(lowered: list[Any]) -> list[Any]:
    """The actions, when each one counted "that many" (or "the same number of") is one the engine counts so."""
    for action in lowered:
        inner = action.actions if isinstance(action, fx.Optional) else (action,)
        for a in inner:
            count = getattr(a, "count", None)
            if isinstance(count, fx.Count) and count.same and not isinstance(a, _READS_SAME):
                raise Unsupported(f"'that many' cards for {type(a).__name__}")
    return lowered


def hash_is(tail: Any) -> fx.CountOf:
    """"where # is equal to the number of maneuvers in your Ring area" / "... to your Superstar Value" (+N); also
    "discards cards equal to the number of ..." (the phrase from "equal to")."""
    summed = summed_hash(tail)
    if summed is not None:  # "his Superstar Value plus the number of Face cards in his Ring area"
        first, second = summed
        return replace(hash_is(first), also=hash_is(second))
    scaled = scaled_hash(tail)
    if scaled is not None:  # "twice your opponent's Superstar Value", "half your Fortitude Rating, rounded up"
        inner, scale = scaled
        return replace(hash_is(inner), scale=scale)
    reversed_f = [p for p in tail.parts if isinstance(p, Phrase) and p.kind == "fortitude_of"]
    if len(reversed_f) == 1 and words(reversed_f[0]) in (["f", "of", "the", "maneuver", "being", "reversed"],
                                                          ["f", "of", "the", "card", "being", "reversed"]):
        return fx.CountOf(fx.Who.YOU, None, measure=fx.Measure.REVERSED_F)  # "where # = F of the maneuver being reversed"
    refs = [p for p in tail.parts if isinstance(p, Phrase) and p.kind in ("count_of", "stat_value", "excess_of")]
    signed = values(tail, ValueKind.SIGNED)
    plus = int(signed[-1].text.replace("+", "")) if signed and signed[-1] in tail.parts else 0
    if len(refs) != 1:
        raise Unsupported(f"# {' '.join(words(tail))!r}")
    ref = refs[0]
    said = words(ref)
    if ref.kind == "stat_value":
        if said[-1] not in _MEASURES and said[-2:] != ["superstar", "value"]:
            raise Unsupported(f"# equal to {' '.join(said)!r}")
        owner = [p for p in _children(ref) if isinstance(p, Phrase) and p.kind == "stat_owner"]
        whose = [w for w in said if w not in _NOT_OWNER]
        who = fx.Who.YOU if whose == ["your"] else fx.Who.OPPONENT if whose in (
            ["your", "opponent's"], ["opponent's"], ["his"]) else None
        if who is None or not owner:
            raise Unsupported(f"# equal to {' '.join(said)!r}")
        return fx.CountOf(who, None, plus=plus, measure=_MEASURES.get(said[-1]))
    if said[:3] != ["the", "number", "of"]:
        raise Unsupported(f"# equal to {' '.join(said)!r}")
    if ref.kind == "excess_of":
        return _excess(ref, plus)
    return _cards_in(ref, ref.parts, plus)


# a player's measure a `#` may be equal to (None: his Superstar Value, `CountOf`'s default)
_MEASURES: dict[str, fx.Measure | None] = {"superstar value": None, "fortitude rating": fx.Measure.FORTITUDE}
_NOT_OWNER = ("superstar", "value", *_MEASURES)  # the words of a stat, not of its owner


def _excess(ref: Phrase, plus: int) -> fx.CountOf:
    """"the number of cards he has in his hand greater than you have in your hand" (the difference, never below 0),
    "the number of cards in his hand greater than 7"."""
    said = " ".join(words(ref))
    descs = [p for p in ref.parts if isinstance(p, CardDesc)]
    zones = [_zone_in(Phrase("place", (p,))) if isinstance(p, ZoneRef) else _zone_in(p) for p in ref.parts
             if isinstance(p, ZoneRef) or isinstance(p, Phrase) and p.kind == "place"]
    nums = [v for v in ref.parts if isinstance(v, Value) and v.kind is ValueKind.NUMBER]
    if len(descs) != 1 or not zones or any(len(z.zones) != 1 for z in zones):
        raise Unsupported(f"# equal to {said!r}")
    flt = _filter(_desc(descs[0]))
    if len(zones) == 2 and not nums and zones[0].zones == zones[1].zones and zones[0].who is not zones[1].who:
        return fx.CountOf(zones[0].who, zones[0].zones[0], flt, plus, over=zones[1].who)
    if len(zones) == 1 and len(nums) == 1:
        return fx.CountOf(zones[0].who, zones[0].zones[0], flt, plus - _number(nums[0]))
    raise Unsupported(f"# equal to {said!r}")


def per_every(per: Phrase) -> fx.CountOf:
    """"for every card in your Ring area with the word 'dynamic' in the title", "for every HEEL card he has in his
    Ring area": how many such cards there are when the action runs."""
    if words(per)[:2] != ["for", "every"]:
        raise Unsupported(f"the count {' '.join(words(per))!r}")
    rest = [w for p in per.parts if not isinstance(p, CardDesc) and not (isinstance(p, Phrase) and p.kind == "place")
            for w in words(p)]
    if rest not in (["for", "every"], ["for", "every", "he", "has"]):
        raise Unsupported(f"the count {' '.join(words(per))!r}")
    return _cards_in(per, per.parts, 0)


def _cards_in(said: Phrase, parts: tuple[Any, ...], plus: int) -> fx.CountOf:
    """The cards of one description in one zone ("maneuvers in your Ring area"), maybe with a word in their title
    ("... with 'BASH' in the title", "... with the word 'dynamic' in the title")."""
    descs = [p for p in parts if isinstance(p, CardDesc)]
    places = [p for p in parts if isinstance(p, Phrase) and p.kind == "place" and words(p)[0] == "in"]
    logos = [m for p in parts if isinstance(p, Phrase) and p.kind == "place" and len(p.parts) == 1
             and isinstance(p.parts[0], Phrase) and (m := logo_marks(p.parts[0])) is not None]  # "... with the Raw logo"
    if len(logos) == 1:
        parts = tuple(p for p in parts if not (isinstance(p, Phrase) and p.kind == "place" and len(p.parts) == 1
                                               and isinstance(p.parts[0], Phrase) and p.parts[0].kind == "with_logo"))
    named = [p for p in parts if isinstance(p, Phrase) and p.kind == "place" and p not in places]
    titled = [find(p, "title_word") for p in named]
    quoted = [v for p in titled if p is not None for v in values(p, ValueKind.QUOTED)]
    if len(descs) != 1 or len(places) != 1 or len(named) > 1 or (named and len(quoted) != 1):
        raise Unsupported(f"the number of {' '.join(words(said))!r}")
    zone = _zone_in(places[0])
    flt = _filter(_desc(descs[0]))
    if len(zone.zones) != 1 or (quoted and flt.title_word is not None):
        raise Unsupported(f"the number of {' '.join(words(said))!r}")
    if quoted:
        flt = replace(flt, title_word=quoted[0].text.strip("'\""))
    if len(logos) == 1:
        flt = replace(flt, marks=(*flt.marks, *logos[0]))
    return fx.CountOf(zone.who, zone.zones[0], flt, plus, other=flt.title == OWN_TITLE)  # a copy is another card


@dataclass(frozen=True, slots=True)
class HashBound:
    """"# cannot be greater than 6" (`most`), "# cannot be less than 4" (`least`): a bound on the `#` said before."""

    least: int = 0
    most: int | None = None


def bounded(clause: Any, bound: HashBound) -> Any:
    """The clause with every `#` in it (`fx.CountOf`) bounded; reported when it has none."""
    out, found = _bounded(clause, bound)
    if not found:
        raise Unsupported("a bound on '#' after a sentence without one")
    return out


def where_is(tail: Any) -> fx.CountOf:
    """"where # is equal to ..." with its bound, if it says one ("... and cannot be greater than 12")."""
    caps = [p for p in tail.parts if isinstance(p, Phrase) and p.kind == "hash_cap"]
    if not caps:
        return hash_is(tail)
    plain = hash_is(replace(tail, parts=tuple(p for p in tail.parts if p not in caps)))
    n = _number(values(caps[0], ValueKind.NUMBER)[0])
    capped: fx.CountOf = bounded(plain, HashBound(most=n) if "greater" in words(caps[0])[0] else HashBound(least=n))
    return capped


def _bounded(value: Any, bound: HashBound) -> tuple[Any, bool]:
    if isinstance(value, fx.CountOf):
        most = value.most if bound.most is None else bound.most if value.most is None else min(value.most, bound.most)
        return replace(value, least=max(value.least, bound.least), most=most), True
    if isinstance(value, tuple):
        items = [_bounded(v, bound) for v in value]
        return tuple(v for v, _ in items), any(f for _, f in items)
    if is_dataclass(value) and not isinstance(value, type):
        changes, found = {}, False
        for f in fields(value):
            new, hit = _bounded(getattr(value, f.name), bound)
            if hit:
                changes[f.name], found = new, True
        return (replace(value, **changes) if changes else value), found
    return value, False
