"""Statements about the card: play requirements, irreversibility, its own F/D, modifiers, deck rules."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rawdeal.cards.db import normalize_title
from rawdeal.cards.model import CardType
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import CardDesc, Cards, Phrase, Statement, Value, ValueKind, Word, ZoneRef
from rawdeal.effects.classic.lowering.blanking import blanks_ability, blanks_chosen
from rawdeal.effects.classic.lowering.nodes import (
    HASH, _SelfStat, CardFacts, Unsupported, _Desc, _Zones, _cards, _desc, _filter, _leaves, _number, _zone_in, find, titles_each,
    values, words,
)
from rawdeal.effects.classic.lowering.turnorder import next_many
from rawdeal.effects.classic.lowering.timing import next_modifier, paid_each, per_count
from rawdeal.effects.classic.lowering.conditions import _played_condition, _prior, _tail_condition, condition
from rawdeal.effects.classic.lowering.actions import Passive, _Seq, _reverses
from rawdeal.effects.classic.deckrules import arsenal_size
from rawdeal.effects.classic.lowering.quantities import HashBound
from rawdeal.effects.classic.lowering.amounts import hashed_stats, per_hash
from rawdeal.effects.classic.lowering.groups import traits_as_marks
from rawdeal.effects.classic.lowering.statlines import about_the_state, max_in_zone, max_number, stat_is
from rawdeal.effects.classic.lowering.reversed import reversed_removed
from rawdeal.effects.classic.lowering.leaving import held_put
from rawdeal.effects.classic.lowering.permanence import cannot_be_removed, is_permanent


# -------------------------------------------------------------------------------------- statements


@dataclass(frozen=True, slots=True)
class _DeckRule:
    """A sentence about deck building ("Can only be packed by X"): checked by the deck rules, no play effect."""


def _statement(st: Statement, card: CardFacts, seq: _Seq) -> list[Any]:
    holder = find(st, "holder")
    it = seq.next_card is not None and st.kind == "irreversible" and holder is not None and words(holder) == ["it"] \
        and all(t.kind == "from_tail" for t in _tails(st))
    if it and seq.next_card is not None:
        # "if your next card played this turn (the first card you play on your next turn) is a maneuver, it
        # cannot be reversed (from his hand)"
        hand, arsenal, backlash = _stopped_from(_tails(st), False, f"'cannot be reversed' {' '.join(words(st))!r}")
        return [fx.Modify(next_modifier(fx.Stat.IRREVERSIBLE, 0, seq.next_when, seq.next_card, hand_only=hand,
                                        arsenal_only=arsenal, backlash_only=backlash))]
    if seq.next_card is not None and seq.next_when is not fx.Duration.NEXT_CARD \
            and not (st.kind == "stats_are" or _reversals_to_it(st)):
        raise Unsupported(f"{' '.join(words(st))!r} about the first card played next turn")
    if st.kind == "considered_played":
        return [considered_after(st, seq.next_card)]
    if seq.next_card is not None and st.kind == "stats_are" and not _reversals_to_it(st):
        return _next_card_is(st, seq.next_card, seq.next_when, seq.last)
    if seq.next_card is not None and _reversals_to_it(st):  # "if your next card ... is a maneuver, reversals to it"
        return [_reversal_f(next_modifier(fx.Stat.DAMAGE, 0, seq.next_when, seq.next_card), st)]
    if isinstance(seq.last, fx.Modify) and _reversals_to_it(st):
        return [_reversal_f(seq.last.modifier, st)]
    if card.is_superstar and arsenal_size(st) is not None:
        return [_DeckRule()]  # "Your Arsenal may only contain 45 cards": the Classic deck check applies it
    held = held_put(st, card.title, seq.printed) if st.kind == "is_event" else None
    if held is not None:
        return held  # "the card under this card is put into your Ringside pile"
    blanked = blanks_chosen(st, seq.last)  # "that card has blank text": the card chosen in a Ring area
    if blanked is not None:
        return blanked
    ability = blanks_ability(st)  # "your opponent's Superstar Ability is blank"
    if ability is not None:
        return [ability]
    handler = _STATEMENTS.get(st.kind)
    if handler is None:
        raise Unsupported(f"the statement {st.kind.replace('_', ' ')!r}")
    return handler(st, card)


def _tails(st: Statement) -> list[Phrase]:
    return [p for p in st.parts if isinstance(p, Phrase) and p.kind.endswith(("_tail", "or_if", "or_by", "or_when", "or_after"))]


def _irreversible(st: Statement, card: CardFacts) -> list[Any]:
    tails = _tails(st)
    held = _held_irreversible(st, only=False) if tails else None
    if held is not None:  # "Your Chain cards cannot be reversed from your opponent's Arsenal for the rest of the turn"
        return held
    holder = find(st, "holder")
    ref = find(holder, "next_ref") if holder is not None else None
    next_one = _next_this_turn(words(ref)) if ref is not None and not tails else None
    if next_one == ["maneuver"] or next_one == ["maneuver", "card"]:  # "your next maneuver may not be reversed"
        return [fx.Modify(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_MANEUVER))]
    many = next_many(next_one)
    if many is not None:  # "Your next 2 cards played this turn cannot be reversed"
        return [fx.Modify(many)]
    if next_one == ["card"]:  # "Your next card played this turn cannot be reversed", "Your next CARD can not ..."
        return [fx.Modify(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_CARD, card_type=None))]
    if ref is not None and first_next_turn(ref) and not tails:  # "the first card you play on your next turn ..."
        return [fx.Modify(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.FIRST_NEXT_TURN, card_type=None))]
    if len(tails) > 1 or _holder_other(st):
        raise Unsupported(f"'cannot be reversed' {' '.join(words(st))!r}")
    if tails and tails[0].kind == "from_tail" and _opponents_backlash(tails[0]):
        return [fx.Irreversible(from_hand=False, from_arsenal=False, from_backlash=True)]
    if tails and tails[0].kind == "from_tail":  # "cannot be reversed from your opponent's hand"
        zones = _zone_in(tails[0])
        if zones.who is fx.Who.OPPONENT and set(zones.zones) in ({fx.Zone.HAND, fx.Zone.BACKLASH},
                                                              {fx.Zone.ARSENAL, fx.Zone.BACKLASH}):
            # "... from your opponent's hand or Backlash deck": the engine plays no reversal from a Backlash deck
            return [fx.Irreversible(from_hand=fx.Zone.HAND in zones.zones, from_arsenal=fx.Zone.ARSENAL in zones.zones,
                                    from_backlash=True)]
        if zones.who is not fx.Who.OPPONENT or zones.zones not in ((fx.Zone.HAND,), (fx.Zone.ARSENAL,)):
            raise Unsupported(f"'cannot be reversed' {' '.join(words(st))!r}")
        return [fx.Irreversible(from_arsenal=False) if zones.zones == (fx.Zone.HAND,) else fx.Irreversible(from_hand=False)]
    if tails and tails[0].kind == "by_tail":  # "cannot be reversed by the card titled X"
        by = [p for p in tails[0].parts if isinstance(p, Cards)]
        if len(by) == 1 and titles_each(by[0]):  # "cannot be reversed by the cards titled X or Y"
            return [fx.NotReversedBy(titles_each(by[0]))]
        d = _cards(by[0]) if len(by) == 1 and _one_desc(by[0]) else None
        if d is not None and d.title is not None and replace(d, title=None, count=fx.ONE) == _Desc():
            return [fx.NotReversedBy((d.title,))]
        if len(by) != 1:
            raise Unsupported(f"'cannot be reversed' {' '.join(words(st))!r}")
        return [fx.NotReversedBy((), _reversal_cards(by[0], st))]  # "by hybrid Reversal cards"
    if tails:
        return [fx.Irreversible(condition=_tail_condition(tails[0]))]
    return [fx.Irreversible()]


def _held_irreversible(st: Statement, only: bool) -> list[Any] | None:
    """"Your next card played this turn can only be reversed from your opponent's Arsenal", "Your maneuvers can
    only be reversed from your opponent's Arsenal for the rest of the turn", "Your Chain cards cannot be reversed
    from your opponent's Arsenal for the rest of the turn": other cards than this one, irreversible (from one
    place) for the lifetime said; None when the holder is this card."""
    holder = find(st, "holder")
    inner = holder.parts[0] if holder is not None and holder.parts else None
    if not isinstance(inner, Phrase) or inner.kind not in ("next_ref", "card_group"):
        return None
    said = f"{'can only' if only else 'cannot'} be reversed {' '.join(words(st))!r}"
    tails = _tails(st)
    froms = [t for t in tails if t.kind == "from_tail"]
    hand, arsenal, backlash = _stopped_from(froms, only, said)
    lifetimes = [t for t in tails if t.kind != "from_tail"]
    if inner.kind == "next_ref":
        what = _next_this_turn(words(inner))
        if lifetimes or what not in (["card"], ["maneuver"], ["maneuver", "card"]):
            raise Unsupported(said)
        duration = fx.Duration.NEXT_CARD if what == ["card"] else fx.Duration.NEXT_MANEUVER
        return [fx.Modify(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, duration, card_type=None if what == ["card"] else
                                      CardType.MANEUVER, hand_only=hand, arsenal_only=arsenal,
                                      backlash_only=backlash))]
    group = words(inner)
    desc = next((p for p in inner.parts if isinstance(p, CardDesc)), None)
    d = _desc(desc) if desc is not None else _Desc()
    if group[:1] != ["your"] or group[:2] == ["your", "opponent's"] or d.types not in ((), (CardType.MANEUVER,)) \
            or d.title or d.titles or d.title_word or d.trait or d.not_trait or d.not_marks or d.any_marks \
            or d.not_subtypes or d.max_damage or d.min_damage or len(d.subtypes) > 1:
        raise Unsupported(said)
    duration, said_it = _group_lifetime(lifetimes)
    if not said_it:  # the engine reads no irreversibility from the Ring area
        raise Unsupported(f"{said} while this card is in the Ring area")
    return [_GroupMod(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, duration, card_type=d.types[0] if d.types else None,
                                  subtype=d.subtypes[0] if d.subtypes else None, marks=d.marks, hand_only=hand,
                                  arsenal_only=arsenal, backlash_only=backlash), True)]


def _stopped_from(froms: list[Phrase], only: bool, said: str) -> tuple[bool, bool, bool]:
    """(hand only, Arsenal only, Backlash deck only): which reversals "cannot be reversed from his Arsenal" ("can
    only be reversed from his hand", "... from your opponent's Backlash deck") stops; none stops every one, as
    "cannot be reversed" alone does."""
    if not froms:
        if only:
            raise Unsupported(said)
        return False, False, False
    zones = _zone_in(froms[0])
    # the engine plays no reversal from a Backlash deck: "from his hand or Backlash deck" is from his hand
    places = tuple(z for z in zones.zones if z is not fx.Zone.BACKLASH)
    if len(froms) == 1 and zones.who is fx.Who.OPPONENT and zones.zones == (fx.Zone.BACKLASH,) and not only:
        return False, False, True
    if len(froms) > 1 or zones.who is not fx.Who.OPPONENT or places not in ((fx.Zone.HAND,), (fx.Zone.ARSENAL,)):
        raise Unsupported(said)
    stops_hand = (places == (fx.Zone.HAND,)) != only
    return stops_hand, not stops_hand, False


def _next_this_turn(said: list[str]) -> list[str] | None:
    """What "your next ... (played) (this turn)" names ("maneuver card", "card"), or None for other words. A
    "next" card with no lifetime said is the next one played this turn, as "your next maneuver" is."""
    if said[:2] != ["your", "next"]:
        return None
    rest = said[2:-2] if said[-2:] == ["this", "turn"] else said[2:]
    return rest[:-1] if rest[-1:] == ["played"] else rest


def first_next_turn(ref: object) -> bool:
    """"the first card played on your next turn", "your first card played during your next turn", "the first
    card you play on your next turn"."""
    said = words(ref)
    return said[:3] in (["the", "first", "card"], ["your", "first", "card"]) and said[3:] in (
        ["played", "on", "your", "next", "turn"], ["played", "during", "your", "next", "turn"],
        ["you", "play", "on", "your", "next", "turn"], ["you", "play", "during", "your", "next", "turn"])


def _opponents_backlash(tail: Phrase) -> bool:
    """"from your opponent's Backlash deck" (and no other zone)."""
    refs = [p for p in tail.parts if isinstance(p, ZoneRef)]
    return len(refs) == 1 and refs[0].zones == ("backlash deck",) and \
        [w for o in refs[0].owner for w in words(o)] in (["your", "opponent's"], ["opponent's"], ["his"])


def _only_reversed(st: Statement, card: CardFacts) -> list[Any]:
    """"Can only be reversed from your opponent's Arsenal" (or hand): the other source is stopped."""
    tails = _tails(st)
    held = _held_irreversible(st, only=True)
    if held is not None:  # "Your next card played this turn can only be reversed from your opponent's Arsenal"
        return held
    if not 1 <= len(tails) <= 2 or tails[0].kind not in ("from_tail", "by_tail") or _holder_other(st):
        raise Unsupported(f"'can only be reversed' {' '.join(words(st))!r}")
    if len(tails) == 1 and tails[0].kind == "by_tail":  # "Can only be reversed by the card titled Step Aside"
        by = [p for p in tails[0].parts if isinstance(p, Cards)]
        if len(by) != 1:
            raise Unsupported(f"'can only be reversed' {' '.join(words(st))!r}")
        naming = _specifically(by[0])
        if naming:  # "... by cards that specifically reverse the card titled Clutch onto Opponent"
            return [fx.ReversedOnlyBy((), naming=naming)]
        return [fx.ReversedOnlyBy(_reversal_cards(by[0], st))]
    zones = _zone_in(tails[0])
    if len(tails) == 2:  # "... from your opponent's Arsenal when played after the card titled Irish Whip"
        narrowed = _only_reversed(Statement(st.kind, tuple(p for p in st.parts if p is not tails[1])), card)
        return [replace(narrowed[0], condition=_tail_condition(tails[1]))]
    if zones.who is fx.Who.OPPONENT and sorted(zones.zones) == sorted((fx.Zone.HAND, fx.Zone.ARSENAL)):
        # "... from your opponent's hand or Arsenal": not from his Backlash deck, from which the engine plays
        # no reversal (that part of the limit always holds)
        return [fx.Irreversible(from_hand=False, from_arsenal=False, from_backlash=True)]
    if zones.who is fx.Who.OPPONENT and sorted(zones.zones) == sorted((fx.Zone.ARSENAL, fx.Zone.BACKLASH)):
        return [fx.Irreversible(from_arsenal=False)]  # "... from his Backlash deck or Arsenal": not from his hand
    if zones.who is not fx.Who.OPPONENT or len(zones.zones) != 1:
        raise Unsupported(f"'can only be reversed' {' '.join(words(st))!r}")
    if zones.zones == (fx.Zone.ARSENAL,):
        return [fx.Irreversible(from_arsenal=False)]
    if zones.zones == (fx.Zone.HAND,):
        return [fx.Irreversible(from_hand=False)]
    raise Unsupported(f"'can only be reversed' {' '.join(words(st))!r}")


def _specifically(cards: Cards) -> tuple[str, ...]:
    """"cards that specifically reverse the card titled X": the titles named (none for any other cards)."""
    descs = [p for p in cards.parts if isinstance(p, CardDesc)]
    if len(descs) != 1 or descs[0].words or descs[0].nouns not in (("card",), ("reversal",)) or len(descs[0].posts) != 1:
        return ()
    does = descs[0].posts[0]
    done = find(does, "verb_phrase")
    if not (isinstance(does, Phrase) and does.kind == "that_does" and words(does)[:2] == ["that", "specifically"]
            and isinstance(done, Phrase) and words(done.parts[0]) == ["reverse"]):
        return ()
    named = [p for p in done.parts[1:] if isinstance(p, Phrase) and p.kind == "counted"]
    found = [c for c in named[0].parts if isinstance(c, Cards)] if len(named) == 1 and len(done.parts) == 2 else []
    d = _cards(found[0]) if len(found) == 1 else None
    if d is None or (d.title is None and not d.titles) or replace(d, title=None, titles=(), count=fx.ONE) != _Desc():
        raise Unsupported(f"the cards {' '.join(words(cards))!r}")
    return (d.title,) if d.title else d.titles


def _can_be_reversed(st: Statement, card: CardFacts) -> list[Any]:
    """"Can be reversed by the card titled Elbow to the Face", "This card can be reversed by the cards titled Step
    Aside, Escape Move, and Lift a Boot" (each of them)."""
    tails = _tails(st)
    by = [p for p in tails[0].parts if isinstance(p, Cards)] if len(tails) == 1 and tails[0].kind == "by_tail" else []
    if len(by) != 1 or _holder_other(st):
        raise Unsupported(f"'can be reversed' {' '.join(words(st))!r}")
    if titles_each(by[0]):
        return [fx.AlsoReversedBy(titles_each(by[0]))]
    d = _cards(by[0]) if _one_desc(by[0]) else None
    if d is None or d.title is None or replace(d, title=None, count=fx.ONE) != _Desc():
        raise Unsupported(f"'can be reversed' {' '.join(words(st))!r}")
    return [fx.AlsoReversedBy((d.title,))]


def _counts_as(st: Statement, card: CardFacts) -> list[Any]:
    """"This card counts as 2 Heat cards in your Ringside pile"."""
    cards = [p for p in st.parts if isinstance(p, Cards)]
    place = find(st, "place")
    d = _cards(cards[0]) if len(cards) == 1 else None
    holder = find(st, "holder")
    if d is None or holder is None or words(holder) != ["this", "card"] or place is None or _tails(st) \
            or d.count.n is None or d.count.up_to or not d.marks or replace(d, count=fx.ONE, marks=()) != _Desc():
        raise Unsupported(f"the statement 'counts as' {' '.join(words(st))!r}")
    zones = _zone_in(place)
    if zones.who is not fx.Who.YOU or len(zones.zones) != 1:
        raise Unsupported(f"the statement 'counts as' {' '.join(words(st))!r}")
    return [fx.CountsAs(d.count.n, d.marks, zones.zones[0])]


def _hash_bound(st: Statement, card: CardFacts) -> list[Any]:
    """"# cannot be greater than 6", "# cannot be less than 4"."""
    said = words(st)
    nums = values(st, ValueKind.NUMBER)
    if len(nums) != 1 or said[:4] not in (["#", "cannot", "be", "greater"], ["#", "cannot", "be", "less"]):
        raise Unsupported(f"{' '.join(said)!r}")
    n = _number(nums[0])
    return [HashBound(most=n) if said[3] == "greater" else HashBound(least=n)]


def _one_desc(cards: Cards) -> bool:
    return sum(isinstance(p, CardDesc) for p in cards.parts) == 1


def _reversal_cards(cards: Cards, st: Statement) -> tuple[fx.CardFilter, ...]:
    """"the card titled Step Aside", "unique cards", "hybrid Reversal cards or unique Reversal cards": the
    reversal cards a reversal limit names, one filter for each description joined by "or" (any of them)."""
    descs = [p for p in cards.parts if isinstance(p, CardDesc)]
    joiners = {w.text for w in cards.parts if isinstance(w, Word)}
    counts = [p for p in cards.parts if isinstance(p, Phrase)]
    if not descs or joiners - {"or"} or any(p.kind not in ("the", "any") for p in counts) \
            or (len(descs) > 1) != bool(joiners):
        raise Unsupported(f"{' '.join(words(st))!r}: the reversals {' '.join(words(cards))!r}")
    out = []
    for desc in descs:
        d = _desc(desc)
        if d.types not in ((), (CardType.REVERSAL,)) or d.subtypes:
            raise Unsupported(f"{' '.join(words(st))!r}: the reversals {' '.join(words(desc))!r}")
        out.append(_filter(d))
    return tuple(out)


def _reversals_to(st: Statement, card: CardFacts) -> list[Any]:
    """"Reversals to this maneuver are +2D"."""
    desc = next((p for p in st.parts if isinstance(p, CardDesc)), None)
    this = find(st, "self_ref")
    stats = find(st, "stats")
    if desc is None or desc.nouns != ("reversal",) or desc.words or desc.posts or this is None or stats is None \
            or words(this) not in (["this", "maneuver"], ["this", "card"]) or _tails(st):
        raise Unsupported(f"{' '.join(words(st))!r}")
    amounts = _stat_list(stats)
    if len(amounts) != 1 or amounts[0][0] is not fx.Stat.DAMAGE:
        raise Unsupported("reversals to this card changed other than by +D")
    return [fx.ReversalBonus(amounts[0][1])]


def _holder_other(st: Statement) -> bool:
    holder = next((p for p in st.parts if isinstance(p, Phrase) and p.kind == "holder"), None)
    return holder is not None and words(holder) not in (["this", "card"], ["this"], ["this", "maneuver"])




def _cannot_play(st: Statement, card: CardFacts) -> list[Any]:
    """"Cannot be played if/after ...": playable only when that does not hold; "cannot be played by X":
    a deck rule (X's deck may not hold it, `rawdeal.effects.classic.packing`)."""
    after_this = _not_after_this(st)
    if after_this is not None:
        return [after_this]
    parts = _only_played(st, card)
    return [fx.PlayRequirement(fx.Not(p.condition)) if isinstance(p, fx.PlayRequirement) else p for p in parts]


def _not_after_this(st: Statement) -> fx.Restrict | None:
    """"The card titled Maintain Hold can not be played after this card": the next card its owner plays this
    turn may not be that one; None for another sentence."""
    holder = find(st, "holder")
    how = find(st, "played_how")
    prior = find(how, "prior") if how is not None else None
    descs = [p for p in holder.parts if isinstance(p, CardDesc)] if holder is not None else []
    if prior is None or len(prior.parts) != 1 or not isinstance(prior.parts[0], Phrase) \
            or prior.parts[0].kind != "prior_this" or words(prior.parts[0]) != ["this", "card"] or len(descs) != 1:
        return None
    d = _desc(descs[0])
    if d.title is None or replace(d, title=None) != _Desc() or words(holder)[:1] != ["the"] or _tails(st):
        raise Unsupported(f"{' '.join(words(st))!r}")
    return fx.Restrict(fx.Who.YOU, fx.Modifier(fx.Stat.UNPLAYABLE, 0, fx.Duration.NEXT_CARD, card_type=None,
                                               title=d.title))


def _only_played(st: Statement, card: CardFacts) -> list[Any]:
    extra = [p for p in st.parts if isinstance(p, Phrase) and p.kind not in ("played_how", "holder", "played_plain")]
    if _holder_other(st):
        raise Unsupported(f"'can only be played' {' '.join(words(st))!r}")
    how = find(st, "played_how")
    where = find(how, "played_from") if how is not None else None
    if isinstance(where, Phrase) and isinstance(how, Phrase) and len(how.parts) == 1:
        return [_only_from(st, where, extra, card)]
    bare = how is None and (find(st, "played_plain") is not None or "playable" in words(st))
    if bare and len(extra) == 1:
        return [fx.PlayRequirement(_tail_condition(extra[0]))]  # "can only be played if ...", "playable only if ..."
    if bare and len(extra) > 1 and extra[0].kind in ("if_tail", "when_tail") \
            and all(p.kind in ("or_if", "or_when") for p in extra[1:]):
        # "Can only be played if your Fortitude Rating is less than ... or if you have fewer cards ...": any of them
        return [fx.PlayRequirement(fx.AnyOf(tuple(_alternative(p) for p in extra)))]
    if how is not None and extra and all(p.kind in ("or_if", "or_after") for p in extra):
        # "... after X or if <condition>", "after a successfully played maneuver or after the card titled X"
        ors = [_prior(p) if p.kind == "or_after" else _alternative(p) for p in extra]
        return [fx.PlayRequirement(fx.AnyOf((_played_without(st, extra, card).condition, *ors)))]
    if how is not None and len(extra) == 1 and extra[0].kind == "and_if_tail":
        # "after a successfully played maneuver and if your Fortitude Rating is greater ...": both must hold
        return [_played_without(st, extra, card), fx.PlayRequirement(_alternative(extra[0]))]
    if extra:
        raise Unsupported(f"'can only be played' {' '.join(words(st))!r}")
    cond = _played_condition(st)
    if cond == "deck":
        return [_DeckRule()]  # "Can only be played by X": only X's deck may hold it
    assert not isinstance(cond, str)
    return [fx.PlayRequirement(cond)]


def _only_from(st: Statement, where: Phrase, extra: list[Phrase], card: CardFacts) -> fx.PlayableFrom:
    """A reversal card's "Can only be played from your Ringside pile (when you have at least 5 other Heat cards in
    your Ringside pile)": from there only, while the condition holds (a maneuver's or an action's is reported: the
    engine plays those from the hand too)."""
    zones = _zone_in(where)
    if not card.only_reversal or zones != _Zones(fx.Who.YOU, (fx.Zone.RINGSIDE,)) or len(extra) > 1 \
            or (extra and extra[0].kind not in ("if_tail", "when_tail", "and_if_tail", "and_when_tail")):
        raise Unsupported(f"'can only be played' {' '.join(words(st))!r}")
    cond = _alternative(extra[0]) if extra else None
    if cond is not None and not about_the_state(cond):
        raise Unsupported(f"'can only be played' {' '.join(words(st))!r}: a condition not on the game's state")
    return fx.PlayableFrom(fx.Zone.RINGSIDE, only=True, condition=cond)


def _played_without(st: Statement, extra: list[Phrase], card: CardFacts) -> fx.PlayRequirement:
    """The requirement of "can only be played after X" without the alternatives or conditions after it."""
    first = _only_played(Statement(st.kind, tuple(p for p in st.parts if p not in extra)), card)
    if len(first) != 1 or not isinstance(first[0], fx.PlayRequirement):
        raise Unsupported(f"'can only be played' {' '.join(words(st))!r}")
    return first[0]


def _alternative(tail: Phrase) -> fx.Condition:
    """The condition of "if ...", "or if ...", "or when ...", "and if ..." after "can only be played"."""
    conds = [c for c in tail.parts if isinstance(c, Phrase) and c.kind == "condition"]
    if len(conds) != 1:
        raise Unsupported(f"the condition {' '.join(words(tail))!r}")
    return condition(conds[0])


_STATS = {"D": fx.Stat.DAMAGE, "F": fx.Stat.FORTITUDE}


def _stat_list(node: object) -> list[tuple[fx.Stat, int]]:
    out = []
    for v in _leaves(node):  # in printed order
        if isinstance(v, Value) and v.kind in (ValueKind.DAMAGE, ValueKind.FORTITUDE):
            if ":" in v.text:  # "are F:0", "is D:1": the value itself, not a change to it (no engine modifier sets one)
                raise Unsupported(f"a stat set to a value ({v.text.replace(' ', '')})")
            out.append((fx.Stat.DAMAGE if v.kind is ValueKind.DAMAGE else fx.Stat.FORTITUDE, _number(v)))
    if not out or values(node, ValueKind.SIGNED):
        raise Unsupported(f"the amounts {' '.join(words(node))!r}")
    return out


def _set_value(node: object) -> int | None:
    """The F of "is F:0", "are F:20" when that is the whole amount (a value the F is set to, not a change to it)."""
    found = [v for v in _leaves(node) if isinstance(v, Value) and v.kind in (ValueKind.DAMAGE, ValueKind.FORTITUDE)]
    if len(found) != 1 or ":" not in found[0].text or found[0].kind is not ValueKind.FORTITUDE \
            or values(node, ValueKind.SIGNED):
        return None
    return _number(found[0])


def _stats_are(st: Statement, card: CardFacts) -> list[Any]:
    holder = next((p for p in st.parts if isinstance(p, Phrase) and p.kind == "holder"), None)
    stats = next((p for p in st.parts if isinstance(p, Phrase) and p.kind == "stats"), None)
    if holder is None or stats is None:
        raise Unsupported(f"{' '.join(words(st))!r}")
    tails = _tails(st)
    inner = holder.parts[0] if holder.parts else None
    if isinstance(inner, Phrase) and inner.kind == "self_ref":
        if len(tails) > 1 or any(w in words(st) for w in ("instead", "also")):
            raise Unsupported(f"{' '.join(words(st))!r}")
        if tails and tails[0].kind == "per_tail" and paid_each(tails[0]):  # "This card is -2F for each card discarded"
            return [_SelfStat(stat, n, paid=fx.Paid.EACH) for stat, n in _stat_list(stats)]
        per = per_count(tails[0]) if tails and tails[0].kind == "per_tail" else None
        cond = _tail_condition(tails[0]) if tails and per is None else None
        hashed = hashed_stats(stats)  # "This card is +#F, where # is equal to ...": per `#`
        if hashed is not None and per is None:
            return [_SelfStat(stat, n, cond, per=HASH) for stat, n in hashed]
        return [_SelfStat(stat, n, cond, per=per) for stat, n in _stat_list(stats)]
    if isinstance(inner, Phrase) and inner.kind == "next_ref" and not tails:
        hashed = hashed_stats(stats)  # "Your next card played this turn is -#F, where # is equal to ..."
        return [per_hash(_next_card_modifier(inner, stats, hashed)) if hashed else _next_card_modifier(inner, stats)]
    to = holder.parts[2] if len(holder.parts) == 3 and words(holder.parts[1]) == ["to"] else None
    if isinstance(inner, Phrase) and inner.kind == "card_group" and to is not None:
        return [_reversals_to_next(inner, to, stats, tails)]
    if isinstance(inner, Phrase) and inner.kind == "card_group":
        group = _group_modifier(inner, stats, tails)
        if card.is_superstar and group.modifier.opponents:
            raise Unsupported("a Superstar's amounts of the other player's cards")
        return [group]
    raise Unsupported(f"the amounts of {' '.join(words(holder))!r}")


def _reversals_to_next(group: Phrase, to: object, stats: Phrase, tails: list[Phrase]) -> fx.Modify:
    """"Opponent's reversal to your next card played this turn is +10F": his reversals to that card need more F."""
    said = words(group)
    if said not in (["opponent's", "reversal"], ["your", "opponent's", "reversal"]) or tails \
            or not isinstance(to, Phrase) or to.kind != "next_ref" \
            or words(to) not in (["your", "next", "card", "played", "this", "turn"], ["your", "next", "card", "played"]):
        raise Unsupported(f"the amounts of {' '.join(said)!r} to {' '.join(words(to))!r}")
    return _reversal_f(fx.Modifier(fx.Stat.DAMAGE, 0, fx.Duration.NEXT_CARD, card_type=None), Statement("", (stats,)))


def _reversal_to(st: Statement, card: CardFacts) -> list[Any]:
    """"Your opponent's Reversal cards to your next card played this turn are +8F", "... to the first card played
    on your next turn are +8F": his reversals to that card need more F."""
    said = words(st)
    desc = next((p for p in st.parts if isinstance(p, CardDesc)), None)
    ref = find(st, "next_ref")
    stats = find(st, "stats")
    if said[:2] != ["your", "opponent's"] or desc is None or _desc(desc) != _Desc(types=(CardType.REVERSAL,)) \
            or ref is None or stats is None or _tails(st):
        raise Unsupported(f"{' '.join(said)!r}")
    what = _next_this_turn(words(ref))
    if first_next_turn(ref):
        duration, card_type = fx.Duration.FIRST_NEXT_TURN, None
    elif what == ["card"]:
        duration, card_type = fx.Duration.NEXT_CARD, None
    elif what in (["maneuver"], ["maneuver", "card"]):
        duration, card_type = fx.Duration.NEXT_MANEUVER, CardType.MANEUVER
    else:
        raise Unsupported(f"the reversals to {' '.join(words(ref))!r}")
    amounts = _stat_list(stats)
    if len(amounts) != 1 or amounts[0][0] is not fx.Stat.FORTITUDE:
        raise Unsupported(f"{' '.join(said)!r}")
    return [fx.Modify(fx.Modifier(fx.Stat.FORTITUDE, amounts[0][1], duration, card_type=card_type, reversals=True))]


def _next_card_modifier(ref: Phrase, stats: Phrase, amounts: list[tuple[fx.Stat, int]] | None = None) -> Any:
    """"Your next maneuver this turn is +2D", "your next Strike maneuver is +3D" (`amounts`: those read already)."""
    said = words(ref)
    if first_next_turn(ref):  # "the first card played on your next turn is -#F": whatever it is, F or D
        amounts = _stat_list(stats) if amounts is None else amounts
        if len(amounts) != 1:
            raise Unsupported("a next card's amounts other than one +D or one F")
        return fx.Modify(fx.Modifier(amounts[0][0], amounts[0][1], fx.Duration.FIRST_NEXT_TURN, card_type=None))
    if said[:2] != ["your", "next"] or any(isinstance(p, Value) and p.kind is ValueKind.NUMBER for p in ref.parts):
        raise Unsupported(f"{' '.join(said)!r}")
    desc = next((p for p in ref.parts if isinstance(p, CardDesc)), None)
    d = _desc(desc) if desc is not None else _Desc()
    if d.title or d.trait or d.not_marks or d.any_marks or d.max_damage or d.min_damage or len(d.subtypes) > 1 \
            or d.types not in ((), (CardType.MANEUVER,)):
        raise Unsupported(f"{' '.join(said)!r}")
    fixed = _set_value(stats) if amounts is None else None
    if fixed is not None and not d.types and not d.marks:  # "your next card played this turn is F:0"
        return fx.Modify(fx.Modifier(fx.Stat.FORTITUDE, fixed, fx.Duration.NEXT_CARD, card_type=None, sets=True))
    amounts = _stat_list(stats) if amounts is None else amounts
    if len(amounts) != 1:
        raise Unsupported("a next card's amounts other than one +D or one F")
    stat, n = amounts[0]
    if not d.types and stat is fx.Stat.FORTITUDE:  # "your next card played is -5F": whatever it is
        return fx.Modify(fx.Modifier(stat, n, fx.Duration.NEXT_CARD, card_type=None))
    if stat is not fx.Stat.DAMAGE and (d.subtypes or d.marks):
        raise Unsupported("a next maneuver's F")  # "your next maneuver this turn is -6F" only
    duration = fx.Duration.NEXT_MANEUVER if d.types == (CardType.MANEUVER,) and not d.subtypes and not d.marks \
        else fx.Duration.NEXT_CARD
    return fx.Modify(fx.Modifier(stat, n, duration, subtype=d.subtypes[0] if d.subtypes else None, marks=d.marks))


@dataclass(frozen=True, slots=True)
class _GroupMod:
    """"All your Strike maneuvers are +2D": a modifier whose lifetime the context decides (while this
    card is in the Ring area) unless the sentence says it ("for the rest of the turn", "next turn")."""

    modifier: fx.Modifier
    said: bool


def _group_modifier(group: Phrase, stats: Phrase, tails: list[Phrase]) -> _GroupMod:
    said = words(group)
    desc = next((p for p in group.parts if isinstance(p, CardDesc)), None)
    everyone = said[:2] == ["all", "player's"] or desc is not None and any(map(_by_all_players, desc.posts))
    if said[:2] == ["all", "player's"]:  # "All players' maneuvers are +1D": every player's
        said = ["your", *said[2:]]
    elif "player's" in said:
        raise Unsupported(f"the amounts of {' '.join(said)!r}")
    if desc is not None and everyone:  # "all maneuvers played by all players"
        desc = replace(desc, posts=tuple(p for p in desc.posts if not _by_all_players(p)))
    if said[:1] == ["all"]:
        said = said[2:] if said[1:2] == ["of"] else said[1:]  # "all of opponent's reversals"
        if said[:1] not in (["his"], ["their"], ["opponent's"], ["your"]) and said[:2] != ["your", "opponent's"]:
            said = ["your", *said]  # "all Strike maneuvers are +1D": the card's owner's
    opponents = said[:1] in (["opponent's"], ["his"]) or said[:2] == ["your", "opponent's"]
    if opponents and (desc is None or _of_reversals(traits_as_marks(_desc(desc)))):
        return _opponent_reversals_modifier(group, stats, tails)
    if opponents:  # "his Maneuver cards are +13F", "your opponent's cards titled Dirty Low Blow are +2D"
        said = ["your", *said[2 if said[:2] == ["your", "opponent's"] else 1:]]
    if said[:1] != ["your"]:
        raise Unsupported(f"the amounts of {' '.join(words(group))!r}")
    d = traits_as_marks(_desc(desc)) if desc is not None else _Desc()
    if d.any_marks or d.max_damage or d.min_damage or d.not_subtypes \
            or len(d.subtypes) > 1 or d.titles or len(d.types) > 1:
        raise Unsupported(f"the amounts of {' '.join(words(group))!r}")
    hashed = hashed_stats(stats)  # "your Unique cards are -#F, where # is equal to ..."
    fixed = _set_value(stats) if hashed is None else None  # "your Trademark Finishers are F:20"
    amounts = [(fx.Stat.FORTITUDE, fixed)] if fixed is not None else _stat_list(stats) if hashed is None else hashed
    if len(amounts) != 1:
        raise Unsupported("a group's amounts other than one +D or F")
    stat, n = amounts[0]
    card_type = _group_type(d, stat)
    duration, said_it = _group_lifetime(tails)
    if fixed is not None and (said_it or everyone or opponents or card_type is CardType.REVERSAL):
        raise Unsupported(f"a stat set to a value (F:{fixed}) other than of your own cards while this card is in play")
    if everyone and (said_it or stat is not fx.Stat.DAMAGE):
        raise Unsupported("every player's cards changed other than in damage while this card is in the Ring area")
    if hashed is not None and (everyone or stat is not fx.Stat.FORTITUDE and not said_it):
        raise Unsupported("a group's '#' amount other than F while this card is in the Ring area")
    if opponents and (said_it or everyone or hashed is not None):
        raise Unsupported("the other player's cards changed other than while this card is in the Ring area")
    return _GroupMod(fx.Modifier(stat, n, duration, card_type=card_type, subtype=d.subtypes[0] if d.subtypes else None,
                                 marks=d.marks, not_marks=d.not_marks, title=d.title, title_word=d.title_word,
                                 everyone=everyone, per=None if hashed is None else HASH, opponents=opponents,
                                 sets=fixed is not None), said_it)


def _of_reversals(d: _Desc) -> bool:
    """Whether the opponent's cards a group names are his reversals ("all opponent's reversals"), or cards of no kind
    said (read so before, and reported there)."""
    return d.types == (CardType.REVERSAL,) or not (d.types or d.title or d.marks or d.not_marks or d.title_word)


def _by_all_players(post: object) -> bool:
    """A description's "played by all players"."""
    inner = post.parts[0] if isinstance(post, Phrase) and post.kind == "post" and post.parts else post
    by = find(inner, "by_who") if isinstance(inner, Phrase) and inner.kind == "played_by" else None
    return by is not None and words(by) in (["all"], ["all", "player"])


def _group_type(d: _Desc, stat: fx.Stat) -> CardType | None:
    """The type of card a group's amount changes: "your maneuvers are +2D", "your Action cards are -5F"; "your
    cards titled X are -7F" is X played as whatever it is played as (a reversal too: `rules.reversal_cost`)."""
    if stat is fx.Stat.DAMAGE and d.types not in ((), (CardType.MANEUVER,)):
        raise Unsupported(f"the damage of {d.types[0].value} cards")
    if d.types:
        return d.types[0]
    return CardType.MANEUVER if stat is fx.Stat.DAMAGE else None


def _opponent_reversals_modifier(group: Phrase, stats: Phrase, tails: list[Phrase]) -> _GroupMod:
    """"All opponent's reversals are +25F": every reversal he plays (to any of your cards) needs that
    much more F, for the lifetime said."""
    desc = next((p for p in group.parts if isinstance(p, CardDesc)), None)
    d = _desc(desc) if desc is not None else _Desc()
    amounts = _stat_list(stats)
    if d != _Desc(types=(CardType.REVERSAL,)) or len(amounts) != 1 or amounts[0][0] is not fx.Stat.FORTITUDE:
        raise Unsupported(f"the amounts of {' '.join(words(group))!r}")
    duration, said_it = _group_lifetime(tails)
    return _GroupMod(fx.Modifier(fx.Stat.FORTITUDE, amounts[0][1], duration, card_type=None, reversals=True), said_it)


def _group_lifetime(tails: list[Phrase]) -> tuple[fx.Duration, bool]:
    """(how long a group's modifier lasts, whether the sentence said it)."""
    duration, said_it = fx.Duration.WHILE_IN_RING, False
    for tail in tails:
        if tail.kind == "for_the_rest_tail" or words(tail) == ["this", "turn"]:
            duration, said_it = fx.Duration.REST_OF_TURN, True
        elif tail.kind == "during_tail" and words(tail)[-2:] == ["next", "turn"] or tail.kind == "next_turn_tail":
            duration, said_it = fx.Duration.NEXT_TURN, True
        else:
            raise Unsupported(f"the lifetime {' '.join(words(tail))!r}")
    return duration, said_it


def _stats_to(st: Statement, card: CardFacts) -> list[Any]:
    """"+5D to all your maneuvers and +20F to all of opponent's reversals for the rest of this turn": one
    group modifier per amount, each for the lifetime the sentence ends with."""
    tails = _tails(st)
    out: list[Any] = []
    for one in (p for p in st.parts if isinstance(p, Phrase) and p.kind == "stat_to"):
        group, stats = find(one, "card_group"), find(one, "stat")
        if not isinstance(group, Phrase) or not isinstance(stats, Phrase):
            raise Unsupported(f"{' '.join(words(one))!r}")
        out.append(_group_modifier(group, stats, tails))
    return out


def _cannot_reverse(st: Statement, card: CardFacts) -> list[Any]:
    """"Your opponent's reversals (revealed from his Arsenal while applying damage) may not reverse your
    maneuvers": your maneuvers are irreversible (by those reversals only) for the lifetime said."""
    holder, groups = find(st, "holder"), [p for p in st.parts if isinstance(p, Phrase) and p.kind == "card_group"]
    group = holder.parts[0] if holder is not None and holder.parts else None
    if not isinstance(group, Phrase) or group.kind != "card_group" or len(groups) != 1:
        raise Unsupported(f"{' '.join(words(st))!r}")
    said = words(group)
    desc = next((p for p in group.parts if isinstance(p, CardDesc)), None)
    if desc is None or said[:2] != ["your", "opponent's"] or desc.nouns != ("reversal",) or desc.words:
        raise Unsupported(f"{' '.join(words(st))!r}")
    arsenal_only = False
    for post in desc.posts:
        inner = find(post, "revealed_applying")
        if inner is None or (any(isinstance(c, ZoneRef) for c in inner.parts)
                             and _zone_in(inner) != _Zones(fx.Who.OPPONENT, (fx.Zone.ARSENAL,))):
            raise Unsupported(f"the reversals {' '.join(words(group))!r}")
        arsenal_only = True
    mine = words(groups[0])
    target = next((p for p in groups[0].parts if isinstance(p, CardDesc)), None)
    d = _desc(target) if target is not None else _Desc()
    if mine[:1] != ["your"] or mine[:2] == ["your", "opponent's"] or d.types != (CardType.MANEUVER,) \
            or d.title or d.trait or d.marked or d.not_trait or d.not_subtypes or d.min_damage or len(d.subtypes) > 1:
        raise Unsupported(f"the maneuvers {' '.join(mine)!r}")
    duration, said_it = _group_lifetime(_tails(st))
    return [_GroupMod(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, duration, subtype=d.subtypes[0] if d.subtypes else None,
                                  max_damage=d.max_damage, arsenal_only=arsenal_only), said_it)]


