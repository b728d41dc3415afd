"""The Backlash deck in card texts: discards from it and the whole of it thrown away.

A Backlash deck (Classic rules) holds a player's Pre-match and Mid-match cards apart from his Arsenal;
"discarding" from it puts its cards into his Ringside pile, as a discard from the hand does, but it is a
move between two of his zones (`fx.MoveCards`), not a discard from the hand (`fx.Discard`): effects that
react to discards from the hand (Ego Boost) do not hear it.
"""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering.nodes import Unsupported, _Desc, _filter


def backlash_discard(who: fx.Who, owner: fx.Who, d: _Desc | None, random: bool) -> list[fx.Action]:
    """"Your opponent randomly discards 2 cards from his Backlash deck", "discard up to # cards from your
    Backlash deck": `who` discards from the Backlash deck of `owner` (said relative to the card's owner)."""
    if d is None:
        raise Unsupported("a discard from the Backlash deck of no cards")
    mover = owner if who is fx.Who.YOU else who
    return [fx.MoveCards(mover, d.count, fx.Zone.BACKLASH, fx.Zone.RINGSIDE, chooser=mover, filter=_filter(d),
                         random=random)]


def whole_backlash(who: fx.Who, owner: fx.Who) -> list[fx.Action]:
    """"Your opponent discards his Backlash deck", "all players discard their Backlash deck"."""
    if who is fx.Who.ALL:
        return [*whole_backlash(fx.Who.YOU, fx.Who.YOU), *whole_backlash(fx.Who.OPPONENT, fx.Who.OPPONENT)]
    mover = owner if who is fx.Who.YOU else who
    return [fx.MoveCards(mover, fx.ALL, fx.Zone.BACKLASH, fx.Zone.RINGSIDE, chooser=mover)]
