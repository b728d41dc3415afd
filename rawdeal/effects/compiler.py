"""Compile printed effect text into the objects of `rawdeal.effects.model`.

`grammar/effects.lark` parses a text; `_Compile` (a lark Transformer) turns the tree into clauses and
actions. There is no fallback to raw text: a text that does not parse, or parses into something
incomplete, is an `EffectSyntaxError` naming the card; a title that names no card is a
`CardDataError`. The LALR parser is built once per process (and cached on disk between processes,
see `_parser`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import lark
from lark import Discard as _Drop
from lark import Token, Transformer, v_args

from rawdeal.cards import Card, CardType, Subtype, Superstar, Trait, load_db
from rawdeal.cards.db import suggest
from rawdeal.errors import CardDataError, EffectSyntaxError
from rawdeal.effects import phrases as ph
from rawdeal.effects.model import (
    ALL, Ability, AbilityTiming, After, AllowsFollowUp, Arrange, CardEffect, CardFilter, Choice, Condition,
    Count, Delayed, Discard, DiscardThis, Draw, Duration, EndTurn, EqualizeFortitude, FortitudeBelowOpponent,
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
    options: dict[str, Any] = {"parser": "lalr", "start": _STARTS, "maybe_placeholders": True}
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
    return _run(text, card_title, CardEffect)


def compile_card(card: Card) -> CardEffect:
    return compile_text(card.text, card.title)


@cache
def compiled_db() -> dict[str, CardEffect]:
    """Every shipped card's compiled effect, by title (compiled once per process)."""
    return {card.title: compile_card(card) for card in load_db().cards}


def compile_ability(superstar: Superstar) -> Ability:
    return _run(superstar.ability, superstar.name, Ability)


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


_Meaning = TypeVar("_Meaning", CardEffect, Ability)
_START: dict[type[CardEffect | Ability], str] = {CardEffect: "start_card", Ability: "start_ability"}


def _run(text: str, owner: str, kind: type[_Meaning]) -> _Meaning:
    """A card text (kind `CardEffect`) or a Superstar ability (`Ability`), from its own start rule."""
    parser = _parser()
    try:
        tree = parser.parse(text, start=_START[kind])
    except lark.exceptions.UnexpectedInput as exc:
        raise EffectSyntaxError(_syntax_message(owner, text, exc, parser)) from None
    try:
        meaning = _Compile(owner).transform(tree)
    except lark.exceptions.VisitError as exc:
        orig = exc.orig_exc
        if isinstance(orig, ph.PhraseError):
            raise EffectSyntaxError(f"{owner}: effect text does not make sense: {orig}\n  {text}") from None
        if isinstance(orig, (CardDataError, EffectSyntaxError)):
            raise orig from None
        raise
    assert isinstance(meaning, kind)  # each start rule makes its own kind
    return meaning


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
    condition: Condition | None = None
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


_Amount = tuple[Stat, int]  # "+2D", "-6F"
_Actor = tuple[Who, str | None]  # "opponent must", "you may"
_Object = tuple[str, Any]  # what "put" moves: ("pronoun" | "counted" | "top" | "this", its value)
_Fields = dict[str, Any]  # a piece of a `Target` or an `Ability`, by field name
_NextEffect = Callable[[Subtype | None, int | None], list[Any]]  # "your next card ... it is +2D"


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


def _then(purpose: _Purpose | None, subject: Who) -> list[Any]:
    """What a discard pays for ("discard this card to draw 1 card"), if anything."""
    return purpose.phrase(subject) if purpose else []


def _drop(self: Any, *_words: Any) -> Any:
    """Words that only shape a sentence: dropped from the tree."""
    return _Drop