@dataclass(frozen=True, slots=True)
class ReadAsZero:
    """"Read as 0 when in your Ring area": what a reversal's variable damage `#` is in the Ring area
    (`fx.VariableDamage` says both; the card's text must say both)."""


def _hash_is(st: Statement, card: CardFacts) -> list[Any]:
    """"# = D of maneuver card being reversed", "# is equal to the reversed maneuver's Damage": a
    reversal whose damage is the reversed maneuver's."""
    ref = next((p for p in st.parts if isinstance(p, Phrase) and p.kind in ("damage_of", "value_of")), None)
    parts = ref.parts if ref is not None else ()
    descs = [p for p in parts if isinstance(p, CardDesc)] + \
        [x for c in parts if isinstance(c, Cards) for x in c.parts if isinstance(x, CardDesc)]
    desc = descs[0] if len(descs) == 1 else None
    if ref is None or desc is None or not card.is_reversal or desc.nouns not in (("maneuver",), ("card",)):
        raise Unsupported(f"# {' '.join(words(st)[1:])!r}")
    kinds = [_post_kind(p) for p in (*desc.words, *desc.posts)]
    said = [w for p in desc.words for w in words(p)]
    if ref.kind == "damage_of" and kinds in (["noun", "being_reversed"], ["being_reversed"]) \
            and said in ([], ["maneuver"]):
        return [fx.VariableDamage()]  # "D of maneuver (card) being reversed"
    if ref.kind == "value_of" and kinds == ["reversed", "owned"] and desc.nouns == ("maneuver",) \
            and words(desc.posts[0])[-1] in ("damage", "d"):
        return [fx.VariableDamage()]  # "the reversed maneuver's Damage"
    raise Unsupported(f"# {' '.join(words(st)[1:])!r}")


