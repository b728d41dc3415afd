"""Sentences to clauses: frames open contexts, items are lowered and joined, parts assembled into clauses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar, cast

from rawdeal.cards.db import normalize_title

from rawdeal.cards.model import CardType
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import (
    Action, CardDesc, Cards, CompiledText, Frame, Phrase, Sentence, SentenceFailure, Statement, ValueKind, Word, ZoneRef,
)
from rawdeal.effects.classic.lowering.blanking import BlankChosen, Pending, RingChoice
from rawdeal.effects.classic.lowering.found import unplaced
from rawdeal.effects.classic.lowering.amounts import hash_said, is_hashed, modify, shared_amount
from rawdeal.effects.classic.lowering.quantities import HashBound, bounded, where_is
from rawdeal.effects.classic.lowering.nodes import (
    HASH, OWN_TITLE, CardFacts, LoweredText, PARSE_FAILED, Unlowered, Unsupported, _Desc, _SelfStat, _TYPES, _Zones, _arg, _cards,
    _children, _desc, _filter, _object_cards, _zone, _zone_in, field_names, find, values, words,
)
from rawdeal.effects.classic.lowering.conditions import condition, either_opening
from rawdeal.effects.classic.lowering.names import resolve_names, unknown_name
from rawdeal.effects.classic.lowering.standing import played_by
from rawdeal.effects.classic.lowering.subjects import carried_subject
from rawdeal.effects.classic.lowering.prematch import end_of_prematch
from rawdeal.effects.classic.lowering.held import HoldRule, checked_hold, restates_hold
from rawdeal.effects.classic.lowering.leaving import left_ring, plays_held, puts_under
from rawdeal.effects.classic.lowering.places import joined, only_played_from, playable_from, played_from
from rawdeal.effects.classic.lowering.actions import (
    Passive, _Ban, _FollowUp, _Forbid, _Held, _Instead, _Looked, _PackRule, _Seq, _Taken, _action,
    holding, reversing,
)
from rawdeal.effects.classic.lowering.statlines import (
    about_the_state, conditional_line, stat_line_context, stays_in_ring,
)
from rawdeal.effects.classic.lowering.segments import in_draw_segment
from rawdeal.effects.classic.lowering.timing import (
    first_next_after, found_next, it_is_first_next, it_next, opening_as_tail, played_after, success_after,
)
from rawdeal.effects.classic.lowering.used import UsedReversal, by_doing, placed, reversing_purpose, used_reversals
from rawdeal.effects.classic.lowering.timing import after_damage, ends_turn_after_damage, paid_down, said_later
from rawdeal.effects.classic.lowering.turnorder import YOUR_TURN, continues, opened_midway
from rawdeal.effects.classic.lowering.statements import (
    Disqualified, ReadAsZero, _DeckRule, _GroupMod, _statement, first_next_turn,
)


# ------------------------------------------------------------------------------------------ frames
@dataclass(frozen=True, slots=True)
class _Ctx:
    kind: str = "play"  # "play", "reverse", "ring" (while this card is in the Ring area) or "ring start"
    as_type: CardType | None = None
    success: bool = False
    from_hand: bool = False
    zones: tuple[fx.Zone, ...] = ()  # "in": while this card is in these zones of yours; "activated": used from them
    once: bool = False  # "activated": once during each of your turns
    overturned: bool = False  # "reverse": "when overturned, reverse ..." (only when damage reveals it)
    played: fx.CardFilter | None = None  # "played": the successful plays that set the sentence off ...
    by: fx.Who = fx.Who.YOU  # ... and whose
    after_damage: bool = False  # "when successfully played and damage has been applied": only ending the turn
    source: fx.Zone | None = None  # "reversal": only reversals from the hand (the Arsenal); "when played": only
    # when the card is played from that zone; "left ring": only when it goes there (`by`: whose effect moves it)
    goes_on: bool = False  # "in": the sentence before made an effect used from there, which a plain sentence of
    # actions goes on with ("... you may put this card into your Ringside pile ... Your opponent may draw 1 card.")


def _frames(frames: Sequence[Frame], ctx: _Ctx | None, card: CardFacts) -> _Ctx | None:
    for frame in frames:
        if frame.kind == "as_kind":
            said = " ".join(w for w in words(frame) if w not in ("as", "a", "an"))
            if said == "reversal":
                ctx = _Ctx("reverse")
            elif said in ("action", "maneuver"):
                ctx = _Ctx("play", as_type=_TYPES[said])
            elif said == "mid-match action" and ctx is not None and ctx.kind in ("ring", "in"):
                # "When this card is in your Ring area, as a Mid-match action, you may ...": used in your turn
                ctx = _Ctx("activated", zones=ctx.zones or (fx.Zone.RING,))
            else:
                raise Unsupported(f"'as a {said}'")
        elif frame.kind == "on_success" and words(frame) == ["when", "successfully", "played"]:
            ctx = _Ctx("play", as_type=ctx.as_type if ctx else None, success=True)
        elif frame.kind == "on_play" and words(frame) == ["when", "played"] and not card.is_reversal:
            ctx = _Ctx("when played", as_type=ctx.as_type if ctx else None)
        elif not card.is_reversal and played_from(frame) is not None:  # "When played from your Ringside pile"
            ctx = _Ctx("when played", as_type=ctx.as_type if ctx else None, source=played_from(frame))
        elif card.only_reversal and played_from(frame) is not None and (ctx is None or ctx.kind in ("play", "reverse")):
            ctx = _Ctx("reverse", source=played_from(frame))  # "When played from your Ringside pile, reverse ..."
        elif after_damage(frame, card):
            ctx = _Ctx("play", as_type=ctx.as_type if ctx else None, success=True, after_damage=True)
        elif frame.kind == "while_in" and _in_own_ring(frame, card):
            ctx = _Ctx("ring")
        elif frame.kind == "when_cond" and _this_in_ring(frame):
            ctx = _Ctx("ring")
        elif frame.kind in ("when_cond", "if_cond") and _this_in_own(frame):
            ctx = _Ctx("in", zones=_this_in_own(frame))
        elif frame.kind == "before_phase" and words(frame) in (["before", "your", "opponent's", "draw segment"],
                                                              ["before", "his", "draw segment"]) and (
                ctx is not None and (ctx.kind == "ring" or ctx.kind == "activated" and ctx.by is fx.Who.OPPONENT
                                     and ctx.zones == (fx.Zone.RING,))
                or (ctx is None or ctx == _Ctx()) and stays_in_ring("play", _Ctx(), card)):
            # "Before your opponent's Draw Segment, he may ...": at the start of each of his turns
            if words(frame)[1] == "his" and not (ctx is not None and ctx.by is fx.Who.OPPONENT):
                raise Unsupported("'before his Draw Segment' of no turn of his")
            ctx = _Ctx("ring start", by=fx.Who.OPPONENT)
        elif frame.kind == "before_phase" and words(frame) == ["before", "every", "draw segment"] and (
                ctx is not None and ctx.kind == "ring"
                or (ctx is None or ctx == _Ctx()) and stays_in_ring("play", _Ctx(), card)):
            ctx = _Ctx("ring start", by=fx.Who.ALL)  # "Before every Draw Segment, ...": each player's turn
        elif frame.kind == "during" and words(frame) == ["during", "your", "opponent's", "turn"] and (
                ctx is not None and ctx.kind in ("ring", "in") or (ctx is None or ctx == _Ctx())
                and stays_in_ring("play", _Ctx(), card)):
            # "During your opponent's turn, he may discard 3 cards and then put this card into your Ringside pile"
            ctx = _Ctx("activated", zones=ctx.zones if ctx is not None and ctx.zones else (fx.Zone.RING,),
                       by=fx.Who.OPPONENT)
        elif frame.kind in ("during", "once_during") and ctx is not None and ctx.kind in ("ring", "in") \
                and words(frame) in YOUR_TURN:
            ctx = _Ctx("activated", zones=ctx.zones or (fx.Zone.RING,), once=frame.kind == "once_during")
        elif frame.kind in ("during", "once_during") and (ctx is None or ctx == _Ctx()) \
                and stays_in_ring("play", _Ctx(), card) and words(frame) in YOUR_TURN:
            # a Pre-match or Mid-match card's "Once during each of your turns you may ...": used from the Ring area
            ctx = _Ctx("activated", zones=(fx.Zone.RING,), once=frame.kind == "once_during")
        elif frame.kind == "at_edge" and ctx is not None and ctx.kind == "ring" \
                and words(frame) == ["at", "the", "start", "of", "your", "turn"]:
            ctx = _Ctx("ring start")
        elif card.is_superstar and frame.kind == "at_edge" and words(frame) == ["at", "the", "start", "of", "your", "turn"]:
            ctx = _Ctx("ability start")
        elif card.is_superstar and frame.kind == "once_during" and words(frame) in (
                ["once", "during", "each", "of", "your", "turn"], ["once", "during", "your", "turn"],
                ["once", "per", "turn"], ["once", "a", "turn"], ["once", "each", "turn"]):
            ctx = _Ctx("ability once")
        elif frame.kind == "before_phase" and ctx is not None and ctx.kind in ("ring start", "ability start") \
                and words(frame) == ["before", "your", "draw segment"]:
            continue  # the start of the turn is before the draw segment
        elif frame.kind == "before_phase" and ctx is not None and words(frame) == ["before", "your", "draw segment"] \
                and (ctx.kind == "ring" or (ctx.kind == "activated" and ctx.zones == (fx.Zone.RING,))):
            ctx = _Ctx("ring start", once=ctx.kind == "activated" and ctx.once)  # "(once during each of your turns,)
            # before your Draw Segment", "during your turn, before your Draw Segment": at the start of each of his turns
        elif frame.kind == "before_phase" and (ctx is None or ctx == _Ctx()) and stays_in_ring("play", _Ctx(), card) \
                and words(frame) == ["before", "your", "draw segment"]:
            ctx = _Ctx("ring start")  # a Pre-match card's bare "Before your Draw Segment, ...": from the Ring area
        elif card.is_superstar and frame.kind == "during" and words(frame) == ["during", "each", "of", "your", "turn"]:
            ctx = _Ctx("ability each turn")  # "During each of your turns, before your Draw Segment, ..."
        elif frame.kind == "before_phase" and ctx is not None and ctx.kind == "in" and ctx.zones == (fx.Zone.RINGSIDE,) \
                and words(frame) == ["before", "your", "draw segment"]:
            ctx = _Ctx("ringside start")  # "When this card is in your Ringside pile, before your Draw Segment, ..."
        elif frame.kind == "before_phase" and ctx is not None and ctx.kind in ("ability once", "ability each turn") \
                and words(frame) == ["before", "your", "draw segment"]:
            ctx = _Ctx("ability start")
        elif frame.kind == "at_edge" and words(frame) in (["at", "end", "of", "turn"], ["at", "the", "end", "of", "turn"],
                                                          ["at", "the", "end", "of", "your", "turn"],
                                                          ["at", "the", "end", "of", "the", "turn"]):
            ctx = _Ctx("end of turn")
        elif frame.kind == "at_edge" and end_of_prematch(words(frame)):
            ctx = _Ctx("pre-match end")
        elif frame.kind in ("then", "in_addition"):
            continue  # order and addition: the sentence simply follows
        elif frame.kind in ("if_reversed", "on_reversed") and words(frame)[1:] in (
                ["reversed"], ["reversed", "from", "your", "opponent's", "hand"], ["reversed", "from", "opponent's", "hand"]):
            ctx = _Ctx("reversed", from_hand=len(words(frame)) > 2)
        elif frame.kind == "on_overturned" and card.is_reversal and words(frame) in _OVERTURNED \
                and (ctx is None or ctx.kind in ("reverse", "ringside start", "in", "ring")):  # a new clause
            ctx = _Ctx("reverse", overturned=True)
        elif frame.kind == "if_so" and card.is_reversal:
            ctx = _Ctx("reverse")
        elif frame.kind in ("if_played", "on_play") and words(frame) in (["if", "played from", "your", "hand"],
                                                                           ["when", "played from", "your", "hand"]) \
                and card.is_reversal:
            ctx = _Ctx("reverse", from_hand=True)
        else:
            raise Unsupported(f"the opening {' '.join(words(frame))!r}")
    if ctx is not None and ctx.kind == "ability each turn":
        raise Unsupported("the opening 'during each of your turns' without a moment of the turn")
    return ctx


_OVERTURNED = (["when", "overturned"], ["if", "overturned", "from", "your", "arsenal"],
               ["if", "overturned", "from", "your", "arsenal", "while", "applying", "damage"])


def _in_own_ring(frame: Frame, card: CardFacts) -> bool:
    this = find(frame, "this_card")
    ref = next((p for p in frame.parts if isinstance(p, ZoneRef)), None)
    own = this is not None and (words(this) == ["this", "card"] or (bool(card.title) and words(this) == [card.title]))
    return own and ref is not None \
        and _zone(ref) == _Zones(fx.Who.YOU, (fx.Zone.RING,))


def _play_event(frame: Frame) -> tuple[fx.Who, fx.CardFilter | None] | None:
    """"when your opponent successfully plays a Heel card": (whose plays, which cards), or None for any
    other condition."""
    cond = find(frame, "condition")
    one = cond.parts[0] if cond is not None and len(cond.parts) == 1 else None
    if not (isinstance(one, Phrase) and one.kind == "player_did"):
        return None
    player = find(one, "player")
    verb = find(one, "card_verb")
    cards = [p for p in one.parts if isinstance(p, Cards)]
    if player is None or verb is None or words(verb) != ["successfully", "play"] or len(cards) != 1 \
            or len(one.parts) != 3:
        return None
    said = words(player)
    who = fx.Who.YOU if said == ["you"] else fx.Who.OPPONENT if said in (
        ["your", "opponent"], ["opponent"], ["he"]) else fx.Who.ALL if said in (["any", "player"],) else None
    d = _cards(cards[0])
    if who is None or d.count != fx.ONE:
        raise Unsupported(f"the condition {' '.join(words(one))!r}")
    flt = _filter(d)
    if flt.types == () and d.subtypes:
        flt = replace(flt, types=(CardType.MANEUVER,))
    return who, (None if flt == fx.ANY_CARD else flt)


_REVERSED_FROM = {(): None, ("from", "his", "hand"): fx.Zone.HAND, ("from", "his", "arsenal"): fx.Zone.ARSENAL,
                  # the engine plays no reversal from a Backlash deck: "from his hand or Backlash deck" is the hand
                  ("from", "his", "hand", "backlash deck"): fx.Zone.HAND}


def _reversal_event(frame: Frame) -> tuple[fx.CardFilter | None, fx.Zone | None, fx.Who] | None:
    """"if (whenever) your opponent reverses a Chain card from his hand": (which reversed cards, reversed from
    where, who reverses), or None for any other condition; "when you (your opponent) play a Reversal card": any card
    reversed with a reversal card from the hand."""
    cond = find(frame, "condition")
    one = cond.parts[0] if cond is not None and len(cond.parts) == 1 else None
    if not (isinstance(one, Phrase) and one.kind == "player_did"):
        return None
    player, verb = find(one, "player"), find(one, "card_verb")
    cards = [p for p in one.parts if isinstance(p, Cards)]
    places = [p for p in one.parts if isinstance(p, Phrase) and p.kind == "place"]
    if player is not None and verb is not None and words(verb) == ["play"] and len(cards) == 1 \
            and len(one.parts) == 3 and _cards(cards[0]) == _Desc(types=(CardType.REVERSAL,)):
        who = {("you",): fx.Who.YOU, ("your", "opponent"): fx.Who.OPPONENT}.get(tuple(words(player)))
        return None if who is None else (None, fx.Zone.HAND, who)  # played: from the hand (not overturned)
    if player is None or verb is None or words(verb) != ["reverse"] or len(cards) != 1 \
            or len(one.parts) != 3 + len(places) or len(places) > 1:
        return None
    where = tuple(words(places[0])) if places else ()
    if words(player) not in (["your", "opponent"], ["opponent"]) or where not in _REVERSED_FROM:
        raise Unsupported(f"the condition {' '.join(words(one))!r}")
    d = _cards(cards[0])
    if d.count != fx.ONE:
        raise Unsupported(f"the condition {' '.join(words(one))!r}")
    flt = _filter(d)
    if flt.types == () and d.subtypes:
        flt = replace(flt, types=(CardType.MANEUVER,))
    return (None if flt == fx.ANY_CARD else flt), _REVERSED_FROM[where], fx.Who.OPPONENT


def _this_in_own(frame: Frame) -> tuple[fx.Zone, ...]:
    """The zones of yours "when this card is in your Ringside pile (Ring area or Ringside pile)" names
    (none for any other condition)."""
    cond = find(frame, "condition")
    one = cond.parts[0] if cond is not None and len(cond.parts) == 1 else None
    if not (isinstance(one, Phrase) and one.kind == "this_is") or words(one)[:3] != ["this", "card", "is"]:
        return ()
    zone = find(one, "in_zone_event")
    if zone is None:
        return ()
    zones = _zone_in(zone)
    if zones.who is not fx.Who.YOU or not set(zones.zones) <= {fx.Zone.RING, fx.Zone.RINGSIDE}:
        return ()
    return zones.zones


def _this_in_ring(frame: Frame) -> bool:
    cond = find(frame, "condition")
    one = cond.parts[0] if cond is not None and len(cond.parts) == 1 else None
    if not (isinstance(one, Phrase) and one.kind == "this_is") or words(one)[:3] != ["this", "card", "is"]:
        return False
    zone = find(one, "in_zone_event")
    return zone is not None and _zone_in(zone) == _Zones(fx.Who.YOU, (fx.Zone.RING,))


# ------------------------------------------------------------------------------------------ sentences
def _any_next_card(made: object) -> bool:
    """Whether a statement made "your next card played this turn is ..." (whatever card it is): what the sentence
    says next of a card without naming one is said of that card ("is F:0 and you may ignore the '...' text")."""
    if not isinstance(made, fx.Modify) or made.per is not None:
        return False
    m = made.modifier
    return m.duration is fx.Duration.NEXT_CARD and m == fx.Modifier(m.stat, m.amount, m.duration, card_type=None,
                                                                    sets=m.sets, after=m.after)


def _items(sentence: Sentence, card: CardFacts, seq: _Seq) -> list[Any]:
    """The sentence's items lowered, joined: "or" between two actions is a choice."""
    sentence = shared_amount(sentence)
    groups: list[list[Any]] = [[]]
    either = False
    said_either: int | None = None  # where in the first group "either" opens the choice ("..., then either A or B")
    joined: list[str] = []
    may: int | None = None  # where the open "you may ..." stands in the group: it runs on until "then"
    one_of = False  # "Choose one: A; or B"
    first = sentence.items[0] if sentence.items else None
    # "Choose 1: A, B, or C": the commas part the options too (unless semicolons part them: "A, B; or C")
    choosing = isinstance(first, Action) and first.verb == "choose" and not first.subject \
        and len(first.parts) == 1 and words(first.parts[0]) in (["one"], ["1"]) \
        and not any(isinstance(i, Phrase) and i.kind == "joiner" and ";" in words(i) for i in sentence.items)
    actor: tuple[Any, ...] = ()  # the player who did the last action, when another than "you"
    overturned = False  # a "when overturned" said inside the sentence: the reversals after it are overturned-only
    for item in sentence.items:
        if isinstance(item, Action):
            item, actor = carried_subject(item, actor, joined, seq.printed)
        if isinstance(item, Action) and item.verb == "choose" and [words(p) for p in item.parts] == [["one"]]:
            one_of = True
        if isinstance(item, Phrase) and item.kind == "joiner":
            joined = words(item)
            if "or" in joined or (choosing and joined in ([","], [";"]) and bool(groups[-1])):
                groups.append([])
                either, may = True, None
            continue
        if isinstance(item, Action) and item.verb == "compare":
            seq.last = _compared(item)  # "All players compare their current Fortitude Rating": the next sentence acts on it
            continue
        if isinstance(item, Action) and len(groups) == 1 and said_either is None \
                and any(isinstance(p, Word) and p.text == "either" for p in item.subject):
            said_either = len(groups[0])
        if isinstance(item, Action):
            out = _declared(item, card, seq) if item.verb == "declare whether" else _used_or_action(item, seq, card)
            seq.found = next((a for o in out for a in _nested(o) if isinstance(a, fx.Search)), seq.found)
            if out:
                last = out[-1]
                if not (isinstance(last, fx.Optional) and not last.actions):  # an empty may keeps what was taken
                    seq.last = last.actions[-1] if isinstance(last, fx.Optional) and last.actions else last
                if isinstance(seq.last, _Instead):
                    seq.last = seq.last.new[-1]
            elif item.verb == "choose" and item.parts:
                pass  # what was chosen stays for the discard that follows
            if overturned:
                out = [replace(p, overturned_only=True) if isinstance(p, fx.Reverses) else p for p in out]
            group = groups[-1]
            modal = [words(p) for p in item.subject if isinstance(p, Phrase) and p.kind == "modal"]
            if modal == [["must", "first"]] and group and isinstance(group[-1], fx.Reverses) and out:
                group[-1] = replace(group[-1], cost=tuple(out))  # "reverse ..., but you must first discard 1 card"
                continue
            if may is not None and out and not item.subject and "then" not in joined:
                opt = group[may]
                group[may] = fx.Optional((*opt.actions, *out))
                continue
            if item.subject or "then" in joined:
                may = None
            if len(out) == 1 and isinstance(out[0], fx.Optional) and modal in ([["may"]], [["may", "then"]], [["can"]], [["can", "then"]]):
                may = len(group)
            group += out
        elif isinstance(item, Statement) and item.kind == "and_if" and find(item, "next_is") is not None:
            seq.next_card = _next_is(Frame("if_cond", item.parts))  # "...; and if your next card is a Strike maneuver, it is +5D"
        elif isinstance(item, Statement) and find(item, "where_tail") is not None:
            said = where_is(find(item, "where_tail"))  # "..., where # is equal to ...": the #s before it
            groups = [[_with_hash(p, said) for p in group] for group in groups]
        elif isinstance(item, Frame) and _lifetime(item) is not None:
            seq.lifetime = _lifetime(item)  # "...; next turn, all your maneuvers are +2D"
        elif isinstance(item, Frame) and item.kind == "on_overturned" and card.is_reversal \
                and words(item) in _OVERTURNED and not any(isinstance(p, fx.Reverses) for g in groups for p in g):
            overturned = True  # "As a reversal, this card is -7F, when overturned, reverse ...": what follows
        elif isinstance(item, Statement):
            made = [_lasting(p, seq.lifetime) for p in _statement(item, card, seq)]
            groups[-1] = said_later(groups[-1], made)  # "your maneuvers are +5D and ... +20F for the rest of the turn"
            out = [modify(p.modifier) if isinstance(p, _GroupMod) and p.said else p  # its lifetime said: an action
                   for p in made]
            seq.last = out[-1] if out and isinstance(out[-1], fx.Modify) else seq.last
            if len(out) == 1 and isinstance(out[0], _GroupMod) and not out[0].said and not out[0].modifier.per \
                    and out[0].modifier.stat is fx.Stat.FORTITUDE and not out[0].modifier.reversals:
                seq.group = out[0]  # "your Trademark Finishers are F:20 and you may ignore the '...' text"
            if seq.next_card is None and len(out) == 1 and _any_next_card(out[0]):
                seq.next_card, seq.next_when = _Desc(), fx.Duration.NEXT_CARD  # "... is F:0 and you may ignore ..."
            groups[-1] += out
        else:
            raise Unsupported(f"{' '.join(words(item))!r}")
    if isinstance(seq.last, (_Looked, _Taken)):  # taken or looked at, and never said where they go
        raise Unsupported(f"cards taken but put nowhere in {' '.join(words(sentence.items[-1]))!r}")
    if any(isinstance(a, fx.Optional) and not a.actions for g in groups for a in g):
        raise Unsupported("'you may' with nothing to do")
    groups = [_shuffled_in(unplaced(_instead(_disqualifying(g)))) for g in groups]
    if one_of and not either:
        raise Unsupported("'Choose one:' with one option (options are joined by 'or')")
    if not either:
        return groups[0]
    before = groups[0][:said_either or 0]  # "this card is -5D, put this card on the bottom of your Arsenal and then
    groups[0] = groups[0][said_either or 0:]  # either A or B": what comes before "either" happens either way
    if any(not g or not all(isinstance(a, _ACTIONS) for a in g) for g in groups):
        raise Unsupported("a choice between things that are not actions")
    first = groups[0][0]
    if isinstance(first, fx.Optional) and len(groups[0]) == 1:  # "you may either A or B": the choice is the may
        groups[0] = list(first.actions)
    return [*before, fx.Choice(tuple(tuple(g) for g in groups))]


