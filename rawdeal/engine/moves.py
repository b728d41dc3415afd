"""Moves: the one vocabulary every driver speaks (move files, `rawdeal moves`, transcripts, tests).

A move is a small frozen value; `str(move)` is its canonical text and `parse_move` reads it back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, ClassVar, TypeVar, cast

from rawdeal.cards.model import CardType
from rawdeal.effects.model import Zone
from rawdeal.engine.words import CountVerb, PickVerb
from rawdeal.errors import MoveSyntaxError

if TYPE_CHECKING:
    from lark import Lark, Token, Transformer


M = TypeVar("M", bound="Move")


def quote(title: str) -> str:
    return '"' + title.replace("\\", "\\\\").replace('"', '\\"') + '"'


def card_ref(title: str, copy: int = 1) -> str:
    """A quoted title, with "(k)" for the k-th copy of that title when k > 1."""
    return quote(title) + (f" ({copy})" if copy > 1 else "")


@dataclass(frozen=True, slots=True)
class Move:
    word: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play a card from the hand as a maneuver or an action (None: the one type it can be played as); from
    the Ringside pile (`source`) a card whose text allows it (`play "X" from ringside`, Classic cards); from
    under the player's card `holder` one its text lets him play as if in his hand (`play "X" from under "H"`)."""

    title: str
    as_type: CardType | None
    copy: int = 1
    source: Zone = Zone.HAND
    holder: str = ""

    def __str__(self) -> str:
        return f"play {card_ref(self.title, self.copy)}" + (f" as {self.as_type}" if self.as_type else "") \
            + ("" if self.source is Zone.HAND else f" from under {quote(self.holder)}" if self.source is Zone.UNDER
               else f" from {self.source}")


@dataclass(frozen=True, slots=True)
class Reverse(Move):
    """Reverse the card in play with a reversal card from the hand; or (Classic cards) by using a card of yours
    where it lies, `reverse "X" from ring` (`from ringside`), or your Superstar's ability, `reverse "NAME" from
    backstage`, at the cost its text says; or with one held under your card `holder` whose text lets you play it as if
    it were in your hand (`reverse "X" from under "H"`, source UNDER)."""

    title: str
    copy: int = 1
    source: Zone = Zone.HAND
    holder: str = ""

    def __str__(self) -> str:
        where = f" from under {quote(self.holder)}" if self.holder else "" if self.source is Zone.HAND else f" from {self.source}"
        return f"reverse {card_ref(self.title, self.copy)}{where}"


