"""Mid-match cards (Classic rules, "Mid-match Cards"): maneuvers and actions played from the Backlash deck.

They are not drawn: in his main segment a player may play a Mid-match card from his Backlash deck as he
would from his hand (the same `play "X"` move, the same requirements and F), and it then acts as a normal
card of its type: the opponent may reverse it from his hand, it goes to the Ring area when successful. A
player has at most 5 Mid-match cards in his Ring area, more or fewer as the cards in either Ring area say
(`fx.RingRoom`, read through `standing.ring_room`). Not modelled: reversing from the Backlash deck (a Mid-match card is never played as a
reversal here, and "cannot be reversed from your opponent's Backlash deck" always holds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rawdeal.cards.model import Trait
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine import standing
from rawdeal.engine.words import CardId

if TYPE_CHECKING:
    from rawdeal.engine.game import Game

MID_MATCH: Final = fx.CardFilter(trait=Trait.MID_MATCH)


def most_in_ring(game: Game, p: int, kind: fx.RingKind) -> int:
    """How many cards of `kind` p may have in his Ring area now: the rules' 5, changed by the `RingRoom`s
    that hold (`standing.ring_room`: "... is increased by 2", his opponent's "... reduced by 3"); the
    cards whose lines counted are noted as exercised."""
    return standing.ring_room(game.cat, game.s, p, kind, game._note)


def playable(game: Game, p: int) -> list[CardId]:
    """p's Mid-match cards in his Backlash deck (each once) while his Ring area has room for one; which of
    them he may play now, and as what, is the rules' (`rules.play_moves`)."""
    s = game.s
    mid = game.cat.passing(MID_MATCH)
    cards = [c for c in R.distinct(s.players[p].backlash) if c in mid]
    if not cards or sum(1 for c in s.players[p].ring if c in mid) >= most_in_ring(game, p, fx.RingKind.MID_MATCH):
        return []
    return cards


def fetch(game: Game, p: int, card: CardId) -> None:
    """A Mid-match card about to be played: taken from the Backlash deck to where plays start (the end of
    the hand, which the play leaves at once)."""
    pl = game.s.players[p]
    pl.backlash.remove(card)
    pl.hand.append(card)
