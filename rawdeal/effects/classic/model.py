"""The typed meaning of a Classic card text, sentence by sentence.

A `Sentence` is opening `Frame`s (when it happens) around items: `Action`s (subject, modal, verb,
object, arguments) and `Statement`s (about the card: can only be played if, cannot be reversed by,
this card is +2D). Card descriptions (`Cards`, `CardDesc`) and zones (`ZoneRef`) have their own values; the long tail of conditions and arguments is a `Phrase` named after the grammar rule that
built it. Every node keeps its words in canonical form (lemma, lower case), so `render` can say it
back in canonical English and that English compiles again to the same objects.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum


class ValueKind(StrEnum):
    """Tokens the pre-pass found by dictionary lookup or pattern."""

    TITLE = "CARD_TITLE"
    SUPERSTAR = "STAR"
    TRAIT = "TRAIT"
    QUOTED = "QUOTED"
    NUMBER = "NUM"
    DAMAGE = "DMG"
    FORTITUDE = "FORT"
    SIGNED = "SIGNED"


@dataclass(frozen=True, slots=True)
class Word:
    """A word of the grammar, in its canonical form ("discards" -> "discard")."""

    text: str


@dataclass(frozen=True, slots=True)
class Value:
    """A title, Superstar name, keyword, quoted word, number or stat amount."""

    kind: ValueKind
    text: str


@dataclass(frozen=True, slots=True)
class Phrase:
    """A condition, argument or modifier; `kind` is the grammar rule that reads it."""

    kind: str
    parts: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class ZoneRef:
    """Whose zone(s): "your Ringside pile and Arsenal" -> owner "your", zones (ringside pile, arsenal)."""

    owner: tuple[Node, ...]
    zones: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardDesc:
    """Which cards: adjectives ("non-unique", "5D or greater"), nouns, and what follows ("titled X")."""

    words: tuple[Node, ...]
    nouns: tuple[str, ...]
    posts: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Cards:
    """One or more described cards with their quantities ("1 Strike maneuver and 1 Grapple maneuver")."""

    parts: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Frame:
    """An opening: when or under which condition the rest of the sentence applies."""

    kind: str
    parts: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Action:
    """subject? modal? verb object? arguments (zones, purposes, amounts)."""

    subject: tuple[Node, ...]
    verb: str
    parts: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Statement:
    """A sentence about the card itself (play and reversal conditions, stats, packing rules)."""

    kind: str
    parts: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Sentence:
    """Frames, then items joined by conjunctions (kept: "or" is a choice, "then" an order)."""

    frames: tuple[Frame, ...]
    items: tuple[Node, ...]
    ignored: tuple[str, ...] = field(default=(), compare=False)  # unknown words set aside to parse it


Node = Word | Value | Phrase | ZoneRef | CardDesc | Cards | Frame | Action | Statement | Sentence


@dataclass(frozen=True, slots=True)
class SentenceFailure:
    """A sentence that did not compile: its column in the card text and what was expected there."""

    column: int
    sentence: str
    found: str
    expected: tuple[str, ...]

    def message(self) -> str:
        wanted = ", ".join(self.expected[:8]) + (", ..." if len(self.expected) > 8 else "")
        return f"column {self.column}: unexpected {self.found}; expected {wanted or 'nothing more'}"


@dataclass(frozen=True, slots=True)
class CompiledText:
    """A card text: each sentence compiled, or the reason it did not; overridden texts say so."""

    sentences: tuple[Sentence | SentenceFailure, ...]
    override: bool = False
    # each sentence as printed and its offset in the card text (for reports; not part of the meaning)
    printed: tuple[str, ...] = field(default=(), compare=False)
    starts: tuple[int, ...] = field(default=(), compare=False)

    @property
    def ok(self) -> bool:
        return all(isinstance(s, Sentence) for s in self.sentences)

    @property
    def failures(self) -> tuple[SentenceFailure, ...]:
        return tuple(s for s in self.sentences if isinstance(s, SentenceFailure))


def walk(node: object) -> Iterator[object]:
    """`node` and every node inside it, depth first (for queries such as "which titles does it name")."""
    yield node
    for name in getattr(node, "__dataclass_fields__", ()):
        value = getattr(node, name)
        for child in value if isinstance(value, tuple) else (value,):
            if hasattr(child, "__dataclass_fields__"):
                yield from walk(child)
