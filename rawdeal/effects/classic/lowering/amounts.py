"""Amounts that are counted, not printed: "This card is +#F, where # is equal to the number of cards in your hand",
"Your next card played this turn is -#F, where # is equal to your Superstar Value", "draw 2 cards for each card
discarded". A `#` amount is lowered as one point per `HASH` (the sentence's "where # is equal to ..." then says
what it counts, `text._with_hash`); an amount per card an earlier action moved reads the engine's count of them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering.nodes import HASH, Unsupported, _leaves, words
from rawdeal.effects.classic.model import Action, CardDesc, Cards, Phrase, Sentence, Statement, Value, ValueKind, Word

_STATS = {ValueKind.DAMAGE: fx.Stat.DAMAGE, ValueKind.FORTITUDE: fx.Stat.FORTITUDE}


def hashed_stats(stats: object) -> list[tuple[fx.Stat, int]] | None:
    """[(stat, +1 or -1)] for amounts printed as `#` ("+#F", "-#D"), None when the amounts are numbers; a mix of
    both is reported."""
    amounts = [v for v in _leaves(stats) if isinstance(v, Value) and v.kind in _STATS]
    hashed = [v for v in amounts if "#" in v.text]
    if not hashed:
        return None
    if len(hashed) != len(amounts) or any(v.text.strip()[:1] not in "+-" for v in hashed):
        raise Unsupported(f"the amounts {' '.join(words(stats))!r}")
    return [(_STATS[v.kind], -1 if v.text.strip().startswith("-") else 1) for v in hashed]


def modify(modifier: fx.Modifier) -> fx.Modify:
    """A group's modifier whose lifetime the sentence said, as an action: its `#` ("your maneuvers are +#D for the
    rest of the turn, where # is equal to ...") is worked out when the action runs."""
    if modifier.per is None:
        return fx.Modify(modifier)
    return fx.Modify(replace(modifier, per=None), per=modifier.per)


def per_hash(modify: fx.Modify) -> fx.Modify:
    """A next card's modifier of one point per `#`, the `#` said later in the sentence."""
    return fx.Modify(modify.modifier, per=HASH)


# what an earlier action did to the cards "for each card <done>" counts, and the actions that count them
_DONE: dict[str, tuple[type, ...]] = {"discarded": (fx.Discard,), "overturned": (fx.MillTop,)}


def per_moved(per: Phrase, before: object) -> int | None:
    """"for each card discarded" after an action that discards (overturns): 1, the count of the cards it moved
    (`fx.Count.same`); None when the phrase says something else (it is then read as a count of cards in a zone)."""
    descs = [p for p in per.parts if isinstance(p, CardDesc)]
    said = words(per)
    if len(descs) != 1 or said[:2] not in (["for", "each"], ["for", "every"]) or said[2:3] != ["card"] \
            or len(said) != 4 or said[3] not in _DONE:
        return None
    inner = before.actions[-1] if isinstance(before, fx.Optional) and before.actions else before
    if not isinstance(inner, _DONE[said[3]]):
        raise Unsupported(f"the count {' '.join(said)!r} after no action that did so")
    return 1


def times_moved(lowered: Any) -> Any:
    """"draw 2 cards for each card discarded", "shuffle up to 2 cards ...": the action's count made as many times
    the cards moved before (a move or a draw; another action is reported)."""
    if isinstance(lowered, fx.Optional):
        return replace(lowered, actions=tuple(map(times_moved, lowered.actions)))
    count = getattr(lowered, "count", None)
    if not isinstance(lowered, (fx.Draw, fx.MoveCards, fx.Discard)) or not isinstance(count, fx.Count) \
            or count.n is None or count.n < 1 or count.of is not None or count.same or getattr(lowered, "random", False):
        raise Unsupported("a count per card moved before for an action that takes none")
    return replace(lowered, count=fx.Count(1, up_to=count.up_to, same=True, times=count.n))


def is_hashed(part: Any) -> bool:
    """Whether a lowered amount still counts a `#` never said ("This card is +#F." alone)."""
    return getattr(part, "per", None) is HASH or getattr(getattr(part, "modifier", None), "per", None) is HASH


