"""The keyword registry: Raw Deal's keywords (traits) and the rules each one carries, as data.

The lexicon reads these words as TRAIT tokens (case-insensitive, whole words, `non-` allowed); the
Classic deck check (`rawdeal.decks.classic`) applies the `copies` and `side` rules.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Keyword:
    """`copies`: how many copies a deck may hold (None: the usual 3); `per_format`: the limit counts
    across every Superstar's deck in the format (Universally Unique); `side`: heel or face alignment."""

    name: str
    rule: str
    copies: int | None = None
    universal: bool = False
    side: str | None = None


KEYWORDS: tuple[Keyword, ...] = (
    Keyword("Unique", "a deck may hold only 1 copy", copies=1),
    Keyword("Universally Unique", "only 1 copy, and only in one deck of a team", copies=1, universal=True),
    Keyword("Set-up", "a deck may hold any number of copies", copies=0),
    Keyword("Heel", "cannot be in a deck with Face cards", side="heel"),
    Keyword("Face", "cannot be in a deck with Heel cards", side="face"),
    Keyword("Multi", "a maneuver of several subtypes at once"),
    Keyword("Permanent", "stays in the Ring area when played"),
    Keyword("RMS", "a Raw Match Setting card"),
    Keyword("Chain", "may be played right after another Chain card"),
    Keyword("Heat", "triggers on its Superstar's Heat"),
    Keyword("Volley", "exchanges N cards back and forth"),
    Keyword("Active", "its effect can be used while in the Ring area"),
    Keyword("Universally Active", "its effect can be used by either player"),
    Keyword("Throwback", "a reprint of an older card"),
    Keyword("Run-in", "a partner interferes"),
    Keyword("Foreign Object", "an object used in the match"),
    Keyword("Fan Favorite", "a crowd favourite"),
    Keyword("Cheater", "a dirty move"),
    Keyword("Tag", "a tag-team card"),
    Keyword("Tag Team", "a tag-team card"),
    Keyword("Diva", "a Diva card"),
    Keyword("Legend", "a Legend card"),
    Keyword("nWo", "an nWo card"),
    Keyword("GM", "a General Manager card"),
    Keyword("Chairman", "a Chairman card"),
    Keyword("Raw", "a Raw brand card"),
    Keyword("Smackdown", "a Smackdown brand card"),
    Keyword("Male", "a male Superstar"),
    Keyword("Female", "a female Superstar"),
)

BY_NAME = {k.name.casefold(): k for k in KEYWORDS}


def keyword(trait: str) -> Keyword | None:
    """The registry entry for a printed trait (`Volley: 2` is Volley)."""
    return BY_NAME.get(trait.split(":")[0].strip().casefold())
