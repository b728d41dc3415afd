"""The course's cards and Superstar abilities through the one card language (`rawdeal.effects.classic`).

The course's card texts and abilities are parsed by the Classic grammar (`grammar/classic.lark`, with the
course database's titles and Superstar names as the pre-pass's dictionaries) and lowered to the engine's
effects (`classic.lowering`), like every Classic card. The course needs every text to mean something the
engine runs: a sentence that does not parse, or does not lower, is an `EffectSyntaxError` naming the card,
the column and why; a title that names no card of the database is a `CardDataError`. The results are kept
on disk by `rawdeal.effects.store`, so a process compiles nothing when they are cached.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import fields, is_dataclass
from functools import cache

from rawdeal.cards import Card, CardDB, CardType, Superstar, load_db
from rawdeal.cards.db import normalize_title, suggest
from rawdeal.effects.classic.compiler import Compiler
from rawdeal.effects.classic.lowering import PARSE_FAILED, CardFacts, LoweredText, lower
from rawdeal.effects.model import Ability, AbilityTiming, CardEffect
from rawdeal.errors import CardDataError, EffectSyntaxError

_SUPERSTAR = frozenset({"superstar"})
_TITLE_FIELDS = ("title", "after_title", "titles")


@cache
def _compiler() -> Compiler:
    """The Classic compiler with the course database's dictionaries (built once per process)."""
    db = load_db()
    return Compiler([c.title for c in db.cards], [s.name for s in db.superstars])


@cache
def _facts() -> tuple[dict[str, tuple[CardType, ...]], dict[str, str]]:
    db = load_db()
    return {c.title: c.playable_types for c in db.cards}, {normalize_title(c.title): c.title for c in db.cards}


def _lowered(text: str, owner: str, types: Iterable[str]) -> LoweredText:
    played_as, known = _facts()
    return lower(_compiler().compile(text), CardFacts(frozenset(types), played_as, owner, known))


def compile_text(text: str, card_title: str, types: Iterable[str] = ()) -> CardEffect:
    """The meaning of a card's printed text (`types`: the card's own, as printed: "maneuver", "reversal",
    ...; a reversal's "Reverse ..." needs them). An empty text means no effect."""
    if not text.strip():
        return CardEffect()
    low = _lowered(text, card_title, types)
    if low.effect is None:
        raise _error(card_title, text, low)
    _known_titles(card_title, low.effect, load_db())
    return low.effect


def compile_card(card: Card) -> CardEffect:
    return compile_text(card.text, card.title, (t.value for t in card.types))


@cache
def compiled_db() -> dict[str, CardEffect]:
    """Every shipped card's effect, by title (compiled once per process)."""
    return {card.title: compile_card(card) for card in load_db().cards}


def compile_ability(superstar: Superstar) -> Ability:
    """A Superstar's ability. Printed as "None" (whatever boast follows), he has none."""
    text = superstar.ability
    if _says_none(text):
        return Ability(AbilityTiming.NONE)
    low = _lowered(text, superstar.name, _SUPERSTAR)
    if low.effect is None:
        raise _error(superstar.name, text, low)
    if low.ability is None or low.effect.clauses:
        raise EffectSyntaxError(f"{superstar.name}: the ability text says no ability the engine runs\n  {text}")
    _known_titles(superstar.name, low.ability, load_db())
    return low.ability


@cache
def abilities() -> dict[str, Ability]:
    """Every Superstar's ability, by name."""
    return {s.name: compile_ability(s) for s in load_db().superstars}


def _says_none(text: str) -> bool:
    first = text.lstrip().split(maxsplit=1)[0] if text.strip() else ""
    return first.rstrip(",.!;:").casefold() == "none"


def _error(owner: str, text: str, low: LoweredText) -> EffectSyntaxError:
    """The first sentence that failed: where, and what the grammar expected or what cannot run."""
    first = low.unlowered[0]
    column = max(1, first.column)
    if first.reason.startswith(PARSE_FAILED):
        _, _, detail = first.reason.partition("; expected ")
        found = first.reason.split(": unexpected ", 1)[-1].split("; expected ")[0]
        head = f"{owner}: cannot parse the effect text at column {column}: unexpected {found}:"
        tail = f"expected: {detail or 'nothing more'}"
    else:
        head = f"{owner}: effect text does not make sense at column {column}:"
        tail = f"cannot run: {first.reason}"
    return EffectSyntaxError(f"{head}\n  {text}\n  {' ' * (column - 1)}^\n{tail}")


def _known_titles(owner: str, meaning: object, db: CardDB) -> None:
    """Every card a meaning names is a card of the database."""
    for title in _titles(meaning):
        if title not in db.by_title:
            raise CardDataError(f"{owner}: effect text names an unknown card {title!r}{suggest(title, db.by_title)}")


def _titles(value: object) -> Iterator[str]:
    if isinstance(value, tuple):
        for v in value:
            yield from _titles(v)
        return
    if not is_dataclass(value) or isinstance(value, type):
        return
    for f in fields(value):
        found = getattr(value, f.name)
        if f.name in _TITLE_FIELDS and isinstance(found, str):
            yield found
        elif f.name in _TITLE_FIELDS and isinstance(found, tuple):
            yield from (t for t in found if isinstance(t, str))
        else:
            yield from _titles(found)