def hash_said(part: Any, said: fx.CountOf) -> Any:
    """The amount (a modifier's, for a group's) counted per what `#` was said to be equal to."""
    if getattr(part, "per", None) is HASH:
        return replace(part, per=said)
    return replace(part, modifier=replace(part.modifier, per=said))


def scaled_hash(tail: Phrase) -> tuple[Phrase, tuple[int, int]] | None:
    """"where # is equal to twice your Superstar Value" ((2, 1)), "... half the number of cards in his hand, rounded
    up" ((1, 2)): what is scaled, said as a plain "where # is equal to ..." tail, and the scale; None when `#` is
    said unscaled. Half of it rounded another way than up is reported."""
    scaled = [p for p in tail.parts if isinstance(p, Phrase) and p.kind in ("twice", "half")]
    if len(scaled) != 1:
        return None
    one = scaled[0]
    inner = [p for p in one.parts if isinstance(p, Phrase)]
    rest = [w for p in one.parts if not isinstance(p, Phrase) for w in words(p)][1:]
    if len(inner) != 1 or rest != ([] if one.kind == "twice" else [",", "rounded", "up"]):
        raise Unsupported(f"# equal to {' '.join(words(one))!r}")
    said = Phrase("stat_value", (inner[0],)) if inner[0].kind == "stat_owner" else inner[0]
    plain = Phrase(tail.kind, tuple(said if p is one else p for p in tail.parts))
    return plain, ((2, 1) if one.kind == "twice" else (1, 2))


def summed_hash(tail: Phrase) -> tuple[Phrase, Phrase] | None:
    """"equal to your Superstar Value plus the number of Cheater cards in your Ring area": the two amounts, each
    said as a plain tail; None when `#` is said as one amount."""
    summed = [p for p in tail.parts if isinstance(p, Phrase) and p.kind == "plus"]
    if len(summed) != 1:
        return None
    one = summed[0]
    amounts = [p for p in one.parts if isinstance(p, Phrase)]
    if len(amounts) != 2 or [w for p in one.parts if not isinstance(p, Phrase) for w in words(p)] != ["plus"] \
            or amounts[0].kind != "stat_owner" or amounts[1].kind != "count_of":
        raise Unsupported(f"# equal to {' '.join(words(one))!r}")
    first = Phrase(tail.kind, tuple(Phrase("stat_value", (amounts[0],)) if p is one else p for p in tail.parts))
    second = Phrase(tail.kind, tuple(amounts[1] if p is one else p for p in tail.parts))
    return first, second


def shared_amount(sentence: Sentence) -> Sentence:
    """"Shuffle cards from your Ringside pile into your Arsenal and then draw cards, both equal to your opponent's
    Superstar Value": the closing amount is each action's whose cards have no number ("cards equal to ...")."""
    last = sentence.items[-1] if sentence.items else None
    if not (isinstance(last, Statement) and last.kind == "equal_each"):
        return sentence
    at = next(i for i, p in enumerate(last.parts) if isinstance(p, Word) and p.text.casefold() == "equal")
    amount = Phrase("equal_to", last.parts[at:])
    uncounted = [i for i, item in enumerate(sentence.items[:-1]) if isinstance(item, Action) and _uncounted(item)]
    if len(uncounted) < 2:
        raise Unsupported(f"'{' '.join(words(last))}' said of fewer than two actions")
    items = tuple(replace(item, parts=(*item.parts, amount)) if i in uncounted and isinstance(item, Action) else item
                  for i, item in enumerate(sentence.items[:-1]))
    return replace(sentence, items=items)


def _uncounted(action: Action) -> bool:
    """Whether the action's object is cards without a number ("draw cards")."""
    first = action.parts[0] if action.parts else None
    return isinstance(first, Phrase) and first.kind == "counted" and len(first.parts) == 1 \
        and isinstance(first.parts[0], Cards) and len(first.parts[0].parts) == 1 \
        and isinstance(first.parts[0].parts[0], CardDesc) \
        and not any(isinstance(p, Phrase) and p.kind == "equal_to" for p in action.parts)
