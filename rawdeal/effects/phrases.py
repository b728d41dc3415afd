"""From parsed verb phrases to actions: subjects, "you may" scopes, "or" choices, pronouns.

The grammar parses an action sequence as a flat list of items ("opponent must discard 2 cards",
"then take the top 2 cards from his Arsenal", "and put them into his Ringside pile"). Each item's
verb phrase is a `Phrase`: a function of the subject, because "take ..." means the opponent's
cards after "opponent must discard 2 cards, then ...". `build_sequence` binds subjects, groups
optional parts, splits choices and fuses two-step phrases ("take X" + "put it into Y") into one
model action. Anything left half-built is a compile error: the text says something incomplete.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, get_args

from rawdeal.cards.model import CardType, Subtype
from rawdeal.effects.model import (
    Action, CardFilter, Choice, Count, Draw, Duration, Modifier, Modify, MillTop, MoveCards, Optional,
    Position, ReturnThis, Search, Shuffle, Stat, Who, WinGame, Zone,
)

ACTION_TYPES: tuple[type, ...] = get_args(Action)

Phrase = Callable[[Who], list[Any]]


class PhraseError(Exception):
    """The text parses but does not make a whole action (the compiler adds the card's name)."""


# ---------------------------------------------------------------------------- half-built actions
@dataclass(frozen=True)
class Take:
    """"take N cards from Z" / "remove ... in Z": waits for "put it into ..." to say where."""

    who: Who
    count: Count
    sources: tuple[Zone, ...]  # two zones: "from either your Arsenal or Ringside pile"
    top: bool = False          # "the top N cards": no choice, straight off the Arsenal
    chooser: Who = Who.YOU
    filter: CardFilter = CardFilter()


@dataclass(frozen=True)
class Put:
    """"put it / them / N cards into Z": completes a Take, or a Look ("put 1 card into your hand")."""

    owner: Who
    dest: Zone
    position: Position
    count: Count | None = None  # None: a pronoun ("it", "them", "that card")


@dataclass(frozen=True)
class Look:
    """"look / search / go through Z (for the card titled X)": waits for "put ... into ..."."""

    who: Who
    zones: tuple[Zone, ...]
    chooser: Who
    filter: CardFilter = CardFilter()


@dataclass(frozen=True)
class Disqualified:
    """"Opponent is Disqualified": names how the following "you win the game" is won."""


@dataclass(frozen=True)
class Restated:
    """A phrase that restates a general rule ("it is unsuccessful"): compiles to nothing."""


@dataclass(frozen=True)
class Scope:
    """Which cards a modifier affects, before its duration is known."""

    duration: Duration | None = None
    card_type: CardType | None = CardType.MANEUVER
    subtype: Subtype | None = None
    reversals: bool = False
    inherit: bool = False  # "your opponent's reversal to it": the previous modifier's cards


@dataclass(frozen=True)
class Mod:
    """A modifier whose duration may come from a sibling ("+5D to all your maneuvers and +20F to all
    of opponent's reversals for the rest of this turn")."""

    stat: Stat
    amount: int
    scope: Scope
    duration: Duration | None = None


@dataclass(frozen=True)
class Item:
    """One item of an action sequence: the conjunction before it, its subject and modal, its phrase."""

    phrase: Phrase
    conj: str = "and"           # "and", "then", "but", "or"
    subject: Who | None = None  # None: the previous item's subject (or "you")
    modal: str | None = None    # "may", "must" or None


# ------------------------------------------------------------------------------------- sequences
def build_sequence(items: list[Item], default_duration: Duration | None = None) -> list[Any]:
    """The actions (and clause objects) an action sequence means."""
    groups: list[list[Item]] = [[]]
    for item in items:
        if item.conj == "or" and groups[-1]:
            groups.append([])
        groups[-1].append(item)
    if len(groups) == 1:
        return finish(_linear(items, Who.YOU), default_duration)
    # "you may either A or B" / "A, or B": the modal belongs to the choice, not to option A.
    subject = items[0].subject or Who.YOU
    options = []
    for group in groups:
        group[0] = replace(group[0], modal=None, conj="and")
        options.append(tuple(finish(_linear(group, subject), default_duration)))
    return [Choice(tuple(options))]


def _linear(items: list[Item], subject: Who) -> list[Any]:
    """Bind subjects and group "you may ..." scopes. A scope ends at "then" or at a new subject
    (except after "but": "you may draw a card, but you must then take ..." is one deal)."""
    out: list[Any] = []
    scope: list[Any] | None = None
    for item in items:
        if scope is not None and (item.conj == "then" or (item.subject is not None and item.conj != "but")):
            out.extend(_close(scope))
            scope = None
        subject = item.subject or subject
        parts = item.phrase(subject)
        if item.modal == "may":
            if scope is not None:
                out.extend(_close(scope))
            scope = list(parts)
        elif scope is not None:
            scope.extend(parts)
        else:
            out.extend(parts)
    if scope is not None:
        out.extend(_close(scope))
    return out


def _close(scope: list[Any]) -> list[Any]:
    """What "you may <scope>" means: "you may draw N cards" lets the player draw fewer; any other
    scope is an `Optional`. Clause objects ("you may play the card titled X after this card") pass."""
    actions = fuse([p for p in scope if not _is_clause(p)])
    clauses = [p for p in scope if _is_clause(p)]
    if not actions:
        return clauses
    if len(actions) == 1 and isinstance(actions[0], Draw):
        draw = actions[0]
        return [*clauses, Draw(draw.who, Count(draw.count.n, up_to=True))]
    return [*clauses, Optional(tuple(actions))]


def _is_clause(part: Any) -> bool:
    return not isinstance(part, (*ACTION_TYPES, Take, Put, Look, Disqualified, Restated, Mod))


def finish(parts: list[Any], default_duration: Duration | None = None) -> list[Any]:
    """Resolve modifiers and fuse two-step phrases; fail on anything left half-built."""
    out = fuse(resolve_mods(parts, default_duration))
    for part in out:
        if isinstance(part, (Take, Put, Look, Disqualified)):
            raise PhraseError(f"incomplete action: {_describe(part)}")
    return out


def _describe(part: Any) -> str:
    return {
        Take: "cards are taken but not put anywhere",
        Put: "'it'/'them' refers to no card taken before",
        Look: "a zone is looked through but no card is put anywhere",
        Disqualified: "a disqualification without a winner",
    }[type(part)]


# ------------------------------------------------------------------------------------------ fusion
def fuse(parts: list[Any]) -> list[Any]:
    """Join the two halves of "take X ... put it Y", "look through Z ... put 1 card into your hand",
    "is Disqualified and you win the game", "place this card back in your Arsenal, shuffle"."""
    out: list[Any] = []
    for part in parts:
        prev = out[-1] if out else None
        if isinstance(part, Restated):
            continue
        if isinstance(part, Put) and part.count is None and isinstance(prev, Take):
            out[-1] = _move(prev, part)
        elif isinstance(part, Put) and isinstance(prev, Look):
            out[-1] = _search(prev, part)
        elif isinstance(part, WinGame) and isinstance(prev, Disqualified):
            out[-1] = WinGame("disqualification")
        elif isinstance(part, Shuffle) and isinstance(prev, ReturnThis) and prev.position is Position.TOP:
            # putting this card into the Arsenal and then shuffling is shuffling it in
            out[-1] = ReturnThis(Position.SHUFFLE)
            out.append(part)
        else:
            out.append(part)
    return out


def _move(take: Take, put: Put) -> Action:
    if put.owner is not take.who:
        raise PhraseError("cards taken from one player's zone are put into the other player's")
    if take.top:
        if take.sources != (Zone.ARSENAL,) or put.dest is not Zone.RINGSIDE:
            raise PhraseError("only the top cards of an Arsenal can be put into a Ringside pile")
        return MillTop(take.who, take.count.n or 1)
    moves = tuple(
        MoveCards(take.who, take.count, src, put.dest, put.position, chooser=take.chooser, filter=take.filter)
        for src in take.sources
    )
    return moves[0] if len(moves) == 1 else Choice(tuple((m,) for m in moves))


def _search(look: Look, put: Put) -> Action:
    count = put.count or Count(1)  # "place that card in your hand": the card looked for
    if put.dest is Zone.HAND and put.owner is look.who and count == Count(1):
        return Search(look.who, look.zones, look.filter)
    if len(look.zones) != 1 or put.owner is not look.who:
        raise PhraseError("cards looked for in several zones can only go into the hand")
    return MoveCards(look.who, count, look.zones[0], put.dest, put.position, chooser=look.chooser)


# --------------------------------------------------------------------------------------- modifiers
def resolve_mods(parts: list[Any], default_duration: Duration | None) -> list[Any]:
    """Turn `Mod`s into `Modify` actions. "reversal to it" takes the previous modifier's cards; a
    modifier without a duration takes its nearest sibling's (the previous one first)."""
    ordered: list[Mod] = []
    for mod in (p for p in parts if isinstance(p, Mod)):
        if mod.scope.inherit:
            if not ordered:
                raise PhraseError("'reversal to it' follows no modified card")
            base = ordered[-1]
            mod = replace(mod, scope=replace(base.scope, reversals=True, inherit=False),
                          duration=mod.duration or base.duration)
        ordered.append(mod)
    out_mods: list[Modifier] = []
    for i, mod in enumerate(ordered):
        duration = mod.duration or mod.scope.duration or _sibling_duration(ordered, i) or default_duration
        if duration is None:
            raise PhraseError("a modifier does not say how long it lasts")
        out_mods.append(Modifier(
            stat=mod.stat, amount=mod.amount, duration=duration, card_type=mod.scope.card_type,
            subtype=mod.scope.subtype, reversals=mod.scope.reversals,
        ))
    it = iter(out_mods)
    return [Modify(next(it)) if isinstance(p, Mod) else p for p in parts]


def _sibling_duration(mods: list[Mod], i: int) -> Duration | None:
    order = list(range(i - 1, -1, -1)) + list(range(i + 1, len(mods)))
    for j in order:
        found = mods[j].duration or mods[j].scope.duration
        if found is not None:
            return found
    return None
