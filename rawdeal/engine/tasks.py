"""The engine's work stack: small records (values: `record`) of what remains to be done.

A play, an effect or a turn change is broken into tasks pushed on `GameState.tasks` (last = next).
Tasks marked `decision` wait for a move. Because tasks are plain data, a game can be saved and
resumed in the middle of an effect.
"""

from __future__ import annotations

from typing import ClassVar

from rawdeal.effects.model import Action, CardFilter, Position, Zone
from rawdeal.engine.record import record
from rawdeal.engine.words import CardId, CountVerb, DrawReason, PickVerb


@record
class Task:
    decision: ClassVar[bool] = False


# ------------------------------------------------------------------------------------ automatic
@record
class StartTurn(Task):
    player: int


@record
class DrawSegment(Task):
    player: int


@record
class EndTurnNow(Task):
    pass


@record
class Act(Task):
    """Run one effect action for `owner`, coming from `card` (-1: a Superstar ability)."""

    owner: int
    action: Action
    card: CardId


@record
class Resolve(Task):
    """The card in play was not reversed from the hand: it succeeds."""


@record
class Hit(Task):
    """Apply the played maneuver's damage, overturning from `done` + 1; reversals may be revealed."""

    amount: int
    done: int = 0


@record
class Finish(Task):
    """The play is over: remember it as the player's previous card and show the status."""

    dealt: int | None


@record
class ReversalHit(Task):
    """Damage from a reversal (`card`) played from the hand; never reversed."""

    player: int
    amount: int
    card: CardId = -1


@record
class ApplyHold(Task):
    """Maintain Hold: at the start of the holder's main segment the held Submission is applied again."""

    player: int


@record
class Equalize(Task):
    """Comeback!: the player with the higher Fortitude removes cards until it is not higher."""

    owner: int


# ------------------------------------------------------------------------------------ decisions
@record
class ReverseWindow(Task):
    decision: ClassVar[bool] = True
    defender: int
    options: tuple[CardId, ...]


@record
class PickCard(Task):
    """`chooser` names a card of `owner`'s `zone` (matching `filter`), `remaining` times.

    `verb` is "discard" (into the Ringside pile) or "take" (to `dest` at `position`).
    `forced`: the discard was forced by the opponent (Ego Boost may react)."""

    decision: ClassVar[bool] = True
    chooser: int
    owner: int
    zone: Zone
    verb: PickVerb
    remaining: int
    dest: Zone = Zone.RINGSIDE
    position: Position = Position.TOP
    filter: CardFilter = CardFilter()
    forced: bool = False
    by: int = -1  # the player whose effect asked (for filters that read his Fortitude)


@record
class AskCount(Task):
    """How many (0..most): `verb` "draw" draws, "discard" then asks for that many discards."""

    decision: ClassVar[bool] = True
    player: int
    verb: CountVerb
    most: int
    reason: DrawReason = DrawReason.EFFECT


@record
class AskChoice(Task):
    decision: ClassVar[bool] = True
    player: int
    card: CardId
    options: tuple[tuple[Action, ...], ...]


@record
class AskYesNo(Task):
    decision: ClassVar[bool] = True
    player: int
    card: CardId
    actions: tuple[Action, ...]


@record
class AskAbility(Task):
    """A start-of-turn ability the Superstar may use (`ability`) or decline (`pass`)."""

    decision: ClassVar[bool] = True
    player: int


@record
class AskArrange(Task):
    decision: ClassVar[bool] = True
    player: int
    owner: int
    n: int


# Shared instances of the tasks every play or turn pushes (tasks are values: sharing one is safe).
RESOLVE, FINISH, HIT, END_TURN = Resolve(), Finish(None), Hit(-1), EndTurnNow()
START_TURN, DRAW_SEGMENT = (StartTurn(0), StartTurn(1)), (DrawSegment(0), DrawSegment(1))  # by player