def _reversed_fate(st: Statement, card: CardFacts) -> list[Any]:
    """"It is unsuccessful, goes to his Ringside pile, has no effect and ends his turn": what reversing a
    card does anyway, and the end of its player's turn."""
    this = find(st, "holder")
    if not card.is_reversal or this is None or words(this) != ["it"]:
        raise Unsupported(f"{' '.join(words(st))!r}")
    out: list[Any] = []
    for fate in (p for p in st.parts if isinstance(p, Phrase) and p.kind == "fate"):
        said = words(fate)
        if said == ["has", "no", "effect"] or said[:2] == ["go", "to"] \
                and _zone_in(fate) == _Zones(fx.Who.OPPONENT, (fx.Zone.RINGSIDE,)):
            continue  # a reversed card fails, and goes to its owner's Ringside pile
        if said in (["end", "his", "turn"], ["end", "your", "opponent's", "turn"]):
            out.append(fx.EndTurn(fx.Who.OPPONENT))
            continue
        raise Unsupported(f"the reversed card {' '.join(said)!r}")
    return out


@dataclass(frozen=True, slots=True)
class Disqualified:
    """"Opponent is Disqualified": how the "you win the game" after it wins."""


def _disqualified(st: Statement, card: CardFacts) -> list[Any]:
    holder = find(st, "holder")
    if holder is None or words(holder) not in (["opponent"], ["your", "opponent"], ["he"]):
        raise Unsupported(f"{' '.join(words(st))!r}")
    return [Disqualified()]