@dataclass(frozen=True, slots=True)
class Use(Move):
    """Use the effect of a card of yours lying in your Ring area or Ringside pile (Classic cards:
    "When this card is in your Ring area, during your turn you may ...")."""

    title: str
    copy: int = 1

    def __str__(self) -> str:
        return f"use {card_ref(self.title, self.copy)}"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Decline: no reversal, no start-of-turn ability."""

    word: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class UseAbility(Move):
    word: ClassVar[str] = "ability"


@dataclass(frozen=True, slots=True)
class Yes(Move):
    word: ClassVar[str] = "yes"


@dataclass(frozen=True, slots=True)
class No(Move):
    word: ClassVar[str] = "no"


@dataclass(frozen=True, slots=True)
class Choose(Move):
    """Pick an option of a "choose one" effect: by its number (`choose 2`, the stable key of the
    option), or by its English label (`choose "draw 2 cards"`, which the engine turns into the number)."""

    option: str

    def __str__(self) -> str:
        return f"choose {self.option}" if self.option.isdigit() else f"choose {quote(self.option)}"


@dataclass(frozen=True, slots=True)
class Pick(Move):
    """Name a card in a list: `discard "X"` for discards, `take "X"` for any other pick."""

    verb: PickVerb
    title: str
    copy: int = 1

    def __str__(self) -> str:
        return f"{self.verb} {card_ref(self.title, self.copy)}"


@dataclass(frozen=True, slots=True)
class Count(Move):
    """Answer "how many?": `draw 2` (may-draw and stun value draws), `discard 1`."""

    verb: CountVerb
    n: int

    def __str__(self) -> str:
        return f"{self.verb} {self.n}"


@dataclass(frozen=True, slots=True)
class Arrange(Move):
    """The new order of looked-at Arsenal cards, top first."""

    titles: tuple[str, ...]

    def __str__(self) -> str:
        return "arrange " + ", ".join(quote(t) for t in self.titles)


@dataclass(frozen=True, slots=True)
class Show(Move):
    """Look at a zone (yours or the opponent's); changes nothing."""

    zone: Zone
    opponent: bool = False

    def __str__(self) -> str:
        return f"show {'opponent ' if self.opponent else ''}{self.zone}"


@dataclass(frozen=True, slots=True)
class EndTurn(Move):
    word: ClassVar[str] = "end"


@dataclass(frozen=True, slots=True)
class Surrender(Move):
    word: ClassVar[str] = "surrender"


PASS, ABILITY, YES, NO, END, SURRENDER = Pass(), UseAbility(), Yes(), No(), EndTurn(), Surrender()

# One object for each move the card catalog offers (`share`): a move read from text is that object,
# so checking it against a decision's moves (which are the catalog's) is an identity test, not ==.
_SHARED: dict[Move, Move] = {m: m for m in (PASS, ABILITY, YES, NO, END, SURRENDER)}


def share(move: M) -> M:
    """`move`, or the equal move shared before (the catalog shares every move it offers)."""
    return _SHARED.setdefault(move, move)  # type: ignore[return-value]  # equal moves are of one class

_ZONES = {"hand": Zone.HAND, "ring": Zone.RING, "ring area": Zone.RING, "ringside": Zone.RINGSIDE,
          "ringside pile": Zone.RINGSIDE, "backstage": Zone.BACKSTAGE}


@cache
def _parser() -> Lark:
    """The move grammar, parsed straight into `Move` values by `_transformer` (built once; its
    tables are kept in the user cache)."""
    import lark
    from lark import Lark

    from rawdeal.resources import grammar_path, parser_cache_file

    text = grammar_path("moves.lark").read_text(encoding="utf-8")
    cache_file = parser_cache_file("moves", text, lark.__version__)
    return Lark(text, parser="lalr", transformer=_transformer(), cache=str(cache_file) if cache_file else False)


def _unquote(token: Token) -> str:
    """A quoted title's text; a bad escape or a control character is a syntax error at its column."""
    import orjson

    try:
        return str(orjson.loads(str(token)))  # a lark Token is a str subclass; orjson reads exact str
    except orjson.JSONDecodeError:
        import json

        try:
            json.loads(str(token))
            at, why = 0, "unreadable title"
        except ValueError as exc:  # json says what is wrong and where in the title
            at, why = getattr(exc, "pos", 0), getattr(exc, "msg", "unreadable title")
        raise MoveSyntaxError(str(token)[:60], (token.column or 1) + at, (
            f'a title in double quotes ({why}: write \\" for a quote and \\\\ for a backslash; no control characters)',
        )) from None


MAX_NUMBER = 999  # counts and copy numbers: a game never needs more


def _number(token: Token) -> int:
    if len(token) > len(str(MAX_NUMBER)) or int(token) > MAX_NUMBER:
        raise MoveSyntaxError(str(token)[:20], token.column or 1, (f"a number of at most {MAX_NUMBER} (this one is too large)",))
    return int(token)


def _transformer() -> Transformer[Token, Move]:
    """One method per rule of `grammar/moves.lark`, with the rule's parts as named arguments."""
    from lark import Token, Transformer, v_args

    @v_args(inline=True)
    class ToMove(Transformer[Token, Move]):
        def title(self, text: Token) -> str:
            return _unquote(text)

        def card(self, title: str, copy: Token | None) -> tuple[str, int]:
            if copy is not None and _number(copy) < 1:
                raise MoveSyntaxError(str(copy), copy.column or 1, ("a copy number of 1 or more",))
            return title, _number(copy) if copy is not None else 1

        def card_type(self, word: Token) -> CardType:
            return CardType(word)

        def owner(self, word: Token) -> str:
            return str(word)

        def zone(self, word: Token) -> Zone:
            return _ZONES[str(word)]

        def play(self, card: tuple[str, int], as_type: CardType | None, source: Zone | str | None) -> Move:
            if source is None or isinstance(source, Zone):
                return Play(card[0], as_type, card[1], source or Zone.HAND)
            return Play(card[0], as_type, card[1], Zone.UNDER, source)  # `from under "H"`: the holder's title

        def under(self, holder: str) -> str:
            return holder

        def reverse(self, card: tuple[str, int], source: Zone | str | None) -> Move:
            if source is None or isinstance(source, Zone):
                return Reverse(card[0], card[1], source or Zone.HAND)
            return Reverse(card[0], card[1], Zone.UNDER, source)  # `from under "H"`: the holder's title

        def use(self, card: tuple[str, int]) -> Move:
            return Use(*card)

        def choose(self, title: str) -> Move:
            return Choose(title)

        def choose_number(self, n: Token) -> Move:
            return Choose(str(_number(n)))

        def discard(self, card: tuple[str, int]) -> Move:
            return Pick(PickVerb.DISCARD, *card)

        def take(self, card: tuple[str, int]) -> Move:
            return Pick(PickVerb.TAKE, *card)

        def draw_count(self, n: Token) -> Move:
            return Count(CountVerb.DRAW, _number(n))

        def discard_count(self, n: Token) -> Move:
            return Count(CountVerb.DISCARD, _number(n))

        def move_count(self, n: Token) -> Move:
            return Count(CountVerb.MOVE, _number(n))

        def arrange(self, *titles: str) -> Move:
            return Arrange(titles)

        def show(self, owner: str | None, zone: Zone) -> Move:
            return Show(zone, opponent=owner is not None and owner.startswith("opponent"))

        def pass_(self) -> Move:
            return PASS

        def ability(self) -> Move:
            return ABILITY

        def yes(self) -> Move:
            return YES

        def no(self) -> Move:
            return NO

        def end(self) -> Move:
            return END

        def surrender(self) -> Move:
            return SURRENDER

    return ToMove()


_SIMPLE: dict[str, Move] = {"pass": PASS, "ability": ABILITY, "yes": YES, "no": NO, "end": END, "surrender": SURRENDER}
# The usual shapes of the other moves (titles without escapes, ASCII digits): read without the parser.
_TITLE = r'"([^"\\\x00-\x1f]*)"'
_CARD_MOVE = re.compile(r'(play|reverse|discard|take|use)[ \t]+' + _TITLE +
                        r'(?:[ \t]*\([ \t]*([0-9]{1,3})[ \t]*\))?(?:[ \t]+as[ \t]+(maneuver|action))?'
                        r'(?:[ \t]+from[ \t]+(ringside|ring|backstage))?')
_CHOOSE = re.compile(r'choose[ \t]+' + _TITLE)
_CHOOSE_NUMBER = re.compile(r'choose[ \t]+([0-9]{1,3})')
_COUNT = re.compile(r'(draw|discard|move)[ \t]+([0-9]{1,3})')
_ARRANGE = re.compile(r'arrange[ \t]+' + _TITLE + r'(?:[ \t]*,[ \t]*' + _TITLE.replace("(", "(?:", 1) + ')*')
_ARRANGED = re.compile(_TITLE)


def _fast(text: str) -> Move | None:
    """The move the grammar would read, for the usual shapes; None: ask the parser."""
    simple = _SIMPLE.get(text)
    if simple is not None:
        return simple
    m = _CARD_MOVE.fullmatch(text)
    if m is not None:
        verb, title, copy, as_type, source = m.group(1), m.group(2), int(m.group(3) or 1), m.group(4), m.group(5)
        if copy < 1:
            return None  # the parser reports it
        if verb == "play" and source in (None, "ringside"):
            return Play(title, CardType(as_type) if as_type else None, copy, Zone.RINGSIDE if source else Zone.HAND)
        if verb == "reverse" and not as_type:
            return Reverse(title, copy, _ZONES[source] if source else Zone.HAND)
        if as_type or source:
            return None  # only `play` takes `as`, and `play` and `reverse` `from`: the parser reports the error
        if verb == "use":
            return Use(title, copy)
        return Reverse(title, copy) if verb == "reverse" else Pick(PickVerb(verb), title, copy)
    if (m := _CHOOSE_NUMBER.fullmatch(text)) is not None and m.group(1).lstrip("0"):
        return Choose(m.group(1).lstrip("0"))
    if (m := _CHOOSE.fullmatch(text)) is not None:
        return Choose(m.group(1))
    if (m := _COUNT.fullmatch(text)) is not None:
        return Count(CountVerb(m.group(1)), int(m.group(2)))
    if _ARRANGE.fullmatch(text) is not None:
        return Arrange(tuple(_ARRANGED.findall(text)))
    return None


def parse_move(text: str) -> Move:
    """Read one move; raises MoveSyntaxError with the column and what was expected."""
    return read_move(text)[0]


def read_move(text: str) -> tuple[Move, str]:
    """The move of a line and its canonical text (`str(move)`, what a transcript prints); the move is
    the catalog's own object where it offers that move. Move files keep what they read, by line
    (`replay.movefile`): a line read before is not read again."""
    move = _parse(text)
    return _SHARED.get(move, move), str(move)


def _parse(text: str) -> Move:
    fast = _fast(text.strip())
    if fast is not None:
        return fast
    from lark.exceptions import UnexpectedInput  # only here: importing lark costs a process ~40 ms

    try:
        return cast(Move, _parser().parse(text.strip()))
    except UnexpectedInput as exc:
        expected = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or [])
        raise MoveSyntaxError(text.strip(), getattr(exc, "column", 1), tuple(_token_words(expected))) from None


_TOKEN_WORDS = {"ESCAPED_STRING": 'a quoted card title like "Punch"', "INT": "a number", "COMMA": "','"}


def _token_words(tokens: list[str]) -> list[str]:
    out = []
    for tok in tokens:
        word = _TOKEN_WORDS.get(tok, tok.lower().strip('"'))
        if word not in out:
            out.append(word)
    return out
