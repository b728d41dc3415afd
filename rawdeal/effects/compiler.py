"""Compile printed effect text into the objects of `rawdeal.effects.model`.

`grammar/effects.lark` parses a text; `_Compile` (a lark Transformer) turns the tree into clauses and
actions. There is no fallback to raw text: a text that does not parse, or parses into something
incomplete, is an `EffectSyntaxError` naming the card; a title that names no card is a
`CardDataError`. The LALR parser is built once per process (and cached on disk between processes,
see `_parser`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import lark
from lark import Discard as _Drop
from lark import Token, Transformer

from rawdeal.cards import Card, CardType, Subtype, Superstar, Trait, load_db
from rawdeal.cards.db import suggest
from rawdeal.errors import CardDataError, EffectSyntaxError
from rawdeal.effects import phrases as ph
from rawdeal.effects.model import (
    ALL, Ability, AbilityTiming, After, AllowsFollowUp, Arrange, CardEffect, CardFilter, Choice, Count,
    Delayed, Discard, DiscardThis, Draw, Duration, EndTurn, EqualizeFortitude, FortitudeBelowOpponent,
    HoldSubmission, InRingArea, Irreversible, LookAt, MinHandSize, Modifier, Modify, MoveCards,
    NoDamage, OnPlay, OnReverse, Optional, PlayRequirement, Position, ReturnThis, ReversalBonus, Reverses,
    Shuffle, SkipTurn, Stat, StatChange, Target, Trigger, Triggered, TriggersFromRingside, VariableDamage,
    WhileInRing, Who, WinGame, Zone,
)
from rawdeal.resources import grammar_path, parser_cache_file

GRAMMAR = "effects.lark"
_STARTS = ["start_card", "start_ability"]


# ------------------------------------------------------------------------------------------ parser
@cache
def _parser() -> lark.Lark:
    """The LALR parser, built once per process.

    Building takes ~250 ms, so lark's cache is used: the tables are pickled into a per-user cache
    directory (never the shared /tmp), under a name that includes the grammar's hash; lark also
    checks that hash before loading, and rebuilds (and rewrites) on any mismatch or read error.
    Set RAWDEAL_CACHE=0 to build from the grammar every time.
    """
    text = grammar_path(GRAMMAR).read_text(encoding="utf-8")
    options: dict[str, Any] = {"parser": "lalr", "start": _STARTS, "maybe_placeholders": False}
    cache_file = _cache_file(text)
    if cache_file is not None:
        options["cache"] = str(cache_file)
    return lark.Lark(text, **options)


def _cache_file(grammar: str, name: str = "effects") -> Path | None:
    return parser_cache_file(name, grammar, lark.__version__)


# ----------------------------------------------------------------------------------- public API
def compile_text(text: str, card_title: str) -> CardEffect:
    """The meaning of a card's printed text. An empty text means no effect."""
    if not text.strip():
        return CardEffect()
    return _run(text, card_title, "start_card")


def compile_card(card: Card) -> CardEffect:
    return compile_text(card.text, card.title)


@cache
def compiled_db() -> dict[str, CardEffect]:
    """Every shipped card's compiled effect, by title (compiled once per process)."""
    return {card.title: compile_card(card) for card in load_db().cards}


def compile_ability(superstar: Superstar) -> Ability:
    return _run(superstar.ability, superstar.name, "start_ability")


@cache
def abilities() -> dict[str, Ability]:
    """Every Superstar's compiled ability, by name."""
    return {s.name: compile_ability(s) for s in load_db().superstars}


def compiles(text: str, card_title: str) -> bool:
    """Whether a card text compiles, without building an error message (for checks over many texts)."""
    try:
        tree = _parser().parse(text, start="start_card")
    except lark.exceptions.UnexpectedInput:
        return False
    try:
        _Compile(card_title).transform(tree)
    except lark.exceptions.VisitError as exc:
        if isinstance(exc.orig_exc, (ph.PhraseError, CardDataError, EffectSyntaxError)):
            return False
        raise
    return True


def _run(text: str, owner: str, start: str) -> Any:
    parser = _parser()
    try:
        tree = parser.parse(text, start=start)
    except lark.exceptions.UnexpectedInput as exc:
        raise EffectSyntaxError(_syntax_message(owner, text, exc, parser)) from None
    try:
        return _Compile(owner).transform(tree)
    except lark.exceptions.VisitError as exc:
        orig = exc.orig_exc
        if isinstance(orig, ph.PhraseError):
            raise EffectSyntaxError(f"{owner}: effect text does not make sense: {orig}\n  {text}") from None
        if isinstance(orig, (CardDataError, EffectSyntaxError)):
            raise orig from None
        raise


