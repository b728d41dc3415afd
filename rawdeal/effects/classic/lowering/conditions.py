"""Conditions the engine tests: the previous card, a titled card in the Ring area, Fortitude, hand size."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards.marks import keyword_mark
from rawdeal.cards.model import CardType
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import CardDesc, Cards, Frame, Phrase, Statement, ValueKind, Word, ZoneRef
from rawdeal.effects.classic.lowering.standing import played_by, standing
from rawdeal.effects.classic.lowering.places import at_least, card_in_zone
from rawdeal.effects.classic.lowering.nodes import (
    Unsupported, _Desc, _cards, _children, _desc, _filter, _number, _zone_in, find, titles_each, values, words,
)


def _prior(node: object) -> fx.Condition:
    """"after a 5D or greater maneuver", "after a Strike maneuver", "after the card titled X"; several
    joined by "or" are any of them."""
    prior = find(node, "prior")
    if prior is None:
        raise Unsupported(f"a play after {' '.join(words(node))!r}")
    found: list[fx.Condition] = []
    for one in prior.parts:
        if isinstance(one, Phrase) and one.kind == "prior_success":  # "a successfully played X (or Y)"
            descs = [p for p in one.parts if isinstance(p, (CardDesc, Cards))]
            for d in descs:
                many = titles_each(d) if isinstance(d, Cards) else ()
                found += [fx.After(title=t) for t in many] or [_after(_desc(d) if isinstance(d, CardDesc) else _cards(d), one)]
        elif isinstance(one, Phrase) and one.kind == "prior_card":  # "the card titled X or Y": after any of them
            found += [fx.After(title=t) if titles_each(c) else _after(_cards(c), one)
                      for c in one.parts if isinstance(c, Cards) and not _either(c)
                      for t in (titles_each(c) or ("",))]
            # "a Set-up card or the card titled Gut Wrench": after either
            found += [_after(_desc(d), one) for c in one.parts if isinstance(c, Cards) and _either(c)
                      for d in c.parts if isinstance(d, CardDesc)]
        elif not (isinstance(one, Word) and one.text in ("or", ",")):
            raise Unsupported(f"a play after {' '.join(words(one))!r}")
    if not found:
        raise Unsupported(f"a play after {' '.join(words(prior))!r}")
    return found[0] if len(found) == 1 else fx.AnyOf(tuple(found))


def _either(cards: Cards) -> bool:
    """Whether `cards` is several descriptions joined by "or" ("a Set-up card or the card titled Gut Wrench")."""
    joins = [words(p) for p in cards.parts if isinstance(p, Word)]
    return sum(isinstance(p, CardDesc) for p in cards.parts) > 1 and bool(joins) and all(j == ["or"] for j in joins)


def _after(d: _Desc, said: object) -> fx.After:
    if d.max_damage is not None or d.not_marks or d.any_marks or d.titles or d.not_trait or d.not_subtypes or len(d.subtypes) > 1 \
            or len(d.types) > 1 or d.after is not None or d.after_title is not None:
        raise Unsupported(f"a play after {' '.join(words(said))!r}")
    card_type = d.types[0] if d.types else None
    marks = (*d.marks, keyword_mark(d.trait.value)) if d.trait else d.marks  # "after a Set-up card": a keyword
    return fx.After(card_type, d.subtypes[0] if d.subtypes else None, d.title, d.min_damage, d.title_word, marks)


def condition(node: Phrase) -> fx.Condition:
    """A `condition` phrase the engine can test: a titled card in your Ring area, a lower Fortitude
    Rating than the opponent's, a hand of N or more cards, the previous card played."""
    clauses = [p for p in node.parts if isinstance(p, Phrase)]
    reversed_first = _reversed_first(clauses)
    if reversed_first is not None:
        return reversed_first
    joins = [p for p in node.parts if not isinstance(p, Phrase)]
    if len(clauses) > 1 and len(joins) == len(clauses) - 1 and all(words(j) == ["and"] for j in joins):
        return fx.AllOf(tuple(condition(Phrase("condition", (c,))) for c in clauses))  # "A and B": both
    if len(clauses) > 1 and len(joins) == len(clauses) - 1 and all(words(j) == ["or"] for j in joins):
        return fx.AnyOf(tuple(condition(Phrase("condition", (c,))) for c in clauses))  # "if A, or if B": either
    if len(clauses) != 1:
        raise Unsupported(f"the condition {' '.join(words(node))!r}")
    one = clauses[0]
    said = words(one)
    if one.kind == "nth_card" and said in _THIS_FIRST:
        return fx.FirstOfTurn()  # "if this is the first card played on your turn"
    found_in = card_in_zone(one)  # "the card titled X is in any Ring area"
    if found_in is not None:
        return found_in
    if one.kind in ("card_in", "has_cards") and "not" not in said:
        place = next((p for p in one.parts if isinstance(p, Phrase) and p.kind == "place"), one)
        zones = _zone_in(one) if any(isinstance(c, ZoneRef) for c in _children(one)) else _zone_in(place)
        titles = values(one, ValueKind.TITLE)
        if zones.zones == (fx.Zone.RING,) and zones.who is fx.Who.YOU and len(titles) == 1 \
                and (one.kind == "card_in" or said[:2] == ["you", "has"]) \
                and all(at_least(c) == 1 for c in one.parts if isinstance(c, Cards)):
            return fx.InRingArea(titles[0].text)
        if one.kind == "has_cards" and said[:2] == ["you", "has"] and zones.zones == (fx.Zone.HAND,) \
                and "or more" in " ".join(said):
            nums = values(one, ValueKind.NUMBER)
            return fx.MinHandSize(_number(nums[0]))
    if one.kind == "stat_compare" and said[:5] in (["your", "fortitude rating", "is", "less", "than"],
                                                   ["your", "fortitude rating", "is", "greater", "than"]) \
            and said[5:] in (["your", "opponent's", "fortitude rating"], ["your", "opponent's"], ["his"]):
        return fx.FortitudeBelowOpponent() if said[3] == "less" else fx.FortitudeAboveOpponent()
    if one.kind == "prior_cond":
        return _prior(one)
    found = standing(one)
    if found is not None:
        return found
    raise Unsupported(f"the condition {' '.join(said)!r}")


