"""Verbs to actions: draw, discard, search, put, shuffle, reverse, ..., with their pronouns bound."""

from __future__ import annotations

from dataclasses import dataclass, replace
from collections.abc import Callable
from typing import Any

from rawdeal.cards.model import CardType, Trait
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import Action, CardDesc, Cards, Phrase, Value, ValueKind, Word, ZoneRef
from rawdeal.effects.classic.lowering.chosen import Chosen as _Chosen, chosen_moved
from rawdeal.effects.classic.lowering.leaving import under_read
from rawdeal.effects.classic.lowering.nodes import (
    _SelfStat, CardFacts, Unsupported, _Desc, _Zones, _arg, _cards, _children, _desc, _filter, _number, _object_cards,
    _only_args, _subject, _target, _zone_in, alternatives, counted_groups, find, named_belts, titles_each, values, words,
)
from rawdeal.effects.classic.deckrules import is_deck_rule
from rawdeal.effects.classic.lowering.amounts import per_moved, times_moved
from rawdeal.effects.classic.lowering.quantities import checked_same, hash_is, per_every
from rawdeal.effects.classic.lowering.conditions import _prior, condition
from rawdeal.effects.classic.lowering.held import held_after
from rawdeal.effects.classic.lowering.found import Many, found_moved, found_search
from rawdeal.effects.classic.lowering.timing import next_modifier
from rawdeal.effects.classic.lowering.turnorder import continue_turn, not_first, not_right_after, right_after_this
from rawdeal.effects.classic.lowering.backlash import backlash_discard, whole_backlash
from rawdeal.effects.classic.lowering.places import chosen_in_zone, in_picked_order, picked_in_order, put_back_in_order
from rawdeal.effects.classic.lowering.played import without_played_from_hand
from rawdeal.effects.classic.lowering.blanking import RingChoice, blank_action


# ---------------------------------------------------------------------------------------- actions
@dataclass
class _Seq:
    """What a sentence's pronouns refer to: the last action lowered ("search ... for a card, reveal
    it, put it into your hand": the search already puts it there)."""

    # `| None`: compiled with mypyc, a dataclass field annotated with the bare builtin `object` fails at import
    last: object | None = None
    next_card: _Desc | None = None  # "if your next card played this turn is a maneuver, it is +2D"
    next_when: fx.Duration = fx.Duration.NEXT_CARD  # or the first card played next turn ("the first card you play on
    # your next turn"): only the constructs that read it take a `next_card` then
    condition: fx.Condition | None = None  # an opening "if/when <condition>," of the sentence
    lifetime: fx.Duration | None = None  # "next turn, ...", "for the rest of this turn, ...": what follows lasts so long
    printed: str = ""  # the sentence as printed (a verb's inflection: "and overturns" is his, "and put" yours)
    first_next: bool = False  # the sentence before said what the first card played next turn is considered ("If it
    # is a Strike maneuver, it is +5D" then speaks of that card)
    found: fx.Search | None = None  # the text's last search ("it is your next card played this turn": what it found)
    under: bool = False  # the text put cards under this card ("put them under this card"): what "these cards" can be
    group: Any = None  # "your Trademark Finishers are F:20 and you may ignore ...": the group's modifier (a
    # `statements._GroupMod` whose lifetime the context decides), the cards a later clause of the sentence is about


@dataclass(frozen=True, slots=True)
class _Held:
    """"If he has any cards titled X (in his hand), he must discard them": the cards "them" stands for
    (all such cards; when he has none, the action does nothing, so the "if" needs no test)."""

    who: fx.Who
    filter: fx.CardFilter


def holding(cond: Phrase) -> _Held | None:
    """The cards of an opening "if <player> has <cards> [in his hand]" a pronoun may stand for, else None."""
    one = cond.parts[0] if len(cond.parts) == 1 else None
    if not isinstance(one, Phrase) or one.kind != "has_cards":
        return None
    player = find(one, "player")
    cards = next((p for p in one.parts if isinstance(p, Cards)), None)
    places = [p for p in one.parts if isinstance(p, Phrase) and p.kind == "place"]
    said = words(player) if player is not None else []
    who = fx.Who.YOU if said == ["you"] else fx.Who.OPPONENT if said in (["he"], ["opponent"], ["your", "opponent"]) \
        else None
    if who is None or cards is None or len(places) > 1 or len(one.parts) != 3 + len(places):
        return None
    if places and _zone_in(places[0]) not in (_Zones(who, (fx.Zone.HAND,)), _Zones(fx.Who.YOU, (fx.Zone.HAND,))):
        return None
    if any(isinstance(p, Phrase) and p.kind in ("bounded", "more_than") for p in cards.parts):
        return None  # "if he has 8 or more cards in his hand": a condition, no cards a pronoun stands for
    d = _cards(cards)
    return _Held(who, _filter(d)) if d.count in (fx.ONE, fx.ALL) else None


@dataclass(frozen=True, slots=True)
class _Forbid:
    """"Your opponent cannot play the card titled X" on a Superstar card: part of his ability."""

    titles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Passive:
    """A Superstar's standing rule: "You must always draw 2 cards ... during your draw segment"
    (`draw_per_turn`), "All damage from opponent is at -1D" (`damage_taken`)."""

    field: str
    value: int


def _draws_each_turn(action: Action) -> list[Any] | None:
    """"You must always draw 2 cards, if possible, during your draw segment"."""
    during = _arg(action, "during_arg")
    d = _object_cards(action)
    if action.verb != "draw" or during is None or d is None or d.count.up_to or not d.count.n \
            or [words(p) for p in action.subject] != [["you"], ["must"], ["always"]] \
            or words(during) != ["during", "your", "draw segment"] or d != _Desc(count=d.count):
        return None
    if any(isinstance(p, Phrase) and p.kind not in ("counted", "during_arg", "if_possible") for p in action.parts):
        return None
    return [Passive("draw_per_turn", d.count.n)]


@dataclass(frozen=True, slots=True)
class _Ban:
    """"You cannot play any Title Belts except the Tag Team Title Belts" on a Superstar card: part of his ability."""

    ban: fx.PlayBan


@dataclass(frozen=True, slots=True)
class _PackRule:
    """"You may pack any cards with the Kane logo": deck building, no effect in play."""


def _superstar_rule(action: Action, card: CardFacts) -> list[Any] | None:
    """A Superstar card's rules about the opponent's plays and about packing, else None."""
    if not card.is_superstar:
        return None
    said = [words(p) for p in action.subject]
    if action.verb in ("pack", "count") and said and said[0] == ["you"]:
        return [_PackRule()]
    if action.verb == "play" and said in ([["you"], ["cannot"]], [["you"], ["may", "not"]]) and len(action.parts) == 1:
        return [_Ban(_ban(action.parts[0]))]  # "You cannot play any Title Belts except the Tag Team Title Belts"
    passive = _draws_each_turn(action)
    if passive is not None:
        return passive
    if action.verb == "play" and said in ([["your", "opponent"], ["cannot"]], [["opponent"], ["cannot"]]) \
            and len(action.parts) == 1:
        titles = values(action.parts[0], ValueKind.TITLE)
        if titles and len(words(action.parts[0])) == len(titles) + 3:  # "the card titled X (, Y or Z)"
            return [_Forbid(tuple(t.text for t in titles))]
    return None


def _ban(obj: object) -> fx.PlayBan:
    """"any Title Belts except the Tag Team Title Belts": the cards of a description but those of its "except"."""
    cards = next((p for p in obj.parts if isinstance(p, Cards)), None) if isinstance(obj, Phrase) \
        and obj.kind == "counted" else None
    desc = next((p for p in cards.parts if isinstance(p, CardDesc)), None) if cards is not None else None
    if cards is None or desc is None or words(cards.parts[0]) != ["any"]:
        raise Unsupported(f"cannot play {' '.join(words(obj))!r}")
    excepted = [p for p in desc.posts if find(p, "except_for") is not None]
    plain = CardDesc(desc.words, desc.nouns, tuple(p for p in desc.posts if p not in excepted))
    unless = None
    if excepted:
        inner = find(excepted[0], "except_for")
        kept = next((p for p in inner.parts if isinstance(p, Cards)), None) if inner is not None else None
        if kept is None or len(excepted) > 1:
            raise Unsupported(f"cannot play {' '.join(words(obj))!r}")
        unless = _filter(named_belts(kept) or _cards(kept))
    return fx.PlayBan(_filter(_desc(plain)), unless)


