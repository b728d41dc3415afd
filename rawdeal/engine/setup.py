"""Starting a game from two deck files."""

from __future__ import annotations

from rawdeal.decks import Deck, check_deck
from rawdeal.engine import events as ev
from rawdeal.engine.cardinfo import catalog
from rawdeal.engine.game import PROFILES, Game
from rawdeal.engine.words import Profile
from rawdeal.errors import DeckError, UsageError


def new_game(deck_a: Deck, deck_b: Deck, profile: str = Profile.COURSE, seed: int = 0) -> tuple[Game, list[ev.Event]]:
    """Both decks must be legal; the course profile never shuffles (the last line is the top)."""
    if profile not in PROFILES:
        raise UsageError(f"unknown rule profile {profile!r}: use one of {', '.join(PROFILES)}")
    cat = catalog()
    for deck in (deck_a, deck_b):
        problems = check_deck(deck, cat.db)
        if problems:
            first = problems[0]
            raise DeckError(f"{deck.path}:{first.line}: {first.rule}: {first.message}"
                            + (f" (and {len(problems) - 1} more; run `rawdeal check {deck.path}`)" if len(problems) > 1 else ""))
    arsenals = tuple([cat.db.index[t] for t in d.titles] for d in (deck_a, deck_b))
    return Game.start((deck_a.superstar, deck_b.superstar), (arsenals[0], arsenals[1]), Profile(profile), seed)