def _used_or_action(item: Action, seq: _Seq, card: CardFacts) -> list[Any]:
    """The action lowered; "you may put this card into your Ringside pile to reverse ...": a reversal by using
    this card, at that cost."""
    used = reversing_purpose(item)
    if used is None:
        return _action(item, seq, card)
    cost, reverse = used
    return used_reversals(_action(cost, seq, card), reversing(reverse, card))


@dataclass(frozen=True, slots=True)
class _Compared:
    """"All players compare their current Fortitude Rating": what the next sentence's "the player with a
    higher Fortitude Rating" is."""


def _compared(action: Action) -> _Compared:
    if [words(p) for p in action.subject] not in ([["all", "player"]], [["each", "player"]], [["both", "player"]]) \
            or words(action)[-1] != "fortitude rating":
        raise Unsupported(f"compare {' '.join(words(action)[1:])!r}")
    return _Compared()


def _equalized(sentence: Sentence) -> list[Any]:
    """"The player with a higher Fortitude Rating must remove maneuver and/or reversal cards from their Ring
    area, putting them into his Ringside pile, until that player's Fortitude Rating is less than or equal to
    the others": the engine's `EqualizeFortitude`."""
    acts = [i for i in sentence.items if isinstance(i, Action)]
    until = [i for i in sentence.items if isinstance(i, Statement) and i.kind == "until_tail"]
    rest = [i for i in sentence.items
            if not isinstance(i, Action) and not (isinstance(i, Phrase) and i.kind == "joiner") and i not in until]
    said = " ".join(words(sentence.items[-1]))
    if len(acts) != 2 or len(until) != 1 or rest or sentence.frames:
        raise Unsupported(f"what the higher Fortitude Rating does in {said!r}")
    remove, put = acts
    subject = [words(p) for p in remove.subject]
    taken = _object_cards(remove)
    src, dest = _arg(remove, "from_arg"), _arg(put, "into_arg")
    if subject != [["the", "player", "with", "a", "greater", "fortitude rating"], ["must"]] or remove.verb != "remove" \
            or taken is None or set(taken.types) != {CardType.MANEUVER, CardType.REVERSAL} \
            or src is None or words(src)[-1] != "ring area" or put.verb != "put" or put.subject \
            or words(put.parts[0]) != ["them"] or dest is None or words(dest)[-1] != "ringside pile" \
            or words(until[0])[2:] != ["that", "player's", "fortitude rating", "is", "less", "than", "or equal to",
                                       "the", "other"]:
        raise Unsupported(f"what the higher Fortitude Rating does in {said!r}")
    return [fx.EqualizeFortitude()]


