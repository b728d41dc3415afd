"""Legality of one move, checked directly: what replaying a move file needs at each line.

A decision lists every legal move with its title and prompt; a driver that already holds the move
(a move file, a transcript) only needs to know whether that one move is legal. For the main
decision (the most frequent one) these functions answer without building the decision; any other
decision is built as usual. The answers are exactly those of `Game.decision()`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rawdeal.effects.model import Zone
from rawdeal.engine import moves as mv
from rawdeal.engine import rules as R
from rawdeal.engine.members import END, SURRENDER

if TYPE_CHECKING:
    from rawdeal.engine.game import Game


def decider(game: Game) -> int | None:
    """The player whose decision is pending (None: the game is over)."""
    s = game.s
    if s.winner is not None:
        return None
    if not s.tasks:
        return s.current
    d = game.decision()
    return d.player if d is not None else None


def main_move(game: Game, move: mv.Move) -> mv.Move | None:
    """`move` as the pending main decision accepts it (a `play` without a type gets the one type the
    card can be played as), or None: not a main decision, or not a legal move in it (the caller then
    asks the decision, which says why)."""
    s, cat = game.s, game.cat
    if s.winner is not None or s.tasks:
        return None
    if move is END or move is SURRENDER or type(move) in (mv.EndTurn, mv.Surrender):
        return move
    if type(move) is mv.UseAbility:
        return move if R.ability_usable(cat, s, s.current) else None
    if type(move) is not mv.Play:
        return None
    assert isinstance(move, mv.Play)
    if move.source is not Zone.HAND:
        return None  # rare (Classic: a card played from the Ringside pile): the decision says
    card = cat.index.get(move.title)
    if card is None:
        return None
    types = [t for _, t in R.card_playable(cat, s, s.current, card)]
    if move.as_type is None:  # the one type it can be played as (as `Game.apply` completes it: copy 1)
        return mv.Play(move.title, types[0]) if len(types) == 1 else None
    if move.as_type not in types:
        return None
    return move if move.copy == 1 or s.players[s.current].hand.count(card) >= move.copy else None