def _happens_from_ringside(st: Statement, card: CardFacts) -> list[Any]:
    """"This effect happens even if the card titled X (this card) is placed into your Ringside pile while
    applying damage from a HEEL maneuver or reversal card": it also works when overturned."""
    this = find(st, "this_card")
    titles = values(this, ValueKind.TITLE) if this is not None else []
    ref = next((p for p in st.parts if isinstance(p, ZoneRef)), None)
    own = len(titles) == 1 and bool(card.title) and normalize_title(titles[0].text) == normalize_title(card.title) \
        or this is not None and words(this) in (["this", "card"], ["it"])
    if not own or ref is None or _zone_in(Statement(st.kind, (ref,))) != _Zones(fx.Who.YOU, (fx.Zone.RINGSIDE,)):
        raise Unsupported(f"{' '.join(words(st))!r}")
    return [fx.TriggersFromRingside()]


def _damage_from(st: Statement, card: CardFacts) -> list[Any]:
    """"All damage from opponent is at -1D" (a Superstar's): every maneuver of his deals that much more."""
    player = find(st, "player")
    amounts = _stat_list(st)
    if not card.is_superstar or player is None or words(player) not in (["opponent"], ["your", "opponent"]) \
            or len(amounts) != 1 or amounts[0][0] is not fx.Stat.DAMAGE:
        raise Unsupported(f"{' '.join(words(st))!r}")
    return [Passive("damage_taken", amounts[0][1])]