# ------------------------------------------------------------------------------------ error text
_NAMED = {
    "NUMBER": "a number",
    "DMG": "a damage amount (like +2D)",
    "FORT": "a fortitude amount (like +8F)",
    "TITLE": "a card title",
    "QUOTED": "a quoted word",
    "AND_ZONE": '"and" before a zone',
    "$END": "the end of the text",
}


def _syntax_message(owner: str, text: str, exc: lark.exceptions.UnexpectedInput, parser: lark.Lark) -> str:
    column = getattr(exc, "column", None)
    at_end = isinstance(exc, lark.exceptions.UnexpectedToken) and exc.token.type == "$END"
    if at_end or not isinstance(column, int) or column < 1:  # the text stops too early
        column = len(text) + 1
    if isinstance(exc, lark.exceptions.UnexpectedToken):
        expected = exc.accepts or exc.expected
    elif isinstance(exc, lark.exceptions.UnexpectedCharacters):
        expected = exc.allowed or set()
    else:
        expected = getattr(exc, "expected", None) or set()
    words = sorted({_terminal_words(name, parser) for name in expected})
    return (
        f"{owner}: cannot parse the effect text at column {column}:\n"
        f"  {text}\n"
        f"  {' ' * (column - 1)}^\n"
        f"expected: {', '.join(words) or 'nothing more'}"
    )


def _terminal_words(name: str, parser: lark.Lark) -> str:
    if name in _NAMED:
        return _NAMED[name]
    term = parser.get_terminal(name)
    if isinstance(term.pattern, lark.lexer.PatternStr):
        return f'"{term.pattern.value}"'
    return name.lower()


# --------------------------------------------------------------------------------- transformer
@dataclass(frozen=True)
class _Ctx:
    """What a sentence's actions belong to: the card being played (as `as_type`; `success` for
    "When successfully played") or the card reversing (only from the hand, if `from_hand`).
    A sentence without its own opening ("Draw 1 card.") continues the previous sentence's."""

    kind: str = "play"
    as_type: CardType | None = None
    success: bool = False
    from_hand: bool = False


@dataclass(frozen=True)
class _Stmt:
    ctx: _Ctx | None
    items: tuple[Any, ...]


@dataclass(frozen=True)
class _SelfStat:
    """A change to this card's own D/F; `StatChange` once the context is known."""

    stat: Stat
    amount: int
    condition: Any = None
    per_title_word: str | None = None


@dataclass(frozen=True)
class _HoldRule:
    """A sentence restating Maintain Hold's held Submission (compiles into `HoldSubmission`)."""


@dataclass(frozen=True)
class _Src:
    owner: Who | None  # None: "the Ringside pile", the subject's
    zones: tuple[Zone, ...]


@dataclass(frozen=True)
class _Purpose:
    phrase: ph.Phrase


@dataclass(frozen=True)
class _Cost:
    actions: tuple[Any, ...]


def _owner(poss: Who | None, subject: Who) -> Who:
    return subject if poss is None else poss


def _one_zone(src: _Src, subject: Who, zone: Zone) -> Who:
    if src.zones != (zone,):
        raise ph.PhraseError(f"expected the {zone.value}, not {'/'.join(z.value for z in src.zones)}")
    return _owner(src.owner, subject)


def _lift_optional(actions: list[Any]) -> tuple[bool, list[Any]]:
    """"you may X": when the whole effect is optional (an ability, a trigger, a hybrid's "as an
    action, you may ..."), the choice belongs to the effect, not to an `Optional` inside it."""
    if actions and isinstance(actions[0], Optional):
        return True, [*actions[0].actions, *actions[1:]]
    return False, actions


def _drop(self: Any, _children: list[Any]) -> Any:
    return _Drop


