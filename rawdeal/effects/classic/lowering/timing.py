"""When an effect happens: openings the engine's order already gives, and lifetimes said once for several amounts.

"When successfully played and damage has been applied, end your turn" (and "After damage has been applied,
..."): the engine ends a turn only once the play has resolved, its damage included (`EndTurn` asks for the
end, the game loop ends the turn when nothing is left to do), so ending your own turn is the same whether it
is asked before or after the damage. Any other action after the damage would run before it: reported.
"Your maneuvers are +5D and your opponent's Reversal cards are +20F for the rest of the turn": the lifetime at
the end is each amount's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rawdeal.cards.marks import keyword_mark
from rawdeal.cards.model import CardType
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import CardDesc, Cards, Frame, Phrase, Sentence, Statement, ValueKind, Word, ZoneRef
from rawdeal.effects.classic.lowering.nodes import (
    CardFacts, Unsupported, _Desc, _cards, _desc, _filter, _zone_in, find, values, words,
)


def after_damage(frame: Frame, card: CardFacts) -> bool:
    """"When successfully played(,) and damage has been applied", "After damage has been applied"."""
    said = words(frame)
    if frame.kind == "on_success":
        return said == ["when", "successfully", "played", "and damage has been applied"]
    cond = find(frame, "condition")
    return frame.kind == "after_cond" and cond is not None and len(cond.parts) == 1 \
        and find(cond, "damage_applied") is not None and not card.is_reversal


def ends_turn_after_damage(part: Any) -> fx.EndTurn:
    """What may follow: ending your own turn, the only action the engine runs after the damage."""
    if not isinstance(part, fx.EndTurn) or part.who is not fx.Who.YOU:
        raise Unsupported("an effect after damage has been applied other than ending your turn")
    return part


def said_later(earlier: list[Any], made: list[Any]) -> list[Any]:
    """The earlier amounts of a sentence (group modifiers whose lifetime it had not said yet) with the lifetime
    the statement just lowered says ("... are +5D and ... are +20F for the rest of the turn")."""
    from rawdeal.effects.classic.lowering.statements import _GroupMod

    said = [p for p in made if isinstance(p, _GroupMod) and p.said]
    if not said:
        return earlier
    duration = said[0].modifier.duration
    return [fx.Modify(replace(p.modifier, duration=duration)) if isinstance(p, _GroupMod) and not p.said else p
            for p in earlier]


def per_count(tail: Phrase) -> fx.CountOf:
    """"for every Heat card in your Ring area", "for each card in your Ring area with the word 'cross' in the
    title": the cards an amount is counted per."""
    said = words(tail)
    desc = [p for p in tail.parts if isinstance(p, CardDesc)]
    places = [p for p in tail.parts if isinstance(p, Phrase) and p.kind == "place"]
    zones = [p for p in places if any(isinstance(c, ZoneRef) for c in p.parts)]
    word = [find(p, "title_word") for p in places if p not in zones]
    if said[:2] not in (["for", "every"], ["for", "each"]) or len(desc) != 1 or len(zones) != 1 or len(word) > 1 \
            or any(w is None or len(values(w, ValueKind.QUOTED)) != 1 for w in word):
        raise Unsupported(f"the count {' '.join(said)!r}")
    zone = _zone_in(zones[0])
    if len(zone.zones) != 1:
        raise Unsupported(f"the count {' '.join(said)!r}")
    d = _desc(desc[0])
    if word:
        if d.title_word is not None:
            raise Unsupported(f"the count {' '.join(said)!r}")
        d = replace(d, title_word=values(word[0], ValueKind.QUOTED)[0].text.strip("'").strip())
    return fx.CountOf(zone.who, zone.zones[0], _filter(d))


def next_modifier(stat: fx.Stat, amount: int, when: fx.Duration, d: _Desc, **extra: Any) -> fx.Modifier:
    """The one-shot modifier "if your next card played this turn (the first card you play on your next turn) is
    <d>, it ..." makes: the next card played uses it up, and it changes that card only if the card is <d> (a
    Strike or Grapple maneuver, an Action card, the card titled X, a Foreign Object card, a non-unique card)."""
    if d.not_subtypes or d.min_damage is not None or d.any_marks or d.titles \
            or d.after_title or d.after is not None or len(d.types) > 1:
        raise Unsupported("a next card described by what the engine cannot test on it yet")
    card_type = d.types[0] if d.types else CardType.MANEUVER if d.subtypes else None
    if stat is fx.Stat.DAMAGE and amount and card_type is CardType.ACTION:
        raise Unsupported("damage for a next card that is an action")  # an action deals none
    return fx.Modifier(stat, amount, when, card_type=card_type, subtype=d.subtypes[0] if len(d.subtypes) == 1 else None,
                       max_damage=d.max_damage, title=d.title, title_word=d.title_word,
                       marks=(*d.marks, keyword_mark(d.trait.value)) if d.trait else d.marks,
                       subtypes=d.subtypes if len(d.subtypes) > 1 else (), found=d.found,
                       not_marks=(*d.not_marks, keyword_mark(d.not_trait.value)) if d.not_trait else d.not_marks,
                       **extra)


