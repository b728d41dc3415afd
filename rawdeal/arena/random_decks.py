"""Random legal decks from the whole card database, for random games that reach every card.

A seed picks a Superstar and a side (Heel or Face), then fills 60 cards from every card that side
and Superstar may hold (no card of the other side, logo cards only of his own logo), respecting the
copy limits. Every card of the database is in some Superstar's pool, so over many seeds every card
is reachable. The card order is shuffled too: under the course profile it is the draw order.
"""

from __future__ import annotations

import random

from rawdeal.cards import Card, CardDB, Superstar, Trait, load_db
from rawdeal.decks import DECK_SIZE, Deck, copy_limit

SIDES = (Trait.HEEL, Trait.FACE)
MOST_AT_ONCE = 3  # copies of one title added in one draw (Set-up cards have no limit)


def pool(db: CardDB, superstar: Superstar, side: Trait) -> list[Card]:
    """The cards a deck of `superstar` on `side` may hold, in database order."""
    other = SIDES[1 - SIDES.index(side)]
    return [c for c in db.cards if other not in c.traits and (c.logo is None or c.logo == superstar.logo)]


_ROOMS: dict[tuple[int, str, Trait], tuple[CardDB, list[tuple[str, int]]]] = {}


def _room(db: CardDB, superstar: Superstar, side: Trait) -> list[tuple[str, int]]:
    """(title, copies allowed) of the pool, computed once per database, Superstar and side."""
    key = (id(db), superstar.name, side)
    if key not in _ROOMS:  # the db is kept in the value, so its id cannot be reused
        _ROOMS[key] = (db, [(c.title, copy_limit(c) or DECK_SIZE) for c in pool(db, superstar, side)])
    return _ROOMS[key][1]


def random_titles(rnd: random.Random, db: CardDB) -> tuple[Superstar, list[str]]:
    """A random Superstar and 60 titles (bottom to top) that together obey every deck rule."""
    superstar = rnd.choice(db.superstars)
    room = _room(db, superstar, rnd.choice(SIDES))
    titles, left = [t for t, _ in room], [n for _, n in room]
    out: list[str] = []
    while len(out) < DECK_SIZE:
        i = rnd.randrange(len(titles))
        n = rnd.randint(1, min(left[i], MOST_AT_ONCE, DECK_SIZE - len(out)))
        out += [titles[i]] * n
        left[i] -= n
        if not left[i]:  # no copy left: swap it out of the lists
            titles[i], left[i] = titles[-1], left[-1]
            titles.pop()
            left.pop()
    rnd.shuffle(out)
    return superstar, out


def random_deck(seed: int | random.Random, db: CardDB | None = None, path: str = "random.txt") -> Deck:
    """A random legal deck (it passes `check_deck`); the same seed always gives the same deck."""
    rnd = seed if isinstance(seed, random.Random) else random.Random(seed)
    superstar, titles = random_titles(rnd, db or load_db())
    return Deck.of(superstar.name, titles, path)
