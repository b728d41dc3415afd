"""The deck-building rules (assignment §5): 60 cards plus a Superstar, copy limits, Heel/Face,
Superstar logos, and known titles. Acceptance is exact; leniency lives only in the suggestions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from rawdeal.cards import Card, CardDB, Superstar, Trait
from rawdeal.cards.db import suggest
from rawdeal.decks.model import Deck, DeckLine, Rule, Violation

DECK_SIZE = 60
MAX_COPIES = 3


def check_deck(deck: Deck, db: CardDB) -> tuple[Violation, ...]:
    """Every rule the deck breaks, sorted by line (format problems from reading included)."""
    superstar, superstar_problems = _superstar(deck, db)
    known = [(entry, db.by_title[entry.title]) for entry in deck.cards if entry.title in db.by_title]
    found = [
        *deck.problems,
        *superstar_problems,
        *_unknown_cards(deck, db),
        *_size(deck),
        *_copies(known),
        *_heel_face(known),
        *_logos(known, superstar, db),
    ]
    return tuple(sorted(found, key=lambda v: v.line))


def copy_limit(card: Card) -> int | None:
    """How many copies of `card` a deck may hold; None means any number (Set-up cards)."""
    if Trait.SET_UP in card.traits:
        return None
    return 1 if Trait.UNIQUE in card.traits else MAX_COPIES


def _superstar(deck: Deck, db: CardDB) -> tuple[Superstar | None, list[Violation]]:
    if not deck.superstar:
        return None, []
    if deck.superstar in db.by_name:
        return db.by_name[deck.superstar], []
    hint = suggest(deck.superstar, db.by_name) or f" (known: {', '.join(sorted(db.by_name))})"
    message = f"unknown Superstar {deck.superstar!r}{hint}"
    return None, [Violation(deck.superstar_line, Rule.UNKNOWN_SUPERSTAR, message)]


def _unknown_cards(deck: Deck, db: CardDB) -> Iterator[Violation]:
    """One violation a line: a `3 Titel` line is one mistake, not three."""
    for entry in dict.fromkeys(deck.cards):
        if entry.title not in db.by_title:
            hint = suggest(entry.title, db.by_title)
            yield Violation(entry.line, Rule.UNKNOWN_CARD, f"unknown card {entry.title!r}{hint}")


def _size(deck: Deck) -> Iterator[Violation]:
    count = len(deck.cards)
    if count == DECK_SIZE:
        return
    line = deck.cards[-1].line if deck.cards else deck.superstar_line
    fix = f"add {DECK_SIZE - count}" if count < DECK_SIZE else f"remove {count - DECK_SIZE}"
    yield Violation(line, Rule.DECK_SIZE, f"{count} cards (a deck has exactly {DECK_SIZE}): {fix}")


def _copies(known: list[tuple[DeckLine, Card]]) -> Iterator[Violation]:
    return copy_violations([(entry.line, card.title, copy_limit(card)) for entry, card in known])


def copy_violations(entries: list[tuple[int, str, int | None]]) -> Iterator[Violation]:
    """One violation a title over its limit, at the line of the first copy too many.
    `entries`: (line, title, limit) per card in deck order; limit None means any number."""
    counts = Counter(title for _, title, _ in entries)
    seen: Counter[str] = Counter()
    for line, title, limit in entries:
        seen[title] += 1
        if limit is None or seen[title] != limit + 1:
            continue
        total, extra = counts[title], counts[title] - limit
        if limit == 1:
            message = f"{total} copies of {title!r}, a Unique card (at most 1): remove {extra}"
            yield Violation(line, Rule.UNIQUE, message)
        else:
            message = f"{total} copies of {title!r} (at most {limit}): remove {extra}"
            yield Violation(line, Rule.COPIES, message)


def _heel_face(known: list[tuple[DeckLine, Card]]) -> Iterator[Violation]:
    sides = {trait: [(e, c) for e, c in known if trait in c.traits] for trait in (Trait.HEEL, Trait.FACE)}
    heel, face = sides[Trait.HEEL], sides[Trait.FACE]
    if not heel or not face:
        return
    # The minority side is the one to remove; on a tie, the side that starts later is the intruder.
    minority, majority = sorted((heel, face), key=lambda side: (len(side), -side[0][0].line))
    entry, card = minority[0]
    other = majority[0][1]
    message = (
        f"Heel and Face cards in one deck ({card.title!r} is {_side(minority)}, {other.title!r} is "
        f"{_side(majority)}): remove the {_count(minority)} or the {_count(majority)}"
    )
    yield Violation(entry.line, Rule.HEEL_FACE, message)


def _side(side: list[tuple[DeckLine, Card]]) -> str:
    return "Heel" if Trait.HEEL in side[0][1].traits else "Face"


def _count(side: list[tuple[DeckLine, Card]]) -> str:
    return f"{len(side)} {_side(side)} card{'s' if len(side) != 1 else ''}"


def _logos(known: list[tuple[DeckLine, Card]], superstar: Superstar | None, db: CardDB) -> Iterator[Violation]:
    if superstar is None:
        return
    for entry, card in known:
        if card.logo is not None and card.logo != superstar.logo:
            owner = db.superstar_by_logo(card.logo).name
            message = f"{card.title!r} carries {owner}'s logo: only {owner}'s deck may hold it; remove it"
            yield Violation(entry.line, Rule.SUPERSTAR_LOGO, message)