def paid_each(tail: Phrase) -> bool:
    """"This card is -2F for each card discarded": an amount per card the card's "When played" discard moved."""
    return words(tail) == ["for", "each", "card", "discarded"]


def paid_down(clauses: list[Any], part: Any, as_type: CardType | None) -> fx.StatChange:
    """"When played, discard up to 5 cards. This card is -2F for each card discarded", "When played, you may discard
    1 card. If you do, this card is -10F": the F the first action of the "When played" clause just before pays down
    (`fx.Paid`). Only F, only a cut, only a payment from the player's own hand that he chooses: the engine works out
    from his hand how much he can pay before he plays the card."""
    last = clauses[-1] if clauses else None
    first = last.actions[0] if isinstance(last, fx.WhenPlayed) and last.actions and last.as_type is as_type else None
    may = isinstance(first, fx.Optional) and first.who is fx.Who.YOU and not first.otherwise
    pay = first.actions[0] if isinstance(first, fx.Optional) and may and first.actions else first
    if part.stat is not fx.Stat.FORTITUDE or part.amount >= 0 or part.condition is not None or part.per is not None \
            or part.per_title_word is not None or not from_own_hand(pay) \
            or (part.paid is fx.Paid.DONE and not (may and pay_once(pay))) \
            or (part.paid is fx.Paid.EACH and not (isinstance(pay, fx.Discard) and pay.count.up_to)):
        raise Unsupported("an F paid down by no 'When played' payment from your hand")
    return fx.StatChange(fx.Stat.FORTITUDE, part.amount, as_type=as_type, paid=part.paid)


def from_own_hand(action: Any) -> bool:
    """A discard or a move of the player's own cards out of his hand, which he chooses and counts."""
    if isinstance(action, fx.Discard):
        return action.who is action.chooser is fx.Who.YOU and not action.random and action.count.of is None \
            and not action.count.same and action.count.times == 1
    return isinstance(action, fx.MoveCards) and action.who is action.chooser is fx.Who.YOU \
        and action.source is fx.Zone.HAND and not action.random and action.count.of is None \
        and not action.count.same and action.count.times == 1


def pay_once(action: Any) -> bool:
    """A payment done or not as a whole: a fixed number of cards, or all of them."""
    count = action.count
    return not count.up_to and (count.n is None or count.n >= 1)


_NEXT_PLAYED = (["your", "next", "card", "played", "this", "turn"], ["the", "next", "card", "you", "play", "this", "turn"])


def it_next(frame: Frame) -> bool:
    """"If it (that card) is your next card played this turn", "When it is the next card you play this turn": the
    pronoun standing for a card the text found before."""
    cond = find(frame, "condition")
    one = cond.parts[0] if cond is not None and len(cond.parts) == 1 else None
    if not isinstance(one, Phrase) or one.kind != "nth_card":
        return False
    this = find(one, "self_ref")
    return this is not None and words(this) in (["it"], ["that", "card"]) \
        and words(one)[len(words(this)):] in [["is", *w] for w in _NEXT_PLAYED]


def found_next(search: fx.Search | None) -> _Desc:
    """The card "it" stands for, as a next card's description: the card titled X when the search before was for that
    title (copies are alike), else the card it found, worked out as the modifier runs (`fx.Modifier.found`)."""
    if search is None or search.who is not fx.Who.YOU:
        raise Unsupported("'it is your next card played this turn' after no search of yours")
    flt = search.filter
    if flt.title is not None and replace(flt, title=None) == fx.ANY_CARD:
        return _Desc(title=flt.title)
    return _Desc(found=True)