class _Compile(Transformer):
    """Bottom-up: tokens -> values, phrases -> `Phrase`s, sentences -> `_Stmt`s, text -> CardEffect."""

    def __init__(self, owner: str) -> None:
        super().__init__()
        self.owner = owner
        self.db = load_db()
        self.last_look: LookAt | None = None

    # ---------------------------------------------------------------- tokens and vocabulary
    def TITLE(self, token: Token) -> str:
        title = self.db.resolve_title(str(token))
        if title is None:
            raise CardDataError(
                f"{self.owner}: effect text names an unknown card {str(token)!r}"
                f"{suggest(str(token), self.db.by_title)}"
            )
        return title

    def NUMBER(self, token: Token) -> int:
        return int(token)

    def DMG(self, token: Token) -> tuple[Stat, int]:
        return Stat.DAMAGE, int(token[:-1])

    def FORT(self, token: Token) -> tuple[Stat, int]:
        return Stat.FORTITUDE, int(token[:-1])

    def QUOTED(self, token: Token) -> str:
        return str(token)[1:-1]

    def AND_ZONE(self, token: Token) -> Any:
        return _Drop

    cards = discard = put_verb = be = reverse_verb = in_your_ring = of_your_choice = _drop
    turn_scope = start_of_turn = opp_reversals = _drop

    def strike(self, _: list) -> Subtype: return Subtype.STRIKE
    def grapple(self, _: list) -> Subtype: return Subtype.GRAPPLE
    def submission(self, _: list) -> Subtype: return Subtype.SUBMISSION
    def maneuver(self, _: list) -> CardType: return CardType.MANEUVER
    def reversal(self, _: list) -> CardType: return CardType.REVERSAL
    def action(self, _: list) -> CardType: return CardType.ACTION
    def heel(self, _: list) -> Trait: return Trait.HEEL
    def face(self, _: list) -> Trait: return Trait.FACE
    def hand(self, _: list) -> Zone: return Zone.HAND
    def arsenal(self, _: list) -> Zone: return Zone.ARSENAL
    def ringside(self, _: list) -> Zone: return Zone.RINGSIDE
    def ring(self, _: list) -> Zone: return Zone.RING
    def your(self, _: list) -> Who: return Who.YOU
    def his(self, _: list) -> Who: return Who.OPPONENT
    def their(self, _: list) -> Who: return Who.ALL
    def the(self, _: list) -> None: return None
    def you(self, _: list) -> Who: return Who.YOU
    def opponent(self, _: list) -> Who: return Who.OPPONENT
    def all_players(self, _: list) -> Who: return Who.ALL
    def reversed_card(self, _: list) -> Who: return Who.OPPONENT  # "It (the reversed card) ... ends his turn"
    def object_player(self, _: list) -> Who: return Who.OPPONENT
    def must(self, _: list) -> str: return "must"
    def may(self, _: list) -> str: return "may"
    def conj_and(self, _: list) -> str: return "and"
    def conj_then(self, _: list) -> str: return "then"
    def conj_but(self, _: list) -> str: return "but"
    def conj_or(self, _: list) -> str: return "or"
    def rest_of_turn(self, _: list) -> Duration: return Duration.REST_OF_TURN
    def next_turn(self, _: list) -> Duration: return Duration.NEXT_TURN

    def stat_amount(self, c: list) -> tuple[Stat, int]:
        return c[0]

    def card_ref(self, c: list) -> str:
        return c[0]

    def this_card(self, c: list) -> str:
        return self._is_this_card(c[0] if c else self.owner)

    def _is_this_card(self, title: str) -> str:
        if title != self.owner:
            raise ph.PhraseError(f"the text speaks of {title!r} as if it were this card")
        return title

    # ------------------------------------------------------------------------- quantities
    def exactly(self, c: list) -> Count: return Count(c[0])
    def one(self, _: list) -> Count: return Count(1)
    def up_to(self, c: list) -> Count: return Count(c[0], up_to=True)
    def same_number(self, _: list) -> Count: return Count(same=True)

    # ------------------------------------------------------------------------------ zones
    def zone_ref(self, c: list) -> _Src:
        return _Src(c[0], (c[1],))

    def from_zone(self, c: list) -> _Src:
        return c[0]

    def from_either(self, c: list) -> _Src:
        return _Src(c[0].owner, (*c[0].zones, c[1]))

    def top_cards(self, c: list) -> tuple[int, _Src]:
        return (c[0], c[1]) if len(c) == 2 else (1, c[0])

    # ----------------------------------------------------------------------- verb phrases
    def draw_vp(self, c: list) -> ph.Phrase:
        count = c[0]
        return lambda s: [Draw(s, count)]

    def discard_cards(self, c: list) -> ph.Phrase:
        count, rest = c[0], c[1:]
        src = next((x for x in rest if isinstance(x, _Src)), None)
        purpose = next((x.phrase for x in rest if isinstance(x, _Purpose)), None)

        def phrase(s: Who) -> list:
            who = _one_zone(src, s, Zone.HAND) if src else s
            return [Discard(who, count, chooser=s), *(purpose(s) if purpose else [])]
        return phrase

    def discard_all(self, c: list) -> ph.Phrase:
        src = c[0] if isinstance(c[0], _Src) else _Src(c[0], (Zone.HAND,))

        def phrase(s: Who) -> list:
            who = _one_zone(src, s, Zone.HAND)
            if who is Who.ALL:  # "All players discard all cards from their hands": you first, then him
                return [Discard(Who.YOU, ALL), Discard(Who.OPPONENT, ALL, chooser=Who.OPPONENT)]
            return [Discard(who, ALL, chooser=who)]
        return phrase

    def discard_trait(self, c: list) -> ph.Phrase:
        trait = c[0]
        return lambda s: [Discard(s, ALL, chooser=s, filter=CardFilter(trait=trait))]

    def discard_this(self, c: list) -> ph.Phrase:
        purpose = next((x.phrase for x in c if isinstance(x, _Purpose)), None)
        return lambda s: [DiscardThis(), *(purpose(s) if purpose else [])]

    def choose_and_discard(self, c: list) -> ph.Phrase:
        count, src = c
        return lambda s: [Discard(_one_zone(src, s, Zone.HAND), count, chooser=s)]

    def choose_to(self, c: list) -> ph.Phrase:
        return c[0]

    def to_zone(self, c: list) -> Any:
        if c[0].zones != (Zone.RINGSIDE,):
            raise ph.PhraseError("discarded cards can only go to the Ringside pile")
        return _Drop

    def to_purpose(self, c: list) -> _Purpose:
        return _Purpose(c[0])

    def take(self, c: list) -> ph.Phrase:
        count, src = c
        return lambda s: [ph.Take(_owner(src.owner, s), count, src.zones, chooser=s)]

    def take_top(self, c: list) -> ph.Phrase:
        n, src = c[0]
        return lambda s: [ph.Take(_owner(src.owner, s), Count(n), src.zones, top=True, chooser=s)]

    def remove_up_to_fortitude(self, c: list) -> ph.Phrase:
        count, src = c
        only = CardFilter(max_damage_of_own_fortitude=True)
        return lambda s: [ph.Take(_owner(src.owner, s), count, src.zones, chooser=s, filter=only)]

    def return_cards(self, c: list) -> ph.Phrase:
        count, dest, src = c
        return lambda s: [MoveCards(_owner(src.owner, s), count, src.zones[0], dest.zones[0], chooser=s)]

    def pronoun(self, _: list) -> tuple: return ("pronoun", None)
    def counted(self, c: list) -> tuple: return ("counted", c[0])
    def top_object(self, c: list) -> tuple: return ("top", c[0])
    def this_card_object(self, _: list) -> tuple: return ("this", None)
    def dest_top(self, c: list) -> tuple: return (c[0], Position.TOP)
    def dest_bottom(self, c: list) -> tuple: return (c[0], Position.BOTTOM)

    def put(self, c: list) -> ph.Phrase:
        (kind, value), (dest, position) = c

        def phrase(s: Who) -> list:
            owner = _owner(dest.owner, s)
            if kind == "pronoun":
                return [ph.Put(owner, dest.zones[0], position)]
            if kind == "counted":
                return [ph.Put(owner, dest.zones[0], position, count=value)]
            if kind == "this":
                return [ReturnThis(position)]
            n, src = value  # "places the top 5 cards of his Arsenal into his Ringside pile"
            return ph.fuse([ph.Take(_owner(src.owner, s), Count(n), src.zones, top=True, chooser=s),
                            ph.Put(owner, dest.zones[0], position)])
        return phrase

    def look_at_hand(self, c: list) -> ph.Phrase:
        poss = c[0]
        return lambda s: [self._look(LookAt(_owner(poss, s), Zone.HAND))]

    def look_at_top(self, c: list) -> ph.Phrase:
        n, src = c
        return lambda s: [self._look(LookAt(_one_zone(src, s, Zone.ARSENAL), Zone.ARSENAL, n))]

    def _look(self, look: LookAt) -> LookAt:
        self.last_look = look  # "arrange them" in a later sentence means these cards
        return look

    def look_through(self, c: list) -> ph.Phrase:
        src = c[0]
        zones = (*src.zones, *(z for z in c[1:] if isinstance(z, Zone)))
        titles = [t for t in c[1:] if not isinstance(t, Zone)]
        only = CardFilter(title=titles[0]) if titles else CardFilter()
        return lambda s: [ph.Look(_owner(src.owner, s), zones, chooser=s, filter=only)]

    def shuffle_cards_into(self, c: list) -> ph.Phrase:
        count, src, dest = c
        return lambda s: [MoveCards(_owner(src.owner, s), count, src.zones[0], dest.zones[0], Position.SHUFFLE,
                                    chooser=s)]

    def shuffle_them_into(self, c: list) -> ph.Phrase:
        dest = c[0]
        return lambda s: [ph.Put(_owner(dest.owner, s), dest.zones[0], Position.SHUFFLE)]

    def shuffle_zone(self, c: list) -> ph.Phrase:
        src = c[0]
        return lambda s: [Shuffle(_one_zone(src, s, Zone.ARSENAL))]

    def shuffle_own(self, _: list) -> ph.Phrase:
        return lambda s: [Shuffle(s)]  # "shuffle" / "shuffle it": the subject's Arsenal

    def end_turn(self, c: list) -> ph.Phrase:
        poss = c[0]
        return lambda s: [EndTurn(_owner(poss, s))]

    def skip_turn(self, c: list) -> ph.Phrase:
        poss = c[0]
        return lambda s: [SkipTurn(_owner(poss, s))]

    def win_game(self, _: list) -> ph.Phrase:
        return lambda s: [WinGame("the game")]

    def disqualified(self, _: list) -> ph.Phrase:
        return lambda s: [ph.Disqualified()]

    def restated(self, _: list) -> ph.Phrase:
        return lambda s: [ph.Restated()]

    def arrange_them(self, _: list) -> ph.Phrase:
        def phrase(s: Who) -> list:
            look = self.last_look
            if look is None or look.n is None:
                raise ph.PhraseError("'arrange them' refers to no cards looked at")
            return [Arrange(look.who, look.n)]
        return phrase

    def make_do(self, c: list) -> ph.Phrase:
        other, phrase = c
        return lambda s: phrase(other)

    def play_before(self, c: list) -> ph.Phrase:
        title = c[0]
        return lambda s: [PlayRequirement(After(title=title))]

    def follow_up(self, c: list) -> ph.Phrase:
        title, subtype = c
        return lambda s: [AllowsFollowUp(title, subtype)]

    # -------------------------------------------------------------------------- modifiers
    def your_maneuvers(self, c: list) -> ph.Scope:
        return ph.Scope(subtype=c[0] if c else None)

    def next_maneuver(self, _: list) -> ph.Scope:
        return ph.Scope(duration=Duration.NEXT_MANEUVER)

    def next_card_any(self, _: list) -> ph.Scope:
        return ph.Scope(duration=Duration.NEXT_CARD, card_type=None)

    def all_reversals(self, _: list) -> ph.Scope:
        return ph.Scope(card_type=None, reversals=True)

    def reversals_to_it(self, _: list) -> ph.Scope:
        return ph.Scope(reversals=True, inherit=True)

    def _mod_item(self, scope: ph.Scope, amount: tuple[Stat, int], duration: Duration | None) -> ph.Item:
        mod = ph.Mod(amount[0], amount[1], scope, duration)
        return ph.Item(lambda s: [mod])

    def mod_is(self, c: list) -> ph.Item:
        return self._mod_item(c[0], c[1], c[2] if len(c) > 2 else None)

    def mod_is_after_duration(self, c: list) -> ph.Item:
        return self._mod_item(c[1], c[2], c[0])

    def mod_is_mid_duration(self, c: list) -> ph.Item:
        return self._mod_item(c[0], c[2], c[1])

    def mod_to(self, c: list) -> ph.Item:
        return self._mod_item(c[1], c[0], c[2] if len(c) > 2 else None)

    def mod_irreversible(self, c: list) -> ph.Item:
        return self._mod_item(c[0], (Stat.IRREVERSIBLE, 0), None)

    def mod_arsenal_irreversible(self, c: list) -> ph.Item:
        mod = Modifier(Stat.IRREVERSIBLE, 0, c[0], arsenal_only=True)
        return ph.Item(lambda s: [Modify(mod)])

    def next_card(self, c: list) -> tuple[Subtype | None, int | None]:
        subtype = next((x for x in c if isinstance(x, Subtype)), None)
        max_damage = next((x[1] for x in c if isinstance(x, tuple)), None)
        return subtype, max_damage

    def mod_next_card(self, c: list) -> ph.Item:
        (subtype, max_damage), effect = c
        actions = effect(subtype, max_damage)
        return ph.Item(lambda s: list(actions))

    @staticmethod
    def _next(stat: Stat, amount: int, subtype: Subtype | None, max_damage: int | None, **kw: Any) -> Modify:
        return Modify(Modifier(stat, amount, Duration.NEXT_CARD, subtype=subtype, max_damage=max_damage, **kw))

    def next_card_bonus(self, c: list) -> Any:
        stat, n = c[0]
        return lambda st, md: [self._next(stat, n, st, md)]

    def next_card_declare(self, c: list) -> Any:
        (s1, n1), (s2, n2) = c
        if (s1, s2) != (Stat.DAMAGE, Stat.FORTITUDE):
            raise ph.PhraseError("'declare whether' offers +D to the card or +F to reversals to it")
        return lambda st, md: [Choice(((self._next(s1, n1, st, md),),
                                       (self._next(s2, n2, st, md, reversals=True),)), declare=True)]

    def next_card_irreversible(self, _: list) -> Any:
        return lambda st, md: [self._next(Stat.IRREVERSIBLE, 0, st, md)]

    # --------------------------------------------------------------------------- sequences
    def actor(self, c: list) -> tuple[Who, str | None]:
        return c[0], (c[1] if len(c) > 1 else None)

    def act(self, c: list) -> ph.Item:
        if len(c) == 2:
            (subject, modal), phrase = c
            return ph.Item(phrase, subject=subject, modal=modal)
        return ph.Item(c[0])

    def discard_titled(self, c: list) -> ph.Item:
        title, (subject, modal) = c
        only = CardFilter(title=title)
        return ph.Item(lambda s: [Discard(s, ALL, chooser=s, filter=only)], subject=subject, modal=modal)

    def action_item(self, c: list) -> ph.Item:  # a mod_item reached through action_item
        return c[0]

    def action_seq(self, c: list) -> list[Any]:
        return ph.build_sequence(self._items(c))

    @staticmethod
    def _items(children: list) -> list[ph.Item]:
        items, conj = [], "and"
        for child in children:
            if isinstance(child, str):
                conj = child
                continue
            item = child if isinstance(child, ph.Item) else ph.Item(child)
            items.append(replace(item, conj=conj))
            conj = "and"
        return items

    # ---------------------------------------------------------------------------- targets
    def target(self, c: list) -> Target:
        return self._target(c[0])

    def _target(self, fields: dict) -> Target:
        fields = dict(fields)
        need = fields.pop("_trait", None)
        if need is not None and need is not fields.get("trait"):
            raise ph.PhraseError("the Ring-area count must be of the reversed card's trait")
        return Target(**fields)

    def target_desc(self, c: list) -> dict:
        fields: dict[str, Any] = {}
        for x in c:
            if isinstance(x, Trait):
                fields["trait"] = x
            else:
                fields.update(x)
        return fields

    def subtype_noun(self, c: list) -> dict: return {"subtypes": tuple(c)}
    def type_noun(self, c: list) -> dict: return {"card_types": tuple(c)}
    def max_damage(self, c: list) -> dict: return {"max_damage": c[0][1]}
    def after_title(self, c: list) -> dict: return {"after_title": c[0]}
    def from_opponent_hand(self, _: list) -> dict: return {}
    def min_trait_in_ring(self, c: list) -> dict: return {"min_trait_in_ring": c[0], "_trait": c[1]}

    def titled_maneuver(self, c: list) -> Target:
        return Target(title=c[0])

    def titled_card(self, c: list) -> Target:
        # "the card titled X": whatever X is played as (Jockeying for Position: an action)
        return Target(card_types=self.db.card(c[0]).playable_types, title=c[0])

    def reverse_cost(self, c: list) -> _Cost:
        return _Cost(tuple(ph.finish(c[0].phrase(Who.YOU))))

    def reverse_stmt(self, c: list) -> list[Any]:
        target, rest = c[0], c[1:]
        cost = next((x.actions for x in rest if isinstance(x, _Cost)), ())
        actions = next((x for x in rest if isinstance(x, list)), [])
        return [Reverses(target, cost=cost), *actions]

    # ------------------------------------------------------------------- self stats, conditions
    def conditional_stat(self, c: list) -> list[_SelfStat]:
        (stat, n), condition = c
        return [_SelfStat(stat, n, condition)]

    def per_title_word_stat(self, c: list) -> list[_SelfStat]:
        (stat, n), word = c
        return [_SelfStat(stat, n, per_title_word=word)]

    def flat_stats(self, c: list) -> list[_SelfStat]:
        return [_SelfStat(stat, n) for stat, n in c]

    def if_after(self, c: list) -> After: return c[0]
    def if_in_ring(self, c: list) -> InRingArea: return InRingArea(c[0])
    def prior_min_damage(self, c: list) -> After: return After(CardType.MANEUVER, min_damage=c[0][1])
    def prior_maneuver(self, _: list) -> After: return After(CardType.MANEUVER)
    def prior_subtype(self, c: list) -> After: return After(CardType.MANEUVER, subtype=c[0])
    def prior_titled_maneuver(self, c: list) -> After: return After(CardType.MANEUVER, title=c[0])
    def prior_titled(self, c: list) -> After: return After(title=c[0])

    def body(self, c: list) -> list[Any]:
        return [x for part in c for x in part]

    # -------------------------------------------------------------------------- statements
    def sentence(self, c: list) -> _Stmt:
        return c[0] if isinstance(c[0], _Stmt) else _Stmt(None, tuple(c[0]))  # a bare reverse_stmt

    def plain(self, c: list) -> _Stmt:
        return _Stmt(None, tuple(c[0]))

    def on_success(self, c: list) -> _Stmt:
        return _Stmt(_Ctx("play", success=True), tuple(c[0]))

    def as_action(self, c: list) -> _Stmt:
        # "As an action, you may discard this card to draw 1 card": choosing to play the card as an
        # action is the "may"; the effect itself is not optional (no prompt in the reference).
        stats = [x for x in c[0] if isinstance(x, _SelfStat)]
        _, actions = _lift_optional([x for x in c[0] if not isinstance(x, _SelfStat)])
        return _Stmt(_Ctx("play", as_type=CardType.ACTION), (*stats, *actions))

    def as_maneuver_requirement(self, c: list) -> _Stmt:
        return _Stmt(None, (PlayRequirement(InRingArea(c[0]), as_type=CardType.MANEUVER),))

    def as_reversal(self, c: list) -> _Stmt:
        return _Stmt(_Ctx("reverse"), tuple(c[0]))

    def if_so(self, c: list) -> _Stmt:
        return _Stmt(_Ctx("reverse"), tuple(c[0]))  # "If so" = if this card reversed

    def from_hand(self, c: list) -> _Stmt:
        # "If played from your hand": only reversals are played from the hand (as opposed to being
        # revealed from the Arsenal while applying damage), so this opens reversal effects.
        items = [replace(x, from_hand_only=True) if isinstance(x, Reverses) else x for x in c[0]]
        return _Stmt(_Ctx("reverse", from_hand=True), tuple(items))

    def choose_one(self, c: list) -> _Stmt:
        if len(c[0]) != 1 or not isinstance(c[0][0], Choice):
            raise ph.PhraseError("'Choose one:' must be followed by options joined by 'or'")
        return _Stmt(None, tuple(c[0]))

    def played_before(self, c: list) -> _Stmt: return _Stmt(None, (PlayRequirement(After(title=c[0])),))
    def only_after(self, c: list) -> _Stmt: return _Stmt(None, (PlayRequirement(c[0]),))
    def min_hand_size(self, c: list) -> _Stmt: return _Stmt(None, (PlayRequirement(MinHandSize(c[0])),))
    def fortitude_below(self, _: list) -> _Stmt: return _Stmt(None, (PlayRequirement(FortitudeBelowOpponent()),))

    def maintain_hold(self, c: list) -> _Stmt:
        # "Play after a successful Submission maneuver not reversed and end your turn": the play
        # holds that Submission; the card's remaining sentences restate what holding means.
        subtype, actions = c
        requirement = PlayRequirement(After(CardType.MANEUVER, subtype=subtype))
        return _Stmt(None, (requirement, HoldSubmission(), *actions))

    def irreversible(self, _: list) -> _Stmt: return _Stmt(None, (Irreversible(),))
    def reversal_bonus(self, c: list) -> _Stmt: return _Stmt(None, (ReversalBonus(c[0][1]),))
    def no_damage(self, _: list) -> _Stmt: return _Stmt(None, (NoDamage(),))

    def variable_damage(self, c: list) -> _Stmt:
        if c[0] != 0:
            raise ph.PhraseError("a variable damage reads as 0 in the Ring area")
        return _Stmt(None, (VariableDamage(),))

    def triggers_from_ringside(self, c: list) -> _Stmt:
        self._is_this_card(c[0])
        return _Stmt(None, (TriggersFromRingside(),))

    def while_trigger(self, c: list) -> _Stmt:
        _, actions = c
        return _Stmt(None, (Triggered(Trigger.START_OF_TURN, tuple(actions), zone=Zone.RING),))

    def while_modifier(self, c: list) -> _Stmt:
        _, item = c
        (modify,) = ph.build_sequence([item], default_duration=Duration.WHILE_IN_RING)
        return _Stmt(None, (WhileInRing(modify.modifier),))

    def at_end_of_turn(self, c: list) -> _Stmt:
        return _Stmt(None, (Delayed(Trigger.END_OF_TURN, tuple(c[0])),))

    def on_forced_discard(self, c: list) -> _Stmt:
        optional, actions = _lift_optional(c[0])
        return _Stmt(None, (Triggered(Trigger.FORCED_DISCARD, tuple(actions), zone=Zone.HAND, optional=optional),))

    def hold_blocks_play(self, _: list) -> _Stmt: return _Stmt(None, (_HoldRule(),))
    def hold_repeats_damage(self, _: list) -> _Stmt: return _Stmt(None, (_HoldRule(),))

    def hold_ends(self, c: list) -> _Stmt:
        if any(t != "Maintain Hold" for t in c if not isinstance(t, Subtype)):
            raise ph.PhraseError("the held Submission's rules speak of Maintain Hold")
        return _Stmt(None, (_HoldRule(),))

    def equalize(self, _: list) -> _Stmt:
        return _Stmt(None, (EqualizeFortitude(),))

    def start_card(self, c: list) -> CardEffect:
        return _assemble(c)

    # ---------------------------------------------------------------------------- abilities
    def once_per_turn(self, _: list) -> AbilityTiming: return AbilityTiming.ONCE_PER_TURN
    def start_of_turn_timing(self, _: list) -> AbilityTiming: return AbilityTiming.START_OF_TURN
    def timed_ability(self, c: list) -> dict: return {"timing": c[0], "actions": c[1]}
    def passive_draw(self, c: list) -> dict: return {"draw_per_turn": c[0].n}
    def passive_damage(self, c: list) -> dict: return {"damage_taken": c[0][1]}
    def no_ability(self, _: list) -> Ability: return Ability(AbilityTiming.NONE)

    def start_ability(self, c: list) -> Ability:
        if isinstance(c[0], Ability):
            return c[0]
        fields: dict[str, Any] = {}
        for part in c:
            if set(part) & set(fields):
                raise ph.PhraseError("an ability says the same thing twice")
            fields.update(part)
        if "timing" not in fields:
            return Ability(AbilityTiming.PASSIVE, **fields)
        optional, actions = _lift_optional(fields.pop("actions"))
        return Ability(fields.pop("timing"), tuple(actions), optional=optional, **fields)


