"""A player's Superstar stats as the cards in play change them: Starting Hand Size, Superstar Value, and how
many Pre-match and Mid-match cards his Ring area may hold.

The printed numbers are the Superstar card's; the stat lines of the cards in either Ring area
(`fx.SuperstarStat`, `fx.RingRoom`: "Your Starting Hand Size is +2", "your opponent's Superstar Value is -3")
and of both Superstars' abilities change them. The course's cards print none, so a course game reads the
printed numbers only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rawdeal.effects import model as fx
from rawdeal.engine.cardinfo import Catalog
from rawdeal.engine.rules import ability, holds, ring_texts
from rawdeal.engine.state import GameState

RING_ROOM = 5  # the rules: at most 5 Pre-match and 5 Mid-match cards in a Ring area

Note = Callable[[int, object], None]  # told of each (card, stat line) a number used: the game's tracer


def _lines(cat: Catalog, s: GameState, p: int, wanted: Callable[[fx.StatLine], bool]) -> Iterator[tuple[fx.StatLine, int]]:
    """The `wanted` stat lines that hold for player p now, from both Ring areas and both abilities (card -1).
    Only those are tested: a Hand Size line's condition may ask the Superstar Value, which reads the lines."""
    if not _any_lines(cat, s):
        return  # the usual case, asked on every main decision with a Mid-match card in a Backlash deck
    for q in (0, 1):
        mine = fx.Who.YOU if q == p else fx.Who.OPPONENT
        printed: list[tuple[fx.StatLine, int]] = [(line, -1) for line in ability(cat, s, q).stat_lines]
        for card in ring_texts(s, q):
            for clause in cat.stat_lines[card]:
                printed.append((clause, card))
        for line, card in printed:
            if line.who is mine and wanted(line) and (line.condition is None or holds(cat, s, q, line.condition, card, None)):
                yield line, card


def _any_lines(cat: Catalog, s: GameState) -> bool:
    """Whether either Ring area holds a card with a stat line, or either Superstar's ability has one."""
    for pl in s.players:
        ability = cat.abilities.get(pl.superstar)
        if (ability is not None and ability.stat_lines) or not cat.stat_cards.isdisjoint(pl.ring):
            return True
    return False


def _sum(lines: Iterator[tuple[fx.StatLine, int]], note: Note | None) -> int:
    total = 0
    for line, card in lines:
        total += line.amount
        if note is not None and card >= 0:
            note(card, line)
    return total


def _stat(cat: Catalog, s: GameState, p: int, stat: fx.StarStat, note: Note | None = None) -> int:
    return _sum(_lines(cat, s, p, lambda line: isinstance(line, fx.SuperstarStat) and line.stat is stat), note)


def hand_size(cat: Catalog, s: GameState, p: int, note: Note | None = None) -> int:
    """The cards player p draws for his opening hand (never fewer than none)."""
    return max(0, cat.superstar(s.players[p].superstar).hand_size + _stat(cat, s, p, fx.StarStat.HAND_SIZE, note))


def superstar_value(cat: Catalog, s: GameState, p: int) -> int:
    """Player p's Superstar Value now: who goes first, what "equal to your Superstar Value" counts."""
    return max(0, cat.superstar(s.players[p].superstar).value + _stat(cat, s, p, fx.StarStat.SUPERSTAR_VALUE))


def ring_room(cat: Catalog, s: GameState, p: int, kind: fx.RingKind, note: Note | None = None) -> int:
    """How many cards of `kind` (Pre-match or Mid-match) player p may have in his Ring area now: what the
    Pre-match phase (`engine.prematch`) and Mid-match plays (`engine.midmatch`) allow."""
    if not _any_lines(cat, s):
        return RING_ROOM  # no line to sum (asked before any generator is made: the usual case)
    change = _sum(_lines(cat, s, p, lambda line: isinstance(line, fx.RingRoom) and kind in line.kinds), note)
    return max(0, RING_ROOM + change)