def _declared(action: Action, card: CardFacts, seq: _Seq) -> list[Any]:
    """"Declare whether it will be +4D or your opponent's reversal to it will be +8F": the owner picks
    one of the statements (each about the next card the sentence's "if" named) and says which."""
    if action.subject or seq.next_card is None:
        raise Unsupported(f"declare whether {' '.join(words(action)[2:])!r} (of which card)")
    options = []
    for said in (p for p in action.parts if isinstance(p, Phrase)):
        option = _statement(Statement(said.kind, said.parts), card, seq)
        if not option or not all(isinstance(a, fx.Modify) for a in option):
            raise Unsupported(f"declare whether {' '.join(words(said))!r}")
        options.append(tuple(option))
    return [fx.Choice(tuple(options), declare=True)]


def _lifetime(frame: Frame) -> fx.Duration | None:
    """How long an opening "next turn" or "for the rest of this turn" makes what follows last."""
    said = words(frame)
    if frame.kind == "next_turn" or frame.kind == "during" and said in (["on", "your", "next", "turn"],
                                                                         ["during", "your", "next", "turn"]):
        return fx.Duration.NEXT_TURN  # "Next turn, ...", "On your next turn, your maneuvers are +2D"
    if frame.kind == "for_the_rest" and said[-1] == "turn" and said[-2] in ("this", "the", "your"):
        return fx.Duration.REST_OF_TURN
    return None


def _lasting(part: Any, lifetime: fx.Duration | None) -> Any:
    """A group's modifier whose lifetime the sentence said in an opening frame."""
    if lifetime is None or not isinstance(part, _GroupMod) or part.said:
        return part
    return _GroupMod(replace(part.modifier, duration=lifetime), True)


def _disqualifying(parts: list[Any]) -> list[Any]:
    """"Opponent is Disqualified and you win the game": a win by disqualification."""
    out: list[Any] = []
    for part in parts:
        if out and isinstance(out[-1], Disqualified):
            if part != fx.WinGame("effect"):
                raise Unsupported("a disqualification without a win")
            out[-1] = fx.WinGame("disqualification")
        else:
            out.append(part)
    if any(isinstance(p, Disqualified) for p in out):
        raise Unsupported("a disqualification without a win")
    return out


def _instead(actions: list[Any]) -> list[Any]:
    """The actions with each `_Instead` put in place of the action it replaces (the same object, earlier in
    the same list or "may")."""
    out: list[Any] = []
    for a in actions:
        if isinstance(a, _Instead):
            at = next((i for i in range(len(out) - 1, -1, -1) if out[i] is a.prev), None)
            if at is None:
                raise Unsupported("a pronoun for an action of another clause")
            out[at:at + 1] = a.new
        elif isinstance(a, fx.Optional):
            out.append(replace(a, actions=tuple(_instead(list(a.actions)))))
        else:
            out.append(a)
    return out


def _shuffled_in(actions: list[Any]) -> list[Any]:
    """"Put this card back in your Arsenal, shuffle": cards put into an Arsenal that is shuffled right
    after are shuffled in (the course profile then puts them at the bottom, as it does every shuffle-in)."""
    out = list(actions)
    for i, (a, b) in enumerate(zip(actions, actions[1:])):
        if not isinstance(b, fx.Shuffle):
            continue
        if isinstance(a, fx.ReturnThis) and a.position is fx.Position.TOP and b.who is fx.Who.YOU:
            out[i] = fx.ReturnThis(fx.Position.SHUFFLE)
        elif isinstance(a, fx.MoveCards) and a.dest is fx.Zone.ARSENAL and a.position is fx.Position.TOP \
                and a.who is b.who:
            out[i] = replace(a, position=fx.Position.SHUFFLE)
    return out


_ACTIONS = (fx.Draw, fx.Discard, fx.DiscardThis, fx.ReturnThis, fx.MillTop, fx.MoveCards, fx.Search, fx.Shuffle,
            fx.LookAt, fx.Arrange, fx.SkipTurn, fx.EndTurn, fx.WinGame, fx.Modify, fx.EqualizeFortitude,
            fx.Choice, fx.Optional, fx.HoldSubmission, fx.MoveThis, fx.Restrict, fx.OnlyIf, fx.RemoveReversed,
            fx.ContinueTurn, fx.Blank)


