"""Fightdrome's cards: a card is its type and strength (a "face"); copies of a face are interchangeable.

Zones hold face numbers (indexes into `Catalog.faces`), so a deck, a hand or a pile is a list of small
ints and the card invariant is a count of faces. Which face may answer which is worked out once, as a
table, from the rules of the rulebook's "TIPOS DE CARTAS" (`answers`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import cached_property


class Kind(IntEnum):
    PUNCH = 0
    KICK = 1
    HOLD = 2
    PUNCH_BLOCK = 3
    KICK_BLOCK = 4
    NEURO_PUNCH = 5
    NEURO_KICK = 6
    NEURO_HOLD = 7
    NEURO_BLOCK = 8
    DODGE = 9
    FEINT = 10


# Key in fightdrome.toml, English and Spanish names of each kind (the Spanish ones are the rulebook's).
KEYS = ("punch", "kick", "hold", "punch_block", "kick_block", "neuro_punch", "neuro_kick", "neuro_hold",
        "neuro_block", "dodge", "feint")
ENGLISH = ("Punch", "Kick", "Hold", "Punch Block", "Kick Block", "Neuro Punch", "Neuro Kick", "Neuro Hold",
           "Neuro Block", "Dodge", "Feint")
SPANISH = ("Puñetazo", "Patada", "Llave", "Bloqueo de puñetazo", "Bloqueo de patada", "Puñetazo Neuroquímico",
           "Patada Neuroquímica", "Llave Neuroquímica", "Bloqueo Neuroquímico", "Esquiva", "Finta")

ATTACKS = frozenset({Kind.PUNCH, Kind.KICK, Kind.HOLD, Kind.NEURO_PUNCH, Kind.NEURO_KICK, Kind.NEURO_HOLD})
NEURO = frozenset({Kind.NEURO_PUNCH, Kind.NEURO_KICK, Kind.NEURO_HOLD, Kind.NEURO_BLOCK})
BLOCKS = frozenset({Kind.PUNCH_BLOCK, Kind.KICK_BLOCK})
# What an attack counts as when it is answered: a Neuro Punch is a Punch, a Neuro Hold a Hold ([neuro]).
_STYLE = {Kind.PUNCH: "punch", Kind.NEURO_PUNCH: "punch", Kind.KICK: "kick", Kind.NEURO_KICK: "kick",
          Kind.HOLD: "hold", Kind.NEURO_HOLD: "hold"}
# The styles of attack each card may be played against ("Puñetazo: Se puede jugar contra otras cartas de
# Puñetazo y también contra cartas de Llave", ...); None: against any attack.
_AGAINST: dict[Kind, frozenset[str] | None] = {
    Kind.PUNCH: frozenset({"punch", "hold"}), Kind.KICK: frozenset({"kick", "hold"}), Kind.HOLD: None,
    Kind.PUNCH_BLOCK: frozenset({"punch", "hold"}), Kind.KICK_BLOCK: frozenset({"kick", "hold"}),
    Kind.NEURO_PUNCH: frozenset({"punch", "hold"}), Kind.NEURO_KICK: frozenset({"kick", "hold"}),
    Kind.NEURO_HOLD: None, Kind.NEURO_BLOCK: None, Kind.DODGE: None, Kind.FEINT: None}


@dataclass(frozen=True, slots=True)
class Face:
    """A type and a strength (0 for the cards that have none)."""

    kind: Kind
    strength: int

    @property
    def attack(self) -> bool:
        return self.kind in ATTACKS

    @property
    def neuro(self) -> bool:
        return self.kind in NEURO

    @property
    def pauses(self) -> bool:
        """Blocks and Dodge pause the fight ("pausa la pelea como una carta de Bloqueo estándar")."""
        return self.kind in BLOCKS or self.kind in (Kind.NEURO_BLOCK, Kind.DODGE)

    def name(self, lang: str = "en") -> str:
        base = (SPANISH if lang == "es" else ENGLISH)[self.kind]
        return f"{base} {self.strength}" if self.strength else base

    def answers(self, attack: Face) -> bool:
        """May this card be played against `attack`? (the rules of "TIPOS DE CARTAS")"""
        if not attack.attack:
            return False
        against = _AGAINST[self.kind]
        if against is not None and _STYLE[attack.kind] not in against:
            return False
        if attack.neuro:  # "solo pueden responder a estos ataques con sus propias cartas de Neuroquímicos"
            return self.neuro
        if self.kind in (Kind.DODGE, Kind.FEINT) or self.neuro:  # against any strength
            return True
        return self.strength >= attack.strength  # "igual o superior a la carta previamente jugada"


@dataclass(frozen=True)
class Catalog:
    """Every face of the supply, in a fixed order (by kind, then strength), and the tables the rules use."""

    faces: tuple[Face, ...]

    @cached_property
    def index(self) -> dict[str, int]:
        """Face number by lower-case name, English or Spanish ("kick 60", "patada 60")."""
        found: dict[str, int] = {}
        for i, f in enumerate(self.faces):
            found[f.name("en").lower()] = i
            found[f.name("es").lower()] = i
        return found

    @cached_property
    def answer_table(self) -> tuple[frozenset[int], ...]:
        """For each face, the faces that may answer it (empty for a face that is not an attack)."""
        return tuple(frozenset(j for j, g in enumerate(self.faces) if g.answers(f)) for f in self.faces)

    @cached_property
    def attacks(self) -> frozenset[int]:
        return frozenset(i for i, f in enumerate(self.faces) if f.attack)

    @cached_property
    def neuros(self) -> frozenset[int]:
        return frozenset(i for i, f in enumerate(self.faces) if f.neuro)

    def named(self, name: str) -> int | None:
        return self.index.get(" ".join(name.lower().split()))