def first_next_after(sentence: Sentence) -> fx.Modify | None:
    """"At the beginning of your next turn, your first card played is considered to be played after the card titled
    Irish Whip" (printed on Set-up reversals): a one-shot modifier of the first card the player plays on his next turn
    (`Stat.AFTER`, `FIRST_NEXT_TURN`), which makes it played after that card; None for any other sentence."""
    frames, items = sentence.frames, sentence.items
    if len(frames) != 1 or frames[0].kind != "at_edge" \
            or words(frames[0]) != ["at", "the", "beginning", "of", "your", "next", "turn"] \
            or len(items) != 1 or not isinstance(items[0], Statement) or items[0].kind != "considered_played":
        return None
    ref = find(items[0], "next_ref")
    titles = values(items[0], ValueKind.TITLE)
    if ref is None or words(ref) != ["your", "first", "card", "played"] or len(titles) != 1 \
            or words(items[0])[-5:-1] != ["played after", "the", "card", "titled"]:
        return None
    return fx.Modify(fx.Modifier(fx.Stat.AFTER, 0, fx.Duration.FIRST_NEXT_TURN, card_type=None,
                                 after=(fx.After(title=titles[0].text),)))


def it_is_first_next(frame: Frame) -> _Desc | None:
    """"If it is a Strike maneuver" right after "your first card played (next turn) ...": what that card must be."""
    cond = find(frame, "condition")
    one = cond.parts[0] if cond is not None and len(cond.parts) == 1 else None
    if not isinstance(one, Phrase) or one.kind != "this_is_card" or words(one)[:2] != ["it", "is"]:
        return None
    cards = [p for p in one.parts if isinstance(p, Cards)]
    if len(cards) != 1:
        return None
    d = _cards(cards[0])
    if d.count != fx.ONE or d.title or len(d.types) > 1 or (not d.types and not d.marks and not d.trait):
        raise Unsupported(f"the condition {' '.join(words(one))!r}")
    return d


def opening_as_tail(sentence: Sentence) -> Sentence:
    """"When (If) played after a successfully played 5D or greater maneuver, this card is +5D" says what "This card is
    +5D when played after ..." says: the opening moved to the end of each of its statements about this card."""
    if len(sentence.frames) != 1:
        return sentence
    frame = sentence.frames[0]
    how = frame.parts[1] if len(frame.parts) == 2 and isinstance(frame.parts[1], Phrase) else None
    if frame.kind not in ("on_play", "if_played") or words(frame)[:1] not in (["when"], ["if"]) or how is None \
            or how.kind != "played_how" or find(how, "played_after") is None:
        return sentence
    items = [i for i in sentence.items if isinstance(i, Statement)]
    if not items or len(items) != len(sentence.items) or not all(
            i.kind == "stats_are" and find(i, "self_ref") is not None
            and not any(isinstance(p, Phrase) and p.kind.endswith("_tail") for p in i.parts) for i in items):
        return sentence
    tail = Phrase("played_tail", (Word("when"), how))
    return replace(sentence, frames=(), items=tuple(replace(i, parts=(*i.parts, tail)) for i in items))


def played_after(frame: Frame) -> fx.Condition | None:
    """"When (If) played after a successfully played 4D or greater maneuver, ...", "When played after the card titled
    X, ...": the condition on the card played before this one, for what the sentence says of this card ("can only be
    reversed from your opponent's Arsenal", "this card cannot be reversed"); None for any other opening."""
    from rawdeal.effects.classic.lowering.conditions import _prior  # conditions reads descriptions with this module

    how = frame.parts[1] if len(frame.parts) == 2 and isinstance(frame.parts[1], Phrase) else None
    if frame.kind not in ("on_play", "if_played") or words(frame)[:1] not in (["when"], ["if"]) or how is None \
            or how.kind != "played_how" or len(how.parts) != 1 or find(how, "played_after") is None:
        return None
    return _prior(how)


def success_after(frame: Frame) -> tuple[Frame, fx.Condition] | None:
    """"When successfully played after a High Risk maneuver, ...": the plain "when successfully played" opening and the
    condition on the card played before this one; None for any other opening."""
    from rawdeal.effects.classic.lowering.conditions import _prior  # conditions reads descriptions with this module

    after = frame.parts[2] if len(frame.parts) == 3 and isinstance(frame.parts[2], Phrase) else None
    if frame.kind != "on_success" or words(frame)[:2] != ["when", "successfully"] or after is None \
            or after.kind != "played_after":
        return None
    return Frame("on_success", (*frame.parts[:2], Word("played"))), _prior(after)
