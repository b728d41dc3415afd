"""What a player remembers of the hidden cards between his decisions, for sampling worlds consistent
with everything he has seen (`infoset.sample(memory=...)`), not only with what the table shows now.

He remembers three things, each learnt from what he saw and dropped as soon as it may be stale:
- cards seen in the opponent's hand: all of it when an effect showed it to him (a pick from his
  hand), and the cards that left the opponent's Ring area or Ringside pile while his hand grew and
  his Arsenal did not (taken back into his hand, in the open);
- a card that later comes into the opponent's Ring area or Ringside pile leaves that list (it may
  have come from his hand: knowing too little is safe, knowing wrong is not);
- the top cards of either Arsenal once he arranged them (he was shown them and chose their order),
  dropped one by one as that Arsenal shrinks (a draw or damage takes its top card) and all at once
  when it grows (a shuffle back in).
Only the sizes of zones and the public zones are read from the real game, plus what the pending
decision shows; `tests/test_bots.py` checks that the hidden order never leaks in.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Arrange, Move


@dataclass(frozen=True, slots=True)
class Memory:
    in_hand: tuple[int, ...] = ()  # cards known to be in the opponent's hand (a multiset, sorted)
    tops: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # the known top cards of each seat's Arsenal, top last
    public: tuple[int, ...] = ()  # the opponent's Ring area and Ringside pile when last seen (sorted)
    hand: int = -1  # the opponent's hand size when last seen
    arsenals: tuple[int, int] = (-1, -1)  # each seat's Arsenal size when last seen


def remember(memory: Memory, game: Game, observer: int) -> Memory:
    """`memory` brought up to date with what `observer` sees at his decision in `game` now."""
    s = game.s
    opp = s.players[1 - observer]
    public = Counter(opp.ring) + Counter(opp.ringside)
    before = Counter(memory.public)
    came, went = public - before, before - public
    in_hand = Counter(memory.in_hand) - came
    grew = len(opp.hand) - memory.hand
    if memory.hand >= 0 and went and len(opp.arsenal) <= memory.arsenals[1 - observer] and grew >= sum(went.values()):
        in_hand += went
    task = s.tasks[-1] if s.tasks else None
    if isinstance(task, T.PickCard) and task.chooser == observer and task.owner == 1 - observer and task.zone == "hand":
        in_hand = Counter(opp.hand)  # he is shown the whole hand
    sizes = (len(s.players[0].arsenal), len(s.players[1].arsenal))
    tops = tuple(_top(memory.tops[p], memory.arsenals[p], sizes[p]) for p in (0, 1))
    return Memory(tuple(sorted(in_hand.elements())), tops, tuple(sorted(public.elements())),  # type: ignore[arg-type]
                  len(opp.hand), sizes)


def _top(top: tuple[int, ...], before: int, now: int) -> tuple[int, ...]:
    """The known top cards of an Arsenal that went from `before` cards to `now`: a card taken off
    the top for each card fewer; nothing known once it grew (a shuffle)."""
    if before < 0 or now > before:
        return ()
    return top[: max(0, len(top) - (before - now))]


def arranged(memory: Memory, game: Game, observer: int, move: Move) -> Memory:
    """After `observer` arranges the top of an Arsenal with `move`, he knows its order."""
    task = game.s.tasks[-1] if game.s.tasks else None
    if not (isinstance(task, T.AskArrange) and task.player == observer and isinstance(move, Arrange)):
        return memory
    after = game.copy()  # the arranged cards are the ones he was shown: reading them leaks nothing
    after.listen = False
    after.apply(move)
    owner = after.s.players[task.owner].arsenal
    tops = list(memory.tops)
    tops[task.owner] = tuple(owner[len(owner) - task.n:])
    sizes = list(memory.arsenals)
    sizes[task.owner] = len(owner)
    return replace(memory, tops=(tops[0], tops[1]), arsenals=(sizes[0], sizes[1]))