def lower_sentence(sentence: Sentence, ctx: _Ctx | None, card: CardFacts,
                   seq: _Seq | None = None) -> tuple[_Ctx | None, list[Any]]:
    """(the context it leaves open, its parts): raises `Unsupported`. `seq`: what the card's earlier
    sentences left for pronouns ("look at the top 5 cards ... You may arrange them")."""
    meaningful = [w for w in sentence.ignored if not w.casefold().endswith("ly")]
    if meaningful:  # a manner adverb ("quickly") changes no rule; any other word might
        raise Unsupported(f"the unknown word {meaningful[0]!r}")
    if restates_hold(sentence, card):
        return ctx, [HoldRule()]  # "You and your opponent may not play maneuvers ... until ... the maintained Submission"
    from_zone = playable_from(sentence, card)
    if from_zone is not None:
        return ctx, [from_zone]  # "You may play this card from your Ringside pile"
    held = plays_held(sentence, seq is not None and seq.under, card.title)
    if held is not None:
        return ctx, [held]  # "You may play the cards under this card as if they were in your hand"
    sentence = by_doing(opening_as_tail(_lifetime_to_restrictions(sentence)))
    seq = seq or _Seq()
    drawn = in_draw_segment(sentence)
    if drawn is not None:  # "During your Draw Segment, draw an additional 3 cards"
        return _draw_segment(drawn, card, seq)
    after = first_next_after(sentence)
    first_next, seq.first_next = seq.first_next, after is not None
    if after is not None:  # "At the beginning of your next turn, your first card played is considered ... after X"
        return ctx, [after]
    frames = list(sentence.frames)
    seq.next_card = seq.condition = seq.lifetime = seq.group = None
    forced = False
    while frames and _lifetime(frames[0]) is not None:  # "Next turn, all your maneuvers are +2D"
        seq.lifetime = _lifetime(frames.pop(0))
    if len(frames) == 2 and frames[0].kind == "if_you_do" and after_damage(frames[1], card):
        frames.pop()  # "If you do, after damage has been applied, end your turn": the turn ends once the play is over
        if [ends_turn_after_damage(p) for p in _items(sentence, card, seq)] != [fx.EndTurn(fx.Who.YOU)]:
            raise Unsupported("an effect after damage has been applied other than ending your turn")
    if len(frames) == 1 and success_after(frames[0]) is not None:
        return _success_after(sentence, frames[0], ctx, card, seq)  # "When successfully played after X, ..."
    if len(frames) == 1 and frames[0].kind in ("if_he_does", "if_you_do") and words(frames[0])[1:] in (
            ["he", "do"], ["he", "do", "not"], ["you", "do"], ["you", "do", "not"]):
        said = words(frames[0])  # "Your opponent may overturn 5 cards. If he does not, he discards 2 cards."
        parts = _items(sentence, card, seq)
        if said[1:] == ["you", "do"] and parts and all(isinstance(p, _SelfStat) and p.paid is None for p in parts):
            return ctx, [replace(p, paid=fx.Paid.DONE) for p in parts]  # "If you do, this card is -10F"
        if not parts or not all(isinstance(p, _ACTIONS) for p in parts):
            raise Unsupported(f"what happens {' '.join(said)!r}")
        who = fx.Who.OPPONENT if said[1] == "he" else fx.Who.YOU
        return ctx, [_Answer(who, said[-1] != "not", tuple(parts))]
    frames, by = _played_by(either_opening(frames))
    # "During your turn, if this card is in your Ringside pile, you may ...": where the card lies comes first
    frames.sort(key=lambda f: not (f.kind in ("if_cond", "when_cond") and bool(_this_in_own(f))))
    event = _play_event(frames[-1]) if frames and frames[-1].kind in ("if_cond", "when_cond") else None
    if event is not None:  # "when (whenever, if) you successfully play a maneuver, ..."
        frames.pop()
        where = _frames(frames, ctx, card) if frames else None
        if where is not None and where.kind not in ("ring", "in"):
            raise Unsupported("a successful play setting off an effect in this context")
        # printed bare on a Pre-match or Mid-match card: while it lies in its owner's Ring area, where it stays
        kept = where is None and not card.is_superstar and stays_in_ring("play", _Ctx(), card)
        if where is None and not card.is_superstar and not kept:
            raise Unsupported("a successful play setting off an effect of a card in no zone")
        parts = _items(sentence, card, seq)
        _any_number_only_discarded(parts)
        zones = (fx.Zone.RING,) if kept else () if where is None else (where.zones or (fx.Zone.RING,))
        return _Ctx("played", zones=zones, played=event[1], by=event[0]), parts
    reversal = _reversal_event(frames[-1]) if frames and frames[-1].kind in ("if_cond", "when_cond") else None
    if reversal is not None:  # "when this card is in your Ring area, if your opponent reverses a maneuver, ..."
        frames.pop()
        where = _frames(frames, ctx, card) if frames else None
        zones = where.zones or (fx.Zone.RING,) if where is not None and where.kind in ("ring", "in") else \
            (fx.Zone.RING,) if where is None and stays_in_ring("play", _Ctx(), card) else ()
        if not zones and where is None and card.is_superstar:  # "When your opponent reverses a card, ...": his ability
            parts = _items(sentence, card, seq)
            _any_number_only_discarded(parts)
            return _Ctx("reversal", played=reversal[0], by=reversal[2], source=reversal[1]), parts
        if zones not in ((fx.Zone.RING,), (fx.Zone.RINGSIDE,)):
            raise Unsupported("a reversal setting off an effect of a card elsewhere than in the Ring area or Ringside pile")
        parts = _items(sentence, card, seq)
        _any_number_only_discarded(parts)
        return _Ctx("reversal", zones=zones, played=reversal[0], by=reversal[2], source=reversal[1]), parts
    leaving = left_ring(frames[0]) if frames and frames[0].kind in ("if_cond", "when_cond") else None
    if leaving is not None:  # "If this card is removed from your Ring area, ...": its own effect as it leaves
        return _Ctx("left ring", by=leaving[0], source=leaving[1]), _left_ring_parts(sentence, frames[1:], card, seq)
    seq.next_when = fx.Duration.NEXT_CARD
    if first_next and frames and frames[-1].kind == "if_cond" and it_is_first_next(frames[-1]) is not None:
        seq.next_card = it_is_first_next(frames.pop())  # "If it is a Strike maneuver, it is +5D": that first card
        seq.next_when = fx.Duration.FIRST_NEXT_TURN
    elif len(frames) == 1 and played_after(frames[0]) is not None:  # "When played after X, this card cannot be reversed"
        seq.condition = played_after(frames.pop())
    elif frames and frames[-1].kind in ("if_cond", "when_cond") and it_next(frames[-1]):
        seq.next_card = found_next(seq.found)  # "If it is your next card played this turn, ...": what was found
        frames.pop()
    elif frames and frames[-1].kind in ("if_cond", "when_cond") and _next_phrase(frames[-1]) is not None:
        ref = find(frames[-1], "next_ref")
        if ref is not None and first_next_turn(ref):
            seq.next_when = fx.Duration.FIRST_NEXT_TURN
        seq.next_card = _next_is(frames.pop())
    elif frames and frames[-1].kind in ("if_cond", "when_cond") and _forced_discard(frames[-1]):
        frames.pop()  # "If opponent forces you to discard a card from your hand, you may ...": a trigger
        forced = True
    elif frames and frames[-1].kind == "if_cond" and _held(frames[-1]) is not None:
        seq.last = _held(frames.pop())  # "If he has any cards titled X, he must discard them"
    elif frames and frames[-1].kind == "unless_cond" and isinstance(find(frames[-1], "condition"), Phrase):
        seq.condition = fx.Not(condition(find(frames.pop(), "condition")))  # type: ignore[arg-type]  # "Unless ..."
    elif frames and frames[-1].kind in ("if_cond", "when_cond") and not _this_in_own(frames[-1]):
        cond = find(frames[-1], "condition")
        if cond is not None and isinstance(cond, Phrase):
            seq.condition = condition(cond)
            frames.pop()
    elif len(frames) > 2 and _this_in_own(frames[0]) and frames[1].kind == "if_cond" \
            and isinstance(find(frames[1], "condition"), Phrase):
        # "When this card is in your Ring area, if your Fortitude Rating is 5 or greater, during your turn you
        # may ...": the condition on what the later openings start
        seq.condition = condition(find(frames.pop(1), "condition"))  # type: ignore[arg-type]
    if by is not None:
        if seq.condition is not None or seq.next_card is not None or forced:
            raise Unsupported("'played by' with another condition")
        seq.condition = by
    if isinstance(seq.last, _Compared):
        seq.last = None
        return _frames(frames, ctx, card), _equalized(sentence)
    new = _frames(frames, ctx, card)
    if forced:
        if new is not None and new.kind != "play" or frames:
            raise Unsupported("a forced discard's trigger in another context")
        new = _Ctx("forced discard")
    parts = _items(sentence, card, seq)
    _any_number_only_discarded(parts)
    if seq.condition is not None and any(isinstance(p, UsedReversal) for p in parts):
        # "When this card is in your Ring area, if your Fortitude Rating is 15 or greater, you may put this card
        # into your Ringside pile to reverse ...": the condition is the reversal's
        parts = [UsedReversal(replace(p.reverses, condition=seq.condition)) if isinstance(p, UsedReversal)
                 and p.reverses.condition is None else p for p in parts]
    elif seq.condition is not None and any(isinstance(p, fx.Reverses) for p in parts):
        # "If your Fortitude Rating is less than your opponent's, reverse any maneuver and end his turn": the
        # reversal holds the condition; what it does happens only when it reverses
        at = next(i for i, p in enumerate(parts) if isinstance(p, fx.Reverses))
        parts = [*(_conditioned(p, seq.condition) for p in parts[:at]),
                 *(replace(p, condition=seq.condition) if isinstance(p, fx.Reverses) and p.condition is None
                   else p if isinstance(p, _ACTIONS) else _conditioned(p, seq.condition) for p in parts[at:])]
    elif seq.condition is not None and parts and all(isinstance(p, _ACTIONS) for p in parts) \
            and about_the_state(seq.condition):
        parts = [fx.OnlyIf(seq.condition, tuple(parts))]  # "If X is in your Ring area, draw 2 cards"
    elif seq.condition is not None:
        parts = _all_conditioned(parts, seq.condition)
    if any(f.kind == "as_kind" for f in frames) and new is not None and new.as_type is CardType.ACTION:
        # "As an action, you may discard this card to draw 1 card": choosing to play it as an action is the may
        parts = [a for p in parts for a in (p.actions if isinstance(p, fx.Optional) else (p,))]
    return new, parts


def _draw_segment(sentence: Sentence, card: CardFacts, seq: _Seq) -> tuple[_Ctx, list[Any]]:
    """A sentence of additional cards drawn in the Draw segment (`segments.in_draw_segment`): of a card while it lies
    in its owner's Ring area ("When this card is in your Ring area, ...", or bare on a Pre-match or Mid-match card,
    which stays there), or of a Superstar."""
    where = _frames(list(sentence.frames), None, card) if sentence.frames else None
    if where is not None and where.kind == "ring" or where is None and not card.is_superstar \
            and stays_in_ring("play", _Ctx(), card):
        new = _Ctx("draw segment", zones=(fx.Zone.RING,))
    elif where is None and card.is_superstar:
        new = _Ctx("draw segment")
    else:
        raise Unsupported("additional cards drawn in the Draw segment of a card in no Ring area")
    seq.next_card = seq.condition = seq.lifetime = seq.group = None
    parts = _items(sentence, card, seq)
    _any_number_only_discarded(parts)
    return new, parts