# -------------------------------------------------------------------------------- assembly
_ACTIONS = ph.ACTION_TYPES


def _assemble(stmts: list[_Stmt]) -> CardEffect:
    """Put each sentence's parts into clauses: actions join the current context's `OnPlay` or
    `OnReverse` (consecutive sentences in one context make one clause); a `Reverses` opens the
    reversal context; this card's own stat changes learn their `as_type` / `on_success`."""
    ctx = _Ctx()
    clauses: list[Any] = []
    hold = False
    for stmt in stmts:
        ctx = stmt.ctx or ctx
        for part in stmt.items:
            if isinstance(part, Reverses):
                ctx = _Ctx("reverse", from_hand=part.from_hand_only)
                clauses.append(part)
            elif isinstance(part, _ACTIONS):
                hold = hold or isinstance(part, HoldSubmission)
                _add_action(clauses, part, ctx)
            elif isinstance(part, _SelfStat):
                clauses.append(StatChange(part.stat, part.amount, part.condition, ctx.as_type,
                                          part.per_title_word, on_success=ctx.success))
            elif isinstance(part, _HoldRule):
                if not hold:
                    raise ph.PhraseError("the text explains a held Submission that nothing holds")
            else:
                clauses.append(part)
    return CardEffect(tuple(clauses))


def _add_action(clauses: list[Any], action: Any, ctx: _Ctx) -> None:
    last = clauses[-1] if clauses else None
    if ctx.kind == "play":
        if isinstance(last, OnPlay) and last.as_type is ctx.as_type:
            clauses[-1] = OnPlay((*last.actions, action), last.as_type)
        else:
            clauses.append(OnPlay((action,), ctx.as_type))
    elif isinstance(last, OnReverse) and last.from_hand_only == ctx.from_hand:
        clauses[-1] = OnReverse((*last.actions, action), last.from_hand_only)
    else:
        clauses.append(OnReverse((action,), ctx.from_hand))