def _action(action: Action, seq: _Seq, card: CardFacts) -> list[Any]:
    rule = _superstar_rule(action, card)
    if rule is not None:
        return rule
    if is_deck_rule(action):  # "You may pack up to 6 copies of this card": the Classic deck check applies it
        return [_PackRule()]
    if action.verb == "play" and any(isinstance(p, Phrase) and p.kind == "modal" and words(p) == ["cannot"]
                                     for p in action.subject):
        made = _cannot_play(action)
        return made if isinstance(made, list) else [made]
    if action.verb == "ignore":
        return _ignore(action, seq)
    randomly = [p for p in action.subject if isinstance(p, Phrase) and p.kind == "adverb" and words(p) == ["randomly"]]
    if randomly:
        plain = Action(tuple(p for p in action.subject if p not in randomly), action.verb, action.parts)
        return [_at_random(a) for a in _action(plain, seq, card)]
    picked = _without_word(action, "random")
    if picked is not None:  # "he must discard 3 random cards from his hand": as "he randomly discards 3 cards"
        return [_at_random(a) for a in _action(picked, seq, card)]
    per = _arg(action, "per")
    if per is not None and per_moved(per, seq.last) is not None:  # "draw 2 cards for each card discarded"
        plain = Action(action.subject, action.verb, tuple(p for p in action.parts if p is not per))
        return [times_moved(a) for a in _action(plain, seq, card)]
    counted = _counted_equal_to(action)
    if counted is not None:  # "your opponent discards cards equal to the number of Face cards in your Ring area"
        plain, count = counted
        return [_recounted(a, count) for a in _action(plain, seq, card)]
    others = _without_word(action, "other")
    if others is not None:  # "put 1 other Maneuver card from your Ringside pile into your hand": not this card
        return [_other(a) for a in _action(others, seq, card)]
    if seq.next_card is not None and seq.next_when is fx.Duration.NEXT_CARD \
            and action.verb == "reverse" \
            and _pronoun(action) == "it" \
            and [words(p) for p in action.subject] in ([["your", "opponent"], ["cannot"]], [["opponent"], ["cannot"]]):
        # "if your next card played this turn is a maneuver of 7D or less, your opponent cannot reverse it"
        return [fx.Modify(next_modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_CARD, seq.next_card))]
    who, modal = _subject(action)
    lowered = checked_same(_verb(action, who, seq, card))
    if modal in ("may", "may then") and not lowered and isinstance(seq.last, _Taken) and who is fx.Who.YOU:
        return [fx.Optional(())]  # "you may take 1 card ... and place it ...": the may runs on to the put
    if modal in ("may", "may then") and lowered:
        either = any(isinstance(p, Word) and p.text == "either" for p in action.subject)
        if who is fx.Who.OPPONENT and not (len(lowered) == 1 and isinstance(lowered[0], fx.Draw)) \
                and not any(isinstance(a, (fx.Reverses, _FollowUp)) for a in lowered):
            return [fx.Optional(tuple(lowered), who)]  # "your opponent may ...": he says yes or no
        if who is fx.Who.ALL:
            raise Unsupported("a choice each player makes")
        return [fx.Optional(tuple(lowered))] if either else _may(lowered)
    return lowered


def _may(lowered: list[Any]) -> list[Any]:
    """"You may ...": a reversal's "may reverse" is what a reversal is; "you may draw 2 cards" is a draw
    of up to 2 (the player draws fewer, or none); anything else is the owner's yes or no."""
    if any(isinstance(a, (fx.Reverses, _FollowUp)) for a in lowered):
        return lowered
    if len(lowered) == 1 and isinstance(lowered[0], fx.Draw) and lowered[0].count.n:
        draw = lowered[0]
        return [fx.Draw(draw.who, fx.Count(draw.count.n, up_to=True))]
    return [fx.Optional(tuple(lowered))]


