"""One printed card of a pool, with the facts of every Classic card type (Pre-match, Superstar,
Enforcer, Backlash, hybrids, Multi maneuvers)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

SUBTYPES = ("strike", "grapple", "submission", "high-risk", "trademark-finisher")
KINDS = ("maneuver", "action", "reversal", "pre-match", "mid-match", "superstar", "enforcer", "backstage",
         "backlash", "special")


def slug(word: str) -> str:
    """`High Risk` -> `high-risk`: how kinds and traits are named on the command line."""
    return re.sub(r"[^0-9a-z]+", "-", word.casefold()).strip("-")


@dataclass(frozen=True, slots=False)
class PoolCard:
    """A card as printed. `modes` are the printed type line split on ` / ` (`Strike + Strike` is a
    Multi maneuver, `Reversal: Special` a reversal); F/D/SV are None where the card has none."""

    title: str
    set: str
    modes: tuple[str, ...]
    fortitude: int | None = None
    damage: int | None = None
    stun_value: int | None = None
    traits: tuple[str, ...] = ()
    logos: tuple[str, ...] = ()
    text: str = ""
    hand_size: int | None = None
    superstar_value: int | None = None

    @cached_property
    def played_modes(self) -> tuple[str, ...]:
        """The modes the card is played in: the printed ones, and a reversal's where only the text says it is one.
        The database prints a few Maneuver/Reversal hybrids as maneuvers alone (Roll Up, Crippler Crossface:
        "As a reversal, reverse ..."; Cactus Clothesline: "Reverse any Strike ..."; Chokeslam to Hell: "May only
        reverse ..."), whose text has no other
        reading; a card whose text says so is a reversal of the special kind (it says what it reverses)."""
        if any("reversal" in mode.casefold() for mode in self.modes) or not _DECLARED_REVERSAL.search(self.text):
            return self.modes
        return (*self.modes, "Reversal: Special")

    @cached_property
    def kinds(self) -> frozenset[str]:
        """Every type word of the card (`maneuver`, `strike`, `reversal`, `pre-match`, ...)."""
        words: set[str] = set()
        for mode in self.played_modes:
            for part in re.split(r"[:+/]", mode):
                words.update(_kind_words(part.strip()))
        return frozenset(words)

    @cached_property
    def trait_slugs(self) -> frozenset[str]:
        return frozenset(slug(t) for t in self.traits)

    @property
    def is_superstar(self) -> bool:
        return "superstar" in self.kinds

    @property
    def type_line(self) -> str:
        return " / ".join(self.modes)

    def stats(self) -> str:
        if self.is_superstar:
            return f"HS {self.hand_size} / SV {self.superstar_value}"
        parts = (self.fortitude, self.damage, self.stun_value)
        return "/".join("-" if p is None else str(p) for p in parts)


# a sentence opening "As a reversal," or the imperative "Reverse ..." ("May only reverse ..."): the card is played as
# a reversal
_DECLARED_REVERSAL = re.compile(r"(?:^|[.!?]\s+)(?:as a reversal,|reverse\s|may only reverse\s)", re.IGNORECASE)


def _kind_words(part: str) -> set[str]:
    word = slug(part)
    found = set()
    for prefix in ("pre-match", "mid-match"):
        if word.startswith(prefix):
            found.add(prefix)
            word = word[len(prefix):].strip("-")
    if word in SUBTYPES:
        found |= {word, "maneuver"}
    elif word.startswith("superstar"):
        found.add("superstar")
    elif word.startswith("backstage"):
        found.add("backstage")
    elif word:
        found.add(word)
    return found
