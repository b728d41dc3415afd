"""Meaning checks for saves: what the schema cannot say. Each error names the exact JSON path.

A save that passes the schema can still describe a game that cannot happen (a card twice, a player 2,
a winner without a way of winning, a decision about a card nobody holds). Loading one would play a
wrong game silently, so `check_game` rejects it, saying what to fix.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rawdeal.cards import CardType
from rawdeal.decks import Deck, DeckLine, Rule, check_deck
from rawdeal.effects.model import Zone
from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.invariants import WINS, card_lists
from rawdeal.errors import SaveError

_EXACT = 2**53  # floats beyond this are no longer exact integers
_COPY_RULES = (Rule.COPIES, Rule.UNIQUE)
_PLAY_TASKS = (T.Resolve, T.Hit, T.Finish, T.ReverseWindow, T.OfferReversals)
_MOST_DELAYED = 120  # a delayed effect is one card's, and a game holds 120 cards


def whole_numbers(raw: Any, source: str, path: str = "$") -> Any:
    """JSON numbers written as 2.0 are the integer 2; any other fraction, or a number too large to
    be exact (orjson reads integers past 64 bits as floats), is an error at its path."""
    if isinstance(raw, float):
        if raw.is_integer() and abs(raw) <= _EXACT:
            return int(raw)
        raise SaveError(source, path, f"{raw:g} is not a whole number in range (at most 2^64 - 1)")
    if isinstance(raw, list):
        return [whole_numbers(v, source, f"{path}[{i}]") for i, v in enumerate(raw)]
    if isinstance(raw, dict):
        return {k: whole_numbers(v, source, f"{path}.{k}") for k, v in raw.items()}
    return raw


def check_game(game: Game, raw: dict[str, Any], source: str) -> None:
    """Reject a loaded game whose state cannot occur; `raw` is the save as read (for paths)."""

    def fail(path: str, message: str) -> None:
        raise SaveError(source, path, message)

    s = game.s
    _check_decks(game, fail)
    if s.winner is not None:
        ways = (*WINS, *sorted(game.cat.win_ways))  # and the ways the catalog's cards win by ("via Pinfall victory")
        if s.how not in ways:
            fail("$.how", f"a finished game needs a known way of winning: one of {', '.join(ways)}"
                          f" (found {s.how!r})")
        if s.tasks:
            fail("$.tasks", "a finished game has no work left: use []")
        return
    if s.how:
        fail("$.how", f"{s.how!r} without a winner: set $.winner or use \"\"")
    _check_plays(game, fail)
    _check_tasks(game, "tasks" in raw, fail)
    try:
        if not s.tasks or type(s.tasks[-1]) in T.DECISIONS:  # otherwise `resume` runs the engine up to one
            game.decision()
    except (LookupError, ValueError, TypeError, AssertionError) as exc:
        fail("$.tasks", f"the pending decision does not fit the state ({type(exc).__name__}: {exc})")


def _check_decks(game: Game, fail: Any) -> None:
    """Each player's cards, wherever they are (the card in play included), make a legal deck: his
    60 cards, each exactly once. A constructed position (`"constructed": true`) is held only to the
    copy limits."""
    s, cat = game.s, game.cat
    for i, cards in enumerate(card_lists(s)):
        deck = Deck("", s.players[i].superstar, tuple(DeckLine(cat.titles[c], 0) for c in cards))
        found = check_deck(deck, cat.db) if cat.pool == "course" else _classic_problems(deck)
        problems = [v for v in found if not s.constructed or v.rule in _COPY_RULES]
        if problems:
            listed = "; ".join(f"{v.rule}: {v.message}" for v in problems)
            fail(f"$.players[{i}]", f"across arsenal, hand, ring, ringside, removed and backlash (and the card in play), the"
                                    f" cards are not a legal deck: {listed}"
                                    + ("" if s.constructed else " (a made-up position may say \"constructed\": true)"))


def _check_plays(game: Game, fail: Any) -> None:
    """A card is only ever played as one of its own types (a plain maneuver never as an action or a
    reversal), and a reversal is in play only once it has reversed: it is then in its player's Ring area."""
    s = game.s
    for i, last in enumerate(s.last):
        if last is not None and last.as_type not in game.cat.infos[last.card].card.types:
            fail(f"$.last[{i}].as_type", _not_its_type(game, last.card, last.as_type))
    play = s.playing
    if play is None:
        return
    if play.as_type not in game.cat.infos[play.card].card.types:
        fail("$.playing.as_type", _not_its_type(game, play.card, play.as_type))
    if play.as_type is CardType.REVERSAL and play.card not in s.players[play.player].ring:
        fail("$.playing", f"a reversal is in play only once it has reversed a card from a reversal window, and"
                          f" it then lies in its player's Ring area: {game.title(play.card)!r} is not in"
                          f" {game.name(play.player)}'s")


def _not_its_type(game: Game, card: int, as_type: CardType) -> str:
    types = ", ".join(t.value for t in game.cat.infos[card].card.types)
    return f"{game.title(card)!r} cannot be played as {as_type.value}: it is {types}"


def _classic_problems(deck: Deck) -> tuple[Any, ...]:
    """The Classic deck rules (`rawdeal.decks.classic`) for a Classic game's player."""
    from rawdeal.cards.pool.load import classic_pool
    from rawdeal.decks.classic import ClassicPool, check_classic_deck
    from rawdeal.effects.classic.packing import packing_rule

    return check_classic_deck(deck, ClassicPool(classic_pool()), packing_rule)


