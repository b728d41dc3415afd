"""What a player may know: sample a full game consistent with what he has seen (for search players).

A player sees his own hand, both Ring areas and Ringside piles, the card in play and the sizes of
every zone. He does not see the opponent's hand or the order of either Arsenal (the deck lists are
public: the cards he cannot see are exactly the opponent's hand and Arsenal together, and his own
Arsenal). A sample deals those unseen cards again at random, keeps every zone's size, keeps a zone
the pending decision shows him (a pick from it, the top cards he arranges) and draws a new shuffle
generator, so a search never learns the real hidden cards from the real game. What the player has
inferred (cards the opponent cannot hold: `could_reverse`) keeps those cards out of his hand.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from rawdeal.bots.memory import Memory
from rawdeal.cards import CardType
from rawdeal.engine.cardinfo import Catalog
from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move, Play
from rawdeal.engine.state import PlayerState


@dataclass(frozen=True, slots=True)
class Unlikely:
    """Cards the opponent would probably have played rather than kept in his hand, and the chance
    that a hand holds such a card all the same (a soft inference: 1 is none, 0 would be certainty)."""

    cards: frozenset[int] = frozenset()
    kept: float = 1.0


NOTHING_UNLIKELY = Unlikely()


def sample(game: Game, observer: int, rnd: random.Random, absent: frozenset[int] = frozenset(),
           memory: Memory = Memory(), faded: tuple[frozenset[int], int] = (frozenset(), 0),
           unlikely: Unlikely = NOTHING_UNLIKELY) -> Game:
    """A copy of `game` whose hidden cards (for `observer`) are dealt again from `rnd`; `absent`:
    cards the observer has inferred are not in the opponent's hand (they are dealt to his Arsenal);
    `memory`: cards he knows are in the opponent's hand, and known tops of Arsenals, kept there;
    `faded`: cards none of which are among the first n cards of the opponent's hand (an older inference);
    `unlikely`: cards the opponent would probably not have kept, and the chance that he did (`kept`)."""
    world = game.copy()
    world.listen = False  # nobody reads a simulation's events: they are not even built
    s = world.s
    shown = _shown(world, observer)
    opponent = s.players[1 - observer]
    if (1 - observer, "hand") not in shown and (1 - observer, "arsenal") not in shown:
        _deal(rnd, opponent, absent, memory.in_hand, memory.tops[1 - observer], faded, unlikely)
    elif (1 - observer, "arsenal") not in shown:
        _shuffle(rnd, opponent.arsenal)
    own = s.players[observer].arsenal
    if (observer, "arsenal") not in shown:
        fixed = shown.get((observer, "top"), 0)
        known = memory.tops[observer]
        if len(known) > fixed and _within(known, own) and tuple(own[len(own) - fixed:]) == known[len(known) - fixed:]:
            fixed = len(known)  # (it agrees with the top cards the decision shows, if any)
            _put_below(own, known)  # the others sorted below (shuffled next): their real order does not leak
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


def _within(part: tuple[int, ...], cards: list[int]) -> bool:
    """Whether the multiset `part` is contained in `cards` (a memory still consistent with them)."""
    return not Counter(part) - Counter(cards)


def _put_below(cards: list[int], top: tuple[int, ...]) -> None:
    """`cards` as the rest of them, sorted, then `top` (top last)."""
    rest = Counter(cards) - Counter(top)
    cards[:] = sorted(rest.elements()) + list(top)


def _deal(rnd: random.Random, pl: PlayerState, absent: frozenset[int], in_hand: tuple[int, ...] = (),
          top: tuple[int, ...] = (), faded: tuple[frozenset[int], int] = (frozenset(), 0),
          unlikely: Unlikely = NOTHING_UNLIKELY) -> None:
    """Shuffle hand and Arsenal together and deal them back at their sizes: the hand gets the cards
    known to be in it, then the first cards of the shuffle that are not `absent` (a uniform hand
    among those consistent with it), unless too few are left (the inference was wrong: then any
    card); the Arsenal gets the others, with its known top cards on top. A memory the cards do not
    bear out (it went stale) is dropped."""
    pool = sorted(pl.hand + pl.arsenal)  # sorted: the real order must not leak into the sample
    n = len(pl.hand)
    if len(in_hand) > n or not _within(in_hand, pool):
        in_hand = ()
    if len(top) > len(pl.arsenal) or not _within(in_hand + top, pool):
        top = ()
    if in_hand or top:
        pool = sorted((Counter(pool) - Counter(in_hand) - Counter(top)).elements())
    rnd.shuffle(pool)
    if unlikely.cards:
        pool = _thinned(rnd, pool, unlikely)
    hand: list[int] = list(in_hand)
    cards, old = faded
    old = min(old, n - len(hand))
    if cards and old and sum(c not in absent and c not in cards for c in pool) >= n - len(hand):
        kept = [c for c in pool if c not in absent and c not in cards][:old]  # the cards he kept since
        hand += kept
        for c in kept:
            pool.remove(c)
    want = n - len(hand)
    if absent and sum(c not in absent for c in pool) >= want:
        arsenal: list[int] = []
        for c in pool:  # the hand: the first allowed cards; the Arsenal: the others, in order
            (hand if len(hand) < n and c not in absent else arsenal).append(c)
    else:
        hand += pool[:want]
        arsenal = pool[want:]
    pl.hand[:], pl.arsenal[:] = hand, arsenal + list(top)


def _thinned(rnd: random.Random, pool: list[int], unlikely: Unlikely) -> list[int]:
    """`pool` (shuffled) reordered so that an unlikely card comes early, where the hand is dealt
    from, only with the chance `unlikely.kept`; the others keep their order: a hand drawn from the
    front is then a draw from the likelier hands (sizes and the cards' multiset unchanged)."""
    early: list[int] = []
    late: list[int] = []
    for c in pool:
        (late if c in unlikely.cards and rnd.random() >= unlikely.kept else early).append(c)
    return early + late


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


def could_reverse(game: Game, move: Move, observer: int) -> frozenset[int]:
    """The cards the opponent might hold that could reverse `move` (the observer's play, about to
    be made) from his hand. Worked out on a copy whose opponent holds every card he might hold
    (sorted: only what the observer may know decides it); if the play then goes through, he held
    none of them."""
    if not isinstance(move, Play):
        return frozenset()
    world = game.copy()
    opponent = world.s.players[1 - observer]
    opponent.hand[:] = sorted(opponent.hand + opponent.arsenal)
    world.forget_decision()
    world.listen = False
    world.apply(move)
    top = world.s.tasks[-1] if world.s.tasks else None
    if isinstance(top, T.ReverseWindow) and top.defender == 1 - observer:
        return frozenset(top.options)
    return frozenset()


_PLAIN: dict[int, tuple[Catalog, tuple[tuple[int, int], ...]]] = {}


def playable_maneuvers(cat: Catalog, fortitude: int) -> frozenset[int]:
    """The maneuvers that reverse nothing, deal damage and cost at most `fortitude` (the cards a
    player who plays what pays would not keep in hand)."""
    key = id(cat)
    if key not in _PLAIN:  # kept with its catalog, so the id cannot be reused
        _PLAIN[key] = (cat, tuple((i.id, i.card.fortitude) for i in cat.infos
                                  if i.is_(CardType.MANEUVER) and not i.reverses and i.card.printed_damage > 0))
    return frozenset(c for c, cost in _PLAIN[key][1] if cost <= fortitude)