_THIS_FIRST = (["this", "is", "the", "first", "card", "played", "of", "your", "turn"],
               ["this", "is", "your", "first", "card", "played", "of", "the", "turn"],
               ["this", "is", "the", "first", "card", "played", "on", "your", "turn"],
               ["this", "is", "the", "first", "card", "you", "play", "on", "your", "turn"],
               ["this", "is", "your", "first", "card", "played", "this", "turn"],
               ["this", "is", "the", "first", "card", "played", "this", "turn"])
_AS_FIRST = (["as", "the", "first", "card", "of", "your", "turn"], ["as", "your", "first", "card", "of", "the", "turn"],
             ["as", "the", "first", "card", "played", "this", "turn"], ["as", "the", "first", "card", "of", "the", "turn"])


def _reversed_first(clauses: list[Phrase]) -> fx.Condition | None:
    """"this is the first card played of your turn and you reversed a card (from your hand) to end your
    opponent's last turn", in either order; None for any other condition."""
    kinds = sorted(c.kind for c in clauses)
    if kinds != ["nth_card", "player_did"]:
        return None
    first = next(c for c in clauses if c.kind == "nth_card")
    did = next(c for c in clauses if c.kind == "player_did")
    if words(first) not in _THIS_FIRST:
        return None
    said = words(did)
    cards = [p for p in did.parts if isinstance(p, Cards)]
    end = ["to", "end", "your", "opponent's", "last", "turn"]
    if said[:2] != ["you", "reversed"] or said[-6:] != end or len(cards) != 1:
        return None
    middle = said[2 + len(words(cards[0])):-6]
    if tuple(middle) not in _REVERSED_FROM:
        return None
    d = _cards(cards[0])
    if d.count != fx.ONE:
        return None
    flt = fx.ANY_CARD if d == _Desc() else _filter(d)  # "you reversed a High Risk maneuver"
    if d.subtypes and not flt.types:
        flt = replace(flt, types=(CardType.MANEUVER,))
    return fx.ReversedLastTurn(from_hand_only=_REVERSED_FROM[tuple(middle)], reversed=flt)


# where the reversal came from: the hand only, or anywhere ("hand or Arsenal"); the engine plays no reversal from a
# Backlash deck, so "from your hand or Backlash deck" is from the hand
_REVERSED_FROM = {(): False, ("from", "your", "hand"): True, ("from", "your", "hand", "backlash deck"): True,
                  ("from", "your", "hand", "arsenal"): False}


def _tail_condition(tail: Phrase) -> fx.Condition:
    """"if/when <condition>", "if played after ...", "after ..."."""
    if tail.kind in ("if_tail", "when_tail"):
        cond = next((p for p in tail.parts if isinstance(p, Phrase) and p.kind == "condition"), None)
        if cond is not None:
            return condition(cond)
    by = find(tail, "played_by")
    if tail.kind == "played_tail" and by is not None and words(tail)[0] in ("if", "when", "played by") \
            and len(tail.parts) == (2 if words(tail)[0] != "played by" else 1):
        return played_by(by)  # "cannot be reversed if played by Jeff Hardy or Rob Van Dam"
    if tail.kind == "played_tail" and find(tail, "played_after") is not None \
            and words(tail)[0] in ("if", "when", "played after"):
        return _prior(tail)
    if tail.kind == "after_tail":
        return _prior(tail)
    if tail.kind == "as_nth" and words(tail) in _AS_FIRST:
        return fx.FirstOfTurn()  # "can only be played as the first card of your turn"
    raise Unsupported(f"the condition {' '.join(words(tail))!r}")


def _played_condition(st: Statement) -> fx.Condition | str:
    """The condition of "can only be played ..." (a Superstar name: a deck rule, said as 'deck')."""
    how = find(st, "played_how")
    if how is None or len(how.parts) != 1 or not isinstance(how.parts[0], Phrase):
        raise Unsupported(f"'can only be played' {' '.join(words(st))!r}")
    inner = how.parts[0]
    if inner.kind == "played_after":
        return _prior(inner)
    if inner.kind == "played_by":
        return "deck"
    raise Unsupported(f"'can only be played' {' '.join(words(inner))!r}")


def either_opening(frames: list[Frame]) -> list[Frame]:
    """"..., if A, or if B, ...": the two openings as one "if A or B" (either condition), so that what follows
    reads one condition; other openings as they are."""
    while len(frames) > 1 and frames[-1].kind == "or_if" and frames[-2].kind == "if_cond":
        first, second = find(frames[-2], "condition"), find(frames[-1], "condition")
        if not isinstance(first, Phrase) or not isinstance(second, Phrase) or len(frames[-1].parts) != 2:
            break
        either = Phrase("condition", (*first.parts, Word("or"), *second.parts))
        frames = [*frames[:-2], Frame("if_cond", (Word("if"), either))]
    return frames
