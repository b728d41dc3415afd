"""The board at one step of a game: what the viewer shows, read from the engine's state.

A value of plain titles and numbers (no card ids, no engine objects), so that tests compare it with
the save the engine writes at the same step, and the page encoder needs no engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from rawdeal.effects.render import render_modifier
from rawdeal.engine.game import Game
from rawdeal.engine.state import ActiveModifier
from rawdeal.viewer.game_record import Decision  # the pending decision, as every game's page shows it


@dataclass(frozen=True, slots=True)
class Side:
    """One player's side of the board. The Arsenal's order is hidden: only its size is shown."""

    name: str  # the seat's name in transcripts (the Superstar's, with the seat in a mirror match)
    superstar: str
    fortitude: int
    hand: tuple[str, ...]
    ring: tuple[str, ...]
    ringside: tuple[str, ...]  # bottom to top: the last is the top of the pile
    arsenal: int


@dataclass(frozen=True, slots=True)
class Playing:
    """The card being played right now, and as what."""

    player: int
    title: str
    as_type: str


@dataclass(frozen=True, slots=True)
class Board:
    turn: int
    current: int  # whose turn it is
    sides: tuple[Side, Side]
    playing: Playing | None
    modifiers: tuple[str, ...]  # the modifiers in force, in English, each with its owner and card
    asked: Decision | None  # None once the game is over
    winner: int | None
    how: str


def board(game: Game) -> Board:
    """The board of `game` as it stands (asking for its decision, which the engine computes once)."""
    return Boards(game)()


class Boards:
    """The boards of one game, step after step. A zone that did not change since the last board is
    the same tuple as in it: its titles are not looked up again, nor the Fortitude of a Ring area
    summed again, and the page encoder tells an unchanged zone by identity (long games have Ring
    areas and Ringside piles of hundreds of cards)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.zones: dict[tuple[int, str], tuple[tuple[int, ...], tuple[str, ...]]] = {}
        self.fortitude: dict[int, tuple[tuple[str, ...], int]] = {}

    def __call__(self) -> Board:
        game, s = self.game, self.game.s
        playing = None if s.playing is None else Playing(s.playing.player, game.title(s.playing.card),
                                                         s.playing.as_type.value)
        d = game.decision()
        asked = None if d is None else Decision(d.player, str(d.kind), d.prompt, tuple(str(m) for m in d.moves))
        return Board(s.turn, s.current, (self._side(0), self._side(1)), playing,
                     tuple(_modifier(game, m) for m in s.modifiers), asked, s.winner, s.how)

    def _side(self, p: int) -> Side:
        player = self.game.s.players[p]
        ring = self._zone(p, "ring", player.ring)
        known = self.fortitude.get(p)
        if known is None or known[0] is not ring:
            known = self.fortitude[p] = (ring, self.game.status(p).fortitude)
        return Side(self.game.name(p), player.superstar, known[1], self._zone(p, "hand", player.hand), ring,
                    self._zone(p, "ringside", player.ringside), len(player.arsenal))

    def _zone(self, p: int, name: str, cards: list[int]) -> tuple[str, ...]:
        ids = tuple(cards)
        known = self.zones.get((p, name))
        if known is None or known[0] != ids:
            known = self.zones[(p, name)] = (ids, self.game.titles(ids))
        return known[1]


def _modifier(game: Game, m: ActiveModifier) -> str:
    when = " (from next turn)" if m.waiting else ""
    source = game.title(m.from_card) if m.from_card >= 0 else "Superstar ability"
    return f"{game.name(m.owner)}: {render_modifier(m.modifier)}{when} [{source}]"