@v_args(inline=True)
class _Compile(Transformer[Token, CardEffect | Ability]):
    """Bottom-up: tokens -> values, phrases -> `Phrase`s, sentences -> `_Stmt`s, text -> CardEffect.

    Each method takes the rule's kept children as named arguments; an optional part written
    `[part]` in the grammar arrives as None when absent."""

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

    def DMG(self, token: Token) -> _Amount:
        return Stat.DAMAGE, int(token[:-1])

    def FORT(self, token: Token) -> _Amount:
        return Stat.FORTITUDE, int(token[:-1])

    def QUOTED(self, token: Token) -> str:
        return str(token)[1:-1]

    AND_ZONE = _drop
    cards = discard = put_verb = be = reverse_verb = in_your_ring = of_your_choice = _drop
    turn_scope = start_of_turn = opp_reversals = _drop

    def strike(self) -> Subtype: return Subtype.STRIKE
    def grapple(self) -> Subtype: return Subtype.GRAPPLE
    def submission(self) -> Subtype: return Subtype.SUBMISSION
    def maneuver(self) -> CardType: return CardType.MANEUVER
    def reversal(self) -> CardType: return CardType.REVERSAL
    def action(self) -> CardType: return CardType.ACTION
    def heel(self) -> Trait: return Trait.HEEL
    def face(self) -> Trait: return Trait.FACE
    def hand(self) -> Zone: return Zone.HAND
    def arsenal(self) -> Zone: return Zone.ARSENAL
    def ringside(self) -> Zone: return Zone.RINGSIDE
    def ring(self) -> Zone: return Zone.RING
    def your(self) -> Who: return Who.YOU
    def his(self) -> Who: return Who.OPPONENT
    def their(self) -> Who: return Who.ALL
    def the(self) -> None: return None
    def you(self) -> Who: return Who.YOU
    def opponent(self) -> Who: return Who.OPPONENT
    def all_players(self) -> Who: return Who.ALL
    def reversed_card(self) -> Who: return Who.OPPONENT  # "It (the reversed card) ... ends his turn"
    def object_player(self) -> Who: return Who.OPPONENT
    def must(self) -> str: return "must"
    def may(self) -> str: return "may"
    def conj_and(self) -> str: return "and"
    def conj_then(self) -> str: return "then"
    def conj_but(self) -> str: return "but"
    def conj_or(self) -> str: return "or"
    def rest_of_turn(self) -> Duration: return Duration.REST_OF_TURN
    def next_turn(self) -> Duration: return Duration.NEXT_TURN

    def stat_amount(self, amount: _Amount) -> _Amount:
        return amount

    def card_ref(self, title: str) -> str:
        return title

    def this_card(self, title: str | None = None) -> str:
        return self._is_this_card(self.owner if title is None else title)

    def _is_this_card(self, title: str) -> str:
        if title != self.owner:
            raise ph.PhraseError(f"the text speaks of {title!r} as if it were this card")
        return title

    # ------------------------------------------------------------------------- quantities
    def exactly(self, n: int) -> Count: return Count(n)
    def one(self) -> Count: return Count(1)
    def up_to(self, n: int) -> Count: return Count(n, up_to=True)
    def same_number(self) -> Count: return Count(same=True)

    # ------------------------------------------------------------------------------ zones
    def zone_ref(self, poss: Who | None, zone: Zone) -> _Src:
        return _Src(poss, (zone,))

    def from_zone(self, src: _Src) -> _Src:
        return src

    def from_either(self, src: _Src, other: Zone) -> _Src:
        return _Src(src.owner, (*src.zones, other))

    def top_cards(self, n: int | None, src: _Src) -> tuple[int, _Src]:
        return (1 if n is None else n), src

    # ----------------------------------------------------------------------- verb phrases
    def draw_vp(self, count: Count) -> ph.Phrase:
        return lambda s: [Draw(s, count)]

    def discard_cards(self, count: Count, src: _Src | None, purpose: _Purpose | None) -> ph.Phrase:
        def phrase(s: Who) -> list[Any]:
            who = _one_zone(src, s, Zone.HAND) if src else s
            return [Discard(who, count, chooser=s), *_then(purpose, s)]
        return phrase

    def discard_all(self, where: _Src | Who | None) -> ph.Phrase:
        src = where if isinstance(where, _Src) else _Src(where, (Zone.HAND,))

        def phrase(s: Who) -> list[Any]:
            who = _one_zone(src, s, Zone.HAND)
            if who is Who.ALL:  # "All players discard all cards from their hands": you first, then him
                return [Discard(Who.YOU, ALL), Discard(Who.OPPONENT, ALL, chooser=Who.OPPONENT)]
            return [Discard(who, ALL, chooser=who)]
        return phrase

    def discard_trait(self, trait: Trait) -> ph.Phrase:
        return lambda s: [Discard(s, ALL, chooser=s, filter=CardFilter(trait=trait))]

    def discard_this(self, _src: _Src | None, purpose: _Purpose | None) -> ph.Phrase:
        return lambda s: [DiscardThis(), *_then(purpose, s)]

    def choose_and_discard(self, count: Count, src: _Src) -> ph.Phrase:
        return lambda s: [Discard(_one_zone(src, s, Zone.HAND), count, chooser=s)]

    def choose_to(self, phrase: ph.Phrase) -> ph.Phrase:
        return phrase

    def to_zone(self, dest: _Src) -> None:
        if dest.zones != (Zone.RINGSIDE,):
            raise ph.PhraseError("discarded cards can only go to the Ringside pile")

    def to_purpose(self, phrase: ph.Phrase) -> _Purpose:
        return _Purpose(phrase)

    def take(self, count: Count, src: _Src) -> ph.Phrase:
        return lambda s: [ph.Take(_owner(src.owner, s), count, src.zones, chooser=s)]

    def take_top(self, top: tuple[int, _Src]) -> ph.Phrase:
        n, src = top
        return lambda s: [ph.Take(_owner(src.owner, s), Count(n), src.zones, top=True, chooser=s)]

    def remove_up_to_fortitude(self, count: Count, src: _Src) -> ph.Phrase:
        only = CardFilter(max_damage_of_own_fortitude=True)
        return lambda s: [ph.Take(_owner(src.owner, s), count, src.zones, chooser=s, filter=only)]

    def return_cards(self, count: Count, dest: _Src, src: _Src) -> ph.Phrase:
        return lambda s: [MoveCards(_owner(src.owner, s), count, src.zones[0], dest.zones[0], chooser=s)]

    def pronoun(self) -> _Object: return ("pronoun", None)
    def counted(self, count: Count) -> _Object: return ("counted", count)
    def top_object(self, top: tuple[int, _Src]) -> _Object: return ("top", top)
    def this_card_object(self) -> _Object: return ("this", None)
    def dest_top(self, dest: _Src) -> tuple[_Src, Position]: return (dest, Position.TOP)
    def dest_bottom(self, dest: _Src) -> tuple[_Src, Position]: return (dest, Position.BOTTOM)

    def put(self, what: _Object, where: tuple[_Src, Position]) -> ph.Phrase:
        (kind, value), (dest, position) = what, where

        def phrase(s: Who) -> list[Any]:
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

    def look_at_hand(self, poss: Who | None) -> ph.Phrase:
        return lambda s: [self._look(LookAt(_owner(poss, s), Zone.HAND))]

    def look_at_top(self, n: int, src: _Src) -> ph.Phrase:
        return lambda s: [self._look(LookAt(_one_zone(src, s, Zone.ARSENAL), Zone.ARSENAL, n))]

    def _look(self, look: LookAt) -> LookAt:
        self.last_look = look  # "arrange them" in a later sentence means these cards
        return look

    def look_through(self, src: _Src, *more: Zone | str) -> ph.Phrase:
        """"go through your Ringside pile and Arsenal for the card titled X": more zones, a title."""
        zones = (*src.zones, *(z for z in more if isinstance(z, Zone)))
        titles = [t for t in more if not isinstance(t, Zone)]
        only = CardFilter(title=titles[0]) if titles else CardFilter()
        return lambda s: [ph.Look(_owner(src.owner, s), zones, chooser=s, filter=only)]

    def shuffle_cards_into(self, count: Count, src: _Src, dest: _Src) -> ph.Phrase:
        return lambda s: [MoveCards(_owner(src.owner, s), count, src.zones[0], dest.zones[0], Position.SHUFFLE,
                                    chooser=s)]

    def shuffle_them_into(self, dest: _Src) -> ph.Phrase:
        return lambda s: [ph.Put(_owner(dest.owner, s), dest.zones[0], Position.SHUFFLE)]

    def shuffle_zone(self, src: _Src) -> ph.Phrase:
        return lambda s: [Shuffle(_one_zone(src, s, Zone.ARSENAL))]

    def shuffle_own(self) -> ph.Phrase:
        return lambda s: [Shuffle(s)]  # "shuffle" / "shuffle it": the subject's Arsenal

    def end_turn(self, poss: Who | None) -> ph.Phrase:
        return lambda s: [EndTurn(_owner(poss, s))]

    def skip_turn(self, poss: Who | None) -> ph.Phrase:
        return lambda s: [SkipTurn(_owner(poss, s))]

    def win_game(self) -> ph.Phrase:
        return lambda s: [WinGame("the game")]

    def disqualified(self) -> ph.Phrase:
        return lambda s: [ph.Disqualified()]

    def restated(self, _whose: Who | None = None) -> ph.Phrase:  # "goes to his Ringside pile"
        return lambda s: [ph.Restated()]

    def arrange_them(self) -> ph.Phrase:
        def phrase(s: Who) -> list[Any]:
            look = self.last_look
            if look is None or look.n is None:
                raise ph.PhraseError("'arrange them' refers to no cards looked at")
            return [Arrange(look.who, look.n)]
        return phrase

    def make_do(self, other: Who, phrase: ph.Phrase) -> ph.Phrase:
        return lambda s: phrase(other)

    def play_before(self, title: str) -> ph.Phrase:
        return lambda s: [PlayRequirement(After(title=title))]

    def follow_up(self, title: str, subtype: Subtype) -> ph.Phrase:
        return lambda s: [AllowsFollowUp(title, subtype)]

    # -------------------------------------------------------------------------- modifiers
    def your_maneuvers(self, subtype: Subtype | None = None) -> ph.Scope:
        return ph.Scope(subtype=subtype)

    def next_maneuver(self) -> ph.Scope:
        return ph.Scope(duration=Duration.NEXT_MANEUVER)

    def next_card_any(self) -> ph.Scope:
        return ph.Scope(duration=Duration.NEXT_CARD, card_type=None)

    def all_reversals(self) -> ph.Scope:
        return ph.Scope(card_type=None, reversals=True)

    def reversals_to_it(self) -> ph.Scope:
        return ph.Scope(reversals=True, inherit=True)

    def _mod_item(self, scope: ph.Scope, amount: _Amount, duration: Duration | None) -> ph.Item:
        mod = ph.Mod(amount[0], amount[1], scope, duration)
        return ph.Item(lambda s: [mod])

    def mod_is(self, scope: ph.Scope, amount: _Amount, duration: Duration | None = None) -> ph.Item:
        return self._mod_item(scope, amount, duration)

    def mod_is_after_duration(self, duration: Duration, scope: ph.Scope, amount: _Amount) -> ph.Item:
        return self._mod_item(scope, amount, duration)

    def mod_is_mid_duration(self, scope: ph.Scope, duration: Duration, amount: _Amount) -> ph.Item:
        return self._mod_item(scope, amount, duration)

    def mod_to(self, amount: _Amount, scope: ph.Scope, duration: Duration | None = None) -> ph.Item:
        return self._mod_item(scope, amount, duration)

    def mod_irreversible(self, scope: ph.Scope) -> ph.Item:
        return self._mod_item(scope, (Stat.IRREVERSIBLE, 0), None)

    def mod_arsenal_irreversible(self, duration: Duration) -> ph.Item:
        mod = Modifier(Stat.IRREVERSIBLE, 0, duration, arsenal_only=True)
        return ph.Item(lambda s: [Modify(mod)])

    def next_card(self, subtype: Subtype | None, max_damage: _Amount | None) -> tuple[Subtype | None, int | None]:
        return subtype, (None if max_damage is None else max_damage[1])

    def mod_next_card(self, card: tuple[Subtype | None, int | None], effect: _NextEffect) -> ph.Item:
        actions = effect(*card)
        return ph.Item(lambda s: list(actions))

    @staticmethod
    def _next(stat: Stat, amount: int, subtype: Subtype | None, max_damage: int | None, **kw: Any) -> Modify:
        return Modify(Modifier(stat, amount, Duration.NEXT_CARD, subtype=subtype, max_damage=max_damage, **kw))

    def next_card_bonus(self, amount: _Amount) -> _NextEffect:
        stat, n = amount
        return lambda st, md: [self._next(stat, n, st, md)]

    def next_card_declare(self, bonus: _Amount, reversal_bonus: _Amount) -> _NextEffect:
        (s1, n1), (s2, n2) = bonus, reversal_bonus
        if (s1, s2) != (Stat.DAMAGE, Stat.FORTITUDE):
            raise ph.PhraseError("'declare whether' offers +D to the card or +F to reversals to it")
        return lambda st, md: [Choice(((self._next(s1, n1, st, md),),
                                       (self._next(s2, n2, st, md, reversals=True),)), declare=True)]

    def next_card_irreversible(self) -> _NextEffect:
        return lambda st, md: [self._next(Stat.IRREVERSIBLE, 0, st, md)]

    # --------------------------------------------------------------------------- sequences
    def actor(self, subject: Who, modal: str | None) -> _Actor:
        return subject, modal

    def act(self, actor: _Actor | None, phrase: ph.Phrase) -> ph.Item:
        if actor is None:
            return ph.Item(phrase)
        subject, modal = actor
        return ph.Item(phrase, subject=subject, modal=modal)

    def discard_titled(self, title: str, actor: _Actor) -> ph.Item:
        subject, modal = actor
        only = CardFilter(title=title)
        return ph.Item(lambda s: [Discard(s, ALL, chooser=s, filter=only)], subject=subject, modal=modal)

    def action_item(self, item: ph.Item) -> ph.Item:  # a mod_item reached through action_item
        return item

    def action_seq(self, *parts: str | ph.Item | ph.Phrase) -> list[Any]:
        return ph.build_sequence(self._items(parts))

    @staticmethod
    def _items(children: tuple[str | ph.Item | ph.Phrase, ...]) -> list[ph.Item]:
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
    def target(self, fields: _Fields) -> Target:
        fields = dict(fields)
        need = fields.pop("_trait", None)
        if need is not None and need is not fields.get("trait"):
            raise ph.PhraseError("the Ring-area count must be of the reversed card's trait")
        return Target(**fields)

    def target_desc(self, trait: Trait | None, noun: _Fields, *conditions: _Fields) -> _Fields:
        fields: _Fields = {} if trait is None else {"trait": trait}
        for part in (noun, *conditions):
            fields.update(part)
        return fields

    def subtype_noun(self, *subtypes: Subtype) -> _Fields: return {"subtypes": subtypes}
    def type_noun(self, *card_types: CardType) -> _Fields: return {"card_types": card_types}
    def max_damage(self, amount: _Amount) -> _Fields: return {"max_damage": amount[1]}
    def after_title(self, title: str) -> _Fields: return {"after_title": title}
    def from_opponent_hand(self) -> _Fields: return {}
    def min_trait_in_ring(self, n: int, trait: Trait) -> _Fields: return {"min_trait_in_ring": n, "_trait": trait}

    def titled_maneuver(self, title: str) -> Target:
        return Target(title=title)

    def titled_card(self, title: str) -> Target:
        # "the card titled X": whatever X is played as (Jockeying for Position: an action)
        return Target(card_types=self.db.card(title).playable_types, title=title)

    def reverse_cost(self, item: ph.Item) -> _Cost:
        return _Cost(tuple(ph.finish(item.phrase(Who.YOU))))

    def reverse_stmt(self, target: Target, cost: _Cost | None, actions: list[Any] | None) -> list[Any]:
        return [Reverses(target, cost=cost.actions if cost else ()), *(actions or [])]

    # ------------------------------------------------------------------- self stats, conditions
    def conditional_stat(self, amount: _Amount, condition: Condition) -> list[_SelfStat]:
        stat, n = amount
        return [_SelfStat(stat, n, condition)]

    def per_title_word_stat(self, amount: _Amount, word: str) -> list[_SelfStat]:
        stat, n = amount
        return [_SelfStat(stat, n, per_title_word=word)]

    def flat_stats(self, *amounts: _Amount) -> list[_SelfStat]:
        return [_SelfStat(stat, n) for stat, n in amounts]

    def if_after(self, prior: After) -> After: return prior
    def if_in_ring(self, title: str) -> InRingArea: return InRingArea(title)
    def prior_min_damage(self, amount: _Amount) -> After: return After(CardType.MANEUVER, min_damage=amount[1])
    def prior_maneuver(self) -> After: return After(CardType.MANEUVER)
    def prior_subtype(self, subtype: Subtype) -> After: return After(CardType.MANEUVER, subtype=subtype)
    def prior_titled_maneuver(self, title: str) -> After: return After(CardType.MANEUVER, title=title)
    def prior_titled(self, title: str) -> After: return After(title=title)

    def body(self, *parts: list[Any]) -> list[Any]:
        return [x for part in parts for x in part]

    # -------------------------------------------------------------------------- statements
    def sentence(self, stmt: _Stmt | list[Any]) -> _Stmt:
        return stmt if isinstance(stmt, _Stmt) else _Stmt(None, tuple(stmt))  # a bare reverse_stmt

    def plain(self, body: list[Any]) -> _Stmt:
        return _Stmt(None, tuple(body))

    def on_success(self, body: list[Any]) -> _Stmt:
        return _Stmt(_Ctx("play", success=True), tuple(body))

    def as_action(self, body: list[Any]) -> _Stmt:
        # "As an action, you may discard this card to draw 1 card": choosing to play the card as an
        # action is the "may"; the effect itself is not optional (no prompt in the reference).
        stats = [x for x in body if isinstance(x, _SelfStat)]
        _, actions = _lift_optional([x for x in body if not isinstance(x, _SelfStat)])
        return _Stmt(_Ctx("play", as_type=CardType.ACTION), (*stats, *actions))

    def as_maneuver_requirement(self, title: str) -> _Stmt:
        return _Stmt(None, (PlayRequirement(InRingArea(title), as_type=CardType.MANEUVER),))

    def as_reversal(self, parts: list[Any]) -> _Stmt:
        return _Stmt(_Ctx("reverse"), tuple(parts))

    def if_so(self, actions: list[Any]) -> _Stmt:
        return _Stmt(_Ctx("reverse"), tuple(actions))  # "If so" = if this card reversed

    def from_hand(self, parts: list[Any]) -> _Stmt:
        # "If played from your hand": only reversals are played from the hand (as opposed to being
        # revealed from the Arsenal while applying damage), so this opens reversal effects.
        items = [replace(x, from_hand_only=True) if isinstance(x, Reverses) else x for x in parts]
        return _Stmt(_Ctx("reverse", from_hand=True), tuple(items))

    def choose_one(self, actions: list[Any]) -> _Stmt:
        if len(actions) != 1 or not isinstance(actions[0], Choice):
            raise ph.PhraseError("'Choose one:' must be followed by options joined by 'or'")
        return _Stmt(None, tuple(actions))

    def played_before(self, title: str) -> _Stmt: return _Stmt(None, (PlayRequirement(After(title=title)),))
    def only_after(self, prior: After) -> _Stmt: return _Stmt(None, (PlayRequirement(prior),))
    def min_hand_size(self, n: int) -> _Stmt: return _Stmt(None, (PlayRequirement(MinHandSize(n)),))
    def fortitude_below(self) -> _Stmt: return _Stmt(None, (PlayRequirement(FortitudeBelowOpponent()),))

    def maintain_hold(self, subtype: Subtype, actions: list[Any]) -> _Stmt:
        # "Play after a successful Submission maneuver not reversed and end your turn": the play
        # holds that Submission; the card's remaining sentences restate what holding means.
        requirement = PlayRequirement(After(CardType.MANEUVER, subtype=subtype))
        return _Stmt(None, (requirement, HoldSubmission(), *actions))

    def irreversible(self) -> _Stmt: return _Stmt(None, (Irreversible(),))
    def reversal_bonus(self, amount: _Amount) -> _Stmt: return _Stmt(None, (ReversalBonus(amount[1]),))
    def no_damage(self) -> _Stmt: return _Stmt(None, (NoDamage(),))

    def variable_damage(self, reads_as: int) -> _Stmt:
        if reads_as != 0:
            raise ph.PhraseError("a variable damage reads as 0 in the Ring area")
        return _Stmt(None, (VariableDamage(),))

    def triggers_from_ringside(self, title: str, _source: _Fields) -> _Stmt:
        self._is_this_card(title)
        return _Stmt(None, (TriggersFromRingside(),))

    def while_trigger(self, _this: str, actions: list[Any]) -> _Stmt:
        return _Stmt(None, (Triggered(Trigger.START_OF_TURN, tuple(actions), zone=Zone.RING),))

    def while_modifier(self, _this: str, item: ph.Item) -> _Stmt:
        (modify,) = ph.build_sequence([item], default_duration=Duration.WHILE_IN_RING)
        return _Stmt(None, (WhileInRing(modify.modifier),))

    def at_end_of_turn(self, actions: list[Any]) -> _Stmt:
        return _Stmt(None, (Delayed(Trigger.END_OF_TURN, tuple(actions)),))

    def on_forced_discard(self, actions: list[Any]) -> _Stmt:
        optional, lifted = _lift_optional(actions)
        return _Stmt(None, (Triggered(Trigger.FORCED_DISCARD, tuple(lifted), zone=Zone.HAND, optional=optional),))

    def hold_blocks_play(self, _held: Subtype) -> _Stmt: return _Stmt(None, (_HoldRule(),))
    def hold_repeats_damage(self, _held: Subtype) -> _Stmt: return _Stmt(None, (_HoldRule(),))

    def hold_ends(self, holder: str, _held: Subtype, ability_of: str) -> _Stmt:
        if holder != "Maintain Hold" or ability_of != "Maintain Hold":
            raise ph.PhraseError("the held Submission's rules speak of Maintain Hold")
        return _Stmt(None, (_HoldRule(),))

    def equalize(self) -> _Stmt:
        return _Stmt(None, (EqualizeFortitude(),))

    def start_card(self, *stmts: _Stmt) -> CardEffect:
        return _assemble(stmts)

    # ---------------------------------------------------------------------------- abilities
    def once_per_turn(self) -> AbilityTiming: return AbilityTiming.ONCE_PER_TURN
    def start_of_turn_timing(self) -> AbilityTiming: return AbilityTiming.START_OF_TURN
    def timed_ability(self, timing: AbilityTiming, actions: list[Any]) -> _Fields:
        return {"timing": timing, "actions": actions}
    def passive_draw(self, count: Count) -> _Fields: return {"draw_per_turn": count.n}
    def passive_damage(self, amount: _Amount) -> _Fields: return {"damage_taken": amount[1]}
    def no_ability(self, _boast: str) -> Ability: return Ability(AbilityTiming.NONE)

    def start_ability(self, *sentences: _Fields | Ability) -> Ability:
        fields: _Fields = {}
        for part in sentences:
            if isinstance(part, Ability):  # no_ability: the whole text
                return part
            if set(part) & set(fields):
                raise ph.PhraseError("an ability says the same thing twice")
            fields.update(part)
        if "timing" not in fields:
            return Ability(AbilityTiming.PASSIVE, **fields)
        optional, actions = _lift_optional(fields.pop("actions"))
        return Ability(fields.pop("timing"), tuple(actions), optional=optional, **fields)


# -------------------------------------------------------------------------------- assembly
_ACTIONS = ph.ACTION_TYPES


def _assemble(stmts: Iterable[_Stmt]) -> CardEffect:
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
