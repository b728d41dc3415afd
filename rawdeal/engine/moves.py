"""Moves: the one vocabulary every driver speaks (move files, `rawdeal moves`, transcripts, tests).

A move is a small frozen value; `str(move)` is its canonical text and `parse_move` reads it back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import ClassVar

from rawdeal.errors import MoveSyntaxError


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
    """Play a card from the hand as a maneuver or an action."""

    title: str
    as_type: str
    copy: int = 1

    def __str__(self) -> str:
        return f"play {card_ref(self.title, self.copy)}" + (f" as {self.as_type}" if self.as_type else "")


@dataclass(frozen=True, slots=True)
class Reverse(Move):
    title: str
    copy: int = 1

    def __str__(self) -> str:
        return f"reverse {card_ref(self.title, self.copy)}"


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
    """Pick an option of a "choose one" effect, by its label."""

    option: str

    def __str__(self) -> str:
        return f"choose {quote(self.option)}"


@dataclass(frozen=True, slots=True)
class Pick(Move):
    """Name a card in a list: `discard "X"` for discards, `take "X"` for any other pick."""

    verb: str
    title: str
    copy: int = 1

    def __str__(self) -> str:
        return f"{self.verb} {card_ref(self.title, self.copy)}"


@dataclass(frozen=True, slots=True)
class Count(Move):
    """Answer "how many?": `draw 2` (may-draw and stun value draws), `discard 1`."""

    verb: str
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

    zone: str
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

_ZONES = {"hand": "hand", "ring": "ring", "ring area": "ring", "ringside": "ringside", "ringside pile": "ringside"}


@cache
def _parser():  # type: ignore[no-untyped-def]
    from lark import Lark

    from rawdeal.resources import grammar_path

    return Lark(grammar_path("moves.lark").read_text(encoding="utf-8"), parser="lalr", propagate_positions=True)


def _unquote(token) -> str:  # type: ignore[no-untyped-def]
    """A quoted title's text; a bad escape or a control character is a syntax error at its column."""
    import json

    try:
        return str(json.loads(token))
    except ValueError as exc:
        column = getattr(token, "column", 1) + getattr(exc, "pos", 0)
        raise MoveSyntaxError(f"column {column}: cannot read title {str(token)[:60]}: {getattr(exc, 'msg', exc)}"
                              " (write \\\" for a quote, \\\\ for a backslash; no control characters)") from None


MAX_NUMBER = 999  # counts and copy numbers: a game never needs more


def _number(token) -> int:  # type: ignore[no-untyped-def]
    if len(token) > len(str(MAX_NUMBER)) or int(token) > MAX_NUMBER:
        raise MoveSyntaxError(f"column {getattr(token, 'column', 1)}: number {str(token)[:20]}"
                              f"{'...' if len(token) > 20 else ''} is too large (at most {MAX_NUMBER})")
    return int(token)


def _build(tree) -> Move:  # type: ignore[no-untyped-def]
    kind = tree.data
    args = [c for c in tree.children]
    titles = [_unquote(c.children[0]) for c in args if getattr(c, "data", None) == "title"]
    cards = [c for c in args if getattr(c, "data", None) == "card"]
    if cards:
        titles = [_unquote(cards[0].children[0].children[0])]
        copy = _number(cards[0].children[1]) if cards[0].children[1] is not None else 1
    simple = {"pass_": PASS, "ability": ABILITY, "yes": YES, "no": NO, "end": END, "surrender": SURRENDER}
    if kind in simple:
        return simple[kind]
    if kind == "play":
        as_type = next((str(c.children[0]) for c in args if getattr(c, "data", None) == "card_type"), "")
        return Play(titles[0], as_type, copy)
    if kind == "reverse":
        return Reverse(titles[0], copy)
    if kind == "choose":
        return Choose(titles[0])
    if kind in ("discard", "take"):
        return Pick(kind, titles[0], copy)
    if kind in ("draw_count", "discard_count"):
        return Count(kind.split("_")[0], _number(args[0]))
    if kind == "arrange":
        return Arrange(tuple(titles))
    owner = next((str(c.children[0]) for c in args if getattr(c, "data", None) == "owner"), "my")
    zone = next(str(c.children[0]) for c in args if getattr(c, "data", None) == "zone")
    return Show(_ZONES[zone], opponent=owner.startswith("opponent"))


_SIMPLE: dict[str, Move] = {"pass": PASS, "ability": ABILITY, "yes": YES, "no": NO, "end": END, "surrender": SURRENDER}
# The common card moves, written the usual way (a title without escapes): read without the parser.
_CARD_MOVE = re.compile(r'(play|reverse|discard|take)[ \t]+"([^"\\\x00-\x1f]*)"'
                        r'(?:[ \t]*\([ \t]*(\d{1,3})[ \t]*\))?(?:[ \t]+as[ \t]+(maneuver|action))?')


def _fast(text: str) -> Move | None:
    """The move the grammar would read, for the most frequent shapes; None: ask the parser."""
    simple = _SIMPLE.get(text)
    if simple is not None:
        return simple
    m = _CARD_MOVE.fullmatch(text)
    if m is None:
        return None
    verb, title, copy, as_type = m.group(1), m.group(2), int(m.group(3) or 1), m.group(4)
    if verb == "play":
        return Play(title, as_type or "", copy)
    if as_type:
        return None  # only `play` takes `as`: the parser reports the error
    return Reverse(title, copy) if verb == "reverse" else Pick(verb, title, copy)


@lru_cache(maxsize=4096)
def parse_move(text: str) -> Move:
    """Read one move; raises MoveSyntaxError with the column and what was expected. Moves are frozen
    values, so a line read before gives the same move without the parser (long files repeat lines)."""
    from lark.exceptions import UnexpectedInput

    fast = _fast(text.strip())
    if fast is not None:
        return fast
    try:
        tree = _parser().parse(text.strip())
    except UnexpectedInput as exc:
        expected = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or [])
        words = ", ".join(_token_words(expected)) or "end of line"
        column = getattr(exc, "column", 1)
        raise MoveSyntaxError(
            f"column {column}: cannot read move {text.strip()!r}; expected {words}",
        ) from None
    return _build(tree)


_TOKEN_WORDS = {"ESCAPED_STRING": 'a quoted card title like "Punch"', "INT": "a number", "COMMA": "','"}


def _token_words(tokens: list[str]) -> list[str]:
    out = []
    for tok in tokens:
        word = _TOKEN_WORDS.get(tok, tok.lower().strip('"'))
        if word not in out:
            out.append(word)
    return out