def _verb(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    verb = action.verb
    handler = _VERBS.get(verb)
    if handler is None:
        raise Unsupported(f"the verb {verb!r}")
    kinds = _split(action) if verb in _SPLIT else None
    if kinds is not None:  # "discard 1 Maneuver card and 1 Action card": each kind in turn
        return [a for kind in kinds for a in handler(kind, who, seq, card)]
    return handler(action, who, seq, card)


_SPLIT = ("put", "shuffle", "discard", "return")  # verbs whose cards of several kinds are moved kind by kind


def _pronoun(action: Action) -> str | None:
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "pronoun":
        return " ".join(words(obj))
    return None


def _draw(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    d = _object_cards(_drawn_now(action))
    if d is None or d.types or d.subtypes or d.title or d.trait or d.marked:
        raise Unsupported(f"draw {' '.join(words(action)[1:])!r}")
    _only_args(action, ())
    return [fx.Draw(who, d.count)]


def _drawn_now(action: Action) -> Action:
    """A draw done now of "1 additional card" or "up to an additional 3 cards" is a draw of so many: each draw is
    one more. (Drawn "during your Draw Segment", more than the segment's, has an argument `_draw` refuses.)"""
    obj = action.parts[0] if action.parts else None
    if not (isinstance(obj, Phrase) and obj.kind == "counted" and len(obj.parts) == 1 and isinstance(obj.parts[0], Cards)):
        return action
    cards = Cards(tuple(_not_additional(p) for p in obj.parts[0].parts))
    return replace(action, parts=(Phrase(obj.kind, (cards,)), *action.parts[1:]))


def _not_additional(node: object) -> Any:
    if isinstance(node, Phrase) and node.kind == "additional" and (nums := values(node, ValueKind.NUMBER)):
        return Phrase("up_to" if words(node)[0] == "up" else "exactly", tuple(nums))
    if isinstance(node, CardDesc):
        return replace(node, words=tuple(w for w in node.words if not (isinstance(w, Phrase) and w.kind == "additional")))
    return node


def _discard(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    purpose = _arg(action, "purpose")
    if purpose is not None:  # "discard this card to draw 1 card": the discard, then what it pays for
        plain = Action(action.subject, action.verb, tuple(p for p in action.parts if p is not purpose))
        return [*_discard(plain, who, seq, card), *_purpose(purpose, who, seq, card)]
    into = _arg(action, "into_arg")
    if into is not None:
        zone = _zone_in(into)
        if zone.zones == (fx.Zone.RINGSIDE,) and words(into)[0] == "to":
            pass  # "discard 2 cards to your Ringside pile": where discards go anyway
        elif zone.zones == (fx.Zone.HAND,) and words(into)[0] == "in":
            pass  # "discard all cards in his hand": the hand discarded from
        else:
            raise Unsupported(f"discard {' '.join(words(into))!r}")
    _only_args(action, ("of_choice", "from_arg", "into_arg"))
    src = _arg(action, "from_arg") or (into if into is not None and words(into)[0] == "in" else None)
    if src is not None and _zone_in(src).zones == (fx.Zone.BACKLASH,):
        return backlash_discard(who, _zone_in(src).who, _object_cards(action), "random" in words(action))
    if src is not None and _zone_in(src).zones != (fx.Zone.HAND,):
        raise Unsupported("a discard from elsewhere than the hand")
    pronoun = _pronoun(action)
    if pronoun == "this card" or pronoun == "it" and seq.last is None:
        return [fx.DiscardThis()]
    held = seq.last
    if pronoun == "them" and isinstance(held, _Held) and who is held.who and src is None:
        seq.last = None  # "if he has any cards titled X, he must discard them": all of them
        return [fx.Discard(held.who, fx.ALL, chooser=held.who, filter=held.filter)]
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "zone_obj":
        zones = _zone_in(obj)
        if zones.zones == (fx.Zone.BACKLASH,):  # "your opponent discards his Backlash deck"
            return whole_backlash(who, zones.who)
        if zones.zones != (fx.Zone.HAND,):
            raise Unsupported("discarding a whole zone other than the hand")
        if who is fx.Who.ALL:  # "all players discard their hands": you, then your opponent
            return [fx.Discard(fx.Who.YOU, fx.ALL, chooser=fx.Who.YOU),
                    fx.Discard(fx.Who.OPPONENT, fx.ALL, chooser=fx.Who.OPPONENT)]
        target = zones.who if who is fx.Who.YOU else who
        return [fx.Discard(target, fx.ALL, chooser=target)]
    chosen = seq.last
    if isinstance(chosen, _Chosen) and "chosen" in words(action) and who in (chosen.who, fx.Who.YOU):
        seq.last = None  # "your opponent discards the chosen card": the owner chose it
        if chosen.zone is fx.Zone.BACKLASH:
            return chosen.moved(lambda count, flt: fx.MoveCards(chosen.who, count, fx.Zone.BACKLASH, fx.Zone.RINGSIDE,
                                                                filter=flt))
        return chosen.moved(lambda count, flt: fx.Discard(chosen.who, count, chooser=fx.Who.YOU, filter=flt))
    d = _object_cards(action)
    if d is None:
        raise Unsupported(f"discard {' '.join(words(action)[1:])!r}")
    if who is fx.Who.ALL and d.count == fx.ALL and src is not None:
        return [fx.Discard(fx.Who.YOU, fx.ALL, chooser=fx.Who.YOU, filter=_filter(d)),
                fx.Discard(fx.Who.OPPONENT, fx.ALL, chooser=fx.Who.OPPONENT, filter=_filter(d))]
    owner = _zone_in(src).who if src is not None else fx.Who.YOU
    if who is not fx.Who.YOU:  # "your opponent discards 2 cards": he discards from his hand, and chooses
        return [fx.Discard(who, d.count, chooser=who, filter=_filter(d))]
    return [fx.Discard(owner, d.count, chooser=fx.Who.YOU, filter=_filter(d))]


def _purpose(purpose: Phrase, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    forced = next((p for p in purpose.parts if isinstance(p, Phrase) and p.kind == "make_do"), None)
    if forced is not None and forced.parts:  # "discard a card to force your opponent to discard a card"
        return _make_do(Action((), " ".join(words(forced.parts[0])), forced.parts[1:]), who, seq, card)
    inner = next((p for p in purpose.parts if isinstance(p, Phrase) and p.kind == "verb_phrase"), None)
    verb = inner.parts[0] if inner is not None and inner.parts else None
    if inner is None or not (isinstance(verb, Phrase) and verb.kind == "verb"):
        raise Unsupported(f"the purpose {' '.join(words(purpose))!r}")
    return _verb(Action((), " ".join(words(verb)), inner.parts[1:]), who, seq, card)


def _end(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    obj = action.parts[0] if action.parts else None
    if not (isinstance(obj, Phrase) and obj.kind == "turn_obj") or len(action.parts) > 1:
        raise Unsupported(f"end {' '.join(words(action)[1:])!r}")
    said = words(obj)
    if said[-1] != "turn" or len(said) > 3:
        raise Unsupported(f"end {' '.join(said)!r}")
    owner = [w for w in said[:-1]]
    if owner == ["his"] and who is fx.Who.OPPONENT:  # "your opponent ends his turn": his own
        return [fx.EndTurn(fx.Who.OPPONENT)]
    if owner in (["your", "opponent's"], ["opponent's"], ["his"]):
        return [fx.EndTurn(fx.Who.OPPONENT if who is fx.Who.YOU else fx.Who.YOU)]
    if owner == ["your"]:
        return [fx.EndTurn(who)]
    raise Unsupported(f"end {' '.join(said)!r}")


def _skip(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    said = words(action.parts[0]) if action.parts else []
    if said[-2:] != ["next", "turn"] or len(action.parts) > 1:
        raise Unsupported(f"skip {' '.join(said)!r}")
    owner = said[:-2]
    if owner == ["your"] or owner == ["his"] and who is fx.Who.OPPONENT:
        return [fx.SkipTurn(who)]
    if owner in (["your", "opponent's"], ["opponent's"]):
        return [fx.SkipTurn(fx.Who.OPPONENT)]
    raise Unsupported(f"skip {' '.join(said)!r}")


def _win(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    obj = action.parts[0] if action.parts else None
    if not (isinstance(obj, Phrase) and obj.kind == "game_obj") or who is not fx.Who.YOU:
        raise Unsupported(f"win {' '.join(words(action)[1:])!r}")
    how = _arg(action, "via")
    _only_args(action, ("via",))
    return [fx.WinGame(" ".join(w for w in words(how)[1:] if w not in ("a", "victory", "condition")) if how else "effect")]


def _look(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    obj = action.parts[0] if action.parts else None
    _only_args(action, ())
    if isinstance(obj, Phrase) and obj.kind == "zone_obj":
        zones = _zone_in(obj)
        if zones.zones == (fx.Zone.HAND,):
            return [fx.LookAt(zones.who, fx.Zone.HAND)]
        if fx.Zone.BACKLASH in zones.zones and set(zones.zones) <= {fx.Zone.HAND, fx.Zone.BACKLASH}:
            looks = [fx.LookAt(zones.who, z) for z in zones.zones]  # "look at your opponent's (hand and) Backlash deck"
            seq.last = looks[-1]
            return looks
    if isinstance(obj, Phrase) and obj.kind == "top_cards":
        zones = _zone_in(obj)
        nums = values(obj, ValueKind.NUMBER)
        if zones.zones == (fx.Zone.ARSENAL,):
            return [fx.LookAt(zones.who, fx.Zone.ARSENAL, _number(nums[0]) if nums else 1)]
    raise Unsupported(f"look at {' '.join(words(obj))!r}")


def _search(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, ZoneRef):  # "look through your Arsenal for ..."
        obj = Phrase("zone_obj", (obj,))
    elif isinstance(obj, Phrase) and obj.kind == "through_arg":  # "search through your Arsenal"
        obj = Phrase("zone_obj", tuple(c for c in obj.parts if isinstance(c, ZoneRef)))
    if not (isinstance(obj, Phrase) and obj.kind == "zone_obj"):
        raise Unsupported(f"search {' '.join(words(action)[1:])!r}")
    zones = _zone_in(obj)
    _only_args(action, ("for_card",))
    wanted = _arg(action, "for_card")
    if wanted is None:  # "go through his Arsenal and put 3 cards into his Ringside pile": the put says what
        seq.last = _Looked(zones)
        return []
    cards = next((p for p in wanted.parts if isinstance(p, Cards)), None)
    each = titles_each(cards) if cards is not None else ()
    if each and cards is not None and _each_of_them(cards):
        # "search ... for the cards titled Intensity, Integrity, and Intelligence": one search for each (each found
        # goes to the hand, as "reveal them, put them into your hand" then says)
        return [fx.Search(zones.who, zones.zones, fx.CardFilter(title=t)) for t in each]
    alts = alternatives(cards) if cards is not None else []
    if len(alts) > 1:  # "for 1 Chain card or 1 Volley card": one card, passing either
        return _search_either(zones, [_cards(a) for a in alts], seq)
    kinds = [_cards(c) for c in (_groups(cards) or [cards])] if cards is not None else [_Desc()]
    if len(kinds) == 1 and kinds[0].as_reversed and cards is not None and isinstance(cards.parts[0], CardDesc):
        kinds = [replace(kinds[0], count=fx.ALL)]  # "for copies of that card": all of them
    search = fx.Search(zones.who, zones.zones, _filter(kinds[0], picked=len(kinds) == 1))  # "2 different cards"
    more = tuple((_filter(d), d.count) for d in kinds[1:])
    seq.last = search if kinds[0].count == fx.ONE and not more else Many(search, kinds[0].count, more)  # several:
    return [seq.last]  # "put them ..." says where


def _search_either(zones: _Zones, alts: list[_Desc], seq: _Seq) -> list[Any]:
    """A search for one card of any of several descriptions ("1 High Risk maneuver or 1 Foreign Object", "the card
    titled Claw OR the card titled Maintain Hold"), each said with the same number."""
    counts = {d.count for d in alts}
    if len(counts) != 1:
        raise Unsupported("a search for cards of several descriptions, each with its own number")
    either = fx.CardFilter(either=tuple(_filter(replace(d, count=fx.ONE)) for d in alts))
    search = fx.Search(zones.who, zones.zones, either)
    count = counts.pop()
    seq.last = search if count == fx.ONE else Many(search, count)
    return [seq.last]


def _each_of_them(cards: Cards) -> bool:
    """Whether "the cards titled A, B, and C" names each of them (joined by "and"), not any one ("or")."""
    said = words(cards)
    return "or" not in said and "and" in said and said[:1] == ["the"]


@dataclass(frozen=True, slots=True)
class _Looked:
    """A zone looked through for no card in particular, waiting for the "put N cards ..." that takes them."""

    zones: _Zones


def _reveal(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    rest = [p for p in action.parts[1:] if not (isinstance(p, Phrase) and p.kind == "to_player")]
    if _pronoun(action) in ("it", "them") and found_search(seq.last) is not None and not rest:
        return []  # the searched card is shown as it is found
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "zone_obj" and not rest:
        zones = _zone_in(obj)
        if zones.zones == (fx.Zone.HAND,) and (who is fx.Who.OPPONENT or zones.who is fx.Who.OPPONENT):
            return [fx.LookAt(fx.Who.OPPONENT, fx.Zone.HAND)]
        if zones.zones == (fx.Zone.HAND,):
            return []  # your own hand shown to the opponent: nothing the engine hides from him changes play
    raise Unsupported(f"reveal {' '.join(words(action)[1:])!r}")


def _put(action: Action, who: fx.Who, seq: _Seq, card: CardFacts, shuffle: bool = False) -> list[Any]:
    both = _this_and_cards(action)
    if both is not None:  # "shuffle this card and 1 card from your Ringside pile into your Arsenal": each in turn
        return [*_put(both[0], who, seq, card, shuffle), *_put(both[1], who, seq, card, shuffle)]
    action = under_read(_places_read(action), card.title, seq.printed)
    arranged = put_back_in_order(action, seq.last)  # "look at the top 3 cards ... and put them back in any order"
    if arranged is not None:
        return arranged
    if in_picked_order(action) is not action:  # "put up to 2 cards ... on top of your Arsenal in any order"
        return picked_in_order(_put(in_picked_order(action), who, seq, card, shuffle))
    pronoun = _pronoun(action)
    dest_arg = _arg(action, "into_arg") or _arg(action, "bottom_arg") or _arg(action, "top_arg") \
        or _arg(action, "back_on_top")
    _only_args(action, ("from_arg", "into_arg", "bottom_arg", "top_arg", "back_on_top", "of_choice"))
    if dest_arg is None:
        raise Unsupported(f"{action.verb} without a destination")
    dest = _zone_in(dest_arg)
    if len(dest.zones) != 1:
        raise Unsupported("a destination of several zones")
    position = fx.Position.SHUFFLE if shuffle else (
        fx.Position.BOTTOM if dest_arg.kind == "bottom_arg" else fx.Position.TOP)
    if pronoun is not None and isinstance(seq.last, _Chosen):  # "choose 1 card, and he puts that card ..."
        chose = chosen_moved(action, who, seq.last, dest.who, dest.zones[0], position)
        if chose is not None:
            seq.last = None
            return chose
    if pronoun is not None and isinstance(seq.last, _Taken):
        taken, seq.last = seq.last, None
        return _move_taken(taken, dest, position)
    if pronoun is not None:
        if isinstance(seq.last, fx.Search) and dest.zones == (fx.Zone.HAND,) and dest.who is seq.last.who:
            return []  # "search ... for a card, put it into your hand": the search's own end
        found = seq.last
        moved = None if shuffle else found_moved(pronoun, found, dest.zones[0], dest.who, position)
        if moved is not None:
            # "search your opponent's Arsenal for 1 card, put it into his Ringside pile": a move, not a search
            return [_Instead(found, moved)]
        this = pronoun == "this card" or (pronoun == "it" and seq.last is None)
        if this and dest.zones == (fx.Zone.RINGSIDE,):
            return [fx.DiscardThis()]
        if this and dest.zones == (fx.Zone.ARSENAL,):
            return [fx.ReturnThis(position)]
        if this and dest.zones in ((fx.Zone.HAND,), (fx.Zone.BACKLASH,)) and dest.who is fx.Who.YOU:
            return [fx.MoveThis(dest.zones[0])]  # "put this card into your hand" (from the Ring area or Ringside pile)
        raise Unsupported(f"{action.verb} {pronoun!r} (what it stands for)")
    chose = chosen_moved(action, who, seq.last, dest.who, dest.zones[0], position)  # "he puts the chosen card ..."
    if chose is not None:
        seq.last = None
        return chose
    obj = action.parts[0] if action.parts else None
    looked = seq.last
    if isinstance(looked, _Looked) and _arg(action, "from_arg") is None and len(looked.zones.zones) == 1:
        d = _object_cards(action)
        if d is None:
            raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r} after looking through a zone")
        if dest.zones == (fx.Zone.HAND,) and d.count == fx.ONE and looked.zones.who is dest.who is fx.Who.YOU:
            seq.last = found = fx.Search(fx.Who.YOU, looked.zones.zones, _filter(d))
            return [found]  # "look through your Arsenal and put 1 card in your hand": a search
        if looked.zones.who is not dest.who or looked.zones.zones[0] is dest.zones[0]:
            raise Unsupported("cards put into another player's zone")
        seq.last = None
        return [fx.MoveCards(dest.who, d.count, looked.zones.zones[0], dest.zones[0], position, filter=_filter(d))]
    if isinstance(seq.last, fx.Search) and dest.zones == (fx.Zone.HAND,) and _arg(action, "from_arg") is None \
            and (_object_cards(action) or _Desc()).count == fx.ONE:
        return []  # "search through your Arsenal and put 1 card into your hand": the search's own pick
    if isinstance(obj, Phrase) and obj.kind == "top_cards":
        src = _zone_in(obj)
        nums = values(obj, ValueKind.NUMBER)
        n = _number(nums[0]) if nums else 1
        if src.zones == (fx.Zone.ARSENAL,) and dest.zones == (fx.Zone.RINGSIDE,) and src.who is dest.who:
            return [fx.MillTop(src.who if who is fx.Who.YOU else who, n)]
        raise Unsupported("moving the top cards of a zone elsewhere than the Ringside pile")
    if isinstance(obj, Phrase) and obj.kind == "zone_obj" and _arg(action, "from_arg") is None:
        whole = _zone_in(obj)  # "he shuffles his hand into his Arsenal": all of its cards
        if len(whole.zones) != 1 or whole.who is not dest.who or whole.zones == dest.zones or who is fx.Who.ALL \
                or (who is not fx.Who.YOU and who is not whole.who):
            raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
        return [fx.MoveCards(whole.who, fx.ALL, whole.zones[0], dest.zones[0], position, chooser=whole.who)]
    removed = _removed_cards(action)
    if removed is not None:  # "put 1 of your cards that has been removed from the game on the bottom of your Arsenal"
        owner, d = removed
        if owner is not dest.who or _arg(action, "from_arg") is not None or who is fx.Who.ALL:
            raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
        return [fx.MoveCards(owner, d.count, fx.Zone.REMOVED, dest.zones[0], position,
                             chooser=fx.Who.YOU if who is fx.Who.YOU else who, filter=_filter(d))]
    d = _object_cards(action)
    src_arg = _arg(action, "from_arg")
    if d is None or src_arg is None:
        raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
    src = _zone_in(src_arg)
    if len(src.zones) != 1 or src.who is not dest.who:
        raise Unsupported("a move between two players' zones or from several zones")
    if any(w in ("top", "bottom") for w in words(src_arg)):  # "from the bottom of your Arsenal": not a pick
        raise Unsupported(f"{action.verb} from {' '.join(words(src_arg)[1:])!r}")
    if src.zones == dest.zones:
        raise Unsupported("a move within one zone")
    mover = src.who if who is fx.Who.YOU else who
    chooser = fx.Who.YOU if who is fx.Who.YOU else who
    return [fx.MoveCards(mover, d.count, src.zones[0], dest.zones[0], position, chooser=chooser, filter=_filter(d))]


def _removed_cards(action: Action) -> tuple[fx.Who, _Desc] | None:
    """"(up to) 2 of your cards that have been removed from the game": (whose, which cards and how many), else None."""
    obj = action.parts[0] if action.parts else None
    cards = next((p for p in obj.parts if isinstance(p, Cards)), None) if isinstance(obj, Phrase) \
        and obj.kind == "counted" else None
    if cards is None or len(cards.parts) != 2:
        return None
    of, desc = cards.parts
    if not (isinstance(of, Phrase) and of.kind == "of_owner" and isinstance(desc, CardDesc)):
        return None
    gone = [p for p in desc.posts if find(p, "removed") is not None]
    said = words(of)
    nums = values(of, ValueKind.NUMBER)
    whose = said[-1:]
    who = fx.Who.YOU if whose == ["your"] else fx.Who.OPPONENT if whose == ["his"] else None
    if len(gone) != 1 or len(nums) != 1 or who is None or said[:-3] not in ([], ["up", "to"]):
        return None
    count = fx.Count(_number(nums[0]), up_to=bool(said[:-3]))
    return who, _desc(replace(desc, posts=tuple(p for p in desc.posts if p not in gone)), count)


def _places_read(action: Action) -> Action:
    """A put's places as the other verbs say them: "at the bottom of your Arsenal" is "on the bottom of", and "1 card
    in your opponent's Ring area into his Ringside pile" (the "in" a place the cards are in, another one where they
    go) is "from his Ring area"."""
    parts = list(action.parts)
    for i, p in enumerate(parts):
        if isinstance(p, Phrase) and p.kind == "at_end_of" and words(p)[:4] == ["at", "the", "bottom", "of"]:
            parts[i] = Phrase("bottom_arg", p.parts)
    places = [p for p in parts if isinstance(p, Phrase) and p.kind in ("into_arg", "bottom_arg", "top_arg", "back_on_top")]
    held = [p for p in places if p.kind == "into_arg" and words(p)[0] == "in"]
    if len(held) == 1 and len(places) == 2 and _arg(action, "from_arg") is None:
        parts[parts.index(held[0])] = Phrase("from_arg", held[0].parts)
    return Action(action.subject, action.verb, tuple(parts))


def _groups(cards: Cards) -> list[Cards] | None:
    """"1 Action card, 1 Maneuver card, and 1 Reversal card": each kind's own cards, when the kinds are joined by
    commas and "and" (None for one kind, or for kinds joined by "or": any of them)."""
    groups: list[list[Any]] = [[]]
    for p in cards.parts:
        if isinstance(p, Word) and p.text == "or":
            return None
        if isinstance(p, Word) and p.text in (",", "and"):
            groups.append([])
        else:
            groups[-1].append(p)
    kinds = [Cards(tuple(g)) for g in groups if g]
    return kinds if len(kinds) > 1 else None


def _split(action: Action) -> list[Action] | None:
    """"put 1 Set-up card and 1 card with the word 'elbow' in the title from your Ringside pile into your hand": the
    action once for each kind of card, else None."""
    obj = action.parts[0] if action.parts else None
    cards = next((p for p in obj.parts if isinstance(p, Cards)), None) if isinstance(obj, Phrase) \
        and obj.kind == "counted" and len(obj.parts) == 1 else None
    kinds = _groups(cards) if cards is not None else None
    if kinds is None or _arg(action, "purpose") is not None:
        return None
    return [Action(action.subject, action.verb, (Phrase("counted", (kind,)), *action.parts[1:])) for kind in kinds]


def _this_and_cards(action: Action) -> tuple[Action, Action] | None:
    """"this card and 1 card from your Ringside pile ...": (the action on this card, without the other cards'
    source; the action on the other cards), else None."""
    obj = action.parts[0] if action.parts else None
    inner = obj.parts if isinstance(obj, Phrase) and obj.kind == "pronoun" else ()
    if len(inner) != 3 or not (isinstance(inner[0], Phrase) and words(inner[0]) == ["this", "card"]) \
            or words(inner[1]) != ["and"] or not isinstance(inner[2], Cards):
        return None
    rest = action.parts[1:]
    this = Action(action.subject, action.verb,
                  (inner[0], *(p for p in rest if not (isinstance(p, Phrase) and p.kind == "from_arg"))))
    return this, Action(action.subject, action.verb, (Phrase("counted", (inner[2],)), *rest))


@dataclass(frozen=True, slots=True)
class _Instead:
    """An action lowered earlier in the sentence (`prev`) that a later verb says is really the actions `new`."""

    prev: Any
    new: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class _Taken:
    """Cards taken ("take the top card of your Arsenal", "remove 1 maneuver in his Ring area"), waiting
    for the "put it ..." that says where they go."""

    who: fx.Who
    count: fx.Count
    source: fx.Zone
    filter: fx.CardFilter
    top: bool = False
    either: tuple[fx.Zone, ...] = ()  # "from either your Arsenal or Ringside pile": the owner picks the zone


def _within_fortitude(arg: Phrase) -> bool:
    """"with a D value less than or equal to your (total) Fortitude Rating"."""
    bound = find(arg, "than")
    owner = find(arg, "stat_owner")
    return find(arg, "damage_value") is not None and bound is not None and owner is not None \
        and words(bound)[:3] == ["less", "than", "or equal to"] \
        and [w for w in words(owner) if w != "total"] == ["your", "fortitude rating"]


def _take(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    bounded = _arg(action, "with_what_arg")
    if bounded is not None and _within_fortitude(bounded):  # "... with a D value less than or equal to your F"
        _take(Action(action.subject, action.verb, tuple(p for p in action.parts if p is not bounded)), who, seq, card)
        if not isinstance(seq.last, _Taken) or seq.last.top or seq.last.filter.max_damage_of_own_fortitude:
            raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
        seq.last = replace(seq.last, filter=replace(seq.last.filter, max_damage_of_own_fortitude=True))
        return []
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "top_cards":
        src = _zone_in(obj)
        nums = values(obj, ValueKind.NUMBER)
        _only_args(action, ())
        seq.last = _Taken(src.who, fx.Count(_number(nums[0]) if nums else 1), src.zones[0], fx.ANY_CARD, top=True)
        return []
    d = _object_cards(action)
    where = _arg(action, "into_arg") or _arg(action, "from_arg")
    _only_args(action, ("into_arg", "from_arg"))
    if d is None or where is None:
        raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
    src = _zone_in(where)
    if len(src.zones) > 1 and words(where)[:2] == ["from", "either"]:
        seq.last = _Taken(src.who, d.count, src.zones[0], _filter(d), either=src.zones)
        return []
    if len(src.zones) != 1 or words(where)[0] not in ("in", "from"):
        raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
    seq.last = _Taken(src.who, d.count, src.zones[0], _filter(d))
    return []


def _remove(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"Remove 1 card in your opponent's Ringside pile from the game": a move to the removed cards
    (out of play for good); the subject picks. Without "from the game" it is a take ("remove 1
    maneuver in his Ring area and put it ...")."""
    gone = _arg(action, "from_game")
    if gone is None:
        return _take(action, who, seq, card)
    action = under_read(action, card.title, seq.printed)  # "remove all cards under this card from the game"
    plain = Action(action.subject, action.verb, tuple(p for p in action.parts if p is not gone))
    pronoun = _pronoun(plain)
    search = found_search(seq.last)
    moved = found_moved(pronoun, seq.last, fx.Zone.REMOVED, search.who, fx.Position.TOP) \
        if pronoun is not None and search is not None and len(plain.parts) == 1 else None
    if moved is not None:  # "search his Arsenal for 1 card and remove it from the game"
        return [_Instead(seq.last, moved)]
    if (pronoun == "this card" or pronoun == "it" and seq.last is None) and len(plain.parts) == 1 \
            and who is fx.Who.YOU:  # "remove this card from the game": from where it lies (Ring area, Ringside pile)
        return [fx.MoveThis(fx.Zone.REMOVED)]
    if pronoun is not None:
        raise Unsupported(f"remove {' '.join(words(plain)[1:])!r} from the game")
    chose = chosen_moved(plain, who, seq.last, seq.last.who if isinstance(seq.last, _Chosen) else who,
                         fx.Zone.REMOVED, fx.Position.TOP)  # "he removes the chosen card from the game"
    if chose is not None:
        seq.last = None
        return chose
    obj = plain.parts[0] if plain.parts else None
    if isinstance(obj, Phrase) and obj.kind == "top_cards" and len(plain.parts) == 1:
        src = _zone_in(obj)  # "remove the top card of your Arsenal from the game", "all players remove the top 5 ..."
        nums = values(obj, ValueKind.NUMBER)
        if src.zones == (fx.Zone.ARSENAL,) and (src.who is who or who is fx.Who.ALL):
            return [fx.MillTop(who, _number(nums[0]) if nums else 1, dest=fx.Zone.REMOVED)]
    d = _object_cards(plain)
    where = _arg(plain, "into_arg") or _arg(plain, "from_arg")
    _only_args(plain, ("into_arg", "from_arg"))
    if d is None or where is None or words(where)[0] not in ("in", "from"):
        raise Unsupported(f"remove {' '.join(words(plain)[1:])!r} from the game")
    src = _zone_in(where)
    if len(src.zones) != 1 or who is fx.Who.ALL:
        raise Unsupported("cards removed from several zones")
    return [fx.MoveCards(src.who, d.count, src.zones[0], fx.Zone.REMOVED, chooser=who, filter=_filter(d))]


def _move_taken(taken: _Taken, dest: _Zones, position: fx.Position) -> list[Any]:
    if dest.who is not taken.who or len(dest.zones) != 1:
        raise Unsupported("cards put into another player's zone")
    if taken.top:
        if taken.source is fx.Zone.ARSENAL and dest.zones == (fx.Zone.RINGSIDE,) and taken.count.n \
                and not taken.count.same:
            return [fx.MillTop(taken.who, taken.count.n)]
        raise Unsupported("the top cards of a zone put elsewhere than the Ringside pile")
    if taken.either:
        return [fx.Choice(tuple(
            tuple(_move_taken(replace(taken, source=zone, either=()), dest, position)) for zone in taken.either))]
    if taken.source is dest.zones[0]:
        raise Unsupported("a move within one zone")
    return [fx.MoveCards(taken.who, taken.count, taken.source, dest.zones[0], position, filter=taken.filter)]


def _overturn(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"Overturn 2 cards (from your Arsenal into your Ringside pile)": the top cards of your Arsenal into your
    Ringside pile (damage to yourself); "your opponent overturns # cards", "... that many cards" when it runs."""
    obj = action.parts[0] if action.parts else None
    where = [p for p in action.parts[1:] if isinstance(p, Phrase) and p.kind in ("from_arg", "into_arg")]
    if [_zone_in(p).zones for p in where] in ([(fx.Zone.ARSENAL,), (fx.Zone.RINGSIDE,)], [(fx.Zone.ARSENAL,)]) \
            and all(_zone_in(p).who is who for p in where) and who is not fx.Who.ALL:  # where overturned cards go
        action = Action(action.subject, action.verb, tuple(p for p in action.parts if p not in where))
    _only_args(action, ())
    if isinstance(obj, Phrase) and obj.kind == "top_cards":
        src = _zone_in(obj)
        nums = values(obj, ValueKind.NUMBER)
        if src.zones == (fx.Zone.ARSENAL,):
            return [fx.MillTop(src.who if who is fx.Who.YOU else who, _number(nums[0]) if nums else 1)]
    d = _object_cards(action)
    if d is not None and d.count.n and not (d.types or d.subtypes or d.title or d.trait or d.marked) \
            and not d.count.up_to and not d.count.same and d.count.of is None:
        return [fx.MillTop(who, d.count.n)]
    if d is not None and (d.count.same or d.count.of is not None) and not d.count.up_to \
            and not (d.types or d.subtypes or d.title or d.trait or d.marked):
        return [fx.MillTop(who, count=d.count)]  # "your opponent overturns # cards, where # is ...", "that many"
    raise Unsupported(f"overturn {' '.join(words(action)[1:])!r}")


def _arrange(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"look at the top 5 cards of your Arsenal ... arrange them in any order"."""
    looked = seq.last
    if _pronoun(action) != "them" or not isinstance(looked, fx.LookAt) or looked.zone is not fx.Zone.ARSENAL \
            or not looked.n:
        raise Unsupported(f"arrange {' '.join(words(action)[1:])!r}")
    _only_args(action, ("any_order",))
    return [fx.Arrange(looked.who, looked.n)]


def _add(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"Add +1D for every maneuver with the word 'slam' in its title in your Ring area"."""
    stats = _arg(action, "stats") if action.parts and isinstance(action.parts[0], Phrase) else None
    per = _arg(action, "per")
    desc = next((p for p in per.parts if isinstance(p, CardDesc)), None) if per is not None else None
    place = find(per, "place") if per is not None else None
    if stats is None or desc is None or place is None or len(action.parts) != 2 or who is not fx.Who.YOU:
        raise Unsupported(f"add {' '.join(words(action)[1:])!r}")
    d = _desc(desc)
    amounts = [v for v in values(stats, ValueKind.DAMAGE)]
    if d.types != (CardType.MANEUVER,) or not d.title_word or d.subtypes or d.title or d.trait or d.marked \
            or _zone_in(place) != _Zones(fx.Who.YOU, (fx.Zone.RING,)) or len(amounts) != 1 or values(stats, ValueKind.FORTITUDE):
        raise Unsupported(f"add {' '.join(words(action)[1:])!r}")
    return [_SelfStat(fx.Stat.DAMAGE, _number(amounts[0]), per_title_word=d.title_word)]


def _choose(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"choose and discard 1 card from his hand": the choosing is the discard's own; "choose 1 card"
    after looking at a hand picks the cards a later "discard the chosen card" means."""
    if not action.parts or (len(action.parts) == 1 and words(action.parts[0]) in (["one"], ["1"])):
        return []  # "choose and discard ...", "Choose one: A; or B" (the "or" makes the choice)
    purpose = _arg(action, "purpose")
    if purpose is not None and len(action.parts) == 1:
        return _purpose(purpose, who, seq, card)  # "you may choose to discard this card": the discard
    groups = _each_counted(action)
    d = groups[0] if groups is not None and len(groups) == 1 else None
    looked = seq.last
    if d is not None and len(action.parts) == 1 and who is fx.Who.YOU and isinstance(looked, fx.LookAt) \
            and looked.zone is fx.Zone.BACKLASH:  # "look at his Backlash deck, choose 1 non-unique card"
        seq.last = _Chosen(looked.who, d.count, _filter(d), fx.Zone.BACKLASH)
        return []
    public = chosen_in_zone(action, who)  # "choose 3 Action cards in your Ringside pile"
    if public is not None:
        seq.last = public
        return [RingChoice(public)] if public.zone is fx.Zone.RING else []  # a Ring area's: a later sentence says
        # what is done to it ("When this card is in your Ring area, that card has blank text")
    if groups is None or len(action.parts) != 1 or who is not fx.Who.YOU or not isinstance(looked, fx.LookAt) \
            or looked.zone is not fx.Zone.HAND:
        raise Unsupported(f"choose {' '.join(words(action)[1:])!r}")
    may = _subject(action)[1] == "may" and not any(d.count.up_to for d in groups)  # "you may choose 1 ... and 1 ..."
    seq.last = _Chosen(looked.who, groups[0].count, _filter(groups[0]),
                       more=tuple((d.count, _filter(d)) for d in groups[1:]), optional=may)
    return []


def _each_counted(action: Action) -> list[_Desc] | None:
    """The object's cards, one description or several each with its own number ("1 Maneuver card and 1 Action
    card"); None without an object."""
    obj = action.parts[0] if action.parts else None
    cards = next((p for p in obj.parts if isinstance(p, Cards)), None) if isinstance(obj, Phrase) \
        and obj.kind == "counted" else None
    if cards is None:
        d = _object_cards(action)
        return None if d is None else [d]
    return [_cards(Cards(group)) for group in counted_groups(cards)]


def _play(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"Play after a successfully played maneuver": a play requirement."""
    after = _arg(action, "after_arg")
    d = _object_cards(action)
    if who is fx.Who.YOU and d is not None and d.title and _arg(action, "before_playing") is not None \
            and len(action.parts) == 2:  # "you must play the card titled X before playing this card"
        return [fx.PlayRequirement(fx.After(title=d.title))]
    as_if = _arg(action, "as_if")
    if who is fx.Who.YOU and d is not None and d.title and after is not None and as_if is not None \
            and find(after, "prior_this") is not None and len(action.parts) == 3:
        # "you may play the card titled X after this card as if it were a Submission maneuver"
        kind = next((p for p in as_if.parts if isinstance(p, CardDesc)), None)
        like = _desc(kind) if kind is not None else _Desc()
        if len(like.subtypes) == 1 and not (like.title or like.trait or like.marked):
            return [_FollowUp(fx.AllowsFollowUp(d.title, like.subtypes[0]))]
    if after is None or len(action.parts) != 1 or who is not fx.Who.YOU:
        raise Unsupported(f"play {' '.join(words(action)[1:])!r}")
    return held_after(after) or [fx.PlayRequirement(_prior(after))]  # "after a successful X not reversed": held


def _ignore(action: Action, seq: _Seq) -> list[Any]:
    """"(If your next card played this turn is a High Risk maneuver,) you can ignore the 'Can only be played
    after...' text (on your next card played this turn)": a one-shot permission for the next card played
    ("may" and "can" alike: a permission needs no yes)."""
    modal = [words(p) for p in action.subject if isinstance(p, Phrase) and p.kind == "modal"]
    who = [words(p) for p in action.subject if not (isinstance(p, Phrase) and p.kind == "modal")]
    quoted = values(action.parts[0], ValueKind.QUOTED) if action.parts else []
    said = quoted[0].text.strip("'").casefold().rstrip(". …") if len(quoted) == 1 else ""
    on = action.parts[1] if len(action.parts) == 2 else None
    next_card = on is not None and isinstance(on, Phrase) and on.kind == "on_cards" and words(on)[1:] in (
        ["your", "next", "card", "played", "this", "turn"], ["your", "next", "card", "played"])
    if who not in ([], [["you"]]) or modal not in ([], [["can"]], [["may"]]) or said != "can only be played after" \
            or len(action.parts) > 2 or (on is not None and not next_card) or (next_card and seq.next_card):
        raise Unsupported(f"ignore {' '.join(words(action)[1:])!r}")
    d = seq.next_card
    if d is None and not next_card and seq.group is not None:  # the cards the sentence's amounts were about
        return [replace(seq.group, modifier=replace(seq.group.modifier, stat=fx.Stat.UNRESTRICTED, amount=0, sets=False))]
    if d is None and not next_card:
        raise Unsupported("ignoring a card's text without saying which card")
    if d is None:
        return [fx.Modify(fx.Modifier(fx.Stat.UNRESTRICTED, 0, fx.Duration.NEXT_CARD, card_type=None))]
    return [fx.Modify(next_modifier(fx.Stat.UNRESTRICTED, 0, seq.next_when, d))]


def _at_random(lowered: Any) -> Any:
    """"Your opponent randomly discards 3 cards", "randomly remove 1 card in his hand from the game": the
    cards are picked at random, by no player. Only a set number of cards discarded or moved can be."""
    if isinstance(lowered, fx.Optional):
        return replace(lowered, actions=tuple(_at_random(a) for a in lowered.actions))
    if isinstance(lowered, (fx.Discard, fx.MoveCards)) and not lowered.count.up_to and lowered.count.of is None \
            and not lowered.count.same:
        return replace(lowered, random=True)
    raise Unsupported("a card picked at random")


def _counted_equal_to(action: Action) -> tuple[Action, fx.Count] | None:
    """"discards cards equal to the number of ...", "discards 1 card for every HEEL card he has in his Ring area":
    (the action without that phrase, the count it says), when the object is cards with no number of their own
    (or 1 for every such card); else None."""
    equal = _arg(action, "equal_to") or _arg(action, "up_to_equal") or _arg(action, "per")
    obj = action.parts[0] if action.parts else None
    cards = next((p for p in obj.parts if isinstance(p, Cards)), None) if isinstance(obj, Phrase) \
        and obj.kind == "counted" else None
    if equal is None or cards is None:
        return None
    plain = Action(action.subject, action.verb, tuple(p for p in action.parts if p is not equal))
    if equal.kind == "per":  # "1 card for every ...", "2 cards for every ...": so many times the count
        each = (_object_cards(plain) or _Desc(count=fx.ALL)).count
        if each.n is None or each.n < 1 or each.up_to or each.same or each.of is not None or len(cards.parts) != 2:
            raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
        plain = _one_card(plain)
        return plain, fx.Count(0, of=replace(per_every(equal), scale=(each.n, 1)))
    return (plain, fx.Count(0, up_to=equal.kind == "up_to_equal", of=hash_is(equal))) if len(cards.parts) == 1 else None


def _one_card(action: Action) -> Action:
    """The action with its object's number made 1 ("discards 2 cards for every ..." as "discards 1 card")."""
    obj = action.parts[0]
    assert isinstance(obj, Phrase)
    cards = next(p for p in obj.parts if isinstance(p, Cards))
    one = Cards((Phrase("exactly", (Value(ValueKind.NUMBER, "1"),)), *cards.parts[1:]))
    return replace(action, parts=(Phrase(obj.kind, tuple(one if p is cards else p for p in obj.parts)), *action.parts[1:]))


def _recounted(lowered: Any, count: fx.Count) -> Any:
    """A discard or move of one card (the bare "cards" of "cards equal to ...") made one of `count` cards."""
    if isinstance(lowered, (fx.Discard, fx.MoveCards, fx.Draw)) and lowered.count == fx.ONE \
            and not getattr(lowered, "random", False):
        return replace(lowered, count=count)
    if isinstance(lowered, fx.MillTop) and lowered.n == 1 and lowered.count is None:  # "overturns cards equal to ..."
        return replace(lowered, count=count)
    raise Unsupported("cards 'equal to' a number for an action that takes no count")


def _other(lowered: Any) -> Any:
    """"1 other card from your Ring area": a move of the card's owner's cards that leaves this card where it is."""
    if isinstance(lowered, fx.Optional):
        return replace(lowered, actions=tuple(_other(a) for a in lowered.actions))
    if isinstance(lowered, fx.MoveCards) and not lowered.random and lowered.who is fx.Who.YOU:
        return replace(lowered, other=True)
    raise Unsupported("'other' cards for an action that moves none of yours")


def _without_word(action: Action, kind: str) -> Action | None:
    """The action without the word `kind` ("random", "other") of its object ("1 random card from his Backlash
    deck"), else None."""
    obj = action.parts[0] if action.parts else None
    cards = next((p for p in obj.parts if isinstance(p, Cards)), None) if isinstance(obj, Phrase) \
        and obj.kind == "counted" else None
    if cards is None:
        return None
    descs = [p for p in cards.parts if isinstance(p, CardDesc)]
    if len(descs) != 1 or not any(isinstance(w, Phrase) and w.kind == kind for w in descs[0].words):
        return None
    desc = descs[0]
    plain = replace(desc, words=tuple(w for w in desc.words if not (isinstance(w, Phrase) and w.kind == kind)))
    counted = Phrase("counted", (Cards(tuple(plain if p is desc else p for p in cards.parts)),))
    return Action(action.subject, action.verb, (counted, *action.parts[1:]))


def _cannot_play(action: Action) -> fx.Restrict | fx.OpponentCannotPlay | fx.NotReversedBy | list[fx.Restrict]:
    """"You cannot play Action cards with the word 'dynamic' in the title for the rest of the turn", "your
    opponent cannot play maneuvers during his next turn": a restriction on one player for a lifetime the
    sentence says (one without a lifetime, or on the opponent for the rest of your own turn, is reported)."""
    who, _ = _subject(Action(tuple(p for p in action.subject if not (isinstance(p, Phrase) and p.kind == "modal")),
                             action.verb, action.parts))
    d = _object_cards(action)
    rest = [p for p in action.parts[1:]]
    said = " ".join(words(action)[1:])
    if who is fx.Who.OPPONENT and not rest and d is not None and (d.title or d.titles) \
            and replace(d, title=None, titles=(), count=fx.ONE) == _Desc():
        # "your opponent cannot play the card titled X": for as long as the context says (the Ring area)
        return fx.OpponentCannotPlay((d.title,) if d.title else d.titles)
    if d is not None and len(rest) == 1 and right_after_this(rest[0]):  # "... immediately after (you play) this card"
        return not_right_after(who, d)
    if d is None or len(rest) != 1 or who is fx.Who.ALL or d.trait or d.marked or d.not_trait or d.not_subtypes \
            or d.max_damage is not None or d.min_damage is not None or d.after_title or d.after is not None or len(d.subtypes) > 1 \
            or len(d.types) > 1:
        raise Unsupported(f"cannot play {said!r}")
    when = rest[0]
    turn = words(when)
    if isinstance(when, Phrase) and when.kind == "for_the_rest_arg" and turn[-1:] == ["turn"] \
            and turn[-2:-1] in (["the"], ["this"]) and who is fx.Who.YOU:
        duration = fx.Duration.REST_OF_TURN
    elif isinstance(when, Phrase) and when.kind == "during_arg" and turn[-2:] == ["next", "turn"] \
            and turn[1:-2] in ((["your"],) if who is fx.Who.YOU else (["his"], ["your", "opponent's"])):
        duration = fx.Duration.NEXT_TURN
    else:
        raise Unsupported(f"cannot play {said!r}")
    kind = d.types[0] if d.types else (CardType.MANEUVER if d.subtypes else None)
    return fx.Restrict(who, fx.Modifier(fx.Stat.UNPLAYABLE, 0, duration, card_type=kind,
                                        subtype=d.subtypes[0] if d.subtypes else None, title=d.title,
                                        title_word=d.title_word))


@dataclass(frozen=True, slots=True)
class _FollowUp:
    """A permission the card gives (a clause of its own, whatever "you may" says)."""

    clause: fx.AllowsFollowUp


def _make_do(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    """"force your opponent to discard 2 cards": the inner verb phrase, said by that player."""
    player = next((p for p in action.parts if isinstance(p, Phrase) and p.kind == "player"), None)
    inner = next((p for p in action.parts if isinstance(p, Phrase) and p.kind == "verb_phrase"), None)
    if player is None or inner is None or who is not fx.Who.YOU:
        raise Unsupported(f"{action.verb} {' '.join(words(action)[1:])!r}")
    said = words(player)
    if said not in (["opponent"], ["your", "opponent"], ["him"], ["his", "opponent"]):
        raise Unsupported(f"{action.verb} {' '.join(said)!r}")
    verb = inner.parts[0] if inner.parts else None
    if not (isinstance(verb, Phrase) and verb.kind == "verb"):
        raise Unsupported(f"{action.verb} {' '.join(words(inner))!r}")
    nested = Action((), " ".join(words(verb)), inner.parts[1:])
    return _verb(nested, fx.Who.OPPONENT, seq, card)


def _shuffle(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    obj = action.parts[0] if action.parts else None
    if isinstance(obj, Phrase) and obj.kind == "zone_obj" and len(action.parts) == 1:
        zones = _zone_in(obj)
        if zones.zones == (fx.Zone.ARSENAL,):
            return [fx.Shuffle(zones.who if who is fx.Who.YOU else who)]
    searched = seq.last
    if _pronoun(action) == "it" and len(action.parts) == 1 and isinstance(searched, fx.Search) \
            and searched.zones == (fx.Zone.ARSENAL,):
        return [fx.Shuffle(searched.who)]  # "look through your Arsenal and put 1 card in your hand, shuffle it"
    if obj is None:
        return [fx.Shuffle(who)]
    return _put(action, who, seq, card, shuffle=True)


def _reverse(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    if not card.is_reversal or who is not fx.Who.YOU:
        raise Unsupported("'reverse' on a card that is no reversal")
    return reversing(action, card)


def reversing(action: Action, card: CardFacts) -> list[Any]:
    """"reverse any HEEL maneuver if ...": the `Reverses` clauses of what the action reverses (whichever card
    reverses: a reversal card, or one used where it lies)."""
    if not action.parts or not (isinstance(action.parts[0], Phrase) and action.parts[0].kind == "counted"):
        raise Unsupported(f"reverse {' '.join(words(action)[1:])!r}")
    cond = _arg(action, "if_arg")
    if cond is not None:  # "reverse any HEEL maneuver if that opponent has 5 or more HEEL cards in his Ring area"
        plain = Action(action.subject, action.verb, tuple(p for p in action.parts if p is not cond))
        found = reversing(plain, card)
        if len(found) != 1:
            raise Unsupported(f"reverse {' '.join(words(action)[1:])!r} (several cards, one condition)")
        [reverses] = found
        before = not_first(next(p for p in cond.parts if isinstance(p, Phrase) and p.kind == "condition"))
        if before is not None:  # "if it is not the first card played this turn"
            return [replace(reverses, target=replace(reverses.target, played_before=before[0],
                                                     played_before_type=before[1]))]
        trait, n = _traits_in_ring(cond)
        if reverses.target.trait is not trait or reverses.target.min_trait_in_ring is not None:
            raise Unsupported(f"reverse {' '.join(words(action)[1:])!r} (a count of another keyword)")
        return [replace(reverses, target=replace(reverses.target, min_trait_in_ring=n))]
    including = _arg(action, "including")
    if including is not None:  # "reverse any Submission maneuver (including the card titled Clutch onto Opponent)"
        plain = Action(action.subject, action.verb, tuple(p for p in action.parts if p is not including))
        return [replace(r, target=replace(r.target, named=_named(including))) for r in reversing(plain, card)]
    _only_args(action, ())
    return _reverses(action, card)


def _named(including: Phrase) -> tuple[str, ...]:
    """"(including the card titled X)": the titles it names."""
    cards = next((p for p in including.parts if isinstance(p, Cards)), None)
    d = _cards(cards) if cards is not None else None
    if d is None or (d.title is None and not d.titles) or replace(d, title=None, titles=(), count=fx.ONE) != _Desc():
        raise Unsupported(f"'reverse' with {' '.join(words(including))!r}")
    return (d.title,) if d.title else d.titles


def _traits_in_ring(cond: Phrase) -> tuple[Trait | None, int]:
    """"if that opponent has 5 or more HEEL cards in his Ring area": (the keyword, how many at least)."""
    has = find(cond, "has_cards")
    player = find(has, "player") if has is not None else None
    cards = next((p for p in has.parts if isinstance(p, Cards)), None) if has is not None else None
    bounded = find(cards, "bounded") if cards is not None else None
    place = find(has, "place") if has is not None else None
    said = " ".join(words(cond)[1:])
    if has is None or player is None or cards is None or bounded is None or place is None \
            or words(player) not in (["that", "opponent"], ["your", "opponent"], ["he"], ["opponent"]) \
            or words(bounded)[-2:] != ["or", "more"] or _zone_in(place) != _Zones(fx.Who.OPPONENT, (fx.Zone.RING,)):
        raise Unsupported(f"'reverse' with {said!r}")
    desc = next(p for p in cards.parts if isinstance(p, CardDesc))
    d = _desc(desc)
    if d.trait is None or replace(d, trait=None) != _Desc():
        raise Unsupported(f"'reverse' with {said!r}")
    return d.trait, _number(values(bounded, ValueKind.NUMBER)[0])


def _reverses(node: object, card: CardFacts) -> list[Any]:
    """"Reverse the card titled X, Y or Z": one reversal clause per title; else one for the description; "reverse the
    card titled Offer Handshake or any Strike maneuver": those of each alternative."""
    found = _find_cards(node)
    alts = alternatives(found)
    if len(alts) > 1:
        out: list[Any] = []
        for alt in alts:
            after_those = _after_those(alt)
            named = [r.target.title for r in out if isinstance(r, fx.Reverses) and r.target.title is not None]
            if after_those is None:
                out += _reverses(alt, card)
            elif named:  # "the cards titled A or B, or any maneuver played after those cards": after A, after B
                out += [replace(r, target=replace(r.target, after_title=t)) for r in _reverses(after_those, card)
                        for t in named]
            else:
                raise Unsupported("'played after those cards' of no card named before")
        return out
    titles = [v for v in found.parts if isinstance(v, Value) and v.kind is ValueKind.TITLE]
    desc = next((p for p in found.parts if isinstance(p, CardDesc)), None)
    if desc is not None and not titles:
        posts = [p for p in desc.posts if find(p, "titled") is not None]
        if posts and len(desc.posts) == 1 and not desc.words and desc.nouns in (("card",), ("maneuver",)):
            titles = values(posts[0], ValueKind.TITLE)
    if len(titles) > 1:
        return [fx.Reverses(fx.Target(card_types=_played_as(t.text, card), title=t.text)) for t in titles]
    found, from_hand = without_played_from_hand(found)
    target = replace(_target(_cards(found)), from_hand=from_hand)
    if target.title is not None and (desc is None or desc.nouns == ("card",)):  # whatever X is played as
        target = replace(target, card_types=_played_as(target.title, card))
    return [fx.Reverses(target)]


def _after_those(alt: Cards) -> Cards | None:
    """"any maneuver played after those cards": the cards without the "played after" (None for any other)."""
    desc = next((p for p in alt.parts if isinstance(p, CardDesc)), None)
    after = [p for p in desc.posts if find(p, "played_after") is not None] if desc is not None else []
    if desc is None or len(after) != 1 or words(after[0])[-2:] != ["those", "card"]:
        return None
    plain = CardDesc(desc.words, desc.nouns, tuple(p for p in desc.posts if p is not after[0]))
    return Cards(tuple(plain if p is desc else p for p in alt.parts))


def _played_as(title: str, card: CardFacts) -> tuple[CardType, ...]:
    return card.played_as.get(title) or (CardType.MANEUVER, CardType.ACTION)


def _find_cards(node: object) -> Cards:
    if isinstance(node, Cards):
        return node
    for child in _children(node):
        found = _find_cards_or_none(child)
        if found is not None:
            return found
    raise Unsupported(f"what {' '.join(words(node))!r} reverses")


def _find_cards_or_none(node: object) -> Cards | None:
    try:
        return _find_cards(node)
    except Unsupported:
        return None


def _unsaid(action: Action) -> list[Any]:
    raise Unsupported(f"the verb {action.verb!r} said of another player")


def _continue(action: Action, who: fx.Who, seq: _Seq, card: CardFacts) -> list[Any]:
    return list(continue_turn(action, who))


_VERBS: dict[str, Callable[[Action, fx.Who, _Seq, CardFacts], list[Any]]] = {
    "blank": lambda action, who, seq, card: blank_action(action) if who is fx.Who.YOU else _unsaid(action),
    "draw": _draw, "discard": _discard, "end": _end, "skip": _skip, "win": _win, "look at": _look,
    "search": _search, "reveal": _reveal, "put": _put, "shuffle": _shuffle, "reverse": _reverse,
    "take": _take, "remove": _remove, "overturn": _overturn, "choose": _choose, "play": _play,
    "force": _make_do, "make": _make_do, "look through": _search, "go through": _search, "return": _put,
    "arrange": _arrange,
    "add": _add,
    "continue": _continue,
}
