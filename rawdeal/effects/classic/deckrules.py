"""Deck-building rules a card's own text says, read from its parse: "You may pack up to 6 copies of this card",
"You cannot pack this card when you are packing the card titled X or Y", a Superstar's "Your Arsenal may only
contain 45 cards".

The lowering accepts exactly these sentences as deck rules (no play effect, `is_deck_rule`), and the Classic deck
check applies them (`card_rules`, passed to `rawdeal.decks.classic.check_classic_deck`), so a sentence is never
accepted without being checked.
"""

from __future__ import annotations

from functools import cache

from rawdeal.cards.pool.model import PoolCard
from rawdeal.decks.classic import CardRules
from rawdeal.effects.classic.model import (
    Action, Cards, CardDesc, Phrase, Sentence, Statement, Value, ValueKind, walk,
)


def _said(node: object) -> list[str]:
    return [w.text.casefold() for w in walk(node) if hasattr(w, "text") and not isinstance(w, Value)]


def _subject(action: Action) -> list[list[str]]:
    return [_said(p) for p in action.subject]


def pack_copies(action: Action) -> int | None:
    """"You may pack up to 6 copies of this card": how many copies (None for any other sentence)."""
    if action.verb != "pack" or _subject(action) != [["you"], ["may"]] or len(action.parts) != 1:
        return None
    cards = [p for p in walk(action.parts[0]) if isinstance(p, Cards)]
    if len(cards) != 1:
        return None
    quantity, desc = (cards[0].parts + (None, None))[:2]
    if not (isinstance(quantity, Phrase) and quantity.kind == "up_to" and isinstance(desc, CardDesc)
            and desc.nouns == ("copy",) and not desc.words and len(desc.posts) == 1
            and _said(desc.posts[0]) == ["of", "this", "card"]):
        return None
    numbers = [v for v in walk(quantity) if isinstance(v, Value) and v.kind is ValueKind.NUMBER]
    return int(numbers[0].text) if len(numbers) == 1 and numbers[0].text.isdigit() else None


def packed_not_with(action: Action) -> tuple[str, ...] | None:
    """"You cannot pack this card when you are packing the card titled X or Y": the titles (None for any
    other sentence)."""
    if action.verb != "pack" or _subject(action) != [["you"], ["cannot"]] or len(action.parts) != 2:
        return None
    this, when = action.parts
    if _said(this) != ["this", "card"] or not isinstance(when, Phrase) or when.kind != "when_arg":
        return None
    said = _said(when)
    titles = tuple(v.text for v in walk(when) if isinstance(v, Value) and v.kind is ValueKind.TITLE)
    if said[:4] != ["when", "you", "is", "packing"] or not titles \
            or [w for w in said[4:] if w not in ("or", ",")] != ["the", "titled"]:  # "the card titled X or Y"
        return None
    return titles


def arsenal_size(st: Statement) -> int | None:
    """"Your Arsenal may only contain 45 cards" (a Superstar's): the size (None for any other sentence)."""
    if st.kind != "may_contain" or _said(st) != ["your", "arsenal", "may", "only", "contain"]:
        return None
    cards = [p for p in st.parts if isinstance(p, Cards)]
    quantity = cards[0].parts[0] if len(cards) == 1 and len(cards[0].parts) == 2 else None
    desc = cards[0].parts[1] if quantity is not None else None
    if not (isinstance(quantity, Phrase) and quantity.kind == "exactly" and isinstance(desc, CardDesc)
            and desc.nouns == ("card",) and not desc.words and not desc.posts):
        return None
    numbers = [v for v in walk(quantity) if isinstance(v, Value) and v.kind is ValueKind.NUMBER]
    return int(numbers[0].text) if len(numbers) == 1 and numbers[0].text.isdigit() else None


def is_deck_rule(action: Action) -> bool:
    """A sentence about deck building the Classic deck check applies."""
    return pack_copies(action) is not None or packed_not_with(action) is not None


def card_rules(card: PoolCard) -> CardRules:
    """The deck rules `card`'s text says (none for most cards)."""
    return _text_rules(card.text)


@cache
def _text_rules(text: str) -> CardRules:
    if "pack" not in text.casefold() and "contain" not in text.casefold():
        return CardRules()
    from rawdeal.effects.classic.pool import classic_compiler

    copies: int | None = None
    arsenal: int | None = None
    not_with: list[str] = []
    for sentence in classic_compiler().compile(text).sentences:
        if not isinstance(sentence, Sentence):
            continue
        for item in sentence.items:
            if isinstance(item, Action):
                copies = pack_copies(item) if pack_copies(item) is not None else copies
                not_with += packed_not_with(item) or ()
            elif isinstance(item, Statement) and arsenal_size(item) is not None:
                arsenal = arsenal_size(item)
    return CardRules(copies, frozenset(not_with), arsenal)
