"""Stat lines: sentences that change a player's Superstar stats or how many Backlash cards his Ring area holds.

"Your Starting Hand Size is +2", "Your opponent's Superstar Value is -3", "The maximum number of Mid-match cards
you may have in your Ring area is increased by 2 unless you have the card titled X in your Ring area". They are
no action: they hold while the card is in its owner's Ring area (where a Pre-match card stays) or, printed on a
Superstar, always (`fx.SuperstarStat`, `fx.RingRoom`; the engine reads them in `rawdeal.engine.standing`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import CardDesc, Phrase, Statement, Value, ValueKind
from rawdeal.effects.classic.lowering.conditions import _tail_condition
from rawdeal.effects.classic.lowering.nodes import (
    CardFacts, Unsupported, _number, _zone_in, _Zones, find, words,
)

_STATS = {"starting hand size": fx.StarStat.HAND_SIZE, "hand size": fx.StarStat.HAND_SIZE,
          "superstar value": fx.StarStat.SUPERSTAR_VALUE}
_KINDS = {"pre-match": fx.RingKind.PRE_MATCH, "mid-match": fx.RingKind.MID_MATCH}
_STATE = (fx.InRingArea, fx.MinHandSize, fx.FortitudeBelowOpponent, fx.FortitudeAboveOpponent, fx.Compared,
          fx.SuperstarIs, fx.HasCards, fx.Measured)


def about_the_state(cond: fx.Condition) -> bool:
    """A condition on the game's state (a card in a Ring area, a hand, Fortitude Ratings), which can be asked
    at any moment; not one about the card being played or the previous one."""
    if isinstance(cond, fx.Not):
        return about_the_state(cond.condition)
    if isinstance(cond, (fx.AnyOf, fx.AllOf)):
        return all(about_the_state(c) for c in cond.conditions)
    return isinstance(cond, _STATE)


def conditional_line(line: fx.StatLine, cond: fx.Condition) -> fx.StatLine:
    """A stat line under an opening "if/when <condition>," ("When your opponent is a Female Superstar, his
    Starting Hand Size is -3"): it holds only while the condition does, which must be about the game's state
    and must not read the Superstar Value it changes (that would ask itself)."""
    if line.condition is not None or not about_the_state(cond) or (
            isinstance(line, fx.SuperstarStat) and line.stat is fx.StarStat.SUPERSTAR_VALUE and _reads_value(cond)):
        raise Unsupported("a condition on an effect the engine cannot make conditional yet")
    return replace(line, condition=cond)


def _reads_value(cond: fx.Condition) -> bool:
    if isinstance(cond, fx.Not):
        return _reads_value(cond.condition)
    if isinstance(cond, (fx.AnyOf, fx.AllOf)):
        return any(_reads_value(c) for c in cond.conditions)
    return isinstance(cond, (fx.Compared, fx.Measured)) and cond.measure is fx.Measure.SUPERSTAR_VALUE


def stat_is(st: Statement, card: CardFacts) -> list[Any]:
    """"Your Starting Hand Size is +2", "His Starting Hand Size is -1", "Your Hand Size is +1 when the card
    titled X is in your Ring area"."""
    owner = find(st, "stat_owner")
    change = find(st, "stat_change")
    said = words(owner) if owner is not None else []
    if owner is None or not isinstance(change, Phrase) or said[-1] not in _STATS:
        raise Unsupported(f"the statement 'stat is' {' '.join(said)!r}")
    whose = said[:-1]
    who = fx.Who.YOU if whose == ["your"] else fx.Who.OPPONENT if whose in (["your", "opponent's"], ["his"]) else None
    if who is None:
        raise Unsupported(f"the statement 'stat is' of {' '.join(whose)!r}")
    line = fx.SuperstarStat(_STATS[said[-1]], _change(change), who)
    cond = _condition(st)
    return [line if cond is None else conditional_line(line, cond)]


def _change(change: Phrase) -> int:
    """"+2", "-1", "increased by 2", "reduced by 1" (a stat set to a number, or equal to another, is not a change)."""
    said = words(change)
    amounts = [p for p in change.parts if isinstance(p, Value)]
    if len(amounts) != 1 or (amounts[0].kind is not ValueKind.SIGNED and said[0] not in ("increased", "reduced")):
        raise Unsupported(f"the stat change {' '.join(said)!r}")
    n = _number(amounts[0])
    return -n if said[0] == "reduced" else n


def _condition(st: Statement) -> fx.Condition | None:
    """The sentence's "if"/"when"/"unless" tail, when it is about the game's state (one at most)."""
    tails = [p for p in st.parts if isinstance(p, Phrase) and p.kind.endswith("_tail")]
    if not tails:
        return None
    if len(tails) > 1 or tails[0].kind not in ("if_tail", "when_tail", "unless_tail"):
        raise Unsupported(f"a stat line's condition {' '.join(words(tails[-1]))!r}")
    cond = _tail_condition(Phrase("if_tail", tails[0].parts)) if tails[0].kind == "unless_tail" \
        else _tail_condition(tails[0])
    if not about_the_state(cond):
        raise Unsupported(f"a stat line's condition {' '.join(words(tails[0]))!r}")
    return fx.Not(cond) if tails[0].kind == "unless_tail" else cond


def max_in_zone(st: Statement, card: CardFacts) -> list[Any]:
    """"The maximum number of Pre-match and Mid-match cards you may have in your Ring area is increased by 1"."""
    return [_room(st, fx.Who.YOU)]


def max_number(st: Statement, card: CardFacts) -> list[Any]:
    """"The maximum number of Mid-match cards your opponent may have in his Ring area is reduced by 3" (what
    may be played or packed is not a Ring area's room: reported)."""
    said = words(st)
    at = said.index("may") if "may" in said else -1
    if at < 0 or said[at + 1] != "has":
        raise Unsupported(f"the statement 'max number' {' '.join(said[at:])!r}")
    whose = said[at - 2:at] if said[at - 1] == "opponent" else said[at - 1:at]
    if whose not in (["your", "opponent"], ["he"]):
        raise Unsupported(f"the statement 'max number' of {' '.join(whose)!r}")
    return [_room(st, fx.Who.OPPONENT)]


def _room(st: Statement, who: fx.Who) -> fx.RingRoom:
    desc = next((p for p in st.parts if isinstance(p, CardDesc)), None)
    kinds = [w for p in desc.words for w in words(p) if w != "and"] if desc is not None else []
    if desc is None or desc.nouns != ("card",) or desc.posts or not kinds or any(k not in _KINDS for k in kinds):
        raise Unsupported(f"the maximum number of {' '.join(words(desc))!r}")
    ring = _Zones(who, (fx.Zone.RING,))
    if _zone_in(Statement(st.kind, tuple(p for p in st.parts if not isinstance(p, Phrase)))) != ring:
        raise Unsupported("the maximum number of cards in a zone other than the Ring area")
    direction = find(st, "change_dir")
    amounts = [p for p in st.parts if isinstance(p, Value) and p.kind is ValueKind.NUMBER]
    if direction is None or len(amounts) != 1:
        raise Unsupported(f"the statement {' '.join(words(st))!r}")
    n = _number(amounts[0])
    return fx.RingRoom(tuple(_KINDS[k] for k in kinds), n if words(direction) == ["increased"] else -n, who,
                       _condition(st))


def stays_in_ring(kind: str, ctx: Any, card: CardFacts) -> bool:
    """A bare sentence (no "as a ...", no "when successfully played") on a Pre-match or Mid-match card: it
    holds while the card lies in its owner's Ring area, where such a card stays once played."""
    return kind == "play" and ctx.as_type is None and not ctx.success and bool(card.types & {"pre-match", "mid-match"})


def stat_line_context(part: Any, kind: str, card: CardFacts) -> None:
    """A stat line holds while its card is in the Ring area: said so ("When this card is in your Ring area,
    ..."), or printed bare on a card that stays there once played (Pre-match, Mid-match) or on a Superstar."""
    stays = card.is_superstar or bool(card.types & {"pre-match", "mid-match"})
    if kind == "ring" or (kind == "play" and stays):
        return
    raise Unsupported(f"a stat line ({type(part).__name__}) on a card that does not stay in the Ring area")
