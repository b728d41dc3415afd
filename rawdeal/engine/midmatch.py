"""Mid-match cards (Classic rules, "Mid-match Cards"): maneuvers and actions played from the Backlash deck.

They are not drawn: in his main segment a player may play a Mid-match card from his Backlash deck as he
would from his hand (the same `play "X"` move, the same requirements and F), and it then acts as a normal
card of its type: the opponent may reverse it from his hand, it goes to the Ring area when successful. A
player has at most `MOST_IN_RING` Mid-match cards in his Ring area, more or fewer as the cards there say
(`fx.RingLimit`). Not modelled: reversing from the Backlash deck (a Mid-match card is never played as a
reversal here, and "cannot be reversed from your opponent's Backlash deck" always holds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rawdeal.cards.model import Trait
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.cardinfo import Catalog
from rawdeal.engine.words import CardId

if TYPE_CHECKING:
    from rawdeal.engine.game import Game

MOST_IN_RING: Final = 5
MID_MATCH: Final = fx.CardFilter(trait=Trait.MID_MATCH)


def most_in_ring(game: Game, p: int, kind: Trait, most: int) -> int:
    """How many cards of `kind` p may have in his Ring area: `most`, changed by the `RingLimit`s of the
    cards there ("... is increased by 2")."""
    limits = _ring_limits(game.cat)
    if not limits:
        return most
    for card in game.s.players[p].ring:
        for limit in limits.get(card, ()):
            if limit.kind is kind:
                game._note(card, limit)
                most += limit.amount
    return most


_LIMITS: dict[int, tuple[Catalog, dict[CardId, tuple[fx.RingLimit, ...]]]] = {}


def _ring_limits(cat: Catalog) -> dict[CardId, tuple[fx.RingLimit, ...]]:
    """The `RingLimit`s of the catalog's cards that have any, found once per catalog (a main decision asks)."""
    known = _LIMITS.get(id(cat))
    if known is None or known[0] is not cat:
        known = _LIMITS[id(cat)] = (cat, {i: info.effect.of(fx.RingLimit) for i, info in enumerate(cat.infos)
                                          if info.effect.of(fx.RingLimit)})
    return known[1]


def playable(game: Game, p: int) -> list[CardId]:
    """p's Mid-match cards in his Backlash deck (each once) while his Ring area has room for one; which of
    them he may play now, and as what, is the rules' (`rules.play_moves`)."""
    s = game.s
    mid = game.cat.passing(MID_MATCH)
    cards = [c for c in R.distinct(s.players[p].backlash) if c in mid]
    if not cards or sum(1 for c in s.players[p].ring if c in mid) >= most_in_ring(game, p, Trait.MID_MATCH, MOST_IN_RING):
        return []
    return cards


def fetch(game: Game, p: int, card: CardId) -> None:
    """A Mid-match card about to be played: taken from the Backlash deck to where plays start (the end of
    the hand, which the play leaves at once)."""
    pl = game.s.players[p]
    pl.backlash.remove(card)
    pl.hand.append(card)
