"""A held (maintained) Submission: "Play after a successful Submission maneuver not reversed" holds it
(`fx.HoldSubmission`); the sentences that only say what holding means lower to `HoldRule`, which a card
may print only when something on it holds a maneuver (`checked_hold`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rawdeal.cards.db import normalize_title
from rawdeal.cards.model import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import Action, CardDesc, Cards, Phrase, Sentence, Statement, Value, ValueKind
from rawdeal.effects.classic.lowering.nodes import (
    CardFacts, Unsupported, _Zones, _cards, _desc, _zone_in, find, words,
)


@dataclass(frozen=True, slots=True)
class HoldRule:
    """A sentence restating what a held maneuver means (no effect of its own)."""


def held_after(after: Phrase) -> list[Any] | None:
    """"Play after a successful Submission maneuver not reversed": the play requirement and the hold of
    that maneuver; None when the prior card is not a successful, unreversed maneuver."""
    prior = find(after, "prior")
    ones = [p for p in prior.parts if isinstance(p, Phrase)] if prior is not None else []
    cards = next((c for c in ones[0].parts if isinstance(c, Cards)), None) if len(ones) == 1 else None
    desc = next((d for d in cards.parts if isinstance(d, CardDesc)), None) if cards is not None else None
    if desc is None or [_kind(p) for p in desc.posts] != ["not_reversed_post"] \
            or not any(_kind(w) == "successful" for w in desc.words):
        return None
    plain = CardDesc(tuple(w for w in desc.words if _kind(w) != "successful"), desc.nouns, ())
    d = _desc(plain)
    if d.subtypes != (Subtype.SUBMISSION,) or d.types != (CardType.MANEUVER,) or d.title or d.trait or d.marked or d.not_trait \
            or d.max_damage is not None or d.min_damage is not None:
        raise Unsupported(f"a held {' '.join(words(desc))!r} (the engine holds a Submission maneuver)")
    return [fx.PlayRequirement(fx.After(CardType.MANEUVER, Subtype.SUBMISSION)), fx.HoldSubmission()]


def _kind(node: object) -> str:
    inner = node.parts[0] if isinstance(node, Phrase) and node.kind == "post" and node.parts else node
    return inner.kind if isinstance(inner, Phrase) else ""


def restates_hold(sentence: Sentence, card: CardFacts) -> bool:
    """A sentence saying what holding a maneuver means: nobody plays maneuvers or actions until it is
    reversed; it does its damage again on your turn; a reversal to it leaves both cards in your Ring area
    and ends the hold."""
    items = [i for i in sentence.items if not (isinstance(i, Phrase) and i.kind == "joiner")]
    return _blocks_play(sentence, items) or _repeats_damage(sentence, items) or _ends(sentence, items, card)


def _held_ref(node: object) -> bool:
    """"the maintained Submission", "the Submission", "the maintained maneuver"."""
    if not isinstance(node, Cards):
        return False
    said = words(node)
    return said[:1] == ["the"] and said[1:] in (["maintained", "submission"], ["submission"],
                                                ["maintained", "maneuver"], ["submission", "maneuver"])


def _blocks_play(sentence: Sentence, items: list[Any]) -> bool:
    """"You and your opponent may not play maneuvers or actions until your opponent reverses the
    maintained Submission"."""
    if sentence.frames or len(items) != 1 or not isinstance(items[0], Action) or items[0].verb != "play":
        return False
    play = items[0]
    if [words(p) for p in play.subject] not in ([["you", "and", "your", "opponent"], ["may", "not"]],
                                                [["you", "and", "your", "opponent"], ["cannot"]]):
        return False  # (asked first: another player's description need not be one `_cards` reads)
    until = next((p for p in play.parts if isinstance(p, Phrase) and p.kind == "until"), None)
    reverse = next((p for p in until.parts if isinstance(p, Action)), None) if until is not None else None
    cards = find(play.parts[0], "counted") if play.parts else None
    kinds = set(_cards(next(c for c in cards.parts if isinstance(c, Cards))).types) if cards is not None else set()
    return [words(p) for p in play.subject] in ([["you", "and", "your", "opponent"], ["may", "not"]],
                                                [["you", "and", "your", "opponent"], ["cannot"]]) \
        and kinds == {CardType.MANEUVER, CardType.ACTION} and reverse is not None and reverse.verb == "reverse" \
        and [words(p) for p in reverse.subject] == [["your", "opponent"]] \
        and any(_held_ref(c) for p in reverse.parts for c in (p.parts if isinstance(p, Phrase) else ()))


def _repeats_damage(sentence: Sentence, items: list[Any]) -> bool:
    """"On your turn, during the main segment, the Submission does its damage, along with any other
    abilities on the card"."""
    if len(items) != 1 or not isinstance(items[0], Statement) or items[0].kind != "does_its_damage":
        return False
    holder = find(items[0], "holder")
    said = words(holder) if holder is not None else []
    when = [words(f) for f in sentence.frames]
    return said in (["the", "submission"], ["the", "maintained", "submission"],
                                     ["the", "maintained", "maneuver"]) \
        and all(w in (["on", "your", "turn"], ["during", "the", "main segment"], ["during", "your", "turn"])
                for w in when)


def _ends(sentence: Sentence, items: list[Any], card: CardFacts) -> bool:
    """"If a reversal is played by your opponent or is revealed while applying damage, both Maintain Hold
    and the Submission maneuver remain in your Ring area, but you may no longer use the ability of this
    Maintain Hold card"."""
    if len(sentence.frames) != 1 or sentence.frames[0].kind != "if_cond" or len(items) != 2:
        return False
    played = find(sentence.frames[0], "card_played")
    remain, stop = items
    if played is None or not isinstance(remain, Statement) or remain.kind != "remain_in" \
            or not isinstance(stop, Action) or not stop.verb.startswith("no longer use the ability of"):
        return False
    reversal = next((c for c in played.parts if isinstance(c, Cards)), None)
    by = find(played, "played_by")
    if reversal is None or _cards(reversal).types != (CardType.REVERSAL,) or by is None \
            or words(by)[1:] not in (["your", "opponent"], ["opponent"]):
        return False
    titles = [v.text for v in remain.parts if isinstance(v, Value) and v.kind is ValueKind.TITLE]
    others = [c for c in remain.parts if isinstance(c, Cards)]
    own = [v.text for v in stop.parts if isinstance(v, Value) and v.kind is ValueKind.TITLE]
    mine = normalize_title(card.title) if card.title else None
    return mine is not None and [normalize_title(t) for t in titles + own] == [mine, mine] and len(others) == 1 \
        and _held_ref(others[0]) and _zone_in(remain) == _Zones(fx.Who.YOU, (fx.Zone.RING,)) \
        and [words(p) for p in stop.subject] == [["you"], ["may"]]


def checked_hold(clauses: list[Any]) -> list[Any]:
    """The clauses without `HoldRule`s, which need a held maneuver on the card."""
    rules = [c for c in clauses if isinstance(c, HoldRule)]
    holds = any(isinstance(a, fx.HoldSubmission) for c in clauses if isinstance(c, fx.OnPlay) for a in c.actions)
    if rules and not holds:
        raise Unsupported("what holding a maneuver means, on a card that holds none")
    return [c for c in clauses if not isinstance(c, HoldRule)]
