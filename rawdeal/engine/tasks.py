"""The engine's work stack: small records (values, like events) of what remains to be done.

A play, an effect or a turn change is broken into tasks pushed on `GameState.tasks` (last = next).
The tasks in `DECISIONS` wait for a move. Because tasks are plain data, a game can be saved and
resumed in the middle of an effect.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rawdeal.effects.model import ANY_CARD, Action, CardFilter, Duration, Position, Zone
from rawdeal.engine.record import Record
from rawdeal.engine.words import CardId, CountVerb, DrawReason, PickVerb


@dataclass(slots=True, unsafe_hash=True)
class Task(Record):
    """A step of work left to do (its subclasses say which)."""


# ------------------------------------------------------------------------------------ automatic
@dataclass(slots=True, unsafe_hash=True)
class StartTurn(Task):
    player: int


@dataclass(slots=True, unsafe_hash=True)
class DrawSegment(Task):
    player: int


@dataclass(slots=True, unsafe_hash=True)
class EndTurnNow(Task):
    pass


@dataclass(slots=True, unsafe_hash=True)
class Act(Task):
    """Run one effect action for `owner`, coming from `card` (-1: a Superstar ability)."""

    owner: int
    action: Action
    card: CardId

    def __init__(self, owner: int, action: Action, card: CardId) -> None:  # native: events.py
        self.owner = owner
        self.action = action
        self.card = card


@dataclass(slots=True, unsafe_hash=True)
class Resolve(Task):
    """The card in play was not reversed from the hand: it succeeds."""


@dataclass(slots=True, unsafe_hash=True)
class OfferReversals(Task):
    """The card in play's "When played, ..." effects are done: now the opponent may reverse it from his hand."""


@dataclass(slots=True, unsafe_hash=True)
class Hit(Task):
    """Apply the played maneuver's damage, overturning from `done` + 1; reversals may be revealed."""

    amount: int
    done: int = 0


@dataclass(slots=True, unsafe_hash=True)
class Finish(Task):
    """The play is over: remember it as the player's previous card and show the status."""

    dealt: int | None

    def __init__(self, dealt: int | None) -> None:  # native: events.py
        self.dealt = dealt


@dataclass(slots=True, unsafe_hash=True)
class ReversalHit(Task):
    """Damage from a reversal (`card`) played from the hand; never reversed."""

    player: int
    amount: int
    card: CardId = -1


@dataclass(slots=True, unsafe_hash=True)
class ApplyHold(Task):
    """Maintain Hold: at the start of the holder's main segment the held Submission is applied again."""

    player: int


@dataclass(slots=True, unsafe_hash=True)
class Equalize(Task):
    """Comeback!: the player with the higher Fortitude removes cards until it is not higher."""

    owner: int


@dataclass(slots=True, unsafe_hash=True)
class EndPreMatch(Task):
    """The end of the Pre-match phase (Classic): both players draw their starting hands, `first` resolves
    his Pre-match cards' end-of-phase effects, then the other player; then `first` starts the first turn."""

    first: int