def _post_kind(node: object) -> str:
    """A description word's or post's rule ("post" itself names no rule: the one inside it)."""
    if not isinstance(node, Phrase):
        return ""
    inner = node.parts[0] if node.kind == "post" and node.parts else node
    return inner.kind if isinstance(inner, Phrase) else node.kind


def _reads_as(st: Statement, card: CardFacts) -> list[Any]:
    """"Read as 0 when in your Ring area" (of a reversal's `#`)."""
    reading = find(st, "reading")
    tails = _tails(st) + [p for p in st.parts if isinstance(p, Phrase) and p.kind == "when_in"]
    if reading is None or words(reading) != ["0"] or len(tails) != 1 or find(st, "holder") is not None \
            or _zone_in(tails[0]) != _Zones(fx.Who.YOU, (fx.Zone.RING,)):
        raise Unsupported(f"{' '.join(words(st))!r}")
    return [ReadAsZero()]


def _reverse_only(st: Statement, card: CardFacts) -> list[Any]:
    """"May only reverse a Strike or Grapple maneuver", "... if played from your hand", "..., if your Fortitude
    Rating is less than your opponent's Fortitude Rating" (the reversing player's condition)."""
    tails = _tails(st)
    if not card.is_reversal or len(tails) > 1:
        raise Unsupported(f"{' '.join(words(st))!r}")
    plain = Statement(st.kind, tuple(p for p in st.parts if p not in tails))
    found = _reverses(plain, card)
    if not tails:
        return found
    tail = tails[0]
    if tail.kind == "played_tail" and words(tail) == ["if", "played from", "your", "hand"]:
        return [replace(r, from_hand_only=True) for r in found]
    said = find(tail, "condition")
    if tail.kind != "if_tail" or not isinstance(said, Phrase) or len(tail.parts) != 2:
        raise Unsupported(f"{' '.join(words(st))!r}")
    cond = condition(said)
    if not about_the_state(cond):
        raise Unsupported(f"{' '.join(words(st))!r}: a condition on what is not the game's state")
    return [replace(r, condition=cond) for r in found]