def _left_ring_parts(sentence: Sentence, rest: list[Frame], card: CardFacts, seq: _Seq) -> list[Any]:
    """What a card leaving the Ring area does; "..., if you are a Diva Superstar, you may draw 1 card": only while a
    condition on the game's state then holds. Any other opening after it is reported."""
    cond = find(rest[0], "condition") if len(rest) == 1 and rest[0].kind == "if_cond" else None
    if rest and not isinstance(cond, Phrase):
        raise Unsupported("a card leaving the Ring area under another opening")
    parts = _items(sentence, card, seq)
    _any_number_only_discarded(parts)
    if not isinstance(cond, Phrase):
        return parts
    said = condition(cond)
    if not parts or not all(isinstance(p, _ACTIONS) for p in parts) or not about_the_state(said):
        raise Unsupported(f"the condition {' '.join(words(cond))!r} on a card leaving the Ring area")
    return [fx.OnlyIf(said, tuple(parts))]


def _success_after(sentence: Sentence, frame: Frame, ctx: _Ctx | None, card: CardFacts,
                   seq: _Seq) -> tuple[_Ctx | None, list[Any]]:
    """"When successfully played after a High Risk maneuver, you may put up to 3 High Risk maneuvers ... into your
    hand": its actions when successfully played, guarded by the card played before it (`OnlyIf`, which the engine asks
    of the play in progress)."""
    plain, cond = success_after(frame)  # type: ignore[misc]  # the caller checked it is one
    new = _frames([plain], ctx, card)
    parts = _items(sentence, card, seq)
    _any_number_only_discarded(parts)
    if not parts or not all(isinstance(p, _ACTIONS) for p in parts):
        raise Unsupported("what a successful play after a card does, other than actions")
    return new, [fx.OnlyIf(cond, tuple(parts))]


def _lifetime_to_restrictions(sentence: Sentence) -> Sentence:
    """"During his next turn, he cannot play Maneuver cards" is "he cannot play Maneuver cards during his next
    turn": an opening lifetime on a sentence of restrictions only is each restriction's."""
    during = [f for f in sentence.frames if f.kind == "during" and words(f)[-2:] == ["next", "turn"]]
    acts = [i for i in sentence.items if isinstance(i, Action)]
    if len(during) != 1 or not acts or len(acts) != len(sentence.items) or any(
            i.verb != "play" or find(i, "during_arg") is not None
            or [words(p) for p in i.subject if isinstance(p, Phrase) and p.kind == "modal"] != [["cannot"]]
            for i in acts):
        return sentence
    arg = Phrase("during_arg", during[0].parts)
    return replace(sentence, frames=tuple(f for f in sentence.frames if f is not during[0]),
                   items=tuple(replace(i, parts=(*i.parts, arg)) for i in acts))


def _played_by(frames: list[Frame]) -> tuple[list[Frame], fx.Condition | None]:
    """"When successfully played by The Rock, ...", "If played by Tazz, ...": the frames without whose play it
    is (a successful play stays one; "if/when played" is the card's plain text) and the condition on the
    player's Superstar."""
    out: list[Frame] = []
    found: fx.Condition | None = None
    for frame in frames:
        said = words(frame)
        by = find(frame, "played_by")
        if by is None or frame.kind not in ("if_played", "on_play", "on_success") or found is not None:
            out.append(frame)
            continue
        found = played_by(by)
        if frame.kind == "on_success" and said[:2] == ["when", "successfully"] and len(frame.parts) == 3:
            out.append(Frame("on_success", (*frame.parts[:2], Word("played"))))
        elif frame.kind == "on_success" or len(frame.parts) != 2 or said[0] not in ("if", "when"):
            raise Unsupported(f"the opening {' '.join(said)!r}")
    return out, found


def _with_hash(part: Any, said: fx.CountOf) -> Any:
    """The action with each `#` count of it (and of the actions inside it) made `said`."""
    if isinstance(part, (fx.Optional,)):
        return replace(part, actions=tuple(_with_hash(a, said) for a in part.actions))
    if isinstance(part, fx.Choice):
        return replace(part, options=tuple(tuple(_with_hash(a, said) for a in o) for o in part.options))
    count = getattr(part, "count", None)
    if isinstance(count, fx.Count) and count.of is HASH:
        return replace(part, count=replace(count, of=said))
    if is_hashed(part):  # "This card is +#F", "your next card played this turn is -#F", "your cards are -#F"
        return hash_said(part, said)
    return part


def _any_number_only_discarded(parts: list[Any]) -> None:
    """"Any number of cards" is a count the player gives, which the engine asks for a discard from his
    own hand and for cards the card's owner moves ("put any number of cards from your hand on the bottom of your
    Arsenal"); anywhere else it cannot run yet."""
    for part in parts:
        for a in _nested(part):
            if getattr(getattr(a, "count", None), "of", None) is HASH or is_hashed(a):
                raise Unsupported("the quantity '#' (never said what it is equal to)")
            if getattr(a, "count", None) == fx.ANY_NUMBER and not (
                    isinstance(a, fx.Discard) and a.who is a.chooser is fx.Who.YOU and not a.random
                    or isinstance(a, fx.MoveCards) and a.chooser is fx.Who.YOU and not a.random):
                raise Unsupported("the quantity 'any number of'")


def _nested(part: Any) -> list[Any]:
    inner = getattr(part, "actions", None) or [x for opt in getattr(part, "options", ()) for x in opt]
    return [part, *(a for x in inner for a in _nested(x))]


def _all_conditioned(parts: list[Any], cond: fx.Condition) -> list[Any]:
    """"When your opponent is a Male Superstar, this card is -10F, discard this card and draw 1 card": each
    part under the opening condition, each run of actions guarded by it (`OnlyIf`, a condition on the state)."""
    out: list[Any] = []
    for part in parts:
        if isinstance(part, _ACTIONS) and about_the_state(cond):
            if out and isinstance(out[-1], fx.OnlyIf) and out[-1].condition is cond:
                out[-1] = fx.OnlyIf(cond, (*out[-1].actions, part))
            else:
                out.append(fx.OnlyIf(cond, (part,)))
        else:
            out.append(_conditioned(part, cond))
    return out


def _conditioned(part: Any, cond: fx.Condition) -> Any:
    """An opening "if/when <condition>," on what can hold a condition: this card's own F/D, its "cannot be
    reversed", its play requirement."""
    if isinstance(part, (fx.SuperstarStat, fx.RingRoom)):
        return conditional_line(part, cond)
    if isinstance(part, _SelfStat) and part.condition is None:
        return replace(part, condition=cond)
    if isinstance(part, _GroupMod) and not part.said and part.modifier.condition is None and about_the_state(cond):
        return replace(part, modifier=replace(part.modifier, condition=cond))  # while it holds, in the Ring area
    if isinstance(part, (fx.Irreversible, fx.Permanent)) and part.condition is None:
        return replace(part, condition=cond)
    if isinstance(part, fx.BlanksAbility) and part.condition is None and about_the_state(cond) \
            and not _asks_superstar_value(cond):  # (the ability may change his Superstar Value: it is not read here)
        return replace(part, condition=cond)
    if isinstance(part, fx.PlayRequirement) and isinstance(cond, fx.Not):  # "Unless your Superstar is Trish Stratus,
        return replace(part, condition=fx.AnyOf((cond.condition, part.condition)))  # can only be played after X"
    raise Unsupported("a condition on an effect the engine cannot make conditional yet")


def _forced_discard(frame: Frame) -> bool:
    """"If (an) opponent forces you to discard a card (from your hand)": the card's trigger from the hand."""
    cond = find(frame, "condition")
    one = cond.parts[0] if cond is not None and len(cond.parts) == 1 else None
    if not isinstance(one, Phrase) or one.kind != "player_forces":
        return False
    players = [words(p) for p in one.parts if isinstance(p, Phrase) and p.kind == "player"]
    places = [p for p in one.parts if isinstance(p, Phrase) and p.kind == "place"]
    cards = next((p for p in one.parts if isinstance(p, Cards)), None)
    return players in ([["opponent"], ["you"]], [["your", "opponent"], ["you"]]) and find(one, "card_verb") is not None \
        and words(find(one, "card_verb")) == ["discard"] and cards is not None and _cards(cards) == _Desc() \
        and all(_zone_in(p) == _Zones(fx.Who.YOU, (fx.Zone.HAND,)) for p in places)


def _held(frame: Frame) -> _Held | None:
    cond = find(frame, "condition")
    return holding(cond) if isinstance(cond, Phrase) else None


def _next_phrase(frame: Frame) -> Phrase | None:
    """"your next card played this turn is a Strike maneuver", "Arm Bar is the next card you play this turn"."""
    found = find(frame, "next_is")
    if found is None:
        one = find(frame, "card_is")
        found = one if one is not None and find(one, "next_ref") is not None else None
    return found if isinstance(found, Phrase) else None


def _next_is(frame: Frame) -> _Desc:
    """"if your next card played this turn is a Strike maneuver": which card the next sentence changes."""
    cond = _next_phrase(frame)
    assert cond is not None
    ref = find(cond, "next_ref")
    cards = next((p for p in cond.parts if isinstance(p, Cards)), None)
    said = words(cond)
    titled = values(cond, ValueKind.TITLE) if cond.kind == "next_is" and said[-2:-1] == ["titled"] else []
    if ref is None or (cards is None and len(titled) != 1) or len(cond.parts) != (3 if cards else 4) \
            or (words(ref)[:3] not in (["your", "next", "card"], ["the", "next", "card"]) and not first_next_turn(ref)) \
            or (words(ref)[:3] == ["the", "next", "card"] and words(ref)[3:] != ["you", "play", "this", "turn"]):
        raise Unsupported(f"the condition {' '.join(said)!r}")
    if titled or cards is None:  # "if the next card you play this turn is titled Clothesline"
        return _Desc(title=titled[0].text)
    d = _cards(cards)
    if d.title and replace(d, title=None, types=()) == _Desc():  # "is the card titled Maintain Hold"
        return replace(d, types=())  # the card so titled, played as whatever it is
    if d.count != fx.ONE or d.title or len(d.types) > 1 \
            or not (d.types or d.marks or d.trait or d.not_trait or d.not_marks):
        raise Unsupported(f"the condition {' '.join(words(cond))!r}")
    return d  # what the next card must be is checked by the modifier that reads it (`timing.next_modifier`)