# ------------------------------------------------------------------------------------ decisions
@dataclass(slots=True, unsafe_hash=True)
class ReverseWindow(Task):
    """The defender may reverse the card in play: with one of `options` from his hand; or (Classic cards) with one of
    `from_ringside` played from his Ringside pile, by using one of `used`, each lying in the zone of `used_from` beside
    it, or his Superstar's ability (`backstage`); or with one of `held`, held under his card of `holders` beside it,
    whose text lets him play it as if it were in his hand."""

    defender: int
    options: tuple[CardId, ...]
    used: tuple[CardId, ...] = ()
    used_from: tuple[Zone, ...] = ()
    backstage: bool = False
    from_ringside: tuple[CardId, ...] = ()  # reversal cards he may play from his Ringside pile (Classic)
    held: tuple[CardId, ...] = ()
    holders: tuple[CardId, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class PickCard(Task):
    """`chooser` names a card of `owner`'s `zone` (matching `filter`), `remaining` times.

    `verb` is "discard" (into the Ringside pile) or "take" (to `dest` at `position`).
    `forced`: the discard was forced by the opponent (Ego Boost may react)."""

    chooser: int
    owner: int
    zone: Zone
    verb: PickVerb
    remaining: int
    dest: Zone = Zone.RINGSIDE
    position: Position = Position.TOP
    filter: CardFilter = ANY_CARD
    forced: bool = False
    by: int = -1  # the player whose effect asked (for filters that read his Fortitude; who moved a card out of a Ring area)
    other: CardId = -1  # "1 other card": one copy of it in the zone (the effect's own card) is never offered
    holder: CardId = -1  # `zone` or `dest` UNDER: the card of `owner`'s the cards are held under (the effect's own)

    def __init__(self, chooser: int, owner: int, zone: Zone, verb: PickVerb, remaining: int,
                 dest: Zone = Zone.RINGSIDE, position: Position = Position.TOP, filter: CardFilter = ANY_CARD,
                 forced: bool = False, by: int = -1, other: CardId = -1, holder: CardId = -1) -> None:  # native: events.py
        self.chooser = chooser
        self.owner = owner
        self.zone = zone
        self.verb = verb
        self.remaining = remaining
        self.dest = dest
        self.position = position
        self.filter = filter
        self.forced = forced
        self.by = by
        self.other = other
        self.holder = holder

    def picked(self) -> PickCard:
        """The same pick with one card fewer left (`dataclasses.replace`, built directly: it runs as Python)."""
        return PickCard(self.chooser, self.owner, self.zone, self.verb, self.remaining - 1, self.dest, self.position,
                        self.filter, self.forced, self.by, self.other, self.holder)


@dataclass(slots=True, unsafe_hash=True)
class PickBlank(Task):
    """`chooser` names a card of `owner`'s Ring area (passing `filter`) whose text then reads as blank
    (`state.Blanked`, with `damage` its D too) for `until`, set by `chooser`'s card `source`; `remaining` times
    (Classic cards: "Blank the text of 1 card in your opponent's Ring area for the rest of the turn")."""

    chooser: int
    owner: int
    source: CardId
    until: Duration
    remaining: int = 1
    damage: bool = False
    filter: CardFilter = ANY_CARD


@dataclass(slots=True, unsafe_hash=True)
class AskCount(Task):
    """How many (least..most): `verb` "draw" draws, "discard" then asks for that many discards, "move" then asks
    for that many picks of `pick` (its `remaining` unused)."""

    player: int
    verb: CountVerb
    most: int
    reason: DrawReason = DrawReason.EFFECT
    pick: PickCard | None = None
    least: int = 0  # at least this many (a card's F paid down by a discard: `rules.forced_payment`)


@dataclass(slots=True, unsafe_hash=True)
class AskChoice(Task):
    player: int
    card: CardId
    options: tuple[tuple[Action, ...], ...]


@dataclass(slots=True, unsafe_hash=True)
class AskYesNo(Task):
    """`player` says whether `actions` happen; on a no, `otherwise` happens for `owner` (Classic cards:
    "Your opponent may overturn 5 cards. If he does not, he discards 2 cards")."""

    player: int
    card: CardId
    actions: tuple[Action, ...]
    otherwise: tuple[Action, ...] = ()
    owner: int = -1


@dataclass(slots=True, unsafe_hash=True)
class AskAbility(Task):
    """A start-of-turn ability the Superstar may use (`ability`) or decline (`pass`)."""

    player: int


@dataclass(slots=True, unsafe_hash=True)
class AskArrange(Task):
    player: int
    owner: int
    n: int


@dataclass(slots=True, unsafe_hash=True)
class PreMatch(Task):
    """The Pre-match phase (Classic): `player` plays a Pre-match card from his Backlash deck into his Ring
    area, or passes; `passes` players in a row have passed before him (the second pass ends the phase)."""

    player: int
    passes: int = 0


# The tasks that wait for a move (a set, not a class attribute: mypyc takes every annotated name in a
# dataclass body for a field).
DECISIONS: Final[frozenset[type[Task]]] = frozenset(
    {ReverseWindow, PickCard, AskCount, AskChoice, AskYesNo, AskAbility, AskArrange, PreMatch, PickBlank})

# Shared instances of the tasks every play or turn pushes (tasks are values: sharing one is safe).
# Final: compiled, each is a C static rather than a module dictionary look-up.
RESOLVE: Final = Resolve()
OFFER_REVERSALS: Final = OfferReversals()
FINISH: Final = Finish(None)
HIT: Final = Hit(-1)
END_TURN: Final = EndTurnNow()
START_TURN: Final = (StartTurn(0), StartTurn(1))  # by player
DRAW_SEGMENT: Final = (DrawSegment(0), DrawSegment(1))
