"""Facts every reachable game state obeys: what save validation and the random-game checks share."""

from __future__ import annotations

from rawdeal.engine.state import GameState
from rawdeal.engine.tasks import OfferReversals, Resolve

# The ways a game ends (`GameState.how` once there is a winner).
WINS = ("pin", "count-out", "surrender", "collateral", "disqualification")


def in_flight(s: GameState) -> int | None:
    """The card being played while it is in no zone (played, its "when played" effects or reversal window
    pending, not yet resolved or reversed), else None.
    A Submission held by Maintain Hold stays in the Ring area, so it is never in flight."""
    play = s.playing
    if play is None or play.held or not any(type(t) is Resolve or type(t) is OfferReversals for t in s.tasks):
        return None
    return play.card


def card_lists(s: GameState) -> list[list[int]]:
    """Each player's cards, sorted: his zones (the cards removed from the game, his Backlash deck and the cards held
    under his cards too) plus the card he has in flight."""
    flight = in_flight(s)
    out = []
    for p, pl in enumerate(s.players):
        cards = pl.arsenal + pl.hand + pl.ring + pl.ringside + pl.removed + pl.backlash
        cards += [c for (o, _), held in s.under.items() if o == p for c in held]
        if flight is not None and s.playing is not None and s.playing.player == p:
            cards.append(flight)
        cards.sort()
        out.append(cards)
    return out