def lower(compiled: CompiledText, card: CardFacts, starts: Sequence[int] = ()) -> LoweredText:
    """Lower every sentence; the effect only when all parsed and lowered (else the reasons).
    `starts`: each sentence's offset in the card text (for the columns of what did not lower)."""
    ctx: _Ctx | None = None
    clauses: list[Any] = []
    bad: list[Unlowered] = []
    starts = starts or compiled.starts
    offsets = [s + 1 for s in starts] if len(starts) == len(compiled.sentences) else [1] * len(compiled.sentences)
    printed = compiled.printed if len(compiled.printed) == len(compiled.sentences) else ()
    seq = _Seq()
    for i, (sentence, column) in enumerate(zip(compiled.sentences, offsets)):
        if isinstance(sentence, SentenceFailure):
            bad.append(Unlowered(sentence.column, sentence.sentence, PARSE_FAILED + sentence.message()))
            continue
        try:
            seq.printed = printed[i] if printed else ""
            for piece in opened_midway(sentence):  # "..., your maneuvers are +1D and during your turn you may ..."
                new, parts = lower_sentence(piece, ctx, card, seq)
                seq.under = seq.under or puts_under(parts)
                if card.is_superstar and not piece.frames:  # a Superstar's "Your Action cards are -3F": always
                    parts = [_AbilityModifier(p.modifier) if isinstance(p, _GroupMod) and not p.said
                             and not p.modifier.everyone else p for p in parts]
                ctx = _assemble(clauses, parts, new or _Ctx(), card)
        except Unsupported as exc:
            bad.append(Unlowered(column, printed[i] if printed else _said(sentence), exc.reason))
    if isinstance(seq.last, _Compared):
        bad.append(Unlowered(1, printed[-1] if printed else "", "a comparison that decides nothing"))
    if not bad and any(isinstance(c, Pending) for c in clauses):
        bad.append(Unlowered(1, "", "a card chosen in a Ring area that nothing is done to"))
    if bad:
        return LoweredText(None, tuple(bad))
    try:
        clauses = checked_hold(_variable_damage(_required(clauses)))
        ability, rest = _ability(clauses, card)
    except Unsupported as exc:
        return LoweredText(None, (Unlowered(1, "", exc.reason),))
    effect = fx.CardEffect(tuple(rest))
    if not card.title and _mentions_own(effect):  # "for every copy of this card", of no title known
        return LoweredText(None, (Unlowered(1, "", "the copies of a card whose title is not known"),))
    if (not printed or any("that card" in p.casefold() for p in printed)) \
            and any(_names_reversed(c) for c in effect.clauses if not isinstance(c, fx.OnReverse)):
        return LoweredText(None, (Unlowered(1, "", "'copies of that card' where no card was reversed"),))
    effect, ability = resolve_names((effect, ability), card.names, card.known)
    unknown = unknown_name((effect, ability), card.known, card.names)
    if unknown:
        return LoweredText(None, (Unlowered(1, "", f"the Superstar name {unknown!r}, which no card of the pool bears"),))
    if card.known or card.title:
        effect = _resolve_titles(effect, card.known, card.title)
        ability = _resolve_titles(ability, card.known, card.title) if ability is not None else None
    return LoweredText(effect, ability=ability)


@dataclass(frozen=True, slots=True)
class _ReversalRequirement:
    """"As a reversal, can only be played if ...": a condition every reversal of the card holds to."""

    condition: fx.Condition


def _required(clauses: list[Any]) -> list[Any]:
    """The card's reversals under its requirements as a reversal (the reversing player's condition)."""
    needs = [c.condition for c in clauses if isinstance(c, _ReversalRequirement)]
    if not needs:
        return clauses
    reverses = [c for c in clauses if isinstance(c, fx.Reverses) and c.zone is None]
    if not reverses:
        raise Unsupported("a requirement on playing a reversal that reverses nothing")
    out = []
    for c in clauses:
        if isinstance(c, fx.Reverses) and c.zone is None:
            held = [cond for cond in (c.condition, *needs) if cond is not None]
            c = replace(c, condition=held[0] if len(held) == 1 else fx.AllOf(tuple(held)))
        if not isinstance(c, _ReversalRequirement):
            out.append(c)
    return out


def _names_reversed(value: object) -> bool:
    """Whether a lowered clause picks "copies of that card" (a reversal's: `CardFilter.as_reversed`) anywhere."""
    if isinstance(value, fx.CardFilter):
        return value.as_reversed
    parts = value if isinstance(value, tuple) else [getattr(value, name) for name in field_names(value)]
    return any(_names_reversed(p) for p in parts if not isinstance(p, (str, int, bool)) and p is not None)


def _mentions_own(value: object) -> bool:
    """Whether a lowered effect names this card's own title (`OWN_TITLE`) anywhere."""
    if isinstance(value, str):
        return value == OWN_TITLE
    parts = value if isinstance(value, tuple) else [getattr(value, name) for name in field_names(value)]
    return any(_mentions_own(p) for p in parts)


def _variable_damage(clauses: list[Any]) -> list[Any]:
    """"# = D of maneuver card being reversed. Read as 0 when in your Ring area": the engine's
    `VariableDamage` is both sentences; a card saying only one of them is not run."""
    zero = [c for c in clauses if isinstance(c, ReadAsZero)]
    damage = [c for c in clauses if isinstance(c, fx.VariableDamage)]
    if len(zero) != len(damage) or len(damage) > 1:
        raise Unsupported("a variable damage '#' without its 'read as 0 in your Ring area'" if damage
                          else "'read as 0' of no variable damage")
    return [c for c in clauses if not isinstance(c, ReadAsZero)]


_TITLE_FIELDS = ("title", "after_title")
_TITLES_FIELDS = ("titles", "named", "naming")  # "(including the card titled X)", "that specifically reverse ..."
_T = TypeVar("_T")


def _resolve_titles(value: _T, known: Mapping[str, str], own: str = "") -> _T:
    """Titles as the card database spells them ("Kane's Choke Slam" is "Kane's Chokeslam"): a title is
    matched ignoring case, spaces and punctuation; one the database does not hold stays as printed. `OWN_TITLE`
    ("every copy of this card") is the card's own title, `own`."""
    if isinstance(value, tuple):
        return tuple(_resolve_titles(v, known, own) for v in value)  # type: ignore[return-value]
    changes: dict[str, Any] = {}
    for name in field_names(value):
        old = getattr(value, name)
        if name in _TITLE_FIELDS and isinstance(old, str):
            new: Any = own if old == OWN_TITLE and own else known.get(normalize_title(old), old)
        elif name in _TITLES_FIELDS and isinstance(old, tuple):  # "the card titled A or B" (`CardFilter.titles`)
            new = tuple(known.get(normalize_title(t), t) for t in old)
            new = old if new == old else new
        else:
            new = _resolve_titles(old, known, own)
        if new is not old:
            changes[name] = new
    if not changes:
        return value
    changed: _T = replace(cast(Any, value), **changes)  # a dataclass: it has fields
    return changed


def _said(sentence: Sentence) -> str:
    from rawdeal.effects.classic.render import render_sentence

    return render_sentence(sentence)


