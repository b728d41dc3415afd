"""Who may pack a card, read from its compiled text: "Can only be packed by X" / "Cannot be packed by X"."""

from __future__ import annotations

from functools import cache

from rawdeal.cards.pool.model import PoolCard
from rawdeal.decks.classic import who
from rawdeal.effects.classic.model import Phrase, Sentence, Statement, Value, ValueKind, walk

_ONLY = {"pack_only", "only_played"}
_NEVER = {"pack_never", "cannot_play"}


def packing_rule(card: PoolCard) -> tuple[frozenset[str], frozenset[str]] | None:
    """(Superstars who alone may pack it, Superstars who may not), as slugs; None when the text says neither
    (or says it in a sentence the grammar cannot read)."""
    return _text_rule(card.text)


@cache
def _text_rule(text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The rule a text says, worked out once per text (a deck check asks it for every card)."""
    if "pack" not in text.casefold() and "played by" not in text.casefold():
        return None
    from rawdeal.effects.classic.pool import classic_compiler

    only: set[str] = set()
    never: set[str] = set()
    for sentence in classic_compiler().compile(text).sentences:
        if not isinstance(sentence, Sentence):
            continue
        for item in sentence.items:
            if isinstance(item, Statement) and item.kind in _ONLY | _NEVER and _by_superstar(item):
                names = {who(v.text) for v in walk(item) if isinstance(v, Value) and v.kind is ValueKind.SUPERSTAR}
                (only if item.kind in _ONLY else never).update(names)
    return (frozenset(only), frozenset(never)) if only or never else None


def _by_superstar(item: Statement) -> bool:
    """A packing rule, or "Can only be played by X" / "Cannot be played by X": only X's deck holds it, or
    X's deck never does (a card its Superstar may not play is a dead card)."""
    return item.kind.startswith("pack") or any(
        isinstance(p, Phrase) and p.kind == "played_by" for p in walk(item))