def _no_damage(st: Statement, card: CardFacts) -> list[Any]:
    return [fx.NoDamage()]


def _deck_rule(st: Statement, card: CardFacts) -> list[Any]:
    return [_DeckRule()]


def _played_before(st: Statement, card: CardFacts) -> list[Any]:
    titles = values(st, ValueKind.TITLE)
    if len(titles) != 1:
        raise Unsupported("'must be played before' naming several cards")
    return [fx.PlayRequirement(fx.After(title=titles[0].text))]


_STATEMENTS = {
    "irreversible": _irreversible, "only_played": _only_played, "stats_are": _stats_are,
    "reverse_only": _reverse_only, "no_damage": _no_damage, "pack_never": _deck_rule, "pack_only": _deck_rule,
    "pack_also": _deck_rule, "sheet": _deck_rule, "played_before": _played_before,
    "only_reversed": _only_reversed, "reversals_to": _reversals_to, "must_play": _only_played,
    "cannot_play": _cannot_play, "stats_to": _stats_to,
    "cannot_reverse": _cannot_reverse, "hash_is": _hash_is, "reads_as": _reads_as,
    "reversed_fate": _reversed_fate, "disqualified": _disqualified, "happens_from_ringside": _happens_from_ringside,
    "damage_from": _damage_from, "reversal_to": _reversal_to, "can_be_reversed": _can_be_reversed,
    "counts_as": _counts_as, "hash_bound": _hash_bound, "stat_is": stat_is, "max_in_zone": max_in_zone, "max_number": max_number,
    "is_event": reversed_removed, "cannot_be_removed": cannot_be_removed, "considered_trait": is_permanent,
    "is_trait": is_permanent,
}