def _assemble(clauses: list[Any], parts: list[Any], ctx: _Ctx, card: CardFacts) -> _Ctx:
    """Each part into its clause: actions join the context's `OnPlay` / `OnReverse` (consecutive
    sentences in one context make one clause), a `Reverses` opens the reversal context; the actions of
    a sentence "when this card is in your Ring area, during your turn you may ..." make one `Activated`."""
    used: list[Any] = []
    for part in parts:
        if continues(part) and ctx.kind not in ("reversal", "reverse"):
            raise Unsupported("'continue your turn' where no reversal ends it")
        if ctx.after_damage:
            _add_action(clauses, ends_turn_after_damage(part), ctx)
        elif isinstance(part, UsedReversal):
            used_from = _used_from(ctx, card)
            clauses.append(placed(part, used_from, card))
            ctx = _Ctx("used reversal", zones=used_from)
        elif ctx.kind == "used reversal" and part == fx.EndTurn(fx.Who.OPPONENT):
            continue  # "... and end your opponent's turn": as any reversal does
        elif ctx.kind == "used reversal":
            raise Unsupported("what a reversal by using a card does besides ending the turn")
        elif isinstance(part, fx.Reverses):
            if ctx.kind == "reverse" and ctx.from_hand:  # "If played from your hand, may reverse ..."
                part = replace(part, from_hand_only=True)
            if ctx.kind == "reverse" and ctx.overturned:  # "When overturned, reverse ...": from the Arsenal only
                part = replace(part, overturned_only=True)
            if ctx.kind == "reverse" and ctx.source is not None:  # "When played from your Ringside pile, reverse ..."
                part = replace(part, played_from=ctx.source)
            # the next clause of the sentence ("reverse the cards titled A, B, ...": one a title) keeps the limits
            ctx = _Ctx("reverse", from_hand=part.from_hand_only, overturned=part.overturned_only, source=part.played_from)
            clauses.append(part)
        elif isinstance(part, _GroupMod) and not part.said and (ctx.kind == "ring" or stays_in_ring(ctx.kind, ctx, card)):
            clauses.append(fx.WhileInRing(part.modifier))  # "Your maneuvers are +2D" on a Pre-match card
        elif isinstance(part, _GroupMod) and ctx.kind in ("play", "reverse") and part.said:
            _add_action(clauses, modify(part.modifier), ctx)
        elif isinstance(part, HashBound):  # "# cannot be greater than 6": the # of the sentence before
            if not clauses:
                raise Unsupported("a bound on '#' opening a text")
            clauses[-1] = bounded(clauses[-1], part)
        elif isinstance(part, _AbilityModifier):
            clauses.append(part)
        elif isinstance(part, fx.OpponentCannotPlay):  # only while the card lies in its owner's Ring area
            if not (ctx.kind == "ring" or stays_in_ring(ctx.kind, ctx, card)):
                raise Unsupported("'your opponent cannot play' without a lifetime outside the Ring area")
            clauses.append(part)
        elif isinstance(part, RingChoice):  # "choose 1 card in your opponent's Ring area": its place, until said what for
            clauses.append(Pending(part.chosen, ctx))
        elif isinstance(part, BlankChosen):  # "When this card is in your Ring area, that card has blank text"
            if not (ctx.kind == "ring" or stays_in_ring(ctx.kind, ctx, card)):
                raise Unsupported("blanking the chosen card without a lifetime")
            _blank_chosen(clauses, part)
        elif isinstance(part, fx.BlanksAbility):  # only while the card lies in its owner's Ring area
            if not (ctx.kind == "ring" or stays_in_ring(ctx.kind, ctx, card)):
                raise Unsupported("blanking an ability without a lifetime outside the Ring area")
            clauses.append(part)
        elif isinstance(part, fx.MakesPermanent):  # only while the card lies in its owner's Ring area
            if not (ctx.kind == "ring" or stays_in_ring(ctx.kind, ctx, card)):
                raise Unsupported("'considered Permanent' without a lifetime outside the Ring area")
            clauses.append(part)
        elif isinstance(part, fx.PlaysHeld):  # a standing permission of the card, while in its owner's Ring area
            clauses.append(part)
        elif isinstance(part, fx.Permanent) and ctx.kind not in ("play", "ring"):
            raise Unsupported("'cannot be removed' in another context")
        elif isinstance(part, _GroupMod):
            raise Unsupported("a modifier without a lifetime outside the Ring area")
        elif ctx.kind == "ring start" and ctx.by is not fx.Who.YOU and isinstance(part, _ACTIONS):
            used.append(_their_start(part))
        elif ctx.kind == "ring start" and ctx.once and isinstance(part, _ACTIONS):
            used.append(part)  # "once during each of your turns, before your Draw Segment, you may ..."
        elif ctx.kind == "ring start" and isinstance(part, _ACTIONS):
            last = clauses[-1] if clauses else None
            if isinstance(last, fx.Triggered) and last.trigger is fx.Trigger.START_OF_TURN:
                clauses[-1] = replace(last, actions=(*last.actions, part))
            else:
                clauses.append(fx.Triggered(fx.Trigger.START_OF_TURN, (part,), zone=fx.Zone.RING))
        elif ctx.kind == "ringside start" and isinstance(part, _ACTIONS):
            last = clauses[-1] if clauses else None  # the "you may" stays an action: the owner is asked
            if isinstance(last, fx.Triggered) and last.trigger is fx.Trigger.START_OF_TURN and last.zone is fx.Zone.RINGSIDE:
                clauses[-1] = replace(last, actions=(*last.actions, _this_moved(part)))
            else:
                clauses.append(fx.Triggered(fx.Trigger.START_OF_TURN, (_this_moved(part),), zone=fx.Zone.RINGSIDE))
        elif ctx.kind.startswith("ability") and isinstance(part, _ACTIONS):
            clauses.append(_AbilityPart(ctx.kind, part))
        elif ctx.kind == "pre-match end" and isinstance(part, _ACTIONS):
            _add_triggered(clauses, fx.Trigger.END_OF_PREMATCH, fx.Zone.RING, _this_moved(part))
        elif ctx.kind == "forced discard" and isinstance(part, _ACTIONS):
            _add_triggered(clauses, fx.Trigger.FORCED_DISCARD, fx.Zone.HAND, part)
        elif ctx.kind == "reversed" and isinstance(part, _ACTIONS):
            trigger = fx.Trigger.REVERSED_FROM_HAND if ctx.from_hand else fx.Trigger.REVERSED
            last = clauses[-1] if clauses else None
            if isinstance(last, fx.Triggered) and last.trigger is trigger:
                clauses[-1] = replace(last, actions=(*last.actions, part))
            else:
                clauses.append(fx.Triggered(trigger, (part,), zone=fx.Zone.RINGSIDE))
        elif ctx.kind == "when played" and isinstance(part, _ACTIONS):
            part = only_played_from(part, ctx.source)
            last = clauses[-1] if clauses else None
            if isinstance(last, fx.WhenPlayed) and last.as_type is ctx.as_type:
                clauses[-1] = replace(last, actions=joined(last.actions, part))
            else:
                clauses.append(fx.WhenPlayed((part,), ctx.as_type))
        elif ctx.kind == "end of turn" and isinstance(part, _ACTIONS):
            last = clauses[-1] if clauses else None
            if isinstance(last, fx.Delayed) and last.trigger is fx.Trigger.END_OF_TURN:
                clauses[-1] = replace(last, actions=(*last.actions, part))
            else:
                clauses.append(fx.Delayed(fx.Trigger.END_OF_TURN, (part,)))
        elif isinstance(part, _FollowUp):
            clauses.append(part.clause)
        elif isinstance(part, _Answer):
            _answered(clauses, part)
        elif isinstance(part, fx.RemoveReversed) and ctx.kind != "reverse":
            raise Unsupported("the reversed card, said where the card reverses nothing")
        elif ctx.kind in ("activated", "played", "reversal", "left ring", "draw segment") and isinstance(part, _ACTIONS):
            used.append(part)
        elif ctx.kind == "in" and ctx.goes_on and isinstance(part, _ACTIONS) and isinstance(clauses[-1], fx.Activated):
            clauses[-1] = replace(clauses[-1], actions=(*clauses[-1].actions, _this_moved(part)))
        elif ctx.kind in ("ring", "in") and isinstance(part, _ACTIONS) and not used and is_ace(part):
            ctx = _Ctx("activated", zones=ctx.zones or (fx.Zone.RING,))  # the rulebook's ACE: used in your turn
            used.append(part)
        elif ctx.kind in ("ring", "in") and isinstance(part, _ACTIONS):
            raise Unsupported(f"an effect used from the {' or '.join(ctx.zones or (fx.Zone.RING,))} without saying when")
        elif isinstance(part, _ACTIONS):
            _add_action(clauses, part, ctx)
        elif isinstance(part, _SelfStat) and part.paid is not None:
            clauses.append(paid_down(clauses, part, ctx.as_type))  # F paid down by the "When played" payment
        elif isinstance(part, _SelfStat) and ctx.kind == "reverse":
            # "As a reversal, this card is -5F": its F to reverse with (`rules.reversal_cost`), not as a maneuver
            if part.stat is not fx.Stat.FORTITUDE or part.per_title_word or part.per is not None:
                raise Unsupported("a reversal's own damage, or an amount per card, changed")
            clauses.append(fx.StatChange(part.stat, part.amount, part.condition, CardType.REVERSAL))
        elif isinstance(part, _SelfStat):
            part = only_played_from(part, ctx.source) if ctx.kind == "when played" else part
            clauses.append(fx.StatChange(part.stat, part.amount, part.condition, ctx.as_type, part.per_title_word,
                                         on_success=ctx.success, per=part.per))
        elif isinstance(part, (_DeckRule, _PackRule)):
            continue
        elif isinstance(part, (fx.SuperstarStat, fx.RingRoom)):
            stat_line_context(part, ctx.kind if ctx.as_type is None and not ctx.success else "", card)
            clauses.append(part)
        elif isinstance(part, _Forbid):
            clauses.append(part)
        elif isinstance(part, fx.Irreversible) and (ctx.as_type is CardType.ACTION or (
                ctx.as_type is None and "action" in card.types and "maneuver" not in card.types)):
            clauses.append(replace(part, as_type=CardType.ACTION))  # "As an action, cannot be reversed ..."
        elif isinstance(part, fx.PlayRequirement) and (ctx.kind == "reverse" or ctx == _Ctx() and card.only_reversal):
            # a reversal card's "Can only be played when ...": the engine asked it of no reversal (it was dropped)
            # "As a reversal, can only be played if the card titled X is in your Ring area": a condition of each of its
            # reversals (`_required`); one about the card played before ("after ...") is the opponent's play there
            if part.as_type is not None or not about_the_state(part.condition):
                raise Unsupported("a requirement on playing a reversal other than on the game's state")
            clauses.append(_ReversalRequirement(part.condition))
        elif isinstance(part, fx.PlayRequirement) and ctx.as_type is not None:  # "As a maneuver, can only ..."
            clauses.append(replace(part, as_type=ctx.as_type))
        else:
            clauses.append(part)
    if ctx.kind == "ring start" and ctx.by is not fx.Who.YOU:
        if used and isinstance(used[0], fx.Optional):  # "he may discard 2 cards and then put ...": the may covers the rest
            used = [replace(used[0], actions=(*used[0].actions, *used[1:]))]
        for part in used:
            _add_triggered(clauses, fx.Trigger.START_OF_TURN, fx.Zone.RING, part, ctx.by)
        return ctx
    if ctx.kind == "ring start" and ctx.once:
        if used and isinstance(used[0], fx.Optional) and used[0].who is fx.Who.YOU:  # the may covers the rest
            used = [fx.Optional((*used[0].actions, *used[1:]))]
        clauses.append(fx.Triggered(fx.Trigger.START_OF_TURN, tuple(used), zone=fx.Zone.RING))
        return _Ctx("ring")
    if ctx.kind == "draw segment":
        if not used:
            raise Unsupported("a Draw segment that sets off nothing the engine runs")
        trig = fx.Triggered(fx.Trigger.DRAW_SEGMENT, tuple(used), zone=fx.Zone.RING)
        clauses.append(trig if ctx.zones else _AbilityTrigger(trig))  # a Superstar's: part of his ability
        return _Ctx("ring") if ctx.zones else _Ctx()
    if ctx.kind == "activated":
        clauses.append(_activated(used, ctx))
        return _Ctx("in", zones=ctx.zones, goes_on=True)  # a sentence after it goes on with it, or says when again
    if ctx.kind == "reversal":
        if not used:
            raise Unsupported("a reversal that sets off nothing the engine runs")
        if any(map(continues, used)) and isinstance(used[0], fx.Optional) and used[0].who is fx.Who.YOU:
            used = [fx.Optional((*used[0].actions, *used[1:]))]  # "you may remove this card ... and then continue
            # your turn": the turn goes on only if he does
        trig = fx.Triggered(fx.Trigger.REVERSAL, tuple(_this_moved(a) for a in used),
                            zone=ctx.zones[0] if ctx.zones else fx.Zone.RING, played=ctx.played, by=ctx.by, source=ctx.source)
        clauses.append(trig if ctx.zones else _AbilityTrigger(trig))  # no zone: a Superstar's ability
        return _Ctx("in", zones=ctx.zones) if ctx.zones else _Ctx()
    if ctx.kind == "used reversal":
        return _Ctx("in", zones=ctx.zones) if ctx.zones else _Ctx()  # a sentence after it says when again
    if ctx.kind == "left ring":
        if not used:
            raise Unsupported("a card leaving the Ring area that sets off nothing the engine runs")
        clauses.append(fx.Triggered(fx.Trigger.LEFT_RING, tuple(_this_moved(a) for a in used), zone=fx.Zone.RING,
                                    by=ctx.by, dest=ctx.source))
        return _Ctx("in", zones=(fx.Zone.RING,))  # a sentence after it says when again, or is reported
    if ctx.kind == "played":
        if not used:
            raise Unsupported("a successful play that sets off nothing the engine runs")
        if len(ctx.zones) > 1:
            raise Unsupported("an effect set off in several zones")
        trig = fx.Triggered(fx.Trigger.PLAYED, tuple(_this_moved(a) for a in used),
                            zone=ctx.zones[0] if ctx.zones else fx.Zone.RING, played=ctx.played, by=ctx.by)
        clauses.append(trig if ctx.zones else _AbilityTrigger(trig))
        return _Ctx("in", zones=ctx.zones) if ctx.zones else _Ctx()
    return ctx


def _used_from(ctx: _Ctx, card: CardFacts) -> tuple[fx.Zone, ...]:
    """Where a card used to reverse lies: the opening's zone ("When this card is in your Ring area"); a Pre-match or
    Mid-match card's bare text, its Ring area; a Superstar's, none (his ability: backstage)."""
    if ctx.kind in ("ring", "in"):
        return ctx.zones or (fx.Zone.RING,)
    if ctx.kind == "used reversal":  # "... to reverse any Foreign Object or any card played after ...": the same card
        return ctx.zones
    if ctx == _Ctx() and not card.is_superstar and stays_in_ring("play", _Ctx(), card):
        return (fx.Zone.RING,)
    if ctx == _Ctx() and card.is_superstar:
        return ()
    raise Unsupported("a reversal by using a card in this context")


