"""Random legal decks from the whole card database, for random games that reach every card.

A seed picks a Superstar and a side (Heel or Face), then fills 60 cards from every card that side
and Superstar may hold (no card of the other side, logo cards only of his own logo), respecting the
copy limits. Every card of the database is in some Superstar's pool, so over many seeds every card
is reachable. The card order is shuffled too: under the course profile it is the draw order.
"""

from __future__ import annotations

import random

from rawdeal.cards import Card, CardDB, Superstar, Trait, load_db
from rawdeal.decks import DECK_SIZE, Deck, DeckLine, copy_limit, format_deck

SIDES = (Trait.HEEL, Trait.FACE)
MOST_AT_ONCE = 3  # copies of one title added in one draw (Set-up cards have no limit)


def pool(db: CardDB, superstar: Superstar, side: Trait) -> list[Card]:
    """The cards a deck of `superstar` on `side` may hold, in database order."""
    other = SIDES[1 - SIDES.index(side)]
    return [c for c in db.cards if other not in c.traits and (c.logo is None or c.logo == superstar.logo)]


def random_titles(rnd: random.Random, db: CardDB) -> tuple[Superstar, list[str]]:
    """A random Superstar and 60 titles (bottom to top) that together obey every deck rule."""
    superstar = rnd.choice(db.superstars)
    cards = pool(db, superstar, rnd.choice(SIDES))
    room = {c.title: copy_limit(c) or DECK_SIZE for c in cards}
    titles: list[str] = []
    while len(titles) < DECK_SIZE:
        card = rnd.choice(cards)
        most = min(room[card.title], MOST_AT_ONCE, DECK_SIZE - len(titles))
        n = rnd.randint(1, most)
        titles += [card.title] * n
        room[card.title] -= n
        if not room[card.title]:
            cards.remove(card)
    rnd.shuffle(titles)
    return superstar, titles


def random_deck(seed: int | random.Random, db: CardDB | None = None, path: str = "random.txt") -> Deck:
    """A random legal deck (it passes `check_deck`); the same seed always gives the same deck."""
    rnd = seed if isinstance(seed, random.Random) else random.Random(seed)
    superstar, titles = random_titles(rnd, db or load_db())
    return Deck(path, superstar.name, tuple(DeckLine(t, n) for n, t in enumerate(titles, start=2)))


def deck_text(deck: Deck) -> str:
    """The deck as a course-format file."""
    return format_deck(deck.superstar, deck.titles)
