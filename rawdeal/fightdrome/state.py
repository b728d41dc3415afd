"""A Fightdrome game's whole state: plain lists of face numbers per zone, the phase of the fight, the
seeded generator's one integer. Everything a save holds, nothing it does not."""

from __future__ import annotations

from dataclasses import dataclass, field

# The phases of the fight: who must do what next.
ATTACK = "attack"  # the fight starts or is paused: play an Attack of any strength, or stagger
ANSWER = "answer"  # answer `previous` with a card that may be played against it, or stagger
FEINT = "feint"  # after your Feint: play an Attack of any strength, or stagger
PRESS = "press"  # your opponent staggered: attack, or rest (draw a card), or stagger if you can do neither
RECOVER = "recover"  # your opponent rested: attack (or rest, breathing space) or the round ends
FIGHTER = "fighter"  # epic tournament: your fighter fell, choose the next Sleeve
OVER = "over"
PHASES = (ATTACK, ANSWER, FEINT, PRESS, RECOVER, FIGHTER, OVER)


@dataclass(slots=True)
class Fighter:
    """One player's character and cards. `draw` is bottom to top (the top is drawn first); `down`
    holds the cards discarded face down when staggering (part of the discard pile, unseen)."""

    sleeve: str
    stack: str
    reserve: list[str] = field(default_factory=list)  # epic tournament: the Sleeves still to fight
    draw: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    down: list[int] = field(default_factory=list)
    fame: int = 0

    def copy(self) -> Fighter:
        return Fighter(self.sleeve, self.stack, self.reserve[:], self.draw[:], self.hand[:], self.discard[:],
                       self.down[:], self.fame)

    def cards(self) -> list[int]:
        return [*self.draw, *self.hand, *self.discard, *self.down]


@dataclass(slots=True)
class Fight:
    players: list[Fighter]
    supply: dict[str, list[int]]  # the box's piles, each top last
    options: tuple[str, ...]  # canonical option names, sorted
    seed: int
    rng: int
    round: int = 0
    current: int = 0
    phase: str = ATTACK
    previous: int = -1  # the face to answer in ANSWER, else -1
    winner: int | None = None
    how: str = ""

    def copy(self) -> Fight:
        return Fight([p.copy() for p in self.players], {k: v[:] for k, v in self.supply.items()}, self.options,
                     self.seed, self.rng, self.round, self.current, self.phase, self.previous, self.winner, self.how)