def considered_after(st: Statement, next_card: _Desc | None) -> fx.Modify:
    """"Your next card played this turn is considered to be played after the card titled X", "(if your next card
    played this turn is a maneuver,) it is considered to be played after X": a one-shot modifier that makes X (any
    of several) the card the next card was played after."""
    from rawdeal.effects.classic.lowering.conditions import _prior  # conditions reads descriptions with this module

    holder, played = find(st, "holder"), find(st, "played_after")
    ref = find(holder, "next_ref") if holder is not None else None
    if holder is None or played is None or _tails(st):
        raise Unsupported(f"the statement 'considered played' {' '.join(words(st))!r}")
    if next_card is not None and words(holder) == ["it"]:
        d = next_card
    elif next_card is None and ref is not None and words(ref) in (
            ["your", "next", "card", "played", "this", "turn"], ["your", "next", "card", "played"]):
        d = _Desc()
    else:
        raise Unsupported(f"the statement 'considered played' {' '.join(words(st))!r}")
    prior = _prior(played)
    after = prior.conditions if isinstance(prior, fx.AnyOf) else (prior,)
    if not all(isinstance(a, fx.After) for a in after):
        raise Unsupported(f"considered played after {' '.join(words(played))!r}")
    return fx.Modify(next_modifier(fx.Stat.AFTER, 0, fx.Duration.NEXT_CARD, d,
                                   after=tuple(a for a in after if isinstance(a, fx.After))))