def _check_tasks(game: Game, stored: bool, fail: Any) -> None:
    s = game.s
    where = "$.tasks" if stored else "$.to_move"
    if len(s.delayed) > _MOST_DELAYED:
        fail("$.delayed", f"{len(s.delayed)} delayed effects: a game of 120 cards has at most {_MOST_DELAYED}")
    _check_turn_starts(s.tasks, s.current, where, fail)
    top = s.tasks[-1] if s.tasks else None
    if isinstance(top, T.StartTurn):
        for p, pl in enumerate(s.players):
            if not pl.arsenal:
                fail(f"$.players[{p}].arsenal", f"empty where {pl.superstar}'s turn must start: the game"
                     " ended by count-out at the end of the last turn (set $.winner and $.how)")
    _check_play_tasks(s.tasks, where, fail)
    for k, task in enumerate(s.tasks):
        at = f"{where}[{k}]"
        if isinstance(task, _PLAY_TASKS) and s.playing is None:
            fail(at, f"{type(task).__name__} needs the card in play: $.playing is null")
        if isinstance(task, T.ApplyHold) and s.hold is None:
            fail(at, "ApplyHold needs a held Submission: $.hold is null")
        if isinstance(task, T.ReverseWindow):
            _check_window(game, task, at, fail)
        if isinstance(task, T.AskArrange):
            size = len(s.players[task.owner].arsenal)
            if not 1 <= task.n <= size:
                fail(f"{at}.n", f"arranges {task.n} cards of an Arsenal of {size}: 1 to the Arsenal's size")


def _check_turn_starts(tasks: Sequence[object], current: int, where: str, fail: Any) -> None:
    """A turn start is only ever the bottom task (the turn before has ended), for the player to move."""
    for k, task in enumerate(tasks):
        if isinstance(task, T.StartTurn):
            if k:
                fail(f"{where}[{k}]", "a StartTurn is only ever the first task (one turn starts at a time)")
            if task.player != current:
                fail(f"{where}[{k}].player", f"the turn that starts is the player to move's ($.to_move is {current})")


def _check_play_tasks(tasks: Sequence[object], where: str, fail: Any) -> None:
    """The tasks of one play come in the order the engine makes them: a card in play either waits to
    resolve (Resolve) or is finishing (Finish, with its Hit directly above); a reversal window is
    always the pending decision."""
    kinds = [type(t) for t in tasks]
    if kinds.count(T.Resolve) + kinds.count(T.Finish) > 1:
        fail(where, "more than one play in progress (Resolve/Finish): one card is played at a time")
    for k, kind in enumerate(kinds):
        if kind is T.Hit and (k == 0 or kinds[k - 1] is not T.Finish):
            fail(f"{where}[{k}]", "a Hit belongs directly above the Finish of its play")
        if kind is T.ReverseWindow and k != len(kinds) - 1:
            fail(f"{where}[{k}]", "a reversal window is always the pending decision (the last task)")


def _check_window(game: Game, task: T.ReverseWindow, at: str, fail: Any) -> None:
    s = game.s
    assert s.playing is not None
    if task.defender != 1 - s.playing.player:
        fail(f"{at}.defender", f"the defender is the opponent of the player of the card in play ({1 - s.playing.player})")
    for j, card in enumerate(task.from_ringside):
        if card not in s.players[task.defender].ringside or not game.cat.infos[card].reverses:
            fail(f"{at}.from_ringside[{j}]", f"{game.title(card)!r} is no reversal in {game.name(task.defender)}'s"
                                             " Ringside pile")
    if not task.options and not task.used and not task.backstage and not task.from_ringside and not task.held:
        fail(f"{at}.options", "a reversal window offers at least one reversal (the engine opens none otherwise)")
    if len(task.used) != len(task.used_from):
        fail(f"{at}.used_from", "names the zone of each card of used, one for one")
    for j, (card, zone) in enumerate(zip(task.used, task.used_from)):
        if zone not in (Zone.RING, Zone.RINGSIDE) or card not in s.players[task.defender].zone(zone):
            fail(f"{at}.used[{j}]", f"{game.title(card)!r} is not in {game.name(task.defender)}'s {zone}")
    if len(task.held) != len(task.holders):
        fail(f"{at}.holders", "one holder for each held card offered")
    for j, (card, holder) in enumerate(zip(task.held, task.holders)):
        if card not in s.held(task.defender, holder):
            fail(f"{at}.held[{j}]", f"{game.title(card)!r} is not held under {game.name(task.defender)}'s"
                                   f" {game.title(holder)!r}")
    hand = Counter(s.players[task.defender].hand)
    offered: Counter[int] = Counter()
    for j, card in enumerate(task.options):
        offered[card] += 1
        if not hand[card]:
            fail(f"{at}.options[{j}]", f"{game.title(card)!r} is not in {game.name(task.defender)}'s hand")
        if offered[card] > hand[card]:
            fail(f"{at}.options[{j}]", f"{game.title(card)!r} is offered more times than"
                                      f" {game.name(task.defender)}'s hand holds it ({hand[card]})")
        if not game.cat.infos[card].reverses:
            fail(f"{at}.options[{j}]", f"{game.title(card)!r} is not a reversal")