def _add_triggered(clauses: list[Any], trigger: fx.Trigger, zone: fx.Zone, action: Any, by: fx.Who = fx.Who.YOU) -> None:
    """An action of a trigger: consecutive ones make one `Triggered`; a leading "you may" makes the whole
    trigger the owner's choice."""
    last = clauses[-1] if clauses else None
    if by is not fx.Who.YOU:  # the opponent's turn sets it off
        if isinstance(last, fx.Triggered) and last.trigger is trigger and last.zone is zone and last.by is by:
            clauses[-1] = replace(last, actions=(*last.actions, action))
        else:
            clauses.append(fx.Triggered(trigger, (action,), zone=zone, by=by))
    elif isinstance(last, fx.Triggered) and last.trigger is trigger and last.zone is zone and last.by is fx.Who.YOU:
        clauses[-1] = replace(last, actions=(*last.actions, action))
    elif isinstance(action, fx.Optional) and action.who is fx.Who.YOU:
        clauses.append(fx.Triggered(trigger, action.actions, zone=zone, optional=True))
    else:
        clauses.append(fx.Triggered(trigger, (action,), zone=zone))


def _their_start(action: Any) -> Any:
    """An action at the start of the opponent's turn ("Before your opponent's Draw Segment, he may discard 2 cards and
    then put this card into your Ringside pile"): this card moved from where it lies, whoever does it. Ending or
    skipping a turn there would end it before its Draw segment, which the engine cannot yet: reported."""
    if any(isinstance(a, (fx.EndTurn, fx.SkipTurn)) for a in _nested(action)):
        raise Unsupported("a turn ended before its Draw segment")
    return _this_moved(action)


def _activated(used: list[Any], ctx: _Ctx) -> fx.Activated:
    """"..., during your turn you may discard 1 card and then put this card into your hand": the owner's
    "may" is using it (an effect he must use is reported); the card itself moves from where it lies. An
    opening condition on the game's state ("if you have fewer cards in your hand ...") says when it may be used."""
    cond: fx.Condition | None = None
    if len(used) == 1 and isinstance(used[0], fx.OnlyIf):
        cond, used = used[0].condition, list(used[0].actions)
    first = used[0] if used else None
    if isinstance(first, fx.Draw) and first.who is fx.Who.YOU and first.count.up_to and first.count.n \
            and first.count.of is None and not first.count.same:  # "you may draw 1 card": using it is the may
        used = [fx.Optional((fx.Draw(fx.Who.YOU, fx.Count(first.count.n)),)), *used[1:]]
    if not used or not isinstance(used[0], fx.Optional) or used[0].who is not ctx.by:
        raise Unsupported("an effect used from the Ring area or Ringside pile that is not optional")
    if ctx.by is not fx.Who.YOU and cond is not None:
        raise Unsupported("an effect the opponent uses under a condition")
    actions = [*used[0].actions, *used[1:]]
    return fx.Activated(ctx.zones, tuple(_this_moved(a) for a in actions), ctx.once, cond, by=ctx.by)


def is_ace(part: Any) -> bool:
    """"When this card is in your Ring area, you may put this card into your Ringside pile and ...", said without
    when: the rulebook's Activated Card Effect (a card in your Ring area, and you have to do something, like discard
    a card or remove that card from the Ring area, to generate an effect), which its owner uses in his main segment
    ("use any effect that can be done during your turn (an Activated Card Effect, ..., manipulating cards from your
    Ringside pile ...)"). Only a "may" of his whose first action is such a cost (under an opening condition on the
    game's state, if any: "if your Fortitude Rating is 5 or greater, you may ...")."""
    if isinstance(part, fx.OnlyIf) and len(part.actions) == 1:
        part = part.actions[0]
    first = part.actions[0] if isinstance(part, fx.Optional) and part.who is fx.Who.YOU and part.actions else None
    return isinstance(first, (fx.DiscardThis, fx.ReturnThis, fx.MoveThis)) \
        or isinstance(first, fx.Discard) and first.who is first.chooser is fx.Who.YOU and not first.random \
        or isinstance(first, fx.MoveCards) and first.who is first.chooser is fx.Who.YOU \
        and first.source in (fx.Zone.HAND, fx.Zone.RING, fx.Zone.RINGSIDE)


def _this_moved(action: Any) -> Any:
    """Putting this card somewhere, said from the zone the effect is used from."""
    if isinstance(action, fx.DiscardThis):
        return fx.MoveThis(fx.Zone.RINGSIDE)
    if isinstance(action, fx.ReturnThis):
        return fx.MoveThis(fx.Zone.ARSENAL, action.position)
    if isinstance(action, fx.Optional):
        return replace(action, actions=tuple(_this_moved(a) for a in action.actions))
    return action


@dataclass(frozen=True, slots=True)
class _Answer:
    """"If you do, ..." / "If he does not, ...": what follows the yes or the no to the "may" just before."""

    who: fx.Who
    yes: bool
    actions: tuple[Any, ...]


def _answered(clauses: list[Any], answer: _Answer) -> None:
    """The previous clause's last action, a "may" of the same player, with the answer's actions added: a
    yes runs them after its own, a no instead."""
    last: Any = clauses[-1] if clauses else None
    actions: tuple[Any, ...] = getattr(last, "actions", None) or ()
    may = actions[-1] if actions else None
    if not isinstance(may, fx.Optional) or may.who is not answer.who or (answer.yes and may.otherwise):
        raise Unsupported("'if he does (not)' after no 'may' of his")
    if answer.yes:
        may = replace(may, actions=(*may.actions, *answer.actions))
    else:
        may = replace(may, otherwise=(*may.otherwise, *answer.actions))
    clauses[-1] = replace(last, actions=(*actions[:-1], may))


@dataclass(frozen=True, slots=True)
class _AbilityModifier:
    """A Superstar's "Your Action cards are -3F", "Your maneuvers with the word 'kick' in the title are +1D":
    part of his ability, always."""

    modifier: fx.Modifier


@dataclass(frozen=True, slots=True)
class _AbilityTrigger:
    """A Superstar's "When you successfully play a maneuver, ...": part of his ability."""

    clause: fx.Triggered


@dataclass(frozen=True, slots=True)
class _AbilityPart:
    """An action of a Superstar's ability, with when it is used."""

    timing: str
    action: Any


def _ability(clauses: list[Any], card: CardFacts) -> tuple[fx.Ability | None, list[Any]]:
    """A Superstar card's ability from its lowered sentences ("Once during each of your turns you may ...",
    "At the start of your turn, before your draw segment, ..."); the card's other clauses are returned."""
    parts = [c for c in clauses if isinstance(c, _AbilityPart)]
    forbids = tuple(t for c in clauses if isinstance(c, _Forbid) for t in c.titles)
    bans = tuple(c.ban for c in clauses if isinstance(c, _Ban))
    triggered = tuple(c.clause for c in clauses if isinstance(c, _AbilityTrigger))
    passive = [c for c in clauses if isinstance(c, Passive)]
    lines = tuple(c for c in clauses if isinstance(c, (fx.SuperstarStat, fx.RingRoom)) and card.is_superstar)
    mods = tuple(c.modifier for c in clauses if isinstance(c, _AbilityModifier))
    reverses = tuple(c for c in clauses if isinstance(c, fx.Reverses) and c.zone is fx.Zone.BACKSTAGE)
    rest = [c for c in clauses if not isinstance(c, (_AbilityPart, _Forbid, _Ban, _AbilityTrigger, Passive,
                                                     _AbilityModifier)) and c not in lines and c not in reverses]
    standing = {p.field: p.value for p in passive}
    if len(standing) != len(passive):
        raise Unsupported("a Superstar's standing rule said twice")
    if not parts:
        passive_ability = fx.Ability(fx.AbilityTiming.PASSIVE, forbids_opponent=forbids, triggered=triggered,
                                     stat_lines=lines, modifiers=mods, reverses=reverses, bans=bans,
                                     **standing)  # type: ignore[arg-type]
        return (passive_ability if forbids or triggered or standing or lines or mods or reverses or bans else None), \
            rest
    if len({p.timing for p in parts}) > 1:
        raise Unsupported("an ability used at two times")
    timing = fx.AbilityTiming.ONCE_PER_TURN if parts[0].timing == "ability once" else fx.AbilityTiming.START_OF_TURN
    actions = [p.action for p in parts]
    optional = False
    first = actions[0]
    if isinstance(first, fx.Optional):  # "you may ...": the whole ability is the owner's choice
        optional, actions = True, [*first.actions, *actions[1:]]
    elif isinstance(first, fx.Draw) and first.count.up_to:  # "you may draw 1 card"
        optional, actions[0] = True, fx.Draw(first.who, fx.Count(first.count.n))
    return fx.Ability(timing, tuple(actions), optional=optional, forbids_opponent=forbids, triggered=triggered,
                      stat_lines=lines, modifiers=mods, reverses=reverses, bans=bans, **standing), rest


def _blank_chosen(clauses: list[Any], part: BlankChosen) -> None:
    """The choice's place (`Pending`) becomes the blanking, as an action of the context that chose."""
    at = next((i for i in range(len(clauses) - 1, -1, -1) if isinstance(clauses[i], Pending)
               and clauses[i].chosen.who is part.action.who), None)
    if at is None:
        raise Unsupported("blanking a card no choice in a Ring area names")
    before = clauses[:at]
    _add_action(before, part.action, clauses[at].ctx)
    clauses[:] = before + clauses[at + 1:]


def _asks_superstar_value(cond: object) -> bool:
    """Whether a condition reads a Superstar Value (which a Superstar ability's stat lines may change)."""
    if isinstance(cond, (fx.AllOf, fx.AnyOf)):
        return any(map(_asks_superstar_value, cond.conditions))
    if isinstance(cond, fx.Not):
        return _asks_superstar_value(cond.condition)
    return isinstance(cond, (fx.Compared, fx.Measured)) and cond.measure is fx.Measure.SUPERSTAR_VALUE


def _add_action(clauses: list[Any], action: Any, ctx: _Ctx) -> None:
    last = clauses[-1] if clauses else None
    if ctx.kind == "play":
        if isinstance(last, fx.OnPlay) and last.as_type is ctx.as_type:
            clauses[-1] = fx.OnPlay((*last.actions, action), last.as_type)
        else:
            clauses.append(fx.OnPlay((action,), ctx.as_type))
    elif isinstance(last, fx.OnReverse) and last.from_hand_only == ctx.from_hand:
        clauses[-1] = fx.OnReverse((*last.actions, action), last.from_hand_only)
    else:
        clauses.append(fx.OnReverse((action,), ctx.from_hand))