def _next_card_is(st: Statement, d: _Desc, when: fx.Duration = fx.Duration.NEXT_CARD, last: object = None) -> list[Any]:
    holder = find(st, "holder")
    stats = find(st, "stats")
    tails = _tails(st)
    per = _per_discarded(tails, last)  # "it is +3D for each card discarded"
    if holder is None or stats is None or words(holder) != ["it"] or (tails and per is None):
        raise Unsupported(f"{' '.join(words(st))!r}")
    amounts = _stat_list(stats)  # "it is +2D", "it is -4F" (it costs less), "it is -3F and +3D"
    if not amounts or any(stat not in (fx.Stat.DAMAGE, fx.Stat.FORTITUDE) for stat, _ in amounts):
        raise Unsupported("a next card's amounts other than D and F")
    return [fx.Modify(next_modifier(stat, amount, when, d), per=per) for stat, amount in amounts]


def _per_discarded(tails: list[Phrase], last: object) -> fx.CountOf | None:
    """"for each card discarded" right after a discard of the player's (he says how many): the count it left."""
    inner = last.actions[-1] if isinstance(last, fx.Optional) and last.actions else last
    if len(tails) != 1 or tails[0].kind != "per_tail" or not paid_each(tails[0]) or not isinstance(inner, fx.Discard) \
            or inner.who is not fx.Who.YOU:
        return None
    return fx.CountOf(fx.Who.YOU, None, measure=fx.Measure.MOVED)


def _reversals_to_it(st: Statement) -> bool:
    """"your opponent's reversal to it is +20F", "opponent's reversal is +12F" (right after a modifier)."""
    said = words(st)
    if st.kind == "reversal_to":
        return (said[:2] == ["your", "opponent's"] or said[:1] == ["his"]) and "it" in said
    group = find(st, "card_group")
    return st.kind == "stats_are" and group is not None and words(group) in (
        ["opponent's", "reversal"], ["your", "opponent's", "reversal"], ["your", "opponent's", "reversal", "card"],
        ["his", "reversal"], ["his", "reversal", "card"], ["all", "reversal"], ["reversal"])


def _reversal_f(before: fx.Modifier, st: Statement) -> fx.Modify:
    """The F the opponent's reversals to the cards `before` changes need: the same cards, as long."""
    stats = find(st, "stats")
    amounts = _stat_list(stats) if stats is not None else []
    if len(amounts) != 1 or amounts[0][0] is not fx.Stat.FORTITUDE \
            or before.stat not in (fx.Stat.DAMAGE, fx.Stat.FORTITUDE) or before.reversals:
        raise Unsupported(f"{' '.join(words(st))!r}")
    return fx.Modify(fx.Modifier(fx.Stat.FORTITUDE, amounts[0][1], before.duration, card_type=before.card_type,
                                 subtype=before.subtype, reversals=True, max_damage=before.max_damage,
                                 title=before.title, title_word=before.title_word, marks=before.marks,
                                 subtypes=before.subtypes, found=before.found))
