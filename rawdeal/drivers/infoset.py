"""What a player may know: sample a full game consistent with what he has seen (for search players).

A player sees his own hand, both Ring areas and Ringside piles, the card in play and the sizes of
every zone. He does not see the opponent's hand or the order of either Arsenal (the deck lists are
public: the cards he cannot see are exactly the opponent's hand and Arsenal together, and his own
Arsenal). A sample deals those unseen cards again at random, keeps every zone's size, keeps a zone
the pending decision shows him (a pick from it, the top cards he arranges) and draws a new shuffle
generator, so a search never learns the real hidden cards from the real game.
"""

from __future__ import annotations

import random

from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.state import PlayerState


def sample(game: Game, observer: int, rnd: random.Random) -> Game:
    """A copy of `game` whose hidden cards (for `observer`) are dealt again from `rnd`."""
    world = game.copy()
    s = world.s
    shown = _shown(world, observer)
    opponent = s.players[1 - observer]
    if (1 - observer, "hand") not in shown and (1 - observer, "arsenal") not in shown:
        _deal(rnd, opponent)
    elif (1 - observer, "arsenal") not in shown:
        _shuffle(rnd, opponent.arsenal)
    own = s.players[observer].arsenal
    if (observer, "arsenal") not in shown:
        fixed = shown.get((observer, "top"), 0)
        below = own[: len(own) - fixed]
        _shuffle(rnd, below)
        own[: len(below)] = below
    s.rng = rnd.getrandbits(64)
    world.forget_decision()
    return world


def _shuffle(rnd: random.Random, cards: list[int]) -> None:
    """A random order that does not depend on the real one."""
    cards.sort()
    rnd.shuffle(cards)


def _deal(rnd: random.Random, pl: PlayerState) -> None:
    """Shuffle hand and Arsenal together and deal them back at their sizes."""
    pool = sorted(pl.hand + pl.arsenal)  # sorted: the real order must not leak into the sample
    rnd.shuffle(pool)
    pl.hand[:] = pool[: len(pl.hand)]
    pl.arsenal[:] = pool[len(pl.hand):]


def _shown(game: Game, observer: int) -> dict[tuple[int, str], int]:
    """Zones whose contents the observer sees now ((player, zone) -> 1; (player, "top") -> n cards)."""
    out: dict[tuple[int, str], int] = {}
    for task in game.s.tasks:
        if isinstance(task, T.ReverseWindow):
            out[task.defender, "hand"] = 1  # the options name his hand's cards: keep them there
    top = game.s.tasks[-1] if game.s.tasks else None
    if isinstance(top, T.PickCard) and top.chooser == observer:
        out[top.owner, top.zone] = 1
    elif isinstance(top, T.AskArrange) and top.player == observer:
        if top.owner == observer:
            out[observer, "top"] = top.n
        else:
            out[top.owner, "arsenal"] = 1
    return out
